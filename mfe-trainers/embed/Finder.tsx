import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import styled, { ThemeProvider } from 'styled-components';
import { Banner, Button, EmptyState, Spinner, darkTheme, lightTheme, type AppTheme } from '@fitconnect/shared-ui';
import { GEONAMES_ATTRIBUTION, POSTCODE_ATTRIBUTION, TrainerCard, TrainerSearchBox, type TrainerCardLinkProps } from '../src/widget';
import { contactUrl, fetchTrainerPage, profileUrl, sendBeacon, type FinderPage, type FinderQuery } from './api';
import type { FinderOptions, FinderThemeSetting } from './attributes';
import { STRINGS } from './strings';
import type { FinderEventDetail, FinderEventName } from './events';

/**
 * The partner widget: the /trainers search box and cards (same components, src/widget.ts), one page of
 * `limit` cards at a time, 'View More Trainers' appends the next page. Rendered inside the custom
 * element's shadow root (element.tsx), so nothing here reaches the partner's page and theirs does not
 * reach in. No react-query, no router: a small fetch state with every request aborted on unmount.
 */

/** Font sizes in px, not rem: a partner's `html { font-size: 10px }` must not shrink the finder. */
const PX_SIZES = { xs: '12px', sm: '14px', md: '16px', lg: '20px', xl: '24px', xxl: '32px' } as const;
/**
 * Partners restyle through CSS custom properties set on the element (they inherit into the shadow root):
 * --fc-accent (buttons, links, focus), --fc-accent-text (text on the accent), --fc-radius (cards, inputs,
 * buttons), --fc-font (the font family; default: the page's).
 */
function themed(base: AppTheme): AppTheme {
  return {
    ...base,
    fontSizes: PX_SIZES,
    colors: {
      ...base.colors,
      primary: `var(--fc-accent, ${base.colors.primary})`,
      primaryHover: `var(--fc-accent, ${base.colors.primaryHover})`,
      primaryText: `var(--fc-accent-text, ${base.colors.primaryText})`,
    },
    radii: { ...base.radii, md: `var(--fc-radius, ${base.radii.md})`, lg: `var(--fc-radius, ${base.radii.lg})` },
  };
}
const THEMES: Record<'light' | 'dark', AppTheme> = { light: themed(lightTheme), dark: themed(darkTheme) };

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
  font-family: var(--fc-font, inherit);
  line-height: 1.5;
  text-align: start;
  min-width: 0;
`;

const Contact = styled.a`
  align-self: flex-start;
  margin-top: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
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
function useFinderSearch(origin: string, query: Omit<FinderQuery, 'page'>, partner: string | null, onFirstPage: (page: FinderPage) => void) {
  const { location, limit, specialty, mode, sort } = query;
  const firstPageRef = useRef(onFirstPage);
  firstPageRef.current = onFirstPage;
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
      fetchTrainerPage(origin, { location, limit, page, specialty, mode, sort }, ctrl.signal)
        .then(
          (result) => {
            if (gen !== generation.current || ctrl.signal.aborted) return;
            setState((s) => ({ pages: page === 1 ? [result] : [...s.pages, result], status: 'ready', more: 'idle' }));
            // One impression per result page the finder shows (not per card).
            const p = partnerRef.current;
            if (p) sendBeacon(origin, { partner: p, kind: 'impression' });
            if (page === 1) firstPageRef.current(result);
          },
          () => {
            if (gen !== generation.current || ctrl.signal.aborted) return;
            setState((s) => (page === 1 ? { ...LOADING, status: 'error' } : { ...s, more: 'error' }));
          },
        )
        .finally(() => controllers.current.delete(ctrl));
    },
    [origin, location, limit, specialty, mode, sort],
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
  /** Dispatches a `fitconnect:*` DOM event on the element (events.ts). */
  emit?: <N extends FinderEventName>(name: N, detail: FinderEventDetail[N]) => void;
}

export function Finder({ origin, location: initialLocation, limit, theme, partner, specialty, mode: sessionMode, sort, lang, emit = () => undefined }: FinderProps) {
  const mode = useResolvedTheme(theme);
  const t = STRINGS[lang] ?? STRINGS.en;
  const [location, setLocation] = useState(initialLocation);
  // A changed `location` attribute is a new search.
  useEffect(() => setLocation(initialLocation), [initialLocation]);

  // fitconnect:ready once (the first results, or the empty/error state, are on screen); fitconnect:search
  // for every search's first page; a 'search' beacon only for the visitor's own searches.
  const ready = useRef(false);
  const byVisitor = useRef(false);
  const onFirstPage = (page: FinderPage) => {
    const detail = { query: location, resultCount: page.trainers.length, total: page.total, byVisitor: byVisitor.current };
    if (byVisitor.current && partner) sendBeacon(origin, { partner, kind: 'search' });
    byVisitor.current = false;
    emit('fitconnect:search', detail);
  };
  const onSearch = (text: string) => {
    byVisitor.current = true;
    setLocation(text);
  };

  const { state, loadPage } = useFinderSearch(origin, { location, limit, specialty, mode: sessionMode, sort }, partner, onFirstPage);
  useEffect(() => {
    if (ready.current || state.status === 'loading') return;
    ready.current = true;
    emit('fitconnect:ready', { location, resultCount: state.pages[0]?.trainers.length ?? 0, error: state.status === 'error' });
  }, [state.status]); // eslint-disable-line react-hooks/exhaustive-deps
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

  const fullName = (tr: { user: { firstName: string; lastName: string } }) => `${tr.user.firstName} ${tr.user.lastName}`.trim();
  const nameOf = (id: number) => {
    const tr = trainers.find((x) => x.id === id);
    return tr ? fullName(tr) : '';
  };
  const renderLink = ({ href, children }: TrainerCardLinkProps) => {
    const id = Number(/^\d+$/.exec(new URL(href).searchParams.get('to')?.split('/').pop() ?? new URL(href).pathname.split('/').pop() ?? '')?.[0]);
    const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
      const trainerId = Number(e.currentTarget.dataset.trainerId);
      if (!Number.isInteger(trainerId)) return;
      if (partner) sendBeacon(origin, { partner, kind: 'click', trainerId });
      emit('fitconnect:trainer-view', { trainerId, name: nameOf(trainerId), url: href });
    };
    return (
      <a href={href} target="_blank" rel="noopener" data-trainer-id={Number.isInteger(id) ? id : undefined} onClick={onClick}>
        {children}
      </a>
    );
  };

  let body;
  if (state.status === 'loading') {
    body = <Spinner label={t.loading} center />;
  } else if (state.status === 'error') {
    body = (
      <EmptyState
        headingAs="h3"
        title={t.failedTitle}
        description={t.failedText}
        action={<Button onClick={() => loadPage(1)}>{t.tryAgain}</Button>}
      />
    );
  } else if (trainers.length === 0) {
    body = (
      <EmptyState
        headingAs="h3"
        title={t.noneTitle}
        description={location || specialty ? t.noneForSearch : t.noneAtAll}
      />
    );
  } else {
    body = (
      <>
        <Grid ref={gridRef} data-testid="trainer-grid" aria-label={t.listLabel} part="list">
          {trainers.map((tr) => (
            <li key={tr.id} part="card" style={{ flexDirection: 'column' }}>
              <TrainerCard trainer={tr} href={profileUrl(origin, tr.id, partner)} showDistance={distances} renderLink={renderLink} />
              <Contact
                part="contact"
                href={contactUrl(origin, tr.id, partner)}
                target="_blank"
                rel="noopener"
                aria-label={t.contactLabel(fullName(tr))}
                data-testid="contact-trainer"
                onClick={() => emit('fitconnect:contact-click', { trainerId: tr.id, name: fullName(tr), url: contactUrl(origin, tr.id, partner) })}
              >
                {t.contact}
              </Contact>
            </li>
          ))}
        </Grid>
        <More part="more">
          {state.more === 'error' && (
            <Banner tone="danger" title={t.failedTitle}>
              {t.moreFailed}
            </Banner>
          )}
          {(hasMore || state.more !== 'idle') && (
            <Button variant="outline" size="lg" onClick={onMore} loading={state.more === 'loading'}>
              {state.more === 'error' ? t.tryAgain : t.viewMore}
            </Button>
          )}
        </More>
        {/* The postcode data's licence asks for this wherever the distances are shown (as on /trainers). */}
        {distances && (
          <SmallPrint data-testid="postcode-attribution" part="attribution">
            {t.distancesNote} {POSTCODE_ATTRIBUTION} {GEONAMES_ATTRIBUTION}
          </SmallPrint>
        )}
      </>
    );
  }

  return (
    <ThemeProvider theme={THEMES[mode]}>
      <Root aria-label={t.region} data-theme={mode} data-testid="finder-root" part="finder" lang={lang}>
        <Header part="header">
          <h2 part="title">{t.title}</h2>
          <p part="powered-by">
            {t.poweredBy}{' '}
            <a href={`${origin}/`} target="_blank" rel="noopener" style={{ color: 'inherit' }}>
              FitConnect
            </a>
          </p>
        </Header>
        <div part="search">
          <TrainerSearchBox value={location} onSearch={onSearch} />
        </div>
        <Status role="status">
          {state.status === 'ready' ? (trainers.length === 0 ? t.noneTitle : t.shown(trainers.length)) : ''}
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
