/**
 * `npm run feedback` — print the latest feedback for the team (newest first).
 *
 *   npm run feedback               the latest 20
 *   npm run feedback -- 50         the latest 50
 *   npm run feedback -- --json     as JSON lines
 *
 * Talks to the database the API uses (MONGODB_URI, else the embedded one in DATA_DIR/mongo; the embedded
 * one can be opened by one process at a time, so stop `npm start` first when not using MONGODB_URI).
 */
import { startEmbeddedMongo } from '@fitconnect/embedded-mongo';
import path from 'node:path';
import { FEEDBACK_INTEREST_LABELS, FEEDBACK_TYPE_LABELS } from '@fitconnect/contracts';
import { loadConfig } from '../config';
import { connectDb, disconnectDb } from '../db/connect';
import '../app';
import { Feedback } from './model';

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const rest = argv.filter((a) => a !== '--json');
  const limit = rest[0] === undefined ? 20 : Number(rest[0]);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    console.error('Usage: npm run feedback [-- <how many, 1-1000>] [--json]');
    return 2;
  }
  const config = loadConfig();
  const embedded = config.mongodbUri ? null : await startEmbeddedMongo({ dir: path.join(config.dataDir, 'mongo') });
  try {
    await connectDb(config.mongodbUri ?? embedded!.uri);
    const rows = await Feedback.find({}).sort({ createdAt: -1, id: -1 }).limit(limit).lean();
    if (json) {
      for (const f of rows) {
        const { _id, ...rest } = f as typeof f & { _id: unknown };
        void _id;
        console.log(JSON.stringify(rest));
      }
      return 0;
    }
    if (rows.length === 0) {
      console.log('No feedback yet.');
      return 0;
    }
    console.log(`Latest ${rows.length} feedback entr${rows.length === 1 ? 'y' : 'ies'} (newest first):\n`);
    for (const f of rows) {
      const who = f.userId === null ? 'signed out' : `user ${f.userId}${f.isTrainer ? ' (trainer)' : ''}`;
      const extras = [
        f.email ? `email ${f.email}` : null,
        f.joinCommunity ? 'wants to join the community' : null,
        f.interests.length ? `interests: ${f.interests.map((i) => FEEDBACK_INTEREST_LABELS[i] ?? i).join(', ')}` : null,
      ].filter(Boolean);
      console.log(`#${f.id}  ${new Date(f.createdAt).toISOString()}  ${FEEDBACK_TYPE_LABELS[f.type] ?? f.type}  ${who}`);
      if (extras.length) console.log(`    ${extras.join(' · ')}`);
      for (const line of f.content.split('\n')) console.log(`    | ${line}`);
      console.log('');
    }
    return 0;
  } finally {
    await disconnectDb();
    await embedded?.stop();
  }
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
