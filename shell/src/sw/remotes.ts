/// <reference lib="webworker" />
// The remotes' files in the service worker, following /remotes.json (per visitor, from the rollout API).
//
// One cache per remote VERSION: fc-remote-<area>-<key>, where <key> is the /remotes.json `version` of the
// entry when it has one (a rollout's versioned build), plus a hash of the mf-manifest.json the remote
// answered (so a redeploy at the same URL is a new version too). A version's cache holds its
// mf-manifest.json, remoteEntry.js and its content-hashed chunks.
//   - mf-manifest.json / remoteEntry.js: network first (a redeploy is seen on the next online load), the
//     cached copy offline;
//   - chunks (content-hashed, immutable): cache first;
//   - when an online answer of an area's manifest names a new version, the area's other version caches are
//     deleted: a new deploy or rollout assignment REPLACES what was cached. A remote version the visitor's
//     /remotes.json no longer names is never served online: the page asks for the new entry (network first)
//     whose chunks have other URLs.
// The strategies are Workbox's (workbox-strategies); this file only decides which cache a request belongs to.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core/types';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { manifestPublicPath, remoteEntryFile } from '../federation/manifestPaths';

declare const self: ServiceWorkerGlobalScope;

export const REMOTE_CACHE_PREFIX = 'fc-remote-';
/** Where the last answered manifest of each entry URL is kept, to know its version offline. */
const MANIFESTS_CACHE = 'fc-remote-manifests';
const HASHED = /\.[0-9a-f]{8,}\.(js|css)$/i;

interface RemoteEntry {
  area: string;
  name: string;
  entry: string;
  version?: string;
  fallback?: { entry: string; version: string };
  /** Named only as another entry's fallback (its stable version). */
  isFallback?: boolean;
}

interface MfManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } } }>;
}

/** A version of a remote as the worker knows it. */
interface Version {
  area: string;
  cacheName: string;
  manifestUrl: string;
  /** Where its files live (the manifest's publicPath, or beside the manifest). */
  base: string;
  entryUrl: string;
  files: string[];
}

/** The files of a remote version named by its mf-manifest.json: remoteEntry.js and every exposed module's chunks. */
export function filesOf(manifestUrl: string, manifest: MfManifest): { base: string; entryUrl: string; files: string[] } {
  const meta = manifest.metaData ?? {};
  const base = manifestPublicPath(manifestUrl, meta).href;
  const re = meta.remoteEntry ?? {};
  const entryUrl = new URL(remoteEntryFile({ name: re.name ?? 'remoteEntry.js', path: re.path }), base).href;
  const files = new Set<string>([entryUrl]);
  for (const e of manifest.exposes ?? []) {
    for (const kind of [e.assets?.js, e.assets?.css]) {
      for (const f of [...(kind?.sync ?? []), ...(kind?.async ?? [])]) files.add(new URL(f, base).href);
    }
  }
  return { base, entryUrl, files: [...files] };
}

/** A short stable hash of a text (SHA-256, 12 hex digits). */
async function shortHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)]
    .slice(0, 6)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 60);

export class RemoteCaches {
  /** /remotes.json's entries (the last answer), by manifest URL. */
  private entries = new Map<string, RemoteEntry>();
  /** The version each entry URL answered last, by manifest URL. */
  private versions = new Map<string, Version>();
  private restored: Promise<void> | null = null;
  private readonly strategies = new Map<string, { network: NetworkFirst; cache: CacheFirst }>();
  private manifestsStrategy: NetworkFirst | null = null;

  /** Rebuild what the worker knew from its caches (a worker is stopped when idle and started again). */
  private restore(): Promise<void> {
    this.restored ??= (async () => {
      const json = await caches.match('/remotes.json', { cacheName: 'fc-remotes-json', ignoreVary: true, ignoreSearch: true });
      if (json) this.setEntries(await json.json().catch(() => null));
      const manifests = await caches.open(MANIFESTS_CACHE);
      for (const req of await manifests.keys()) {
        const res = await manifests.match(req);
        if (res) await this.learn(req.url, await res.text(), false);
      }
    })().catch(() => undefined);
    return this.restored;
  }

  private setEntries(body: unknown) {
    const list = body && typeof body === 'object' && Array.isArray((body as { remotes?: unknown }).remotes) ? (body as { remotes: RemoteEntry[] }).remotes : [];
    const next = new Map<string, RemoteEntry>();
    for (const r of list) {
      if (!r || typeof r.entry !== 'string' || typeof r.area !== 'string') continue;
      try {
        next.set(new URL(r.entry, self.location.href).href, r);
        if (r.fallback && typeof r.fallback.entry === 'string') {
          const fb = new URL(r.fallback.entry, self.location.href).href;
          if (!next.has(fb)) next.set(fb, { area: r.area, name: r.name, entry: r.fallback.entry, version: r.fallback.version, isFallback: true });
        }
      } catch {
        // Not a URL: the page cannot load it either.
      }
    }
    this.entries = next;
  }

  /** An answer of /remotes.json (network or cache): the remotes the page will load. */
  async remotesJson(response: Response): Promise<void> {
    await this.restore();
    if (response.ok) this.setEntries(await response.json().catch(() => null));
  }

  /**
   * A NETWORK answer of /remotes.json (Workbox's cacheDidUpdate: only a fresh answer is written to the cache):
   * the versions it no longer names are forgotten and their caches deleted.
   */
  readonly remotesJsonPlugin: WorkboxPlugin = {
    cacheDidUpdate: async ({ newResponse }) => {
      await this.restore();
      this.setEntries(await newResponse.clone().json().catch(() => null));
      const named = new Set(this.entries.keys());
      const manifests = await caches.open(MANIFESTS_CACHE);
      for (const req of await manifests.keys()) {
        if (!named.has(req.url)) {
          await manifests.delete(req);
          this.versions.delete(req.url);
        }
      }
      await this.deleteCachesExcept([...this.versions.values()].map((v) => v.cacheName));
    },
  };

  /** A NETWORK answer of a remote's mf-manifest.json: its version replaces the area's others. */
  private readonly manifestPlugin: WorkboxPlugin = {
    cacheDidUpdate: async ({ request, newResponse }) => {
      await this.learn(request.url, await newResponse.clone().text(), true);
    },
  };

  /** Does the worker know this area's entry (from /remotes.json)? */
  async knowsArea(area: string): Promise<boolean> {
    await this.restore();
    return [...this.entries.values()].some((r) => r.area === area);
  }

  /** Is this request a file of a remote /remotes.json names (its manifest, entry or a chunk)? */
  owns(url: URL): boolean {
    if (this.entries.has(url.href)) return true;
    if (!HASHED.test(url.pathname) && !url.pathname.endsWith('/remoteEntry.js')) return false;
    return this.versionFor(url.href) !== null || this.entries.size === 0 || this.restored === null;
  }

  /** The known version whose files `href` belongs to (longest base first). */
  private versionFor(href: string): Version | null {
    let best: Version | null = null;
    for (const v of this.versions.values()) {
      if ((v.files.includes(href) || href.startsWith(v.base)) && (!best || v.base.length > best.base.length)) best = v;
    }
    return best;
  }

  private strategiesFor(cacheName: string) {
    let s = this.strategies.get(cacheName);
    if (!s) {
      s = {
        network: new NetworkFirst({ cacheName, matchOptions: { ignoreVary: true } }),
        cache: new CacheFirst({
          cacheName,
          matchOptions: { ignoreVary: true },
          plugins: [
            // Chunks are loaded by <script> without CORS: their answers are opaque (status 0).
            new CacheableResponsePlugin({ statuses: [0, 200] }),
            new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true }),
          ],
        }),
      };
      this.strategies.set(cacheName, s);
    }
    return s;
  }

  async handle(options: RouteHandlerCallbackOptions): Promise<Response> {
    await this.restore();
    const request = options.request instanceof Request ? options.request : new Request(options.request);
    const href = new URL(request.url).href;
    if (this.entries.has(href)) return this.manifest(href, options);
    const version = this.versionFor(href);
    if (!version) return fetch(request);
    const { network, cache } = this.strategiesFor(version.cacheName);
    // remoteEntry.js keeps its name from build to build: network first; chunks are content-hashed: cache first.
    return href === version.entryUrl || !HASHED.test(new URL(href).pathname) ? network.handle(options) : cache.handle(options);
  }

  /** A remote's mf-manifest.json: network first; a new answer online is a (maybe new) version of the area. */
  private async manifest(href: string, options: RouteHandlerCallbackOptions): Promise<Response> {
    this.manifestsStrategy ??= new NetworkFirst({ cacheName: MANIFESTS_CACHE, matchOptions: { ignoreVary: true }, plugins: [this.manifestPlugin] });
    const response = await this.manifestsStrategy.handle(options);
    // Known at once (the page asks for the entry next); replacing older versions waits for manifestPlugin.
    if (response.ok && response.type !== 'opaque') await this.learn(href, await response.clone().text(), false);
    return response;
  }

  /** Know the version an entry URL answered; online, the area's other version caches go. */
  private async learn(manifestUrl: string, text: string, replace: boolean): Promise<Version | null> {
    const entry = this.entries.get(manifestUrl);
    let manifest: MfManifest;
    try {
      manifest = JSON.parse(text) as MfManifest;
    } catch {
      return null;
    }
    const area = entry?.area ?? this.versions.get(manifestUrl)?.area;
    if (!area) return null;
    const key = `${entry?.version ? `${safe(entry.version)}-` : ''}${await shortHash(text)}`;
    const cacheName = `${REMOTE_CACHE_PREFIX}${safe(area)}-${key}`;
    const version: Version = { area, cacheName, manifestUrl, ...filesOf(manifestUrl, manifest) };
    this.versions.set(manifestUrl, version);
    if (replace) {
      // Other entry URLs of this area that /remotes.json still names (a candidate's stable fallback) stay.
      const keep = [...this.versions.values()].filter((v) => v.area !== area || v.manifestUrl === manifestUrl || this.entries.has(v.manifestUrl)).map((v) => v.cacheName);
      await this.deleteCachesExcept(keep, area);
      for (const [url, v] of this.versions) if (v.area === area && !keep.includes(v.cacheName)) this.versions.delete(url);
    }
    return version;
  }

  /** Delete remote version caches not in `keep` (of one area, or of all). */
  private async deleteCachesExcept(keep: string[], area?: string): Promise<void> {
    const prefix = area ? `${REMOTE_CACHE_PREFIX}${safe(area)}-` : REMOTE_CACHE_PREFIX;
    for (const name of await caches.keys()) {
      if (name.startsWith(prefix) && name !== MANIFESTS_CACHE && !keep.includes(name)) await caches.delete(name);
    }
  }

  /**
   * Cache every file of an area's current version (asked by the page once a signed-in visitor has opened
   * the area): its remoteEntry.js and all its exposed modules' chunks, so its pages (saved plans, plan view,
   * guided session) load offline, including the ones not visited yet.
   */
  async cacheWholeArea(area: string, event: ExtendableEvent): Promise<void> {
    await this.restore();
    const current = [...this.entries.entries()].find(([, r]) => r.area === area && !r.isFallback);
    if (!current) return;
    const [manifestUrl] = current;
    let version = this.versions.get(manifestUrl);
    if (!version) {
      const res = await fetch(manifestUrl, { cache: 'no-cache' }).catch(() => null);
      if (!res || !res.ok) return;
      const text = await res.clone().text();
      await (await caches.open(MANIFESTS_CACHE)).put(manifestUrl, res);
      version = (await this.learn(manifestUrl, text, true)) ?? undefined;
    }
    if (!version) return;
    const { cache, network } = this.strategiesFor(version.cacheName);
    const cached = await caches.open(version.cacheName);
    await Promise.all(
      version.files.map(async (file) => {
        if (await cached.match(file, { ignoreVary: true })) return;
        const request = new Request(file, { mode: 'no-cors', credentials: 'omit' });
        const strategy = file === version.entryUrl ? network : cache;
        await Promise.all(strategy.handleAll({ request, event })).catch(() => undefined);
      }),
    );
  }
}
