// The builds share three packages as the part of them the pages use (a shared module is never tree-shaken):
// 'react-router-dom' as build-config/react-router-shared.mjs (the declarative part of react-router),
// '@tanstack/react-query' as build-config/react-query-shared.mjs and 'styled-components' as
// build-config/styled-components-shared.mjs. Every name a front end imports from one must be in its list, or
// the page would get `undefined` at run time: a shared module's missing export is not a build error. And
// nobody imports what the subset is cut from ('react-router', '@tanstack/query-core', the package file
// behind the alias) itself: that would be a second, unshared copy that does not see the page's router,
// query client or style sheet.
import fs from 'node:fs';
import path from 'node:path';
import { FRONT_ENDS, ROOT, sources } from './sources';

interface Subset {
  /** The name the apps import and the builds share. */
  shared: string;
  /** The file shared under that name. */
  file: string;
  /** What the file re-exports from (its `from '...'`). */
  from: string;
  /** The package that `from` stands for, to check the names against. */
  pkg: string;
  /** Imports that would bypass the shared module. */
  forbidden: string[];
}

const SUBSETS: Subset[] = [
  { shared: 'react-router-dom', file: 'react-router-shared.mjs', from: 'react-router', pkg: 'react-router', forbidden: ['react-router'] },
  {
    shared: '@tanstack/react-query',
    file: 'react-query-shared.mjs',
    from: 'fitconnect-react-query-package',
    pkg: '@tanstack/react-query',
    forbidden: ['@tanstack/query-core', 'fitconnect-react-query-package'],
  },
  {
    shared: 'styled-components',
    file: 'styled-components-shared.mjs',
    from: 'fitconnect-styled-components-package',
    pkg: 'styled-components',
    forbidden: ['fitconnect-styled-components-package'],
  },
];

/** `import { a, b } from 'x'`, also after a default import (`import styled, { css } from 'x'`: group 2 is the default's name). */
const IMPORT = /import\s+(type\s+)?(?:([\w$]+)\s*,\s*)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g;
/** `import styled from 'x'`: a default import alone. */
const DEFAULT_IMPORT = /import\s+([\w$]+)\s+from\s+['"]([^'"]+)['"]/g;

/**
 * Test utilities beside the sources (not exported to any page; jest resolves 'react-router-dom' itself, never
 * the shared module): shared-ui's renderWithProviders wraps pages in a MemoryRouter, which no page uses.
 */
const TEST_HELPERS = new Set(['shared-ui/src/testing.tsx', 'shared-ui/src/mockFetch.ts']);
/**
 * Server builds' entries (issue 32: shell/rspack.server.config.js, mfe-trainers/rspack.server.config.js): Node
 * builds that take the whole packages from the rendering process (externals / host-provided), never the
 * browser's subsets. The shell's imports StaticRouter, which no page needs.
 */
const SERVER_ENTRIES = new Set(['shell/src/server.tsx', 'mfe-trainers/src/server.tsx']);

/** Value imports (not `import type`) of the given module names, per source file. */
function importsOf(modules: string[]) {
  const found: { file: string; from: string; names: string[] }[] = [];
  for (const app of FRONT_ENDS) {
    for (const file of sources(path.join(ROOT, app, 'src'))) {
      if (TEST_HELPERS.has(path.relative(ROOT, file)) || SERVER_ENTRIES.has(path.relative(ROOT, file))) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(IMPORT)) {
        if (m[1] || !modules.includes(m[4])) continue;
        const names = m[3]
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '))
          .map((n) => n.split(/\s+as\s+/)[0].trim());
        found.push({ file: path.relative(ROOT, file), from: m[4], names: m[2] ? ['default', ...names] : names });
      }
      for (const m of text.matchAll(DEFAULT_IMPORT)) {
        if (m[1] === 'type' || !modules.includes(m[2])) continue;
        found.push({ file: path.relative(ROOT, file), from: m[2], names: ['default'] });
      }
    }
  }
  return found;
}

function sharedExports(subset: Subset) {
  const text = fs.readFileSync(path.join(__dirname, '..', subset.file), 'utf8');
  const block = text.match(new RegExp(`export\\s*\\{([^}]*)\\}\\s*from\\s*'${subset.from}'`));
  if (!block) throw new Error(`${subset.file}: no export { ... } from '${subset.from}'`);
  // Comment lines inside the list are not names.
  const names = block[1].replace(/\/\/.*$/gm, '').split(',').map((n) => n.trim()).filter(Boolean);
  return new Set(names);
}

describe.each(SUBSETS)('$shared, shared as build-config/$file', (subset) => {
  test('exports only what the package exports', async () => {
    const real = (await import(subset.pkg)) as Record<string, unknown>;
    const missing = [...sharedExports(subset)].filter((n) => !(n in real));
    expect(missing).toEqual([]);
  });

  test('every name the front ends import from it is in the list, and nothing bypasses it', () => {
    const shared = sharedExports(subset);
    const imports = importsOf([subset.shared, ...subset.forbidden]);
    expect(imports.filter((i) => i.from === subset.shared).length).toBeGreaterThan(0);
    const problems = imports.flatMap(({ file, from, names }) =>
      from !== subset.shared
        ? [`${file} imports '${from}' directly: import from '${subset.shared}'`]
        : names.filter((n) => !shared.has(n)).map((n) => `${file} imports ${n}: add it to build-config/${subset.file}`),
    );
    expect(problems).toEqual([]);
  });
});
