import { NotificationOutbox, type OutboxStatus } from './model';

export interface OutboxStatusReport {
  counts: Record<OutboxStatus, number>;
  failed: { id: string; kind: string; event: string | null; userId: number; attempts: number; lastError: string | null; createdAt: Date }[];
}

/** Counts per status and the permanently failed rows (newest first, at most `limit`). */
export async function outboxStatus(limit = 50): Promise<OutboxStatusReport> {
  const counts: Record<OutboxStatus, number> = { pending: 0, claimed: 0, sent: 0, skipped: 0, failed: 0 };
  const grouped = await NotificationOutbox.aggregate<{ _id: OutboxStatus; n: number }>([{ $group: { _id: '$status', n: { $sum: 1 } } }]);
  for (const g of grouped) counts[g._id] = g.n;
  const failed = await NotificationOutbox.find({ status: 'failed' }).sort({ createdAt: -1 }).limit(limit).lean();
  return {
    counts,
    failed: failed.map((r) => ({ id: String(r._id), kind: r.kind, event: r.event ?? null, userId: r.userId, attempts: r.attempts, lastError: r.lastError, createdAt: r.createdAt })),
  };
}

/** The status report as the CLI prints it. */
export function formatStatus(r: OutboxStatusReport): string {
  const lines = [
    `Notification outbox: ${r.counts.pending} pending, ${r.counts.claimed} being sent, ${r.counts.sent} sent, ${r.counts.skipped} skipped, ${r.counts.failed} failed permanently.`,
  ];
  if (r.failed.length) {
    lines.push('', 'Failed permanently (newest first):');
    for (const f of r.failed) {
      lines.push(`  ${f.id}  ${f.createdAt.toISOString()}  ${f.kind}${f.event ? ` ${f.event}` : ''}  user ${f.userId}  after ${f.attempts} attempt(s): ${f.lastError ?? '(no error recorded)'}`);
    }
    lines.push('', 'Retry one: npm run notifications -- retry <id>');
  }
  return lines.join('\n');
}

/** Put a failed row back in the queue (due now, attempts reset). */
export async function retryFailed(id: string, now: Date): Promise<boolean> {
  if (!/^[a-f0-9]{24}$/.test(id)) return false;
  const res = await NotificationOutbox.updateOne({ _id: id, status: 'failed' }, { $set: { status: 'pending', dueAt: now, attempts: 0, lastError: null } });
  return res.modifiedCount > 0;
}
