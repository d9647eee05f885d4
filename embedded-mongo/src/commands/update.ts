// update (updateOne/updateMany/replaceOne), upserts, and applying an update document (operators,
// replacement or pipeline) to documents: also used by findAndModify.
import { updateMany as mingoUpdateMany } from 'mingo/updater';
import { cloneDeep } from 'mingo/util';
import { err, writeError } from '../errors';
import { compileUpdate } from '../fastUpdate';
import { Aggregator, MINGO_OPTS, NO_OPERATORS, UPDATE_CONTEXT } from '../mingo';
import type { Doc } from '../storage';
import { isPlainObject, keyOf, pathValues } from '../values';
import type { Engine } from './index';
import { prepareInsert } from './insert';
import { collName, mingoOptions, NO_OPTS, readOptions, runQuery, type ReadOpts } from './query';

const UPDATE_OPERATORS = new Set([
  '$set', '$unset', '$inc', '$mul', '$min', '$max', '$rename', '$push', '$pull', '$pullAll', '$addToSet', '$pop', '$bit', '$currentDate', '$setOnInsert',
]);

export function update(engine: Engine, cmd: Doc, db: string): Doc {
  const name = collName(cmd, 'update');
  const updates = cmd.updates;
  if (!Array.isArray(updates)) throw err('TypeMismatch', "'updates' must be an array");
  const ordered = cmd.ordered !== false;
  const coll = engine.store.create(db, name);
  let n = 0;
  let nModified = 0;
  const upserted: Doc[] = [];
  const writeErrors: Doc[] = [];
  for (let i = 0; i < updates.length; i++) {
    try {
      const spec = updates[i] as Doc;
      if (!isPlainObject(spec)) throw err('TypeMismatch', 'update statement must be an object');
      const q = (spec.q ?? {}) as Doc;
      const u = spec.u;
      const multi = spec.multi === true;
      if (spec.sort !== undefined) {
        throw err('UnknownField', "BSON field 'update.updates.sort' is an unknown field. (embedded-mongo answers as MongoDB 7.0, which has no sort for single-document updates)");
      }
      if (multi && isPlainObject(u) && Object.keys(u).length && !Object.keys(u)[0].startsWith('$')) {
        throw err('FailedToParse', 'multi update is not supported for replacement-style update');
      }
      const ro = readOptions(coll, cmd, spec.collation);
      const matched = runQuery(coll, q, { limit: multi ? 0 : 1, ro, hint: spec.hint }).docs;
      if (matched.length === 0 && spec.upsert === true) {
        const doc = upsertDoc(q, u, spec.arrayFilters, ro);
        coll.insert(doc);
        n++;
        upserted.push({ index: i, _id: doc._id });
        continue;
      }
      const nexts = applyUpdates(matched, u, q, spec.arrayFilters, false, ro);
      for (let j = 0; j < matched.length; j++) {
        n++;
        const next = nexts[j];
        if (next) {
          coll.replace(matched[j], next);
          nModified++;
        }
      }
    } catch (e) {
      writeErrors.push(writeError(e, i));
      if (ordered) break;
    }
  }
  const reply: Doc = { n, nModified };
  if (upserted.length) reply.upserted = upserted;
  if (writeErrors.length) reply.writeErrors = writeErrors;
  reply.ok = 1;
  return reply;
}

/** Applies an update document (operators, replacement or pipeline) to a copy of `doc`. Returns null if unchanged. */
export function applyUpdate(doc: Doc, u: unknown, q: Doc, arrayFilters: unknown, inserting: boolean, ro: ReadOpts = NO_OPTS): Doc | null {
  return applyUpdates([doc], u, q, arrayFilters, inserting, ro)[0];
}

/**
 * Applies one update to copies of several documents, compiling it once (mingo's per-call setup is
 * ~100x the cost of applying an operator). Entry i is the new version of docs[i], or null if unchanged.
 */
export function applyUpdates(docs: Doc[], u: unknown, q: Doc, arrayFilters: unknown, inserting: boolean, ro: ReadOpts = NO_OPTS): Array<Doc | null> {
  if (docs.length === 0) return [];
  const unchangedOr = (orig: Doc, next: Doc) => (keyOf(next) === keyOf(orig) ? null : next);
  if (Array.isArray(u)) {
    const outs = new Aggregator(u as Doc[], mingoOptions(ro)).run(docs.map((d) => cloneDeep(d) as Doc)) as Doc[];
    if (outs.length !== docs.length) throw err('BadValue', 'an update pipeline must produce exactly one document per input');
    return docs.map((d, i) => {
      const out = outs[i];
      const fixed = '_id' in out ? out : { _id: d._id, ...out };
      if (!inserting && keyOf(fixed._id) !== keyOf(d._id)) {
        throw err('ImmutableField', "After applying the update, the (immutable) field '_id' was found to have been altered");
      }
      return unchangedOr(d, fixed);
    });
  }
  if (!isPlainObject(u)) throw err('FailedToParse', 'Update argument must be either an object or an array');
  const keys = Object.keys(u);
  if (keys.length === 0 || !keys[0].startsWith('$')) {
    for (const k of keys) if (k.startsWith('$')) throw err('BadValue', `The dollar ($) prefixed field '${k}' in '${k}' is not allowed in a replacement document`);
    const { _id, ...rest } = u;
    return docs.map((d) => {
      if (_id !== undefined && keyOf(_id) !== keyOf(d._id) && !inserting) {
        throw err('ImmutableField', "After applying the update, the (immutable) field '_id' was found to have been altered");
      }
      return unchangedOr(d, { _id: d._id ?? _id, ...rest });
    });
  }
  const ops: Doc = {};
  for (const k of keys) {
    if (!UPDATE_OPERATORS.has(k)) throw err('FailedToParse', `Unknown modifier: ${k}. Expected a valid update modifier or pipeline-style update specified as an array`);
    if (!isPlainObject(u[k])) throw err('FailedToParse', `Modifiers operate on fields but we found type ${typeof u[k]} instead.`);
    if (k === '$setOnInsert') continue;
    if (Object.keys(u[k] as Doc).length) ops[k] = u[k];
  }
  if (inserting && isPlainObject(u.$setOnInsert)) ops.$set = { ...((ops.$set as Doc) ?? {}), ...u.$setOnInsert };
  if (!inserting) {
    for (const [op, spec] of Object.entries(ops)) {
      for (const p of Object.keys(spec as Doc)) {
        if (p !== '_id' && !p.startsWith('_id.')) continue;
        // { $set: { _id: <its current value> } } is allowed and does nothing
        if (op === '$set' && p === '_id' && docs.every((d) => keyOf((spec as Doc)[p]) === keyOf(d._id))) {
          const { _id: _same, ...rest } = spec as Doc;
          if (Object.keys(rest).length) ops[op] = rest;
          else delete ops[op];
          continue;
        }
        throw err('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
      }
    }
  }
  if (Object.keys(ops).length === 0) return docs.map(() => null);
  // Top-level $set/$inc/$max/$min/$unset of numbers, dates and plain values: applied directly (fastUpdate.ts).
  const fast = compileUpdate(ops);
  if (fast) {
    const nexts = docs.map(fast);
    if (nexts.every((n) => n !== undefined)) return docs.map((d, i) => unchangedOr(d, nexts[i] as Doc));
  }
  const copies = docs.map((d) => cloneDeep(d) as Doc);
  // mingo skips $sort/$slice/$position when $push creates the array: start from an empty one.
  if (isPlainObject(ops.$push)) {
    for (const [p, spec] of Object.entries(ops.$push)) {
      if (!isPlainObject(spec) || !('$each' in spec) || p.includes('$')) continue;
      for (const c of copies) if (pathValues(c, p).every((v) => v === undefined)) setPath(c, p, []);
    }
  }
  // The documents already matched: the filter matters to mingo only for the positional $ operator.
  const positional = Object.values(ops).some((spec) => Object.keys(spec as Doc).some((p) => p === '$' || p.includes('.$') || p.startsWith('$')));
  // mingo/updater with the context mingo's root updateMany would merge on every call, merged once (mingo.ts);
  // none at all where the updater compiles no query (mingo.ts NO_OPERATORS).
  const filters = Array.isArray(arrayFilters) ? (arrayFilters as Doc[]) : undefined;
  const queries = positional || (filters !== undefined && filters.length > 0) || '$pull' in ops;
  mingoUpdateMany(
    copies,
    inserting || !positional ? {} : q,
    ops,
    { arrayFilters: filters, cloneMode: 'deep' },
    { ...MINGO_OPTS, ...mingoOptions(ro), context: queries ? UPDATE_CONTEXT : NO_OPERATORS },
  );
  return docs.map((d, i) => {
    const c = copies[i];
    if (!inserting && keyOf(c._id) !== keyOf(d._id)) {
      throw err('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
    }
    return unchangedOr(d, c);
  });
}

/** The document an upsert inserts: the filter's equality fields, then the update applied as an insert. */
export function upsertDoc(q: Doc, u: unknown, arrayFilters: unknown, ro: ReadOpts = NO_OPTS): Doc {
  const base: Doc = {};
  const fromFilter = (f: Doc) => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const s of v) if (isPlainObject(s)) fromFilter(s);
        continue;
      }
      if (k.startsWith('$')) continue;
      if (v instanceof RegExp) continue;
      if (isPlainObject(v) && Object.keys(v).some((x) => x.startsWith('$'))) {
        if ('$eq' in v) setPath(base, k, v.$eq);
        continue;
      }
      setPath(base, k, v);
    }
  };
  fromFilter(q);
  let doc: Doc;
  if (!Array.isArray(u) && isPlainObject(u) && (Object.keys(u).length === 0 || !Object.keys(u)[0].startsWith('$'))) {
    doc = { ...u };
    if (!('_id' in doc) && '_id' in base) doc._id = base._id;
  } else {
    doc = applyUpdate(base, u, q, arrayFilters, true, ro) ?? base;
  }
  return prepareInsert(doc);
}

function setPath(obj: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i];
    if (!isPlainObject(cur[p])) cur[p] = {};
    cur = cur[p] as Doc;
  }
  cur[parts[parts.length - 1]] = value;
}
