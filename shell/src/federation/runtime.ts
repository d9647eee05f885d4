import { loadRemote, loadShare, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { AreaLoader, fetchRemotesManifest, LOAD_FAILED, manifestExposes, type FederationRuntime, type LoadFailure } from './areaLoader';
import { isManifestUrl, manifestCachePlugin, readManifest } from './manifestCache';
import { installErrorAttribution, noteManifest, sendLoadReport, startVitals } from './rolloutBeacon';
import { preloadRoutesNow, takeEarlyManifest } from './earlyStart';

/**
 * Runtime plugin: when a remote cannot be loaded (manifest unreachable or invalid, remoteEntry.js
 * missing, the exposed module throwing while it is evaluated), answer with a fallback marker instead of
 * an exception. The area loader turns the marker into that area's error state; nothing else is affected.
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

let pluginRegistered = false;

/** The real Module Federation runtime (the instance the shell's build created). */
export const federationRuntime: FederationRuntime = {
  registerRemotes(remotes, options) {
    if (!pluginRegistered) {
      registerPlugins([areaFallbackPlugin(), manifestCachePlugin()]);
      pluginRegistered = true;
    }
    registerRemotes(remotes, options);
  },
  loadRemote<T>(id: string) {
    return loadRemote<T>(id);
  },
};

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
    // look at a remote's exposes, the idle read ahead of a visit and the runtime's own read share it.
    fetchExposes: async (entry) => (isManifestUrl(entry) ? manifestExposes(await readManifest(entry)) : []),
    warmManifest: (entry) => (isManifestUrl(entry) ? readManifest(entry) : Promise.resolve()),
    preloadFiles: (entry) => void preloadRoutesNow(entry, undefined, warmShared),
  });
}
