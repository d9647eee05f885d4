// Durability of the persistent mode: SIGKILL of the server process, corrupt log tails, compaction.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../src/index';
import { embeddedOnly } from './target';

jest.setTimeout(60_000);

const CLI = path.join(__dirname, '..', 'src', 'cli.ts');
// tsx's loader, as a file URL, so the server runs in this one node process.
const TSX_LOADER = pathToFileURL(require.resolve('tsx')).href;

interface Child {
  proc: ChildProcess;
  uri: string;
}

/** Starts the CLI (through tsx) in its own process and waits for the URI it prints. */
function startChild(dir: string): Promise<Child> {
  return new Promise((resolve, reject) => {
    // `node --import tsx` keeps the server in this one process, so SIGKILL really kills it.
    const proc = spawn(process.execPath, ['--import', TSX_LOADER, CLI, '--dir', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let errOut = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server did not start: ${out} ${errOut}`));
    }, 30_000);
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (mongodb:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, uri: m[1] });
      }
    });
    proc.stderr!.on('data', (d: Buffer) => (errOut += d.toString()));
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited early (${code}): ${errOut}`));
    });
  });
}

function kill9(child: Child): Promise<void> {
  return new Promise((resolve) => {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) return resolve();
    child.proc.once('exit', () => resolve());
    child.proc.kill('SIGKILL');
  });
}

const tmpDirs: string[] = [];
function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-test-'));
  tmpDirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

embeddedOnly('persistent mode', () => {
  test('every acknowledged write survives SIGKILL of the server process', async () => {
    const dir = tmpDir();
    let child = await startChild(dir);
    let client = await MongoClient.connect(child.uri, { serverSelectionTimeoutMS: 5000 });
    const acked = new Set<number>();
    try {
      const col = client.db('crash').collection('writes');
      await col.createIndex({ key: 1 }, { unique: true });
      // 4 concurrent writers; each write is recorded only once the server acknowledged it.
      await Promise.all(
        [0, 1, 2, 3].map(async (w) => {
          for (let i = 0; i < 60; i++) {
            const n = w * 1000 + i;
            await col.insertOne({ _id: n as never, key: `k${n}`, payload: 'x'.repeat(200) });
            if (i % 10 === 0) await col.updateOne({ _id: n as never }, { $set: { updated: true } });
            acked.add(n);
          }
        }),
      );
      await col.deleteOne({ _id: 0 as never });
      acked.delete(0);
      // More writes in flight while the process dies: those that were acknowledged must be there too.
      const inflight = [0, 1, 2, 3].map(async (w) => {
        for (let i = 100; i < 400; i++) {
          const n = w * 1000 + i;
          await col.insertOne({ _id: n as never, key: `k${n}` });
          acked.add(n);
        }
      });
      await new Promise((r) => setTimeout(r, 150));
      const ackedAtKill = new Set(acked);
      await kill9(child);
      await Promise.allSettled(inflight);
      await client.close(true).catch(() => undefined);

      child = await startChild(dir);
      client = await MongoClient.connect(child.uri, { serverSelectionTimeoutMS: 5000 });
      const back = client.db('crash').collection('writes');
      const ids = new Set((await back.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id as unknown as number));
      const missing = [...ackedAtKill].filter((n) => !ids.has(n));
      expect(ackedAtKill.size).toBeGreaterThanOrEqual(239);
      expect(missing).toEqual([]);
      expect(ids.has(0)).toBe(false);
      expect(await back.countDocuments({ updated: true })).toBe(23);
      // the unique index came back with the data
      const e = await back.insertOne({ key: 'k1' }).then(
        () => null,
        (x: { code?: number }) => x,
      );
      expect(e?.code).toBe(11000);
    } finally {
      await client.close(true).catch(() => undefined);
      await kill9(child);
    }
  });

  test('a truncated or corrupt log tail is dropped with a warning and the server starts', async () => {
    const dir = tmpDir();
    const warnings: string[] = [];
    const logger = { warn: (m: string) => warnings.push(m) };
    let server = await startEmbeddedMongo({ dir, logger });
    let client = await MongoClient.connect(server.uri);
    await client.db('t').collection('c').insertMany(Array.from({ length: 20 }, (_, i) => ({ i })));
    await client.close();
    await server.stop();
    const file = path.join(dir, 'data.log');
    // a half-written record: a header announcing 4 KB followed by a few bytes
    const head = Buffer.alloc(8);
    head.writeUInt32LE(4096, 0);
    fs.appendFileSync(file, Buffer.concat([head, Buffer.from('partial')]));

    server = await startEmbeddedMongo({ dir, logger });
    expect(warnings.join('\n')).toMatch(/truncated or corrupt tail/);
    client = await MongoClient.connect(server.uri);
    expect(await client.db('t').collection('c').countDocuments()).toBe(20);
    await client.db('t').collection('c').insertOne({ i: 20 });
    await client.close();
    await server.stop();

    // flip a byte inside the last record: its checksum no longer matches, so it is dropped
    const buf = fs.readFileSync(file);
    buf[buf.length - 3] ^= 0xff;
    fs.writeFileSync(file, buf);
    warnings.length = 0;
    server = await startEmbeddedMongo({ dir, logger });
    expect(warnings.length).toBe(1);
    client = await MongoClient.connect(server.uri);
    expect(await client.db('t').collection('c').countDocuments()).toBe(20);
    await client.close();
    await server.stop();

    // a file of garbage does not stop the server either
    fs.writeFileSync(file, Buffer.from('this is not a log at all'));
    warnings.length = 0;
    server = await startEmbeddedMongo({ dir, logger });
    expect(warnings.length).toBe(1);
    client = await MongoClient.connect(server.uri);
    expect(await client.db('t').collection('c').countDocuments()).toBe(0);
    await client.close();
    await server.stop();
  });

  test('a data directory serves one server at a time', async () => {
    const dir = tmpDir();
    const first = await startEmbeddedMongo({ dir });
    await expect(startEmbeddedMongo({ dir })).rejects.toThrow(/in use/);
    await first.stop();
    const second = await startEmbeddedMongo({ dir });
    await second.stop();
  });

  test('the log is compacted on start and keeps indexes, TTL settings and deletions', async () => {
    const dir = tmpDir();
    let server = await startEmbeddedMongo({ dir });
    let client = await MongoClient.connect(server.uri);
    const col = client.db('t').collection('compact');
    await col.createIndex({ email: 1 }, { unique: true });
    await col.createIndex({ at: 1 }, { expireAfterSeconds: 3600 });
    await col.insertOne({ _id: 'hot' as never, n: 0, email: 'hot@x' });
    for (let i = 0; i < 300; i++) await col.updateOne({ _id: 'hot' as never }, { $inc: { n: 1 } });
    await col.insertOne({ _id: 'gone' as never, email: 'gone@x' });
    await col.deleteOne({ _id: 'gone' as never });
    await client.close();
    await server.stop();
    const before = fs.statSync(path.join(dir, 'data.log')).size;

    server = await startEmbeddedMongo({ dir });
    const after = fs.statSync(path.join(dir, 'data.log')).size;
    expect(after).toBeLessThan(before / 10);
    client = await MongoClient.connect(server.uri);
    const back = client.db('t').collection('compact');
    expect(await back.find({}).toArray()).toEqual([{ _id: 'hot', n: 300, email: 'hot@x' }]);
    const idx = await back.listIndexes().toArray();
    expect(idx.find((i) => i.name === 'email_1')?.unique).toBe(true);
    expect(idx.find((i) => i.name === 'at_1')?.expireAfterSeconds).toBe(3600);
    await client.close();
    await server.stop();
  });
});
