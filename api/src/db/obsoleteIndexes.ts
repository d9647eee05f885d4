import mongoose from 'mongoose';
import { isDeepStrictEqual } from 'node:util';

/**
 * Indexes a later schema replaced. `createIndexes()` only adds, so a database created before the change
 * keeps the old index beside its replacement. df65627 added the id tie-break to each of these (and, to the
 * community list's, the `hidden: false` it now asks for): the replacement has the old fields in the same order
 * and directions, every query the routes make reads through a current index (test/query-plans.test.ts), and
 * the old one only costs every insert and update.
 *
 * They are dropped after the current indexes exist (never before: a read must always have one), matched by
 * mongoose's default name AND the exact key, so an index an operator created under another name, or with
 * the same name over other fields, is left alone. A model's line stays here after the drop: a database
 * restored from an older backup gets the same clean-up.
 */
export const OBSOLETE_INDEXES: ReadonlyArray<{ model: string; key: Record<string, 1 | -1>; replacedBy: Record<string, 1 | -1> }> = [
  { model: 'Challenge', key: { endDate: -1 }, replacedBy: { endDate: -1, id: -1 } },
  { model: 'ChallengeParticipant', key: { userId: 1, joinedAt: -1 }, replacedBy: { userId: 1, joinedAt: -1, id: -1 } },
  { model: 'CommunityReview', key: { category: 1, createdAt: -1 }, replacedBy: { category: 1, hidden: 1, createdAt: -1, id: -1 } },
  { model: 'TrainerReview', key: { trainerId: 1, createdAt: -1 }, replacedBy: { trainerId: 1, createdAt: -1, id: -1 } },
  { model: 'Workout', key: { userId: 1, day: 1 }, replacedBy: { userId: 1, day: 1, createdAt: -1, id: -1 } },
];

/** mongoose's (and the shell's) default index name: field_direction pairs joined by '_'. */
export function defaultIndexName(key: Record<string, unknown>): string {
  return Object.entries(key)
    .map(([field, dir]) => `${field}_${String(dir)}`)
    .join('_');
}

const NAMESPACE_NOT_FOUND = 26;
const INDEX_NOT_FOUND = 27;
const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

/**
 * Drop the obsolete indexes that are still there; returns what was dropped ('<collection>.<index name>').
 * Safe to run on every start and from several instances at once: an index another instance dropped first,
 * or a collection that does not exist yet, is skipped.
 */
export async function dropObsoleteIndexes(list = OBSOLETE_INDEXES): Promise<string[]> {
  const dropped: string[] = [];
  for (const { model, key, replacedBy } of list) {
    if (!mongoose.modelNames().includes(model)) continue;
    const collection = mongoose.model(model).collection;
    let indexes: Array<{ name?: string; key?: Record<string, unknown> }>;
    try {
      indexes = await collection.listIndexes().toArray();
    } catch (err) {
      if (codeOf(err) === NAMESPACE_NOT_FOUND) continue;
      throw err;
    }
    const name = defaultIndexName(key);
    const old = indexes.find((i) => i.name === name);
    // Both key objects keep field order as stored, and order matters in an index key.
    if (!old || !isDeepStrictEqual(Object.entries(old.key ?? {}), Object.entries(key))) continue;
    // Never leave a collection without the index its reads use.
    if (!indexes.some((i) => isDeepStrictEqual(Object.entries(i.key ?? {}), Object.entries(replacedBy)))) continue;
    try {
      await collection.dropIndex(name);
      dropped.push(`${collection.collectionName}.${name}`);
    } catch (err) {
      if (codeOf(err) !== INDEX_NOT_FOUND) throw err;
    }
  }
  return dropped;
}
