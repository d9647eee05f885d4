// distinct: the distinct values of one path among the matching documents, in MongoDB's sort order.
import { err } from '../errors';
import type { Doc } from '../storage';
import { keyOf, pathValues, sortDocs } from '../values';
import type { Engine } from './index';
import { collName, matchDocs, readOptions } from './query';

export function distinct(engine: Engine, cmd: Doc, db: string): Doc {
  const coll = engine.store.get(db, collName(cmd, 'distinct'));
  if (typeof cmd.key !== 'string') throw err('TypeMismatch', "'key' must be a string");
  const ro = readOptions(coll, cmd);
  const cmp = ro.collation?.compare;
  const seen = new Map<string, unknown>();
  const strings: string[] = [];
  for (const d of matchDocs(coll, cmd.query, 0, ro)) {
    for (const v of pathValues(d, cmd.key)) {
      if (v === undefined) continue;
      if (cmp && typeof v === 'string') {
        // Under a collation, strings that compare equal are one value (the first one met).
        if (!strings.some((x) => cmp(x, v) === 0)) {
          strings.push(v);
          seen.set(keyOf(v), v);
        }
        continue;
      }
      const k = keyOf(v);
      if (!seen.has(k)) seen.set(k, v);
    }
  }
  return { values: sortDocs([...seen.values()].map((v) => ({ v })), { v: 1 }, cmp).map((x) => x.v), ok: 1 };
}
