import mongoose, { Schema } from 'mongoose';
import { PARTNER_EVENT_KINDS } from '@fitconnect/contracts/src/server';

/**
 * What is counted per partner and day: the finder's beacons (impression, click, search) and what FitConnect
 * itself attributes to the partner (attribution.ts): a sign-up, a first message ('contact'). The last two
 * are never accepted from a beacon.
 */
export const PARTNER_COUNT_KINDS = [...PARTNER_EVENT_KINDS, 'signup', 'contact'] as const;
export type PartnerCountKind = (typeof PARTNER_COUNT_KINDS)[number];

/** A partner site given an id for the embedded trainer finder (`npm run partners -- add <id> <name>`). */
export interface PartnerFields {
  partnerId: string;
  name: string;
  createdAt: Date;
}
const partnerSchema = new Schema<PartnerFields>(
  {
    partnerId: { type: String, required: true },
    name: { type: String, required: true, trim: true, maxlength: 120 },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'partners' },
);
partnerSchema.index({ partnerId: 1 }, { unique: true });
export const Partner = mongoose.model<PartnerFields>('Partner', partnerSchema);

/**
 * One counter per partner, UTC day and kind. Beacons `$inc` it with an upsert; the unique index makes
 * simultaneous first beacons of a day land on one document.
 */
export interface PartnerCountFields {
  partnerId: string;
  /** UTC calendar day, YYYY-MM-DD. */
  day: string;
  kind: PartnerCountKind;
  count: number;
}
const partnerCountSchema = new Schema<PartnerCountFields>(
  {
    partnerId: { type: String, required: true },
    day: { type: String, required: true },
    kind: { type: String, required: true, enum: PARTNER_COUNT_KINDS },
    count: { type: Number, required: true, default: 0 },
  },
  { versionKey: false, collection: 'partnercounts' },
);
partnerCountSchema.index({ partnerId: 1, day: 1, kind: 1 }, { unique: true });
export const PartnerCount = mongoose.model<PartnerCountFields>('PartnerCount', partnerCountSchema);

/**
 * The partner a FitConnect user first came from (issue 33: first touch, 30 days). One per user, never
 * replaced. Made at sign-up from the visitor's `fc_partner` cookie, or at once when a signed-in user
 * follows a finder link. `contactAt` marks that the user's first message after the touch was counted.
 * Stays inside FitConnect: the partner report only ever shows counts per day.
 */
export interface PartnerAttributionFields {
  userId: number;
  partnerId: string;
  touchedAt: Date;
  signedUpAt: Date | null;
  contactAt: Date | null;
}
const partnerAttributionSchema = new Schema<PartnerAttributionFields>(
  {
    userId: { type: Number, required: true },
    partnerId: { type: String, required: true },
    touchedAt: { type: Date, required: true },
    signedUpAt: { type: Date, default: null },
    contactAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'partnerattributions' },
);
partnerAttributionSchema.index({ userId: 1 }, { unique: true });
export const PartnerAttribution = mongoose.model<PartnerAttributionFields>('PartnerAttribution', partnerAttributionSchema);
