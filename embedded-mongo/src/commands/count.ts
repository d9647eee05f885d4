// count: what the driver's count() and estimatedDocumentCount() send (countDocuments is an aggregate).
//
// How a count with a query runs (issue 35.4: the trainer directory's exact total at 100,000 trainers):
//   - covered: every test reads fields of one index that narrows the walk: the keys are counted, no document
//     is read (MongoDB's COUNT over an IXSCAN without FETCH; planner.ts coveredCountPlan).
//   - otherwise the plan a find would take (an index walk reading each document).
//   - either way, when the filter compiles (fastFilter.ts) and a sample of the collection says the walk
//     would visit more than a sixth of it, a collection scan with the compiled tests answers instead: in
//     this engine a key visited in index order costs about six documents visited in storage order
//     (profiled at 100,000 documents: the B-tree's keys are scattered in memory, the documents are not).
import { compileFilter, docAtom, type FastFilter } from '../fastFilter';
import { Query } from '../mingo';
import { choosePlan, coveredCount, coveredCountPlan, newStats, type CoveredPlan, type ExecStats, type Plan } from '../planner';
import type { Collection, Doc } from '../storage';
import { isPlainObject } from '../values';
import type { Engine } from './index';
import { collName, matchDocs, mingoOptions, num, readOptions, type ReadOpts } from './query';

/** A key walked costs about this many documents scanned (see above). */
const KEY_COST = 6;
/** Below this many documents the plan a find would take is kept (nothing to win). */
const MIN_SCAN_CHOICE = 5_000;
const SAMPLE = 1_000;

export type CountPlan = { kind: 'covered'; cp: CoveredPlan } | { kind: 'scan'; fast: FastFilter } | { kind: 'find' };

/** Fields whose index bounds are not the whole range: the ones that decide how much of the index is walked. */
function boundFields(plan: Plan): string[] {
  return Object.entries(plan.bounds ?? {})
    .filter(([, b]) => !(b.length === 1 && (b[0] === '[MinKey, MaxKey]' || b[0] === '[MaxKey, MinKey]')))
    .map(([f]) => f);
}

/**
 * About how many keys the walk of `plan` visits, from the first SAMPLE documents in storage order (a Map
 * cannot be sampled at random without walking all of it, which would cost as much as the scan; a skewed
 * sample only costs time, never a wrong count). null: cannot tell.
 */
function estimateWalk(coll: Collection, plan: Plan, fast: FastFilter): number | null {
  const ix = plan.index;
  if (plan.kind !== 'IXSCAN' || !ix || plan.geoCap) return null;
  const fields = new Set(boundFields(plan));
  const atoms = fast.atoms.filter((a) => fields.has(a.field) && a.exists === undefined);
  if (atoms.length === 0) return null;
  const n = coll.docs.size;
  let sampled = 0;
  let keys = 0;
  for (const d of coll.docs.values()) {
    if (sampled++ === SAMPLE) break;
    if (atoms.every((a) => docAtom(a, d) !== false)) keys += ix.multikey ? Math.max(1, ix.entries(d).length) : 1;
  }
  sampled = Math.min(sampled, SAMPLE);
  return sampled ? (keys / sampled) * n : null;
}

/** How a count command's query runs. */
export function planCount(coll: Collection | undefined, cmd: Doc, ro: ReadOpts): CountPlan {
  const q = cmd.query;
  if (!coll || !isPlainObject(q) || Object.keys(q).length === 0) return { kind: 'find' };
  if (ro.collation || (cmd.hint !== undefined && cmd.hint !== null)) return { kind: 'find' };
  const fast = compileFilter(q);
  const cp = coveredCountPlan(coll, q, fast);
  if (!fast || coll.docs.size < MIN_SCAN_CHOICE) return cp ? { kind: 'covered', cp } : { kind: 'find' };
  const walk = cp ? cp.plan : choosePlan(coll, { filter: q });
  if (walk.kind === 'COLLSCAN') return { kind: 'scan', fast };
  if (walk.kind === 'IDHACK') return { kind: 'find' };
  const est = estimateWalk(coll, walk, fast);
  if (est !== null && est * KEY_COST > coll.docs.size) return { kind: 'scan', fast };
  return cp ? { kind: 'covered', cp } : { kind: 'find' };
}

/** Runs a covered or scan count (the filter goes through mingo first, so bad filters fail as they always did). */
export function runPlanned(coll: Collection, cmd: Doc, ro: ReadOpts, plan: Exclude<CountPlan, { kind: 'find' }>, stats: ExecStats = newStats()): number {
  const q = cmd.query as Doc;
  const query = new Query(q, mingoOptions(ro));
  const fast = plan.kind === 'scan' ? plan.fast : compileFilter(q)!;
  const test = (d: Doc) => fast.test(d) ?? query.test(d);
  if (plan.kind === 'covered') return coveredCount(coll, plan.cp, stats, test);
  let n = 0;
  for (const d of coll.docs.values()) {
    stats.docsExamined++;
    if (test(d)) n++;
  }
  return n;
}

export function count(engine: Engine, cmd: Doc, db: string): Doc {
  const coll = engine.store.get(db, collName(cmd, 'count'));
  const skip = num(cmd.skip, 0);
  const limit = Math.abs(num(cmd.limit, 0));
  const q = cmd.query as Doc | undefined;
  const ro = readOptions(coll, cmd);
  const plan = planCount(coll, cmd, ro);
  let n: number;
  if (plan.kind !== 'find') n = runPlanned(coll!, cmd, ro, plan);
  else n = !q || Object.keys(q).length === 0 ? (coll?.docs.size ?? 0) : matchDocs(coll, q, 0, ro).length;
  n = Math.max(0, n - skip);
  if (limit) n = Math.min(n, limit);
  return { n, ok: 1 };
}
