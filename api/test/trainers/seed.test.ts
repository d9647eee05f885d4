import { startTestApi, type TestApi } from '../helpers';
import { runSeed } from '../../src/seed';
import { Trainer } from '../../src/trainers/model';

jest.setTimeout(120000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

it('gives every seeded trainer a real point, so a postcode search finds the local one first', async () => {
  expect((await runSeed()).seeded).toBe(true);
  const trainers = await Trainer.find({}).lean();
  expect(trainers.length).toBeGreaterThanOrEqual(9);
  for (const t of trainers) {
    expect(t.point?.type).toBe('Point');
    const [lon, lat] = t.point!.coordinates;
    expect(lat).toBeGreaterThan(49.8); // inside Great Britain
    expect(lat).toBeLessThan(59);
    expect(lon).toBeGreaterThan(-8);
    expect(lon).toBeLessThan(2);
  }
  const anon = api.agent();
  const cases: [string, string][] = [
    ['LS6 2AB', 'Leeds'],
    ['G12 8QQ', 'Glasgow'],
    ['Cardiff', 'Cardiff'],
    ["Newcastle upon Tyne", 'Newcastle upon Tyne'],
    ['EH8', 'Edinburgh'],
  ];
  for (const [place, city] of cases) {
    const r = await anon.get(`/api/trainers?location=${encodeURIComponent(place)}`);
    expect(r.headers.get('x-location-resolved')).toBe('true');
    expect(r.body[0].user.location.startsWith(city)).toBe(true);
    expect(r.body[0].distanceMiles).toBeLessThan(5);
    expect(r.body.at(-1).distanceMiles).toBeGreaterThan(100);
  }
});

it('stays idempotent and backfills a trainer that lost its point', async () => {
  const before = await Trainer.find({}).sort({ id: 1 }).lean();
  const leeds = before.find((t) => t.location.startsWith('Leeds'))!;
  await Trainer.updateOne({ id: leeds.id }, { $unset: { point: 1 } });
  expect((await runSeed()).seeded).toBe(false);
  const after = await Trainer.find({}).sort({ id: 1 }).lean();
  expect(after.map((t) => [t.id, t.point])).toEqual(before.map((t) => [t.id, t.point]));
});
