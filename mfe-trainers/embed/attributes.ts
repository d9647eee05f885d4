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
export const OBSERVED_ATTRIBUTES = ['location', 'limit', 'theme', 'partner'] as const;

export const DEFAULT_LIMIT = 6;
export const MAX_LIMIT = 48;
export const MAX_LOCATION_LENGTH = 100;

export type FinderThemeSetting = 'light' | 'dark' | 'auto';

export interface FinderOptions {
  location: string;
  limit: number;
  theme: FinderThemeSetting;
  partner: string | null;
}

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

/** All options from an element's attributes. */
export function readOptions(el: Pick<Element, 'getAttribute'>): FinderOptions {
  return {
    location: parseLocation(el.getAttribute('location')),
    limit: parseLimit(el.getAttribute('limit')),
    theme: parseTheme(el.getAttribute('theme')),
    partner: parsePartner(el.getAttribute('partner')),
  };
}
