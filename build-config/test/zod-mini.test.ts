// The front ends validate with zod/mini (the contracts build their schemas with it: contracts/src/zod.ts).
// A single `from 'zod'` in code a page loads brings classic zod back: every method sits on every schema,
// so none of it is tree-shaken and each area's first visit pays ~25 KB gzip for it again. Code that
// shares a schema with the API and the front ends uses zod/mini (and 'zod/v4/core' for types or helpers
// that take any zod schema); classic zod stays in the API's own code.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const BROWSER_DIRS = [
  'contracts/src',
  'shared-ui/src',
  'shell/src',
  ...fs
    .readdirSync(ROOT)
    .filter((d) => d.startsWith('mfe-'))
    .flatMap((d) => [`${d}/src`, `${d}/embed`]),
];

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(p);
    return /\.(tsx?|jsx?|mjs)$/.test(e.name) ? [p] : [];
  });
}

const CLASSIC_ZOD = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]zod(?:\/v4)?['"]/;

it('no browser-side module imports classic zod (zod/mini only)', () => {
  const files = BROWSER_DIRS.flatMap((d) => sources(path.join(ROOT, d)));
  expect(files.length).toBeGreaterThan(100);
  const offenders = files.filter((f) => CLASSIC_ZOD.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(ROOT, f));
  expect(offenders).toEqual([]);
});

it('the check finds a classic import when there is one', () => {
  expect(CLASSIC_ZOD.test("import { z } from 'zod';")).toBe(true);
  expect(CLASSIC_ZOD.test('import type { z } from "zod";')).toBe(true);
  expect(CLASSIC_ZOD.test("const { z } = require('zod/v4');")).toBe(true);
  expect(CLASSIC_ZOD.test("import { z } from 'zod/mini';")).toBe(false);
  expect(CLASSIC_ZOD.test("import type { $ZodType } from 'zod/v4/core';")).toBe(false);
});
