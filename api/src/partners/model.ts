import mongoose, { Schema } from 'mongoose';
import { PARTNER_EVENT_KINDS, type PartnerEventKind } from '@fitconnect/contracts/src/server';

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
  kind: PartnerEventKind;
  count: number;
}
const partnerCountSchema = new Schema<PartnerCountFields>(
  {
    partnerId: { type: String, required: true },
    day: { type: String, required: true },
    kind: { type: String, required: true, enum: PARTNER_EVENT_KINDS },
    count: { type: Number, required: true, default: 0 },
  },
  { versionKey: false, collection: 'partnercounts' },
);
partnerCountSchema.index({ partnerId: 1, day: 1, kind: 1 }, { unique: true });
export const PartnerCount = mongoose.model<PartnerCountFields>('PartnerCount', partnerCountSchema);
