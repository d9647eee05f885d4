// findAndModify (findOneAndUpdate/Replace/Delete): one document, changed or removed, returned before or after.
import { err } from '../errors';
import type { Doc } from '../storage';
import { isPlainObject } from '../values';
import type { Engine } from './index';
import { collName, project, readOptions, runQuery } from './query';
import { applyUpdate, upsertDoc } from './update';

export function findAndModify(engine: Engine, cmd: Doc, db: string): Doc {
  const name = collName(cmd, 'findAndModify' in cmd ? 'findAndModify' : 'findandmodify');
  const q = (cmd.query ?? {}) as Doc;
  const sort = cmd.sort as Doc | undefined;
  const hasSort = isPlainObject(sort) && Object.keys(sort).length > 0;
  const remove = cmd.remove === true;
  if (!remove && cmd.update === undefined) throw err('FailedToParse', 'Either an update or remove=true must be specified');
  if (remove && (cmd.new === true || cmd.upsert === true)) throw err('FailedToParse', 'Cannot specify new or upsert with remove=true');
  const coll = remove ? engine.store.get(db, name) : engine.store.create(db, name);
  const ro = readOptions(coll, cmd);
  const doc = runQuery(coll, q, { sort: hasSort ? sort : null, limit: 1, ro, hint: cmd.hint }).docs[0];
  const out = (d: Doc | null | undefined) => (d ? (project([d], cmd.fields, q)[0] ?? null) : null);
  if (remove) {
    if (doc) coll!.remove(doc);
    return { lastErrorObject: { n: doc ? 1 : 0 }, value: out(doc), ok: 1 };
  }
  if (doc) {
    const next = applyUpdate(doc, cmd.update, q, cmd.arrayFilters, false, ro);
    if (next) coll!.replace(doc, next);
    return { lastErrorObject: { n: 1, updatedExisting: true }, value: out(cmd.new === true ? (next ?? doc) : doc), ok: 1 };
  }
  if (cmd.upsert === true) {
    const ins = upsertDoc(q, cmd.update, cmd.arrayFilters, ro);
    coll!.insert(ins);
    return { lastErrorObject: { n: 1, updatedExisting: false, upserted: ins._id }, value: cmd.new === true ? out(ins) : null, ok: 1 };
  }
  return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
}
