/**
 * `npm run seed -w api`: seed the database the API would use (MONGODB_URI, else the embedded one in
 * DATA_DIR/mongo). Does nothing when the database already has users.
 */
import { startEmbeddedMongo } from '@fitconnect/embedded-mongo';
import path from 'node:path';
import { loadConfig } from '../config';
import { connectDb, disconnectDb } from '../db/connect';
import { consoleLogger } from '../log';
import '../app';
import { runSeed } from './index';

async function main() {
  const config = loadConfig();
  const embedded = config.mongodbUri ? null : await startEmbeddedMongo({ dir: path.join(config.dataDir, 'mongo') });
  try {
    await connectDb(config.mongodbUri ?? embedded!.uri);
    const result = await runSeed({ logger: consoleLogger });
    if (!result.seeded) console.log(`Seed skipped: ${result.reason}.`);
  } finally {
    await disconnectDb();
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
