/**
 * The seeded demo data, found and removed (`npm run demo -- list | remove`, issue 26).
 *
 * Demo accounts sign in with a published password, so on a real deployment they are somebody else's
 * trainer profile. Demo data is:
 *  - users marked `demo: true` (every account the seed creates), and on databases seeded before that
 *    mark existed, the seed's own accounts (seed marker present, seeded username AND seeded address);
 *  - everything those users own or wrote, whenever they wrote it: trainer profiles and their photos,
 *    trainer reviews (theirs, and all reviews of their profiles), challenges they created, their
 *    participations, community reviews, helpful votes and reports, conversations and messages, workouts,
 *    sessions, reset tokens, feedback;
 *  - the seed's anonymous community reviews (written without an account) and the demo partner id.
 * Real users keep their data: a demo challenge a real user joined stays (without its demo participants
 * or creator), real trainers' ratings and real reviews' helpful / report counts are recomputed without
 * the demo votes. A conversation between a real user and a demo account goes with the demo account.
 */
import mongoose from 'mongoose';
import { User } from '../users/model';
import { Trainer, TrainerReview, refreshTrainerRating } from '../trainers/model';
import { photoBucket } from '../trainers/photos';
import { Challenge, ChallengeParticipant } from '../challenges/model';
import { CommunityReview, HelpfulVote, ReviewReport } from '../community/model';
import { Conversation, Message } from '../messages/model';
import { Workout, GenerationClaim } from '../workouts/model';
import { Session } from '../http/session';
import { PasswordResetToken } from '../auth/resetToken';
import { Feedback } from '../feedback/model';
import { Partner, PartnerCount } from '../partners/model';
import { Availability, Booking, CalendarFeed, RequestSeat, SlotClaim } from '../bookings/model';
import { DEMO_PARTNER } from '../partners/service';
import { clients, trainers, communityReviews } from './data';

/** The email the seed gives a seeded username (kept in step with runSeed). */
export const seedEmail = (username: string) => `${username.replace(/[^a-z0-9]/gi, '.')}@fitconnect.example`.toLowerCase();

export interface DemoDataReport {
  users: number;
  trainers: number;
  trainerPhotos: number;
  trainerReviews: number;
  /** Real trainers whose rating was recomputed without demo reviews. */
  realTrainersRerated: number;
  challenges: number;
  /** Demo-created challenges kept because real users joined them (creator cleared). */
  challengesKeptForRealUsers: number;
  participations: number;
  communityReviews: number;
  helpfulVotes: number;
  reviewReports: number;
  conversations: number;
  messages: number;
  workouts: number;
  /** Booked sessions with a demo client or a demo trainer (issue 29), and demo trainers' schedules. */
  bookings: number;
  schedules: number;
  sessions: number;
  other: number;
  partners: number;
}

/** Does this database hold the seed's marker (the seed ran here at some point)? */
async function seedRan(): Promise<boolean> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('Database not connected');
  return (await db.collection('meta').countDocuments({ _id: 'seed' as never })) > 0;
}

/** Ids of the demo accounts: marked ones, plus unmarked accounts of a seed that ran before the mark existed. */
export async function demoUserIds(): Promise<number[]> {
  const marked = await User.find({ demo: true }, { id: 1 }).lean();
  const ids = new Set(marked.map((u) => u.id));
  if (await seedRan()) {
    const seeded = [...clients, ...trainers].map((p) => ({ usernameLower: p.username.toLowerCase(), email: seedEmail(p.username) }));
    const legacy = await User.find({ $or: seeded }, { id: 1 }).lean();
    for (const u of legacy) ids.add(u.id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The seed's reviews written without an account (no user to find them by). */
const anonymousSeedReviews = () => ({ userId: null, $or: communityReviews.filter((r) => !r.author).map((r) => ({ title: r.title, comment: r.comment })) });

/** What `remove` would delete, without deleting anything. */
export async function findDemoData(): Promise<{ usernames: string[]; report: DemoDataReport }> {
  return collect(false);
}

/** Delete the demo data (idempotent: a second run finds nothing). */
export async function removeDemoData(): Promise<{ usernames: string[]; report: DemoDataReport }> {
  return collect(true);
}

async function collect(remove: boolean): Promise<{ usernames: string[]; report: DemoDataReport }> {
  const userIds = await demoUserIds();
  const users = await User.find({ id: { $in: userIds } }, { id: 1, username: 1 }).lean();
  const demo = new Set(userIds);
  const inDemo = { $in: userIds };

  const trainerDocs = await Trainer.find({ userId: inDemo }, { id: 1, photoFileId: 1, thumbFileId: 1 }).lean();
  const trainerIds = trainerDocs.map((t) => t.id);
  const photoIds = new Set<string>();
  for (const t of trainerDocs) for (const f of [t.photoFileId, t.thumbFileId]) if (f) photoIds.add(f);
  if (trainerIds.length) {
    for (const f of await photoBucket().find({ 'metadata.trainerId': { $in: trainerIds } }, { projection: { _id: 1 } }).toArray()) photoIds.add(f._id.toString());
  }

  const trainerReviewFilter = { $or: [{ userId: inDemo }, { trainerId: { $in: trainerIds } }] };
  const realTrainersRerated = (await TrainerReview.distinct('trainerId', { userId: inDemo, trainerId: { $nin: trainerIds } })) as number[];

  // Challenges a demo account created: removed, unless a real user joined (then kept without its creator).
  const createdChallenges = await Challenge.find({ createdBy: inDemo }, { id: 1 }).lean();
  const keptChallenges = (await ChallengeParticipant.distinct('challengeId', {
    challengeId: { $in: createdChallenges.map((c) => c.id) },
    userId: { $nin: userIds },
  })) as number[];
  const removedChallenges = createdChallenges.map((c) => c.id).filter((id) => !keptChallenges.includes(id));
  const participationFilter = { $or: [{ userId: inDemo }, { challengeId: { $in: removedChallenges } }] };
  const challengesWithDemoParticipants = (await ChallengeParticipant.distinct('challengeId', { userId: inDemo, challengeId: { $nin: removedChallenges } })) as number[];

  const reviewIds = (await CommunityReview.find({ $or: [{ userId: inDemo }, anonymousSeedReviews()] }, { id: 1 }).lean()).map((r) => r.id);
  const voteFilter = { $or: [{ userId: inDemo }, { reviewId: { $in: reviewIds } }] };
  const reportFilter = voteFilter;
  const realReviewsVoted = (await HelpfulVote.distinct('reviewId', { userId: inDemo, reviewId: { $nin: reviewIds } })) as number[];
  const realReviewsReported = (await ReviewReport.distinct('reviewId', { userId: inDemo, reviewId: { $nin: reviewIds } })) as number[];

  const conversationIds = (await Conversation.find({ members: inDemo }, { id: 1 }).lean()).map((c) => c.id);
  const messageFilter = { $or: [{ conversationId: { $in: conversationIds } }, { senderId: inDemo }, { receiverId: inDemo }] };

  // Bookings: any with a demo client or a demo trainer (a real client's booking with a demo trainer goes too).
  const bookingFilter = { $or: [{ clientId: inDemo }, { trainerUserId: inDemo }] };
  const bookingIds = (await Booking.find(bookingFilter, { id: 1 }).lean()).map((b) => b.id);

  const partnerIds = [DEMO_PARTNER.id];
  const report: DemoDataReport = {
    users: users.length,
    trainers: trainerIds.length,
    trainerPhotos: photoIds.size,
    trainerReviews: await TrainerReview.countDocuments(trainerReviewFilter),
    realTrainersRerated: realTrainersRerated.length,
    challenges: removedChallenges.length,
    challengesKeptForRealUsers: keptChallenges.length,
    participations: await ChallengeParticipant.countDocuments(participationFilter),
    communityReviews: reviewIds.length,
    helpfulVotes: await HelpfulVote.countDocuments(voteFilter),
    reviewReports: await ReviewReport.countDocuments(reportFilter),
    conversations: conversationIds.length,
    messages: await Message.countDocuments(messageFilter),
    workouts: await Workout.countDocuments({ userId: inDemo }),
    bookings: bookingIds.length,
    schedules: await Availability.countDocuments({ trainerUserId: inDemo }),
    sessions: await Session.countDocuments({ userId: inDemo }),
    other:
      (await GenerationClaim.countDocuments({ userId: inDemo })) +
      (await PasswordResetToken.countDocuments({ userId: inDemo })) +
      (await Feedback.countDocuments({ userId: inDemo })) +
      (await CalendarFeed.countDocuments({ userId: inDemo })),
    partners: await Partner.countDocuments({ partnerId: { $in: partnerIds } }),
  };
  const usernames = users.map((u) => u.username);
  if (!remove) return { usernames, report };

  // Sessions first: a demo account signed in right now is signed out before anything else goes.
  await Session.deleteMany({ userId: inDemo });
  const bucket = photoIds.size ? photoBucket() : null;
  for (const id of photoIds) await bucket!.delete(new mongoose.Types.ObjectId(id)).catch(() => undefined);
  await TrainerReview.deleteMany(trainerReviewFilter);
  await Trainer.deleteMany({ id: { $in: trainerIds } });
  for (const id of realTrainersRerated) await refreshTrainerRating(id);

  await ChallengeParticipant.deleteMany(participationFilter);
  await Challenge.deleteMany({ id: { $in: removedChallenges } });
  await Challenge.updateMany({ id: { $in: keptChallenges } }, { $set: { createdBy: null } });
  // Seats the demo participants held go back (participantCount is the join's seat counter), and so do their
  // completions (completedCount, the challenge page's other counter).
  for (const id of new Set([...keptChallenges, ...challengesWithDemoParticipants])) {
    const [participantCount, completedCount] = await Promise.all([
      ChallengeParticipant.countDocuments({ challengeId: id }),
      ChallengeParticipant.countDocuments({ challengeId: id, completed: true }),
    ]);
    await Challenge.updateOne({ id }, { $set: { participantCount, completedCount } });
  }

  await HelpfulVote.deleteMany(voteFilter);
  await ReviewReport.deleteMany(reportFilter);
  await CommunityReview.deleteMany({ id: { $in: reviewIds } });
  for (const id of realReviewsVoted) await CommunityReview.updateOne({ id }, { $set: { helpful: await HelpfulVote.countDocuments({ reviewId: id }) } });
  for (const id of realReviewsReported) {
    await CommunityReview.updateOne({ id }, { $set: { reportCount: await ReviewReport.countDocuments({ reviewId: id, resolved: false }) } });
  }

  await Message.deleteMany(messageFilter);
  await Conversation.deleteMany({ id: { $in: conversationIds } });
  await Workout.deleteMany({ userId: inDemo });
  await SlotClaim.deleteMany({ bookingId: { $in: bookingIds } });
  await RequestSeat.deleteMany({ bookingId: { $in: bookingIds } });
  await Booking.deleteMany({ id: { $in: bookingIds } });
  await Availability.deleteMany({ trainerUserId: inDemo });
  await CalendarFeed.deleteMany({ userId: inDemo });
  await GenerationClaim.deleteMany({ userId: inDemo });
  await PasswordResetToken.deleteMany({ userId: inDemo });
  await Feedback.deleteMany({ userId: inDemo });
  await PartnerCount.deleteMany({ partnerId: { $in: partnerIds } });
  await Partner.deleteMany({ partnerId: { $in: partnerIds } });
  await User.deleteMany({ id: { $in: [...demo] } });
  return { usernames, report };
}
