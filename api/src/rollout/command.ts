/**
 * `npm run rollout` (cli.ts runs this): the operator's commands against the running API's
 * /api/ops/rollout calls, authenticated with the operator token.
 *
 *   npm run rollout -- status [--json]
 *   npm run rollout -- set <area> --candidate <manifest URL> --percent <0-100>
 *   npm run rollout -- set <area> --percent <0-100>          (change the current candidate's share)
 *   npm run rollout -- promote <area>
 *   npm run rollout -- rollback <area>
 *
 * Finds the API at --api <url>, else API_URL, else http://127.0.0.1:${API_PORT ?? 4000}. The token is
 * OPERATOR_TOKEN, else the one the API wrote to DATA_DIR/operator-token.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ManifestUrl, RolloutArea, RolloutPercent, type RolloutAreaStatus, type RolloutStatus } from '@fitconnect/contracts/src/server';
import { loadConfig } from '../config';
import { operatorTokenFile } from './options';

export const USAGE = `Usage:
  npm run rollout -- status [--json]
  npm run rollout -- set <area> --candidate <manifest URL> --percent <0-100>
  npm run rollout -- set <area> --percent <0-100>      (the current candidate)
  npm run rollout -- promote <area>
  npm run rollout -- rollback <area>
Options: --api <url> (else API_URL, else http://127.0.0.1:$API_PORT or 4000)`;

export interface CliIo {
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
}

class CliError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

function apiUrl(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const url = flag || env.API_URL || `http://127.0.0.1:${env.API_PORT || 4000}`;
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new CliError(`The API address ${url} is not an http(s) URL.`, 2);
  }
  return url.replace(/\/+$/, '');
}

function operatorToken(env: NodeJS.ProcessEnv): string {
  if (env.OPERATOR_TOKEN?.trim()) return env.OPERATOR_TOKEN.trim();
  const file = operatorTokenFile(loadConfig(env).dataDir);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new CliError(`No operator token: set OPERATOR_TOKEN, or start the API once (npm start writes ${file}).`, 1);
  }
}

async function call(io: CliIo, base: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  let res: Response;
  try {
    res = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${operatorToken(io.env)}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      // set fetches two manifests (5 s each at most).
      signal: AbortSignal.timeout(20_000),
    });
  } catch (err) {
    if (err instanceof CliError) throw err;
    const e = err as { name?: string; cause?: { code?: string; message?: string }; message?: string };
    const why = e.name === 'TimeoutError' ? 'no answer within 20 s' : (e.cause?.code ?? e.cause?.message ?? e.message ?? 'network error');
    throw new CliError(`Cannot reach the API at ${base} (${why}). Is \`npm start\` running? Point at it with --api <url> or API_URL.`, 1);
  }
  const text = await res.text();
  let parsed: any;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    throw new CliError(`The API at ${base} answered ${res.status} with something that is not JSON (is it the FitConnect API?).`, 1);
  }
  if (res.status === 401) throw new CliError(`The API at ${base} refused the operator token. Use the token of that API (OPERATOR_TOKEN, or its DATA_DIR/operator-token).`, 1);
  if (res.status >= 400) throw new CliError(`Refused: ${parsed?.message ?? `the API answered ${res.status}`}`, 1);
  return parsed;
}

function parseArea(raw: string | undefined): string {
  if (!raw) throw new CliError(`An area is required.\n${USAGE}`, 2);
  const r = RolloutArea.safeParse(raw);
  if (!r.success) throw new CliError(r.error.issues[0].message, 2);
  return r.data;
}

const fmtPercent = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(2)} %`;
const fmtTime = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC').replace(/Z$/, ' UTC');

/** The status as a table: one row per version of each area, then any automatic rollback. */
export function formatStatus(status: RolloutStatus): string {
  const t = status.threshold;
  const header = ['AREA', 'ROLE', 'VERSION', 'SHARE', 'VISITORS', 'LOADS', 'FAILURES', 'ENTRY'];
  const rows: string[][] = [];
  const notes = new Map<number, string[]>();
  for (const a of status.areas as RolloutAreaStatus[]) {
    const candPercent = a.candidate?.percent ?? 0;
    for (const [i, v] of a.versions.entries()) {
      const share = v.role === 'candidate' ? candPercent : 100 - candPercent;
      rows.push([
        i === 0 ? a.area : '',
        v.role,
        v.version,
        fmtPercent(share),
        a.configured ? String(v.visitors) : '-',
        String(v.loads),
        v.failures > 0 && v.loads > 0 ? `${v.failures} (${((v.failures / v.loads) * 100).toFixed(1)} %)` : String(v.failures),
        v.entry ?? '',
      ]);
    }
    const lines: string[] = [];
    if (a.candidate && a.candidate.percent === 0) lines.push(`  candidate at 0 %: kept for inspection (set <area> --percent N to resume, or promote)`);
    if (a.autoRollback) lines.push(`  ROLLED BACK AUTOMATICALLY at ${fmtTime(a.autoRollback.at)}: ${a.autoRollback.reason}`);
    if (lines.length) notes.set(rows.length - 1, lines);
  }
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (r: string[]) =>
    r
      .map((cell, c) => (c >= 3 && c <= 6 ? cell.padStart(widths[c]) : c === r.length - 1 ? cell : cell.padEnd(widths[c])))
      .join('  ')
      .trimEnd();
  const out = [
    `Rollouts (automatic rollback when failures reach ${fmtPercent(Math.round(t.failureRate * 10000) / 100)} of at least ${t.minLoads} loads)`,
    '',
    line(header),
  ];
  rows.forEach((r, i) => {
    out.push(line(r));
    for (const n of notes.get(i) ?? []) out.push(n);
  });
  out.push(
    '',
    'VISITORS: distinct visitors assigned to the version ("-": no rollout configured, the deployment default is served); LOADS: load attempts the browsers reported.',
  );
  return out.join('\n');
}

/** Runs one command; returns the exit code (0 done, 1 refused or unreachable, 2 bad usage). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        allowPositionals: true,
        options: { api: { type: 'string' }, candidate: { type: 'string' }, percent: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      });
    } catch (err) {
      throw new CliError(`${(err as Error).message}\n${USAGE}`, 2);
    }
    const { values, positionals } = parsed;
    const [command = 'status', rawArea, ...extra] = positionals;
    if (values.help || command === 'help') {
      io.out(USAGE);
      return 0;
    }
    if (!['status', 'set', 'promote', 'rollback'].includes(command)) throw new CliError(`Unknown command "${command}".\n${USAGE}`, 2);
    if (extra.length > 0 || (command === 'status' && rawArea)) throw new CliError(`Unexpected argument "${extra[0] ?? rawArea}".\n${USAGE}`, 2);
    if (command !== 'set' && (values.candidate !== undefined || values.percent !== undefined)) {
      throw new CliError(`--candidate and --percent go with set only.\n${USAGE}`, 2);
    }
    const base = apiUrl(values.api, io.env);

    if (command === 'status') {
      const status = (await call(io, base, 'GET', '/api/ops/rollout')) as RolloutStatus;
      io.out(values.json ? JSON.stringify(status, null, 2) : formatStatus(status));
      return 0;
    }
    const area = parseArea(rawArea);
    if (command === 'set') {
      if (values.percent === undefined || values.percent.trim() === '') throw new CliError(`set needs --percent <0-100>.\n${USAGE}`, 2);
      const percent = RolloutPercent.safeParse(values.percent);
      if (!percent.success) throw new CliError(percent.error.issues[0].message, 2);
      let candidate: string | undefined;
      if (values.candidate !== undefined) {
        const c = ManifestUrl.safeParse(values.candidate);
        if (!c.success) throw new CliError(c.error.issues[0].message, 2);
        candidate = c.data;
      }
      const r = await call(io, base, 'POST', `/api/ops/rollout/${area}/set`, { candidate, percent: percent.data });
      for (const w of r.warnings ?? []) io.err(`Warning: ${w}`);
      io.out(
        `${area}: candidate ${r.candidate.version} at ${fmtPercent(r.candidate.percent)} (stable ${r.stable.version}). ` +
          `New page loads get it within a few seconds; watch with \`npm run rollout -- status\`.`,
      );
      return 0;
    }
    if (command === 'promote') {
      const r = await call(io, base, 'POST', `/api/ops/rollout/${area}/promote`);
      io.out(`${area}: ${r.stable.version} is now the stable version for everyone (no candidate).`);
      return 0;
    }
    const r = await call(io, base, 'POST', `/api/ops/rollout/${area}/rollback`);
    io.out(`${area}: candidate ${r.candidate.version} rolled back to 0 % (kept for inspection); everyone gets ${r.stable.version}.`);
    return 0;
  } catch (err) {
    if (err instanceof CliError) {
      io.err(err.message);
      return err.code;
    }
    throw err;
  }
}
