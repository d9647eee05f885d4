// The front ends take the contracts by area ('@fitconnect/contracts/<area>', contracts/<area>.ts): each is a
// Module Federation singleton of its own, so the first visit of an area loads and builds that area's schemas
// only (with the zod chunk common to all of them). A value import from the package root would load and
// build every area's schemas again as an unshared copy; type-only imports are erased and may use the root.
import fs from 'node:fs';
import path from 'node:path';
import { CONTRACTS_AREAS, SINGLETON_PACKAGES } from '../singletons';
import { contractsEntriesUsed, contractsValueImports } from '../contractsUsage';
import { FRONT_ENDS, ROOT, sources } from './sources';

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

test("an app's contracts entries are read from its sources: values, lazy imports and re-exports count, types do not", () => {
  expect(contractsValueImports("const m = await import('@fitconnect/contracts/challenges');")).toEqual(['@fitconnect/contracts/challenges']);
  expect(contractsValueImports("export { challengeTiming } from '@fitconnect/contracts/challenge-rules';")).toEqual(['@fitconnect/contracts/challenge-rules']);
  // Every entry a remote's code uses is one the build can share (so a production remote declares only these).
  for (const app of FRONT_ENDS.filter((a) => a.startsWith('mfe-'))) {
    const used = contractsEntriesUsed([path.join(ROOT, app, 'src')]);
    expect(used.length).toBeGreaterThan(0);
    for (const entry of used) expect(CONTRACTS_AREAS).toContain(entry);
  }
  expect(contractsEntriesUsed([path.join(ROOT, 'mfe-messages', 'src')])).toEqual(['messages']);
});
