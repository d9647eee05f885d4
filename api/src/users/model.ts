import mongoose, { Schema, type HydratedDocument } from 'mongoose';
import { numericId } from '../db/counter';

/** A person with an account: a client or a trainer (isTrainer). */
export interface UserFields {
  id: number;
  username: string;
  /** Lower-cased username: uniqueness and sign-in ignore case. */
  usernameLower: string;
  /** Stored lower-cased. */
  email: string;
  firstName: string;
  lastName: string;
  location: string;
  isTrainer: boolean;
  /** Early-access trainer (badge 'Early Access Member #trainerNumber'). */
  promoTrainer: boolean;
  trainerNumber: number | null;
  passwordHash: string;
  /** Seeded demo account (public password): `npm run demo -- remove` deletes it and what it owns. Absent on real accounts. */
  demo?: boolean;
  /** Issue 34: `operator` may use /ops (granted by `npm run rollout -- operator grant <email>`). Absent on everyone else. */
  role?: 'operator';
  createdAt: Date;
  updatedAt: Date;
}
export type UserDoc = HydratedDocument<UserFields>;

/** Trainers numbered up to this get the early-access badge. */
export const EARLY_ACCESS_TRAINERS = 100;

const userSchema = new Schema<UserFields>(
  {
    username: { type: String, required: true, trim: true },
    usernameLower: { type: String, required: true },
    email: { type: String, required: true, trim: true, lowercase: true },
    firstName: { type: String, required: true, trim: true },
    lastName: { type: String, required: true, trim: true },
    location: { type: String, default: '', trim: true },
    isTrainer: { type: Boolean, default: false },
    promoTrainer: { type: Boolean, default: false },
    trainerNumber: { type: Number, default: null },
    passwordHash: { type: String, required: true },
    demo: { type: Boolean, default: undefined },
    role: { type: String, enum: ['operator'], default: undefined },
  },
  { timestamps: true, collection: 'users' },
);
userSchema.plugin(numericId('users'));
userSchema.index({ usernameLower: 1 }, { unique: true });
userSchema.index({ email: 1 }, { unique: true });
userSchema.pre('validate', function () {
  if (this.username) this.usernameLower = this.username.toLowerCase();
});

export const User = mongoose.model<UserFields>('User', userSchema);
