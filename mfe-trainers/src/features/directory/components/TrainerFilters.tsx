import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@fitconnect/shared-ui';
import { Checkbox, Select, TextField } from '@fitconnect/shared-ui/forms';
import type { TrainerSort } from '@fitconnect/contracts';
import type { DirectoryQuery } from '../lib/query';
import { FilterIcon } from '../../../lib/icons';

const Box = styled.section<{ $open: boolean }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 170px), 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: end;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  /* Small screens: the filters fold away behind a toggle so the results are on the first screen. */
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    display: ${({ $open }) => ($open ? 'grid' : 'none')};
  }
`;

const Toggle = styled(Button)`
  display: none;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    display: inline-flex;
    align-self: flex-start;
  }
`;

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Checks = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: 6px;
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Title = styled.h2`
  position: absolute !important;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
`;

const PRICES = [30, 40, 50, 60, 75, 100];
const RATINGS = [5, 4, 3, 2, 1];

export type FilterChange = Partial<Omit<DirectoryQuery, 'page' | 'location'>>;

export interface TrainerFiltersProps {
  query: DirectoryQuery;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
  canClear: boolean;
  /** A location was searched and resolved (or is still resolving): sorting by distance makes sense. */
  distanceAvailable: boolean;
}

/** In person / online, maximum price, specialty, minimum rating and sort; every change goes to the URL. */
export function TrainerFilters({ query, onChange, onClear, canClear, distanceAvailable }: TrainerFiltersProps) {
  const [specialty, setSpecialty] = useState(query.specialty);
  useEffect(() => setSpecialty(query.specialty), [query.specialty]);
  const commitSpecialty = () => {
    const v = specialty.trim();
    if (v !== query.specialty) onChange({ specialty: v });
  };

  const prices = query.maxPrice !== null && !PRICES.includes(query.maxPrice) ? [...PRICES, query.maxPrice].sort((a, b) => a - b) : PRICES;
  const sortValue = query.sort ?? (distanceAvailable ? 'distance' : 'rating');
  const [open, setOpen] = useState(false);
  const boxId = useId();
  const active = [query.online, query.inPerson, query.maxPrice !== null, !!query.specialty, query.minRating !== null].filter(Boolean).length;

  return (
    <Wrap>
      <Toggle variant="secondary" aria-expanded={open} aria-controls={boxId} onClick={() => setOpen((o) => !o)}>
        <FilterIcon size={16} /> {open ? 'Hide filters' : 'Filters and sort'}
        {active > 0 ? ` (${active})` : ''}
      </Toggle>
      <Box aria-labelledby="trainer-filters-title" id={boxId} $open={open}>
        <Title id="trainer-filters-title">Filters</Title>
        <Checks>
          <legend>Sessions</legend>
          <Checkbox label="In person" checked={query.inPerson} onChange={(e) => onChange({ inPerson: e.target.checked })} />
          <Checkbox label="Online" checked={query.online} onChange={(e) => onChange({ online: e.target.checked })} />
        </Checks>
        <Select
          label="Max price"
          value={query.maxPrice === null ? '' : String(query.maxPrice)}
          onChange={(e) => onChange({ maxPrice: e.target.value ? Number(e.target.value) : null })}
          options={[{ value: '', label: 'Any price' }, ...prices.map((p) => ({ value: String(p), label: `Up to £${p}/hour` }))]}
        />
        <TextField
          label="Specialty"
          value={specialty}
          placeholder="e.g. Yoga"
          maxLength={60}
          onChange={(e) => setSpecialty(e.target.value)}
          onBlur={commitSpecialty}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commitSpecialty();
            }
          }}
        />
        <Select
          label="Minimum rating"
          value={query.minRating === null ? '' : String(query.minRating)}
          onChange={(e) => onChange({ minRating: e.target.value ? Number(e.target.value) : null })}
          options={[{ value: '', label: 'Any rating' }, ...RATINGS.map((r) => ({ value: String(r), label: r === 5 ? '5 stars' : `${r}+ stars` }))]}
        />
        <Select
          label="Sort by"
          value={sortValue}
          onChange={(e) => onChange({ sort: e.target.value as TrainerSort })}
          options={[
            ...(distanceAvailable || query.sort === 'distance' ? [{ value: 'distance', label: 'Nearest first' }] : []),
            { value: 'rating', label: 'Highest rated' },
            { value: 'price', label: 'Lowest price' },
          ]}
        />
        {canClear && (
          <div>
            <Button variant="ghost" onClick={onClear}>
              Clear filters
            </Button>
          </div>
        )}
      </Box>
    </Wrap>
  );
}
