import type { AppDeps } from '../context';
import { resolveVapidKeys } from '../config';
import { systemResolve, type EndpointPolicy, type Resolve } from './endpoint';

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
  /**
   * Accept push endpoints over http and at loopback / private / link-local addresses (tests and development
   * with a local push service; endpoint.ts). Default: config.pushAllowPrivateEndpoints
   * (PUSH_ALLOW_PRIVATE_ENDPOINTS=1), else off: https only, public addresses only.
   */
  allowPrivateEndpoints?: boolean;
  /** How push endpoints' host names are resolved (tests give a table). Default: the system resolver. */
  resolve?: Resolve;
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
 * so a production setting cannot weaken anything): NOTIFICATIONS_TICK_MS and NOTIFICATIONS_UNREAD_DELAY_MS.
 * A local push service is allowed by PUSH_ALLOW_PRIVATE_ENDPOINTS=1 (config.ts; refused in production).
 */
export function testEnvOptions(env: NodeJS.ProcessEnv = process.env): NotificationOptions & { unreadDelayMs?: number } {
  if (env.NODE_ENV !== 'test') return {};
  const num = (v: string | undefined) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : undefined);
  return {
    ...(num(env.NOTIFICATIONS_TICK_MS) !== undefined ? { tickMs: Math.max(50, num(env.NOTIFICATIONS_TICK_MS)!) } : {}),
    ...(num(env.NOTIFICATIONS_UNREAD_DELAY_MS) !== undefined ? { unreadDelayMs: num(env.NOTIFICATIONS_UNREAD_DELAY_MS) } : {}),
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
        allowPrivateEndpoints: o.allowPrivateEndpoints ?? deps.config.pushAllowPrivateEndpoints ?? false,
        resolve: o.resolve ?? systemResolve,
        pushTimeoutMs: o.pushTimeoutMs ?? 10_000,
      },
      vapid: { ...resolveVapidKeys(deps.config), subject: subjectOf(deps) },
    };
    runtimes.set(deps, rt);
    if (rt.options.allowPrivateEndpoints) {
      deps.logger.warn('Notifications: push endpoints over http and at private/loopback addresses are accepted (PUSH_ALLOW_PRIVATE_ENDPOINTS; tests and development only)');
    }
  }
  return rt;
}

/** Which push endpoints this app posts to (endpoint.ts). */
export function endpointPolicy(deps: AppDeps): EndpointPolicy {
  const { allowPrivateEndpoints, resolve } = notificationRuntime(deps).options;
  return { allowPrivate: allowPrivateEndpoints, resolve };
}
