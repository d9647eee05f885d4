import { memo, useCallback, useDeferredValue, useMemo } from 'react';
import styled from 'styled-components';
import { Banner, Button, EmptyState, Grid, PageContainer, PageHeading, Spinner } from '@fitconnect/shared-ui';
import { useLatestSearchParams } from '@fitconnect/shared-ui/forms';
import { useExercisePage } from '../api/exercises';
import { showingText } from '../lib/filter';
import { EMPTY_STATE, PAGE_SIZE, fromSearch, hasActiveFilters, toSearch, type LibraryState } from '../lib/url';
import type { ExerciseSummary } from '@fitconnect/contracts';
import { SearchIcon } from '../../../lib/icons';
import { ExerciseCard } from './ExerciseCard';
import { TutorialFilters } from './TutorialFilters';
import { showsError } from '@fitconnect/shared-ui/patterns';

const Count = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A class, not a style attribute: a server-rendered page's style="" is refused by the CSP (issue 32). */
const ClearRow = styled.div`
  margin-top: 16px;
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
 * The cards. Memoised: the render that answers a filter change (the control shows its new value) leaves the list
 * as it is, so it does not render 24 cards again; the list's own render follows (see TutorialsPage).
 */
const ExerciseGrid = memo(function ExerciseGrid({ items, listSearch, busy }: { items: ExerciseSummary[]; listSearch: string; busy: boolean }) {
  return (
    <Grid $min="280px" aria-busy={busy}>
      {items.map((ex) => (
        <ExerciseCard key={ex.slug} exercise={ex} listSearch={listSearch} />
      ))}
    </Grid>
  );
});

/**
 * /exercise-tutorials: the catalogue, one page at a time from the API (the page's JavaScript carries no exercise
 * text). Search, filters and page live in the URL, so a link opens the same list and Back returns to it.
 */
export function TutorialsPage() {
  const [params, setParams] = useLatestSearchParams();
  // What was asked for: the search box and the filters show it in the render that answers the input.
  const state = useMemo(() => fromSearch(params), [params]);
  // The list follows in a deferred render (issue 35.1): the query for the new filters, its request, the busy
  // mark and the cards' new links render right after the frame that shows the control's new value (a keyboard
  // or pointer choice used to render the whole list, start the request and then paint: ~70 ms of a 110 ms
  // filter change at 4x CPU). The list shows the previous results until the new ones come, as before.
  const listState = useDeferredValue(state);
  const listSearch = toSearch(listState);
  const query = useExercisePage(listState);

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
      ) : showsError(query) || !data ? (
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
              <ExerciseGrid items={data.items} listSearch={listSearch} busy={query.isFetching} />
              {pages > 1 && (
                <Pager aria-label="Pages">
                  <Button variant="outline" disabled={listState.page <= 1} onClick={() => goToPage(listState.page - 1)}>
                    Previous
                  </Button>
                  <span aria-current="page">
                    Page {Math.min(listState.page, pages)} of {pages}
                  </span>
                  <Button variant="outline" disabled={listState.page >= pages} onClick={() => goToPage(listState.page + 1)}>
                    Next
                  </Button>
                </Pager>
              )}
              {hasActiveFilters(listState) && <ClearRow>{clear}</ClearRow>}
            </>
          )}
        </>
      )}
    </PageContainer>
  );
}

export default TutorialsPage;
