import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import styled, { ThemeProvider } from 'styled-components';
import { Banner, Button, EmptyState, Spinner, darkTheme, lightTheme, type AppTheme } from '@fitconnect/shared-ui';
import { GEONAMES_ATTRIBUTION, POSTCODE_ATTRIBUTION, TrainerCard, TrainerSearchBox, type TrainerCardLinkProps } from '../src/widget';
import { fetchTrainerPage, profileUrl, sendBeacon, type FinderPage } from './api';
import type { FinderOptions, FinderThemeSetting } from './attributes';

/**
 * The partner widget: the /trainers search box and cards (same components, src/widget.ts), one page of
 * `limit` cards at a time, 'View More Trainers' appends the next page. Rendered inside the custom
 * element's shadow root (element.tsx), so nothing here reaches the partner's page and theirs does not
 * reach in. No react-query, no router: a small fetch state with every request aborted on unmount.
 */

/** Font sizes in px, not rem: a partner's `html { font-size: 10px }` must not shrink the finder. */
const PX_SIZES = { xs: '12px', sm: '14px', md: '16px', lg: '20px', xl: '24px', xxl: '32px' } as const;
const THEMES: Record<'light' | 'dark', AppTheme> = {
  light: { ...lightTheme, fontSizes: PX_SIZES },
  dark: { ...darkTheme, fontSizes: PX_SIZES },
};

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** 'auto' follows the visitor's system preference, live; the listener goes with the component. */
export function useResolvedTheme(setting: FinderThemeSetting): 'light' | 'dark' {
  const query = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null);
  const [systemDark, setSystemDark] = useState(() => !!query()?.matches);
  useEffect(() => {
    if (setting !== 'auto') return;
    const mql = query();
    if (!mql) return;
    setSystemDark(mql.matches);
    const onChange = (e: MediaQueryListEvent) => setSystemDark(e.matches);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [setting]);
  if (setting === 'auto') return systemDark ? 'dark' : 'light';
  return setting;
}

const Root = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  font-size: 16px;
  line-height: 1.5;
  text-align: start;
  min-width: 0;
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    line-height: 1.25;
    color: ${({ theme }) => theme.colors.text};
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  > li {
    display: flex;
    min-width: 0;
  }
  > li > * {
    flex: 1;
  }
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
`;

const Status = styled.p`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

interface SearchState {
  pages: FinderPage[];
  status: 'loading' | 'ready' | 'error';
  more: 'idle' | 'loading' | 'error';
}

const LOADING: SearchState = { pages: [], status: 'loading', more: 'idle' };

/** Pages of one search; a new search (or unmount) aborts whatever is in flight. */
function useFinderSearch(origin: string, location: string, limit: number, partner: string | null) {
  const [state, setState] = useState<SearchState>(LOADING);
  const controllers = useRef(new Set<AbortController>());
  const generation = useRef(0);
  const partnerRef = useRef(partner);
  partnerRef.current = partner;

  const abortAll = () => {
    for (const c of controllers.current) c.abort();
    controllers.current.clear();
  };

  const load = useCallback(
    (page: number) => {
      const gen = generation.current;
      const ctrl = new AbortController();
      controllers.current.add(ctrl);
      setState((s) => (page === 1 ? LOADING : { ...s, more: 'loading' }));
      fetchTrainerPage(origin, { location, limit, page }, ctrl.signal)
        .then(
          (result) => {
            if (gen !== generation.current || ctrl.signal.aborted) return;
            setState((s) => ({ pages: page === 1 ? [result] : [...s.pages, result], status: 'ready', more: 'idle' }));
            // One impression per result page the finder shows (not per card).
            const p = partnerRef.current;
            if (p) sendBeacon(origin, { partner: p, kind: 'impression' });
          },
          () => {
            if (gen !== generation.current || ctrl.signal.aborted) return;
            setState((s) => (page === 1 ? { ...LOADING, status: 'error' } : { ...s, more: 'error' }));
          },
        )
        .finally(() => controllers.current.delete(ctrl));
    },
    [origin, location, limit],
  );

  useEffect(() => {
    generation.current += 1;
    abortAll();
    load(1);
    return () => {
      generation.current += 1;
      abortAll();
    };
  }, [load]);

  return { state, loadPage: load };
}

export interface FinderProps extends FinderOptions {
  /** Our site's origin (from the script's URL): API calls and profile links go there. */
  origin: string;
}

export function Finder({ origin, location: initialLocation, limit, theme, partner }: FinderProps) {
  const mode = useResolvedTheme(theme);
  const [location, setLocation] = useState(initialLocation);
  // A changed `location` attribute is a new search.
  useEffect(() => setLocation(initialLocation), [initialLocation]);

  const { state, loadPage } = useFinderSearch(origin, location, limit, partner);
  const trainers = dedupe(state.pages.flatMap((p) => p.trainers));
  const hasMore = state.pages[state.pages.length - 1]?.hasMore ?? false;
  const distances = !!location && state.pages[0]?.locationResolved === true;

  // After 'View More Trainers', focus moves to the first card that was added.
  const gridRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || state.more === 'loading' || trainers.length <= from) return;
    focusFrom.current = null;
    gridRef.current?.querySelectorAll<HTMLAnchorElement>('[data-testid="trainer-card"] a')[from]?.focus();
  }, [trainers.length, state.more]);

  const onMore = () => {
    focusFrom.current = trainers.length;
    loadPage(state.pages.length + 1);
  };

  const renderLink = ({ href, children }: TrainerCardLinkProps) => {
    const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
      const id = Number(e.currentTarget.dataset.trainerId);
      if (partner && Number.isInteger(id)) sendBeacon(origin, { partner, kind: 'click', trainerId: id });
    };
    const id = /\/trainers\/(\d+)/.exec(new URL(href).pathname)?.[1];
    return (
      <a href={href} target="_blank" rel="noopener" data-trainer-id={id} onClick={onClick}>
        {children}
      </a>
    );
  };

  let body;
  if (state.status === 'loading') {
    body = <Spinner label="Loading trainers" center />;
  } else if (state.status === 'error') {
    body = (
      <EmptyState
        headingAs="h3"
        title="Failed to fetch trainers"
        description="Something went wrong while loading trainers. Please try again."
        action={<Button onClick={() => loadPage(1)}>Try again</Button>}
      />
    );
  } else if (trainers.length === 0) {
    body = (
      <EmptyState
        headingAs="h3"
        title="No trainers found"
        description={location ? 'No trainer matches this search. Try another place.' : 'There are no trainers listed yet. Check back soon.'}
      />
    );
  } else {
    body = (
      <>
        <Grid ref={gridRef} data-testid="trainer-grid" aria-label="Trainers">
          {trainers.map((t) => (
            <li key={t.id}>
              <TrainerCard trainer={t} href={profileUrl(origin, t.id, partner)} showDistance={distances} renderLink={renderLink} />
            </li>
          ))}
        </Grid>
        <More>
          {state.more === 'error' && (
            <Banner tone="danger" title="Failed to fetch trainers">
              The next trainers could not be loaded.
            </Banner>
          )}
          {(hasMore || state.more !== 'idle') && (
            <Button variant="outline" size="lg" onClick={onMore} loading={state.more === 'loading'}>
              {state.more === 'error' ? 'Try again' : 'View More Trainers'}
            </Button>
          )}
        </More>
        {/* The postcode data's licence asks for this wherever the distances are shown (as on /trainers). */}
        {distances && (
          <SmallPrint data-testid="postcode-attribution">
            Distances are approximate, measured between postcode districts. {POSTCODE_ATTRIBUTION} {GEONAMES_ATTRIBUTION}
          </SmallPrint>
        )}
      </>
    );
  }

  return (
    <ThemeProvider theme={THEMES[mode]}>
      <Root aria-label="FitConnect trainer finder" data-theme={mode} data-testid="finder-root">
        <Header>
          <h2>Find a Trainer</h2>
          <p>
            Powered by{' '}
            <a href={`${origin}/`} target="_blank" rel="noopener" style={{ color: 'inherit' }}>
              FitConnect
            </a>
          </p>
        </Header>
        <TrainerSearchBox value={location} onSearch={setLocation} />
        <Status role="status">
          {state.status === 'ready' ? (trainers.length === 0 ? 'No trainers found' : `${trainers.length} trainers shown`) : ''}
        </Status>
        {body}
      </Root>
    </ThemeProvider>
  );
}

function dedupe<T extends { id: number }>(list: T[]): T[] {
  const seen = new Set<number>();
  return list.filter((t) => (seen.has(t.id) ? false : (seen.add(t.id), true)));
}
