/**
 * Test harness for scripts/serve-static.mjs over real HTTP (used by scripts/test/serve-static-*.test.ts and
 * ssr-seo.test.ts). Not a test file itself: jest (build-config/jest.js) only collects files named *.test.ts.
 *
 *   const harness = serveStaticHarness();                  // registers this file's cleanup hooks
 *   const dir = harness.tmpDir('serve-x-');                 // removed after all tests
 *   const site = await harness.serve(['--dir', dir, '--spa'], { SSR: 'off' });
 *   const r = await get(`${site.url}/`, { Cookie: 'a=b' }); // { status, headers, body, ms }
 *   harness.removeAfterAll(file);                            // any other file or folder to remove at the end
 *   const api = await listen(http.createServer(handler));   // a stand-in API: { url, close }
 *   harness.onCleanup(api.close);                           // closed with the servers
 *
 * - `serve` spawns serve-static on 127.0.0.1, port 0, with childEnv (the allow-listed part of this process's
 *   environment, so a REMOTES_JSON or API_URL in the developer's shell changes nothing) plus `env` (a value
 *   given as undefined is left out), and resolves once it prints "listening on <url>". It rejects if the
 *   process exits first, or after `startTimeoutMs` if one is given (otherwise only jest's timeout applies).
 * - Cleanup: the spawned servers are killed (SIGKILL) and the onCleanup closers run, in that order, after each
 *   test (`stopAfter: 'each'`, the default) or once after all tests (`stopAfter: 'all'`, for a server started in
 *   beforeAll); the temp folders are removed after all tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childEnv } from '@fitconnect/build-config/child-env';

/** The server under test. */
export const SERVE_STATIC = path.resolve(__dirname, '..', '..', 'serve-static.mjs');

/** One HTTP answer, read whole as UTF-8 text. */
export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request without keep-alive (agent: false), so no socket outlives the test; `ms` is the wall time from
 * sending it to the end of the body.
 */
export function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply & { ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: Date.now() - started }));
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

/** A running serve-static process. */
export interface Served {
  /** Its base URL, as it printed it (`http://127.0.0.1:<port>`). */
  url: string;
  proc: ChildProcess;
  /** Everything it printed (stdout and stderr) so far. */
  output: () => string;
  /** Whether it has exited. */
  exited: () => boolean;
}

export interface ServeOptions {
  /** Reject (with its output) if it has not printed "listening on" by then; default: no timer of its own. */
  startTimeoutMs?: number;
}

export interface Harness {
  /** Starts serve-static with `args` (plus `--port 0`) and HOST=127.0.0.1 plus `env`; killed by the cleanup hooks. */
  serve(args: string[], env?: NodeJS.ProcessEnv, options?: ServeOptions): Promise<Served>;
  /** A fresh temp folder (os.tmpdir()/<prefix>XXXXXX), removed after all tests. */
  tmpDir(prefix: string): string;
  /** A file or folder to remove (if it is there) after all tests. */
  removeAfterAll(file: string): void;
  /** Something to close after the servers are killed (a stand-in API, say). */
  onCleanup(close: () => unknown): void;
}

/** Registers this test file's afterEach/afterAll cleanup and returns its serve/tmpDir/onCleanup. Call once, at the top level. */
export function serveStaticHarness({ stopAfter = 'each' }: { stopAfter?: 'each' | 'all' } = {}): Harness {
  const running: ChildProcess[] = [];
  const toRemove: string[] = [];
  const closers: (() => unknown)[] = [];

  const stop = async () => {
    for (const p of running.splice(0)) p.kill('SIGKILL');
    for (const c of closers.splice(0)) await c();
  };
  if (stopAfter === 'each') afterEach(stop);
  afterAll(async () => {
    if (stopAfter === 'all') await stop();
    for (const d of toRemove.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  return {
    serve(args, env = {}, { startTimeoutMs } = {}) {
      const proc = spawn(process.execPath, [SERVE_STATIC, ...args, '--port', '0'], { env: childEnv({ HOST: '127.0.0.1', ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
      running.push(proc);
      let out = '';
      let exited = false;
      proc.on('exit', () => (exited = true));
      return new Promise((resolve, reject) => {
        const timer = startTimeoutMs === undefined ? undefined : setTimeout(() => reject(new Error(`serve-static did not start:\n${out}`)), startTimeoutMs);
        const onData = (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/[^\s]+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve({ url: m[1], proc, output: () => out, exited: () => exited });
          }
        };
        proc.stdout!.on('data', onData);
        proc.stderr!.on('data', onData);
        proc.on('exit', (code) => reject(new Error(`serve-static exited ${code}:\n${out}`)));
      });
    },
    tmpDir(prefix) {
      const d = mkdtempSync(path.join(os.tmpdir(), prefix));
      toRemove.push(d);
      return d;
    },
    removeAfterAll(file) {
      toRemove.push(file);
    },
    onCleanup(close) {
      closers.push(close);
    },
  };
}

/** Listens on 127.0.0.1, port 0; `close` drops open connections and resolves once the server is closed. */
export async function listen(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
