// The source files of the front ends, for tests that check how they import things.
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

/** The apps whose code runs in the browser: the shell, shared-ui and every remote. */
export const FRONT_ENDS = ['shell', 'shared-ui', ...fs.readdirSync(ROOT).filter((d) => d.startsWith('mfe-'))];

/** TypeScript/JavaScript files under `dir` (not node_modules or dist; not tests unless asked). */
export function sources(dir: string, { tests = false } = {}): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(p, { tests });
    return /\.(tsx?|jsx?|mjs)$/.test(e.name) && (tests || !/\.test\.|\/test\//.test(p)) ? [p] : [];
  });
}
