/**
 * Issue 26, public demo accounts: the seed's accounts share the published password 'demo1234', so a
 * production start never seeds them unless SEED_DEMO says so, every seeded account is marked `demo: true`,
 * and `npm run demo -- remove` deletes the demo data and nothing of a real user's.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startTestApi, signUpAndLogin, type Agent, type TestApi } from '../helpers';
import { loadConfig } from '../../src/config';
import { memoryLogger } from '../../src/log';
import { seedOnStart, DEMO_PASSWORD } from '../../src/seed';
import { trainers as seedTrainers } from '../../src/seed/data';
import { User } from '../../src/users/model';
import { Trainer, TrainerReview } from '../../src/trainers/model';
import { Challenge, ChallengeParticipant } from '../../src/challenges/model';
import { CommunityReview, HelpfulVote } from '../../src/community/model';
import { Conversation, Message } from '../../src/messages/model';
import { Partner } from '../../src/partners/model';
import { PROFILE } from '../trainers/support';

jest.setTimeout(180_000);
const ROOT = path.resolve(__dirname, '..', '..', '..');
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

const demoTrainer = seedTrainers[0].username;
const signIn = (a: Agent, username: string, password = DEMO_PASSWORD) => a.post('/api/auth/login', { username, password });

/** `npm run demo -- <args>` against the test's database; resolves with its exit code and output. */
function runDemoCli(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api', 'src', 'seed', 'cli.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, MONGODB_URI: api.mongoUri, DATA_DIR: api.config.dataDir, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('a production start (NODE_ENV=production, SEED_DEMO unset)', () => {
  it('does not seed an empty database, says so, and nobody can sign in as a demo trainer', async () => {
    const logger = memoryLogger();
    const result = await seedOnStart(loadConfig({ NODE_ENV: 'production' }), logger);
    expect(result.seeded).toBe(false);
    expect(await User.countDocuments({})).toBe(0);
    expect(logger.lines.join('\n')).toMatch(/Demo data not seeded \(SEED_DEMO is not set/);
    const r = await signIn(api.agent(), demoTrainer);
    expect(r.status).toBe(401);
    expect((await api.agent().get('/api/trainers')).body).toEqual([]);
  });
});

describe('SEED_DEMO=1', () => {
  it('seeds an empty database, warns in the log, and marks every seeded account as demo data', async () => {
    const logger = memoryLogger();
    const result = await seedOnStart(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }), logger);
    expect(result.seeded).toBe(true);
    expect(logger.lines.join('\n')).toMatch(/SEED_DEMO is set: an empty database gets public demo accounts/);
    const users = await User.find({}).lean();
    expect(users.length).toBeGreaterThanOrEqual(14);
    expect(users.every((u) => u.demo === true)).toBe(true);
    expect((await signIn(api.agent(), demoTrainer)).status).toBe(200);
    // And the public responses never carry the mark.
    const me = await api.agent().get('/api/trainers');
    expect(me.text).not.toContain('"demo"');
  });

  it('a later start without SEED_DEMO warns that demo accounts are present', async () => {
    const logger = memoryLogger();
    await seedOnStart(loadConfig({ NODE_ENV: 'production' }), logger);
    expect(logger.lines.join('\n')).toMatch(/This database has \d+ demo accounts anyone can sign in to .*npm run demo -- remove/);
  });
});

describe('npm run demo -- remove', () => {
  it('removes exactly the demo data and keeps a real user and their data', async () => {
    // A real client and a real trainer, interacting with the demo data both ways.
    const real = api.agent();
    const { user: realUser, username, password } = await signUpAndLogin(real, { firstName: 'Rita', lastName: 'Real', location: 'York' });
    const coach = api.agent();
    const { user: coachUser } = await signUpAndLogin(coach, { isTrainer: true, location: 'York', firstName: 'Cora' });
    const coachProfile = (await coach.post('/api/trainers/profile', PROFILE)).body;
    const demo = api.agent();
    expect((await signIn(demo, 'demo')).status).toBe(200);
    const marcus = await User.findOne({ usernameLower: demoTrainer }).lean();
    const marcusTrainer = await Trainer.findOne({ userId: marcus!.id }).lean();

    // The real client messages a demo trainer, joins a demo challenge, reviews the demo trainer, writes a review.
    expect((await real.post('/api/messages', { receiverId: marcus!.id, content: 'Hi, are you taking clients?' })).status).toBe(201);
    const demoChallenge = await Challenge.findOne({ title: '10K Steps a Day' }).lean();
    expect((await real.post(`/api/challenges/${demoChallenge!.id}/join`)).status).toBeLessThan(300);
    expect((await real.post('/api/reviews', { trainerId: marcusTrainer!.id, rating: 4, comment: 'Good first session.' })).status).toBeLessThan(300);
    const realReview = await real.post('/api/community-reviews', { rating: 5, title: 'Real review', comment: 'Written by a real person, kept.', category: 'platform', isAnonymous: false });
    expect(realReview.status).toBe(201);
    // A real challenge; the demo account joins it, votes the real review helpful and reviews the real trainer.
    const start = new Date().toISOString();
    const end = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const realChallenge = await real.post('/api/challenges', {
      title: 'Real Steps', description: 'A challenge a real user made.', type: 'steps', target: 1000, unit: 'steps',
      startDate: start, endDate: end, difficulty: 'easy', category: 'general', maxParticipants: '',
    });
    expect([realChallenge.status, realChallenge.text]).toEqual([201, expect.any(String)]);
    expect((await demo.post(`/api/challenges/${realChallenge.body.id}/join`)).status).toBeLessThan(300);
    expect((await demo.patch(`/api/community-reviews/${realReview.body.id}/helpful`)).status).toBeLessThan(300);
    expect((await demo.post('/api/reviews', { trainerId: coachProfile.id, rating: 1, comment: 'A demo review.' })).status).toBeLessThan(300);
    expect((await coach.get('/api/trainers/me')).body.reviewCount).toBe(1);

    const demoIds = (await User.find({ demo: true }, { id: 1 }).lean()).map((u) => u.id);
    const listed = await runDemoCli(['list']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(new RegExp(`\\s${demoIds.length}\\s+demo accounts`));
    expect(await User.countDocuments({ demo: true })).toBe(demoIds.length); // list changes nothing

    const removed = await runDemoCli(['remove']);
    expect(removed.code).toBe(0);
    expect(removed.out).toContain('Removed demo data:');
    expect(removed.out).toMatch(new RegExp(`\\s${demoIds.length}\\s+demo accounts`));
    expect(removed.out).toMatch(/\s1\s+demo challenges kept because real users joined/);

    // Demo data gone: no demo account, nothing written by or to one.
    expect(await User.countDocuments({ $or: [{ demo: true }, { id: { $in: demoIds } }] })).toBe(0);
    expect((await signIn(api.agent(), demoTrainer)).status).toBe(401);
    expect(await Trainer.countDocuments({ userId: { $in: demoIds } })).toBe(0);
    expect(await TrainerReview.countDocuments({ userId: { $in: demoIds } })).toBe(0);
    expect(await ChallengeParticipant.countDocuments({ userId: { $in: demoIds } })).toBe(0);
    expect(await CommunityReview.countDocuments({ id: { $ne: realReview.body.id } })).toBe(0);
    expect(await HelpfulVote.countDocuments({ userId: { $in: demoIds } })).toBe(0);
    expect(await Conversation.countDocuments({ members: { $in: demoIds } })).toBe(0);
    expect(await Message.countDocuments({ $or: [{ senderId: { $in: demoIds } }, { receiverId: { $in: demoIds } }] })).toBe(0);
    expect(await Partner.countDocuments({ partnerId: 'demo-gym' })).toBe(0);
    expect((await api.agent().get('/api/trainers')).body.map((t: { id: number }) => t.id)).toEqual([coachProfile.id]);

    // The real people keep their accounts and their data, with counts that no longer include demo votes.
    expect((await signIn(api.agent(), username, password)).status).toBe(200);
    expect(await User.countDocuments({})).toBe(2);
    const coachNow = (await coach.get('/api/trainers/me')).body;
    expect(coachNow).toMatchObject({ id: coachProfile.id, reviewCount: 0, rating: 0 });
    expect(coachUser.id).toBe(coachNow.userId);
    const reviews = (await api.agent().get('/api/community-reviews')).body;
    const list = Array.isArray(reviews) ? reviews : reviews.reviews ?? reviews.items;
    expect(list.map((r: { id: number; helpful: number }) => [r.id, r.helpful])).toEqual([[realReview.body.id, 0]]);
    const keptDemoChallenge = await Challenge.findOne({ id: demoChallenge!.id }).lean();
    expect(keptDemoChallenge).toMatchObject({ createdBy: null, participantCount: 1 });
    expect((await ChallengeParticipant.find({ challengeId: demoChallenge!.id }).lean()).map((p) => p.userId)).toEqual([realUser.id]);
    expect(await Challenge.findOne({ id: realChallenge.body.id }).lean()).toMatchObject({ participantCount: 0 });
    expect((await real.get('/api/user/challenges')).body.map((c: { challenge: { id: number } }) => c.challenge.id).sort()).toEqual([demoChallenge!.id]);
    // The seeded challenges nobody real joined are gone.
    expect(await Challenge.countDocuments({})).toBe(2);

    // A second run finds nothing.
    expect((await runDemoCli(['list'])).out).toContain('No demo data in this database.');
  });

  it('also finds the unmarked accounts of a seed that ran before the mark existed, and never a real namesake', async () => {
    // A real person takes a freed seed username with their own address: not demo data.
    const { user: namesake } = await signUpAndLogin(api.agent(), { username: 'priya.k', email: 'priya@example.org' });
    // An account as the old seed wrote it (seed marker present, seeded username and address, no mark).
    const hash = (await User.findOne({ id: namesake.id }).lean())!.passwordHash;
    const legacy = await User.create({ username: demoTrainer, email: `${demoTrainer}@fitconnect.example`, firstName: 'M', lastName: 'R', passwordHash: hash });
    expect(legacy.demo).toBeUndefined();
    const listed = await runDemoCli(['list']);
    expect(listed.out).toMatch(/\s1\s+demo accounts/);
    expect(listed.out).toContain(`accounts: ${demoTrainer}`);
    expect((await runDemoCli(['remove'])).code).toBe(0);
    expect(await User.exists({ id: legacy.id })).toBeNull();
    expect(await User.exists({ id: namesake.id })).not.toBeNull();
  });

  it('refuses an unknown command with its usage', async () => {
    const r = await runDemoCli(['delete-everything']);
    expect(r.code).toBe(2);
    expect(r.out).toContain('Usage: npm run demo -- list | remove | seed');
  });
});
