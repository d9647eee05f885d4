/**
 * `npm run rollout` (cli.ts runs this): the operator's commands against the running API's
 * /api/ops/rollout calls, authenticated with the operator token.
 *
 *   npm run rollout -- status [--json]
 *   npm run rollout -- set <area> --candidate <manifest URL> --percent <0-100> --reason "..."
 *   npm run rollout -- set <area> --percent <0-100> --reason "..."   (change the current candidate's share)
 *   npm run rollout -- plan <area> --candidate <manifest URL> --steps 5,25,50,100 --every 30m --reason "..."
 *   npm run rollout -- promote|rollback|kill|release <area> --reason "..."
 *   npm run rollout -- preview <area> <version | manifest URL> [--ttl 1h] [--reason "..."]
 *   npm run rollout -- log [area] [--limit N] [--json]
 *   npm run rollout -- revert <entry> --reason "..."
 *
 * Finds the API at --api <url>, else API_URL, else http://127.0.0.1:${API_PORT ?? 4000}. The token is
 * ROLLOUT_TOKEN (an operator's own token from OPERATOR_TOKENS), else OPERATOR_TOKEN, else the one the API
 * wrote to DATA_DIR/operator-token.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  formatDuration,
  ManifestUrl,
  OperatorGrantBody,
  PlanInterval,
  PlanSteps,
  PreviewTtl,
  RolloutArea,
  RolloutEntryParams,
  RolloutPercent,
  RolloutReason,
  type RolloutAreaStatus,
  type RolloutAuditEntry,
  type RolloutStateView,
  type RolloutStatus,
} from '@fitconnect/contracts/src/server';
import { loadConfig } from '../config';
import { operatorTokenFile } from './options';

export const USAGE = `Usage:
  npm run rollout -- status [--json]
  npm run rollout -- set <area> --candidate <manifest URL> --percent <0-100> --reason "..."
  npm run rollout -- set <area> --percent <0-100> --reason "..."      (the current candidate)
  npm run rollout -- plan <area> [--candidate <manifest URL>] --steps 5,25,50,100 --every 30m --reason "..."
  npm run rollout -- promote <area> --reason "..."
  npm run rollout -- rollback <area> --reason "..."
  npm run rollout -- kill <area> --reason "..."       (everyone on stable now; no plan advances)
  npm run rollout -- release <area> --reason "..."
  npm run rollout -- preview <area> <version | manifest URL> [--ttl 1h] [--reason "..."]
  npm run rollout -- log [area] [--limit N] [--json]
  npm run rollout -- revert <entry> --reason "..."
  npm run rollout -- pause <area> --reason "..."      (a running plan takes no decision until resume)
  npm run rollout -- resume <area> --reason "..."
  npm run rollout -- operator grant|revoke <email>    (who may use the /ops page, signed in with that account)
Options: --api <url> (else API_URL, else http://127.0.0.1:$API_PORT or 4000)
Token: ROLLOUT_TOKEN (your own, from OPERATOR_TOKENS), else OPERATOR_TOKEN, else DATA_DIR/operator-token`;

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
  if (env.ROLLOUT_TOKEN?.trim()) return env.ROLLOUT_TOKEN.trim();
  if (env.OPERATOR_TOKEN?.trim()) return env.OPERATOR_TOKEN.trim();
  const file = operatorTokenFile(loadConfig(env).dataDir);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new CliError(`No operator token: set ROLLOUT_TOKEN (your token from OPERATOR_TOKENS) or OPERATOR_TOKEN, or start the API once (npm start writes ${file}).`, 1);
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
  if (res.status === 401) {
    throw new CliError(`The API at ${base} refused the operator token. Use a token of that API (ROLLOUT_TOKEN from its OPERATOR_TOKENS, OPERATOR_TOKEN, or its DATA_DIR/operator-token).`, 1);
  }
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

/** A plan under its area's rows: steps, where it is, the next decision, the last one. */
function planLines(a: RolloutAreaStatus): string[] {
  const p = a.plan;
  if (!p) return [];
  const steps = p.steps.map((s, i) => (i === p.stepIndex && p.state === 'running' ? `[${s}]` : String(s))).join(' > ');
  const out = [`  plan for ${p.version}: ${steps} % every ${formatDuration(p.everyMs)} (started ${fmtTime(p.startedAt)} by ${p.startedBy})`];
  if (p.state === 'running') {
    const next = p.nextDecisionAt ? fmtTime(p.nextDecisionAt) : '-';
    out.push(`  step ${p.stepIndex + 1} of ${p.steps.length} (${p.steps[p.stepIndex]} %); next decision at ${next}${a.killed ? ' (paused: the area is killed)' : ''}`);
  } else {
    out.push(`  plan ${p.state === 'done' ? 'done' : p.state === 'rolledBack' ? 'ROLLED BACK' : 'cancelled'}: ${p.endedReason ?? ''}`.trimEnd());
  }
  if (p.lastDecision && p.state === 'running') out.push(`  last decision at ${fmtTime(p.lastDecision.at)}: ${p.lastDecision.reason}`);
  return out;
}

/** One line for an audit entry's state. */
function stateLine(s: RolloutStateView | null): string {
  if (!s) return 'no rollout (deployment default)';
  const parts = [`stable ${s.stable.version}`];
  parts.push(s.candidate ? `candidate ${s.candidate.version} at ${fmtPercent(s.candidate.percent)}` : 'no candidate');
  if (s.plan) parts.push(s.plan.state === 'running' ? `plan step ${s.plan.stepIndex + 1}/${s.plan.steps.length}` : `plan ${s.plan.state}`);
  if (s.killed) parts.push('KILLED');
  return parts.join(', ');
}

/** The audit log, newest first: one line per entry and its state before and after. */
export function formatLog(entries: RolloutAuditEntry[]): string {
  if (entries.length === 0) return 'No rollout changes recorded.';
  const out: string[] = [];
  for (const e of entries) {
    out.push(`#${e.id}  ${fmtTime(e.at)}  ${e.area}  ${e.action}${e.revertOf ? ` of #${e.revertOf}` : ''}  by ${e.actor}: ${e.reason}`);
    if (e.preview) out.push(`    preview of ${e.preview.version} until ${fmtTime(e.preview.expiresAt)}`);
    else out.push(`    before: ${stateLine(e.before)}`, `    after:  ${stateLine(e.after)}`);
  }
  return out.join('\n');
}

/** The status as a table: one row per version of each area, then any automatic rollback, kill and plan. */
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
    if (a.killed) lines.push(`  KILLED at ${fmtTime(a.killed.at)} by ${a.killed.by}: ${a.killed.reason} (everyone gets the stable version; no plan advances until release)`);
    lines.push(...planLines(a));
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

const CHANGES = ['set', 'plan', 'promote', 'rollback', 'kill', 'release', 'revert', 'pause', 'resume'];
const COMMANDS = ['status', 'log', 'preview', 'operator', ...CHANGES];

/** A value checked with a contract schema; its first issue is the usage error (exit 2). */
function checked<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new CliError(r.error.issues[0].message, 2);
  return r.data;
}

/** Runs one command; returns the exit code (0 done, 1 refused or unreachable, 2 bad usage). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          api: { type: 'string' },
          candidate: { type: 'string' },
          percent: { type: 'string' },
          steps: { type: 'string' },
          every: { type: 'string' },
          ttl: { type: 'string' },
          reason: { type: 'string' },
          limit: { type: 'string' },
          json: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
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
    if (!COMMANDS.includes(command)) throw new CliError(`Unknown command "${command}".\n${USAGE}`, 2);
    const takes: Record<string, string[]> = {
      set: ['candidate', 'percent', 'reason'],
      plan: ['candidate', 'steps', 'every', 'reason'],
      preview: ['ttl', 'reason'],
      log: ['limit'],
    };
    for (const opt of ['candidate', 'percent', 'steps', 'every', 'ttl', 'limit', 'reason'] as const) {
      const allowed = takes[command] ?? (CHANGES.includes(command) ? ['reason'] : []);
      if (values[opt] !== undefined && !allowed.includes(opt)) throw new CliError(`--${opt} does not go with ${command}.\n${USAGE}`, 2);
    }
    if (command === 'operator') {
      if ((rawArea !== 'grant' && rawArea !== 'revoke') || extra.length !== 1) throw new CliError(`operator needs grant or revoke and an account's email.\n${USAGE}`, 2);
      const body = checked(OperatorGrantBody, { email: extra[0], grant: rawArea === 'grant' });
      const r = await call(io, apiUrl(values.api, io.env), 'POST', '/api/ops/rollout/operators', body);
      io.out(r.operator ? `${r.email} is an operator: signed in, they can use /ops.` : `${r.email} is no longer an operator.`);
      return 0;
    }
    const extraOk = command === 'preview' ? extra.length <= 1 : extra.length === 0;
    if (!extraOk || (command === 'status' && rawArea)) throw new CliError(`Unexpected argument "${(command === 'preview' ? extra[1] : extra[0]) ?? rawArea}".\n${USAGE}`, 2);
    // Every change says why (the audit log keeps it); the API refuses one without a reason too. Checked
    // after the command's other arguments.
    const reasonOf = (): string | undefined => {
      if (values.reason === undefined) {
        if (CHANGES.includes(command)) throw new CliError(`${command} needs --reason "..." (it goes into the audit log).\n${USAGE}`, 2);
        return undefined;
      }
      return checked(RolloutReason, values.reason);
    };
    const base = apiUrl(values.api, io.env);

    if (command === 'status') {
      const status = (await call(io, base, 'GET', '/api/ops/rollout')) as RolloutStatus;
      io.out(values.json ? JSON.stringify(status, null, 2) : formatStatus(status));
      return 0;
    }
    if (command === 'log') {
      const q = new URLSearchParams();
      if (rawArea) q.set('area', parseArea(rawArea));
      if (values.limit !== undefined) q.set('limit', values.limit);
      const r = (await call(io, base, 'GET', `/api/ops/rollout/log${q.size ? `?${q}` : ''}`)) as { entries: RolloutAuditEntry[] };
      io.out(values.json ? JSON.stringify(r.entries, null, 2) : formatLog(r.entries));
      return 0;
    }
    if (command === 'revert') {
      if (!rawArea) throw new CliError(`revert needs the log entry number (see \`npm run rollout -- log\`).\n${USAGE}`, 2);
      const { entry } = checked(RolloutEntryParams, { entry: rawArea.replace(/^#/, '') });
      const r = await call(io, base, 'POST', `/api/ops/rollout/log/${entry}/revert`, { reason: reasonOf() });
      io.out(`${r.area}: reverted entry #${entry}; now ${r.configured === false ? 'no rollout (deployment default)' : `stable ${r.stable.version}${r.candidate ? `, candidate ${r.candidate.version} at ${fmtPercent(r.candidate.percent)}` : ''}${r.killed ? ', KILLED' : ''}`}.`);
      return 0;
    }
    const area = parseArea(rawArea);
    let candidate: string | undefined;
    if (values.candidate !== undefined) candidate = checked(ManifestUrl, values.candidate);
    if (command === 'set') {
      if (values.percent === undefined || values.percent.trim() === '') throw new CliError(`set needs --percent <0-100>.\n${USAGE}`, 2);
      const percent = checked(RolloutPercent, values.percent);
      const r = await call(io, base, 'POST', `/api/ops/rollout/${area}/set`, { candidate, percent, reason: reasonOf() });
      for (const w of r.warnings ?? []) io.err(`Warning: ${w}`);
      io.out(
        `${area}: candidate ${r.candidate.version} at ${fmtPercent(r.candidate.percent)} (stable ${r.stable.version}). ` +
          `New page loads get it within a few seconds; watch with \`npm run rollout -- status\`.`,
      );
      return 0;
    }
    if (command === 'plan') {
      if (!values.steps) throw new CliError(`plan needs --steps, e.g. --steps 5,25,50,100.\n${USAGE}`, 2);
      if (!values.every) throw new CliError(`plan needs --every, e.g. --every 30m.\n${USAGE}`, 2);
      const steps = checked(PlanSteps, values.steps.split(',').map((x) => x.trim()));
      checked(PlanInterval, values.every);
      const r = await call(io, base, 'POST', `/api/ops/rollout/${area}/plan`, { candidate, steps, every: values.every, reason: reasonOf() });
      for (const w of r.warnings ?? []) io.err(`Warning: ${w}`);
      io.out(
        `${area}: plan for ${r.candidate.version}: ${steps.join(' > ')} % every ${formatDuration(r.plan.everyMs)}; now at ${fmtPercent(r.candidate.percent)}, ` +
          `next decision at ${fmtTime(r.plan.nextDecisionAt)}. Reaching 100 % promotes it; watch with \`npm run rollout -- status\`.`,
      );
      return 0;
    }
    if (command === 'preview') {
      const target = extra[0];
      if (!target) throw new CliError(`preview needs the version (as the build printed it) or its manifest URL.\n${USAGE}`, 2);
      if (values.ttl !== undefined) checked(PreviewTtl, values.ttl);
      const reason = reasonOf();
      const isUrl = /^https?:\/\//i.test(target);
      const r = await call(io, base, 'POST', `/api/ops/rollout/${area}/preview`, {
        ...(isUrl ? { candidate: checked(ManifestUrl, target) } : { version: target }),
        ...(values.ttl ? { ttl: values.ttl } : {}),
        ...(reason ? { reason } : {}),
      });
      for (const w of r.warnings ?? []) io.err(`Warning: ${w}`);
      io.out(`${area}: preview of ${r.version} until ${fmtTime(r.expiresAt)} (only for whoever opens this link; nobody else's versions change):\n${r.link}`);
      return 0;
    }
    const r = await call(io, base, 'POST', `/api/ops/rollout/${area}/${command}`, { reason: reasonOf() });
    if (command === 'promote') io.out(`${area}: ${r.stable.version} is now the stable version for everyone (no candidate).`);
    else if (command === 'rollback') io.out(`${area}: candidate ${r.candidate.version} rolled back to 0 % (kept for inspection); everyone gets ${r.stable.version}.`);
    else if (command === 'kill') io.out(`${area}: KILLED: every visitor gets ${r.stable.version} from the next page load; no plan advances until \`release ${area}\`.`);
    else if (command === 'pause') io.out(`${area}: plan paused at ${fmtPercent(r.candidate?.percent ?? 0)}; \`resume ${area}\` runs it again.`);
    else if (command === 'resume') io.out(`${area}: plan running again; next decision at ${fmtTime(r.plan?.nextDecisionAt)}.`);
    else io.out(`${area}: released${r.candidate && r.candidate.percent > 0 ? `; candidate ${r.candidate.version} at ${fmtPercent(r.candidate.percent)} again` : ''}${r.plan?.state === 'running' ? `; the plan's next decision at ${fmtTime(r.plan.nextDecisionAt)}` : ''}.`);
    return 0;
  } catch (err) {
    if (err instanceof CliError) {
      io.err(err.message);
      return err.code;
    }
    throw err;
  }
}
