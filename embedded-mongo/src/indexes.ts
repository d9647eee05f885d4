// Ordered indexes: every index is a B+ tree (sorted-btree) of keys (field values..., record id) in
// MongoDB's cross-type order, each field ascending or descending as declared, strings compared under
// the index's collation. Equality on a prefix, ranges and sorts walk a slice of the tree.
import BTree from 'sorted-btree';
import { parseCollation, type Collation } from './collation';
import { err } from './errors';
import { extractGeoKeys, GeoIndex } from './geo';
import { Query } from './mingo';
import { compareValues, keyOf, pathValues, typeRank, type StrCmp } from './values';

type Doc = Record<string, unknown>;

export interface IndexSpec {
  v?: number;
  key: Record<string, unknown>;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  expireAfterSeconds?: number;
  partialFilterExpression?: Doc;
  [k: string]: unknown;
}

/** A bound below (side -1) or above (side 1) every value of a type rank; rank 0/99 = below/above all. */
export class Bound {
  constructor(
    readonly rank: number,
    readonly side: -1 | 1,
  ) {}
  toString(): string {
    if (this.rank === 0) return 'MinKey';
    if (this.rank === 99) return 'MaxKey';
    return `${this.side < 0 ? 'start' : 'end'} of type ${this.rank}`;
  }
}
export const MIN = new Bound(0, -1);
export const MAX = new Bound(99, 1);
export const typeStart = (rank: number) => new Bound(rank, -1);
export const typeEnd = (rank: number) => new Bound(rank, 1);

export interface IxKey {
  v: unknown[];
  /** Record id: insertion order of the document (ties in the index follow it, as in MongoDB). */
  r: number;
  /** _id key of the document (values.keyOf). */
  id: string;
}
export const LOW_R = -1;
export const HIGH_R = Number.POSITIVE_INFINITY;

export function compareBounded(a: unknown, b: unknown, strCmp?: StrCmp): number {
  const ab = a instanceof Bound;
  const bb = b instanceof Bound;
  if (!ab && !bb) return compareValues(a, b, strCmp);
  const ra = ab ? (a as Bound).rank : typeRank(a);
  const rb = bb ? (b as Bound).rank : typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  const sa = ab ? (a as Bound).side : 0;
  const sb = bb ? (b as Bound).side : 0;
  return sa === sb ? 0 : sa < sb ? -1 : 1;
}

const SPECIAL_INDEX_TYPES = new Set(['text', '2d', '2dsphere', 'hashed', 'geoHaystack']);

export interface Entry {
  vals: unknown[];
}

export class Index {
  readonly fields: string[];
  /** 1 or -1 per field (special fields count as 1). */
  readonly dirs: number[];
  readonly unique: boolean;
  readonly sparse: boolean;
  /** text/2d/hashed indexes are kept as metadata only: never used for lookups or uniqueness. 2dsphere: see geo. */
  readonly special: boolean;
  readonly partial: Query | null;
  readonly collation: Collation | null;
  /** For a 2dsphere index: its points (see geo.ts). */
  readonly geo: GeoIndex | null = null;
  /** Some document produced several keys (an array value): ranges and sorts must allow for it. */
  multikey = false;
  /** Per field: some document had several values there (MongoDB's multikeyPaths). Never reset. */
  readonly multikeyFields: boolean[];
  readonly tree: BTree<IxKey, undefined>;
  readonly compareKeys: (a: IxKey, b: IxKey) => number;

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    this.multikeyFields = this.fields.map(() => false);
    this.dirs = this.fields.map((f) => {
      const d = spec.key[f];
      return typeof d === 'number' && d < 0 ? -1 : 1;
    });
    this.special = Object.values(spec.key).some((v) => typeof v === 'string' && SPECIAL_INDEX_TYPES.has(v));
    const geoField = this.fields.find((f) => spec.key[f] === '2dsphere');
    if (geoField) this.geo = new GeoIndex(geoField);
    this.unique = !!spec.unique && !this.special;
    this.sparse = !!spec.sparse;
    this.partial = spec.partialFilterExpression ? new Query(spec.partialFilterExpression) : null;
    this.collation = parseCollation(spec.collation);
    const strCmp = this.collation?.compare;
    const dirs = this.dirs;
    const n = this.fields.length;
    this.compareKeys = (a, b) => {
      for (let i = 0; i < n; i++) {
        const c = compareBounded(a.v[i], b.v[i], strCmp);
        if (c !== 0) return dirs[i] < 0 ? -c : c;
      }
      return a.r < b.r ? -1 : a.r > b.r ? 1 : 0;
    };
    this.tree = new BTree<IxKey, undefined>(undefined, this.compareKeys);
  }

  get name(): string {
    return this.spec.name;
  }

  /** Every document is in the tree (not partial, not text/geo): usable for any query on its fields. */
  get complete(): boolean {
    return !this.special && !this.partial;
  }

  /** Index entries of a document: one per combination of its field values (arrays are multikey). */
  entries(doc: Doc): Entry[] {
    if (this.special) return [];
    if (this.partial && !this.partial.test(doc)) return [];
    const per = this.fields.map((f) => pathValues(doc, f));
    if (this.sparse && per.every((vs) => vs.every((v) => v === undefined))) return [];
    let combos: Entry[] = [{ vals: [] }];
    for (const vs of per) {
      const next: Entry[] = [];
      for (const c of combos) for (const v of vs) next.push({ vals: [...c.vals, v ?? null] });
      combos = next;
      if (combos.length > 10000) throw err('BadValue', `too many index keys for index ${this.name}`);
    }
    if (combos.length <= 1) return combos;
    const seen = new Set<string>();
    return combos.filter((c) => {
      const k = keyOf(c.vals);
      return seen.has(k) ? false : (seen.add(k), true);
    });
  }

  geoKeys(doc: Doc): ReturnType<typeof extractGeoKeys> {
    if (!this.geo) return [];
    if (this.partial && !this.partial.test(doc)) return [];
    return extractGeoKeys(doc, this.geo.field, this.name);
  }

  add(id: string, r: number, entries: Entry[]): void {
    if (entries.length > 1) {
      this.multikey = true;
      for (let i = 0; i < this.fields.length; i++) {
        if (this.multikeyFields[i]) continue;
        const first = keyOf(entries[0].vals[i]);
        if (entries.some((e) => keyOf(e.vals[i]) !== first)) this.multikeyFields[i] = true;
      }
    }
    for (const e of entries) this.tree.set({ v: e.vals, r, id }, undefined);
  }

  remove(id: string, r: number, entries: Entry[]): void {
    for (const e of entries) this.tree.delete({ v: e.vals, r, id });
  }

  /** Another document (not `selfId`) with a key equal to `vals` under this index's order. */
  conflict(vals: unknown[], selfId: string | null): string | null {
    const lo: IxKey = { v: vals, r: LOW_R, id: '' };
    for (const [k] of this.tree.entries(lo)) {
      if (this.compareKeys(k, { v: vals, r: HIGH_R, id: '' }) > 0) return null;
      if (k.id !== selfId) return k.id;
    }
    return null;
  }

  /** Keys from `lo` to `hi` inclusive, in index order or reversed. */
  *scan(lo: IxKey, hi: IxKey, backward: boolean): Generator<IxKey> {
    if (!backward) {
      for (const [k] of this.tree.entries(lo)) {
        if (this.compareKeys(k, hi) > 0) return;
        yield k;
      }
    } else {
      for (const [k] of this.tree.entriesReversed(hi)) {
        if (this.compareKeys(k, lo) < 0) return;
        yield k;
      }
    }
  }
}
