import { useEffect, useRef, useState } from 'react';
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

/** A class, not a style attribute: a server-rendered page's style="" is refused by the CSP (issue 32). */
const SearchForm = styled.form`
  margin-bottom: 12px;
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

type FilterKey = 'category' | 'muscle' | 'equipment' | 'difficulty';
const FILTER_KEYS: readonly FilterKey[] = ['category', 'muscle', 'equipment', 'difficulty'];

/** Text search plus the four dropdown filters, each with an All option (SPEC §2 exercise tutorials). */
export function TutorialFilters({ value, muscleGroups, onChange }: TutorialFiltersProps) {
  const [text, setText] = useState(value.q);
  // Follow the URL (back/forward, Clear All Filters): set while rendering when the URL's search changes (not in
  // an effect, which would also run on the first commit and undo a search taken up from the DOM below).
  const [shownQ, setShownQ] = useState(value.q);
  if (shownQ !== value.q) {
    setShownQ(value.q);
    setText(value.q);
  }

  const searchRef = useRef<HTMLInputElement>(null);
  const category = useRef<HTMLSelectElement>(null);
  const muscle = useRef<HTMLSelectElement>(null);
  const equipment = useRef<HTMLSelectElement>(null);
  const difficulty = useRef<HTMLSelectElement>(null);
  // A server-rendered page (issue 32, docs/ssr.md) shows these controls before its script runs. What the visitor
  // typed or chose meanwhile is in the DOM when React hydrates: React keeps it there but tells no one (React 19
  // replays no change event for it), so the list would not follow and the next choice would drop it. Taken up
  // after the first commit: in an effect (the router's navigate is ignored in a layout effect of the first
  // commit), which React runs before any later render could put a select back to the state. In a page rendered
  // in the browser the controls show the state: nothing differs, nothing happens.
  useEffect(() => {
    const refs = { category, muscle, equipment, difficulty };
    const change: Partial<LibraryState> = {};
    for (const key of FILTER_KEYS) {
      const shown = refs[key].current?.value;
      if (shown !== undefined && shown !== value[key]) change[key] = shown;
    }
    const typed = searchRef.current?.value;
    if (typed !== undefined && typed !== text) {
      setText(typed);
      change.q = typed;
    }
    if (Object.keys(change).length > 0) onChange({ q: text, ...change, page: 1 });
    // The first commit only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
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
      <SearchForm role="search" aria-label="Exercises" onSubmit={(e) => {
        e.preventDefault();
        onChange({ q: text, page: 1 });
      }}>
        <TextField
          label="Search exercises"
          type="search"
          placeholder="Name or muscle, e.g. squat, hamstrings"
          value={text}
          maxLength={60}
          ref={searchRef}
          onChange={(e) => setText(e.target.value)}
        />
      </SearchForm>
      {/* Small screens: the four filters fold behind 'Filters' (the site's one pattern, as trainers' 'Filters and
          sort'), so the first exercise is near the top. */}
      <FilterDisclosure active={active}>
        <Bar role="group" aria-label="Filter exercises">
          <Select ref={category} label="Category" value={value.category} onChange={set('category')} options={withAll('Categories', EXERCISE_CATEGORIES)} />
          <Select ref={muscle} label="Muscle Group" value={value.muscle} onChange={set('muscle')} options={withAll('Muscle Groups', muscles)} />
          <Select ref={equipment} label="Equipment" value={value.equipment} onChange={set('equipment')} options={withAll('Equipment', EXERCISE_EQUIPMENT)} />
          <Select ref={difficulty} label="Difficulty" value={value.difficulty} onChange={set('difficulty')} options={withAll('Levels', EXERCISE_DIFFICULTIES)} />
        </Bar>
      </FilterDisclosure>
    </>
  );
}
