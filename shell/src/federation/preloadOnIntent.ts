import { useEffect } from 'react';
import { areaForPath } from '@fitconnect/shared-ui';
import type { AreaLoader } from './areaLoader';

/**
 * Loads an area's remote (remoteEntry.js and its routes module) as soon as the user shows intent to go
 * there: the pointer over a link to one of its routes, keyboard focus on it, or a touch. Nothing is
 * loaded on landing, and each area at most once; a failed preload is forgotten (the visit itself
 * tries again and shows the area's error view if it fails too).
 *
 * One delegated listener on the document, so every link (top bar, tab bar, the landing page's calls to
 * action, links inside areas) preloads without the nav components knowing about it.
 */
export function areaOfLink(target: EventTarget | null, origin = window.location.origin) {
  const el = target instanceof Element ? target.closest('a[href]') : null;
  if (!el) return null;
  let url: URL;
  try {
    url = new URL((el as HTMLAnchorElement).href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return areaForPath(url.pathname);
}

export function usePreloadOnIntent(loader: AreaLoader) {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const area = areaOfLink(event.target);
      if (area) loader.preload(area);
    };
    const opts = { capture: true, passive: true } as const;
    document.addEventListener('pointerover', onIntent, opts);
    document.addEventListener('focusin', onIntent, opts);
    document.addEventListener('touchstart', onIntent, opts);
    return () => {
      document.removeEventListener('pointerover', onIntent, opts);
      document.removeEventListener('focusin', onIntent, opts);
      document.removeEventListener('touchstart', onIntent, opts);
    };
  }, [loader]);
}
