import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

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
 * (./earlyStart.ts), and the Module Federation runtime gets that answer through its `fetch` hook
 * (manifestCachePlugin) instead of asking the remote again, so a switch starts with remoteEntry.js.
 *
 * Only URLs the visitor's /remotes.json named are read (the rollout assignment: a candidate only for a
 * visitor on it, a fallback only after the candidate failed). The runtime takes each answer once: when the
 * area loader re-registers a remote (Retry, a fallback), the runtime reads that manifest from the network
 * again. A failed read is forgotten (the runtime then asks itself and reports its own failure).
 *
 * No imports at runtime: the page's entry (../index.ts, through ./earlyStart.ts) uses this before Module
 * Federation has set up sharing.
 */

interface Entry {
  json: Promise<unknown>;
  /** The answer once it is in (for a synchronous look, see peekManifest). */
  value?: unknown;
  /** The runtime already used this answer: its next read of the URL (after a re-registration) is its own. */
  taken: boolean;
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
  const entry: Entry = { json, taken: false };
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

/** An answer read ahead for `url` that the runtime has not used yet. */
export function hasManifest(url: string): boolean {
  const entry = cache.get(key(url));
  return !!entry && !entry.taken;
}

/**
 * The answer for the runtime's own read of `url`, once: undefined when nothing was read ahead (or it was
 * already taken, or the read failed).
 */
export async function takeManifest(url: string): Promise<unknown | undefined> {
  const entry = cache.get(key(url));
  if (!entry || entry.taken) return undefined;
  entry.taken = true;
  try {
    return await entry.json;
  } catch {
    return undefined;
  }
}

/** Forget every answer (tests). */
export function clearManifestCache(): void {
  cache.clear();
}

/**
 * Runtime plugin: the runtime's mf-manifest.json read is answered from readManifest's answer when there is
 * one (a read that failed is made again by the runtime's own request, whose failure it reports as before).
 */
export function manifestCachePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'fitconnect-manifest-cache',
    fetch(url: string, init: RequestInit) {
      if (!isManifestUrl(url) || !hasManifest(url)) return undefined;
      return takeManifest(url).then((json) =>
        json === undefined ? fetch(url, init) : new Response(JSON.stringify(json), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      );
    },
  };
}
