// Where the conformance suite runs: the embedded server (default) or a real MongoDB (MONGODB_URI).
import { randomBytes } from 'node:crypto';
import { startEmbeddedMongo } from '../src/index';

export const REAL = !!process.env.MONGODB_URI;
/** Tests that need the embedded server itself (its files, its TTL timer, raw protocol abuse). */
export const embeddedOnly = REAL ? describe.skip : describe;

export interface Target {
  /** Server URI without a database name, ending in '/' (or the MONGODB_URI as given). */
  uri: string;
  /** A fresh database name for this test file. */
  dbName: string;
  /** URI including dbName, for mongoose. */
  dbUri: string;
  stop(): Promise<void>;
}

function withDb(uri: string, db: string): string {
  const u = new URL(uri);
  u.pathname = `/${db}`;
  return u.toString();
}

export async function startTarget(label: string): Promise<Target> {
  const dbName = `conf_${label}_${randomBytes(4).toString('hex')}`;
  if (REAL) {
    const uri = process.env.MONGODB_URI as string;
    return { uri, dbName, dbUri: withDb(uri, dbName), stop: async () => undefined };
  }
  const warnings: string[] = [];
  const server = await startEmbeddedMongo({ ttlIntervalMs: 200, logger: { warn: (m) => warnings.push(m) } });
  return { uri: server.uri, dbName, dbUri: `${server.uri}${dbName}`, stop: () => server.stop() };
}
