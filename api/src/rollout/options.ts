/**
 * The rollout module's settings and per-app state (config cache, visitors already recorded). Read from the
 * environment; tests override any of them through `createApp({ rollout: {...} })`.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../context';
import type { FailureThreshold } from './rules';

export interface RemoteDef {
  area: string;
  name: string;
  dir: string;
  port: number;
}
// The deployment's list of remotes (area -> container name, default port): one list for the build,
// the static server and this API.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const remotesConfig = require('@fitconnect/build-config/remotes') as {
  REMOTES: RemoteDef[];
  remotesManifest(env: NodeJS.ProcessEnv): { remotes: { area: string; name: string; entry: string }[] };
};
export const REMOTES = remotesConfig.REMOTES;

export interface RolloutOptions extends FailureThreshold {
  /**
   * Each client network (/24 IPv4, /64 IPv6) adds at most this many visitors' loads, and as many
   * failures, to a candidate run's counts: one network (a hostile client minting ids, or one office)
   * cannot outweigh the rest, in either direction.
   */
  perNetworkLimit: number;
  /** Visitors recorded per (area, version) at most; past it the stable version is served, unrecorded. */
  maxVisitorsPerVersion: number;
  /** How long a process reuses the configuration it read from MongoDB (ms; at most 2 s by default). */
  cacheTtlMs: number;
  /** Bearer token of the operator calls; default OPERATOR_TOKEN, else DATA_DIR/operator-token. */
  operatorToken?: string;
  /** Where REMOTE_<AREA>_URL (the deployment defaults) are read from. */
  env: NodeJS.ProcessEnv;
  /** Timeout of fetching a candidate's (and the stable's) mf-manifest.json when setting it. */
  manifestTimeoutMs: number;
  /** How often each instance's plan worker looks for a due decision (worker.ts; ms). */
  planTickMs: number;
  /** How long a claimed plan decision stays claimed by one instance before another may take it (ms). */
  planLeaseMs: number;
  /**
   * Issue 34 item 2: the plan gate's rules (signal names, plan.ts ALL_RULES); ROLLOUT_GATES, default all:
   * load-failures, errors, api-errors, lcp, inp.
   */
  gates: string[];
  /** Visitors (vitals: samples) each version needs in the run before a signal's rule says anything (ROLLOUT_MIN_SIGNAL_VISITORS, 200). */
  minSignalVisitors: number;
  /** Error and API 5xx rates: the candidate's may be at most this many times stable's (ROLLOUT_ERROR_RATIO, 1.5). */
  errorRatio: number;
  /** LCP / INP p75: the candidate's may be at most this many times stable's (ROLLOUT_VITALS_RATIO, 1.2). */
  vitalsRatio: number;
}

export const ALL_GATES = ['load-failures', 'errors', 'api-errors', 'lcp', 'inp'];

/** A positive number (a ratio) from the environment, else the default. */
function ratioFromEnv(raw: string | undefined, fallback: number): number {
  const n = Number(raw?.trim() || NaN);
  return Number.isFinite(n) && n >= 1 && n <= 100 ? n : fallback;
}

function gatesFromEnv(raw: string | undefined): string[] {
  const names = (raw ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => ALL_GATES.includes(x));
  return names.length > 0 ? [...new Set(names)] : ALL_GATES;
}

declare module '../context' {
  interface AppDeps {
    rollout?: Partial<RolloutOptions>;
  }
}

export const DEFAULT_FAILURE_RATE = 0.05;
export const DEFAULT_MIN_LOADS = 20;
export const DEFAULT_MIN_FAILURE_NETWORKS = 3;
export const DEFAULT_PER_NETWORK_LIMIT = 10;
export const DEFAULT_MAX_VISITORS = 100_000;

/** A whole number >= min from the environment, else the default. */
function wholeFromEnv(raw: string | undefined, fallback: number, min = 1): number {
  const n = Number(raw?.trim() || NaN);
  return Number.isInteger(n) && n >= min ? n : fallback;
}

/**
 * ROLLOUT_FAILURE_RATE (a share, 0-1; "5%" also accepted), ROLLOUT_MIN_LOADS and
 * ROLLOUT_MIN_FAILURE_NETWORKS (whole numbers >= 1).
 */
export function thresholdFromEnv(env: NodeJS.ProcessEnv): FailureThreshold {
  const rawRate = env.ROLLOUT_FAILURE_RATE?.trim();
  let failureRate = DEFAULT_FAILURE_RATE;
  if (rawRate) {
    const n = rawRate.endsWith('%') ? Number(rawRate.slice(0, -1)) / 100 : Number(rawRate);
    if (Number.isFinite(n) && n > 0 && n <= 1) failureRate = n;
  }
  const minLoads = wholeFromEnv(env.ROLLOUT_MIN_LOADS, DEFAULT_MIN_LOADS);
  const minFailureNetworks = wholeFromEnv(env.ROLLOUT_MIN_FAILURE_NETWORKS, DEFAULT_MIN_FAILURE_NETWORKS);
  return { failureRate, minLoads, minFailureNetworks };
}

export function resolveRolloutOptions(deps: Pick<AppDeps, 'rollout'>, env: NodeJS.ProcessEnv = process.env): RolloutOptions {
  const o = deps.rollout ?? {};
  const e = o.env ?? env;
  return {
    ...thresholdFromEnv(e),
    perNetworkLimit: wholeFromEnv(e.ROLLOUT_PER_NETWORK, DEFAULT_PER_NETWORK_LIMIT),
    maxVisitorsPerVersion: wholeFromEnv(e.ROLLOUT_MAX_VISITORS, DEFAULT_MAX_VISITORS),
    cacheTtlMs: 2000,
    manifestTimeoutMs: 5000,
    planTickMs: 15_000,
    planLeaseMs: 60_000,
    gates: gatesFromEnv(e.ROLLOUT_GATES),
    minSignalVisitors: wholeFromEnv(e.ROLLOUT_MIN_SIGNAL_VISITORS, 200),
    errorRatio: ratioFromEnv(e.ROLLOUT_ERROR_RATIO, 1.5),
    vitalsRatio: ratioFromEnv(e.ROLLOUT_VITALS_RATIO, 1.2),
    env,
    ...o,
  };
}

/** The deployment default of every area: REMOTE_<AREA>_URL, else http://localhost:<port>/mf-manifest.json. */
export function defaultEntries(env: NodeJS.ProcessEnv): Map<string, { name: string; entry: string }> {
  return new Map(remotesConfig.remotesManifest(env).remotes.map((r) => [r.area, { name: r.name, entry: r.entry }]));
}

export const DEFAULT_VERSION = 'default';

/** The file holding the generated operator token. */
export const operatorTokenFile = (dataDir: string) => path.join(dataDir, 'operator-token');

/**
 * The operator token: OPERATOR_TOKEN when set, else a random one kept in DATA_DIR/operator-token
 * (created on first use, mode 0600), which `npm run rollout` reads from the same place.
 */
export function resolveOperatorToken(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.OPERATOR_TOKEN?.trim();
  if (fromEnv) return fromEnv;
  const file = operatorTokenFile(dataDir);
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, token + '\n', { mode: 0o600 });
  try {
    chmodSync(file, 0o600);
  } catch {
    /* best effort on filesystems without modes */
  }
  return token;
}
