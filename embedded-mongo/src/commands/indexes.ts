// createIndexes, listIndexes, dropIndexes (deleteIndexes). The index structure itself is ../indexes.ts.
import { err, unsupported } from '../errors';
import { parseCollation } from '../collation';
import type { Doc, IndexSpec } from '../storage';
import { isPlainObject, keyOf } from '../values';
import type { Engine } from './index';
import { collName } from './query';

export function createIndexes(engine: Engine, cmd: Doc, db: string): Doc {
  const name = collName(cmd, 'createIndexes');
  const specs = cmd.indexes;
  if (!Array.isArray(specs) || specs.length === 0) throw err('BadValue', "Must specify at least one index to create");
  const existed = !!engine.store.get(db, name);
  const coll = engine.store.create(db, name);
  const before = coll.indexes.length + 1;
  for (const raw of specs) {
    if (!isPlainObject(raw) || !isPlainObject(raw.key) || Object.keys(raw.key).length === 0) {
      throw err('BadValue', 'index specification must have a non-empty key document');
    }
    for (const v of Object.values(raw.key)) {
      if (!(typeof v === 'number' && v !== 0) && typeof v !== 'string') throw err('BadValue', `Values in the index key pattern can't be ${String(v)}`);
    }
    const spec: IndexSpec = { key: raw.key, name: typeof raw.name === 'string' ? raw.name : defaultIndexName(raw.key) };
    for (const k of ['unique', 'sparse', 'expireAfterSeconds', 'partialFilterExpression', 'collation', 'weights', 'default_language', 'language_override', 'textIndexVersion', '2dsphereIndexVersion']) {
      if (raw[k] !== undefined && !(k === 'unique' && raw[k] === false) && !(k === 'sparse' && raw[k] === false)) spec[k] = raw[k];
    }
    if (spec.collation === undefined && coll.options.collation !== undefined) spec.collation = coll.options.collation;
    if (spec.collation !== undefined) {
      const c = parseCollation(spec.collation);
      if (c) spec.collation = c.spec;
      else delete spec.collation;
    }
    if (Object.values(raw.key).includes('2dsphere')) {
      if (Object.values(raw.key).filter((v) => v === '2dsphere').length > 1) throw unsupported('a 2dsphere index over more than one geo field');
      spec['2dsphereIndexVersion'] ??= 3;
    }
    if (keyOf(spec.key) === keyOf({ _id: 1 })) continue;
    const sameName = coll.indexes.find((ix) => ix.name === spec.name);
    if (sameName) {
      if (keyOf(sameName.spec) === keyOf(spec)) continue;
      if (keyOf(sameName.spec.key) === keyOf(spec.key)) {
        throw err('IndexOptionsConflict', `An existing index has the same name as the requested index but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`);
      }
      throw err('IndexKeySpecsConflict', `An existing index has the same name as the requested index but a different key. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`);
    }
    const sameKey = coll.indexes.find((ix) => keyOf(ix.spec.key) === keyOf(spec.key));
    if (sameKey) {
      throw err('IndexOptionsConflict', `Index already exists with a different name: ${sameKey.name}`);
    }
    coll.createIndex(spec);
  }
  const after = coll.indexes.length + 1;
  const reply: Doc = { numIndexesBefore: before, numIndexesAfter: after, createdCollectionAutomatically: !existed };
  if (before === after) reply.note = 'all indexes already exist';
  reply.ok = 1;
  return reply;
}

export function listIndexes(engine: Engine, cmd: Doc, db: string): Doc {
  const name = collName(cmd, 'listIndexes');
  const coll = engine.store.get(db, name);
  if (!coll) throw err('NamespaceNotFound', `ns does not exist: ${db}.${name}`);
  const c = cmd.cursor as Doc | undefined;
  return engine.cursors.reply(`${db}.${name}`, coll.indexSpecs() as Doc[], c?.batchSize, false);
}

export function dropIndexes(engine: Engine, cmd: Doc, db: string): Doc {
  const name = collName(cmd, 'dropIndexes' in cmd ? 'dropIndexes' : 'deleteIndexes');
  const coll = engine.store.get(db, name);
  if (!coll) throw err('NamespaceNotFound', `ns not found ${db}.${name}`);
  const was = coll.indexes.length + 1;
  const which = cmd.index;
  let names: string[];
  if (which === '*') names = coll.indexes.map((ix) => ix.name);
  else if (typeof which === 'string') names = [which];
  else if (Array.isArray(which)) names = which.map(String);
  else if (isPlainObject(which)) {
    const ix = coll.indexes.find((x) => keyOf(x.spec.key) === keyOf(which));
    if (!ix) throw err('IndexNotFound', `can't find index with key: ${JSON.stringify(which)}`);
    names = [ix.name];
  } else throw err('TypeMismatch', "'index' must be a string, array or object");
  for (const n of names) {
    if (n === '_id_') throw err('InvalidOptions', 'cannot drop _id index');
    if (!coll.indexes.some((ix) => ix.name === n)) throw err('IndexNotFound', `index not found with name [${n}]`);
  }
  for (const n of names) coll.dropIndex(n);
  return { nIndexesWas: was, ok: 1 };
}

/** MongoDB's default index name: { a: 1, b: -1 } -> 'a_1_b_-1'. */
function defaultIndexName(key: Doc): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${String(v)}`)
    .join('_');
}
