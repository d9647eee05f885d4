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
  /** How long a process reuses the configuration it read from MongoDB (ms; at most 2 s by default). */
  cacheTtlMs: number;
  /** Bearer token of the operator calls; default OPERATOR_TOKEN, else DATA_DIR/operator-token. */
  operatorToken?: string;
  /** Where REMOTE_<AREA>_URL (the deployment defaults) are read from. */
  env: NodeJS.ProcessEnv;
  /** Timeout of fetching a candidate's (and the stable's) mf-manifest.json when setting it. */
  manifestTimeoutMs: number;
}

declare module '../context' {
  interface AppDeps {
    rollout?: Partial<RolloutOptions>;
  }
}

export const DEFAULT_FAILURE_RATE = 0.05;
export const DEFAULT_MIN_LOADS = 20;

/** ROLLOUT_FAILURE_RATE (a share, 0-1; "5%" also accepted) and ROLLOUT_MIN_LOADS (a whole number >= 1). */
export function thresholdFromEnv(env: NodeJS.ProcessEnv): FailureThreshold {
  const rawRate = env.ROLLOUT_FAILURE_RATE?.trim();
  let failureRate = DEFAULT_FAILURE_RATE;
  if (rawRate) {
    const n = rawRate.endsWith('%') ? Number(rawRate.slice(0, -1)) / 100 : Number(rawRate);
    if (Number.isFinite(n) && n > 0 && n <= 1) failureRate = n;
  }
  const rawMin = Number(env.ROLLOUT_MIN_LOADS?.trim() || NaN);
  const minLoads = Number.isInteger(rawMin) && rawMin >= 1 ? rawMin : DEFAULT_MIN_LOADS;
  return { failureRate, minLoads };
}

export function resolveRolloutOptions(deps: Pick<AppDeps, 'rollout'>, env: NodeJS.ProcessEnv = process.env): RolloutOptions {
  const o = deps.rollout ?? {};
  return {
    ...thresholdFromEnv(o.env ?? env),
    cacheTtlMs: 2000,
    manifestTimeoutMs: 5000,
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
