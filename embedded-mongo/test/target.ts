// Where the conformance suite runs: the embedded server (default) or a real MongoDB (MONGODB_URI).
import { randomBytes } from 'node:crypto';
import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { startEmbeddedMongo } from '../src/index';

export const REAL = !!process.env.MONGODB_URI;
/**
 * Tests that need the embedded server itself (its files, its TTL timer, raw protocol abuse). Under
 * MONGODB_URI they are skipped, and the run says which and why (a skipped suite must not pass unseen).
 */
export function embeddedOnly(name: string, fn: () => void): void {
  if (!REAL) return describe(name, fn);
  console.warn(`Skipped under MONGODB_URI: "${name}" tests the embedded server itself (its files, TTL timer or wire protocol), not MongoDB; run without MONGODB_URI to cover it.`);
  describe.skip(name, fn);
}

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

/** The server's refusal of `p` (a MongoServerError); fails if `p` succeeds or fails otherwise. */
export async function serverError(p: Promise<unknown>): Promise<MongoServerError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof MongoServerError) return e;
    throw e;
  }
  throw new Error('expected the server to reject the operation');
}

export interface FileConnection {
  target: Target;
  client: MongoClient;
  db: Db;
}

/**
 * This test file's database on the target: started and connected in a beforeAll (registered here, so it runs
 * before the file's own), dropped, closed and stopped in an afterAll. Read the fields once beforeAll ran:
 * `const conn = connectForFile('x'); beforeAll(() => void ({ target, client, db } = conn));`.
 */
export function connectForFile(label: string): FileConnection {
  const conn = {} as FileConnection;
  beforeAll(async () => {
    conn.target = await startTarget(label);
    conn.client = await MongoClient.connect(conn.target.uri, { serverSelectionTimeoutMS: 5000 });
    conn.db = conn.client.db(conn.target.dbName);
  });
  afterAll(async () => {
    await conn.db?.dropDatabase().catch(() => undefined);
    await conn.client?.close();
    await conn.target?.stop();
  });
  return conn;
}
