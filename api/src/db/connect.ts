import mongoose from 'mongoose';

export const DB_NAME = 'fitconnect';

/** Connect the default mongoose connection (every model lives on it) and build all indexes. */
export async function connectDb(uri: string, opts: { dbName?: string } = {}): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  await mongoose.connect(uri, { dbName: opts.dbName ?? DB_NAME, serverSelectionTimeoutMS: 10_000, autoIndex: false });
  await ensureIndexes();
  return mongoose;
}

/**
 * Create the indexes of every registered model (unique ids, unique usernames, TTLs...). Called after
 * connecting; the invariants they enforce (one review per trainer per user...) must exist before traffic.
 */
export async function ensureIndexes(): Promise<void> {
  for (const name of mongoose.modelNames()) {
    await mongoose.model(name).createIndexes();
  }
}

export async function disconnectDb(): Promise<void> {
  await mongoose.disconnect();
}
