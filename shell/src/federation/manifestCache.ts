/**
 * One read of each remote's mf-manifest.json per page, shared by everything that needs it.
 *
 * Why (issue 35 item 3): a first switch into an area waited for a chain the monolith does not have:
 * GET mf-manifest.json, then remoteEntry.js and the routes chunk, then the shell's shared chunks the routes
 * module consumes, each step starting only when the one before had answered (a trace at 4x CPU: the
 * manifest alone took 60-240 ms after the pointer reached the link, while the monolith's chunks had all
 * arrived by then). The manifest is small JSON and says nothing a visitor should not see, so it can be
 * read before the visit: the shell reads the manifests of the visitor's remotes when the landing page is
 * idle (AreaLoader.warm, see ./preloadOnIntent.ts), the early start reads an area page's own manifest
 * (./earlyStart.ts), and the shell registers the remote with the Module Federation runtime by the
 * remoteEntry.js that answer names (./runtime.ts): the runtime never reads a manifest itself, so a switch
 * starts with remoteEntry.js, and the runtime's manifest machinery (snapshots, preload-asset generation) is
 * left out of the shell's build (`disableSnapshot`).
 *
 * Only URLs the visitor's /remotes.json named are read (the rollout assignment: a candidate only for a
 * visitor on it, a fallback only after the candidate failed). When the area loader re-registers a remote
 * (Retry, a fallback), its manifest is forgotten and read from the network again (forgetManifest). A failed
 * read is forgotten.
 *
 * Imports only ./manifestPaths.ts (itself without imports): the page's entry (../index.ts, through
 * ./earlyStart.ts) uses this before Module Federation has set up sharing.
 */

import { manifestPublicPath, remoteEntryFile } from './manifestPaths';

interface Entry {
  json: Promise<unknown>;
  /** The answer once it is in (for a synchronous look, see peekManifest). */
  value?: unknown;
}

const cache = new Map<string, Entry>();

function key(url: string): string {
  try {
    return new URL(url, globalThis.location?.href ?? 'http://localhost/').href;
  } catch {
    return url;
  }
}

/** The remote's mf-manifest.json, read once for the page (revalidated with the server, as the runtime does). */
export function readManifest(url: string): Promise<unknown> {
  const k = key(url);
  const found = cache.get(k);
  if (found) return found.json;
  const json = fetch(k, { cache: 'no-cache', headers: { Accept: 'application/json' } }).then((res) => {
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return res.json() as Promise<unknown>;
  });
  const entry: Entry = { json };
  cache.set(k, entry);
  json.then(
    (value) => {
      entry.value = value;
    },
    () => {
      if (cache.get(k) === entry) cache.delete(k);
    },
  );
  return json;
}

/** The manifest of `url` if readManifest's answer is already in (else undefined). */
export function peekManifest(url: string): unknown {
  return cache.get(key(url))?.value;
}

/** Is `url` a remote's manifest (mf-manifest.json or another .json), not a bare remoteEntry.js? */
export function isManifestUrl(url: string): boolean {
  try {
    return /\.json$/.test(new URL(url, globalThis.location?.href ?? 'http://localhost/').pathname);
  } catch {
    return false;
  }
}

/** Forget the answer for `url`: the next read asks the server again (a re-registration after a failure). */
export function forgetManifest(url: string): void {
  cache.delete(key(url));
}

/** What a remote's mf-manifest.json says about its entry (the fields our builds write). */
export interface ManifestLike {
  metaData?: { globalName?: string; publicPath?: string; getPublicPath?: string; remoteEntry?: { name?: string; path?: string; type?: string } };
}

/**
 * The remoteEntry.js a remote's manifest names, as an absolute URL, with the global it sets. Public path
 * 'auto' (what our builds write): the files sit beside the manifest. Throws when the manifest names no entry,
 * or computes its public path at runtime (getPublicPath, which our builds never use).
 */
export function remoteEntryOf(manifestUrl: string, manifest: unknown): { url: string; globalName?: string; type?: string } {
  const meta = (manifest as ManifestLike | null)?.metaData;
  const re = meta?.remoteEntry;
  if (!meta || !re || typeof re.name !== 'string' || !re.name) throw new Error(`${manifestUrl} names no remoteEntry`);
  if (meta.getPublicPath) throw new Error(`${manifestUrl} computes its public path at runtime, which the shell does not run`);
  const base = manifestPublicPath(manifestUrl, meta);
  return {
    url: new URL(remoteEntryFile({ name: re.name, path: re.path }), base).href,
    ...(typeof meta.globalName === 'string' && meta.globalName ? { globalName: meta.globalName } : {}),
    ...(typeof re.type === 'string' && re.type ? { type: re.type } : {}),
  };
}

/** Forget every answer (tests). */
export function clearManifestCache(): void {
  cache.clear();
}

