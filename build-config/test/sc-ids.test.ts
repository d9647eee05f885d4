// styled-components ids are the same in every build that compiles a file (build-config/swc.js): server-rendered
// HTML (issue 32 stage 2, docs/ssr.md) is hydrated by the browser, so the classes the server writes must be the
// ones the browser's first render gives. shared-ui's files reach the page from the SHELL's build (a shared
// singleton) but are rendered on the server from the AREA's server build, so their ids must not depend on the
// build. Checked by compiling one shared-ui file and one area file with the TypeScript rules of the real
// configs (the shell's, an area's browser build, the server builds) in rspack, in a child process (jest cannot
// load @rspack/core's ES module build).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT } from './sources';

const UI_FILE = path.join(ROOT, 'shared-ui', 'src', 'components', 'Form.tsx');
const AREA_FILE = path.join(ROOT, 'mfe-trainers', 'src', 'features', 'directory', 'components', 'TrainerCard.tsx');

/** The configs whose TypeScript rules are compiled (name -> how to get the config). */
const CONFIGS: Record<string, string> = {
  // The shell's browser build (production; its first compilation is the app's).
  shell: `[].concat(require(${JSON.stringify(path.join(ROOT, 'shell', 'rspack.config.js'))})({}, { mode: 'production' })).find((c) => c.name === 'shell')`,
  // The trainers area's browser container (production) and its standalone page.
  trainers: `[].concat(require(${JSON.stringify(path.join(ROOT, 'mfe-trainers', 'rspack.config.js'))})({}, { mode: 'production' }))[0]`,
  // The server builds: a build whose TypeScript rules are not build-config/swc.js's fails here.
  'trainers-server': `require(${JSON.stringify(path.join(ROOT, 'mfe-trainers', 'rspack.server.config.js'))})()`,
  'shell-server': `[].concat(require(${JSON.stringify(path.join(ROOT, 'shell', 'rspack.server.config.js'))})())[0]`,
};

type Ids = Record<string, Record<string, string[]>>;
let tmp: string;
let ids: Ids;

/**
 * Compiles `files` (entry name -> file) with each config's module rules, every import left out (external), and
 * returns the componentIds of each entry's output, in order, per config.
 */
function compile(files: Record<string, string>): Ids {
  const script = `
    const fs = require('node:fs');
    const path = require('node:path');
    const { rspack } = require('@rspack/core');
    const files = ${JSON.stringify(files)};
    const entries = new Set(Object.values(files));
    const configs = { ${Object.entries(CONFIGS)
      .map(([name, expr]) => `${JSON.stringify(name)}: ${expr}`)
      .join(', ')} };
    const compilations = Object.entries(configs).map(([name, config]) => ({
      name,
      context: ${JSON.stringify(ROOT)},
      mode: 'none',
      target: 'node',
      devtool: false,
      entry: Object.fromEntries(Object.entries(files).map(([entry, file]) => [entry, file])),
      output: { path: path.join(${JSON.stringify(tmp)}, name), filename: '[name].js', library: { type: 'commonjs2' } },
      externals: [({ request }, callback) => (entries.has(request) ? callback() : callback(null, 'commonjs ' + request))],
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: { rules: config.module.rules },
      optimization: { minimize: false, splitChunks: false },
      stats: 'errors-warnings',
    }));
    rspack(compilations, (err, stats) => {
      if (err || stats.hasErrors()) {
        process.stderr.write(String(err || stats.toString('errors-only')));
        process.exit(1);
      }
      const out = {};
      for (const { name } of compilations) {
        out[name] = {};
        for (const entry of Object.keys(files)) {
          const text = fs.readFileSync(path.join(${JSON.stringify(tmp)}, name, entry + '.js'), 'utf8');
          out[name][entry] = [...text.matchAll(/componentId: *"([^"]+)"/g)].map((m) => m[1]);
        }
      }
      process.stdout.write(JSON.stringify(out));
    });
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }));
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-ids-'));
  // The same shared-ui source outside every workspace package: the same hash, no namespace.
  const outside = path.join(tmp, 'outside', 'Form.tsx');
  fs.mkdirSync(path.dirname(outside), { recursive: true });
  fs.copyFileSync(UI_FILE, outside);
  ids = compile({ ui: UI_FILE, area: AREA_FILE, outside });
}, 180_000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('every styled component gets a fixed id: <package namespace>__sc-<hash of the source>-<index>', () => {
  const styledCount = (file: string) => (fs.readFileSync(file, 'utf8').match(/=\s*styled[.(]/g) || []).length;
  const { shell } = ids;
  expect(shell.ui.length).toBe(styledCount(UI_FILE));
  expect(shell.area.length).toBe(styledCount(AREA_FILE));
  expect(shell.ui.length).toBeGreaterThan(3);
  for (const [list, ns] of [
    [shell.ui, 'u'],
    [shell.area, 't'],
  ] as const) {
    list.forEach((id, i) => expect(id).toMatch(new RegExp(`^${ns}__sc-[0-9a-f]{1,8}-${i}$`)));
  }
});

test("a file's ids are the same in every build, browser or server, whichever package the build is for", () => {
  expect(Object.keys(ids)).toEqual(expect.arrayContaining(['shell', 'trainers', 'trainers-server']));
  for (const [name, byEntry] of Object.entries(ids)) {
    // shared-ui's ids in the area's builds are the shell's (the page's copy of shared-ui is the shell's).
    expect({ name, ui: byEntry.ui }).toEqual({ name, ui: ids.shell.ui });
    expect({ name, area: byEntry.area }).toEqual({ name, area: ids.shell.area });
  }
});

test('the namespace is the package of the file: the same source elsewhere gets the same hash under another name', () => {
  const { ui, outside } = ids.shell;
  expect(outside).toEqual(ui.map((id) => id.replace(/^u__/, '')));
});
