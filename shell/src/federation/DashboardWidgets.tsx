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

function AreaWidget({ area, loader }: { area: AreaName; loader: AreaLoader }) {
  const [Widget, setWidget] = useState<ComponentType | null>(() => loader.peekExtra(area, 'dashboardWidget') ?? null);
  useEffect(() => {
    let live = true;
    // Only the area's './dashboardWidget' module, and only when its remote declares one: never its routes module.
    loader.loadExtra(area, 'dashboardWidget').then(
      (c) => live && setWidget(() => c),
      // A remote that is down shows no widget; its own pages show the area's error view.
      () => live && setWidget(null),
    );
    return () => {
      live = false;
    };
  }, [loader, area]);
  if (!Widget) return null;
  return (
    <WidgetBoundary area={area}>
      <Widget />
    </WidgetBoundary>
  );
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
 * from the areas that declare one and shown behind its own error boundary; an area that cannot be loaded,
 * or has no widget, shows nothing.
 */
export function DashboardWidgets() {
  const loader = useOptionalAreaLoader();
  if (!loader) return null;
  return (
    <WidgetGrid data-testid="dashboard-widgets">
      {AREA_NAMES.map((area) => (
        <AreaWidget key={area} area={area} loader={loader} />
      ))}
    </WidgetGrid>
  );
}
