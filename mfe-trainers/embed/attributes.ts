/**
 * The <fitconnect-trainer-finder> attributes, parsed leniently: a partner's typo never breaks their page,
 * it falls back to the default (and out-of-range numbers are clamped to what the API accepts).
 *
 *   location  initial search (postcode, outcode or town; trimmed, at most 100 characters; '' = none)
 *   limit     cards per page: whole number 1-48 (the API's maximum), default 6
 *   theme     'light' | 'dark' | 'auto' (the visitor's system preference), default 'light'
 *   partner   the id we gave the partner (`npm run partners`): 2-40 lower-case letters, digits or '-',
 *             starting with a letter or digit (contracts' PartnerId); anything else counts as no partner
 *             (no beacon, no ?partner= on card links)
 */
export const FINDER_TAG = 'fitconnect-trainer-finder';
/** v1's attributes (issue 16 + 33). Renaming or removing one, or changing what a value means, needs v2. */
export const OBSERVED_ATTRIBUTES = [
  'location',
  'specialty',
  'online-only',
  'in-person-only',
  'max-results',
  'limit',
  'sort',
  'theme',
  'lang',
  'partner',
] as const;

export const DEFAULT_LIMIT = 6;
export const MAX_LIMIT = 48;
export const MAX_LOCATION_LENGTH = 100;

export type FinderThemeSetting = 'light' | 'dark' | 'auto';

export const FINDER_SORTS = ['distance', 'rating', 'price'] as const;
export type FinderSort = (typeof FINDER_SORTS)[number];
export const MAX_SPECIALTY_LENGTH = 60;

export interface FinderOptions {
  location: string;
  limit: number;
  theme: FinderThemeSetting;
  partner: string | null;
  specialty: string;
  /** 'online': online sessions only; 'in-person': in person only; null: both. */
  mode: 'online' | 'in-person' | null;
  /** null: the API's default (distance when the location resolves, else rating). */
  sort: FinderSort | null;
  lang: string;
}

/** Bad values are reported once per element and value on the console, then the default is used. */
export type Warn = (message: string) => void;
const noWarn: Warn = () => undefined;

export function parseLimit(raw: string | null | undefined): number {
  if (raw == null) return DEFAULT_LIMIT;
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return DEFAULT_LIMIT;
  const n = Number(text);
  if (n < 1) return DEFAULT_LIMIT;
  return Math.min(n, MAX_LIMIT);
}

export function parseTheme(raw: string | null | undefined): FinderThemeSetting {
  const text = (raw ?? '').trim().toLowerCase();
  return text === 'dark' || text === 'auto' ? text : 'light';
}

/** contracts' PartnerId rule, repeated here so the widget does not ship zod. */
export const PARTNER_ID = /^[a-z0-9][a-z0-9-]{1,39}$/;

export function parsePartner(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim();
  return PARTNER_ID.test(text) ? text : null;
}

export function parseLocation(raw: string | null | undefined): string {
  return (raw ?? '').trim().slice(0, MAX_LOCATION_LENGTH);
}

/** A boolean attribute: present (`online-only`, `online-only=""`, `="true"`) is on; absent or "false" is off. */
export function parseFlag(raw: string | null | undefined, name: string, warn: Warn = noWarn): boolean {
  if (raw == null) return false;
  const text = raw.trim().toLowerCase();
  if (text === '' || text === 'true' || text === name) return true;
  if (text !== 'false') warn(`${name}="${raw}" is not a boolean attribute value: use ${name} or ${name}="false"`);
  return false;
}

/**
 * All options from an element's attributes; `supported` are the languages of strings.ts. Each bad value
 * is reported through `warn` (a console warning) and replaced by its default, so a typo never breaks the page.
 */
export function readOptions(el: Pick<Element, 'getAttribute'>, warn: Warn = noWarn, supported: readonly string[] = ['en']): FinderOptions {
  const attr = (name: string) => el.getAttribute(name);
  const location = attr('location');
  if (location != null && location.trim().length > MAX_LOCATION_LENGTH) warn(`location is over ${MAX_LOCATION_LENGTH} characters: cut to ${MAX_LOCATION_LENGTH}`);
  const specialty = (attr('specialty') ?? '').trim();
  if (specialty.length > MAX_SPECIALTY_LENGTH) warn(`specialty is over ${MAX_SPECIALTY_LENGTH} characters: ignored`);

  // max-results (issue 33) is the documented name; limit (issue 16) stays as its alias in v1.
  const rawMax = attr('max-results') ?? attr('limit');
  const limit = parseLimit(rawMax);
  if (rawMax != null && String(limit) !== rawMax.trim()) warn(`max-results="${rawMax}" is not a whole number from 1 to ${MAX_LIMIT}: using ${limit}`);

  const rawTheme = attr('theme');
  const theme = parseTheme(rawTheme);
  if (rawTheme != null && rawTheme.trim().toLowerCase() !== theme) warn(`theme="${rawTheme}" is not light, dark or auto: using light`);

  const rawPartner = attr('partner');
  const partner = parsePartner(rawPartner);
  if (rawPartner != null && rawPartner.trim() !== '' && !partner) warn(`partner="${rawPartner}" is not a partner id (2-40 lower-case letters, digits, dashes): nothing is counted`);

  const online = parseFlag(attr('online-only'), 'online-only', warn);
  const inPerson = parseFlag(attr('in-person-only'), 'in-person-only', warn);
  if (online && inPerson) warn('online-only and in-person-only together match no trainer: showing both');

  const rawSort = attr('sort');
  const sortText = (rawSort ?? '').trim().toLowerCase();
  const sort = (FINDER_SORTS as readonly string[]).includes(sortText) ? (sortText as FinderSort) : null;
  if (rawSort != null && !sort) warn(`sort="${rawSort}" is not distance, rating or price: using the default order`);

  const rawLang = attr('lang');
  const langText = (rawLang ?? '').trim().toLowerCase();
  const lang = supported.find((l) => langText === l || langText.startsWith(`${l}-`)) ?? 'en';
  if (rawLang != null && langText !== '' && !supported.some((l) => langText === l || langText.startsWith(`${l}-`)))
    warn(`lang="${rawLang}" has no translation (available: ${supported.join(', ')}): using English`);

  return {
    location: parseLocation(location),
    limit,
    theme,
    partner,
    specialty: specialty.length > MAX_SPECIALTY_LENGTH ? '' : specialty,
    mode: online && !inPerson ? 'online' : inPerson && !online ? 'in-person' : null,
    sort,
    lang,
  };
}
