#!/usr/bin/env node
// How much JavaScript a partner's visitor downloads for a first view of the embedded trainer finder
// (issue 16): the loader (trainer-finder.js) plus the bundle it adds, gzip (what the static server sends
// a browser that accepts gzip; brotli shown beside it). Fails (exit 1) over e2e/budgets.json's `embed`
// budget (100 KB). Reads mfe-trainers/dist-embed: run `npm run build -w mfe-trainers` first.
//
//   npm run embed:size
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'mfe-trainers', 'dist-embed');
const loaderFile = path.join(dir, 'trainer-finder.js');
if (!existsSync(loaderFile)) {
  console.error('mfe-trainers/dist-embed/trainer-finder.js is missing: run `npm run build -w mfe-trainers` first.');
  process.exit(2);
}
const loader = readFileSync(loaderFile, 'utf8');
const bundles = [...new Set(loader.match(/finder\.[0-9a-f]{8,}\.js/g) ?? [])];
if (bundles.length !== 1) {
  console.error(`trainer-finder.js should name exactly one bundle, found: ${bundles.join(', ') || 'none'}`);
  process.exit(2);
}
const budgetKb = JSON.parse(readFileSync(path.join(root, 'e2e', 'budgets.json'), 'utf8')).embed?.budget ?? 100;

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let totalGzip = 0;
let totalBr = 0;
console.log('file'.padEnd(28), 'raw'.padStart(10), 'gzip'.padStart(10), 'brotli'.padStart(10));
for (const name of ['trainer-finder.js', ...bundles]) {
  const buf = readFileSync(path.join(dir, name));
  // Files under 1 KB are sent uncompressed (build-config/precompress.js skips them).
  const small = buf.length < 1024;
  const gz = small ? buf.length : gzipSync(buf, { level: 9 }).length;
  const br = small ? buf.length : brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  totalGzip += gz;
  totalBr += br;
  console.log(name.padEnd(28), kb(buf.length).padStart(10), kb(gz).padStart(10), kb(br).padStart(10));
}
console.log('first view'.padEnd(28), ''.padStart(10), kb(totalGzip).padStart(10), kb(totalBr).padStart(10));
const ok = totalGzip <= budgetKb * 1024;
console.log(`${ok ? 'within' : 'OVER'} the budget of ${budgetKb} KB gzip (${kb(totalGzip)})`);
process.exit(ok ? 0 : 1);
