import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { TrainerSort } from '@fitconnect/contracts';
import { Banner, Button, EmptyState, Grid, PageContainer, PageHeading, Spinner, Stack } from '@fitconnect/shared-ui';
import { useLatestSearchParams } from '@fitconnect/shared-ui/forms';
import { isOfflineError, OfflineNotice, useOnline } from '@fitconnect/shared-ui/patterns';
import { UsersIcon } from '../../../lib/icons';
import { useTrainerPages } from '../api/get-trainers';
import { GEONAMES_ATTRIBUTION, POSTCODE_ATTRIBUTION } from '../lib/attribution';
import { directoryParams, EMPTY_QUERY, hasFilters, MAX_PAGES, parseDirectoryQuery, type DirectoryQuery } from '../lib/query';
import { TrainerCard, type TrainerCardLinkProps } from './TrainerCard';
import { TrainerFilters, type FilterChange } from './TrainerFilters';
import { TrainerSearchBox } from './TrainerSearchBox';
import { preloadProfileOnIntent } from '../../profile/lazy';

const ResultLine = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

const More = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const SmallPrint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.5;
`;

const Join = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    margin: 0 0 4px;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * The list's place while the first page loads: a screen tall, as the cards that replace it are, so the
 * "Are you a personal trainer?" section below never shows and jumps down (issue 35.2: CLS 0.25 at 390 px).
 */
const ListPlaceholder = styled.div`
  min-height: 100vh;
`;

// A profile's code loads on intent (a pointer over the link, focus, a touch), before the click needs it.
const routerLink = ({ href, children }: TrainerCardLinkProps) => (
  <Link to={href} onPointerEnter={preloadProfileOnIntent} onFocus={preloadProfileOnIntent} onPointerDown={preloadProfileOnIntent}>
    {children}
  </Link>
);

/**
 * What the count line says about distance. Not "near": every trainer is listed, however far, so it says how
 * they are ordered (distance is the default once a place is resolved) rather than promising nearness.
 */
function distanceNote(sort: TrainerSort | null, location: string): string {
  if (sort === 'rating') return `, highest rated first, with distances from ${location}`;
  if (sort === 'price') return `, lowest price first, with distances from ${location}`;
  return `, sorted by distance from ${location}`;
}

/** /trainers: search by postcode or city, filters and sort in the URL, a card grid, View More Trainers. */
export function TrainersPage() {
  const [params, setParams] = useLatestSearchParams();
  const query = parseDirectoryQuery(params);
  const result = useTrainerPages(query);
  const gridRef = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);

  // Each change builds on the latest query asked for, so two quick filter choices keep both.
  const go = (change: (latest: DirectoryQuery) => DirectoryQuery, replace = false) =>
    setParams((latest) => directoryParams(change(parseDirectoryQuery(latest))), { replace });
  const onSearch = (location: string) => go((q) => ({ ...q, location, sort: location ? q.sort : q.sort === 'distance' ? null : q.sort, page: 1 }));
  const onFilter = (change: FilterChange) => go((q) => ({ ...q, ...change, page: 1 }), true);
  const onClear = () => go((q) => ({ ...EMPTY_QUERY, location: q.location }), true);
  const onMore = () => {
    focusFrom.current = result.trainers.length;
    go((q) => ({ ...q, page: Math.min(MAX_PAGES, q.page + 1) }), true);
  };

  // After 'View More Trainers', keyboard focus moves to the first card that was added.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || result.isLoadingMore || result.trainers.length <= from) return;
    focusFrom.current = null;
    gridRef.current?.querySelectorAll<HTMLAnchorElement>('[data-testid="trainer-card"] a')[from]?.focus();
  }, [result.trainers.length, result.isLoadingMore]);

  const online = useOnline();
  const searched = !!query.location;
  const resolved = result.first?.locationResolved ?? null;
  const distancesShown = searched && resolved === true;
  const total = result.first?.total ?? null;

  let body;
  // Offline (issue 31): a clear notice instead of a spinner that waits or an error.
  if ((!online && result.trainers.length === 0) || (result.isError && isOfflineError(result.error))) {
    body = (
      <OfflineNotice action={<Button onClick={result.refetchFailed}>Try again</Button>}>Searching for trainers needs a connection.</OfflineNotice>
    );
  } else if (result.isPending) {
    body = (
      <ListPlaceholder>
        <Spinner label="Loading trainers" center />
      </ListPlaceholder>
    );
  } else if (result.isError) {
    body = (
      <EmptyState
        title="Failed to fetch trainers"
        description="Something went wrong while loading trainers. Please try again."
        action={<Button onClick={result.refetchFailed}>Try again</Button>}
      />
    );
  } else if (result.trainers.length === 0) {
    body = (
      <EmptyState
        icon={<UsersIcon />}
        title="No trainers found"
        description={
          hasFilters(query) || searched
            ? 'No trainer matches this search. Try another place or fewer filters.'
            : 'There are no trainers listed yet. Check back soon.'
        }
        action={
          hasFilters(query) ? (
            <Button variant="outline" onClick={onClear}>
              Clear filters
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <Stack $gap="md">
        <Grid ref={gridRef} $min="290px" data-testid="trainer-grid">
          {result.trainers.map((t) => (
            <TrainerCard key={t.id} trainer={t} href={`/trainers/${t.id}`} showDistance={distancesShown} renderLink={routerLink} />
          ))}
        </Grid>
        <More>
          {result.moreFailed && (
            <Banner tone="danger" title="Failed to fetch trainers">
              The next trainers could not be loaded.
            </Banner>
          )}
          {(result.hasMore || result.isLoadingMore || result.moreFailed) && query.page < MAX_PAGES && (
            <Button variant="outline" size="lg" onClick={result.moreFailed ? result.refetchFailed : onMore} loading={result.isLoadingMore}>
              {result.moreFailed ? 'Try again' : 'View More Trainers'}
            </Button>
          )}
        </More>
      </Stack>
    );
  }

  return (
    <PageContainer>
      <Stack $gap="lg">
        {/* The site's one page header (shared-ui's PageHeading), the search under it. */}
        <div>
          <PageHeading subtitle="Certified trainers near you or online. Search by postcode or city to see who is closest.">Find a Trainer</PageHeading>
          <TrainerSearchBox value={query.location} onSearch={onSearch} />
        </div>

        <TrainerFilters query={query} onChange={onFilter} onClear={onClear} canClear={hasFilters(query)} distanceAvailable={searched && resolved !== false} />

        <div aria-live="polite">
          {!result.isPending && !result.isError && result.trainers.length > 0 && (
            <ResultLine data-testid="result-count">
              {total ?? result.trainers.length} {(total ?? result.trainers.length) === 1 ? 'trainer' : 'trainers'}
              {searched ? (distancesShown ? distanceNote(query.sort, query.location) : ` matching “${query.location}”`) : ''}
            </ResultLine>
          )}
        </div>

        {searched && resolved === false && !result.isPending && (
          <Banner tone="info" title="Distances are unavailable for this search">
            We could not place “{query.location}” on the map, so these are trainers whose location mentions it. Try a UK
            postcode (for example LS6 2AB) or a town name.
          </Banner>
        )}

        {body}

        {distancesShown && !result.isPending && !result.isError && (
          <SmallPrint data-testid="postcode-attribution">
            Distances are approximate, measured between postcode districts. {POSTCODE_ATTRIBUTION} {GEONAMES_ATTRIBUTION}
          </SmallPrint>
        )}

        <Join aria-labelledby="join-title">
          <div>
            <h2 id="join-title">Are you a personal trainer?</h2>
            <p>Join free: no subscription fees. Set your own schedule and rates.</p>
          </div>
          <Button as={Link} to="/trainer-signup" size="lg">
            Sign Up Free as a Trainer
          </Button>
        </Join>
      </Stack>
    </PageContainer>
  );
}

export default TrainersPage;
