import { DAILY_LIMIT_MESSAGE, MAX_SAVED_WORKOUTS, type WorkoutRequest } from '@fitconnect/contracts';
import { HttpError } from '../http/errors';
import { GeneratorError, type WorkoutGenerator } from './generators';
import { daySeed } from './planner';
import { GenerationClaim, Workout, type WorkoutDoc } from './model';

/**
 * Day boundary: the UTC calendar day. One generation per user per UTC day; the allowance renews at 00:00 UTC.
 */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

const hhmm = (d: Date) => d.toISOString().slice(11, 16);

/** A pending claim older than this belongs to a generation that died mid-way (crash); it may be taken over. */
export const STALE_CLAIM_MS = 5 * 60 * 1000;

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

async function claimDay(userId: number, day: string, now: Date): Promise<void> {
  const expiresAt = new Date(Date.parse(`${day}T00:00:00Z`) + 2 * 24 * 60 * 60 * 1000);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await GenerationClaim.create({ userId, day, status: 'pending', workoutId: null, title: '', createdAt: now, expiresAt });
      return;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const existing = await GenerationClaim.findOne({ userId, day }).lean();
    if (!existing) continue; // released between our insert and read: try once more
    if (existing.status === 'pending' && now.getTime() - new Date(existing.createdAt).getTime() > STALE_CLAIM_MS && attempt === 0) {
      await GenerationClaim.deleteOne({ _id: existing._id, status: 'pending', createdAt: existing.createdAt });
      continue;
    }
    throw dailyLimit(existing.status === 'done' ? existing.title : null, new Date(existing.createdAt));
  }
  throw dailyLimit(null, now);
}

/** 429 with a `description` the client shows (the shared error middleware only knows `message`). */
export class DailyLimitError extends HttpError {
  readonly description: string;
  constructor(description: string) {
    super(429, DAILY_LIMIT_MESSAGE);
    this.description = description;
  }
}

function dailyLimit(title: string | null, at: Date): DailyLimitError {
  return new DailyLimitError(
    title
      ? `You already generated "${title}" today at ${hhmm(at)} UTC. You can generate a new workout tomorrow (after 00:00 UTC).`
      : 'Your workout for today is already being generated. You can generate a new workout tomorrow (after 00:00 UTC).',
  );
}

export function generatorHttpError(err: GeneratorError): HttpError {
  switch (err.kind) {
    case 'invalid':
      return new HttpError(502, err.message);
    case 'rate-limited':
      return new HttpError(503, err.message, { headers: { 'Retry-After': '60' } });
    case 'timeout':
      return new HttpError(504, err.message);
    default:
      return new HttpError(502, err.message);
  }
}

/**
 * Generate today's workout for a user: claim the day (unique index), generate, save, trim the saved list
 * to the newest 5. Any failure before the workout is saved releases the claim.
 */
export async function generateWorkout(userId: number, request: WorkoutRequest, generator: WorkoutGenerator, now: Date): Promise<WorkoutDoc> {
  const day = utcDay(now);
  await claimDay(userId, day, now);
  let workout: WorkoutDoc;
  try {
    const { generatedBy, ...draft } = await generator.generate(request, { seed: daySeed(userId, day) });
    workout = await Workout.create({
      ...draft,
      userId,
      day,
      age: request.age,
      gender: request.gender,
      fitnessLevel: request.fitnessLevel,
      focusArea: request.focusArea,
      equipment: request.equipment,
      goals: request.goals,
      injuries: request.injuries ?? [],
      generator: generatedBy ?? generator.kind,
      createdAt: now,
    });
  } catch (err) {
    await GenerationClaim.deleteOne({ userId, day, status: 'pending' });
    if (err instanceof GeneratorError) throw generatorHttpError(err);
    throw err;
  }
  await GenerationClaim.updateOne({ userId, day }, { $set: { status: 'done', workoutId: workout.id, title: workout.title } });
  await trimSaved(userId);
  return workout;
}

/** Keep the newest MAX_SAVED_WORKOUTS of a user's workouts; older ones are dropped. */
export async function trimSaved(userId: number): Promise<void> {
  const keep = await Workout.find({ userId }).sort({ createdAt: -1, id: -1 }).limit(MAX_SAVED_WORKOUTS).select({ id: 1 }).lean();
  if (keep.length < MAX_SAVED_WORKOUTS) return;
  await Workout.deleteMany({ userId, id: { $nin: keep.map((k) => k.id) } });
}

export function savedWorkouts(userId: number) {
  return Workout.find({ userId }).sort({ createdAt: -1, id: -1 }).limit(MAX_SAVED_WORKOUTS).lean();
}

export function todaysWorkouts(userId: number, now: Date) {
  return Workout.find({ userId, day: utcDay(now) }).sort({ createdAt: -1, id: -1 }).lean();
}

/**
 * The day's spent generation when its workout has been deleted since (deleting does not refund the day):
 * what GET /api/ai-workouts/today reports so that the list stays non-empty while the limit holds.
 */
export async function spentClaimWithoutWorkout(userId: number, now: Date) {
  const claim = await GenerationClaim.findOne({ userId, day: utcDay(now), status: 'done' }).lean();
  if (!claim || claim.workoutId === null) return null;
  return { id: claim.workoutId, title: claim.title, createdAt: new Date(claim.createdAt) };
}
