import type { AppDeps } from '../context';
import { resolveVapidKeys } from '../config';

/** Knobs of the notifications module (tests and operators); everything has a default. */
export interface NotificationOptions {
  /** Worker tick (ms). Default 15 s. */
  tickMs?: number;
  /** How long a claim holds before another worker may take the row over (ms). Default 2 min. */
  leaseMs?: number;
  /** Tries before a row is marked failed. Default 8. */
  maxAttempts?: number;
  /** First retry delay (doubles each time, at most an hour). Default 1 min. */
  backoffMs?: number;
  /** Accept http:// push endpoints (tests with a local fake push service). Default: https only. */
  allowHttpPush?: boolean;
  /** Push request timeout (ms). Default 10 s. */
  pushTimeoutMs?: number;
}

declare module '../context' {
  interface AppDeps {
    notifications?: NotificationOptions;
  }
}

export interface NotificationRuntime {
  options: Required<NotificationOptions>;
  vapid: { publicKey: string; privateKey: string; subject: string };
}

const runtimes = new WeakMap<AppDeps, NotificationRuntime>();

/** MAIL_FROM's address as a mailto: (push services want a contact), unless VAPID_SUBJECT is set. */
function subjectOf(deps: AppDeps): string {
  if (deps.config.vapidSubject) return deps.config.vapidSubject;
  const addr = /<([^>]+)>/.exec(deps.config.mailFrom)?.[1] ?? deps.config.mailFrom;
  return /^[^\s@]+@[^\s@]+$/.test(addr.trim()) ? `mailto:${addr.trim()}` : 'mailto:no-reply@fitconnect.local';
}

/**
 * Test-only knobs from the environment, for browser tests that run the real API process (NODE_ENV=test only,
 * so a production setting cannot weaken anything): NOTIFICATIONS_TICK_MS, NOTIFICATIONS_UNREAD_DELAY_MS and
 * NOTIFICATIONS_ALLOW_HTTP_PUSH=1 (a local fake push service).
 */
export function testEnvOptions(env: NodeJS.ProcessEnv = process.env): NotificationOptions & { unreadDelayMs?: number } {
  if (env.NODE_ENV !== 'test') return {};
  const num = (v: string | undefined) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : undefined);
  return {
    ...(num(env.NOTIFICATIONS_TICK_MS) !== undefined ? { tickMs: Math.max(50, num(env.NOTIFICATIONS_TICK_MS)!) } : {}),
    ...(num(env.NOTIFICATIONS_UNREAD_DELAY_MS) !== undefined ? { unreadDelayMs: num(env.NOTIFICATIONS_UNREAD_DELAY_MS) } : {}),
    ...(env.NOTIFICATIONS_ALLOW_HTTP_PUSH === '1' ? { allowHttpPush: true } : {}),
  };
}

/** This app's options and VAPID keys (keys read or created on first use). */
export function notificationRuntime(deps: AppDeps): NotificationRuntime {
  let rt = runtimes.get(deps);
  if (!rt) {
    const o = deps.notifications ?? testEnvOptions();
    rt = {
      options: {
        tickMs: o.tickMs ?? 15_000,
        leaseMs: o.leaseMs ?? 2 * 60_000,
        maxAttempts: o.maxAttempts ?? 8,
        backoffMs: o.backoffMs ?? 60_000,
        allowHttpPush: o.allowHttpPush ?? false,
        pushTimeoutMs: o.pushTimeoutMs ?? 10_000,
      },
      vapid: { ...resolveVapidKeys(deps.config), subject: subjectOf(deps) },
    };
    runtimes.set(deps, rt);
  }
  return rt;
}
