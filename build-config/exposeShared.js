// Which shared modules each exposed module needs before it can run, written into a remote's mf-manifest.json
// (metaData.syncShared: { routes: ['react', '@fitconnect/shared-ui/patterns', ...] }).
//
// Why: a first visit to an area loads remoteEntry.js, and only when it has run does the federation runtime
// ask for the shared modules the './routes' module imports (the shell provides them: challenge-rules, the
// shared-ui patterns). The shell reads the manifest ahead of the visit, so with this list it can start those
// loads itself on the visitor's intent, beside remoteEntry.js, instead of one round trip after it
// (shell/src/federation/earlyStart.ts; docs/performance.md, "first switch").
//
// The list is the consume-shared modules of the chunk groups the expose's own files belong to: what the
// runtime loads before the module runs (its lazy pages' shared modules come later, on their own).

/** The share key of a consume-shared module's identifier, "consume shared module (<scope>) <key>@<version> ...". */
function shareKeyOf(identifier) {
  const m = /^consume shared module \([^)]*\) (.+?)@[^@\s]*(?:\s|$)/.exec(identifier);
  return m ? m[1] : null;
}

/**
 * The manifest plugin's `additionalData` hook: adds metaData.syncShared to the stats the manifest is made from.
 * @param {{ stats: any, compilation: any }} args
 */
async function addSyncShared({ stats, compilation }) {
  const syncShared = {};
  for (const expose of stats.exposes ?? []) {
    const files = new Set(expose.assets?.js?.sync ?? []);
    const keys = new Set();
    for (const chunk of compilation.chunks) {
      if (![...chunk.files].some((f) => files.has(f))) continue;
      for (const group of chunk.groupsIterable) {
        for (const member of group.chunks) {
          for (const mod of compilation.chunkGraph.getChunkModules(member)) {
            if (mod.type !== 'consume-shared-module') continue;
            const key = shareKeyOf(mod.identifier());
            if (key) keys.add(key);
          }
        }
      }
    }
    syncShared[expose.name] = [...keys].sort();
  }
  stats.metaData = { ...stats.metaData, syncShared };
  return stats;
}

module.exports = { addSyncShared, shareKeyOf };
