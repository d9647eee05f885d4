import type { ComponentType } from 'react';
import type { AreaName, RemoteAreaModule, RemotesManifest } from '@fitconnect/shared-ui';
import type { RolloutManifest } from './manifest';

/**
 * Loads each area's routes module from its remote, lazily and once, at runtime:
 *
 *   1. GET /remotes.json (the deployment's remotes manifest: area -> container name -> mf-manifest.json URL),
 *   2. registerRemotes(...) with the Module Federation runtime (all remotes, once),
 *   3. loadRemote('<name>/routes') when the user first visits one of the area's routes.
 *
 * A failure (manifest unreachable, remote down, bad module) rejects that area's load only; `retry(area)`
 * forgets the failure (re-reading /remotes.json if that was what failed, and re-registering the remote with
 * `force` so the runtime drops its cached manifest/entry) so the next `load(area)` really tries again.
 *
 * Staged rollouts (issue 17): an entry with `fallback` is a candidate version for this visitor. When the
 * candidate cannot be loaded (manifest unreachable, entry or chunk error, module throwing or not a routes
 * module), the area's remote is re-registered with the fallback (stable) entry and that is loaded instead:
 * no error view. Each attempt of a version is reported (`report`: loaded / failed) so the API can count
 * failures and roll a bad candidate back. Only a failure of the stable entry reaches the error view.
 *
 * The Module Federation runtime is injected (see ./runtime.ts), so unit tests run without federation.
 */

/** Marker returned by the runtime plugin's errorLoadRemote hook instead of a module (see ./runtime.ts). */
export const LOAD_FAILED = '__fitconnectRemoteLoadFailed' as const;
export interface LoadFailure {
  [LOAD_FAILED]: true;
  error: unknown;
}

export function isLoadFailure(value: unknown): value is LoadFailure {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[LOAD_FAILED] === true;
}

export interface RemoteRegistration {
  name: string;
  entry: string;
}

export interface FederationRuntime {
  registerRemotes(remotes: RemoteRegistration[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export type { RolloutManifest, RolloutRemote } from './manifest';
export { fetchRemotesManifest } from './manifest';

/** One load attempt of a version of an area (POST /api/rollout/events). */
export interface LoadReport {
  area: AreaName;
  version: string;
  outcome: 'loaded' | 'failed';
  reason?: string;
}

export interface AreaLoaderDeps {
  runtime: FederationRuntime;
  /** Reads the remotes manifest (default: GET /remotes.json, no cache). */
  fetchManifest: () => Promise<RemotesManifest | RolloutManifest>;
  /** Reports a load attempt of a versioned entry (default: a beacon to the API; see ./rolloutBeacon.ts). */
  report?: (event: LoadReport) => void;
  /**
   * The modules a remote exposes ('./routes', './navBadge', ...), read from its mf-manifest.json without
   * loading its remoteEntry.js (default: fetchRemoteExposes).
   */
  fetchExposes?: (entry: string) => Promise<string[]>;
  /**
   * Reads a remote's mf-manifest.json ahead of a visit, so the runtime does not wait for it when the area is
   * visited (see ./manifestCache.ts; used by warm()). Without it, warm() does nothing.
   */
  warmManifest?: (entry: string) => Promise<unknown>;
  /**
   * On intent (preload()), in the same task: start fetching the files the area's routes module needs from
   * its entry, when that can be done without waiting (its manifest was read ahead). Optional.
   */
  preloadFiles?: (entry: string) => void;
}

/**
 * Optional small modules an area may expose beside './routes', each with a React component as its default
 * export. The shell loads one only from the areas whose mf-manifest.json lists it, never the routes module:
 *   './navBadge'         next to the area's nav entries, signed in only (e.g. an unread count);
 *   './dashboardWidget'  a card on the signed-in user's /profile dashboard.
 */
export type AreaExtra = 'navBadge' | 'dashboardWidget';

/** Why an area could not be shown (for logs; the UI shows a plain message). */
export class AreaLoadError extends Error {
  readonly area: AreaName;
  override readonly cause: unknown;
  constructor(area: AreaName, message: string, cause?: unknown) {
    super(message);
    this.name = 'AreaLoadError';
    this.area = area;
    this.cause = cause;
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/** Checks the shape of a remote's routes module (the shell<->remote contract). */
export function toAreaModule(area: AreaName, mod: unknown): RemoteAreaModule {
  const candidate = (mod && typeof mod === 'object' && 'default' in mod ? (mod as { default: unknown }).default : mod) as
    | Partial<RemoteAreaModule>
    | null
    | undefined;
  if (!candidate || typeof candidate !== 'object' || !Array.isArray(candidate.routes)) {
    throw new AreaLoadError(area, `The ${area} remote's routes module does not export a RemoteAreaModule.`);
  }
  for (const r of candidate.routes) {
    if (!r || typeof r.path !== 'string' || typeof r.Component !== 'function' && typeof r.Component !== 'object') {
      throw new AreaLoadError(area, `The ${area} remote's routes module has an invalid route.`);
    }
  }
  if (candidate.prepare !== undefined && typeof candidate.prepare !== 'function') {
    throw new AreaLoadError(area, `The ${area} remote's routes module has a prepare that is not a function.`);
  }
  // A nav badge or dashboard widget is a module of its own (see AreaExtra), not part of the routes module.
  return { area: candidate.area ?? area, routes: candidate.routes, ...(candidate.prepare ? { prepare: candidate.prepare } : {}) };
}

/**
 * The exposes of a remote, from its mf-manifest.json (its `exposes[].path`). An entry that is not a
 * manifest (a bare remoteEntry.js) declares nothing, so the shell asks it for nothing beyond its routes.
 */
export async function fetchRemoteExposes(entry: string): Promise<string[]> {
  if (!/\.json$/.test(new URL(entry, globalThis.location?.href ?? 'http://localhost/').pathname)) return [];
  // Revalidated, not refetched: the runtime reads the same manifest when the area is visited.
  const res = await fetch(entry, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${entry} answered ${res.status}`);
  return manifestExposes(await res.json());
}

/** The `exposes[].path` of a parsed mf-manifest.json. */
export function manifestExposes(manifest: unknown): string[] {
  const body = (manifest ?? {}) as { exposes?: Array<{ path?: unknown; name?: unknown }> };
  return (Array.isArray(body.exposes) ? body.exposes : []).map((e) => (typeof e.path === 'string' ? e.path : `./${String(e.name)}`));
}

/** Reason text for a failure report (the API keeps at most 300 characters). */
function reasonOf(err: unknown): string {
  return describe(err).slice(0, 300);
}

export class AreaLoader {
  private manifest: Promise<RolloutManifest> | null = null;
  /** The /remotes.json answer once it is in (preload() looks at it without waiting). */
  private manifestValue: RolloutManifest | null = null;
  /** Areas whose candidate failed on this page: they load their fallback (stable) entry from now on. */
  private readonly fellBack = new Map<AreaName, { entry: string; version: string }>();
  private readonly pending = new Map<AreaName, Promise<RemoteAreaModule>>();
  private readonly loaded = new Map<AreaName, RemoteAreaModule>();
  private readonly needsReregister = new Set<AreaName>();
  private readonly preloaded = new Set<AreaName>();
  private readonly exposes = new Map<AreaName, Promise<string[]>>();
  private readonly extras = new Map<string, Promise<ComponentType | null>>();
  private readonly extrasLoaded = new Map<string, ComponentType | null>();

  constructor(private readonly deps: AreaLoaderDeps) {}

  /** The area's module if it already loaded (lets the UI render without a loading flash). */
  peek(area: AreaName): RemoteAreaModule | undefined {
    return this.loaded.get(area);
  }

  load(area: AreaName): Promise<RemoteAreaModule> {
    const done = this.loaded.get(area);
    if (done) return Promise.resolve(done);
    let p = this.pending.get(area);
    if (!p) {
      p = this.doLoad(area).then(
        (mod) => {
          this.loaded.set(area, mod);
          this.pending.delete(area);
          return mod;
        },
        (err: unknown) => {
          this.pending.delete(area);
          this.needsReregister.add(area);
          throw err;
        },
      );
      this.pending.set(area, p);
    }
    return p;
  }

  /**
   * Start loading an area ahead of a visit (see ./preloadOnIntent.ts). Once per area; a failure is not
   * reported here: the visit's own load() tries again.
   */
  preload(area: AreaName): void {
    if (this.loaded.has(area) || this.pending.has(area) || this.preloaded.has(area)) return;
    this.preloaded.add(area);
    const remote = this.manifestValue?.remotes.find((r) => r.area === area);
    if (remote && this.deps.preloadFiles) {
      try {
        // The entry this visitor will load: its assigned one, or the stable one after its candidate failed.
        this.deps.preloadFiles(this.fellBack.get(area)?.entry ?? remote.entry);
      } catch {
        // Only a head start.
      }
    }
    this.load(area).catch(() => undefined);
  }

  /**
   * Read the manifests of the visitor's remotes ahead of any visit (called when the page is idle, see
   * ./preloadOnIntent.ts): the entries of this visitor's /remotes.json only (a candidate's only when it is
   * this visitor's; an area that fell back to its stable version, that one), and never a remote's code.
   * Failures are ignored here: a visit reads again and reports its own failure.
   */
  async warm(): Promise<void> {
    const warmManifest = this.deps.warmManifest;
    if (!warmManifest) return;
    let manifest: RolloutManifest;
    try {
      manifest = await this.getManifest();
    } catch {
      return;
    }
    await Promise.all(
      manifest.remotes
        .filter((r) => !this.loaded.has(r.area) && !this.pending.has(r.area))
        .map((r) => warmManifest(this.fellBack.get(r.area)?.entry ?? r.entry).catch(() => undefined)),
    );
  }

  /** An extra already settled: its component, null (none), or undefined (not loaded yet). */
  peekExtra(area: AreaName, extra: AreaExtra): ComponentType | null | undefined {
    return this.extrasLoaded.get(`${area}/${extra}`);
  }

  /**
   * The area's optional extra component (see AreaExtra), or null when its remote does not expose one.
   * Loads only that small module (and the remote's entry), never the area's routes; once per page.
   * Rejects when the remote cannot be reached; a later call tries again.
   */
  loadExtra(area: AreaName, extra: AreaExtra): Promise<ComponentType | null> {
    const key = `${area}/${extra}`;
    let p = this.extras.get(key);
    if (!p) {
      p = this.doLoadExtra(area, extra).then(
        (c) => {
          this.extrasLoaded.set(key, c);
          return c;
        },
        (err: unknown) => {
          this.extras.delete(key);
          // The runtime may have cached the remote's failure: the area's next load re-registers it.
          this.needsReregister.add(area);
          throw err;
        },
      );
      this.extras.set(key, p);
    }
    return p;
  }

  private async doLoadExtra(area: AreaName, extra: AreaExtra): Promise<ComponentType | null> {
    const manifest = await this.getManifest();
    const remote = manifest.remotes.find((r) => r.area === area);
    if (!remote) return null;
    // A candidate that already failed on this page is not tried again: its stable entry is used instead.
    const stable = this.fellBack.get(area);
    try {
      const component = await this.loadExtraFrom(area, extra, remote.name, stable?.entry ?? remote.entry);
      // A candidate's extra that loads is a load of the candidate, as one that fails is a failure: a badge
      // shown on every page must not be measured against the area's (fewer) page visits alone.
      if (!stable && remote.fallback && remote.version) this.send({ area, version: remote.version, outcome: 'loaded' });
      return component;
    } catch (err) {
      if (stable || !remote.fallback) throw err;
      // The candidate failed while loading an extra (e.g. the nav badge): report it and switch this area to
      // its stable version, exactly as a failed page load does.
      console.warn(`[federation] the ${area} candidate ${remote.version ?? remote.entry} failed; loading the stable version`, err);
      if (remote.version) this.send({ area, version: remote.version, outcome: 'failed', reason: reasonOf(err) });
      this.fellBack.set(area, remote.fallback);
      this.exposes.delete(area);
      this.deps.runtime.registerRemotes([{ name: remote.name, entry: remote.fallback.entry }], { force: true });
      return this.loadExtraFrom(area, extra, remote.name, remote.fallback.entry);
    }
  }

  private async loadExtraFrom(area: AreaName, extra: AreaExtra, name: string, entry: string): Promise<ComponentType | null> {
    const remote = { name };
    let exposes = this.exposes.get(area);
    if (!exposes) {
      exposes = (this.deps.fetchExposes ?? fetchRemoteExposes)(entry);
      exposes.catch(() => this.exposes.delete(area));
      this.exposes.set(area, exposes);
    }
    if (!(await exposes).includes(`./${extra}`)) return null;
    const mod = await this.deps.runtime.loadRemote<unknown>(`${remote.name}/${extra}`);
    if (mod == null || isLoadFailure(mod)) {
      throw new AreaLoadError(area, `Loading ${remote.name}/${extra} failed`, isLoadFailure(mod) ? mod.error : undefined);
    }
    const component = typeof mod === 'object' && 'default' in mod ? (mod as { default: unknown }).default : mod;
    if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
      throw new AreaLoadError(area, `${remote.name}/${extra} does not export a component.`);
    }
    return component as ComponentType;
  }

  /** Forget an area's failure (and a failed manifest read) so the next load tries for real. */
  retry(area: AreaName): Promise<RemoteAreaModule> {
    this.loaded.delete(area);
    this.pending.delete(area);
    this.needsReregister.add(area);
    return this.load(area);
  }

  private getManifest(): Promise<RolloutManifest> {
    if (!this.manifest) {
      const p = this.deps.fetchManifest().then((manifest) => {
        // Register every remote once; loading stays lazy (loaded-first: nothing is fetched yet).
        const regs = manifest.remotes.map((r) => ({ name: r.name, entry: r.entry }));
        if (regs.length) this.deps.runtime.registerRemotes(regs);
        this.manifestValue = manifest;
        return manifest;
      });
      p.catch(() => {
        if (this.manifest === p) this.manifest = null;
      });
      this.manifest = p;
    }
    return this.manifest;
  }

  private async doLoad(area: AreaName): Promise<RemoteAreaModule> {
    let manifest: RolloutManifest;
    try {
      manifest = await this.getManifest();
    } catch (err) {
      throw new AreaLoadError(area, `Could not read the remotes manifest: ${describe(err)}`, err);
    }
    const remote = manifest.remotes.find((r) => r.area === area);
    if (!remote) throw new AreaLoadError(area, `No remote is configured for the ${area} area.`);

    const stable = this.fellBack.get(area);
    if (stable) {
      // The candidate already failed on this page: stay on the stable entry (a retry re-registers it).
      if (this.needsReregister.has(area)) {
        this.deps.runtime.registerRemotes([{ name: remote.name, entry: stable.entry }], { force: true });
        this.needsReregister.delete(area);
      }
      return this.loadVersion(area, remote.name, stable.version);
    }

    if (this.needsReregister.has(area)) {
      // Drop the runtime's cached manifest / entry / failure for this remote.
      this.deps.runtime.registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
      this.needsReregister.delete(area);
    }
    if (!remote.fallback) return this.loadVersion(area, remote.name, remote.version);

    // A candidate: on any failure, switch this remote to the stable entry and load that instead.
    try {
      return await this.loadVersion(area, remote.name, remote.version);
    } catch (err) {
      console.warn(`[federation] the ${area} candidate ${remote.version ?? remote.entry} failed; loading the stable version`, err);
      this.fellBack.set(area, remote.fallback);
      // `force` drops the runtime's cached manifest, entry and container of the candidate.
      this.deps.runtime.registerRemotes([{ name: remote.name, entry: remote.fallback.entry }], { force: true });
      return this.loadVersion(area, remote.name, remote.fallback.version);
    }
  }

  /** loadRemote('<name>/routes') once, checked, and reported when the entry has a version. */
  private async loadVersion(area: AreaName, name: string, version: string | undefined): Promise<RemoteAreaModule> {
    try {
      const mod = await this.loadRoutes(area, name);
      if (version) this.send({ area, version, outcome: 'loaded' });
      return mod;
    } catch (err) {
      if (version) this.send({ area, version, outcome: 'failed', reason: reasonOf(err) });
      throw err;
    }
  }

  private send(event: LoadReport): void {
    try {
      this.deps.report?.(event);
    } catch {
      // A report that cannot be sent never breaks the page.
    }
  }

  private async loadRoutes(area: AreaName, name: string): Promise<RemoteAreaModule> {
    let mod: unknown;
    try {
      mod = await this.deps.runtime.loadRemote<unknown>(`${name}/routes`);
    } catch (err) {
      throw new AreaLoadError(area, `Loading ${name}/routes failed: ${describe(err)}`, err);
    }
    if (mod == null) throw new AreaLoadError(area, `${name}/routes loaded nothing.`);
    if (isLoadFailure(mod)) {
      throw new AreaLoadError(area, `Loading ${name}/routes failed: ${describe(mod.error)}`, mod.error);
    }
    return toAreaModule(area, mod);
  }
}
