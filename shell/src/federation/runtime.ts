import { loadRemote, loadShare, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { AreaLoader, fetchRemotesManifest, LOAD_FAILED, manifestExposes, type FederationRuntime, type LoadFailure } from './areaLoader';
import { forgetManifest, isManifestUrl, readManifest, remoteEntryOf } from './manifestCache';
import { installErrorAttribution, noteManifest, sendLoadReport, startVitals } from './rolloutBeacon';
import { preloadRoutesNow, takeEarlyManifest } from './earlyStart';

/**
 * Runtime plugin: when a remote cannot be loaded (remoteEntry.js missing or broken, the exposed module
 * throwing while it is evaluated), answer with a fallback marker instead of an exception. The area loader turns
 * the marker into that area's error state; nothing else is affected. (An unreadable manifest is answered the
 * same way before the runtime is asked: createFederationRuntime below.)
 */
export function areaFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'fitconnect-area-fallback',
    errorLoadRemote(args) {
      // Only the final stage of loadRemote expects a module back; earlier stages re-surface there.
      if (args.lifecycle !== 'onLoad') return undefined;
      console.warn(`[federation] could not load ${args.id}:`, args.error);
      const failure: LoadFailure = { [LOAD_FAILED]: true, error: args.error };
      return failure;
    },
  };
}

/** The parts of the Module Federation runtime the shell calls (injected in tests). */
export interface MfRuntimeCalls {
  registerRemotes: typeof registerRemotes;
  loadRemote: typeof loadRemote;
  registerPlugins: typeof registerPlugins;
}

/**
 * The area loader's FederationRuntime over Module Federation's runtime.
 *
 * A remote the area loader registers by its mf-manifest.json is not registered with the runtime at once: the
 * shell reads the manifest itself (./manifestCache.ts, usually read ahead at idle or by the early start) and,
 * when one of the remote's modules is first asked for, registers the remote by the remoteEntry.js that
 * manifest names. The runtime so never reads a manifest, and the shell's build leaves out the runtime's
 * manifest and snapshot code (`disableSnapshot` in build-config/rspack.js): less JavaScript on landing, less
 * work on a first switch. A manifest that cannot be read, or names no entry, answers the load as the
 * runtime's own failures do (areaFallbackPlugin); the remote's next load reads the manifest again.
 */
export function createFederationRuntime(mf: MfRuntimeCalls = { registerRemotes, loadRemote, registerPlugins }): FederationRuntime {
  let pluginRegistered = false;
  /** Remotes registered by a manifest whose runtime registration waits for a load. */
  const awaitingManifest = new Map<string, { manifest: string }>();
  /** Names the runtime has an entry for: a later registration of the name replaces it (`force`). */
  const inRuntime = new Set<string>();

  const registerEntry = (name: string, entry: string, extra: { globalName?: string; type?: string } = {}) => {
    mf.registerRemotes(
      [{ name, entry, ...(extra.globalName ? { entryGlobalName: extra.globalName } : {}), ...(extra.type ? { type: extra.type } : {}) }],
      // `force` drops what the runtime holds for the name: its entry, its loaded container, a cached failure.
      { force: inRuntime.has(name) },
    );
    inRuntime.add(name);
  };

  return {
    registerRemotes(remotes, options) {
      if (!pluginRegistered) {
        mf.registerPlugins([areaFallbackPlugin()]);
        pluginRegistered = true;
      }
      for (const r of remotes) {
        // As the runtime does: a name already registered is replaced only with `force`.
        if (!options?.force && (inRuntime.has(r.name) || awaitingManifest.has(r.name))) continue;
        if (isManifestUrl(r.entry)) {
          // A re-registration (Retry, a fallback) reads the manifest from the network again.
          if (options?.force) forgetManifest(r.entry);
          awaitingManifest.set(r.name, { manifest: r.entry });
        } else {
          awaitingManifest.delete(r.name);
          registerEntry(r.name, r.entry);
        }
      }
    },
    async loadRemote<T>(id: string) {
      const name = id.slice(0, id.indexOf('/'));
      const waiting = awaitingManifest.get(name);
      if (waiting) {
        let entry: ReturnType<typeof remoteEntryOf>;
        try {
          entry = remoteEntryOf(waiting.manifest, await readManifest(waiting.manifest));
        } catch (error) {
          forgetManifest(waiting.manifest);
          console.warn(`[federation] could not load ${id}:`, error);
          const failure: LoadFailure = { [LOAD_FAILED]: true, error };
          return failure as T;
        }
        // Another load of the same remote (its routes and its nav badge) may have registered it meanwhile.
        if (awaitingManifest.get(name) === waiting) {
          awaitingManifest.delete(name);
          registerEntry(name, entry.url, entry);
        }
      }
      return mf.loadRemote<T>(id);
    },
  };
}

/** The real Module Federation runtime (the instance the shell's build created). */
export const federationRuntime: FederationRuntime = createFederationRuntime();

/**
 * Starts loading a module the shell shares (the area's routes module will ask for it once its remoteEntry.js
 * has run): the runtime keeps the load, and the remote's request takes it. One already loaded is not loaded
 * again; a name the shell does not share is refused by the runtime, and that is all (the visit loads as before).
 */
function warmShared(name: string): void {
  void loadShare(name).catch(() => undefined);
}

/** The shell's one area loader. */
export function createDefaultAreaLoader(): AreaLoader {
  // A candidate that fails falls back to the stable entry; every versioned load attempt is reported (issue 17).
  // Issue 34: uncaught errors of an area's scripts and (sampled, deferred) web vitals are reported per version.
  if (typeof window !== 'undefined') {
    installErrorAttribution(window);
    startVitals();
  }
  return new AreaLoader({
    runtime: federationRuntime,
    fetchManifest: () => (takeEarlyManifest() ?? fetchRemotesManifest('/remotes.json')).then(noteManifest),
    report: sendLoadReport,
    // One read of each remote's mf-manifest.json per page (./manifestCache.ts): the nav badge's and dashboard's
    // look at a remote's exposes, the idle read ahead of a visit and the remote's registration (above) share it.
    fetchExposes: async (entry) => (isManifestUrl(entry) ? manifestExposes(await readManifest(entry)) : []),
    warmManifest: (entry) => (isManifestUrl(entry) ? readManifest(entry) : Promise.resolve()),
    preloadFiles: (entry) => void preloadRoutesNow(entry, undefined, warmShared),
  });
}
