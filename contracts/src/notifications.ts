import { z } from './zod';

// Notifications (issue 30): preferences, Web Push subscriptions, one-click unsubscribe, and the push payload
// the shell's service worker shows. The settings page and the service worker rely on these names.

/** One kind's channels. */
export const ChannelPreferences = z.strictObject({
  email: z.boolean({ message: 'email must be true or false' }),
  push: z.boolean({ message: 'push must be true or false' }),
});

/** GET/PUT /api/notifications/preferences. Security notices are not here: they always go out. */
export const NotificationPreferences = z.strictObject({
  messages: ChannelPreferences,
  sessions: ChannelPreferences,
});
export type NotificationPreferences = z.output<typeof NotificationPreferences>;

/** Email on, push off until the browser grants it (issue 30). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  messages: { email: true, push: false },
  sessions: { email: true, push: false },
};

/** The kinds a user may switch (and unsubscribe from). */
export const NOTIFICATION_KINDS = ['messages', 'sessions'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const base64url = (name: string, max: number) =>
  z.string({ message: `${name} is required` }).check(z.minLength(1, `${name} is required`), z.maxLength(max, `${name} is too long`), z.regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be base64url`));

/** A push endpoint: an absolute http(s) URL (the API further requires https outside tests). */
export const PushEndpoint = z
  .url({ protocol: /^https?$/, message: 'endpoint must be an http(s) URL' })
  .check(z.maxLength(2048, 'endpoint is too long'));

/** POST /api/notifications/push/subscriptions: PushSubscription.toJSON() (expirationTime is ignored). */
export const PushSubscriptionBody = z.object({
  endpoint: PushEndpoint,
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: base64url('keys.p256dh', 200), auth: base64url('keys.auth', 100) }),
});
export type PushSubscriptionBody = z.input<typeof PushSubscriptionBody>;

/** DELETE /api/notifications/push/subscriptions. */
export const PushUnsubscribeBody = z.object({ endpoint: PushEndpoint });

/** GET /api/notifications/push/key. */
export const PushKeyResponse = z.object({ publicKey: z.string() });

/** GET|POST /api/notifications/unsubscribe?token=... */
export const UnsubscribeQuery = z.object({
  token: z.string({ message: 'token is required' }).check(z.minLength(1, 'token is required'), z.maxLength(300, 'token is too long')),
});

/** What a push carries (the service worker shows title/body and opens `url`, a same-origin path). */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().check(z.regex(/^\/(?!\/)/, 'url must be a same-origin path')),
  tag: z.optional(z.string()),
});
export type PushPayload = z.output<typeof PushPayload>;
