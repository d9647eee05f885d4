import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { isIP } from 'node:net';
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
  /**
   * TRUST_PROXY given as proxy addresses (`10.0.0.0/8,192.168.1.7`): X-Forwarded-For is honoured only when
   * the direct peer is one of them, and read from the right while each hop is one of them. Empty: trust by
   * hop count (proxyHops), which is only safe when nothing but the proxy can reach the API.
   */
  trustedProxies: string[];
  /** SEED_DEMO: fill an empty database with the public demo accounts (`npm start` sets it; nothing else does). */
  seedDemo: boolean;
  /**
   * OPERATOR_TOKENS (`alice:<token>,bob:<token>`): named operator tokens, so the rollout audit log says who
   * made each change (issue 34). Each token is at least 32 characters (secretProblems); OPERATOR_TOKEN
   * keeps working as the operator named `operator`.
   */
  operatorTokens: { name: string; token: string }[];
  /** Rate limits (login, signup, forgot password). `false` turns them off; a number scales every limit. */
  rateLimit: false | number;
  /** Largest accepted JSON / form body. */
  bodyLimit: string;
  /**
   * scrypt cost of new password hashes (SCRYPT_N; r=8, p=1): OWASP's N=2^17 by default. Older hashes are
   * re-hashed at this cost on the owner's next sign-in. Tests set a low cost (test/helpers.ts).
   */
  scrypt: { N: number; r: number; p: number };
  /**
   * Web Push (issue 30): VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY (base64url, as `npx web-push generate-vapid-keys`
   * prints them); unset: generated on first start and kept in DATA_DIR/vapid-keys.json (resolveVapidKeys).
   * VAPID_SUBJECT: a mailto: or https: contact for push services (default: MAIL_FROM's address).
   */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  vapidSubject?: string;
  /**
   * PUSH_ALLOW_PRIVATE_ENDPOINTS=1: accept Web Push endpoints over http and at loopback/private/link-local
   * addresses (a local push service in tests and development). Off by default: push endpoints must be https
   * URLs of public addresses (notifications/endpoint.ts). Refused with NODE_ENV=production.
   */
  pushAllowPrivateEndpoints?: boolean;
  /**
   * TEST_CLOCK_AT (an ISO instant; the e2e harness's API only): the app's clock (deps.clock) reads this instant
   * when the API starts and runs on at real speed from there, so a browser journey that depends on the UTC day
   * (one workout a day) cannot cross 00:00 UTC half-way. Honoured only with NODE_ENV=test; any other NODE_ENV
   * (production above all) refuses to start with it.
   */
  testClockAt?: Date;
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
  const trustedProxies = proxyAddresses(env.TRUST_PROXY);
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
    trustProxy: bool(env.TRUST_PROXY, false) || (Number.isInteger(hops) && hops > 0) || trustedProxies.length > 0,
    proxyHops: Number.isInteger(hops) && hops > 0 ? hops : 1,
    rateLimit: rl === undefined ? 1 : ['off', 'false', '0'].includes(rl.toLowerCase()) ? false : Number(rl) > 0 ? Number(rl) : 1,
    bodyLimit: blankToUndefined(env.BODY_LIMIT) ?? '100kb',
    scrypt: { N: scryptN(env.SCRYPT_N), r: 8, p: 1 },
    trustedProxies,
    seedDemo: bool(env.SEED_DEMO, false),
    operatorTokens: parseOperatorTokens(env.OPERATOR_TOKENS),
    vapidPublicKey: blankToUndefined(env.VAPID_PUBLIC_KEY),
    vapidPrivateKey: blankToUndefined(env.VAPID_PRIVATE_KEY),
    vapidSubject: blankToUndefined(env.VAPID_SUBJECT),
    pushAllowPrivateEndpoints: pushAllowPrivate(env),
    testClockAt: testClockAt(env),
  };
}

/** TEST_CLOCK_AT: an instant, honoured only with NODE_ENV=test (an API in use must tell the real time). */
function testClockAt(env: NodeJS.ProcessEnv): Date | undefined {
  const v = blankToUndefined(env.TEST_CLOCK_AT);
  if (v === undefined) return undefined;
  if (env.NODE_ENV !== 'test') throw new ConfigError('TEST_CLOCK_AT is for the browser tests (NODE_ENV=test); it cannot be set otherwise');
  const at = new Date(v);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v) || Number.isNaN(at.getTime())) throw new ConfigError(`TEST_CLOCK_AT must be an ISO date and time (2026-01-15T12:00:00Z), got "${v}"`);
  return at;
}

/** PUSH_ALLOW_PRIVATE_ENDPOINTS: a yes/no word; yes is refused in production (it would let anyone aim the push worker at the private network). */
function pushAllowPrivate(env: NodeJS.ProcessEnv): boolean {
  const on = bool(env.PUSH_ALLOW_PRIVATE_ENDPOINTS, false);
  if (on && env.NODE_ENV === 'production') {
    throw new ConfigError('PUSH_ALLOW_PRIVATE_ENDPOINTS is for tests and development (a local push service); it cannot be set with NODE_ENV=production');
  }
  return on;
}

/** Names an operator token may not take: `system` signs automatic changes, `operator` is OPERATOR_TOKEN's. */
const RESERVED_OPERATOR_NAMES = ['system', 'operator'];

/**
 * OPERATOR_TOKENS as `name:token` pairs separated by commas. A malformed list throws (a typo must not
 * silently lock an operator out or let a token in under the wrong name); token length is checked by
 * secretProblems, like OPERATOR_TOKEN's.
 */
export function parseOperatorTokens(raw: string | undefined): { name: string; token: string }[] {
  const v = blankToUndefined(raw);
  if (v === undefined) return [];
  const out: { name: string; token: string }[] = [];
  for (const pair of v.split(',').map((p) => p.trim()).filter(Boolean)) {
    const colon = pair.indexOf(':');
    const name = colon > 0 ? pair.slice(0, colon).trim() : '';
    const token = colon > 0 ? pair.slice(colon + 1).trim() : '';
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/.test(name) || token === '') {
      throw new ConfigError('OPERATOR_TOKENS must be name:token pairs separated by commas (names: letters, digits, . _ -), e.g. alice:<token>,bob:<token>');
    }
    if (RESERVED_OPERATOR_NAMES.includes(name.toLowerCase())) throw new ConfigError(`OPERATOR_TOKENS: the name "${name}" is reserved`);
    if (out.some((o) => o.name.toLowerCase() === name.toLowerCase())) throw new ConfigError(`OPERATOR_TOKENS names "${name}" twice`);
    if (out.some((o) => o.token === token)) throw new ConfigError(`OPERATOR_TOKENS gives two operators the same token`);
    out.push({ name, token });
  }
  return out;
}

/**
 * TRUST_PROXY as a list of proxy addresses or CIDR ranges (anything other than a number or a yes/no word).
 * A malformed entry throws: a typo must not silently trust everybody or nobody.
 */
function proxyAddresses(raw: string | undefined): string[] {
  const v = blankToUndefined(raw);
  if (v === undefined || /^\d+$/.test(v) || ['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'].includes(v.toLowerCase())) return [];
  const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
  for (const e of entries) {
    const [addr, bits, extra] = e.split('/');
    const family = isIP(addr);
    const maxBits = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new ConfigError(`TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses/CIDR ranges; cannot read "${e}"`);
    }
  }
  return entries;
}

/** A setting the API cannot use: the start stops with this one line (index.ts). */
export class ConfigError extends Error {}

/** SCRYPT_N: a power of two from 2^14 to 2^20; unset means OWASP's 2^17. A typo throws rather than weakening hashes. */
function scryptN(raw: string | undefined): number {
  const v = blankToUndefined(raw);
  if (v === undefined) return 2 ** 17;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 2 ** 14 || n > 2 ** 20 || (n & (n - 1)) !== 0) {
    throw new Error(`SCRYPT_N must be a power of two from 16384 to 1048576 (default 131072), got ${raw}`);
  }
  return n;
}

/** Shortest OPERATOR_TOKEN / SESSION_SECRET the API accepts: 32 characters (e.g. `openssl rand -base64 32`). */
export const MIN_SECRET_LENGTH = 32;

/**
 * Problems with configured secrets, one line each (the API refuses to start on any). A short
 * OPERATOR_TOKEN or SESSION_SECRET can be guessed or brute-forced; unset ones are generated instead.
 */
export function secretProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  for (const name of ['SESSION_SECRET', 'OPERATOR_TOKEN']) {
    const value = blankToUndefined(env[name]);
    if (value !== undefined && value.length < MIN_SECRET_LENGTH) {
      problems.push(`${name} is ${value.length} characters long; use at least ${MIN_SECRET_LENGTH} random characters (e.g. openssl rand -base64 32), or unset it to have one generated.`);
    }
  }
  // Named operator tokens (issue 34): the same rule, per name (a malformed list is loadConfig's ConfigError).
  let named: { name: string; token: string }[] = [];
  try {
    named = parseOperatorTokens(env.OPERATOR_TOKENS);
  } catch {
    /* reported by loadConfig */
  }
  for (const { name, token } of named) {
    if (token.length < MIN_SECRET_LENGTH) {
      problems.push(`OPERATOR_TOKENS: ${name}'s token is ${token.length} characters long; use at least ${MIN_SECRET_LENGTH} random characters (e.g. openssl rand -base64 32).`);
    }
  }
  return problems;
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

/**
 * The VAPID key pair of Web Push (issue 30): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when both are set, else a P-256
 * pair kept in DATA_DIR/vapid-keys.json (created on first start, readable only by its owner), next to the
 * session secret: browsers' subscriptions are tied to the public key, so it must survive restarts.
 */
export function resolveVapidKeys(config: Pick<Config, 'dataDir' | 'vapidPublicKey' | 'vapidPrivateKey'>): { publicKey: string; privateKey: string } {
  if (config.vapidPublicKey && config.vapidPrivateKey) return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
  const file = path.join(config.dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
      if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    } catch {
      /* unreadable: made again below */
    }
  }
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys) + '\n', { mode: 0o600 });
  try {
    chmodSync(file, 0o600);
  } catch {
    /* best effort on filesystems without modes */
  }
  return keys;
}
