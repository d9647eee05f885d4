import styled from 'styled-components';
import { Select } from '@fitconnect/shared-ui';
import { TUTORIAL_CATEGORIES, TUTORIAL_DIFFICULTIES, TUTORIAL_EQUIPMENT, TUTORIAL_EXERCISES } from '../data/exercises';
import { ALL, muscleGroupOptions, type TutorialFilters as Filters } from '../lib/filter';

const Bar = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const withAll = (label: string, values: readonly string[]) => [
  { value: ALL, label: `All ${label}` },
  ...values.map((v) => ({ value: v, label: v })),
];

const MUSCLES = muscleGroupOptions(TUTORIAL_EXERCISES);

export interface TutorialFiltersProps {
  value: Filters;
  onChange: (next: Filters) => void;
}

/** The four dropdown filters, each with an All option (SPEC §2 exercise tutorials). */
export function TutorialFilters({ value, onChange }: TutorialFiltersProps) {
  const set = (key: keyof Filters) => (e: React.ChangeEvent<HTMLSelectElement>) => onChange({ ...value, [key]: e.target.value });
  return (
    <Bar role="group" aria-label="Filter exercises">
      <Select label="Category" value={value.category} onChange={set('category')} options={withAll('Categories', TUTORIAL_CATEGORIES)} />
      <Select label="Muscle Group" value={value.muscleGroup} onChange={set('muscleGroup')} options={withAll('Muscle Groups', MUSCLES)} />
      <Select label="Equipment" value={value.equipment} onChange={set('equipment')} options={withAll('Equipment', TUTORIAL_EQUIPMENT)} />
      <Select label="Difficulty" value={value.difficulty} onChange={set('difficulty')} options={withAll('Levels', TUTORIAL_DIFFICULTIES)} />
    </Bar>
  );
}
