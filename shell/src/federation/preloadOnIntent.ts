import { useEffect } from 'react';
import { areaForPath } from '@fitconnect/shared-ui';
import { whenIdleAfterLoad } from '../whenIdle';
import type { AreaLoader } from './areaLoader';

/**
 * Loads an area's remote (remoteEntry.js and its routes module) as soon as the user shows intent to go
 * there: the pointer over a link to one of its routes, keyboard focus on it, or a touch. Nothing is
 * loaded on landing, and each area at most once; a failed preload is forgotten (the visit itself
 * tries again and shows the area's error view if it fails too). Before any intent, when the landing page is
 * idle, only the remotes' manifests are read (warmWhenIdle): no code.
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

/** The visitor asked for less data (Save-Data, a 2G connection): nothing is read ahead at idle. */
function savesData(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return !!c && (c.saveData === true || /(^|-)2g$/.test(c.effectiveType ?? ''));
}

/**
 * Once the page has loaded and the browser is idle, read the manifests of the visitor's remotes
 * (AreaLoader.warm: small JSON, no code), so a first visit to an area starts with its remoteEntry.js
 * instead of waiting for its mf-manifest.json (./manifestCache.ts). Returns a cancel function.
 */
export function warmWhenIdle(loader: AreaLoader, win: Window = window): () => void {
  if (savesData()) return () => undefined;
  return whenIdleAfterLoad(() => void loader.warm().catch(() => undefined), win);
}

export function usePreloadOnIntent(loader: AreaLoader) {
  useEffect(() => warmWhenIdle(loader), [loader]);
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
