import fc from 'fast-check';
import '@fitconnect/build-config/fast-check-seed';
// The API's rule, imported by path: the API-only contracts are not in the shared index (contracts/src/server.ts).
import { PartnerId } from '@fitconnect/contracts/src/partners';
import { TRAINER_LIST_HEADERS } from '@fitconnect/contracts';
import { DEFAULT_LIMIT, MAX_LIMIT, parseLimit, parseLocation, parsePartner, parseTheme, readOptions } from '../embed/attributes';
import { LIST_HEADERS, listUrl, profileUrl } from '../embed/api';
import { scriptOrigin } from '../embed/origin';

describe('finder attributes', () => {
  it('limit: a whole number of cards, clamped to the API maximum, else the default', () => {
    expect(parseLimit('6')).toBe(6);
    expect(parseLimit(' 12 ')).toBe(12);
    expect(parseLimit('1')).toBe(1);
    expect(parseLimit('48')).toBe(48);
    expect(parseLimit('49')).toBe(MAX_LIMIT);
    expect(parseLimit('100000')).toBe(MAX_LIMIT);
    for (const bad of [null, undefined, '', '0', '-3', '2.5', 'six', '1e3', '0x10']) expect(parseLimit(bad)).toBe(DEFAULT_LIMIT);
    expect(DEFAULT_LIMIT).toBe(6);
  });

  it('theme: light, dark or auto (any case); anything else is light', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme(' AUTO ')).toBe('auto');
    expect(parseTheme('light')).toBe('light');
    for (const bad of [null, '', 'blue', 'darkish']) expect(parseTheme(bad)).toBe('light');
  });

  it("partner: 2-40 lower-case letters, digits and dashes (the API's partner id); anything else is no partner", () => {
    expect(parsePartner('demo-gym')).toBe('demo-gym');
    expect(parsePartner(' gym-42 ')).toBe('gym-42');
    expect(parsePartner('a'.repeat(40))).toBe('a'.repeat(40));
    for (const bad of [null, '', 'a', 'a'.repeat(41), '-gym', 'Gym', 'gym_42', 'my gym', 'gym?x=1', '<script>', 'gym/..']) expect(parsePartner(bad)).toBeNull();
  });

  it('location: trimmed, at most 100 characters', () => {
    expect(parseLocation('  Leeds ')).toBe('Leeds');
    expect(parseLocation(null)).toBe('');
    expect(parseLocation('x'.repeat(150))).toHaveLength(100);
  });

  it('reads every option from an element', () => {
    const el = document.createElement('div');
    el.setAttribute('location', 'LS1');
    el.setAttribute('limit', '3');
    el.setAttribute('theme', 'dark');
    el.setAttribute('partner', 'demo-gym');
    const defaults = { specialty: '', mode: null, sort: null, lang: 'en' };
    expect(readOptions(el)).toEqual({ location: 'LS1', limit: 3, theme: 'dark', partner: 'demo-gym', ...defaults });
    expect(readOptions(document.createElement('div'))).toEqual({ location: '', limit: 6, theme: 'light', partner: null, ...defaults });
  });

  it('issue 33: max-results (limit stays its alias), specialty, online-only / in-person-only, sort, lang; each bad value warns once and falls back', () => {
    const el = document.createElement('div');
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    el.setAttribute('max-results', '4');
    el.setAttribute('limit', '9');
    el.setAttribute('specialty', ' Yoga ');
    el.setAttribute('online-only', '');
    el.setAttribute('sort', 'Price');
    el.setAttribute('lang', 'en-GB');
    expect(readOptions(el, warn)).toMatchObject({ limit: 4, specialty: 'Yoga', mode: 'online', sort: 'price', lang: 'en' });
    expect(warnings).toEqual([]);

    el.setAttribute('in-person-only', 'true');
    el.setAttribute('max-results', 'lots');
    el.setAttribute('sort', 'newest');
    el.setAttribute('theme', 'purple');
    el.setAttribute('lang', 'fr');
    el.setAttribute('partner', 'Demo Gym');
    expect(readOptions(el, warn)).toMatchObject({ limit: 6, mode: null, sort: null, theme: 'light', lang: 'en', partner: null });
    expect(warnings).toEqual([
      'max-results="lots" is not a whole number from 1 to 48: using 6',
      'theme="purple" is not light, dark or auto: using light',
      'partner="Demo Gym" is not a partner id (2-40 lower-case letters, digits, dashes): nothing is counted',
      'online-only and in-person-only together match no trainer: showing both',
      'sort="newest" is not distance, rating or price: using the default order',
      'lang="fr" has no translation (available: en): using English',
    ]);
  });
});

describe('finder URLs', () => {
  it('reads the same list headers as the /trainers page (contracts)', () => {
    expect(LIST_HEADERS.hasMore).toBe(TRAINER_LIST_HEADERS.hasMore);
    expect(LIST_HEADERS.locationResolved).toBe(TRAINER_LIST_HEADERS.locationResolved);
  });

  it('lists trainers on our origin, with the search, page and limit', () => {
    expect(listUrl('https://fit.example', { location: 'Leeds LS1', limit: 6, page: 2 })).toBe('https://fit.example/api/trainers?location=Leeds+LS1&page=2&limit=6');
    expect(listUrl('https://fit.example', { location: '', limit: 6, page: 1 })).toBe('https://fit.example/api/trainers?page=1&limit=6');
  });

  it('links a card to the profile on our site, with the partner id when there is one', () => {
    // Through the attribution redirect, which lands on /trainers/7?partner=demo-gym.
    expect(profileUrl('https://fit.example', 7, 'demo-gym')).toBe('https://fit.example/api/partners/go?partner=demo-gym&to=%2Ftrainers%2F7');
    expect(profileUrl('https://fit.example', 7, null)).toBe('https://fit.example/trainers/7');
  });

  it("takes our origin from the script's own URL, else the page's", () => {
    const s = document.createElement('script');
    s.src = 'https://fit.example:8443/embed/finder.abc.js';
    expect(scriptOrigin(s, 'https://partner.example/page')).toBe('https://fit.example:8443');
    expect(scriptOrigin(null, 'https://partner.example/page')).toBe('https://partner.example');
  });
});

describe("the finder's partner id rule is the API's (written twice so the widget ships no zod)", () => {
  const apiAccepts = (s: string) => PartnerId.safeParse(s).success;

  test.each(['demo-gym', 'ab', 'a1', '9-lives', 'a'.repeat(40), 'a', 'a'.repeat(41), '-gym', 'Demo-Gym', 'gym_1', 'gym 1', 'gym.1', ''])(
    '%j: the finder and the API agree',
    (id) => {
      expect(parsePartner(id) !== null).toBe(apiAccepts(id));
    },
  );

  test('they agree on random strings from the same alphabet and beyond', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abz09-_A .'.split('')), maxLength: 44 }), (id) => {
        // parsePartner trims the attribute first; the API gets what the finder sends.
        const sent = parsePartner(id);
        if (sent !== null) expect(apiAccepts(sent)).toBe(true);
        expect(parsePartner(id.trim()) !== null).toBe(apiAccepts(id.trim()));
      }),
      { numRuns: 2000 },
    );
  });
});
