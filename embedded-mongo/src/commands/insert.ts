// insert, and the preparation of a document for storage (also used by update's upserts).
import { ObjectId } from 'bson';
import { err, writeError } from '../errors';
import type { Doc } from '../storage';
import { isPlainObject } from '../values';
import { MAX_WRITE_BATCH } from './hello';
import type { Engine } from './index';
import { collName } from './query';

export function insert(engine: Engine, cmd: Doc, db: string): Doc {
  const name = collName(cmd, 'insert');
  const docs = cmd.documents;
  if (!Array.isArray(docs)) throw err('TypeMismatch', "'documents' must be an array");
  if (docs.length > MAX_WRITE_BATCH) throw err('InvalidOptions', `Write batch sizes must be between 1 and ${MAX_WRITE_BATCH}`);
  const ordered = cmd.ordered !== false;
  const coll = engine.store.create(db, name);
  const writeErrors: Doc[] = [];
  let n = 0;
  for (let i = 0; i < docs.length; i++) {
    try {
      coll.insert(prepareInsert(docs[i]));
      n++;
    } catch (e) {
      writeErrors.push(writeError(e, i));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
}

/** A document as stored: `_id` first (a new ObjectId when missing), and a valid `_id`. */
export function prepareInsert(doc: unknown): Doc {
  if (!isPlainObject(doc)) throw err('TypeMismatch', 'document to insert must be an object');
  let d = doc;
  if (!('_id' in d)) d = { _id: new ObjectId(), ...d };
  else if (Object.keys(d)[0] !== '_id') {
    const { _id, ...rest } = d;
    d = { _id, ...rest };
  }
  validateId(d._id);
  return d;
}

function validateId(id: unknown): void {
  if (Array.isArray(id)) throw err('InvalidIdField', "The '_id' value cannot be of type array");
  if (id instanceof RegExp) throw err('InvalidIdField', "The '_id' value cannot be of type regex");
  if (id === undefined) throw err('InvalidIdField', "The '_id' value cannot be undefined");
  const dollar = dollarKey(id);
  if (dollar) throw err('DollarPrefixedFieldName', `_id fields may not contain '$'-prefixed fields: ${dollar} is not valid for storage.`);
}

function dollarKey(v: unknown): string | null {
  if (Array.isArray(v)) {
    for (const x of v) {
      const k = dollarKey(x);
      if (k) return k;
    }
    return null;
  }
  if (!isPlainObject(v)) return null;
  for (const [k, x] of Object.entries(v)) {
    if (k.startsWith('$')) return k;
    const inner = dollarKey(x);
    if (inner) return inner;
  }
  return null;
}
