import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { startEmbeddedMongo } from '@fitconnect/embedded-mongo';

export interface EmbeddedDb {
  uri: string;
  stop(): Promise<void>;
}

/**
 * Starts the embedded database: on a worker thread when the API runs compiled (api/dist, `npm start`),
 * in-process otherwise (tsx in development and tests). EMBEDDED_DB_THREAD=off keeps it in-process.
 */
export async function startEmbedded(opts: { dir: string; logger: { warn(msg: string): void } }): Promise<EmbeddedDb> {
  const workerFile = path.join(__dirname, 'embedded-worker.js');
  if (process.env.EMBEDDED_DB_THREAD === 'off' || !existsSync(workerFile)) {
    return startEmbeddedMongo({ dir: opts.dir, logger: opts.logger });
  }
  const worker = new Worker(workerFile, { workerData: { dir: opts.dir } });
  const uri = await new Promise<string>((resolve, reject) => {
    worker.on('message', (msg: { uri?: string; error?: string; log?: string }) => {
      if (msg.log) opts.logger.warn(msg.log);
      else if (msg.error && !msg.uri) reject(new Error(`The embedded database did not start: ${msg.error}`));
      else if (msg.uri) resolve(msg.uri);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The embedded database thread exited (${code}) before it was ready`)));
  });
  let stopped: Promise<void> | null = null;
  return {
    uri,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        worker.on('message', (msg: { stopped?: boolean }) => {
          if (msg.stopped) void worker.terminate().then(() => resolve());
        });
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
