import type { Context } from 'koa';
import { PartnerId } from '@fitconnect/contracts/src/server';
import { PartnerAttribution } from './model';
import { countPartnerEvent, isRegisteredPartner } from './service';

/**
 * Attribution (issue 33): a visitor who follows a link from a partner's finder (GET /api/partners/go) is
 * "touched" by that partner. A sign-up and the user's first message that follow within 30 days count for
 * the partner, first touch wins. Signed-out visitors carry the touch in a signed first-party cookie until
 * they sign up; a signed-in user's touch is stored at once. Only counts per day ever leave FitConnect.
 */
export const ATTRIBUTION_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** `<partnerId>.<touch time in ms>`, signed with the app's keys (a tampered or forged cookie is ignored). */
export const PARTNER_COOKIE = 'fc_partner';

interface Touch {
  partnerId: string;
  touchedAt: Date;
}

/** The visitor's touch from the cookie: only when the API signed it and it is less than 30 days old. */
export function touchFromCookie(ctx: Context, now: Date): Touch | null {
  const raw = ctx.cookies.get(PARTNER_COOKIE, { signed: true });
  const m = raw ? /^([a-z0-9-]+)\.(\d{1,15})$/.exec(raw) : null;
  if (!m || !PartnerId.safeParse(m[1]).success) return null;
  const touchedAt = new Date(Number(m[2]));
  const age = now.getTime() - touchedAt.getTime();
  return age >= 0 && age <= ATTRIBUTION_WINDOW_MS ? { partnerId: m[1], touchedAt } : null;
}

function setTouchCookie(ctx: Context, touch: Touch | null) {
  ctx.cookies.set(PARTNER_COOKIE, touch ? `${touch.partnerId}.${touch.touchedAt.getTime()}` : null, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    maxAge: touch ? ATTRIBUTION_WINDOW_MS : undefined,
    overwrite: true,
  });
}

/**
 * A link from `partnerId`'s finder was followed. Unknown partner ids touch nothing. First touch: a visitor
 * already carrying a live touch, or a user who already has an attribution, keeps it.
 */
export async function recordTouch(ctx: Context, partnerId: string, now: Date): Promise<boolean> {
  if (!(await isRegisteredPartner(partnerId))) return false;
  const userId = (ctx.state.user as { id?: number } | undefined)?.id;
  if (typeof userId === 'number') {
    await PartnerAttribution.updateOne(
      { userId },
      { $setOnInsert: { userId, partnerId, touchedAt: now, signedUpAt: null, contactAt: null } },
      { upsert: true },
    ).catch((err) => {
      if ((err as { code?: number }).code !== 11000) throw err; // a concurrent first touch won: keep it
    });
    return true;
  }
  if (!touchFromCookie(ctx, now)) setTouchCookie(ctx, { partnerId, touchedAt: now });
  return true;
}

/** Sign-up hook (auth/routes.ts): a live touch makes the new account the partner's and counts a sign-up. */
export async function attributeSignup(ctx: Context, userId: number, now: Date): Promise<void> {
  const touch = touchFromCookie(ctx, now);
  if (!touch) return;
  setTouchCookie(ctx, null);
  if (!(await isRegisteredPartner(touch.partnerId))) return;
  const r = await PartnerAttribution.updateOne(
    { userId },
    { $setOnInsert: { userId, partnerId: touch.partnerId, touchedAt: touch.touchedAt, signedUpAt: now, contactAt: null } },
    { upsert: true },
  );
  if (r.upsertedCount === 1) await countPartnerEvent(touch.partnerId, 'signup', now);
}

/**
 * Message hook (messages/service.ts): the first message a user sends within 30 days of their touch counts
 * one contact for the partner. One conditional update (indexed by userId), so it counts once however many
 * messages are sent at the same moment.
 */
export async function attributeFirstMessage(senderId: number, now: Date): Promise<void> {
  // The driver's call: this runs after every message a user sends (almost always matching nothing).
  const attribution = await PartnerAttribution.collection.findOneAndUpdate(
    { userId: senderId, contactAt: null, touchedAt: { $gte: new Date(now.getTime() - ATTRIBUTION_WINDOW_MS) } },
    { $set: { contactAt: now } },
  );
  if (attribution && (await isRegisteredPartner(attribution.partnerId))) await countPartnerEvent(attribution.partnerId, 'contact', now);
}

/** Hooks never make the action they follow fail: a counting error is logged and forgotten. */
export async function quietly(what: string, work: () => Promise<void>, log?: { warn: (msg: string) => void }): Promise<void> {
  try {
    await work();
  } catch (err) {
    (log ?? console).warn(`[partners] ${what} not counted: ${err instanceof Error ? err.message : String(err)}`);
  }
}
