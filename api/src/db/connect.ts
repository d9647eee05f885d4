import mongoose from 'mongoose';
import { dropObsoleteIndexes } from './obsoleteIndexes';

export const DB_NAME = 'fitconnect';

/** How long the API waits for MongoDB at start (MONGODB_CONNECT_TIMEOUT_MS), e.g. while its container starts. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 60_000;

export class DatabaseUnreachableError extends Error {
  constructor(
    readonly uri: string,
    readonly waitedMs: number,
    readonly reason: string,
  ) {
    super(
      `Cannot reach MongoDB at ${uri} after ${Math.round(waitedMs / 1000)} s (${reason}). ` +
        'Check MONGODB_URI and that the database is running (a replica set needs rs.initiate() once); ' +
        'unset MONGODB_URI to use the embedded database.',
    );
    this.name = 'DatabaseUnreachableError';
  }
}

/** The URI without its password, for messages and logs. */
export function redactUri(uri: string): string {
  return uri.replace(/^(mongodb(?:\+srv)?:\/\/)([^@/]*)@/i, (_m, scheme: string, cred: string) => `${scheme}${cred.includes(':') ? cred.split(':')[0] + ':***' : cred}@`);
}

export interface ConnectOptions {
  dbName?: string;
  /** Keep trying for this long before giving up with DatabaseUnreachableError. */
  timeoutMs?: number;
  /** Called before each retry (e.g. to log "waiting for MongoDB"). */
  onWait?: (message: string) => void;
  /** Called once when indexes a later schema replaced were dropped (see ./obsoleteIndexes.ts). */
  onInfo?: (message: string) => void;
}

/**
 * Connect the default mongoose connection (every model lives on it) and build all indexes. When the
 * server is not reachable yet (a container still starting, a replica set not yet initiated) it keeps
 * trying until `timeoutMs`, then fails with a message that says where it looked and what to check.
 */
export async function connectDb(uri: string, opts: ConnectOptions = {}): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const started = Date.now();
  let attempt = 0;
  for (;;) {
    attempt += 1;
    const left = timeoutMs - (Date.now() - started);
    try {
      await mongoose.connect(uri, {
        dbName: opts.dbName ?? DB_NAME,
        // Short attempts, so the log says what it waits for while the database starts.
        serverSelectionTimeoutMS: Math.max(500, Math.min(2_000, left)),
        autoIndex: false,
      });
      break;
    } catch (err) {
      await mongoose.disconnect().catch(() => undefined);
      const waited = Date.now() - started;
      const reason = err instanceof Error ? err.message : String(err);
      if (waited >= timeoutMs) throw new DatabaseUnreachableError(redactUri(uri), waited, reason);
      opts.onWait?.(`Waiting for MongoDB at ${redactUri(uri)} (attempt ${attempt}: ${reason})`);
      await new Promise((r) => setTimeout(r, Math.min(1_000, Math.max(0, timeoutMs - waited))));
    }
  }
  await ensureIndexes();
  const dropped = await dropObsoleteIndexes();
  if (dropped.length) opts.onInfo?.(`Dropped indexes that newer ones replaced: ${dropped.join(', ')}.`);
  return mongoose;
}

/**
 * Create the indexes of every registered model (unique ids, unique usernames, TTLs...). Called after
 * connecting; the invariants they enforce (one review per trainer per user...) must exist before traffic.
 */
export async function ensureIndexes(): Promise<void> {
  for (const name of mongoose.modelNames()) {
    await mongoose.model(name).createIndexes();
  }
}

export async function disconnectDb(): Promise<void> {
  await mongoose.disconnect();
}
