import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
// web-push's own decryption counterpart (RFC 8188 aes128gcm), to read what the push service received.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as { decrypt(buf: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer };

/**
 * A real SMTP server on 127.0.0.1 (smtp-server), parsing each mail it accepts with mailparser. `rejectNext`
 * answers the next DATA commands with an SMTP error (451: try later; 550: permanent).
 */
export async function startSmtp() {
  const received: ParsedMail[] = [];
  const rejections: number[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const code = rejections.shift();
        if (code) {
          const err = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code });
          callback(err);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            waiters.splice(0).forEach((w) => w());
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Mails to `address`. */
    to: (address: string) => received.filter((m) => toAddresses(m).includes(address.toLowerCase())),
    rejectNext: (code: number) => rejections.push(code),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function toAddresses(m: ParsedMail): string[] {
  const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
  return to.flatMap((t) => t.value.map((v) => (v.address ?? '').toLowerCase()));
}

export interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A fake push service: records every POST; answers 410 on paths starting /gone, 201 otherwise. */
export async function startPushService() {
  const requests: PushRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = (req.url ?? '').startsWith('/gone') ? 410 : 201;
      res.end();
    });
  });
  // Every TCP connection made to it, request or not (a refused push must not even connect).
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    port,
    requests,
    connections: () => connections,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's side of a push subscription: real P-256 keys, so the payload can be decrypted. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    decrypt: (body: Buffer) => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')) as unknown,
  };
}

/** A clock the tests move (the API and the workers read "now" from deps.clock). */
export function drivenClock(startIso: string) {
  let t = Date.parse(startIso);
  return {
    now: () => new Date(t),
    set: (iso: string) => {
      t = Date.parse(iso);
    },
    advance: (ms: number) => {
      t += ms;
    },
  };
}
