import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { startEmbeddedMongo } from '@fitconnect/embedded-mongo';
import { connectDb, DatabaseUnreachableError, disconnectDb, redactUri } from '../src/db/connect';
import { childEnv } from '@fitconnect/build-config/child-env';

// The API waits for MongoDB at start and, when it never answers, exits non-zero with a clear message.

jest.setTimeout(90_000);

/** A TCP port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

it('gives up after the timeout with a message naming the (password-free) address and what to check', async () => {
  const port = await closedPort();
  const waits: string[] = [];
  const started = Date.now();
  const err = await connectDb(`mongodb://app:s3cret@127.0.0.1:${port}/fitconnect`, { timeoutMs: 4_000, onWait: (m) => waits.push(m) }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DatabaseUnreachableError);
  const message = (err as Error).message;
  expect(message).toContain(`Cannot reach MongoDB at mongodb://app:***@127.0.0.1:${port}/fitconnect after`);
  expect(message).toContain('Check MONGODB_URI');
  expect(message).not.toContain('s3cret');
  expect(Date.now() - started).toBeGreaterThanOrEqual(3_500);
  expect(waits.length).toBeGreaterThanOrEqual(1);
  expect(waits[0]).toMatch(/^Waiting for MongoDB at mongodb:\/\/app:\*\*\*@127\.0\.0\.1/);
});

it('waits for a database that comes up a little later', async () => {
  const port = await closedPort();
  let db: Awaited<ReturnType<typeof startEmbeddedMongo>> | undefined;
  const later = setTimeout(() => {
    void startEmbeddedMongo({ port }).then((d) => (db = d));
  }, 3_000);
  try {
    const waits: string[] = [];
    await connectDb(`mongodb://127.0.0.1:${port}/`, { timeoutMs: 30_000, onWait: (m) => waits.push(m) });
    expect(waits.length).toBeGreaterThanOrEqual(1);
  } finally {
    clearTimeout(later);
    await disconnectDb();
    await db?.stop();
  }
});

it('the API process exits with code 1 and one clear line when MongoDB is unreachable', async () => {
  const port = await closedPort();
  const root = path.resolve(__dirname, '..', '..');
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'api', 'src', 'index.ts')], {
    // Not our whole environment: a developer's OPENAI_API_KEY or SMTP_URL has no business in a test API.
    env: childEnv({ MONGODB_URI: `mongodb://127.0.0.1:${port}/fitconnect`, MONGODB_CONNECT_TIMEOUT_MS: '2000', PORT: '0', NODE_ENV: 'test' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(1);
  expect(out).toContain(`The API could not start: Cannot reach MongoDB at mongodb://127.0.0.1:${port}/fitconnect after`);
  expect(out).not.toMatch(/\n\s+at /); // no stack trace
});

it('redacts only the password', () => {
  expect(redactUri('mongodb://user:pw@h:1/db')).toBe('mongodb://user:***@h:1/db');
  expect(redactUri('mongodb+srv://user:pw@cluster.example.net/db')).toBe('mongodb+srv://user:***@cluster.example.net/db');
  expect(redactUri('mongodb://h:1/db')).toBe('mongodb://h:1/db');
});

it('/api/health answers 503 while the database connection is down (compose health check)', async () => {
  const { startTestApi } = await import('./helpers');
  const api = await startTestApi();
  try {
    expect((await api.agent().get('/api/health')).status).toBe(200);
    await disconnectDb();
    const down = await api.agent().get('/api/health');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ ok: false, message: 'The database is not reachable right now.' });
  } finally {
    await api.stop();
  }
});
