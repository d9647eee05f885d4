/**
 * Where a remote's files are, from its mf-manifest.json: used by the page (./manifestCache.ts, ./earlyStart.ts)
 * and by the service worker (../sw/remotes.ts), so both find the same files. No imports: the worker's build and
 * the page's entry take it before anything else is set up.
 */

/** Where a remote's files sit: its manifest's public path, or beside the manifest for 'auto' (what our builds write). */
export function manifestPublicPath(manifestUrl: string | URL, meta: { publicPath?: string } | undefined): URL {
  const at = new URL(manifestUrl, globalThis.location?.href ?? 'http://localhost/');
  return !meta?.publicPath || meta.publicPath === 'auto' ? new URL('./', at) : new URL(meta.publicPath, at);
}

/** The remote's entry file, relative to its public path: the manifest's `remoteEntry` name under its `path`, if any. */
export function remoteEntryFile(re: { name: string; path?: string }): string {
  return re.path ? `${re.path.replace(/\/$/, '')}/${re.name}` : re.name;
}
