// Collations through Intl.Collator: locale, strength 1-3, caseFirst, numericOrdering. Options that
// change results in ways Intl cannot reproduce are refused, never ignored.
import { err, unsupported } from './errors';
import { isPlainObject, keyOf, type StrCmp } from './values';

export interface Collation {
  /** The spec as MongoDB reports it back (listIndexes). */
  readonly spec: Record<string, unknown>;
  /** Canonical key: two collations with the same key compare strings identically. */
  readonly key: string;
  readonly compare: StrCmp;
}

const KNOWN = new Set(['locale', 'strength', 'caseLevel', 'caseFirst', 'numericOrdering', 'alternate', 'maxVariable', 'backwards', 'normalization', 'version']);
const cache = new Map<string, Collation | null>();

/** Parses a collation document. Returns null for no collation or the 'simple' (binary) one. */
export function parseCollation(raw: unknown): Collation | null {
  if (raw === undefined || raw === null) return null;
  if (!isPlainObject(raw)) throw err('TypeMismatch', "BSON field 'collation' is the wrong type, expected type 'object'");
  const k = keyOf(raw);
  if (cache.has(k)) return cache.get(k) as Collation | null;
  for (const f of Object.keys(raw)) if (!KNOWN.has(f)) throw err('UnknownField', `BSON field 'collation.${f}' is an unknown field.`);
  const locale = raw.locale;
  if (typeof locale !== 'string') throw err('BadValue', "Missing required field 'locale' in collation");
  if (locale === 'simple') {
    if (Object.keys(raw).length > 1) throw err('BadValue', "If 'locale' is set to 'simple', no other fields may be set in the collation");
    cache.set(k, null);
    return null;
  }
  const tag = locale.replace(/_/g, '-');
  let supported: string[] = [];
  try {
    supported = Intl.Collator.supportedLocalesOf([tag]);
  } catch {
    supported = [];
  }
  if (supported.length === 0) throw err('BadValue', `Field 'locale' is invalid in: ${JSON.stringify(raw)}`);
  const strength = raw.strength === undefined ? 3 : Number(raw.strength);
  if (![1, 2, 3, 4, 5].includes(strength)) throw err('BadValue', `collation strength must be an integer 1 through 5, got ${String(raw.strength)}`);
  if (strength > 3) throw unsupported(`collation strength ${strength}`);
  if (raw.caseLevel === true) throw unsupported('collation option caseLevel: true');
  if (raw.alternate !== undefined && raw.alternate !== 'non-ignorable') throw unsupported(`collation option alternate: ${String(raw.alternate)}`);
  if (raw.maxVariable !== undefined && raw.maxVariable !== 'punct') throw unsupported(`collation option maxVariable: ${String(raw.maxVariable)}`);
  if (raw.backwards === true) throw unsupported('collation option backwards: true');
  if (raw.normalization === true) throw unsupported('collation option normalization: true');
  const caseFirst = raw.caseFirst ?? 'off';
  if (!['off', 'upper', 'lower'].includes(caseFirst as string)) throw err('BadValue', `collation caseFirst must be 'upper', 'lower' or 'off'`);
  const numeric = raw.numericOrdering === true;
  const collator = new Intl.Collator(supported[0], {
    usage: 'sort',
    sensitivity: strength === 1 ? 'base' : strength === 2 ? 'accent' : 'variant',
    caseFirst: caseFirst === 'off' ? 'false' : (caseFirst as 'upper' | 'lower'),
    numeric,
    ignorePunctuation: false,
  });
  const spec = { locale, caseLevel: false, caseFirst, strength, numericOrdering: numeric, alternate: 'non-ignorable', maxVariable: 'punct', normalization: false, backwards: false, version: '57.1' };
  const c: Collation = { spec, key: `${supported[0]}|${strength}|${caseFirst}|${numeric}`, compare: collator.compare };
  cache.set(k, c);
  return c;
}
