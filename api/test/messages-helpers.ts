/**
 * Test helpers for the messages API: a Server-Sent Events reader over real HTTP (fetch, streamed body)
 * and a second API instance (another Koa app and server) on the same database.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app';
import { memoryLogger } from '../src/log';
import type { AppDeps } from '../src/context';
import type { Agent, TestApi } from './helpers';

export interface SseEvent {
  event: string;
  id?: string;
  data: any;
}

export interface SseStream {
  readonly events: SseEvent[];
  readonly status: number;
  /** The id of the last event that carried one (what a browser sends as Last-Event-ID). */
  readonly lastEventId: string | undefined;
  /**
   * Resolves with the first event (from the start of the stream) matching; rejects after `ms` (default
   * 20 s: a generous bound against a hung test, never what decides a pass on a busy machine).
   */
  waitFor(pred: (e: SseEvent) => boolean, ms?: number, label?: string): Promise<SseEvent>;
  /** Resolves when the server ended the response (not when we closed it ourselves). */
  readonly ended: Promise<void>;
  /** True once the server ended the response. */
  readonly isEnded: boolean;
  close(): void;
}

/** How long a test waits for an event before it fails as hung. */
export const WAIT_MS = 20_000;

export async function openStream(baseUrl: string, agent: Agent, opts: { query?: string; lastEventId?: string } = {}): Promise<SseStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (agent.cookies.size) headers.cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (opts.lastEventId !== undefined) headers['last-event-id'] = opts.lastEventId;
  const res = await fetch(`${baseUrl}/api/messages/stream${opts.query ? `?${opts.query}` : ''}`, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  let lastEventId: string | undefined;
  const waiters = new Set<() => void>();
  let isEnded = false;
  let markEnded!: () => void;
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buf = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buf += decoder.decode(chunk, { stream: true });
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            let event = 'message';
            let id: string | undefined;
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'event') event = value;
              else if (field === 'id') id = value;
              else if (field === 'data') data.push(value);
            }
            if (id !== undefined) lastEventId = id;
            if (data.length === 0) continue;
            const text = data.join('\n');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              /* plain text */
            }
            events.push({ event, id, data: parsed });
            for (const w of [...waiters]) w();
          }
        }
        // The body finished: the server ended the response.
        isEnded = true;
        markEnded();
      } catch {
        /* aborted by close() */
      }
    })();
  }
  return {
    events,
    status: res.status,
    get lastEventId() {
      return lastEventId;
    },
    ended,
    get isEnded() {
      return isEnded;
    },
    waitFor(pred, ms = WAIT_MS, label = 'event') {
      const found = events.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise<SseEvent>((resolve, reject) => {
        const check = () => {
          const e = events.find(pred);
          if (e) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(e);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${label} within ${ms} ms; got ${JSON.stringify(events.map((e) => [e.event, e.data?.seq ?? e.data]))}`));
        }, ms);
        waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}

/** A second API instance (its own Koa app, server and change stream) on the same database as `api`. */
export async function startSecondInstance(
  api: TestApi,
  deps: Partial<Omit<AppDeps, 'config' | 'logger'>> = {},
): Promise<{ url: string; logLines: string[]; stop(): Promise<void> }> {
  const logger = memoryLogger();
  const app = createApp({ config: api.config, logger, ...deps });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    logLines: logger.lines,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
