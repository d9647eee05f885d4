// The source files of the front ends, for tests that check how they import things.
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

/** The apps whose code runs in the browser: the shell, shared-ui and every remote. */
export const FRONT_ENDS = ['shell', 'shared-ui', ...fs.readdirSync(ROOT).filter((d) => d.startsWith('mfe-'))];

/** TypeScript/JavaScript files under `dir` (not node_modules or dist; not tests unless asked): the builds' own list. */
export const sources: (dir: string, opts?: { tests?: boolean }) => string[] = (
  require('../contractsUsage') as { sourceFiles: (dir: string, opts?: { tests?: boolean }) => string[] }
).sourceFiles;
