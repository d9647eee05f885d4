import { PartnerId } from '@fitconnect/contracts/src/server';
import { Partner, PartnerCount, type PartnerCountKind } from './model';

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
export async function countPartnerEvent(partnerId: string, kind: PartnerCountKind, at: Date): Promise<void> {
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

/** The report's columns, one per counted kind. */
const FIELD_OF: Record<PartnerCountKind, keyof PartnerTotals> = {
  impression: 'impressions',
  search: 'searches',
  click: 'clicks',
  signup: 'signups',
  contact: 'contacts',
};

/** Counts only: no user, no trainer, no address ever appears in a report (issue 33). */
export interface PartnerTotals {
  impressions: number;
  searches: number;
  clicks: number;
  signups: number;
  contacts: number;
}
const zero = (): PartnerTotals => ({ impressions: 0, searches: 0, clicks: 0, signups: 0, contacts: 0 });

export interface PartnerReportRow extends PartnerTotals {
  partnerId: string;
  name: string | null;
  registered: boolean;
  /** Per day, newest first: only days with events. */
  days: ({ day: string } & PartnerTotals)[];
}

const sinceDay = (days: number, now: Date) => utcDay(new Date(now.getTime() - (days - 1) * 24 * 60 * 60 * 1000));

/** Impressions, searches, clicks, sign-ups and contacts per partner over the last `days` UTC days (today included). */
export async function partnerReport(days: number, now: Date): Promise<PartnerReportRow[]> {
  const since = sinceDay(days, now);
  const [partners, counts] = await Promise.all([
    Partner.find({}).sort({ partnerId: 1 }).lean(),
    PartnerCount.find({ day: { $gte: since } }).lean(),
  ]);
  const rows = new Map<string, PartnerReportRow>();
  for (const p of partners) rows.set(p.partnerId, { partnerId: p.partnerId, name: p.name, registered: true, ...zero(), days: [] });
  for (const c of counts) {
    let row = rows.get(c.partnerId);
    if (!row) rows.set(c.partnerId, (row = { partnerId: c.partnerId, name: null, registered: false, ...zero(), days: [] }));
    let day = row.days.find((d) => d.day === c.day);
    if (!day) row.days.push((day = { day: c.day, ...zero() }));
    const field = FIELD_OF[c.kind];
    day[field] += c.count;
    row[field] += c.count;
  }
  for (const row of rows.values()) row.days.sort((a, b) => b.day.localeCompare(a.day));
  return [...rows.values()].sort((a, b) => a.partnerId.localeCompare(b.partnerId));
}

/** One partner's report: every UTC day of the window (newest first, zeros included) and the totals. */
export interface PartnerDailyReport extends PartnerTotals {
  partnerId: string;
  name: string | null;
  registered: boolean;
  from: string;
  to: string;
  days: ({ day: string } & PartnerTotals)[];
}

export async function partnerDailyReport(partnerId: string, days: number, now: Date): Promise<PartnerDailyReport | null> {
  const [partner, counts] = await Promise.all([
    Partner.findOne({ partnerId }).lean(),
    PartnerCount.find({ partnerId, day: { $gte: sinceDay(days, now) } }).lean(),
  ]);
  if (!partner && counts.length === 0) return null;
  const byDay = new Map<string, { day: string } & PartnerTotals>();
  for (let i = 0; i < days; i++) {
    const day = utcDay(new Date(now.getTime() - i * 24 * 60 * 60 * 1000));
    byDay.set(day, { day, ...zero() });
  }
  const totals = zero();
  for (const c of counts) {
    const row = byDay.get(c.day);
    if (!row) continue;
    row[FIELD_OF[c.kind]] += c.count;
    totals[FIELD_OF[c.kind]] += c.count;
  }
  const list = [...byDay.values()];
  return { partnerId, name: partner?.name ?? null, registered: !!partner, from: list[list.length - 1].day, to: list[0].day, ...totals, days: list };
}
