// delete: each statement removes the first (limit: 1) or every matching document.
import { err, writeError } from '../errors';
import type { Doc } from '../storage';
import { isPlainObject } from '../values';
import type { Engine } from './index';
import { collName, num, readOptions, runQuery } from './query';

// `delete` is a reserved word, hence the name.
export function deleteCmd(engine: Engine, cmd: Doc, db: string): Doc {
  const name = collName(cmd, 'delete');
  const deletes = cmd.deletes;
  if (!Array.isArray(deletes)) throw err('TypeMismatch', "'deletes' must be an array");
  const ordered = cmd.ordered !== false;
  const coll = engine.store.get(db, name);
  let n = 0;
  const writeErrors: Doc[] = [];
  for (let i = 0; i < deletes.length; i++) {
    try {
      const spec = deletes[i] as Doc;
      if (!isPlainObject(spec)) throw err('TypeMismatch', 'delete statement must be an object');
      const limit = num(spec.limit, 0);
      const ro = readOptions(coll, cmd, spec.collation);
      for (const d of runQuery(coll, spec.q ?? {}, { limit: limit === 1 ? 1 : 0, ro, hint: spec.hint }).docs) {
        coll!.remove(d);
        n++;
      }
    } catch (e) {
      writeErrors.push(writeError(e, i));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
}
