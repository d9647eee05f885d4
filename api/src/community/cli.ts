/**
 * `npm run moderate` — the moderator's tool for reported community reviews (there is no admin UI).
 *
 *   npm run moderate                 list reviews hidden by reports (same as `list`)
 *   npm run moderate -- restore 12   show review 12 again; its open reports are resolved
 *   npm run moderate -- delete 12    remove review 12 for good
 *   npm run moderate -- challenges            list challenges hidden by reports (issue 28.11)
 *   npm run moderate -- restore-challenge 7   show challenge 7 again; its open reports are resolved
 *   npm run moderate -- delete-challenge 7    remove challenge 7 for good (with its participations)
 *
 * Talks to the database the API uses (MONGODB_URI, else the embedded one in DATA_DIR/mongo; the embedded
 * one can be opened by one process at a time, so stop `npm start` first when not using MONGODB_URI).
 */
import { startEmbeddedMongo } from '@fitconnect/embedded-mongo';
import path from 'node:path';
import { COMMUNITY_REVIEW_CATEGORY_LABELS, type CommunityReviewCategory } from '@fitconnect/contracts';
import { loadConfig } from '../config';
import { connectDb, disconnectDb } from '../db/connect';
import '../app';
import { deleteReview, hiddenReviews, restoreReview } from './service';
import { deleteChallenge, hiddenChallenges, restoreChallenge } from '../challenges/service';

const USAGE = 'Usage: npm run moderate [-- list | restore <id> | delete <id> | challenges | restore-challenge <id> | delete-challenge <id>]';
const COMMANDS = ['list', 'restore', 'delete', 'challenges', 'restore-challenge', 'delete-challenge'];
const LISTS = ['list', 'challenges'];

async function main(argv: string[]): Promise<number> {
  const [command = 'list', rawId] = argv;
  if (!COMMANDS.includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const id = Number(rawId);
  if (!LISTS.includes(command) && !(Number.isInteger(id) && id > 0)) {
    console.error(`${USAGE}\nA ${command.endsWith('challenge') ? 'challenge' : 'review'} id (a positive whole number) is required.`);
    return 2;
  }
  const config = loadConfig();
  const embedded = config.mongodbUri ? null : await startEmbeddedMongo({ dir: path.join(config.dataDir, 'mongo') });
  try {
    await connectDb(config.mongodbUri ?? embedded!.uri);
    if (command === 'list') {
      const hidden = await hiddenReviews();
      if (hidden.length === 0) {
        console.log('No reviews are hidden by reports.');
        return 0;
      }
      console.log(`${hidden.length} review(s) hidden by reports:\n`);
      for (const r of hidden) {
        const label = COMMUNITY_REVIEW_CATEGORY_LABELS[r.category as CommunityReviewCategory] ?? r.category;
        console.log(`#${r.id}  [${label}]  "${r.title}"  hidden ${r.hiddenAt ? r.hiddenAt.toISOString() : '(unknown)'}`);
        console.log(`    ${r.comment.replace(/\s+/g, ' ')}`);
        for (const rep of r.reports) console.log(`    - reported by user ${rep.userId} at ${rep.at.toISOString()}${rep.reason ? `: ${rep.reason}` : ''}`);
        console.log('');
      }
      console.log('Restore one with `npm run moderate -- restore <id>`, remove it with `npm run moderate -- delete <id>`.');
      return 0;
    }
    if (command === 'challenges') {
      const hidden = await hiddenChallenges();
      if (hidden.length === 0) {
        console.log('No challenges are hidden by reports.');
        return 0;
      }
      console.log(`${hidden.length} challenge(s) hidden by reports:\n`);
      for (const c of hidden) {
        console.log(`#${c.id}  "${c.title}"  by user ${c.createdBy ?? '(none)'}  hidden ${c.hiddenAt ? c.hiddenAt.toISOString() : '(unknown)'}`);
        console.log(`    ${c.description.replace(/\s+/g, ' ')}`);
        for (const rep of c.reports) console.log(`    - reported by user ${rep.userId} at ${rep.at.toISOString()}${rep.reason ? `: ${rep.reason}` : ''}`);
        console.log('');
      }
      console.log('Restore one with `npm run moderate -- restore-challenge <id>`, remove it with `npm run moderate -- delete-challenge <id>`.');
      return 0;
    }
    if (command === 'restore-challenge' || command === 'delete-challenge') {
      const ok = command === 'restore-challenge' ? await restoreChallenge(id) : await deleteChallenge(id);
      if (!ok) {
        console.error(command === 'restore-challenge' ? `Challenge ${id} is not hidden (or does not exist).` : `Challenge ${id} does not exist.`);
        return 1;
      }
      console.log(command === 'restore-challenge' ? `Challenge ${id} is visible again.` : `Challenge ${id} was deleted.`);
      return 0;
    }
    const done = command === 'restore' ? await restoreReview(id) : await deleteReview(id);
    if (!done) {
      console.error(command === 'restore' ? `Review ${id} is not hidden (or does not exist).` : `Review ${id} does not exist.`);
      return 1;
    }
    console.log(command === 'restore' ? `Review ${id} is visible again.` : `Review ${id} was deleted.`);
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
