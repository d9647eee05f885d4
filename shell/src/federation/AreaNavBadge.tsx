import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { areaForPath } from '@fitconnect/shared-ui';
import { useOptionalAreaLoader } from './AreaOutlet';

/** A badge that fails renders nothing: the nav entry stays usable. */
class SilentBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('[shell] a nav badge failed and is hidden:', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function LoadedBadge({ area }: { area: NonNullable<ReturnType<typeof areaForPath>> }) {
  const loader = useOptionalAreaLoader();
  const [Badge, setBadge] = useState<ComponentType | null | undefined>(() => loader?.peekExtra(area, 'navBadge'));
  useEffect(() => {
    if (!loader || Badge !== undefined) return;
    let live = true;
    // Only the area's './navBadge' module, and only when its remote declares one: never its routes module.
    loader.loadExtra(area, 'navBadge').then(
      (c) => live && setBadge(() => c),
      () => undefined, // a remote that is down shows its error view when visited, not in the nav
    );
    return () => {
      live = false;
    };
  }, [loader, area, Badge]);
  return Badge ? <Badge /> : null;
}

/**
 * Whatever badge the area behind a nav link offers (its remote's './navBadge' expose). The nav renders it for
 * signed-in users only. The shell knows only areas: which link belongs to which area, never what the badge means.
 */
export function AreaNavBadge({ to }: { to: string }) {
  const area = areaForPath(to);
  if (!area) return null;
  return (
    <SilentBoundary>
      <LoadedBadge area={area} />
    </SilentBoundary>
  );
}
