// Which contracts entries ('@fitconnect/contracts/<entry>', contracts/<entry>.ts) an app's code takes values from.
// Used by build-config/rspack.js (a production remote declares only the entries it uses) and by the tests that
// check how the front ends import the contracts (build-config/test/contracts-by-area.test.ts).
const fs = require('node:fs');
const path = require('node:path');

/** `import { ... } from '<spec>'` that brings at least one value (not `import type`, not only `type X`). */
const VALUE_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g;
/** `import('<spec>')` or `export ... from '<spec>'`: values too. */
const OTHER_VALUE_USE = /(?:import\(\s*|export\s+(?:\*|\{[^}]*\})\s+from\s+)['"](@fitconnect\/contracts[^'"]*)['"]/g;

/** The contracts specifiers a source text takes values from, in order of appearance (repeats kept). */
function contractsValueImports(text) {
  const found = [];
  for (const m of text.matchAll(VALUE_IMPORT)) {
    if (m[1] || !m[3].startsWith('@fitconnect/contracts')) continue;
    const values = m[2]
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '));
    if (values.length) found.push(m[3]);
  }
  for (const m of text.matchAll(OTHER_VALUE_USE)) found.push(m[1]);
  return found;
}

/**
 * TypeScript/JavaScript files under `dir` (not node_modules or dist; not tests, `test/` folders or `*.test.*`
 * files, unless `tests`). Also the tests' file list (build-config/test/sources.ts).
 */
function sourceFiles(dir, { tests = false } = {}) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' || (!tests && e.name === 'test') ? [] : sourceFiles(p, { tests });
    return /\.(tsx?|jsx?|mjs)$/.test(e.name) && (tests || !/\.test\./.test(e.name)) ? [p] : [];
  });
}

/** The contracts entries (e.g. 'challenges') the files under `dirs` take values from, sorted. */
function contractsEntriesUsed(dirs) {
  const used = new Set();
  for (const file of dirs.flatMap((d) => sourceFiles(d))) {
    for (const spec of contractsValueImports(fs.readFileSync(file, 'utf8'))) {
      const m = /^@fitconnect\/contracts\/(.+)$/.exec(spec);
      if (m) used.add(m[1]);
    }
  }
  return [...used].sort();
}

module.exports = { contractsValueImports, contractsEntriesUsed, sourceFiles };
