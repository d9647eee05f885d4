import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Select, TextField } from '@fitconnect/shared-ui/forms';
import { EXERCISE_CATEGORIES, EXERCISE_DIFFICULTIES, EXERCISE_EQUIPMENT } from '@fitconnect/contracts/exercises';
import { FilterDisclosure } from '@fitconnect/shared-ui/patterns';
import { ALL, type LibraryState } from '../lib/url';

const Bar = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
`;

const withAll = (label: string, values: readonly string[]) => [
  { value: ALL, label: `All ${label}` },
  ...values.map((v) => ({ value: v, label: v })),
];

export interface TutorialFiltersProps {
  value: LibraryState;
  /** Muscle groups the catalogue names (from the API); the current choice is kept while they load. */
  muscleGroups: readonly string[];
  /** Called with what changed; the page merges it into the latest state it asked for. */
  onChange: (change: Partial<LibraryState>) => void;
}

/** Text search plus the four dropdown filters, each with an All option (SPEC §2 exercise tutorials). */
export function TutorialFilters({ value, muscleGroups, onChange }: TutorialFiltersProps) {
  const [text, setText] = useState(value.q);
  // Follow the URL (back/forward, Clear All Filters).
  useEffect(() => setText(value.q), [value.q]);
  // Search as the user types, without a request per keystroke.
  useEffect(() => {
    if (text.trim() === value.q.trim()) return;
    const t = setTimeout(() => onChange({ q: text, page: 1 }), 250);
    return () => clearTimeout(t);
  }, [text, value, onChange]);

  const set = (key: 'category' | 'muscle' | 'equipment' | 'difficulty') => (e: React.ChangeEvent<HTMLSelectElement>) =>
    onChange({ q: text, [key]: e.target.value, page: 1 });
  const active = [value.category, value.muscle, value.equipment, value.difficulty].filter((v) => v !== ALL).length;
  const muscles = value.muscle !== ALL && !muscleGroups.includes(value.muscle) ? [...muscleGroups, value.muscle] : muscleGroups;
  return (
    <>
      <form role="search" aria-label="Exercises" style={{ marginBottom: 12 }} onSubmit={(e) => {
        e.preventDefault();
        onChange({ q: text, page: 1 });
      }}>
        <TextField
          label="Search exercises"
          type="search"
          placeholder="Name or muscle, e.g. squat, hamstrings"
          value={text}
          maxLength={60}
          onChange={(e) => setText(e.target.value)}
        />
      </form>
      {/* Small screens: the four filters fold behind 'Filters' (the site's one pattern, as trainers' 'Filters and
          sort'), so the first exercise is near the top. */}
      <FilterDisclosure active={active}>
        <Bar role="group" aria-label="Filter exercises">
          <Select label="Category" value={value.category} onChange={set('category')} options={withAll('Categories', EXERCISE_CATEGORIES)} />
          <Select label="Muscle Group" value={value.muscle} onChange={set('muscle')} options={withAll('Muscle Groups', muscles)} />
          <Select label="Equipment" value={value.equipment} onChange={set('equipment')} options={withAll('Equipment', EXERCISE_EQUIPMENT)} />
          <Select label="Difficulty" value={value.difficulty} onChange={set('difficulty')} options={withAll('Levels', EXERCISE_DIFFICULTIES)} />
        </Bar>
      </FilterDisclosure>
    </>
  );
}
