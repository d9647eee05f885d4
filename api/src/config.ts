import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import path from 'node:path';

/** Everything the API reads from the environment, parsed once. */
export interface Config {
  port: number;
  host: string;
  /** When unset the API starts the embedded database with data in `${dataDir}/mongo`. */
  mongodbUri: string | undefined;
  /** How long to keep trying to reach MONGODB_URI at start before exiting with an error. */
  mongoConnectTimeoutMs: number;
  /** Signs the session cookie. When unset, a random one is generated and kept in `${dataDir}/session-secret`. */
  sessionSecret: string | undefined;
  dataDir: string;
  /** Where the web app lives: reset links point at `${publicUrl}/reset-password?token=...`. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  openaiApiKey: string | undefined;
  /** Honour X-Forwarded-Proto / X-Forwarded-For (set when running behind a proxy or load balancer). */
  trustProxy: boolean;
  /**
   * How many proxies in front of the API append to X-Forwarded-For (TRUST_PROXY=2 for two; 1 otherwise).
   * The client address is read that many entries from the right: entries further left are whatever the
   * client sent, and trusting them would let anyone dodge the rate limits.
   */
  proxyHops: number;
  /** Rate limits (login, signup, forgot password). `false` turns them off; a number scales every limit. */
  rateLimit: false | number;
  /** Largest accepted JSON / form body. */
  bodyLimit: string;
}

/** The repository root (api/src/config.ts -> ../..). */
export const repoRoot = path.resolve(__dirname, '..', '..');

function bool(v: string | undefined, fallback: boolean): boolean {
  if (v === undefined || v === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

function blankToUndefined(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const rl = blankToUndefined(env.RATE_LIMIT);
  const hops = Number(blankToUndefined(env.TRUST_PROXY));
  return {
    port,
    host: blankToUndefined(env.HOST) ?? '127.0.0.1',
    mongodbUri: blankToUndefined(env.MONGODB_URI),
    mongoConnectTimeoutMs: Number(blankToUndefined(env.MONGODB_CONNECT_TIMEOUT_MS)) > 0 ? Number(env.MONGODB_CONNECT_TIMEOUT_MS) : 60_000,
    sessionSecret: blankToUndefined(env.SESSION_SECRET),
    dataDir: path.resolve(blankToUndefined(env.DATA_DIR) ?? path.join(repoRoot, '.data')),
    publicUrl: (blankToUndefined(env.PUBLIC_URL) ?? 'http://localhost:3000').replace(/\/+$/, ''),
    smtpUrl: blankToUndefined(env.SMTP_URL),
    mailFrom: blankToUndefined(env.MAIL_FROM) ?? 'FitConnect <no-reply@fitconnect.local>',
    openaiApiKey: blankToUndefined(env.OPENAI_API_KEY),
    trustProxy: bool(env.TRUST_PROXY, false) || (Number.isInteger(hops) && hops > 0),
    proxyHops: Number.isInteger(hops) && hops > 0 ? hops : 1,
    rateLimit: rl === undefined ? 1 : ['off', 'false', '0'].includes(rl.toLowerCase()) ? false : Number(rl) > 0 ? Number(rl) : 1,
    bodyLimit: blankToUndefined(env.BODY_LIMIT) ?? '100kb',
  };
}

/**
 * The session secret: SESSION_SECRET when set, else a random secret kept in DATA_DIR/session-secret
 * (created on first start, readable only by its owner) so sessions survive a restart.
 */
export function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  try {
    chmodSync(file, 0o600);
  } catch {
    /* best effort on filesystems without modes */
  }
  return secret;
}
