import type { LogTrainingSessionBody } from '@fitconnect/contracts';
import { TRAINING_MESSAGES } from '@fitconnect/contracts';
import { badRequest, conflict } from '../http/errors';
import { TrainingSessionModel, type TrainingSessionFields } from './model';
import { summarize, type TrainingTotals } from './streaks';

function isDuplicate(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

/** Same session (a retry), or the key reused for another one? Compared on what identifies a session. */
function sameSession(a: Pick<TrainingSessionFields, 'workoutId' | 'finishedAt' | 'durationSeconds'>, b: LogTrainingSessionBody): boolean {
  return a.workoutId === b.workoutId && new Date(a.finishedAt).getTime() === new Date(b.finishedAt).getTime() && a.durationSeconds === b.durationSeconds;
}

/**
 * Stores one session of `userId`, once per clientKey. The unique (userId, clientKey) index decides: a retry or a
 * concurrent duplicate gets E11000 and answers the stored session (`replayed: true`). The key reused for a
 * different session is refused (409) and changes nothing.
 */
export async function logSession(userId: number, body: LogTrainingSessionBody, now: Date): Promise<{ session: TrainingSessionFields; replayed: boolean }> {
  const earlier = await TrainingSessionModel.findOne({ userId, clientKey: body.clientKey }).lean();
  if (earlier) return { session: settled(earlier, body), replayed: true };
  try {
    const doc = await TrainingSessionModel.create({
      userId,
      clientKey: body.clientKey,
      workoutId: body.workoutId,
      workoutTitle: body.workoutTitle,
      finishedAt: new Date(body.finishedAt),
      durationSeconds: body.durationSeconds,
      completed: body.completed,
      completedSets: body.completedSets,
      exercisesDone: body.exercisesDone,
      exercisesSkipped: body.exercisesSkipped,
      effort: body.effort ?? null,
      note: body.note ?? '',
      createdAt: now,
    });
    return { session: doc.toObject(), replayed: false };
  } catch (err) {
    if (!isDuplicate(err)) throw err;
    const first = await TrainingSessionModel.findOne({ userId, clientKey: body.clientKey }).lean();
    if (!first) throw err;
    return { session: settled(first, body), replayed: true };
  }
}

function settled(first: TrainingSessionFields, body: LogTrainingSessionBody): TrainingSessionFields {
  if (!sameSession(first, body)) throw conflict(TRAINING_MESSAGES.keyReused);
  return first;
}

function decodeCursor(cursor: string): { t: number; id: number } {
  const [t, id] = cursor.split('_').map(Number);
  if (!Number.isSafeInteger(t) || !Number.isSafeInteger(id)) throw badRequest('Invalid cursor', [{ path: ['cursor'], message: 'Invalid cursor' }]);
  return { t, id };
}

/** One page of the user's sessions, newest end first; the cursor continues strictly after the last one returned. */
export async function sessionsOf(userId: number, cursor: string | undefined, limit: number): Promise<{ sessions: TrainingSessionFields[]; nextCursor: string | null }> {
  const filter: Record<string, unknown> = { userId };
  if (cursor) {
    const c = decodeCursor(cursor);
    const at = new Date(c.t);
    filter.$or = [{ finishedAt: { $lt: at } }, { finishedAt: at, id: { $lt: c.id } }];
  }
  const rows = await TrainingSessionModel.find(filter).sort({ finishedAt: -1, id: -1 }).limit(limit + 1).lean<TrainingSessionFields[]>();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { sessions: page, nextCursor: rows.length > limit && last ? `${new Date(last.finishedAt).getTime()}_${last.id}` : null };
}

/** Totals, weeks and streaks of the user's sessions in `zone` (reads only the two fields it needs). */
export async function summaryOf(userId: number, zone: string, now: Date, weeks: number): Promise<TrainingTotals> {
  const rows = await TrainingSessionModel.find({ userId }, { _id: 0, finishedAt: 1, durationSeconds: 1 }).lean<{ finishedAt: Date; durationSeconds: number }[]>();
  return summarize(rows, zone, now, weeks);
}
