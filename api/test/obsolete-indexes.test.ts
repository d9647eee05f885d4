import mongoose from 'mongoose';
import { defaultIndexName, dropObsoleteIndexes, OBSOLETE_INDEXES } from '../src/db/obsoleteIndexes';
import { ensureIndexes } from '../src/db/connect';
import { startTestApi, type TestApi } from './helpers';

// A database created before df65627 has, beside each new compound index, the older one it replaced.
// The API drops those at start, and nothing else.

jest.setTimeout(90_000);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

const collectionOf = (model: string) => mongoose.model(model).collection;
const indexNames = async (model: string) => (await collectionOf(model).listIndexes().toArray()).map((i) => i.name as string).sort();

/** Put back the indexes an older API version created (the database as it was before the change). */
async function createOldIndexes() {
  for (const { model, key } of OBSOLETE_INDEXES) await collectionOf(model).createIndex(key);
}

test("every listed index's fields come, in order and direction, in its replacement, which the schema declares", () => {
  for (const { model, key, replacedBy } of OBSOLETE_INDEXES) {
    const declared = mongoose.model(model).schema.indexes().map(([k]) => JSON.stringify(Object.entries(k)));
    expect(declared).toContain(JSON.stringify(Object.entries(replacedBy)));
    expect(declared).not.toContain(JSON.stringify(Object.entries(key)));
    expect(Object.entries(replacedBy).filter(([field]) => field in key)).toEqual(Object.entries(key));
  }
});

test('the old indexes of an upgraded database are dropped; the current ones stay; a second run drops nothing', async () => {
  await createOldIndexes();
  const before = new Map<string, string[]>();
  for (const { model } of OBSOLETE_INDEXES) before.set(model, await indexNames(model));
  for (const { model, key } of OBSOLETE_INDEXES) expect(before.get(model)).toContain(defaultIndexName(key));

  const dropped = await dropObsoleteIndexes();
  expect(dropped.sort()).toEqual(OBSOLETE_INDEXES.map(({ model, key }) => `${collectionOf(model).collectionName}.${defaultIndexName(key)}`).sort());
  for (const { model, key, replacedBy } of OBSOLETE_INDEXES) {
    const now = await indexNames(model);
    expect(now).not.toContain(defaultIndexName(key));
    expect(now).toContain(defaultIndexName(replacedBy));
    expect(now).toEqual(before.get(model)!.filter((n) => n !== defaultIndexName(key)));
  }
  await expect(dropObsoleteIndexes()).resolves.toEqual([]);
});

test('two instances starting at once drop each index once, without an error', async () => {
  await createOldIndexes();
  const [a, b] = await Promise.all([dropObsoleteIndexes(), dropObsoleteIndexes()]);
  expect([...a, ...b].sort()).toEqual(OBSOLETE_INDEXES.map(({ model, key }) => `${collectionOf(model).collectionName}.${defaultIndexName(key)}`).sort());
});

test("an operator's index is left alone: same fields under another name, or the old name over other fields", async () => {
  const workouts = collectionOf('Workout');
  await workouts.createIndex({ userId: 1, day: 1 }, { name: 'ops_user_day' });
  const challenges = collectionOf('Challenge');
  await challenges.createIndex({ endDate: 1 }, { name: 'endDate_-1' });
  try {
    await expect(dropObsoleteIndexes()).resolves.toEqual([]);
    expect(await indexNames('Workout')).toContain('ops_user_day');
    expect(await indexNames('Challenge')).toContain('endDate_-1');
  } finally {
    await workouts.dropIndex('ops_user_day');
    await challenges.dropIndex('endDate_-1');
  }
});

test('an old index is kept while its replacement is missing, so reads never lose their index', async () => {
  const reviews = collectionOf('TrainerReview');
  const { key, replacedBy } = OBSOLETE_INDEXES.find((o) => o.model === 'TrainerReview')!;
  await reviews.dropIndex(defaultIndexName(replacedBy));
  await reviews.createIndex(key);
  try {
    await expect(dropObsoleteIndexes()).resolves.toEqual([]);
    expect(await indexNames('TrainerReview')).toContain(defaultIndexName(key));
    // The next start builds the replacement first, then drops the old one.
    await ensureIndexes();
    await expect(dropObsoleteIndexes()).resolves.toEqual([`${reviews.collectionName}.${defaultIndexName(key)}`]);
  } finally {
    await ensureIndexes();
  }
});
