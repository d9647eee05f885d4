import { PARTNER_EVENT_KINDS, PartnerId, type PartnerEventKind } from '@fitconnect/contracts/src/server';
import { Partner, PartnerCount } from './model';

/** Registered by the demo seed: the demo partner page (`npm start`) embeds the finder with this id. */
export const DEMO_PARTNER = { id: 'demo-gym', name: 'Demo partner page' } as const;

/** The UTC calendar day of `at`, YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

/** Is `partnerId` a registered partner? (One indexed lookup; no cache, so a removal counts at once.) */
export async function isRegisteredPartner(partnerId: string): Promise<boolean> {
  return Boolean(await Partner.exists({ partnerId }));
}

/**
 * Count one event: an atomic `$inc` upsert on (partner, day, kind). Two first-of-the-day upserts can race
 * to insert; the unique index lets one win and the loser retries as a plain increment, so no event is lost.
 */
export async function countPartnerEvent(partnerId: string, kind: PartnerEventKind, at: Date): Promise<void> {
  const filter = { partnerId, day: utcDay(at), kind };
  try {
    await PartnerCount.updateOne(filter, { $inc: { count: 1 } }, { upsert: true });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    await PartnerCount.updateOne(filter, { $inc: { count: 1 } }, { upsert: true });
  }
}

export async function addPartner(partnerId: string, name: string, at: Date): Promise<'added' | 'exists'> {
  PartnerId.parse(partnerId);
  try {
    await Partner.create({ partnerId, name, createdAt: at });
    return 'added';
  } catch (err) {
    if (isDuplicateKey(err)) return 'exists';
    throw err;
  }
}

export async function removePartner(partnerId: string): Promise<boolean> {
  const r = await Partner.deleteOne({ partnerId });
  return r.deletedCount === 1;
}

export interface PartnerReportRow {
  partnerId: string;
  name: string | null;
  registered: boolean;
  impressions: number;
  clicks: number;
  /** Per day, newest first: only days with events. */
  days: { day: string; impressions: number; clicks: number }[];
}

/** Impressions and clicks per partner over the last `days` UTC days (today included). */
export async function partnerReport(days: number, now: Date): Promise<PartnerReportRow[]> {
  const since = utcDay(new Date(now.getTime() - (days - 1) * 24 * 60 * 60 * 1000));
  const [partners, counts] = await Promise.all([
    Partner.find({}).sort({ partnerId: 1 }).lean(),
    PartnerCount.find({ day: { $gte: since } }).lean(),
  ]);
  const rows = new Map<string, PartnerReportRow>();
  for (const p of partners) rows.set(p.partnerId, { partnerId: p.partnerId, name: p.name, registered: true, impressions: 0, clicks: 0, days: [] });
  for (const c of counts) {
    let row = rows.get(c.partnerId);
    if (!row) rows.set(c.partnerId, (row = { partnerId: c.partnerId, name: null, registered: false, impressions: 0, clicks: 0, days: [] }));
    let day = row.days.find((d) => d.day === c.day);
    if (!day) row.days.push((day = { day: c.day, impressions: 0, clicks: 0 }));
    const field = c.kind === PARTNER_EVENT_KINDS[0] ? 'impressions' : 'clicks';
    day[field] += c.count;
    row[field] += c.count;
  }
  for (const row of rows.values()) row.days.sort((a, b) => b.day.localeCompare(a.day));
  return [...rows.values()].sort((a, b) => a.partnerId.localeCompare(b.partnerId));
}
