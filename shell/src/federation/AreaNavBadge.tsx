import { Component, useEffect, useState, type ReactNode } from 'react';
import { areaForPath, type RemoteAreaModule } from '@fitconnect/shared-ui';
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
  const [mod, setMod] = useState<RemoteAreaModule | undefined>(() => loader?.peek(area));
  useEffect(() => {
    if (!loader || mod) return;
    let live = true;
    // The area's routes module, through the same loader as its pages (loaded once, shared).
    loader.load(area).then(
      (m) => live && setMod(m),
      () => undefined, // a remote that is down shows its error view when visited, not in the nav
    );
    return () => {
      live = false;
    };
  }, [loader, area, mod]);
  const Badge = mod?.NavBadge;
  return Badge ? <Badge /> : null;
}

/**
 * Whatever badge the area behind a nav link offers (RemoteAreaModule.NavBadge). The nav renders it for
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
