import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { childEnv } from '@fitconnect/build-config/child-env';
import { startTestApi, type TestApi } from '../../api/test/helpers';
import { makeTrainer } from '../../api/test/trainers/support';

// Issue 26 item 7: no request is lost after a refusal. Many answers go out before the request body has been
// read (an early 401/400, a 413 from the body-size limit or the photo upload's streaming limit). A client that
// keeps connections alive (Node's fetch: undici's pool) reuses that connection for its next request as soon as
// it has the answer and has sent its body. Before the fix the body's unread rest stalled the connection (the
// API's body parser paused the request at its limit; the shell's /api proxy stopped forwarding once the API's
// answer was complete), and when Node closed the stalled socket after its keep-alive timeout the kernel reset
// it: the request waiting on it failed with ECONNRESET. Here the real API (in-process, real HTTP) and the real
// scripts/serve-static.mjs in front of it (as `npm start` runs them) take an oversized or truncated request
// followed at once by another, many times over, on the API's own port and through the proxy.

jest.setTimeout(600_000);

const SCRIPT = path.resolve(__dirname, '..', 'serve-static.mjs');
const ITERATIONS = 50;
const PHOTO_TOO_LARGE = 'Please select an image smaller than 5MB';

let api: TestApi;
let shell: string;
let proc: ChildProcess | undefined;
let dir: string;
let trainerId: number;
let cookie: string;

beforeAll(async () => {
  api = await startTestApi();
  const owner = api.agent();
  const { trainer } = await makeTrainer(owner, { location: 'Leeds' });
  trainerId = trainer.id;
  cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  dir = mkdtempSync(path.join(os.tmpdir(), 'no-reset-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
  const env: NodeJS.ProcessEnv = childEnv({ HOST: '127.0.0.1', API_URL: api.url });
  delete env.REMOTES_JSON;
  proc = spawn(process.execPath, [SCRIPT, '--dir', dir, '--port', '0', '--spa', '--api'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  shell = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve(m[1]);
    };
    proc!.stdout!.on('data', onData);
    proc!.stderr!.on('data', onData);
    proc!.on('exit', (code) => reject(new Error(`serve-static exited ${code}:\n${out}`)));
  });
});

afterAll(async () => {
  if (proc && proc.exitCode === null) {
    const exited = new Promise((r) => proc!.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
  await api?.stop();
});

const BIG_PHOTO = Buffer.alloc(6 * 1024 * 1024, 0x42); // over the 5 MB limit
const BOUNDARY = 'noresetboundary';
const photoHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="profileImage"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
/** Over the API's 100 kb JSON limit. */
const bigJson = () => JSON.stringify({ email: `${'x'.repeat(300_000)}@example.com` });
/** A multipart body that stops in the middle of its only part (no closing boundary). */
const truncatedMultipart = () => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${'y'.repeat(2 * 1024 * 1024)}`;

/** A body sent in chunks without a Content-Length (only a limit applied while reading can catch it). */
function streamed(...parts: (string | Buffer)[]): { body: ReadableStream<Uint8Array>; duplex: 'half' } {
  return { body: new Blob(parts.map((p) => new Uint8Array(typeof p === 'string' ? Buffer.from(p) : p))).stream(), duplex: 'half' };
}

interface Refusal {
  name: string;
  /** The refused request, through Node's fetch (global pool, keep-alive). */
  send(base: string): Promise<Response>;
  status: number;
  message?: string;
}

const REFUSALS: Refusal[] = [
  {
    name: 'an oversized photo upload (413 from its declared length)',
    send: (base) => {
      const form = new FormData();
      form.append('profileImage', new Blob([new Uint8Array(BIG_PHOTO)], { type: 'image/png' }), 'big.png');
      return fetch(`${base}/api/trainers/${trainerId}/upload-photo`, { method: 'POST', body: form, headers: { cookie } });
    },
    status: 413,
    message: PHOTO_TOO_LARGE,
  },
  {
    name: 'an oversized photo upload sent without a length (413 while streaming)',
    send: (base) =>
      fetch(`${base}/api/trainers/${trainerId}/upload-photo`, {
        method: 'POST',
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        ...streamed(photoHead, BIG_PHOTO, `\r\n--${BOUNDARY}--\r\n`),
      } as RequestInit),
    status: 413,
    message: PHOTO_TOO_LARGE,
  },
  {
    name: 'a photo upload without a session (401 before the body is read)',
    send: (base) => {
      const form = new FormData();
      form.append('profileImage', new Blob([new Uint8Array(BIG_PHOTO.subarray(0, 2 * 1024 * 1024))], { type: 'image/png' }), 'a.png');
      return fetch(`${base}/api/trainers/${trainerId}/upload-photo`, { method: 'POST', body: form });
    },
    status: 401,
  },
  {
    name: 'an oversized JSON body (413 from its declared length)',
    send: (base) => fetch(`${base}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bigJson() }),
    status: 413,
  },
  {
    name: 'an oversized JSON body sent without a length (413 once the limit is read)',
    send: (base) =>
      fetch(`${base}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, ...streamed(bigJson()) } as RequestInit),
    status: 413,
  },
  {
    name: 'a truncated multipart body to a JSON route (400 before the body is read)',
    send: (base) =>
      fetch(`${base}/api/community-reviews/-1/helpful`, {
        method: 'PATCH',
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body: truncatedMultipart(),
      }),
    status: 400,
  },
];

/** The request right after the refusal: a POST (never retried by a client), on whatever connection the pool picks. */
const followUp = (base: string, i: number) =>
  fetch(`${base}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `nobody${i}@example.com` }) });

/** Both requests answered (a rejected fetch names its cause: ECONNRESET, socket closed...). */
async function refusalThenFollowUp(base: string, refusal: Refusal, i: number): Promise<void> {
  const where = `${refusal.name}, round ${i + 1}`;
  const fail = (what: string, err: unknown): never => {
    const e = err as { message?: string; cause?: { code?: string; message?: string } };
    throw new Error(`${what} after ${where} was not answered: ${e.message} (${e.cause?.code ?? ''} ${e.cause?.message ?? ''})`);
  };
  const refused = await refusal.send(base).catch((err) => fail('the refused request', err));
  const text = await refused.text().catch((err) => fail('the refusal', err));
  expect({ where, status: refused.status }).toEqual({ where, status: refusal.status });
  if (refusal.message) expect(JSON.parse(text)).toEqual({ message: refusal.message });
  const next = await followUp(base, i).catch((err) => fail('the next request', err));
  const nextText = await next.text().catch((err) => fail('the next answer', err));
  expect({ where, status: next.status }).toEqual({ where, status: 200 });
  expect(JSON.parse(nextText)).toEqual({ message: expect.any(String) });
}

describe.each([
  ['through the shell proxy (scripts/serve-static.mjs --api)', () => shell],
  ["on the API's own port", () => api.url],
])('no request lost after a refusal, %s', (_label, base) => {
  it.each(REFUSALS.map((r) => [r.name, r] as const))('%s, then another request at once, 50 times: every one answered', async (_name, refusal) => {
    for (let i = 0; i < ITERATIONS; i++) await refusalThenFollowUp(base(), refusal, i);
  });
});

it('the static server itself: a POST with a 300 kB body gets its 405 and the request right after it is answered, 50 times', async () => {
  for (let i = 0; i < ITERATIONS; i++) {
    const refused = await fetch(`${shell}/some/page`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bigJson() });
    expect(refused.status).toBe(405);
    await refused.text();
    const next = await fetch(`${shell}/some/page`);
    expect(next.status).toBe(200);
    expect(await next.text()).toContain('<title>shell</title>');
  }
});

// ---- One connection, reused on purpose --------------------------------------------------------------------

/**
 * A keep-alive connection driven by hand: write a request (body and all), read its answer, write the next on
 * the same socket. `exchange` rejects if the server closes or resets the connection before answering.
 */
function connection(base: string) {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  let buffered = Buffer.alloc(0);
  let ended: Error | null = null;
  let wake: (() => void) | null = null;
  socket.on('data', (d: Buffer) => {
    buffered = Buffer.concat([buffered, d]);
    wake?.();
  });
  const onGone = (err?: Error) => {
    ended ??= err ?? new Error('the server closed the connection');
    wake?.();
  };
  socket.on('error', (err) => onGone(err));
  socket.on('close', () => onGone());
  const more = () => new Promise<void>((resolve) => (wake = resolve));

  async function readAnswer(): Promise<{ status: number; headers: string; body: string }> {
    for (;;) {
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd >= 0) {
        const headers = buffered.subarray(0, headEnd).toString('latin1');
        const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(headers)?.[1]);
        if (!Number.isFinite(length)) throw new Error(`an answer without Content-Length:\n${headers}`);
        if (buffered.length >= headEnd + 4 + length) {
          const body = buffered.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
          buffered = buffered.subarray(headEnd + 4 + length);
          return { status: Number(headers.split(' ')[1]), headers, body };
        }
      }
      if (ended) throw ended;
      await more();
    }
  }

  return {
    /** `chunked`: the body as one chunk of a chunked body (no Content-Length). */
    async exchange(method: string, p: string, headers: Record<string, string>, body: string | Buffer = '', chunked = false) {
      const payload = typeof body === 'string' ? Buffer.from(body) : body;
      const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${payload.length}`;
      const head = [`${method} ${p} HTTP/1.1`, `Host: ${hostname}:${port}`, framing, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      if (chunked) socket.write(Buffer.concat([Buffer.from(`${payload.length.toString(16)}\r\n`), payload, Buffer.from('\r\n0\r\n\r\n')]));
      else if (payload.length) socket.write(payload);
      return readAnswer();
    },
    close: () => socket.destroy(),
  };
}

describe.each([
  ['through the shell proxy', () => shell],
  ["on the API's own port", () => api.url],
])('one keep-alive connection reused right after each refusal, %s', (_label, base) => {
  it('oversized upload, oversized JSON (with and without a length), truncated multipart: each refusal, then a POST on the same connection, 20 times', async () => {
    const conn = connection(base());
    try {
      for (let i = 0; i < 20; i++) {
        const photo = await conn.exchange(
          'POST',
          `/api/trainers/${trainerId}/upload-photo`,
          { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
          Buffer.concat([Buffer.from(photoHead), BIG_PHOTO, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
        );
        expect(photo.status).toBe(413);
        expect((await conn.exchange('POST', '/api/auth/forgot-password', { 'Content-Type': 'application/json' }, JSON.stringify({ email: `a${i}@example.com` }))).status).toBe(200);

        const json = await conn.exchange('POST', '/api/auth/forgot-password', { 'Content-Type': 'application/json' }, bigJson());
        expect(json.status).toBe(413);
        expect((await conn.exchange('POST', '/api/auth/forgot-password', { 'Content-Type': 'application/json' }, JSON.stringify({ email: `b${i}@example.com` }))).status).toBe(200);

        const streamedJson = await conn.exchange('POST', '/api/auth/forgot-password', { 'Content-Type': 'application/json' }, bigJson(), true);
        expect(streamedJson.status).toBe(413);
        expect((await conn.exchange('POST', '/api/auth/forgot-password', { 'Content-Type': 'application/json' }, JSON.stringify({ email: `c${i}@example.com` }))).status).toBe(200);

        const truncated = await conn.exchange(
          'PATCH',
          '/api/community-reviews/-1/helpful',
          { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
          truncatedMultipart(),
        );
        expect(truncated.status).toBe(400);
        expect((await conn.exchange('GET', '/api/auth/user', {})).status).toBe(200);
      }
    } finally {
      conn.close();
    }
  });
});
