/**
 * Text normalisation shared by the runtime lookup and the gazetteer build script, so that a town is
 * found however it is typed: case, accents, straight or curly apostrophes, dots, hyphens and
 * "Saint"/"St" do not matter ("King’s Lynn" = "kings lynn", "Stratford-upon-Avon" = "stratford upon avon").
 */
export function placeKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`´.]/g, '')
    .replace(/[-,/&()]+/g, ' ')
    .replace(/\bsaint\b/g, 'st')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Outward code: the part of a postcode before the space ("LS6", "SW1A", "EC1A", "M1"). */
export const OUTCODE_RE = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;
/** A full postcode without spaces: outward code + inward code (digit + two letters). */
const FULL_RE = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})$/;

export interface Postcode {
  /** "LS6" */
  outcode: string;
  /** "2AB", or null when only the outward code was given. */
  incode: string | null;
  /** Canonical spelling: "LS6 2AB" or "LS6". */
  text: string;
}

/**
 * "ls6 2ab", "LS62AB", " ls6  2AB " -> { outcode: 'LS6', incode: '2AB', text: 'LS6 2AB' };
 * "LS6" -> outward code only; anything else (a town, "XYZ") -> null. Says nothing about whether it exists.
 */
export function normalisePostcode(input: string): Postcode | null {
  const compact = input.toUpperCase().replace(/\s+/g, '');
  if (compact.length < 2 || compact.length > 7) return null;
  const full = FULL_RE.exec(compact);
  if (full) return { outcode: full[1], incode: full[2], text: `${full[1]} ${full[2]}` };
  if (OUTCODE_RE.test(compact)) return { outcode: compact, incode: null, text: compact };
  return null;
}
