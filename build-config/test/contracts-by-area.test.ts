// The front ends take the contracts by area ('@fitconnect/contracts/<area>', contracts/<area>.ts): each is a
// Module Federation singleton of its own, so the first visit of an area loads and builds that area's schemas
// only (with the zod chunk common to all of them). A value import from the package root would load and
// build every area's schemas again as an unshared copy; type-only imports are erased and may use the root.
import fs from 'node:fs';
import path from 'node:path';
import { CONTRACTS_AREAS, SINGLETON_PACKAGES } from '../singletons';
import { FRONT_ENDS, ROOT, sources } from './sources';

/** `import { ... } from '<spec>'` that brings at least one value (not `import type`, not only `type X`). */
const VALUE_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g;

function contractsValueImports(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(VALUE_IMPORT)) {
    if (m[1] || !m[3].startsWith('@fitconnect/contracts')) continue;
    const values = m[2].split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type '));
    if (values.length) found.push(m[3]);
  }
  return found;
}

test('front ends import contract values from an area entry, never from the package root or its files', () => {
  const allowed = new Set(CONTRACTS_AREAS.map((a) => `@fitconnect/contracts/${a}`));
  const files = FRONT_ENDS.flatMap((app) => [...sources(path.join(ROOT, app, 'src')), ...sources(path.join(ROOT, app, 'embed'))]);
  const offenders = files.flatMap((file) =>
    contractsValueImports(fs.readFileSync(file, 'utf8'))
      .filter((spec) => !allowed.has(spec))
      .map((spec) => `${path.relative(ROOT, file)} imports values from '${spec}'`),
  );
  expect(offenders).toEqual([]);
});

test('every area entry is a file of the contracts package and a shared singleton', () => {
  for (const area of CONTRACTS_AREAS) {
    expect(fs.existsSync(path.join(ROOT, 'contracts', `${area}.ts`))).toBe(true);
    expect(SINGLETON_PACKAGES).toContain(`@fitconnect/contracts/${area}`);
  }
  expect(SINGLETON_PACKAGES).not.toContain('@fitconnect/contracts');
});

test('the check tells value imports from type-only ones', () => {
  expect(contractsValueImports("import { LoginBody } from '@fitconnect/contracts';")).toEqual(['@fitconnect/contracts']);
  expect(contractsValueImports("import { X, type Y } from '@fitconnect/contracts/workouts';")).toEqual(['@fitconnect/contracts/workouts']);
  expect(contractsValueImports("import type { PublicUser } from '@fitconnect/contracts';")).toEqual([]);
  expect(contractsValueImports("import { type PublicUser } from '@fitconnect/contracts';")).toEqual([]);
});
