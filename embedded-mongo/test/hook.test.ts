// Store.onChange: the one place every applied write is announced (for change streams).
import { Engine } from '../src/commands';
import { Store, type ChangeEvent } from '../src/storage';
import { embeddedOnly } from './target';

embeddedOnly('Store.onChange', () => {
  test('announces inserts, updates, replacements and deletes once each, after they apply, and not refused writes', async () => {
    const store = await Store.open(undefined, { warn: () => undefined });
    const engine = new Engine(store, () => 0);
    const conn = { id: 0, remote: 'test' };
    const events: ChangeEvent[] = [];
    const seenCounts: number[] = [];
    const off = store.onChange((e) => {
      events.push(e);
      seenCounts.push(store.get('d', 'c')?.docs.size ?? -1);
    });
    const run = (cmd: object) => engine.run({ ...cmd, $db: 'd' }, conn);
    await run({ createIndexes: 'c', indexes: [{ key: { email: 1 }, name: 'email_1', unique: true }] });
    await run({ insert: 'c', documents: [{ _id: 1, email: 'a' }, { _id: 2, email: 'b' }] });
    await run({ insert: 'c', documents: [{ _id: 3, email: 'a' }] }); // duplicate: refused, no event
    await run({ update: 'c', updates: [{ q: { _id: 1 }, u: { $set: { n: 1 } } }] });
    await run({ update: 'c', updates: [{ q: { _id: 2 }, u: { email: 'b', replaced: true } }] });
    await run({ update: 'c', updates: [{ q: { _id: 2 }, u: { $set: { replaced: true } } }] }); // no change: no event
    await run({ delete: 'c', deletes: [{ q: { _id: 1 }, limit: 1 }] });
    expect(events.map((e) => e.op)).toEqual(['insert', 'insert', 'replace', 'replace', 'delete']);
    expect(seenCounts).toEqual([1, 2, 2, 2, 1]);
    const upd = events[2] as Extract<ChangeEvent, { op: 'replace' }>;
    expect(upd).toMatchObject({ ns: 'd.c', doc: { _id: 1, email: 'a', n: 1 }, before: { _id: 1, email: 'a' } });
    expect(events[4]).toMatchObject({ op: 'delete', ns: 'd.c', before: { _id: 1, n: 1 } });
    off();
    await run({ insert: 'c', documents: [{ _id: 9 }] });
    expect(events).toHaveLength(5);
    await store.close();
  });
});

embeddedOnly('TTL sweep through the ordered index', () => {
  test('removes documents whose earliest date passed, for ascending and descending TTL indexes, and only those', async () => {
    const store = await Store.open(undefined, { warn: () => undefined });
    const engine = new Engine(store, () => 0);
    const conn = { id: 0, remote: 'test' };
    const run = (cmd: object) => engine.run({ ...cmd, $db: 'd' }, conn);
    const now = 1_800_000_000_000;
    const at = (s: number) => new Date(now + s * 1000);
    for (const [name, dir] of [['asc', 1], ['desc', -1]] as const) {
      await run({ createIndexes: name, indexes: [{ key: { at: dir }, name: 'at', expireAfterSeconds: 60 }] });
      await run({
        insert: name,
        documents: [
          { _id: 1, at: at(-61) }, // expired
          { _id: 2, at: at(-59) }, // not yet
          { _id: 3, at: [at(100), at(-120)] }, // earliest date expired
          { _id: 4, at: 'not a date' },
          { _id: 5 },
          { _id: 6, at: at(-60) }, // exactly at the cutoff: expired
        ],
      });
    }
    expect(engine.sweepTtl(now)).toBe(6);
    for (const name of ['asc', 'desc']) {
      expect([...store.get('d', name)!.docs.values()].map((d) => d._id).sort()).toEqual([2, 4, 5]);
    }
    await store.close();
  });
});
