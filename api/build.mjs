// Compiles the API to plain JavaScript for `npm start` (node api/dist/index.js; no TypeScript loader at
// run time): esbuild bundles the API's own sources and the workspace packages it imports
// (@fitconnect/contracts, @fitconnect/embedded-mongo, which publish TypeScript), and leaves every
// installed package (koa, mongoose, ...) to node_modules. Entries: the API, and the embedded database's
// worker thread (src/db/embedded-worker.ts).
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));

await build({
  absWorkingDir: dir,
  entryPoints: { index: 'src/index.ts', 'embedded-worker': 'src/db/embedded-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-installed-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@fitconnect/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
