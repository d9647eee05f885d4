import mongoose, { Schema } from 'mongoose';
import { startTestApi, type TestApi } from './helpers';
import { nextId, numericId } from '../src/db/counter';
import { ensureIndexes } from '../src/db/connect';

jest.setTimeout(60000);
let api: TestApi;
const Thing = mongoose.model('CounterTestThing', new Schema({ name: String }).plugin(numericId('counterTestThings')));
beforeAll(async () => {
  api = await startTestApi();
  await ensureIndexes();
});
afterAll(async () => {
  await api?.stop();
});

it('hands out 1, 2, 3... per sequence, without duplicates under concurrency', async () => {
  const got = await Promise.all(Array.from({ length: 25 }, () => nextId('concurrency')));
  expect([...got].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  expect(await nextId('another-sequence')).toBe(1);
});

it('gives documents a unique integer id on create and insertMany, and keeps it on save', async () => {
  const a = await Thing.create({ name: 'a' });
  const [b, c] = await Thing.insertMany([{ name: 'b' }, { name: 'c' }]);
  const ids = [a.get('id'), b.get('id'), c.get('id')];
  expect(new Set(ids).size).toBe(3);
  for (const id of ids) expect(Number.isInteger(id) && id > 0).toBe(true);
  a.set('name', 'a2');
  await a.save();
  expect((await Thing.findOne({ name: 'a2' }))?.get('id')).toBe(ids[0]);
  await expect(Thing.collection.insertOne({ name: 'dup', id: ids[0] })).rejects.toMatchObject({ code: 11000 });
});
