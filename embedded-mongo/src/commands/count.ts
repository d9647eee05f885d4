// count: what the driver's count() and estimatedDocumentCount() send (countDocuments is an aggregate).
import type { Doc } from '../storage';
import type { Engine } from './index';
import { collName, matchDocs, num, readOptions } from './query';

export function count(engine: Engine, cmd: Doc, db: string): Doc {
  const coll = engine.store.get(db, collName(cmd, 'count'));
  const skip = num(cmd.skip, 0);
  const limit = Math.abs(num(cmd.limit, 0));
  const q = cmd.query as Doc | undefined;
  const ro = readOptions(coll, cmd);
  let n = !q || Object.keys(q).length === 0 ? (coll?.docs.size ?? 0) : matchDocs(coll, q, 0, ro).length;
  n = Math.max(0, n - skip);
  if (limit) n = Math.min(n, limit);
  return { n, ok: 1 };
}
