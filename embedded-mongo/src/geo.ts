// 2dsphere indexes on points: GeoJSON Points (and legacy [lng, lat] pairs) kept in a B+ tree keyed by
// a 52-bit Morton (Z-order) code of their longitude/latitude, so a spherical cap around a point is a
// handful of code ranges. Nearest-first search grows the cap until everything inside it has been seen,
// so a page of 12 examines roughly the same number of keys whatever the collection size, and the order
// is exact (Haversine distance on MongoDB's earth radius).
import BTree from 'sorted-btree';
import { err } from './errors';
import { formatValue, isPlainObject } from './values';

type Doc = Record<string, unknown>;
export type LngLat = [number, number];

/** MongoDB's earth radius for spherical distances (kRadiusOfEarthInMeters). */
export const EARTH_RADIUS_M = 6378100;
const BITS = 26;
const CELLS = 2 ** BITS;
const DEG = Math.PI / 180;

/** Great-circle angle between two points, in radians (Haversine). */
export function angleBetween(a: LngLat, b: LngLat): number {
  const dLat = (b[1] - a[1]) * DEG;
  const dLng = (b[0] - a[0]) * DEG;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * DEG) * Math.cos(b[1] * DEG) * Math.sin(dLng / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(s)));
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function numeric(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  const t = (v as { _bsontype?: string } | null)?._bsontype;
  if (t === 'Int32' || t === 'Double') return (v as { value: number }).value;
  if (t === 'Long') return (v as { toNumber(): number }).toNumber();
  if (t === 'Decimal128') return Number.parseFloat(String(v));
  return undefined;
}

/**
 * A point from a GeoJSON Point or a legacy coordinate pair ([lng, lat] or { lng, lat } with two numeric
 * fields). Returns null when `v` is not a point at all, throws when it looks like one but is invalid.
 */
export function parsePoint(v: unknown, what = 'Point'): LngLat | null {
  let pair: unknown[] | null = null;
  let geojson = false;
  if (Array.isArray(v)) pair = v;
  else if (isPlainObject(v)) {
    if (typeof v.type === 'string') {
      if (v.type !== 'Point') return null;
      geojson = true;
      if (!Array.isArray(v.coordinates)) throw err('BadValue', `${what}: GeoJSON coordinates must be an array`);
      pair = v.coordinates as unknown[];
    } else {
      const vals = Object.values(v);
      if (vals.length !== 2) return null;
      pair = vals;
    }
  } else return null;
  if (pair.length < 2 || (geojson && pair.length > 3)) throw err('BadValue', `${what}: a point needs [longitude, latitude]`);
  const lng = numeric(pair[0]);
  const lat = numeric(pair[1]);
  if (!isNum(lng) || !isNum(lat)) throw err('BadValue', `${what}: Point must only contain numeric elements`);
  if (geojson && (lng < -180 || lng > 180 || lat < -90 || lat > 90)) {
    throw err('BadValue', `${what}: longitude/latitude is out of bounds, lng: ${lng} lat: ${lat}`);
  }
  return [lng, lat];
}

/** True for a GeoJSON Point; false for a legacy pair (distances then are radians, as in MongoDB). */
export function isGeoJsonPoint(v: unknown): boolean {
  return isPlainObject(v) && v.type === 'Point';
}

/**
 * The geometries stored at `path` of a document: a terminal legacy pair is one point, any other terminal
 * array is a list of geometries (a multikey geo field). Missing/null values contribute nothing.
 */
export function geoValues(doc: unknown, path: string): unknown[] {
  const out: unknown[] = [];
  const walk = (val: unknown, parts: string[], i: number) => {
    if (val === undefined || val === null) return;
    if (i === parts.length) {
      if (Array.isArray(val) && !(val.length >= 2 && val.length <= 3 && val.every((x) => numeric(x) !== undefined))) {
        for (const e of val) if (e !== undefined && e !== null) out.push(e);
      } else out.push(val);
      return;
    }
    if (Array.isArray(val)) {
      if (/^\d+$/.test(parts[i])) walk(val[Number(parts[i])], parts, i + 1);
      else for (const e of val) walk(e, parts, i);
      return;
    }
    if (isPlainObject(val)) walk(val[parts[i]], parts, i + 1);
  };
  walk(doc, path.split('.'), 0);
  return out;
}

/** Index keys of one document for a 2dsphere field; throws MongoDB's 16755 for values it cannot index. */
export function extractGeoKeys(doc: Doc, path: string, indexName: string): Array<{ p: LngLat; raw: unknown }> {
  const out: Array<{ p: LngLat; raw: unknown }> = [];
  for (const g of geoValues(doc, path)) {
    let p: LngLat | null;
    try {
      p = parsePoint(g);
    } catch (e) {
      throw geoKeyError(doc, indexName, (e as Error).message);
    }
    if (!p) {
      if (isPlainObject(g) && typeof g.type === 'string') {
        throw geoKeyError(doc, indexName, `embedded-mongo indexes only GeoJSON Points in 2dsphere indexes, not ${g.type}`);
      }
      throw geoKeyError(doc, indexName, `unknown GeoJSON type: ${formatValue(g)}`);
    }
    if (p[0] < -180 || p[0] > 180 || p[1] < -90 || p[1] > 90) throw geoKeyError(doc, indexName, `longitude/latitude is out of bounds, lng: ${p[0]} lat: ${p[1]}`);
    out.push({ p, raw: g });
  }
  return out;
}

function geoKeyError(doc: Doc, indexName: string, why: string) {
  return err('CannotExtractGeoKeys', `Index build failed: ${indexName}: Can't extract geo keys: ${formatValue(doc)}  ${why}`);
}

// ------------------------------------------------------------------ Morton codes

function spread13(v: number): number {
  v &= 0x1fff;
  v = (v | (v << 8)) & 0x00ff00ff;
  v = (v | (v << 4)) & 0x0f0f0f0f;
  v = (v | (v << 2)) & 0x33333333;
  v = (v | (v << 1)) & 0x55555555;
  return v >>> 0;
}

function morton(x: number, y: number): number {
  const hi = (spread13(x >>> 13) | (spread13(y >>> 13) << 1)) >>> 0;
  const lo = (spread13(x) | (spread13(y) << 1)) >>> 0;
  return hi * CELLS + lo;
}

const cellX = (lng: number) => Math.min(CELLS - 1, Math.max(0, Math.floor(((lng + 180) / 360) * CELLS)));
const cellY = (lat: number) => Math.min(CELLS - 1, Math.max(0, Math.floor(((lat + 90) / 180) * CELLS)));

export function pointCode(p: LngLat): number {
  return morton(cellX(p[0]), cellY(p[1]));
}

/** Code ranges [lo, hi] covering a lng/lat box with at most ~16 cells. */
function boxRanges(lng0: number, lng1: number, lat0: number, lat1: number): Array<[number, number]> {
  const x0 = cellX(lng0);
  const x1 = cellX(lng1);
  const y0 = cellY(lat0);
  const y1 = cellY(lat1);
  let shift = 0;
  while (shift < BITS && ((x1 >>> shift) - (x0 >>> shift) + 1) * ((y1 >>> shift) - (y0 >>> shift) + 1) > 16) shift++;
  const size = 4 ** shift;
  const ranges: Array<[number, number]> = [];
  for (let cx = x0 >>> shift; cx <= x1 >>> shift; cx++) {
    for (let cy = y0 >>> shift; cy <= y1 >>> shift; cy++) {
      const lo = morton(cx * 2 ** shift, cy * 2 ** shift);
      ranges.push([lo, lo + size - 1]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** Code ranges covering every point within `angle` radians of `c`. */
export function capRanges(c: LngLat, angle: number): Array<[number, number]> {
  if (angle >= Math.PI) return [[0, CELLS * CELLS - 1]];
  const dLat = angle / DEG;
  const lat0 = c[1] - dLat;
  const lat1 = c[1] + dLat;
  if (lat0 <= -90 || lat1 >= 90) return boxRanges(-180, 180, Math.max(-90, lat0), Math.min(90, lat1));
  const s = Math.sin(angle) / Math.cos(c[1] * DEG);
  if (s >= 1) return boxRanges(-180, 180, lat0, lat1);
  const dLng = Math.asin(s) / DEG;
  const a = c[0] - dLng;
  const b = c[0] + dLng;
  if (a < -180) return [...boxRanges(a + 360, 180, lat0, lat1), ...boxRanges(-180, b, lat0, lat1)];
  if (b > 180) return [...boxRanges(a, 180, lat0, lat1), ...boxRanges(-180, b - 360, lat0, lat1)];
  return boxRanges(a, b, lat0, lat1);
}

// ------------------------------------------------------------------ the index

export interface GeoHit {
  id: string;
  /** Great-circle angle in radians to the nearest of the document's points. */
  angle: number;
  /** The stored geometry that was nearest (for includeLocs). */
  loc: unknown;
}

export interface ScanStats {
  keysExamined: number;
}

/** Binary min-heap on angle. */
class Heap {
  private a: GeoHit[] = [];
  get size(): number {
    return this.a.length;
  }
  peek(): GeoHit | undefined {
    return this.a[0];
  }
  push(h: GeoHit): void {
    const a = this.a;
    a.push(h);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p].angle <= a[i].angle) break;
      [a[p], a[i]] = [a[i], a[p]];
      i = p;
    }
  }
  pop(): GeoHit | undefined {
    const a = this.a;
    const top = a[0];
    const last = a.pop();
    if (a.length && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && a[l].angle < a[m].angle) m = l;
        if (r < a.length && a[r].angle < a[m].angle) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i], a[m]];
        i = m;
      }
    }
    return top;
  }
}

export class GeoIndex {
  /** Morton code -> ids of documents with a point in that cell. */
  readonly tree = new BTree<number, Set<string>>();
  /** id -> the document's points (and the stored geometries). */
  readonly points = new Map<string, Array<{ p: LngLat; raw: unknown }>>();

  constructor(readonly field: string) {}

  get size(): number {
    return this.points.size;
  }

  add(id: string, keys: Array<{ p: LngLat; raw: unknown }>): void {
    if (!keys.length) return;
    this.points.set(id, keys);
    for (const { p } of keys) {
      const code = pointCode(p);
      let s = this.tree.get(code);
      if (!s) this.tree.set(code, (s = new Set()));
      s.add(id);
    }
  }

  remove(id: string): void {
    const keys = this.points.get(id);
    if (!keys) return;
    this.points.delete(id);
    for (const { p } of keys) {
      const code = pointCode(p);
      const s = this.tree.get(code);
      if (!s) continue;
      s.delete(id);
      if (s.size === 0) this.tree.delete(code);
    }
  }

  /** Nearest of a document's points to `c`. */
  hit(id: string, c: LngLat): GeoHit | null {
    const keys = this.points.get(id);
    if (!keys) return null;
    let best: GeoHit | null = null;
    for (const k of keys) {
      const angle = angleBetween(c, k.p);
      if (!best || angle < best.angle) best = { id, angle, loc: k.raw };
    }
    return best;
  }

  /** Ids of documents with a point within `angle` radians of `c` (a superset is fine: callers re-check). */
  scanCap(c: LngLat, angle: number, stats: ScanStats, each: (id: string) => void): void {
    for (const [lo, hi] of capRanges(c, angle)) {
      this.tree.forRange(lo, hi, true, (_code, ids) => {
        for (const id of ids) {
          stats.keysExamined++;
          each(id);
        }
      });
    }
  }

  /**
   * Documents in increasing distance from `c`, within [minAngle, maxAngle] radians. Grows a cap from a
   * small radius, doubling it; a candidate is yielded only once every point inside its distance has been
   * seen, so the order is exact and a consumer that stops early leaves the rest unexamined.
   */
  *nearest(c: LngLat, minAngle: number, maxAngle: number, stats: ScanStats): Generator<GeoHit> {
    const done = new Set<string>();
    const queued = new Set<string>();
    const heap = new Heap();
    const limit = Math.min(maxAngle, Math.PI);
    // Start at about 6 m and double: each round rescans at most 4/3 of the final cap in total.
    let r = Math.min(limit, Math.max(1e-6, minAngle));
    for (;;) {
      this.scanCap(c, r, stats, (id) => {
        if (done.has(id) || queued.has(id)) return;
        const h = this.hit(id, c);
        if (!h || h.angle > maxAngle || h.angle < minAngle) {
          done.add(id);
          return;
        }
        queued.add(id);
        heap.push(h);
      });
      while (heap.size && (heap.peek() as GeoHit).angle <= r) {
        const h = heap.pop() as GeoHit;
        queued.delete(h.id);
        done.add(h.id);
        yield h;
      }
      if (r >= limit) {
        while (heap.size) yield heap.pop() as GeoHit;
        return;
      }
      r = Math.min(limit, r * 2);
    }
  }
}

/** Parses `near` of $geoNear / $near: the centre and whether distances are metres (GeoJSON) or radians. */
export function parseNear(v: unknown, what: string): { c: LngLat; metres: boolean } {
  const p = parsePoint(v, what);
  if (!p) throw err('BadValue', `${what}: 'near' must be a GeoJSON Point or a legacy coordinate pair`);
  if (p[1] < -90 || p[1] > 90 || p[0] < -180 || p[0] > 180) throw err('BadValue', `${what}: invalid point: longitude/latitude out of bounds`);
  return { c: p, metres: isGeoJsonPoint(v) };
}

/** A $centerSphere: [[lng, lat], radians] as a point test. */
export function centerSphere(spec: unknown): { c: LngLat; angle: number } {
  if (!Array.isArray(spec) || spec.length !== 2) throw err('BadValue', '$centerSphere needs [ [ <lng>, <lat> ], <radius in radians> ]');
  const c = parsePoint(spec[0], '$centerSphere');
  const angle = numeric(spec[1]);
  if (!c || angle === undefined || !(angle >= 0)) throw err('BadValue', '$centerSphere needs [ [ <lng>, <lat> ], <radius in radians> ]');
  return { c, angle };
}
