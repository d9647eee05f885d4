import { haversineMiles, normalisePostcode, placeKey, resolvePlace, toGeoPoint } from '../../src/trainers/geo';

describe('normalisePostcode', () => {
  it.each([
    ['ls6 2ab', 'LS6', '2AB', 'LS6 2AB'],
    ['LS62AB', 'LS6', '2AB', 'LS6 2AB'],
    ['  Ls6   2aB ', 'LS6', '2AB', 'LS6 2AB'],
    ['SW1A 1AA', 'SW1A', '1AA', 'SW1A 1AA'],
    ['sw1a1aa', 'SW1A', '1AA', 'SW1A 1AA'],
    ['M1 1AE', 'M1', '1AE', 'M1 1AE'],
  ])('%j -> %s %s', (input, outcode, incode, text) => {
    expect(normalisePostcode(input)).toEqual({ outcode, incode, text });
  });
  it('takes an outward code on its own', () => {
    expect(normalisePostcode('LS6')).toEqual({ outcode: 'LS6', incode: null, text: 'LS6' });
    expect(normalisePostcode('ec1a')).toEqual({ outcode: 'EC1A', incode: null, text: 'EC1A' });
  });
  it('refuses what is not shaped like a postcode', () => {
    for (const s of ['', 'Leeds', 'LS', '123', 'LS6 2A', 'LS6 2ABC', 'Bath']) expect(normalisePostcode(s)).toBeNull();
  });
});

describe('resolvePlace', () => {
  it('puts a full postcode at its district centroid, however it is typed', () => {
    const a = resolvePlace('ls6 2ab');
    expect(a).toMatchObject({ kind: 'postcode', label: 'LS6 2AB' });
    expect(resolvePlace('LS62AB')).toEqual(a);
    expect(resolvePlace('LS6')).toMatchObject({ kind: 'outcode', label: 'LS6', lat: a!.lat, lon: a!.lon });
    // Headingley, Leeds
    expect(a!.lat).toBeCloseTo(53.818, 2);
    expect(a!.lon).toBeCloseTo(-1.566, 2);
    const palace = resolvePlace('SW1A 1AA');
    expect(palace).toMatchObject({ kind: 'postcode', label: 'SW1A 1AA' });
    expect(haversineMiles(palace!.lat, palace!.lon, 51.501, -0.1419)).toBeLessThan(1); // Buckingham Palace
  });

  it('finds towns with spaces, hyphens and apostrophes in any spelling', () => {
    const lynn = resolvePlace("King's Lynn");
    expect(lynn).toMatchObject({ kind: 'town', label: "King's Lynn" });
    expect(resolvePlace('kings lynn')).toEqual(lynn);
    expect(resolvePlace('KING’S LYNN')).toEqual(lynn);
    expect(resolvePlace('Newcastle upon Tyne')).toMatchObject({ kind: 'town', label: 'Newcastle upon Tyne' });
    expect(resolvePlace('Stratford upon Avon')).toMatchObject({ label: 'Stratford-upon-Avon' });
    expect(resolvePlace('Saint Albans')).toMatchObject({ label: 'St Albans' });
    expect(resolvePlace("Bishop's Stortford")).toMatchObject({ kind: 'town' });
    expect(resolvePlace('Hull')).toMatchObject({ label: 'Kingston upon Hull' });
  });

  it('reads a stored profile location with a town and a postcode', () => {
    expect(resolvePlace('London, E1 6QL')).toMatchObject({ kind: 'postcode', label: 'E1 6QL' });
    expect(resolvePlace('Glasgow, somewhere')).toMatchObject({ kind: 'town', label: 'Glasgow' });
    expect(resolvePlace('Leeds LS6')).toMatchObject({ kind: 'outcode', label: 'LS6' });
  });

  it('returns null for places it cannot resolve', () => {
    for (const s of ['', '   ', 'Atlantis', 'XX99 9XX', 'BT1 1AA' /* Northern Ireland: not in the licensed data */, '.*', null, undefined])
      expect(resolvePlace(s)).toBeNull();
  });

  it('measures real distances (Leeds to Manchester is about 36 miles as the crow flies)', () => {
    const leeds = resolvePlace('Leeds')!;
    const manchester = resolvePlace('Manchester')!;
    expect(haversineMiles(leeds.lat, leeds.lon, manchester.lat, manchester.lon)).toBeGreaterThan(33);
    expect(haversineMiles(leeds.lat, leeds.lon, manchester.lat, manchester.lon)).toBeLessThan(38);
    expect(toGeoPoint(leeds)).toEqual({ type: 'Point', coordinates: [leeds.lon, leeds.lat] });
  });

  it('normalises place names for lookup', () => {
    expect(placeKey('  Stratford-upon-Avon ')).toBe('stratford upon avon');
    expect(placeKey('Saint Ives')).toBe('st ives');
    expect(placeKey('Bo’ness')).toBe('boness');
  });
});
