/**
 * `npm run notifications` — the notification outbox for the operator (issue 30).
 *
 *   npm run notifications -- status          pending / sent / failed counts, and the permanently failed ones
 *   npm run notifications -- status --json   the same as JSON
 *   npm run notifications -- retry <id>      put a failed notification back in the queue
 *
 * Talks to the database the API uses (MONGODB_URI, else the embedded one in DATA_DIR/mongo; the embedded
 * one can be opened by one process at a time, so stop `npm start` first when not using MONGODB_URI).
 */
import path from 'node:path';
import { startEmbeddedMongo } from '@fitconnect/embedded-mongo';
import { loadConfig } from '../config';
import { connectDb, disconnectDb } from '../db/connect';
import '../app';
import { formatStatus, outboxStatus, retryFailed } from './status';

const USAGE = 'Usage: npm run notifications -- status [--json] | retry <id>';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'status' && command !== 'retry') {
    console.error(USAGE);
    return 2;
  }
  if (command === 'retry' && !/^[a-f0-9]{24}$/.test(rest[0] ?? '')) {
    console.error(USAGE);
    return 2;
  }
  const close = await connectFromConfig();
  try {
    if (command === 'retry') {
      const ok = await retryFailed(rest[0], new Date());
      console.log(ok ? `Notification ${rest[0]} is queued again.` : `No failed notification ${rest[0]}.`);
      return ok ? 0 : 1;
    }
    const report = await outboxStatus();
    console.log(rest.includes('--json') ? JSON.stringify(report, null, 2) : formatStatus(report));
    return 0;
  } finally {
    await close();
  }
}

async function connectFromConfig(): Promise<() => Promise<void>> {
  const config = loadConfig();
  const embedded = config.mongodbUri ? null : await startEmbeddedMongo({ dir: path.join(config.dataDir, 'mongo') });
  await connectDb(config.mongodbUri ?? embedded!.uri);
  return async () => {
    await disconnectDb();
    await embedded?.stop();
  };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    const message = err instanceof Error ? err.message : String(err);
    console.error(message);
    if (/is in use by process/.test(message)) {
      console.error('The running API holds the embedded database: stop `npm start` first, or point MONGODB_URI at a MongoDB server.');
    }
    process.exit(1);
  },
);
