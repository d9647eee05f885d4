import { createHash, randomBytes } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';

/**
 * Password reset tokens: 32 random bytes given to the user once (in the mail link); the database keeps
 * only their sha256. Single use (deleted atomically when used), expiring after RESET_TOKEN_TTL_MS
 * (TTL index plus an explicit expiry check).
 */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

interface ResetTokenDoc {
  tokenHash: string;
  userId: number;
  expiresAt: Date;
  createdAt: Date;
}
const resetTokenSchema = new Schema<ResetTokenDoc>(
  {
    tokenHash: { type: String, required: true },
    userId: { type: Number, required: true },
    expiresAt: { type: Date, required: true },
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false, collection: 'passwordresettokens' },
);
resetTokenSchema.index({ tokenHash: 1 }, { unique: true });
resetTokenSchema.index({ userId: 1 });
resetTokenSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export const PasswordResetToken = mongoose.model<ResetTokenDoc>('PasswordResetToken', resetTokenSchema);

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Issue a fresh token for a user (earlier unused tokens of that user stop working). Returns the raw token. */
export async function issueResetToken(userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await PasswordResetToken.deleteMany({ userId });
  await PasswordResetToken.create({ tokenHash: hashToken(token), userId, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) });
  return token;
}

/** Use a token: returns its userId when it was valid (and removes it), else null. */
export async function consumeResetToken(token: string, now: Date): Promise<number | null> {
  const doc = await PasswordResetToken.findOneAndDelete({ tokenHash: hashToken(token) }).lean();
  if (!doc || doc.expiresAt.getTime() <= now.getTime()) return null;
  return doc.userId;
}
