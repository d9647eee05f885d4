// Every name a front end imports from 'react-router-dom' must be in build-config/react-router-shared.mjs
// (what the builds share under that name), or the page would get `undefined` at run time: a shared module's
// missing export is not a build error. And nobody imports 'react-router' itself (it would be a second,
// unshared router that does not see the shell's <BrowserRouter>).
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const APPS = ['shell', 'shared-ui', ...fs.readdirSync(ROOT).filter((d) => d.startsWith('mfe-'))];

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(p);
    return /\.(tsx?|jsx?|mjs)$/.test(e.name) && !/\.test\.|\/test\//.test(p) ? [p] : [];
  });
}

const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g;

function routerImports() {
  const found: { file: string; from: string; names: string[] }[] = [];
  for (const app of APPS) {
    for (const file of sources(path.join(ROOT, app, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(IMPORT)) {
        if (m[1]) continue; // import type { ... }
        if (m[3] !== 'react-router-dom' && m[3] !== 'react-router') continue;
        const names = m[2]
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '))
          .map((n) => n.split(/\s+as\s+/)[0].trim());
        found.push({ file: path.relative(ROOT, file), from: m[3], names });
      }
    }
  }
  return found;
}

function sharedExports() {
  const text = fs.readFileSync(path.join(__dirname, '..', 'react-router-shared.mjs'), 'utf8');
  const block = text.match(/export\s*\{([^}]*)\}\s*from\s*'react-router'/);
  return new Set(block![1].split(',').map((n) => n.trim()).filter(Boolean));
}

test('the shared router module exports only what react-router exports', async () => {
  const rr = await import('react-router');
  const missing = [...sharedExports()].filter((n) => !(n in (rr as Record<string, unknown>)));
  expect(missing).toEqual([]);
});

test("every name imported from 'react-router-dom' is in the shared router module", () => {
  const shared = sharedExports();
  const imports = routerImports();
  expect(imports.length).toBeGreaterThan(0);
  const problems = imports.flatMap(({ file, from, names }) =>
    from === 'react-router'
      ? [`${file} imports 'react-router' directly: import from 'react-router-dom'`]
      : names.filter((n) => !shared.has(n)).map((n) => `${file} imports ${n}: add it to build-config/react-router-shared.mjs`),
  );
  expect(problems).toEqual([]);
});
