// Compiles the API to plain JavaScript for `npm start` (node api/dist/index.js; no TypeScript loader at
// run time): esbuild bundles the API's own sources and the workspace packages it imports
// (@fitconnect/contracts, @fitconnect/embedded-mongo, which publish TypeScript), and leaves every
// installed package (koa, mongoose, ...) to node_modules. Entries: the API, and the embedded database's
// worker thread (src/db/embedded-worker.ts).
import { copyFileSync } from 'node:fs';
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

// Data files the sources read beside themselves (path.join(__dirname, ...)): in the bundle __dirname is dist/.
// Without them the compiled API failed at its first seed (ENOENT gb-towns.json) and on any place search.
for (const file of ['gb-towns.json', 'uk-outcodes.csv']) {
  copyFileSync(path.join(dir, 'src', 'trainers', 'geo', file), path.join(dir, 'dist', file));
}
