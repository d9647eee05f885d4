/**
 * `npm run demo` — the public demo data (accounts with the published password 'demo1234').
 *
 *   npm run demo -- list      what is demo data in this database (counts and the demo usernames); changes nothing
 *   npm run demo -- remove    delete the demo accounts and everything they own (seed/demo.ts), and say what went
 *   npm run demo -- seed      seed an empty database with the demo data (what SEED_DEMO=1 does at start)
 *
 * (`npm run seed -w api` is `seed`.) Talks to the database the API uses (MONGODB_URI, else the embedded one in
 * DATA_DIR/mongo; the embedded one can be opened by one process at a time, so stop `npm start` first when
 * not using MONGODB_URI).
 */
import { startEmbeddedMongo } from '@fitconnect/embedded-mongo';
import path from 'node:path';
import { loadConfig } from '../config';
import { connectDb, disconnectDb } from '../db/connect';
import { consoleLogger } from '../log';
import '../app';
import { runSeed } from './index';
import { findDemoData, removeDemoData, type DemoDataReport } from './demo';

const USAGE = 'Usage: npm run demo -- list | remove | seed';

export type DemoCommand = 'list' | 'remove' | 'seed';

export function parseArgs(argv: string[]): DemoCommand | string {
  const args = argv.filter(Boolean);
  if (args.length === 1 && ['list', 'remove', 'seed'].includes(args[0])) return args[0] as DemoCommand;
  return USAGE;
}

const LABELS: [keyof DemoDataReport, string][] = [
  ['users', 'demo accounts'],
  ['trainers', 'trainer profiles'],
  ['trainerPhotos', 'trainer photo files'],
  ['trainerReviews', 'trainer reviews'],
  ['realTrainersRerated', 'real trainers re-rated without demo reviews'],
  ['challenges', 'challenges'],
  ['challengesKeptForRealUsers', 'demo challenges kept because real users joined (creator cleared)'],
  ['participations', 'challenge participations'],
  ['communityReviews', 'community reviews'],
  ['helpfulVotes', 'helpful votes'],
  ['reviewReports', 'review reports'],
  ['conversations', 'conversations'],
  ['messages', 'messages'],
  ['workouts', 'workouts'],
  ['bookings', 'booked sessions'],
  ['schedules', 'trainer schedules'],
  ['sessions', 'sessions'],
  ['other', 'reset tokens, generation claims, feedback and calendar feeds'],
  ['partners', 'demo partner ids'],
];

export function formatReport(r: { usernames: string[]; report: DemoDataReport }, removed: boolean): string {
  if (r.report.users === 0 && r.report.communityReviews === 0 && r.report.partners === 0) return 'No demo data in this database.';
  const lines = [removed ? 'Removed demo data:' : 'Demo data in this database (`npm run demo -- remove` deletes it):'];
  for (const [key, label] of LABELS) if (r.report[key]) lines.push(`  ${String(r.report[key]).padStart(5)}  ${label}`);
  if (r.usernames.length) lines.push(`  accounts: ${r.usernames.join(', ')}`);
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const cmd = parseArgs(argv);
  if (!['list', 'remove', 'seed'].includes(cmd)) {
    console.error(cmd);
    return 2;
  }
  const config = loadConfig();
  const embedded = config.mongodbUri ? null : await startEmbeddedMongo({ dir: path.join(config.dataDir, 'mongo') });
  try {
    await connectDb(config.mongodbUri ?? embedded!.uri);
    if (cmd === 'seed') {
      const result = await runSeed({ logger: consoleLogger });
      if (!result.seeded) console.log(`Seed skipped: ${result.reason}.`);
      return 0;
    }
    const result = cmd === 'remove' ? await removeDemoData() : await findDemoData();
    console.log(formatReport(result, cmd === 'remove'));
    return 0;
  } finally {
    await disconnectDb();
    await embedded?.stop();
  }
}

if (require.main === module) {
  // `npm run seed -w api` runs this file with no command: it seeds, as it always did.
  const argv = process.argv.slice(2);
  main(argv.length ? argv : ['seed']).then(
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
}
