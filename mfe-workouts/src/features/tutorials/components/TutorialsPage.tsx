import { useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, EmptyState, Grid, PageContainer, PageHeading } from '@fitconnect/shared-ui';
import { TUTORIAL_EXERCISES } from '../data/exercises';
import { NO_FILTERS, filterExercises, hasActiveFilters, showingText, type TutorialFilters as Filters } from '../lib/filter';
import { SearchIcon } from '../../../lib/icons';
import { ExerciseCard } from './ExerciseCard';
import { ExerciseDetail } from './ExerciseDetail';
import { TutorialFilters } from './TutorialFilters';

const Count = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** /exercise-tutorials: the built-in library with filters and a detail view (SPEC §2). */
export function TutorialsPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const lastOpened = useRef<string | null>(null);
  const visible = filterExercises(TUTORIAL_EXERCISES, filters);
  const selected = selectedId ? TUTORIAL_EXERCISES.find((e) => e.id === selectedId) : undefined;

  // The page keeps its h1 in both views (the detail view's exercise name is an h2 under it).
  const heading = (
    <PageHeading subtitle="Learn proper form with step-by-step guides and video demonstrations.">Exercise Tutorials</PageHeading>
  );

  if (selected) {
    return (
      <PageContainer>
        {heading}
        <ExerciseDetail
          exercise={selected}
          onBack={() => {
            setSelectedId(null);
            // Give focus back to the card the user came from.
            const id = lastOpened.current;
            setTimeout(() => {
              const btn = id ? document.querySelector<HTMLButtonElement>(`[data-tutorial-id="${id}"]`) : null;
              btn?.focus();
            }, 0);
          }}
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      {heading}
      <TutorialFilters value={filters} onChange={setFilters} />
      <Count role="status">{showingText(visible.length)}</Count>
      {visible.length === 0 ? (
        <EmptyState
          icon={<SearchIcon />}
          title="No exercises found"
          description="No exercises match your selected filters. Try adjusting or clearing them."
          action={
            <Button variant="outline" onClick={() => setFilters(NO_FILTERS)}>
              Clear All Filters
            </Button>
          }
        />
      ) : (
        <>
          <Grid $min="280px">
            {visible.map((ex) => (
              <ExerciseCard
                key={ex.id}
                exercise={ex}
                onOpen={(id) => {
                  lastOpened.current = id;
                  setSelectedId(id);
                }}
              />
            ))}
          </Grid>
          {hasActiveFilters(filters) && (
            <div style={{ marginTop: 16 }}>
              <Button variant="ghost" onClick={() => setFilters(NO_FILTERS)}>
                Clear All Filters
              </Button>
            </div>
          )}
        </>
      )}
    </PageContainer>
  );
}

export default TutorialsPage;
