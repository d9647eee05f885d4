import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { AREAS, type AreaName } from '@fitconnect/shared-ui';
import type { AreaLoader } from './areaLoader';
import { useOptionalAreaLoader } from './AreaOutlet';

const AREA_NAMES = Object.keys(AREAS) as AreaName[];

/** A widget that throws renders nothing; the profile page carries on. */
class WidgetBoundary extends Component<{ area: AreaName; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[shell] the ${this.props.area} dashboard widget crashed:`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

type Widgets = Partial<Record<AreaName, ComponentType | null>>;

/** Every area's widget as far as the loader already has it; undefined while any area is still unknown. */
function peekAll(loader: AreaLoader): Widgets | undefined {
  const out: Widgets = {};
  for (const area of AREA_NAMES) {
    const c = loader.peekExtra(area, 'dashboardWidget');
    if (c === undefined) return undefined;
    out[area] = c;
  }
  return out;
}

/** How long the widgets wait for a slow area before the others show (the slow one then follows on its own). */
export const WIDGETS_WAIT_MS = 3000;

/**
 * Every area's widget, once every area has answered (a widget, none, or a remote that is down, which shows
 * no widget; its own pages show the area's error view). The widgets appear together, in the areas' order:
 * one arriving after another never moves it (issue 35.2, zero layout shift). An area still loading after
 * WIDGETS_WAIT_MS does not hold the others back.
 */
function useWidgets(loader: AreaLoader): Widgets | undefined {
  const [widgets, setWidgets] = useState<Widgets | undefined>(() => peekAll(loader));
  const done = widgets !== undefined && AREA_NAMES.every((a) => a in widgets);
  useEffect(() => {
    if (done) return;
    let live = true;
    let shown = false;
    const got: Widgets = {};
    const show = () => {
      shown = true;
      if (live) setWidgets({ ...got });
    };
    const timer = setTimeout(show, WIDGETS_WAIT_MS);
    // Only each area's './dashboardWidget' module, and only when its remote declares one: never its routes module.
    void Promise.all(
      AREA_NAMES.map((area) =>
        loader.loadExtra(area, 'dashboardWidget').then(
          (c) => {
            got[area] = c;
            if (shown) show();
          },
          () => {
            got[area] = null;
            if (shown) show();
          },
        ),
      ),
    ).then(() => {
      clearTimeout(timer);
      show();
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [loader, done]);
  return widgets;
}

/**
 * The widgets' place on /profile (issue 28.10): two columns where the main column is wide enough, one on a
 * phone, in the areas' order: workouts (this week's training), trainers (upcoming sessions, a trainer's
 * requests), then challenges (joined, with progress). A widget stretches to its row's height.
 */
const WidgetGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr));
  align-items: stretch;
  & > * {
    height: 100%;
  }
  &:empty {
    display: none;
  }
`;

/**
 * Every area's optional dashboard widget for /profile (its remote's './dashboardWidget' expose), loaded only
 * from the areas that declare one and shown behind its own error boundary, all at once when every area has
 * answered; an area that cannot be loaded, or has no widget, shows nothing. The profile page places them
 * last on a phone (after Account Details) so that their arrival moves nothing already on screen.
 */
export function DashboardWidgets() {
  const loader = useOptionalAreaLoader();
  if (!loader) return null;
  return <LoadedWidgets loader={loader} />;
}

function LoadedWidgets({ loader }: { loader: AreaLoader }) {
  const widgets = useWidgets(loader);
  return (
    <WidgetGrid data-testid="dashboard-widgets">
      {widgets &&
        AREA_NAMES.map((area) => {
          const Widget = widgets[area];
          return Widget ? (
            <WidgetBoundary key={area} area={area}>
              <Widget />
            </WidgetBoundary>
          ) : null;
        })}
    </WidgetGrid>
  );
}
