// Wire protocol details and bad input, spoken over raw sockets (embedded server only).
import * as net from 'node:net';
import { BSON } from 'bson';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index';
import { embeddedOnly } from './target';

jest.setTimeout(30_000);

let server: EmbeddedMongo;
let client: MongoClient;

beforeAll(async () => {
  server = await startEmbeddedMongo({ logger: { warn: () => undefined } });
  client = await MongoClient.connect(server.uri);
  await client.db('proto').collection('keep').insertMany([{ n: 1 }, { n: 2 }, { n: 3 }]);
});

afterAll(async () => {
  await client?.close();
  await server?.stop();
});

let reqId = 100;

function header(len: number, op: number, id = ++reqId): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(len, 0);
  h.writeInt32LE(id, 4);
  h.writeInt32LE(0, 8);
  h.writeInt32LE(op, 12);
  return h;
}

function opMsg(body: object, opts: { flags?: number; sequences?: Array<[string, object[]]>; id?: number; checksum?: boolean } = {}): Buffer {
  const parts: Buffer[] = [];
  const flags = Buffer.alloc(4);
  flags.writeUInt32LE((opts.flags ?? 0) | (opts.checksum ? 1 : 0), 0);
  parts.push(flags, Buffer.from([0]), Buffer.from(BSON.serialize(body)));
  for (const [name, docs] of opts.sequences ?? []) {
    const payload = Buffer.concat([Buffer.from(name + '\0'), ...docs.map((d) => Buffer.from(BSON.serialize(d)))]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(payload.length + 4, 0);
    parts.push(Buffer.from([1]), size, payload);
  }
  if (opts.checksum) parts.push(Buffer.alloc(4));
  const rest = Buffer.concat(parts);
  return Buffer.concat([header(16 + rest.length, 2013, opts.id), rest]);
}

function opQuery(ns: string, query: object): Buffer {
  const rest = Buffer.concat([Buffer.alloc(4), Buffer.from(ns + '\0'), Buffer.from([0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]), Buffer.from(BSON.serialize(query))]);
  return Buffer.concat([header(16 + rest.length, 2004), rest]);
}

/** A raw connection that collects replies and notices when the server hangs up. */
class Raw {
  private sock: net.Socket;
  private buf = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  closed = false;
  replies: Array<{ responseTo: number; opCode: number; doc: Record<string, unknown> }> = [];

  constructor(port: number) {
    this.sock = net.connect(port, '127.0.0.1');
    this.sock.on('data', (d) => {
      this.buf = Buffer.concat([this.buf, d]);
      while (this.buf.length >= 4 && this.buf.length >= this.buf.readInt32LE(0)) {
        const len = this.buf.readInt32LE(0);
        const msg = this.buf.subarray(0, len);
        this.buf = this.buf.subarray(len);
        const opCode = msg.readInt32LE(12);
        const docStart = opCode === 1 ? 36 : 21;
        this.replies.push({ responseTo: msg.readInt32LE(8), opCode, doc: BSON.deserialize(msg.subarray(docStart)) });
      }
      this.wake();
    });
    this.sock.on('close', () => {
      this.closed = true;
      this.wake();
    });
    this.sock.on('error', () => undefined);
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }

  send(b: Buffer) {
    this.sock.write(b);
  }

  async until(pred: () => boolean, ms = 3000): Promise<void> {
    const end = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > end) throw new Error('timed out waiting for the server');
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }

  close() {
    this.sock.destroy();
  }
}

embeddedOnly('wire protocol', () => {
  test('legacy OP_QUERY isMaster is answered with OP_REPLY describing a standalone', async () => {
    const raw = new Raw(server.port);
    raw.send(opQuery('admin.$cmd', { isMaster: 1, compression: ['zlib', 'snappy'] }));
    await raw.until(() => raw.replies.length === 1);
    const r = raw.replies[0];
    expect(r.opCode).toBe(1);
    expect(r.doc).toMatchObject({ ismaster: true, maxWireVersion: 21, minWireVersion: 0, ok: 1 });
    expect(r.doc).not.toHaveProperty('setName');
    expect(r.doc).not.toHaveProperty('compression'); // compression is refused by not offering it
    raw.close();
  });

  test('OP_MSG kind-1 document sequences are merged into the command; checksum and moreToCome flags', async () => {
    const raw = new Raw(server.port);
    raw.send(opMsg({ insert: 'seq', $db: 'proto' }, { sequences: [['documents', [{ _id: 1 }, { _id: 2 }, { _id: 3 }]]] }));
    await raw.until(() => raw.replies.length === 1);
    expect(raw.replies[0].doc).toMatchObject({ n: 3, ok: 1 });
    // moreToCome: no reply is sent; the next command's reply is the next thing on the wire
    raw.send(opMsg({ delete: 'seq', $db: 'proto' }, { flags: 2, sequences: [['deletes', [{ q: { _id: 2 }, limit: 1 }]]] }));
    const pingId = ++reqId;
    raw.send(opMsg({ count: 'seq', $db: 'proto' }, { id: pingId, checksum: true }));
    await raw.until(() => raw.replies.length === 2);
    expect(raw.replies[1].responseTo).toBe(pingId);
    expect(raw.replies[1].doc).toMatchObject({ n: 2, ok: 1 });
    raw.close();
  });

  test('authentication is refused cleanly', async () => {
    const raw = new Raw(server.port);
    raw.send(opMsg({ saslStart: 1, mechanism: 'SCRAM-SHA-256', payload: Buffer.from('x'), $db: 'admin' }));
    await raw.until(() => raw.replies.length === 1);
    expect(raw.replies[0].doc).toMatchObject({ ok: 0, code: 18 });
    expect(raw.closed).toBe(false);
    raw.close();
  });

  test('malformed, oversized and unknown messages close that connection only; data stays intact', async () => {
    const attacks: Buffer[] = [
      Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'),
      Buffer.concat([header(0x7fffffff, 2013), Buffer.alloc(16)]),
      Buffer.concat([header(30, 9999), Buffer.alloc(14)]),
      Buffer.concat([header(40, 2012), Buffer.alloc(24)]), // OP_COMPRESSED
      (() => {
        const m = opMsg({ ping: 1, $db: 'x' });
        m.writeInt32LE(0x0fffffff, 21); // body claims to be longer than the message
        return m;
      })(),
      (() => {
        const m = opMsg({ ping: 1, $db: 'x' });
        m[20] = 7; // unknown section kind
        return m;
      })(),
    ];
    for (const bad of attacks) {
      const raw = new Raw(server.port);
      raw.send(bad);
      await raw.until(() => raw.closed);
      expect(raw.closed).toBe(true);
    }
    // A body with a bad BSON element gets an error reply instead.
    const raw = new Raw(server.port);
    const m = opMsg({ ping: 1, $db: 'x' });
    m[25] = 0x77; // element type of the first field: not a BSON type
    raw.send(m);
    raw.send(opMsg({ ping: 1, $db: 'proto' }));
    await raw.until(() => raw.replies.length === 2);
    expect(raw.replies[0].doc).toMatchObject({ ok: 0, code: 22 });
    expect(raw.replies[1].doc.ok).toBe(1);
    raw.close();
    // commands that are not documents the server understands
    const raw2 = new Raw(server.port);
    raw2.send(opMsg({ find: 42, $db: 'proto' }));
    raw2.send(opMsg({ insert: 'keep', documents: 'nope', $db: 'proto' }));
    raw2.send(opMsg({ ping: 1 }));
    await raw2.until(() => raw2.replies.length === 3);
    expect(raw2.replies.map((r) => r.doc.ok)).toEqual([0, 0, 0]);
    raw2.close();
    // the server still serves other connections and lost nothing
    expect((await client.db('proto').collection('keep').find({}).toArray()).map((d) => d.n)).toEqual([1, 2, 3]);
  });
});
