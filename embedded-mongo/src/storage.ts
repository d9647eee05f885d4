// In-memory collections with hash indexes, persisted through an append-only, checksummed log.
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import { BSON, ObjectId, UUID } from 'bson';
import { err } from './errors';
import { Index, type Entry, type IndexSpec } from './indexes';
import { formatValue, keyOf } from './values';

export { Index, type IndexSpec };

export type Doc = Record<string, unknown>;
export interface Logger {
  warn(msg: string): void;
  info?(msg: string): void;
}

export const DESERIALIZE_OPTS = { promoteLongs: true, promoteValues: true, promoteBuffers: false } as const;

/** One change to a collection's documents, emitted after it is applied (never during log replay). */
export type ChangeEvent =
  | { op: 'insert'; ns: string; doc: Doc }
  | { op: 'replace'; ns: string; doc: Doc; before: Doc }
  | { op: 'delete'; ns: string; before: Doc };

export class Collection {
  /** _id key -> document. Stored documents are never mutated: updates build a copy and swap it in. */
  readonly docs = new Map<string, Doc>();
  /** _id key -> record id (insertion order; index keys end with it). */
  readonly recordIds = new Map<string, number>();
  private nextRecordId = 1;
  /** The _id index, ordered (equality on _id goes through `docs`; ranges and sorts walk this). */
  readonly idIndex = new Index({ key: { _id: 1 }, name: '_id_' });
  readonly indexes: Index[] = [];
  readonly uuid = new UUID();

  constructor(
    readonly store: Store,
    readonly db: string,
    readonly name: string,
    readonly options: Doc = {},
  ) {}

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  private dupError(ix: Index, vals: unknown[]) {
    const keyPattern: Doc = {};
    const keyValue: Doc = {};
    ix.fields.forEach((f, i) => {
      keyPattern[f] = ix.spec.key[f];
      keyValue[f] = vals[i];
    });
    const shown = ix.fields.map((f, i) => `${f}: ${formatValue(vals[i])}`).join(', ');
    return err('DuplicateKey', `E11000 duplicate key error collection: ${this.ns} index: ${ix.name} dup key: { ${shown} }`, {
      keyPattern,
      keyValue,
    });
  }

  /** Throws E11000 if `doc` would collide with another document (other than `selfId`) in a unique index. */
  private checkUnique(doc: Doc, selfId: string | null, entriesByIndex: Entry[][]): void {
    const idKey = keyOf(doc._id);
    if (idKey !== selfId && this.docs.has(idKey)) {
      throw err('DuplicateKey', `E11000 duplicate key error collection: ${this.ns} index: _id_ dup key: { _id: ${formatValue(doc._id)} }`, {
        keyPattern: { _id: 1 },
        keyValue: { _id: doc._id },
      });
    }
    this.indexes.forEach((ix, i) => {
      if (!ix.unique) return;
      for (const e of entriesByIndex[i]) if (ix.conflict(e.vals, selfId) !== null) throw this.dupError(ix, e.vals);
    });
  }

  insert(doc: Doc, log = true): void {
    if (log) checkSize(doc);
    const id = keyOf(doc._id);
    const entries = this.indexes.map((ix) => ix.entries(doc));
    const geo = this.indexes.map((ix) => ix.geoKeys(doc));
    this.checkUnique(doc, null, entries);
    const r = this.nextRecordId++;
    this.docs.set(id, doc);
    this.recordIds.set(id, r);
    this.idIndex.add(id, r, [{ vals: [doc._id] }]);
    this.indexes.forEach((ix, i) => {
      ix.add(id, r, entries[i]);
      ix.geo?.add(id, geo[i]);
    });
    if (log) {
      this.store.append({ o: 'put', ns: this.ns, d: doc });
      this.store.emit({ op: 'insert', ns: this.ns, doc });
    }
  }

  replace(oldDoc: Doc, newDoc: Doc, log = true): void {
    const id = keyOf(oldDoc._id);
    if (keyOf(newDoc._id) !== id) throw err('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
    if (log) checkSize(newDoc);
    const entries = this.indexes.map((ix) => ix.entries(newDoc));
    const geo = this.indexes.map((ix) => ix.geoKeys(newDoc));
    this.checkUnique(newDoc, id, entries);
    const stored = this.docs.get(id) ?? oldDoc;
    const r = this.recordIds.get(id) as number;
    this.indexes.forEach((ix, i) => {
      ix.remove(id, r, ix.entries(stored));
      ix.add(id, r, entries[i]);
      if (ix.geo) {
        ix.geo.remove(id);
        ix.geo.add(id, geo[i]);
      }
    });
    this.docs.set(id, newDoc);
    if (log) {
      this.store.append({ o: 'put', ns: this.ns, d: newDoc });
      this.store.emit({ op: 'replace', ns: this.ns, doc: newDoc, before: oldDoc });
    }
  }

  /** Replay helper: insert or overwrite by _id. */
  put(doc: Doc): void {
    const old = this.docs.get(keyOf(doc._id));
    if (old) this.replace(old, doc, false);
    else this.insert(doc, false);
  }

  remove(doc: Doc, log = true): void {
    const id = keyOf(doc._id);
    const stored = this.docs.get(id);
    if (!stored) return;
    const r = this.recordIds.get(id) as number;
    for (const ix of this.indexes) {
      ix.remove(id, r, ix.entries(stored));
      ix.geo?.remove(id);
    }
    this.idIndex.remove(id, r, [{ vals: [stored._id] }]);
    this.docs.delete(id);
    this.recordIds.delete(id);
    if (log) {
      this.store.append({ o: 'del', ns: this.ns, id: doc._id });
      this.store.emit({ op: 'delete', ns: this.ns, before: stored });
    }
  }

  createIndex(spec: IndexSpec, log = true): void {
    const ix = new Index(spec);
    for (const [id, doc] of this.docs) {
      const entries = ix.entries(doc);
      if (ix.unique) {
        for (const e of entries) if (ix.conflict(e.vals, id) !== null) throw this.dupError(ix, e.vals);
      }
      ix.add(id, this.recordIds.get(id) as number, entries);
      ix.geo?.add(id, ix.geoKeys(doc));
    }
    this.indexes.push(ix);
    if (log) this.store.append({ o: 'ci', ns: this.ns, spec });
  }

  dropIndex(name: string, log = true): void {
    const i = this.indexes.findIndex((ix) => ix.name === name);
    if (i >= 0) this.indexes.splice(i, 1);
    if (log) this.store.append({ o: 'di', ns: this.ns, name });
  }

  indexSpecs(): IndexSpec[] {
    return [{ v: 2, key: { _id: 1 }, name: '_id_' }, ...this.indexes.map((ix) => ({ v: 2, ...ix.spec }))];
  }
}

const HEADER = 8;

/** Append-only log: [u32 length][u32 crc32][BSON record]. fsync before acknowledging (group commit). */
class Log {
  private pending: Buffer[] = [];
  private appended = 0;
  private durable = 0;
  private flushing: Promise<void> | null = null;
  private failed: Error | null = null;

  constructor(private fh: fsp.FileHandle) {}

  append(rec: Doc): void {
    const body = BSON.serialize(rec);
    const head = Buffer.alloc(HEADER);
    head.writeUInt32LE(body.length, 0);
    head.writeUInt32LE(crc32(body), 4);
    this.pending.push(head, Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    this.appended++;
  }

  /** Resolves once every record appended so far is on disk. */
  async commit(): Promise<void> {
    const want = this.appended;
    while (this.durable < want) {
      if (this.failed) throw this.failed;
      if (!this.flushing) this.flushing = this.flush();
      await this.flushing;
    }
    if (this.failed) throw this.failed;
  }

  private async flush(): Promise<void> {
    const upTo = this.appended;
    const bufs = this.pending;
    this.pending = [];
    try {
      if (bufs.length) {
        const all = Buffer.concat(bufs);
        let off = 0;
        while (off < all.length) off += (await this.fh.write(all, off, all.length - off)).bytesWritten;
        await this.fh.datasync();
      }
      this.durable = upTo;
    } catch (e) {
      this.failed = e as Error;
    } finally {
      this.flushing = null;
    }
  }

  async close(): Promise<void> {
    await this.commit().catch(() => undefined);
    await this.fh.close();
  }
}

export class Store {
  readonly collections = new Map<string, Collection>();
  /** Databases that exist without collections yet (rare; kept for listDatabases parity). */
  private log: Log | null = null;

  private constructor(private logger: Logger) {}

  static async open(dir: string | undefined, logger: Logger): Promise<Store> {
    const store = new Store(logger);
    if (!dir) return store;
    dir = path.resolve(dir);
    await fsp.mkdir(dir, { recursive: true });
    await lockDir(dir);
    store.dir = dir;
    try {
      await store.load(dir);
    } catch (e) {
      await unlockDir(dir);
      throw e;
    }
    return store;
  }

  private dir: string | null = null;

  private async load(dir: string): Promise<void> {
    const store = this;
    const file = path.join(dir, 'data.log');
    if (fs.existsSync(file)) store.replay(await fsp.readFile(file), file);
    // Compaction: rewrite the live state as a fresh log, then atomically swap it in.
    const tmp = path.join(dir, 'data.log.compact');
    const fh = await fsp.open(tmp, 'w');
    store.log = new Log(fh);
    for (const c of store.collections.values()) {
      store.append({ o: 'cc', ns: c.ns, opts: c.options });
      for (const ix of c.indexes) store.append({ o: 'ci', ns: c.ns, spec: ix.spec });
      for (const d of c.docs.values()) store.append({ o: 'put', ns: c.ns, d });
    }
    await store.log.commit();
    await fh.close();
    await fsp.rename(tmp, file);
    await syncDir(dir);
    store.log = new Log(await fsp.open(file, 'a'));
  }

  private replay(buf: Buffer, file: string): void {
    let off = 0;
    let count = 0;
    while (off < buf.length) {
      if (off + HEADER > buf.length) break;
      const len = buf.readUInt32LE(off);
      const sum = buf.readUInt32LE(off + 4);
      if (len < 5 || off + HEADER + len > buf.length) break;
      const body = buf.subarray(off + HEADER, off + HEADER + len);
      if (crc32(body) !== sum) break;
      let rec: Doc;
      try {
        rec = BSON.deserialize(body, DESERIALIZE_OPTS);
      } catch {
        break;
      }
      try {
        this.apply(rec);
      } catch (e) {
        this.logger.warn(`embedded-mongo: skipped a log record that could not be applied (${(e as Error).message})`);
      }
      off += HEADER + len;
      count++;
    }
    if (off < buf.length) {
      this.logger.warn(
        `embedded-mongo: ${file}: dropped a truncated or corrupt tail of ${buf.length - off} bytes after ${count} good records`,
      );
    }
  }

  private apply(rec: Doc): void {
    const ns = rec.ns as string;
    switch (rec.o) {
      case 'put':
        this.ensure(ns, false).put(rec.d as Doc);
        break;
      case 'del': {
        const c = this.collections.get(ns);
        const d = c?.docs.get(keyOf(rec.id));
        if (c && d) c.remove(d, false);
        break;
      }
      case 'cc':
        this.ensure(ns, false, (rec.opts as Doc) ?? {});
        break;
      case 'ci': {
        const c = this.ensure(ns, false);
        const spec = rec.spec as IndexSpec;
        if (!c.indexes.some((ix) => ix.name === spec.name)) c.createIndex(spec, false);
        break;
      }
      case 'di':
        this.collections.get(ns)?.dropIndex(rec.name as string, false);
        break;
      case 'dc':
        this.collections.delete(ns);
        break;
      case 'dd':
        for (const c of [...this.collections.values()]) if (c.db === rec.db) this.collections.delete(c.ns);
        break;
      default:
        throw new Error(`unknown record type ${String(rec.o)}`);
    }
  }

  append(rec: Doc): void {
    this.log?.append(rec);
  }

  /**
   * The one place every applied document change passes through (insert, update/replace, delete, TTL
   * expiry; not log replay). Listeners run synchronously after the change; one that throws is logged.
   */
  onChange(listener: (e: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private readonly listeners = new Set<(e: ChangeEvent) => void>();

  emit(e: ChangeEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (x) {
        this.logger.warn(`embedded-mongo: change listener failed: ${(x as Error).message}`);
      }
    }
  }

  commit(): Promise<void> {
    return this.log ? this.log.commit() : Promise.resolve();
  }

  get(db: string, name: string): Collection | undefined {
    return this.collections.get(`${db}.${name}`);
  }

  private ensure(ns: string, log: boolean, opts: Doc = {}): Collection {
    let c = this.collections.get(ns);
    if (!c) {
      const dot = ns.indexOf('.');
      c = new Collection(this, ns.slice(0, dot), ns.slice(dot + 1), opts);
      this.collections.set(ns, c);
      if (log) this.append({ o: 'cc', ns, opts });
    }
    return c;
  }

  create(db: string, name: string, opts: Doc = {}): Collection {
    validateName(db, name);
    return this.ensure(`${db}.${name}`, true, opts);
  }

  drop(db: string, name: string): boolean {
    const ns = `${db}.${name}`;
    if (!this.collections.delete(ns)) return false;
    this.append({ o: 'dc', ns });
    return true;
  }

  dropDatabase(db: string): void {
    for (const c of [...this.collections.values()]) if (c.db === db) this.collections.delete(c.ns);
    this.append({ o: 'dd', db });
  }

  databases(): string[] {
    return [...new Set([...this.collections.values()].map((c) => c.db))];
  }

  async close(): Promise<void> {
    await this.log?.close();
    this.log = null;
    if (this.dir) await unlockDir(this.dir);
    this.dir = null;
  }
}

// One server per data directory: a LOCK file holds the owner's pid (stale after a crash).
const openDirs = new Set<string>();

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function lockDir(dir: string): Promise<void> {
  const lock = path.join(dir, 'LOCK');
  if (openDirs.has(dir)) throw new Error(`embedded-mongo: data directory ${dir} is already in use by this process`);
  const owner = Number.parseInt(await fsp.readFile(lock, 'utf8').catch(() => ''), 10);
  if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && pidAlive(owner)) {
    throw new Error(`embedded-mongo: data directory ${dir} is in use by process ${owner}`);
  }
  await fsp.writeFile(lock, String(process.pid));
  openDirs.add(dir);
}

async function unlockDir(dir: string): Promise<void> {
  openDirs.delete(dir);
  await fsp.rm(path.join(dir, 'LOCK'), { force: true });
}

const MAX_DOC_SIZE = 16 * 1024 * 1024;

function checkSize(doc: Doc): void {
  const size = BSON.calculateObjectSize(doc);
  if (size > MAX_DOC_SIZE) throw err('BSONObjectTooLarge', `object to insert too large. size in bytes: ${size}, max size: ${MAX_DOC_SIZE}`);
}

function validateName(db: string, name: string): void {
  if (!db || /[/\\. "$\0]/.test(db)) throw err('InvalidNamespace', `Invalid database name: '${db}'`);
  if (!name || name.includes('\0') || name.startsWith('.') || name.includes('$') || name.startsWith('system.')) {
    throw err('InvalidNamespace', `Invalid collection name: ${name}`);
  }
}

async function syncDir(dir: string): Promise<void> {
  try {
    const fh = await fsp.open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    // some platforms cannot fsync a directory; the rename is still atomic
  }
}

export { ObjectId };
