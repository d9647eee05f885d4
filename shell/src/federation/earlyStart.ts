// shared-ui's area table by its file, not the package: the package is a shared singleton, which the page's
// entry cannot import before Module Federation has set up sharing (this file has no imports of its own).
import { areaForPath } from '@fitconnect/shared-ui/src/federation';
import { fetchRemotesManifest, type RolloutManifest } from './manifest';
import { peekManifest, readManifest, remoteEntryOf } from './manifestCache';
import { manifestPublicPath } from './manifestPaths';

/**
 * A page opened at an area's URL (/exercise-tutorials, /challenges/5, ...) needs that area's remote before
 * it can show anything, and the remote was found only after the app's own code had loaded and rendered
 * (/remotes.json, then the remote's mf-manifest.json, then its remoteEntry.js and routes module, one after
 * the other). The page's entry (../index.ts) calls `startEarly()` first, so that chain runs while the
 * browser is still loading and starting React:
 *   - GET /remotes.json at once; the area loader takes this answer instead of asking again
 *     (`takeEarlyManifest`), so the visitor's rollout assignment is read once, as before;
 *   - the area's mf-manifest.json, then `<link rel="preload" as="script">` for its remoteEntry.js and the
 *     files its './routes' module needs to run, so the runtime finds them in the browser's cache. The routes
 *     module's lazy pages (its async files: the generator, a detail page) get `rel="prefetch"`: only one of
 *     them, or none, is needed on this page, so they load at idle priority (content-hashed files are cached
 *     for a year) instead of competing with the files the page needs and being reported unused.
 * Preloading only fetches: nothing runs before the area loader loads the area as it always did (the
 * rollout fallback, reports and error view are unchanged). Pages that are not an area's (the landing page,
 * sign in, ...) start nothing here.
 */

let early: Promise<RolloutManifest> | null = null;

/**
 * The script URLs this page already has or asked for: preload and prefetch links, script elements (a remote whose
 * nav badge loaded its remoteEntry.js: a preload would request it again, as remoteEntry.js is revalidated, not
 * cached for good) and fetched resources. Read once per batch of preloads, not once per file.
 */
function knownScripts(): Set<string> {
  const known = new Set<string>();
  for (const l of document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"], link[rel="prefetch"]')) known.add(l.href);
  for (const sc of document.scripts) if (sc.src) known.add(sc.src);
  if (typeof performance !== 'undefined' && typeof performance.getEntriesByType === 'function') {
    for (const e of performance.getEntriesByType('resource')) known.add(e.name);
  }
  return known;
}

function preloadScript(href: string, known: Set<string>, rel: 'preload' | 'prefetch' = 'preload'): void {
  if (known.has(href)) return;
  known.add(href);
  const link = document.createElement('link');
  link.rel = rel;
  link.as = 'script';
  // No crossorigin attribute: the runtime adds remote scripts without one, and a preload is reused only
  // by a request of the same mode.
  link.href = href;
  document.head.appendChild(link);
}

interface MfManifest {
  /** syncShared: the shared modules each expose needs before it runs (build-config/exposeShared.js). */
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string }; syncShared?: Record<string, unknown> };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[]; async?: string[] } } }>;
}

/**
 * `<link rel="preload">` for the remoteEntry.js and './routes' files named by a remote's manifest (and, with
 * `prefetchLazy`, `rel="prefetch"` for the routes module's lazy pages).
 */
function preloadFromManifest(entryUrl: URL, manifest: MfManifest, prefetchLazy: boolean): void {
  // A manifest that names no entry, or computes its public path at runtime (getPublicPath), preloads nothing.
  let entry: string;
  try {
    entry = remoteEntryOf(entryUrl.href, manifest).url;
  } catch {
    return;
  }
  const publicPath = manifestPublicPath(entryUrl, manifest.metaData);
  const file = (name: string) => new URL(name, publicPath).href;
  const known = knownScripts();
  preloadScript(entry, known);
  const routes = manifest.exposes?.find((e) => e.path === './routes');
  for (const name of routes?.assets?.js?.sync ?? []) preloadScript(file(name), known);
  if (prefetchLazy) for (const name of routes?.assets?.js?.async ?? []) preloadScript(file(name), known, 'prefetch');
}

/** Preload an area's remoteEntry.js and routes files (prefetch its lazy pages), read from its mf-manifest.json (or a bare entry). */
export async function preloadAreaFiles(entry: string, base = window.location.href): Promise<void> {
  const entryUrl = new URL(entry, base);
  if (!/\.json$/.test(entryUrl.pathname)) {
    preloadScript(entryUrl.href, knownScripts());
    return;
  }
  // Read once for the page: the remote is registered from this answer when the area loads (./runtime.ts).
  let manifest: MfManifest;
  try {
    manifest = ((await readManifest(entryUrl.href)) ?? {}) as MfManifest;
  } catch {
    return;
  }
  preloadFromManifest(entryUrl, manifest, true);
}

/**
 * On intent to visit an area (./preloadOnIntent.ts), in the same task: `<link rel="preload">` for its
 * remoteEntry.js and './routes' files when its manifest was read ahead (warmWhenIdle), so they are on the
 * way before the runtime has worked through its own steps. No lazy pages: only what the visit will load anyway.
 * `warmShared` is called with each shared module './routes' needs before it runs (the manifest's
 * metaData.syncShared.routes): the shell provides them, and would otherwise start loading them only once
 * remoteEntry.js had run (runtime.ts starts them through the federation runtime). Returns whether the
 * manifest was at hand.
 */
export function preloadRoutesNow(entry: string, base = window.location.href, warmShared?: (name: string) => void): boolean {
  let entryUrl: URL;
  try {
    entryUrl = new URL(entry, base);
  } catch {
    return false;
  }
  const manifest = peekManifest(entryUrl.href) as MfManifest | undefined;
  if (!manifest || typeof manifest !== 'object') return false;
  preloadFromManifest(entryUrl, manifest, false);
  const shared = manifest.metaData?.syncShared?.routes;
  if (warmShared && Array.isArray(shared)) for (const name of shared) if (typeof name === 'string') warmShared(name);
  return true;
}

/** Called once by the page's entry, before the app's code loads. */
export function startEarly(pathname = window.location.pathname): void {
  const area = areaForPath(pathname);
  if (!area) return;
  early = fetchRemotesManifest('/remotes.json');
  early
    .then((m) => {
      const remote = m.remotes.find((r) => r.area === area);
      return remote ? preloadAreaFiles(remote.entry) : undefined;
    })
    // Only a head start: the area loader reads /remotes.json's failure itself and shows the error view.
    .catch(() => undefined);
}

/** The /remotes.json answer startEarly() asked for, once (null when it asked for none or it was taken). */
export function takeEarlyManifest(): Promise<RolloutManifest> | null {
  const p = early;
  early = null;
  return p;
}
