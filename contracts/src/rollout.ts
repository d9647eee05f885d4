import { z } from './zod';

/**
 * Issue 17: staged rollouts per feature (remote). The areas are the deployment's remotes
 * (build-config/remotes.js; a test keeps the two lists equal).
 */
export const ROLLOUT_AREAS = ['workouts', 'trainers', 'messages', 'community', 'challenges'] as const;
export type RolloutAreaName = (typeof ROLLOUT_AREAS)[number];

export const RolloutArea = z.enum(ROLLOUT_AREAS, {
  error: (issue) => `Unknown area "${String(issue.input)}". Areas: ${ROLLOUT_AREAS.join(', ')}`,
});

/** The visitor cookie: 128 random bits, base64url (22 characters). */
export const VISITOR_COOKIE = 'fc_vid';
export const VisitorId = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/));

/** A share of visitors, 0-100 with at most two decimals (buckets are 0.01 % wide). */
export const RolloutPercent = z.coerce
  .number({ message: 'Percent must be a number from 0 to 100' })
  .check(
    z.refine((n) => Number.isFinite(n), 'Percent must be a number from 0 to 100'),
    z.refine((n) => n >= 0 && n <= 100, { error: (i) => `Percent must be from 0 to 100 (got ${String(i.input)})` }),
    z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-9, 'Percent may have at most two decimals'),
  );

export const ManifestUrl = z.string({ message: 'A manifest URL is required' }).check(
  z.trim(),
  z.maxLength(2000, 'The manifest URL is too long'),
  z.refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'The candidate must be an http(s) URL of an mf-manifest.json'),
);

/** The area route parameter of the operator calls. */
export const RolloutAreaParams = z.object({ area: RolloutArea });

/** POST /api/ops/rollout/:area/set. Without `candidate` the current candidate's percentage changes. */
export const RolloutSetBody = z.object({
  candidate: z.optional(ManifestUrl),
  percent: RolloutPercent,
});
export type RolloutSetInput = z.infer<typeof RolloutSetBody>;

export const ROLLOUT_OUTCOMES = ['loaded', 'failed'] as const;

/** POST /api/rollout/events (the shell's beacon; JSON or text/plain carrying JSON). */
export const RolloutEventBody = z.object({
  area: RolloutArea,
  version: z
    .string({ message: 'version is required' })
    .check(z.minLength(1, 'version is required'), z.maxLength(100, 'version must be at most 100 characters')),
  outcome: z.enum(ROLLOUT_OUTCOMES, { message: 'outcome must be "loaded" or "failed"' }),
  reason: z.optional(z.string().check(z.maxLength(300, 'reason must be at most 300 characters'))),
});
export type RolloutEvent = z.infer<typeof RolloutEventBody>;

/** One entry of GET /api/rollout/remotes (what the shell registers for an area). */
export const RemoteEntry = z.object({
  area: z.string(),
  name: z.string(),
  entry: z.string(),
  version: z.string(),
  /** Present only when `entry` is a candidate: the stable version to load when it fails. */
  fallback: z.optional(z.object({ entry: z.string(), version: z.string() })),
});
export type RemoteEntry = z.infer<typeof RemoteEntry>;
export const RemotesResponse = z.object({ remotes: z.array(RemoteEntry) });
export type RemotesResponse = z.infer<typeof RemotesResponse>;

export interface RolloutVersionStats {
  version: string;
  role: 'stable' | 'candidate';
  entry: string | null;
  visitors: number;
  loads: number;
  failures: number;
}

/** One area in GET /api/ops/rollout. */
export interface RolloutAreaStatus {
  area: string;
  name: string;
  /** false: no stored configuration, the deployment default is served. */
  configured: boolean;
  stable: { entry: string; version: string };
  candidate: { entry: string; version: string; percent: number; loads: number; failures: number } | null;
  autoRollback: { at: string; reason: string; version: string } | null;
  updatedAt: string | null;
  versions: RolloutVersionStats[];
  /** Issue 34: the area's scheduled plan (running or the last one), and the kill switch. */
  plan?: RolloutPlanView | null;
  killed?: RolloutKillView | null;
  /** Issue 34 item 2: candidate and stable health signals over the candidate's run (null without a candidate). */
  health?: { candidate: RolloutVersionHealth; stable: RolloutVersionHealth } | null;
}

/** A version's health signals summed over the candidate's run (distinct visitors; vitals p75 in ms). */
export interface RolloutVersionHealth {
  version: string;
  visitors: number;
  errorVisitors: number;
  apiVisitors: number;
  api5xxVisitors: number;
  lcpSamples: number;
  lcpP75: number | null;
  inpSamples: number;
  inpP75: number | null;
}

export interface RolloutStatus {
  areas: RolloutAreaStatus[];
  threshold: { failureRate: number; minLoads: number; minFailureNetworks?: number };
}

// ---- Issue 34: plans, audit log, kill switch, preview links -------------------------------------

/** Why an operator makes a change: required on every manual change (it goes into the audit log). */
export const RolloutReason = z.string({ message: 'A reason is required (--reason "...")' }).check(
  z.trim(),
  z.minLength(1, 'A reason is required (--reason "...")'),
  z.maxLength(500, 'The reason must be at most 500 characters'),
);

const DURATION_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "30m", "1h", "90s", "2d", "1h30m" -> milliseconds; null when it is not such a duration. */
export function parseDuration(raw: string): number | null {
  const s = raw.trim();
  if (!/^(\d{1,6}[smhd])+$/.test(s)) return null;
  let ms = 0;
  for (const [, n, unit] of s.matchAll(/(\d+)([smhd])/g)) ms += Number(n) * DURATION_UNITS[unit];
  return ms;
}

/** "1h30m" style text of a duration in ms (whole seconds). */
export function formatDuration(ms: number): string {
  let s = Math.round(ms / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [['d', 86_400], ['h', 3600], ['m', 60], ['s', 1]] as const) {
    if (s >= size) {
      parts.push(`${Math.floor(s / size)}${unit}`);
      s %= size;
    }
  }
  return parts.join('') || '0s';
}

/** A duration given as text ("30m"), checked to lie in [minMs, maxMs]; parses to milliseconds. */
export function durationBetween(what: string, minMs: number, maxMs: number) {
  return z.pipe(
    z.string({ message: `${what} must be a duration such as 30m, 1h or 1h30m` }).check(
      z.refine((s) => parseDuration(s) !== null, `${what} must be a duration such as 30m, 1h or 1h30m`),
      z.refine((s) => {
        const ms = parseDuration(s) ?? 0;
        return ms >= minMs && ms <= maxMs;
      }, `${what} must be from ${formatDuration(minMs)} to ${formatDuration(maxMs)}`),
    ),
    z.transform((s: string) => parseDuration(s)!),
  );
}

/** A plan's interval between decisions: 1 minute to 7 days. */
export const PlanInterval = durationBetween('The interval (--every)', 60_000, 7 * 86_400_000);
/** A preview link's lifetime: 1 minute to 7 days (default 1h). */
export const PreviewTtl = durationBetween('The lifetime (--ttl)', 60_000, 7 * 86_400_000);

/** A plan's shares: increasing, each above 0, the last 100 % (reaching it promotes), at most 20. */
export const PlanSteps = z.array(RolloutPercent).check(
  z.minLength(1, 'A plan needs at least one step (--steps 5,25,50,100)'),
  z.maxLength(20, 'A plan has at most 20 steps'),
  z.refine((s) => s.every((p) => p > 0), 'Every step must be above 0 %'),
  z.refine((s) => s.every((p, i) => i === 0 || p > s[i - 1]), 'The steps must increase (e.g. 5,25,50,100)'),
  z.refine((s) => s[s.length - 1] === 100, 'The last step must be 100 (reaching it promotes the candidate)'),
);

/** POST /api/ops/rollout/:area/set (issue 34: with a reason). */
export const RolloutSetWithReasonBody = z.object({ candidate: z.optional(ManifestUrl), percent: RolloutPercent, reason: RolloutReason });

/** POST /api/ops/rollout/:area/plan. Without `candidate` the current candidate is planned. */
export const RolloutPlanBody = z.object({
  candidate: z.optional(ManifestUrl),
  steps: PlanSteps,
  every: PlanInterval,
  reason: RolloutReason,
});
export type RolloutPlanInput = z.infer<typeof RolloutPlanBody>;

/** promote / rollback / kill / release / revert: only the reason. */
export const RolloutReasonBody = z.object({ reason: RolloutReason });

/** POST /api/ops/rollout/:area/preview: a version of the area (its /versions/<version>/ manifest) or a manifest URL. */
export const RolloutPreviewBody = z.object({
  version: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'A version is letters, digits, dots, dashes and underscores (as the build prints it)')),
  ),
  candidate: z.optional(ManifestUrl),
  ttl: z.optional(PreviewTtl),
  reason: z.optional(RolloutReason),
});

/** GET /api/ops/rollout/log[?area=&limit=]. */
export const RolloutLogQuery = z.object({
  area: z.optional(RolloutArea),
  limit: z.optional(
    z.coerce
      .number({ message: 'limit must be a whole number from 1 to 500' })
      .check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 500, 'limit must be a whole number from 1 to 500')),
  ),
});

/** POST /api/ops/rollout/log/:entry/revert. */
export const RolloutEntryParams = z.object({
  entry: z.coerce
    .number({ message: 'The entry must be a log entry number' })
    .check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= Number.MAX_SAFE_INTEGER, 'The entry must be a log entry number')),
});

/** The preview link's query parameter and cookie. */
export const PREVIEW_PARAM = 'fc_preview';

/** One signal's verdict in a plan decision, with the numbers it used. */
export interface RolloutSignalResult {
  signal: string;
  verdict: 'pass' | 'fail' | 'insufficient';
  reason: string;
  numbers: Record<string, number>;
}

export interface RolloutDecisionView {
  at: string;
  outcome: 'advance' | 'promote' | 'hold' | 'rollback' | 'end';
  fromPercent: number;
  toPercent: number;
  reason: string;
  signals: RolloutSignalResult[];
}

export interface RolloutPlanView {
  version: string;
  steps: number[];
  everyMs: number;
  stepIndex: number;
  state: 'running' | 'paused' | 'done' | 'rolledBack' | 'cancelled';
  /** While running: when the next decision is due (held while the area is killed). */
  nextDecisionAt: string | null;
  startedAt: string;
  startedBy: string;
  endedReason: string | null;
  lastDecision: RolloutDecisionView | null;
}

export interface RolloutKillView {
  at: string;
  by: string;
  reason: string;
}

/** The state an audit entry records before and after a change (null: the area had no rollout). */
export interface RolloutStateView {
  stable: { entry: string; version: string };
  candidate: { entry: string; version: string; percent: number } | null;
  plan: RolloutPlanView | null;
  killed: RolloutKillView | null;
  autoRollback: { at: string; reason: string; version: string } | null;
}

export interface RolloutAuditEntry {
  id: number;
  at: string;
  area: string;
  action: 'set' | 'plan' | 'advance' | 'hold' | 'promote' | 'rollback' | 'kill' | 'release' | 'revert' | 'preview' | 'pause' | 'resume' | 'operator';
  actor: string;
  automatic: boolean;
  reason: string;
  before: RolloutStateView | null;
  after: RolloutStateView | null;
  decision?: RolloutDecisionView;
  revertOf?: number;
  preview?: { version: string; entry: string; expiresAt: string };
}

// ---- Issue 34 item 2: health beyond load failures ------------------------------------------------

/** Web vitals values are accepted from 0 to 60 s (ms); anything else is refused (400). */
export const VITAL_MAX_MS = 60_000;
const vitalMs = (name: string) =>
  z.number({ message: `${name} must be a number of milliseconds` }).check(
    z.refine((n) => Number.isFinite(n) && n >= 0 && n <= VITAL_MAX_MS, `${name} must be from 0 to ${VITAL_MAX_MS} ms`),
  );
const eventVersion = z
  .string({ message: 'version is required' })
  .check(z.minLength(1, 'version is required'), z.maxLength(100, 'version must be at most 100 characters'));

/**
 * A health signal the shell beacons with the load events (POST /api/rollout/events, `kind` set):
 * an uncaught error of the area's code after it loaded, or the page's LCP / INP while the area was shown.
 */
export const RolloutSignalBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('error'),
    area: RolloutArea,
    version: eventVersion,
    /** Where it was caught: the area outlet's error boundary, window `error`, `unhandledrejection`. */
    source: z.optional(z.enum(['boundary', 'error', 'rejection'])),
    message: z.optional(z.string().check(z.maxLength(300, 'message must be at most 300 characters'))),
  }),
  z.object({ kind: z.literal('vitals'), area: RolloutArea, version: eventVersion, lcp: z.optional(vitalMs('lcp')), inp: z.optional(vitalMs('inp')) }),
]);
export type RolloutSignal = z.infer<typeof RolloutSignalBody>;

/** One point of an area's health over time (GET /api/ops/rollouts): a version's numbers in one time bucket. */
export interface RolloutSeriesPoint {
  at: string;
  version: string;
  role: 'stable' | 'candidate';
  visitors: number;
  errorVisitors: number;
  apiVisitors: number;
  api5xxVisitors: number;
  lcpP75: number | null;
  inpP75: number | null;
}

// ---- Issue 34 item 5: operator accounts and the /ops page ---------------------------------------

/** `npm run rollout -- operator grant|revoke <email>` (bearer token): who may use /ops. */
export const OperatorGrantBody = z.object({
  email: z.string({ message: 'An email is required' }).check(z.trim(), z.toLowerCase(), z.minLength(3, 'An email is required'), z.maxLength(254, 'The email is too long')),
  grant: z.boolean({ message: 'grant must be true or false' }),
});

/** The /ops page's action on an area (session auth, operator role). */
export const OPS_ACTIONS = ['pause', 'resume', 'promote', 'rollback', 'kill', 'release'] as const;
export type OpsAction = (typeof OPS_ACTIONS)[number];
export const OpsActionParams = z.object({ area: RolloutArea, action: z.enum(OPS_ACTIONS, { message: `The action must be one of ${OPS_ACTIONS.join(', ')}` }) });

/** GET /api/ops/rollouts: every area's status, with its health signals over time, for the /ops page. */
export interface OpsRolloutsResponse {
  operator: string;
  status: RolloutStatus;
  series: Record<string, RolloutSeriesPoint[]>;
}
