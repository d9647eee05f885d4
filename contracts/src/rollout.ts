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
}

export interface RolloutStatus {
  areas: RolloutAreaStatus[];
  threshold: { failureRate: number; minLoads: number };
}
