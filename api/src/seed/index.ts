import mongoose, { Schema } from 'mongoose';
import { User, EARLY_ACCESS_TRAINERS } from '../users/model';
import { hashPassword } from '../users/password';
import { nextId } from '../db/counter';
import { Trainer, TrainerReview, refreshTrainerRating } from '../trainers/model';
import { ensureTrainerPoints, pointFor } from '../trainers/service';
import { Challenge, ChallengeParticipant } from '../challenges/model';
import { CommunityReview, HelpfulVote } from '../community/model';
import type { Logger } from '../log';
import { addPartner, DEMO_PARTNER } from '../partners/service';
import { DEMO_PASSWORD, clients, trainers, challenges, communityReviews, dayOffset } from './data';
import { demoUserIds, seedEmail } from './demo';
import { seedBookings } from './bookings';
import type { Config } from '../config';
import { backfillActivity } from '../activity/service';

export { DEMO_PASSWORD } from './data';
export { demoUserIds, findDemoData, removeDemoData, type DemoDataReport } from './demo';

/**
 * What the API does at start (index.ts): seed an empty database only when SEED_DEMO is set, and say in
 * the log either way; warn when demo accounts are present without it (a deployment seeded earlier).
 */
export async function seedOnStart(config: Pick<Config, 'seedDemo'>, logger: Logger, now?: Date): Promise<SeedResult> {
  let result: SeedResult;
  if (config.seedDemo) {
    logger.warn(`SEED_DEMO is set: an empty database gets public demo accounts (password '${DEMO_PASSWORD}'). Never on a real deployment; \`npm run demo -- remove\` deletes them.`);
    result = await runSeed({ logger, now });
    if (!result.seeded) logger.info(`Demo seed skipped: ${result.reason}.`);
  } else {
    result = { seeded: false, reason: 'SEED_DEMO is not set' };
    // What runSeed does for a database that has users: trainers saved before points existed get one.
    await ensureTrainerPoints();
    logger.info('Demo data not seeded (SEED_DEMO is not set; a production start never seeds it).');
  }
  const demoAccounts = (await demoUserIds()).length;
  if (demoAccounts && !config.seedDemo) {
    logger.warn(`This database has ${demoAccounts} demo accounts anyone can sign in to (password '${DEMO_PASSWORD}'); remove them with \`npm run demo -- remove\`.`);
  } else if (demoAccounts && !result.seeded && (await User.exists({ usernameLower: 'demo', demo: true }))) {
    logger.info(`Demo account: username 'demo', password '${DEMO_PASSWORD}' (as seeded).`);
  }
  return result;
}

/** One marker document per one-time job: inserting it is the lock that makes the seed run at most once. */
interface MetaDoc {
  _id: string;
  at: Date;
}
const Meta = mongoose.model<MetaDoc>('Meta', new Schema<MetaDoc>({ _id: String, at: Date }, { versionKey: false, collection: 'meta' }));

export type SeedResult = { seeded: true; users: number; trainers: number; challenges: number; communityReviews: number } | { seeded: false; reason: string };

/**
 * Fill an empty database with demo data: public accounts with a published password, so only where it is
 * asked for (SEED_DEMO=1; `npm start` asks, a production start does not: index.ts). Every account is
 * marked `demo: true` (demo.ts removes them and what they own). Idempotent: does nothing when any user exists or another run
 * (this or another process) already claimed the seed marker. Dates are relative to `now`, so the
 * challenges are upcoming, active and ended whenever the seed runs.
 */
export async function runSeed(opts: { logger?: Logger; now?: Date } = {}): Promise<SeedResult> {
  const now = opts.now ?? new Date();
  if ((await User.countDocuments({})) > 0) {
    // A database seeded before trainers had points gets them (idempotent: only trainers without one).
    await ensureTrainerPoints();
    return { seeded: false, reason: 'database already has users' };
  }
  try {
    await Meta.create({ _id: 'seed', at: now });
  } catch (err) {
    if ((err as { code?: number }).code === 11000) return { seeded: false, reason: 'seed already ran' };
    throw err;
  }

  const ids = new Map<string, number>();
  const people = [...clients.map((c) => ({ ...c, trainer: false })), ...trainers.map((t) => ({ ...t, trainer: true }))];
  // One hash for every demo account: the password is public anyway, and at OWASP's scrypt cost (~0.4 s each)
  // hashing it per account made every seeded start, and every test that seeds, several seconds slower.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const p of people) {
    const trainerNumber = p.trainer ? await nextId('trainerNumber') : null;
    const user = await User.create({
      username: p.username,
      email: seedEmail(p.username),
      firstName: p.firstName,
      lastName: p.lastName,
      location: p.location,
      isTrainer: p.trainer,
      trainerNumber,
      promoTrainer: trainerNumber !== null && trainerNumber <= EARLY_ACCESS_TRAINERS,
      passwordHash,
      // Public password: marked so `npm run demo -- remove` can take every demo account out again.
      demo: true,
    });
    ids.set(p.username, user.id);
  }
  const idOf = (username: string) => {
    const id = ids.get(username);
    if (id === undefined) throw new Error(`seed data refers to unknown user ${username}`);
    return id;
  };

  const seededTrainers: { id: number; userId: number }[] = [];
  for (const t of trainers) {
    const trainer = await Trainer.create({
      userId: idOf(t.username),
      specialization: t.specialization,
      description: t.description,
      yearsOfExperience: t.yearsOfExperience,
      specialties: t.specialties,
      certifications: t.certifications,
      education: t.education,
      sessionPrice: t.sessionPrice,
      availableOnline: t.availableOnline,
      availableInPerson: t.availableInPerson,
      profileImage: null,
      // Where they work, resolved to a real point for nearest-first search (e.g. 'Leeds, LS1 4DY' -> LS1).
      location: t.location,
      ...(pointFor(t.location) ? { point: pointFor(t.location) } : {}),
      instagramHandle: t.instagramHandle ?? '',
      twitterHandle: t.twitterHandle ?? '',
      websiteUrl: t.websiteUrl ?? '',
    });
    for (const [author, rating, comment, daysAgo] of t.reviews) {
      const at = dayOffset(now, -daysAgo);
      await TrainerReview.create({ trainerId: trainer.id, userId: idOf(author), rating, comment, createdAt: at, updatedAt: at });
    }
    await refreshTrainerRating(trainer.id);
    seededTrainers.push({ id: trainer.id, userId: trainer.userId });
  }
  // Schedules and a few sessions (issue 29): the demo clients other than 'demo' itself, plus 'demo'.
  await seedBookings(seededTrainers, clients.map((c) => idOf(c.username)), now);

  for (const c of challenges) {
    const challenge = await Challenge.create({
      title: c.title,
      description: c.description,
      type: c.type,
      target: c.target,
      unit: c.unit,
      startDate: dayOffset(now, c.startInDays),
      endDate: dayOffset(now, c.endInDays),
      difficulty: c.difficulty,
      category: c.category,
      maxParticipants: c.maxParticipants,
      createdBy: idOf(c.createdBy),
      participantCount: c.participants.length,
      // The seeded challenges are the curated ones the list leads with (issue 28.11).
      featured: true,
    });
    for (const [i, [username, progress]] of c.participants.entries()) {
      const joinedAt = dayOffset(now, Math.min(c.startInDays, 0) - 1);
      // One log per participant with progress, at a distinct time inside the challenge (before now), so the
      // leaderboard's tie-break (who got there first) has real times to compare.
      const loggedAt = new Date(Math.min(dayOffset(now, c.endInDays).getTime(), now.getTime()) - (i + 1) * 3_600_000);
      await ChallengeParticipant.create({
        challengeId: challenge.id,
        userId: idOf(username),
        currentProgress: progress,
        completed: progress >= c.target,
        completedAt: progress >= c.target ? loggedAt : null,
        reachedAt: progress > 0 ? loggedAt : joinedAt,
        entries: progress > 0 ? [{ amount: progress, note: 'Progress so far', at: loggedAt }] : [],
        joinedAt,
      });
    }
  }

  // Community reviews: every helpful count is backed by real votes (one per person, the unique index the
  // API relies on), cast by seeded people other than the author; 'demo' keeps every vote to try out.
  for (const r of communityReviews) {
    const at = dayOffset(now, -r.daysAgo);
    const authorId = r.author ? idOf(r.author) : null;
    const voters = people
      .map((p) => idOf(p.username))
      .filter((id) => id !== authorId && id !== idOf('demo'))
      .slice(0, r.helpful);
    const review = await CommunityReview.create({
      userId: authorId,
      category: r.category,
      rating: r.rating,
      title: r.title,
      comment: r.comment,
      helpful: voters.length,
      isAnonymous: r.isAnonymous,
      createdAt: at,
      updatedAt: at,
    });
    for (const userId of voters) await HelpfulVote.create({ reviewId: review.id, userId, createdAt: at });
  }

  // The Community feed's "Recent activity" (issue 28.9) for what the seed made happen.
  await backfillActivity(now);

  // The demo partner page that `npm start` serves embeds the trainer finder with this id.
  await addPartner(DEMO_PARTNER.id, DEMO_PARTNER.name, now);

  opts.logger?.info(
    `Seeded demo data: ${people.length} users (${trainers.length} trainers), ${challenges.length} challenges, ${communityReviews.length} community reviews. ` +
      `Demo account: username 'demo', password '${DEMO_PASSWORD}' (every seeded account uses that password).`,
  );
  return { seeded: true, users: people.length, trainers: trainers.length, challenges: challenges.length, communityReviews: communityReviews.length };
}
