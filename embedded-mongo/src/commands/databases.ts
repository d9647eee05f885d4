// Database admin: listDatabases, dropDatabase, dbStats.
import type { Doc } from '../storage';
import type { Engine } from './index';

export function listDatabases(engine: Engine, cmd: Doc): Doc {
  const names = engine.store.databases();
  const databases = names.map((name) => (cmd.nameOnly === true ? { name } : { name, sizeOnDisk: 0, empty: false }));
  return { databases, totalSize: 0, totalSizeMb: 0, ok: 1 };
}

export function dropDatabase(engine: Engine, _cmd: Doc, db: string): Doc {
  engine.store.dropDatabase(db);
  return { dropped: db, ok: 1 };
}

export function dbStats(engine: Engine, _cmd: Doc, db: string): Doc {
  const colls = [...engine.store.collections.values()].filter((c) => c.db === db);
  const objects = colls.reduce((s, c) => s + c.docs.size, 0);
  return { db, collections: colls.length, views: 0, objects, indexes: colls.reduce((s, c) => s + c.indexes.length + 1, 0), ok: 1 };
}
