/**
 * Shared by the scale benchmarks (trainers.ts, leaderboard.ts): percentiles, an HTTP server that times each
 * request inside the process (server time: from the request's arrival to the last byte of the answer handed
 * to the socket, the database's work included, the client's parsing not), and a recorder that explains every
 * database command one request sends (the embedded database's `explain`, executionStats).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import type { CommandStartedEvent, Document } from 'mongodb';
import { explainValues as collect } from '@fitconnect/embedded-mongo';

export interface Stats {
  median: number;
  p99: number;
  max: number;
}

export function stats(ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  return { median: q(0.5), p99: q(0.99), max: s[s.length - 1] };
}

export interface TimedServer {
  base: string;
  /** Server time of the request sent with header `x-bench-id: <id>` (ms), once its answer finished. */
  serverMs(id: string): number | undefined;
  close(): Promise<void>;
}

/** The app's callback behind a timer: start at the request event, stop at the response's 'finish'. */
export async function timedServer(app: { callback(): (req: http.IncomingMessage, res: http.ServerResponse) => unknown }): Promise<TimedServer> {
  const handler = app.callback();
  const times = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const start = performance.now();
    const id = req.headers['x-bench-id'];
    if (typeof id === 'string') res.once('finish', () => times.set(id, performance.now() - start));
    void handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serverMs: (id) => {
      const t = times.get(id);
      times.delete(id);
      return t;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let nextId = 0;

/** One GET with its client-observed and server time. */
export async function timedGet(srv: TimedServer, path: string, headers: Record<string, string> = {}) {
  const id = String(++nextId);
  const start = performance.now();
  const res = await fetch(srv.base + path, { headers: { ...headers, 'x-bench-id': id } });
  const body = (await res.json()) as unknown;
  const clientMs = performance.now() - start;
  // 'finish' fires before the client has the last byte, so the server time is there by now.
  const serverMs = srv.serverMs(id) ?? NaN;
  return { res, body, clientMs, serverMs };
}

/** Explain lines of what the database did for the commands `run` sends (monitorCommands must be on). */
export async function explainCommands(run: () => Promise<unknown>): Promise<string[]> {
  const client = mongoose.connection.getClient();
  const seen: CommandStartedEvent[] = [];
  const listener = (e: CommandStartedEvent) => {
    if (['find', 'aggregate', 'count', 'distinct'].includes(e.commandName)) seen.push(e);
  };
  client.on('commandStarted', listener);
  try {
    await run();
  } finally {
    client.off('commandStarted', listener);
  }
  const lines: string[] = [];
  for (const e of seen) {
    const { lsid, $db, $clusterTime, $readPreference, apiVersion, ...cmd } = e.command as Document;
    void [lsid, $db, $clusterTime, $readPreference, apiVersion];
    const x = await mongoose.connection.db!.command({ explain: cmd, verbosity: 'executionStats' });
    const plans = collect(x, 'winningPlan');
    const stages = collect(plans, 'stage') as string[];
    const indexes = [...new Set(collect(plans, 'indexName') as string[])];
    const ex = collect(x, 'executionStats') as Document[];
    const keys = ex.reduce((n, s) => n + Number(s.totalKeysExamined ?? 0), 0);
    const docs = ex.reduce((n, s) => n + Number(s.totalDocsExamined ?? 0), 0);
    const returned = ex.reduce((n, s) => n + Number(s.nReturned ?? 0), 0);
    const shown = JSON.stringify(cmd, (_k, v: unknown) => (v instanceof Map ? Object.fromEntries(v) : v)).slice(0, 220);
    lines.push(`${e.commandName} ${shown}\n    -> ${stages.join(' < ')} [${indexes.join(', ')}] keys ${keys}, docs ${docs}, returned ${returned}`);
  }
  return lines;
}

