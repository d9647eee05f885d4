import { Component, createContext, useContext, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import {
  Button,
  EmptyState,
  PageContainer,
  AreaRoutes,
  Spinner,
  type AreaName,
  type RemoteAreaModule,
} from '@fitconnect/shared-ui';
import { LazyNotFoundPage } from '../pages/NotFoundLazy';
import { Icon } from '../pages/icons';
import type { AreaLoader } from './areaLoader';
import { reportAreaError, setCurrentArea } from './rolloutBeacon';

/** How each area is named to users (in the error view and the loading label). */
export const AREA_LABELS: Record<AreaName, string> = {
  workouts: 'Workouts',
  trainers: 'Trainers',
  messages: 'Messages',
  community: 'Community',
  challenges: 'Challenges',
};

const AreaLoaderContext = createContext<AreaLoader | null>(null);
export const AreaLoaderProvider = AreaLoaderContext.Provider;
/** The area loader, or null outside an AreaLoaderProvider (e.g. a page rendered on its own in a test). */
export function useOptionalAreaLoader(): AreaLoader | null {
  return useContext(AreaLoaderContext);
}

function useAreaLoader(): AreaLoader {
  const loader = useContext(AreaLoaderContext);
  if (!loader) throw new Error('AreaLoaderProvider is missing');
  return loader;
}

type AreaState =
  | { status: 'loading' }
  | { status: 'ready'; module: RemoteAreaModule }
  | { status: 'error'; error: unknown };

/** The area's routes module: loading, ready or error, plus a retry that really re-attempts the load. */
export function useAreaModule(area: AreaName): AreaState & { retry: () => void } {
  const loader = useAreaLoader();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<AreaState>(() => {
    const mod = loader.peek(area);
    return mod ? { status: 'ready', module: mod } : { status: 'loading' };
  });
  useEffect(() => {
    let live = true;
    const ready = loader.peek(area);
    if (ready && attempt === 0) {
      // Already loaded (a return to a visited area): the first render had it. A new state object here would render
      // the area's page a second time right after it mounted, a cost the monolith's navigation does not have.
      setState((current) => (current.status === 'ready' && current.module === ready ? current : { status: 'ready', module: ready }));
      return;
    }
    setState({ status: 'loading' });
    (attempt === 0 ? loader.load(area) : loader.retry(area)).then(
      (module) => live && setState({ status: 'ready', module }),
      (error: unknown) => {
        console.error(`[shell] the ${area} area could not be loaded:`, error);
        if (live) setState({ status: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, [loader, area, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

/** '<Area> is unavailable right now' with a Retry button; the rest of the site keeps working. */
export function AreaErrorView({ area, onRetry }: { area: AreaName; onRetry: () => void }) {
  const label = AREA_LABELS[area];
  useEffect(() => {
    document.title = `${label} is unavailable | FitConnect`;
  }, [label]);
  return (
    <PageContainer>
      <div role="alert" data-area-error={area}>
        <EmptyState
          icon={<Icon name="alert" size={40} />}
          headingAs="h1"
          title={`${label} is unavailable right now`}
          description="This part of FitConnect could not be loaded. Everything else still works, so you can carry on elsewhere or try again in a moment."
          action={<Button onClick={onRetry}>Retry</Button>}
        />
      </div>
    </PageContainer>
  );
}

interface BoundaryProps {
  area: AreaName;
  /** When it changes (the user navigated), a caught error is cleared. */
  resetKey: string;
  children: ReactNode;
}

/** Catches anything an area's pages throw while rendering, so only that area shows an error. */
export class AreaErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[shell] the ${this.props.area} area crashed:`, error, info.componentStack);
    // Issue 34: an error of the area's code after it loaded counts against the version it runs.
    reportAreaError(this.props.area, 'boundary', error);
  }

  override componentDidUpdate(prev: BoundaryProps) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (this.state.error) return <AreaErrorView area={this.props.area} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

function LoadedArea({ area }: { area: AreaName }) {
  const state = useAreaModule(area);
  if (state.status === 'loading') return <Spinner center label={`Loading ${AREA_LABELS[area]}`} />;
  if (state.status === 'error') return <AreaErrorView area={area} onRetry={state.retry} />;
  return <AreaRoutes module={state.module} fallback={<LazyNotFoundPage />} />;
}

/** An area's pages, loaded from its remote, behind the area's own error boundary. */
export function AreaOutlet({ area }: { area: AreaName }) {
  const { pathname } = useLocation();
  useEffect(() => {
    setCurrentArea(area);
    return () => setCurrentArea(null);
  }, [area]);
  return (
    <AreaErrorBoundary key={area} area={area} resetKey={pathname}>
      <LoadedArea key={area} area={area} />
    </AreaErrorBoundary>
  );
}
