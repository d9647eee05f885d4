// MongoDB wire protocol: OP_MSG (with kind-1 document sequences) and the legacy OP_QUERY handshake.
import * as net from 'node:net';
import { BSON } from 'bson';
import type { ConnInfo, Engine } from './commands';
import { MAX_MESSAGE_SIZE } from './commands/hello';
import { errorReply } from './errors';
import { DESERIALIZE_OPTS, type Doc, type Logger } from './storage';

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_COMPRESSED = 2012;
const OP_MSG = 2013;

const FLAG_CHECKSUM = 1 << 0;
const FLAG_MORE_TO_COME = 1 << 1;
const KNOWN_FLAGS = FLAG_CHECKSUM | FLAG_MORE_TO_COME | (1 << 16);

class ProtocolError extends Error {}

function readCString(buf: Buffer, off: number, end: number): [string, number] {
  const z = buf.indexOf(0, off);
  if (z < 0 || z >= end) throw new ProtocolError('unterminated string');
  return [buf.toString('utf8', off, z), z + 1];
}

function readDoc(buf: Buffer, off: number, end: number): [Doc, number] {
  if (off + 5 > end) throw new ProtocolError('truncated document');
  const size = buf.readInt32LE(off);
  if (size < 5 || off + size > end) throw new ProtocolError('invalid document length');
  const doc = BSON.deserialize(buf.subarray(off, off + size), DESERIALIZE_OPTS) as Doc;
  return [doc, off + size];
}

interface Parsed {
  requestId: number;
  opCode: number;
  body: Doc;
  moreToCome: boolean;
  legacy: boolean;
}

function parseMessage(msg: Buffer): Parsed {
  const requestId = msg.readInt32LE(4);
  const opCode = msg.readInt32LE(12);
  const end = msg.length;
  if (opCode === OP_MSG) {
    const flags = msg.readUInt32LE(16);
    if (flags & ~KNOWN_FLAGS & 0xffff) throw new ProtocolError('unknown required OP_MSG flag bits');
    const stop = flags & FLAG_CHECKSUM ? end - 4 : end;
    let off = 20;
    let body: Doc | null = null;
    const sequences: Array<[string, Doc[]]> = [];
    while (off < stop) {
      const kind = msg[off++];
      if (kind === 0) {
        if (body) throw new ProtocolError('OP_MSG has more than one body section');
        [body, off] = readDoc(msg, off, stop);
      } else if (kind === 1) {
        if (off + 4 > stop) throw new ProtocolError('truncated document sequence');
        const size = msg.readInt32LE(off);
        const secEnd = off + size;
        if (size < 5 || secEnd > stop) throw new ProtocolError('invalid document sequence length');
        let [id, p] = readCString(msg, off + 4, secEnd);
        const docs: Doc[] = [];
        while (p < secEnd) {
          let d: Doc;
          [d, p] = readDoc(msg, p, secEnd);
          docs.push(d);
        }
        sequences.push([id, docs]);
        off = secEnd;
      } else throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
    }
    if (!body) throw new ProtocolError('OP_MSG without a body section');
    for (const [id, docs] of sequences) {
      const existing = body[id];
      body[id] = Array.isArray(existing) ? [...existing, ...docs] : docs;
    }
    return { requestId, opCode, body, moreToCome: (flags & FLAG_MORE_TO_COME) !== 0, legacy: false };
  }
  if (opCode === OP_QUERY) {
    let off = 20;
    let ns: string;
    [ns, off] = readCString(msg, off, end);
    off += 8; // numberToSkip, numberToReturn
    let query: Doc;
    [query, off] = readDoc(msg, off, end);
    if (!ns.endsWith('.$cmd')) throw new ProtocolError('legacy OP_QUERY is only supported for commands');
    // Commands may be wrapped as { $query: {...}, $readPreference: ... }.
    const inner = query.$query && typeof query.$query === 'object' ? (query.$query as Doc) : query;
    const body: Doc = { ...inner, $db: ns.slice(0, -5) };
    return { requestId, opCode, body, moreToCome: false, legacy: true };
  }
  throw new ProtocolError(opCode === OP_COMPRESSED ? 'compression is not supported' : `unsupported opcode ${opCode}`);
}

let nextReplyId = 1;

function header(len: number, responseTo: number, op: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(len, 0);
  h.writeInt32LE(nextReplyId++ & 0x7fffffff, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(op, 12);
  return h;
}

function encodeReply(p: Parsed, reply: Doc): Buffer {
  let body: Uint8Array;
  try {
    body = BSON.serialize(reply);
  } catch (e) {
    body = BSON.serialize(errorReply(e));
  }
  if (p.legacy) {
    const extra = Buffer.alloc(20);
    extra.writeInt32LE(8, 0); // AwaitCapable
    extra.writeBigInt64LE(0n, 4);
    extra.writeInt32LE(0, 12);
    extra.writeInt32LE(1, 16);
    return Buffer.concat([header(16 + 20 + body.length, p.requestId, OP_REPLY), extra, body]);
  }
  const pre = Buffer.alloc(5); // flags (0) + section kind 0
  return Buffer.concat([header(16 + 5 + body.length, p.requestId, OP_MSG), pre, body]);
}

export interface ServerHandle {
  server: net.Server;
  close(): Promise<void>;
}

export function listen(engine: Engine, host: string, port: number, logger: Logger): Promise<ServerHandle> {
  const sockets = new Set<net.Socket>();
  let connCounter = 0;
  const server = net.createServer((sock) => {
    sockets.add(sock);
    engine.connections++;
    sock.setNoDelay(true);
    const conn: ConnInfo = { id: ++connCounter, remote: `${sock.remoteAddress}:${sock.remotePort}` };
    let chunks: Buffer[] = [];
    let buffered = 0;
    let chain: Promise<void> = Promise.resolve();
    let closed = false;
    const fail = (why: string) => {
      if (closed) return;
      closed = true;
      logger.info?.(`embedded-mongo: closing connection ${conn.id}: ${why}`);
      sock.destroy();
    };
    sock.on('data', (data) => {
      if (closed) return;
      chunks.push(data);
      buffered += data.length;
      while (buffered >= 4) {
        if (chunks[0].length < 4) chunks = [Buffer.concat(chunks)];
        const len = chunks[0].readInt32LE(0);
        if (len < 21 || len > MAX_MESSAGE_SIZE) return fail(`invalid message length ${len}`);
        if (buffered < len) return;
        const buf = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
        const msg = buf.subarray(0, len);
        const rest = buf.subarray(len);
        chunks = rest.length ? [rest] : [];
        buffered = rest.length;
        let parsed: Parsed;
        try {
          parsed = parseMessage(msg);
        } catch (e) {
          if (e instanceof ProtocolError || !(msg.readInt32LE(12) === OP_MSG)) return fail((e as Error).message);
          // A body that is not valid BSON: answer with an error if we can tell what to answer.
          const requestId = msg.readInt32LE(4);
          const p: Parsed = { requestId, opCode: OP_MSG, body: {}, moreToCome: false, legacy: false };
          chain = chain.then(() => {
            if (!closed) sock.write(encodeReply(p, { ok: 0, errmsg: `invalid BSON: ${(e as Error).message}`, code: 22, codeName: 'InvalidBSON' }));
          });
          continue;
        }
        chain = chain.then(async () => {
          const reply = await engine.run(parsed.body, conn);
          if (parsed.body.hello !== undefined || parsed.body.isMaster !== undefined || parsed.body.ismaster !== undefined) {
            reply.connectionId = conn.id;
          }
          if (!parsed.moreToCome && !closed) sock.write(encodeReply(parsed, reply));
        });
      }
    });
    sock.on('error', () => undefined);
    sock.on('close', () => {
      closed = true;
      sockets.delete(sock);
      engine.connections--;
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        server,
        close: () =>
          new Promise<void>((res) => {
            for (const s of sockets) s.destroy();
            server.close(() => res());
          }),
      });
    });
  });
}
