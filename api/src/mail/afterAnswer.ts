import { finished } from 'node:stream';
import type { Context } from 'koa';

/**
 * Work a request causes but its answer must not wait for or reveal, run once the response has gone out.
 * Forgot-password sends its mail this way, so a known and an unknown address answer alike and at once,
 * whatever the mail server does. It runs in this process: if the process dies first the work is lost
 * and the user asks again (fine for a reset link; anything that must survive belongs in an outbox row).
 */
const pending = new Set<Promise<void>>();

export function afterAnswer(ctx: Context, work: () => Promise<void>, onError: (err: unknown) => void): void {
  // finished() also fires when the client hangs up: the request was accepted, so the work still runs.
  const task: Promise<void> = new Promise<void>((resolve) => finished(ctx.res, () => resolve()))
    .then(work)
    .catch((err) => onError(err))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves once all after-answer work started so far (and any it started) has finished. For tests and shutdown. */
export async function afterAnswerSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
