// Conformance: change streams ($changeStream + awaitData getMore) through the official driver and mongoose.
// Runs against the embedded server, or a real replica set through MONGODB_URI (a standalone MongoDB has
// no change streams: there these tests fail with code 40573, which is the point of running them).
import { MongoClient, MongoServerError, type ChangeStream, type ChangeStreamDocument, type CommandSucceededEvent, type Db, type ResumeToken } from 'mongodb';
import mongoose from 'mongoose';
import { embeddedOnly, type Target, connectForFile } from './target';

jest.setTimeout(30_000);

let target: Target;
let client: MongoClient;
let db: Db;

const conn = connectForFile('changes');
beforeAll(() => void ({ target, client, db } = conn));

type Doc = { _id: number; name?: string; n?: number; tag?: string };

/** The next change, or fail after `ms`. */
async function nextChange<T extends Doc>(cs: ChangeStream<T>, ms = 5000): Promise<ChangeStreamDocument<T>> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      cs.next(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no change within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens the stream and waits until its aggregate has run (so later writes are after its start). */
async function opened<T extends Doc>(cs: ChangeStream<T>): Promise<ChangeStream<T>> {
  // tryNext runs the initial aggregate (and one awaitData getMore) and gives null: nothing happened yet.
  expect(await cs.tryNext()).toBeNull();
  return cs;
}

/**
 * A client whose getMore commands are recorded (requestId in order sent; the size of each answer's batch): what a
 * stream's next getMore answers is checked without a clock, which a busy machine can make lie.
 */
async function monitoredClient() {
  const client = await MongoClient.connect(target.uri, { serverSelectionTimeoutMS: 5000, monitorCommands: true });
  const sent: number[] = [];
  const batches = new Map<number, number>();
  const listeners = new Set<() => void>();
  client.on('commandStarted', (e) => {
    if (e.commandName !== 'getMore') return;
    sent.push(e.requestId);
    for (const l of listeners) l();
  });
  client.on('commandSucceeded', (e) => {
    if (e.commandName === 'getMore') batches.set(e.requestId, (e.reply as { cursor?: { nextBatch?: unknown[] } }).cursor?.nextBatch?.length ?? 0);
  });
  /** Resolves once a getMore is sent after this call. */
  const nextGetMoreSent = () => {
    const before = sent.length;
    return new Promise<number>((resolve) => {
      const l = () => {
        if (sent.length <= before) return;
        listeners.delete(l);
        resolve(sent[before]);
      };
      listeners.add(l);
    });
  };
  return { client, sent, batches, nextGetMoreSent };
}

test('an insert reaches an open stream with its full document, namespace and a resume token', async () => {
  const watcher = await monitoredClient();
  const coll = watcher.client.db(target.dbName).collection<Doc>('ins');
  const cs = await opened(coll.watch());
  try {
    await db.collection<Doc>('ins').insertOne({ _id: 1, name: 'first' });
    const getMore = watcher.nextGetMoreSent();
    const ev = await nextChange(cs);
    // The first getMore after the write brings it (not an empty answer after a wait, then another getMore).
    expect(watcher.batches.get(await getMore)).toBe(1);
    expect(ev.operationType).toBe('insert');
    if (ev.operationType !== 'insert') throw new Error('unreachable');
    expect(ev.fullDocument).toEqual({ _id: 1, name: 'first' });
    expect(ev.ns).toEqual({ db: target.dbName, coll: 'ins' });
    expect(ev.documentKey).toEqual({ _id: 1 });
    expect(ev._id).toEqual(expect.objectContaining({ _data: expect.any(String) }));
    expect(cs.resumeToken).toEqual(ev._id);
  } finally {
    await cs.close();
    await watcher.client.close();
  }
});

test('a getMore with nothing to report waits (awaitData) and then answers the next write', async () => {
  // No clock: the getMore sent before the write is the one that answers it. (Had the server not woken it, it would
  // have answered empty when its 3 s wait ran out, and a later getMore would have brought the change.)
  const watcher = await monitoredClient();
  const cs = await opened(watcher.client.db(target.dbName).collection<Doc>('await').watch([], { maxAwaitTimeMS: 3000 }));
  try {
    const getMore = watcher.nextGetMoreSent();
    const pending = nextChange(cs, 8000);
    const waiting = await getMore;
    await db.collection<Doc>('await').insertOne({ _id: 7, name: 'late' });
    const ev = await pending;
    expect(ev.operationType).toBe('insert');
    expect(watcher.batches.get(waiting)).toBe(1);
  } finally {
    await cs.close();
    await watcher.client.close();
  }
});

test('writes the pipeline filters out do not end a waiting getMore: it answers the next write it lets through', async () => {
  // Without a clock: every write to the database wakes the waiting cursor, and before this each woken getMore answered
  // an empty batch, so the driver sent another at once (a round trip per write of the database, per open stream).
  const watcher = await monitoredClient();
  const cs = await opened(
    watcher.client.db(target.dbName).watch<Doc>([{ $match: { 'ns.coll': 'wanted' } }], { maxAwaitTimeMS: 5000 }),
  );
  try {
    const getMore = watcher.nextGetMoreSent();
    const pending = nextChange(cs, 10_000);
    const waiting = await getMore;
    const sentBefore = watcher.sent.length;
    for (let i = 1; i <= 5; i++) await db.collection<Doc>('unwanted').insertOne({ _id: i, name: 'filtered out' });
    await db.collection<Doc>('wanted').insertOne({ _id: 1, name: 'let through' });
    const ev = await pending;
    expect((ev as { documentKey: { _id: number } }).documentKey._id).toBe(1);
    expect(watcher.batches.get(waiting)).toBe(1);
    expect(watcher.sent.length).toBe(sentBefore);
  } finally {
    await cs.close();
    await watcher.client.close();
  }
});

test('only changes to the watched collection are reported, and writes before the stream opened are not', async () => {
  const coll = db.collection<Doc>('scoped');
  await coll.insertOne({ _id: 1, name: 'before' });
  const cs = await opened(coll.watch());
  try {
    await db.collection<Doc>('elsewhere').insertOne({ _id: 1, name: 'other collection' });
    await coll.insertOne({ _id: 2, name: 'after' });
    const ev = await nextChange(cs);
    expect(ev.operationType).toBe('insert');
    expect((ev as { documentKey: { _id: number } }).documentKey._id).toBe(2);
  } finally {
    await cs.close();
  }
});

test('an update reports its changed and removed fields, and updateLookup adds the current document', async () => {
  const coll = db.collection<Doc>('upd');
  await coll.insertOne({ _id: 1, name: 'a', n: 1, tag: 'x' });
  const plain = await opened(coll.watch());
  const lookup = await opened(coll.watch([], { fullDocument: 'updateLookup' }));
  try {
    await coll.updateOne({ _id: 1 }, { $set: { name: 'b' }, $inc: { n: 1 }, $unset: { tag: '' } });
    const ev = await nextChange(plain);
    expect(ev.operationType).toBe('update');
    if (ev.operationType !== 'update') throw new Error('unreachable');
    expect(ev.documentKey).toEqual({ _id: 1 });
    expect(ev.updateDescription.updatedFields).toEqual({ name: 'b', n: 2 });
    expect(ev.updateDescription.removedFields).toEqual(['tag']);
    expect(ev.fullDocument).toBeUndefined();
    const ev2 = await nextChange(lookup);
    if (ev2.operationType !== 'update') throw new Error(`expected update, got ${ev2.operationType}`);
    expect(ev2.fullDocument).toEqual({ _id: 1, name: 'b', n: 2 });
  } finally {
    await plain.close();
    await lookup.close();
  }
});

test('a delete is reported with its document key', async () => {
  const coll = db.collection<Doc>('del');
  await coll.insertOne({ _id: 3, name: 'gone soon' });
  const cs = await opened(coll.watch());
  try {
    await coll.deleteOne({ _id: 3 });
    const ev = await nextChange(cs);
    expect(ev.operationType).toBe('delete');
    expect((ev as { documentKey: unknown }).documentKey).toEqual({ _id: 3 });
  } finally {
    await cs.close();
  }
});

test('a $match after $changeStream filters the events', async () => {
  const coll = db.collection<Doc>('filtered');
  const cs = await opened(coll.watch([{ $match: { operationType: 'insert', 'fullDocument.tag': 'keep' } }]));
  try {
    await coll.insertOne({ _id: 1, tag: 'drop' });
    await coll.updateOne({ _id: 1 }, { $set: { tag: 'keep' } });
    await coll.insertOne({ _id: 2, tag: 'keep' });
    const ev = await nextChange(cs);
    expect((ev as { documentKey: unknown }).documentKey).toEqual({ _id: 2 });
  } finally {
    await cs.close();
  }
});

test('a database-wide $match on namespace, operation and the full document passes exactly the events it names', async () => {
  // The shape of the API's message feed: one collection's numbered inserts and its updates, another's deletes.
  const cs = await opened(
    db.watch<Doc>(
      [
        {
          $match: {
            $or: [
              {
                'ns.coll': 'cs_msgs',
                $or: [{ operationType: { $in: ['update', 'replace'] } }, { operationType: 'insert', 'fullDocument.seq': { $type: 'number' } }],
              },
              { 'ns.coll': 'cs_sessions', operationType: 'delete' },
            ],
          },
        },
      ],
      { fullDocument: 'updateLookup' },
    ),
  );
  try {
    const msgs = db.collection<{ _id: number; seq: number | null }>('cs_msgs');
    const sessions = db.collection<{ _id: string }>('cs_sessions');
    await msgs.insertOne({ _id: 1, seq: null }); // unnumbered insert: not passed
    await db.collection<Doc>('cs_other').insertOne({ _id: 1, n: 1 }); // another collection: not passed
    await sessions.insertOne({ _id: 's1' }); // a session insert: not passed
    await msgs.updateOne({ _id: 1 }, { $set: { seq: 1 } }); // passed, with the current document
    await msgs.insertOne({ _id: 2, seq: 2 }); // numbered insert: passed
    await sessions.deleteOne({ _id: 's1' }); // passed
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const ev = await nextChange(cs);
      seen.push([ev.operationType, (ev as { ns: { coll: string } }).ns.coll, (ev as { documentKey: { _id: unknown } }).documentKey._id, (ev as { fullDocument?: unknown }).fullDocument ?? null]);
    }
    expect(seen).toEqual([
      ['update', 'cs_msgs', 1, { _id: 1, seq: 1 }],
      ['insert', 'cs_msgs', 2, { _id: 2, seq: 2 }],
      ['delete', 'cs_sessions', 's1', null],
    ]);
  } finally {
    await cs.close();
  }
});

test('resumeAfter a token replays exactly the changes after it, in order', async () => {
  const coll = db.collection<Doc>('resume');
  const cs = await opened(coll.watch());
  let token: ResumeToken;
  try {
    await coll.insertOne({ _id: 1 });
    const first = await nextChange(cs);
    token = first._id;
  } finally {
    await cs.close();
  }
  // Written while nobody watches.
  await coll.insertOne({ _id: 2 });
  await coll.updateOne({ _id: 2 }, { $set: { name: 'two' } });
  await coll.insertOne({ _id: 3 });
  const resumed = coll.watch([], { resumeAfter: token! });
  try {
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ev = await nextChange(resumed);
      seen.push(`${ev.operationType}:${(ev as { documentKey: { _id: number } }).documentKey._id}`);
    }
    expect(seen).toEqual(['insert:2', 'update:2', 'insert:3']);
    expect(await resumed.tryNext()).toBeNull();
  } finally {
    await resumed.close();
  }
  // startAfter takes the same token.
  const started = coll.watch([], { startAfter: token! });
  try {
    const ev = await nextChange(started);
    expect((ev as { documentKey: unknown }).documentKey).toEqual({ _id: 2 });
  } finally {
    await started.close();
  }
});

test('mongoose Model.watch() delivers inserts with the full document', async () => {
  // Commands are monitored: the stream's first aggregate answering is the sentinel that it has started (a write
  // before it would not be reported), rather than a pause that a busy machine can outlast.
  const conn = await mongoose.createConnection(target.dbUri, { monitorCommands: true }).asPromise();
  try {
    const client = conn.getClient();
    const aggregated = new Promise<void>((resolve) => {
      const onSucceeded = (e: CommandSucceededEvent) => {
        if (e.commandName !== 'aggregate') return;
        client.off('commandSucceeded', onSucceeded);
        resolve();
      };
      client.on('commandSucceeded', onSucceeded);
    });
    const Note = conn.model('Note', new mongoose.Schema({ text: String }, { collection: 'notes' }));
    const cs = Note.watch([], { fullDocument: 'updateLookup' });
    const got = new Promise<ChangeStreamDocument>((resolve) => cs.once('change', resolve));
    // Mongoose opens the driver stream asynchronously: wait for its first aggregate.
    await new Promise<void>((resolve, reject) => {
      cs.once('error', reject);
      void aggregated.then(resolve);
    });
    await Note.create({ text: 'hello' });
    const ev = await Promise.race([got, new Promise<never>((_, r) => setTimeout(() => r(new Error('no change')), 5000))]);
    expect(ev.operationType).toBe('insert');
    expect((ev as unknown as { fullDocument: { text: string } }).fullDocument.text).toBe('hello');
    await cs.close();
  } finally {
    await conn.close();
  }
});

embeddedOnly('embedded server specifics', () => {
  test('the prefilter (lightPart) keeps only conditions on fields known before an event is built, and never refuses what the $match passes', async () => {
    const { lightPart } = await import('../src/changeStream');
    const { Query } = await import('../src/mingo');
    expect(lightPart({ 'ns.coll': 'm', 'fullDocument.seq': { $type: 'number' } })).toEqual({ 'ns.coll': 'm' });
    expect(lightPart({ 'fullDocument.a': 1 })).toBeNull();
    expect(lightPart({ $or: [{ operationType: 'insert' }, { 'fullDocument.a': 1 }] })).toBeNull();
    expect(lightPart({ $or: [{ operationType: 'insert', 'fullDocument.a': 1 }, { 'ns.coll': 'x' }] })).toEqual({ $or: [{ operationType: 'insert' }, { 'ns.coll': 'x' }] });
    expect(lightPart({ $and: [{ operationType: 'delete' }, { $expr: { $eq: [1, 1] } }], $nor: [{ operationType: 'insert' }] })).toEqual({ operationType: 'delete' });
    // Implication on every combination of a few events and filters.
    const events = [];
    for (const operationType of ['insert', 'update', 'delete'])
      for (const coll of ['m', 's'])
        for (const seq of [null, 1, undefined])
          events.push({ _id: { _data: 'x' }, operationType, ns: { db: 'd', coll }, documentKey: { _id: 1 }, ...(seq === undefined ? {} : { fullDocument: { _id: 1, seq } }) });
    const filters = [
      { $or: [{ 'ns.coll': 'm', $or: [{ operationType: { $in: ['update'] } }, { operationType: 'insert', 'fullDocument.seq': { $type: 'number' } }] }, { 'ns.coll': 's', operationType: 'delete' }] },
      { operationType: { $ne: 'delete' }, 'fullDocument.seq': null },
      { $and: [{ 'ns.coll': { $in: ['m'] } }, { $or: [{ 'fullDocument.seq': 1 }, { operationType: 'delete' }] }] },
      { $nor: [{ 'ns.coll': 'm' }], 'documentKey._id': 1 },
    ];
    for (const f of filters) {
      const full = new Query(f);
      const light = lightPart(f);
      const pre = light ? new Query(light) : null;
      for (const ev of events) if (full.test(ev)) expect(pre ? pre.test(ev) : true).toBe(true);
    }
  });


  test('a resume token this server never issued fails with ChangeStreamHistoryLost (286)', async () => {
    const coll = db.collection<Doc>('badtoken');
    const cs = coll.watch([], { resumeAfter: { _data: '00000000ffffffffffffffff' } });
    const e = await cs.tryNext().then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(MongoServerError);
    expect((e as MongoServerError).code).toBe(286);
    await cs.close();
  });

  test('killCursors ends a change stream cursor', async () => {
    const res = await db.command({ aggregate: 'killme', pipeline: [{ $changeStream: {} }], cursor: {} });
    const id = res.cursor.id;
    const killed = await db.command({ killCursors: 'killme', cursors: [id] });
    expect(killed.cursorsKilled).toHaveLength(1);
    const e = await db.command({ getMore: id, collection: 'killme' }).then(
      () => null,
      (x: unknown) => x,
    );
    expect((e as MongoServerError).code).toBe(43);
  });
});
