// @fitconnect/embedded-mongo: a small single-node server speaking the MongoDB wire protocol,
// for development, demos and tests. Not a production database.
import { Engine } from './commands';
import { listen } from './server';
import { Store, type Logger } from './storage';

export { explainValues } from './explainValues';

export interface EmbeddedMongoOptions {
  /** Persistent data directory. Omitted = in-memory (nothing touches the disk). */
  dir?: string;
  /** TCP port; default 0 = an ephemeral port. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  logger?: { warn(msg: string): void; info?(msg: string): void };
  /** How often TTL indexes are swept, in ms (default 1000). */
  ttlIntervalMs?: number;
}

export interface EmbeddedMongo {
  /** mongodb://127.0.0.1:<port>/ : append a database name, e.g. `${uri}fitconnect`. */
  uri: string;
  port: number;
  stop(): Promise<void>;
}

const defaultLogger: Logger = { warn: (m) => console.warn(m) };

export async function startEmbeddedMongo(opts: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const logger = opts.logger ?? defaultLogger;
  const host = opts.host ?? '127.0.0.1';
  const store = await Store.open(opts.dir, logger);
  let port = 0;
  const engine = new Engine(store, () => port);
  let handle;
  try {
    handle = await listen(engine, host, opts.port ?? 0, logger);
  } catch (e) {
    await store.close();
    throw e;
  }
  const addr = handle.server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
  const timer = setInterval(() => {
    try {
      if (engine.sweepTtl() > 0) store.commit().catch((e) => logger.warn(`embedded-mongo: TTL sweep not persisted: ${(e as Error).message}`));
      engine.sweepCursors();
    } catch (e) {
      logger.warn(`embedded-mongo: TTL sweep failed: ${(e as Error).message}`);
    }
  }, opts.ttlIntervalMs ?? 1000);
  timer.unref();
  let stopped: Promise<void> | null = null;
  const uriHost = host.includes(':') ? `[${host}]` : host;
  return {
    uri: `mongodb://${uriHost}:${port}/`,
    port,
    stop() {
      stopped ??= (async () => {
        clearInterval(timer);
        await handle.close();
        await store.close();
      })();
      return stopped;
    },
  };
}
