// BSON value semantics that mingo does not get right on its own: MongoDB's cross-type sort order,
// numeric equality across Int32/Long/Double, and canonical keys for indexes and _id lookups.

type Any = unknown;

/** MongoDB's canonical type order (https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/). */
export function typeRank(v: Any): number {
  if (v === undefined || v === null) return 2;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 3;
    case 'string':
      return 4;
    case 'boolean':
      return 9;
    case 'object':
      break;
    default:
      return 14;
  }
  if (Array.isArray(v)) return 6;
  if (v instanceof Date) return 10;
  if (v instanceof RegExp) return 12;
  if (v instanceof Uint8Array) return 7;
  const t = (v as { _bsontype?: string })._bsontype;
  switch (t) {
    case undefined:
      return 5;
    case 'MinKey':
      return 1;
    case 'MaxKey':
      return 13;
    case 'Long':
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      return 3;
    case 'BSONSymbol':
      return 4;
    case 'Binary':
      return 7;
    case 'ObjectId':
      return 8;
    case 'Timestamp':
      return 11;
    case 'BSONRegExp':
      return 12;
    default:
      return 5; // DBRef, Code: treated as documents
  }
}

export function toNumber(v: Any): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  const t = (v as { _bsontype?: string })._bsontype;
  if (t === 'Long') return (v as { toNumber(): number }).toNumber();
  if (t === 'Int32' || t === 'Double') return (v as { value: number }).value;
  if (t === 'Decimal128') return Number.parseFloat(String(v));
  return Number.NaN;
}

const cmpPrim = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);

function cmpNumbers(a: number, b: number): number {
  // MongoDB sorts NaN below every other number.
  const an = Number.isNaN(a);
  const bn = Number.isNaN(b);
  if (an || bn) return an && bn ? 0 : an ? -1 : 1;
  return cmpPrim(a, b);
}

function bytesOf(v: Any): Uint8Array {
  if (v instanceof Uint8Array) return v;
  return (v as { buffer: Uint8Array }).buffer;
}

/** Compares two BSON values the way MongoDB orders them. */
export type StrCmp = (a: string, b: string) => number;

export function compareValues(a: Any, b: Any, strCmp?: StrCmp): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 1:
    case 2:
    case 13:
      return 0;
    case 3: {
      const c = cmpNumbers(toNumber(a), toNumber(b));
      if (c === 0 && (a as { _bsontype?: string })._bsontype === 'Long' && (b as { _bsontype?: string })._bsontype === 'Long') {
        return (a as { compare(o: unknown): number }).compare(b); // exact beyond 2^53
      }
      return c;
    }
    case 4:
      return strCmp ? strCmp(String(a), String(b)) : cmpPrim(String(a), String(b));
    case 5: {
      const ka = Object.keys(a as object);
      const kb = Object.keys(b as object);
      const n = Math.min(ka.length, kb.length);
      for (let i = 0; i < n; i++) {
        const va = (a as Record<string, Any>)[ka[i]];
        const vb = (b as Record<string, Any>)[kb[i]];
        const tr = typeRank(va) - typeRank(vb);
        if (tr !== 0) return tr < 0 ? -1 : 1;
        const kc = cmpPrim(ka[i], kb[i]);
        if (kc !== 0) return kc;
        const c = compareValues(va, vb, strCmp);
        if (c !== 0) return c;
      }
      return cmpPrim(ka.length, kb.length);
    }
    case 6: {
      const xa = a as Any[];
      const xb = b as Any[];
      const n = Math.min(xa.length, xb.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(xa[i], xb[i], strCmp);
        if (c !== 0) return c;
      }
      return cmpPrim(xa.length, xb.length);
    }
    case 7: {
      const ba = bytesOf(a);
      const bb = bytesOf(b);
      if (ba.length !== bb.length) return ba.length < bb.length ? -1 : 1;
      const sa = (a as { sub_type?: number }).sub_type ?? 0;
      const sb = (b as { sub_type?: number }).sub_type ?? 0;
      if (sa !== sb) return sa < sb ? -1 : 1;
      for (let i = 0; i < ba.length; i++) if (ba[i] !== bb[i]) return ba[i] < bb[i] ? -1 : 1;
      return 0;
    }
    case 8: {
      const c = Buffer.compare((a as { id: Uint8Array }).id, (b as { id: Uint8Array }).id);
      return c < 0 ? -1 : c > 0 ? 1 : 0;
    }
    case 9:
      return cmpPrim(Number(a), Number(b));
    case 10:
      return cmpNumbers((a as Date).getTime(), (b as Date).getTime());
    case 11: {
      const ta = a as { t: number; i: number };
      const tb = b as { t: number; i: number };
      return cmpPrim(ta.t, tb.t) || cmpPrim(ta.i, tb.i);
    }
    case 12: {
      const sa = a instanceof RegExp ? a.source : (a as { pattern: string }).pattern;
      const sb = b instanceof RegExp ? b.source : (b as { pattern: string }).pattern;
      const fa = a instanceof RegExp ? a.flags : (a as { options: string }).options;
      const fb = b instanceof RegExp ? b.flags : (b as { options: string }).options;
      return cmpPrim(sa, sb) || cmpPrim(fa, fb);
    }
    default:
      return 0;
  }
}

/**
 * A canonical string for a value: two values get the same key exactly when MongoDB considers them
 * equal (1 == 1.0 == Long(1); null == missing for index keys; field order matters in documents).
 */
export function keyOf(v: Any): string {
  if (v === undefined || v === null) return 'n';
  switch (typeof v) {
    case 'number':
      return numKey(v);
    case 'bigint':
      return numKey(Number(v));
    case 'string':
      return 's' + v;
    case 'boolean':
      return v ? 'b1' : 'b0';
    default:
      break;
  }
  if (Array.isArray(v)) return '[' + v.map(keyOf).join(',') + ']';
  if (v instanceof Date) return 't' + v.getTime();
  if (v instanceof RegExp) return 'r' + v.source + '/' + v.flags;
  if (v instanceof Uint8Array) return 'x0:' + Buffer.from(v).toString('base64');
  const t = (v as { _bsontype?: string })._bsontype;
  switch (t) {
    case undefined: {
      const o = v as Record<string, Any>;
      let s = '{';
      for (const k of Object.keys(o)) s += JSON.stringify(k) + ':' + keyOf(o[k]) + ',';
      return s + '}';
    }
    case 'ObjectId':
      return 'o' + (v as { toHexString(): string }).toHexString();
    case 'Long': {
      // Longs a double cannot hold exactly keep their exact digits (and so stay distinct).
      const n = toNumber(v);
      const exact = String(v);
      return Number.isSafeInteger(n) || BigInt(n) === BigInt(exact) ? numKey(n) : 'd' + exact;
    }
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      return numKey(toNumber(v));
    case 'BSONSymbol':
      return 's' + String(v);
    case 'Binary': {
      const b = v as { sub_type: number; buffer: Uint8Array };
      return 'x' + b.sub_type + ':' + Buffer.from(b.buffer).toString('base64');
    }
    case 'Timestamp': {
      const ts = v as { t: number; i: number };
      return 'T' + ts.t + ':' + ts.i;
    }
    case 'MinKey':
      return 'm';
    case 'MaxKey':
      return 'M';
    default:
      return '?' + t + ':' + JSON.stringify(v);
  }
}

function numKey(n: number): string {
  if (Object.is(n, -0)) return 'd0';
  return 'd' + String(n);
}

const isPlainObject = (v: Any): v is Record<string, Any> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof RegExp) && !(v instanceof Uint8Array) && (v as { _bsontype?: string })._bsontype === undefined;

export { isPlainObject };

/**
 * All values at a dotted path, descending into arrays the way MongoDB's multikey indexes do.
 * A terminal array contributes its elements; a missing path contributes `undefined`.
 */
export function pathValues(doc: Any, path: string): Any[] {
  const out: Any[] = [];
  collect(doc, path.split('.'), 0, out);
  return out;
}

function collect(val: Any, parts: string[], i: number, out: Any[]): void {
  if (i === parts.length) {
    if (Array.isArray(val)) {
      if (val.length === 0) out.push(undefined);
      else for (const e of val) out.push(e);
    } else out.push(val);
    return;
  }
  const part = parts[i];
  if (Array.isArray(val)) {
    if (/^\d+$/.test(part)) {
      collect(val[Number(part)], parts, i + 1, out);
      return;
    }
    if (val.length === 0) {
      out.push(undefined);
      return;
    }
    for (const e of val) collect(e, parts, i, out);
    return;
  }
  if (isPlainObject(val)) {
    collect(Object.prototype.hasOwnProperty.call(val, part) ? val[part] : undefined, parts, i + 1, out);
    return;
  }
  out.push(undefined);
}

/** Sort key of a document for one field: min element ascending, max element descending, missing = null. */
export function sortKey(doc: Any, path: string, dir: number, strCmp?: StrCmp): Any {
  const vals = pathValues(doc, path);
  if (vals.length === 1) return vals[0] ?? null;
  let best: Any = vals[0] ?? null;
  for (let i = 1; i < vals.length; i++) {
    const v = vals[i] ?? null;
    const c = compareValues(v, best, strCmp);
    if (dir > 0 ? c < 0 : c > 0) best = v;
  }
  return best;
}

export function makeSorter(spec: Record<string, unknown>): (a: Any, b: Any) => number {
  const fields = Object.entries(spec).map(([k, d]) => [k, typeof d === 'number' && d < 0 ? -1 : 1] as const);
  return (a, b) => {
    for (const [f, d] of fields) {
      const c = compareValues(sortKey(a, f, d), sortKey(b, f, d));
      if (c !== 0) return c * d;
    }
    return 0;
  };
}

/** Sorts documents with precomputed keys (stable). */
export function sortDocs<T>(docs: T[], spec: Record<string, unknown>, strCmp?: StrCmp): T[] {
  const fields = Object.entries(spec).map(([k, d]) => [k, typeof d === 'number' && d < 0 ? -1 : 1] as const);
  if (fields.length === 0) return docs;
  const keyed = docs.map((d, i) => ({ d, i, k: fields.map(([f, dir]) => sortKey(d, f, dir, strCmp)) }));
  keyed.sort((x, y) => {
    for (let j = 0; j < fields.length; j++) {
      const c = compareValues(x.k[j], y.k[j], strCmp);
      if (c !== 0) return c * fields[j][1];
    }
    return x.i - y.i;
  });
  return keyed.map((x) => x.d);
}

/** Renders a value the way MongoDB's E11000 messages do: { email: "a@b.c" }. */
export function formatValue(v: Any): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return '[ ' + v.map(formatValue).join(', ') + ' ]';
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  const t = (v as { _bsontype?: string })._bsontype;
  if (t === 'ObjectId') return `ObjectId('${(v as { toHexString(): string }).toHexString()}')`;
  if (t) return String(v);
  if (isPlainObject(v)) {
    const e = Object.entries(v);
    if (!e.length) return '{}';
    return '{ ' + e.map(([k, x]) => `${k}: ${formatValue(x)}`).join(', ') + ' }';
  }
  return String(v);
}
