import { useCallback, useMemo } from 'react';
import styled from 'styled-components';
import { Banner, Button, EmptyState, Grid, PageContainer, PageHeading, Spinner } from '@fitconnect/shared-ui';
import { useLatestSearchParams } from '@fitconnect/shared-ui/forms';
import { useExercisePage } from '../api/exercises';
import { showingText } from '../lib/filter';
import { EMPTY_STATE, PAGE_SIZE, fromSearch, hasActiveFilters, toSearch, type LibraryState } from '../lib/url';
import { SearchIcon } from '../../../lib/icons';
import { ExerciseCard } from './ExerciseCard';
import { TutorialFilters } from './TutorialFilters';

const Count = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.lg};
`;

/**
 * /exercise-tutorials: the catalogue, one page at a time from the API (the page's JavaScript carries no exercise
 * text). Search, filters and page live in the URL, so a link opens the same list and Back returns to it.
 */
export function TutorialsPage() {
  const [params, setParams] = useLatestSearchParams();
  const state = useMemo(() => fromSearch(params), [params]);
  const listSearch = toSearch(state);
  const query = useExercisePage(state);

  // Each change merges into the latest state asked for (two quick filter choices keep both).
  // Typing and filtering replace the entry; paging adds one, so Back steps through pages.
  const update = useCallback(
    (change: Partial<LibraryState>, { push = false } = {}) =>
      setParams((latest) => toSearch({ ...fromSearch(latest), ...change }), { replace: !push }),
    [setParams],
  );
  const goToPage = (page: number) => {
    update({ page }, { push: true });
    window.scrollTo({ top: 0 });
  };

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const clear = (
    <Button variant="outline" onClick={() => update(EMPTY_STATE)}>
      Clear All Filters
    </Button>
  );

  return (
    <PageContainer>
      <PageHeading subtitle="Learn proper form with step-by-step instructions and tips, each with a link to demonstration videos on YouTube.">Exercise Tutorials</PageHeading>
      <TutorialFilters value={state} muscleGroups={data?.muscleGroups ?? []} onChange={update} />
      {query.isPending ? (
        <Spinner label="Loading exercises" center />
      ) : query.isError || !data ? (
        <Banner tone="danger" title="Could not load exercises">
          Please check your connection and try again.{' '}
          <Button variant="outline" size="sm" onClick={() => query.refetch()}>
            Try Again
          </Button>
        </Banner>
      ) : (
        <>
          <Count role="status">{showingText(data.total)}</Count>
          {data.total === 0 ? (
            <EmptyState
              icon={<SearchIcon />}
              title="No exercises found"
              description="No exercises match your selected filters. Try adjusting or clearing them."
              action={clear}
            />
          ) : (
            <>
              <Grid $min="280px" aria-busy={query.isFetching}>
                {data.items.map((ex) => (
                  <ExerciseCard key={ex.slug} exercise={ex} listSearch={listSearch} />
                ))}
              </Grid>
              {pages > 1 && (
                <Pager aria-label="Pages">
                  <Button variant="outline" disabled={state.page <= 1} onClick={() => goToPage(state.page - 1)}>
                    Previous
                  </Button>
                  <span aria-current="page">
                    Page {Math.min(state.page, pages)} of {pages}
                  </span>
                  <Button variant="outline" disabled={state.page >= pages} onClick={() => goToPage(state.page + 1)}>
                    Next
                  </Button>
                </Pager>
              )}
              {hasActiveFilters(state) && <div style={{ marginTop: 16 }}>{clear}</div>}
            </>
          )}
        </>
      )}
    </PageContainer>
  );
}

export default TutorialsPage;
