// Collection admin: create, collMod, drop, listCollections, renameCollection, collStats.
import { err, unsupported } from '../errors';
import { parseCollation } from '../collation';
import { Query } from '../mingo';
import type { Doc } from '../storage';
import { isPlainObject, keyOf } from '../values';
import type { Engine } from './index';
import { collName } from './query';

/** create options this server honours (validators, capped, time series, views... are refused). */
const CREATE_OPTIONS = new Set(['collation', 'capped', 'idIndex']);

export function create(engine: Engine, cmd: Doc, db: string): Doc {
  const name = collName(cmd, 'create');
  if (engine.store.get(db, name)) throw err('NamespaceExists', `Collection ${db}.${name} already exists.`);
  const { create: _c, $db: _d, lsid: _l, $clusterTime: _t, writeConcern: _w, $readPreference: _r, comment: _m, ...opts } = cmd;
  if ('viewOn' in opts || 'pipeline' in opts) throw unsupported('views (create with viewOn/pipeline)', 'CommandNotSupported');
  for (const k of Object.keys(opts)) {
    if (!CREATE_OPTIONS.has(k)) throw unsupported(`the create option '${k}'`, 'CommandNotSupported');
  }
  if (opts.capped === true) throw unsupported('capped collections', 'CommandNotSupported');
  if (opts.collation !== undefined) parseCollation(opts.collation);
  engine.store.create(db, name, opts);
  return { ok: 1 };
}

/** collMod: only changing a TTL index's expireAfterSeconds; anything else is refused. */
export function collMod(engine: Engine, cmd: Doc, db: string): Doc {
  const name = collName(cmd, 'collMod');
  const coll = engine.store.get(db, name);
  if (!coll) throw err('NamespaceNotFound', `ns does not exist: ${db}.${name}`);
  for (const k of Object.keys(cmd)) {
    if (['collMod', '$db', 'lsid', '$clusterTime', 'writeConcern', '$readPreference', 'comment', 'index'].includes(k)) continue;
    throw unsupported(`collMod of '${k}'`, 'CommandNotSupported');
  }
  const spec = cmd.index;
  if (spec === undefined) return { ok: 1 };
  if (!isPlainObject(spec)) throw err('TypeMismatch', "BSON field 'collMod.index' is the wrong type, expected type 'object'");
  for (const k of Object.keys(spec)) {
    if (!['name', 'keyPattern', 'expireAfterSeconds'].includes(k)) throw unsupported(`collMod of index option '${k}'`, 'CommandNotSupported');
  }
  const ix = coll.indexes.find((x) => (typeof spec.name === 'string' ? x.name === spec.name : keyOf(x.spec.key) === keyOf(spec.keyPattern)));
  if (!ix) throw err('IndexNotFound', `cannot find index ${JSON.stringify(spec.name ?? spec.keyPattern)} for ns ${coll.ns}`);
  if (spec.expireAfterSeconds === undefined) return { ok: 1 };
  if (typeof spec.expireAfterSeconds !== 'number' || typeof ix.spec.expireAfterSeconds !== 'number') {
    throw err('InvalidOptions', 'no expireAfterSeconds field to update');
  }
  const old = ix.spec.expireAfterSeconds;
  coll.dropIndex(ix.name);
  coll.createIndex({ ...ix.spec, expireAfterSeconds: spec.expireAfterSeconds });
  return { expireAfterSeconds_old: old, expireAfterSeconds_new: spec.expireAfterSeconds, ok: 1 };
}

export function drop(engine: Engine, cmd: Doc, db: string): Doc {
  const name = collName(cmd, 'drop');
  const coll = engine.store.get(db, name);
  const was = coll ? coll.indexes.length + 1 : 0;
  engine.store.drop(db, name);
  return { ns: `${db}.${name}`, nIndexesWas: was, ok: 1 };
}

export function listCollections(engine: Engine, cmd: Doc, db: string): Doc {
  let infos: Doc[] = [...engine.store.collections.values()]
    .filter((c) => c.db === db)
    .map((c) => ({
      name: c.name,
      type: 'collection',
      options: c.options,
      info: { readOnly: false, uuid: c.uuid },
      idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
    }));
  if (isPlainObject(cmd.filter) && Object.keys(cmd.filter).length) {
    const q = new Query(cmd.filter);
    infos = infos.filter((i) => q.test(i));
  }
  if (cmd.nameOnly === true) infos = infos.map((i) => ({ name: i.name, type: i.type }));
  const c = cmd.cursor as Doc | undefined;
  return engine.cursors.reply(`${db}.$cmd.listCollections`, infos, c?.batchSize, false);
}

export function renameCollection(engine: Engine, cmd: Doc): Doc {
  const from = cmd.renameCollection;
  const to = cmd.to;
  if (typeof from !== 'string' || typeof to !== 'string') throw err('TypeMismatch', 'renameCollection and to must be strings');
  const [fdb, ...fr] = from.split('.');
  const [tdb, ...tr] = to.split('.');
  const src = engine.store.get(fdb, fr.join('.'));
  if (!src) throw err('NamespaceNotFound', 'source namespace does not exist');
  if (engine.store.get(tdb, tr.join('.'))) {
    if (cmd.dropTarget !== true) throw err('NamespaceExists', 'target namespace exists');
    engine.store.drop(tdb, tr.join('.'));
  }
  const dst = engine.store.create(tdb, tr.join('.'), src.options);
  for (const ix of src.indexes) dst.createIndex(ix.spec);
  for (const d of src.docs.values()) dst.insert(d);
  engine.store.drop(fdb, fr.join('.'));
  return { ok: 1 };
}

export function collStats(engine: Engine, cmd: Doc, db: string): Doc {
  const name = collName(cmd, 'collStats');
  const coll = engine.store.get(db, name);
  if (!coll) throw err('NamespaceNotFound', `Collection [${db}.${name}] not found.`);
  return { ns: coll.ns, count: coll.docs.size, nindexes: coll.indexes.length + 1, ok: 1 };
}
