/**
 * The embedded database on its own thread (used by the compiled API under `npm start`): the database's
 * CPU work (query matching, sorting, index upkeep, the append-only log) runs beside the API's event loop
 * instead of on it, so on two cores the two use both. It is a TCP server, so the API talks to it
 * through the MongoDB driver exactly as it would to a separate process or a real MongoDB.
 *
 * Protocol: workerData = { dir }; the worker posts { uri } once listening (or { error }); a 'stop'
 * message stops the database and the worker answers { stopped: true }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startEmbeddedMongo } from '@fitconnect/embedded-mongo';

async function run() {
  const port = parentPort!;
  try {
    const db = await startEmbeddedMongo({
      dir: (workerData as { dir?: string }).dir,
      logger: { warn: (m) => port.postMessage({ log: m }) },
    });
    port.on('message', (msg: unknown) => {
      if (msg === 'stop') {
        db.stop().then(
          () => port.postMessage({ stopped: true }),
          (err: Error) => port.postMessage({ stopped: true, error: err.message }),
        );
      }
    });
    port.postMessage({ uri: db.uri });
  } catch (err) {
    port.postMessage({ error: (err as Error).message });
  }
}

void run();
