/**
 * Every value of `key` anywhere in an explain document, in document order. Its shape differs between a find,
 * an aggregate (`$cursor`, `$geoNearCursor`), a write and MongoDB's versions, so the tests and benches that
 * read plans (`stage`, `indexName`, `totalKeysExamined`, ...) look the key up wherever it is.
 */
export function explainValues(obj: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(obj)) for (const x of obj) explainValues(x, key, out);
  else if (obj && typeof obj === 'object') {
    for (const [k, v] of Object.entries(obj)) {
      if (k === key) out.push(v);
      explainValues(v, key, out);
    }
  }
  return out;
}
