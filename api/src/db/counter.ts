import mongoose, { Schema, type mongo, type Schema as SchemaT } from 'mongoose';

/**
 * Public ids are positive integers from one mechanism: a `counters` collection with one document per
 * sequence, bumped atomically with findOneAndUpdate($inc, upsert).
 */
interface CounterDoc {
  _id: string;
  seq: number;
}
const counterSchema = new Schema<CounterDoc>(
  { _id: { type: String, required: true }, seq: { type: Number, required: true, default: 0 } },
  { versionKey: false, collection: 'counters' },
);
export const Counter = mongoose.model<CounterDoc>('Counter', counterSchema);

/** The next value of `sequenceName` (1, 2, 3, ...). Safe under concurrency and across API instances. */
export async function nextId(sequenceName: string): Promise<number> {
  // The driver's call, not the model's: every insert takes one (two for a message that opens a conversation),
  // and mongoose's query building cost more than the round trip's own work (api/bench/messages-load.ts).
  const doc = await (Counter.collection as unknown as mongo.Collection<CounterDoc>).findOneAndUpdate({ _id: sequenceName }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' });
  if (!doc || typeof doc.seq !== 'number') throw new Error(`Counter ${sequenceName} did not return a value`);
  return doc.seq;
}

/**
 * Mongoose plugin: adds a unique positive integer `id`, assigned from the `name` sequence when a document
 * is first saved (also for insertMany). Turns off mongoose's string `id` virtual.
 *   schema.plugin(numericId('trainers'))
 */
export function numericId(name: string) {
  return (schema: SchemaT) => {
    schema.set('id', false);
    schema.add({ id: { type: Number, min: 1, validate: { validator: Number.isInteger, message: 'id must be an integer' } } });
    schema.index({ id: 1 }, { unique: true });
    schema.pre('validate', async function () {
      const doc = this as unknown as { isNew: boolean; id?: number };
      if (doc.isNew && doc.id == null) doc.id = await nextId(name);
    });
    // insertMany validates each document (which runs the hook above); this covers the plain objects too.
    schema.pre('insertMany', async function (...args: unknown[]) {
      const docs = args.find((a) => Array.isArray(a)) as { id?: number }[] | undefined;
      for (const d of docs ?? []) if (d && typeof d === 'object' && d.id == null) d.id = await nextId(name);
    });
  };
}
