// Async boundary: Module Federation negotiates the shared singletons (react, shared-ui, ...) before
// any of them is evaluated. This entry is only used by the remote's own standalone page; the shell
// loads ./routes through remoteEntry.js / mf-manifest.json instead.
import('./bootstrap');
