import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { AREAS, type AreaName, type RemoteAreaModule } from '@fitconnect/shared-ui';
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
  const [module, setModule] = useState<RemoteAreaModule | null>(() => loader.peek(area) ?? null);
  useEffect(() => {
    let live = true;
    loader.load(area).then(
      (m) => live && setModule(m),
      // A remote that is down shows no widget; its own pages show the area's error view.
      () => live && setModule(null),
    );
    return () => {
      live = false;
    };
  }, [loader, area]);
  const Widget = module?.DashboardWidget;
  if (!Widget) return null;
  return (
    <WidgetBoundary area={area}>
      <Widget />
    </WidgetBoundary>
  );
}

/**
 * Every area's optional DashboardWidget for /profile, each loaded like the area's routes and shown
 * behind its own error boundary; an area that cannot be loaded, or has no widget, shows nothing.
 */
export function DashboardWidgets() {
  const loader = useOptionalAreaLoader();
  if (!loader) return null;
  return (
    <>
      {AREA_NAMES.map((area) => (
        <AreaWidget key={area} area={area} loader={loader} />
      ))}
    </>
  );
}
