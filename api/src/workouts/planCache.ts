/**
 * The workout plans GET /api/workouts/:id reads, through a short-lived cache (issue 9: a signed-in read
 * without a database round trip while the plan is fresh). The rules are the read cache's (http/readCache.ts):
 *   - A stored workout never changes; it can only be deleted (by its owner, or dropped as the sixth-newest
 *     when a new one is generated). This instance drops what it deletes at once, so the owner and everyone
 *     else here get 404 straight after; another instance may show a deleted plan for at most the TTL
 *     (default 1000 ms, the same promise as a sign-out), never longer.
 *   - A plan not found is not cached: a new workout shows at once.
 *   - Each cached plan is presented and serialized once per view (the owner's, everyone else's).
 * One cache per app (keyed by its deps), like the auth cache.
 */
import type { AppDeps } from '../context';
import { createReadCache, type ReadCache } from '../http/readCache';
import { Workout } from './model';
import { PLAN_FIELDS, presentWorkoutPlan, type PlanSource } from './presenter';

declare module '../context' {
  interface AppDeps {
    /** How long a workout plan read from the database is trusted (ms; default 1000; 0 turns the cache off). */
    planCacheTtlMs?: number;
  }
}

export const DEFAULT_PLAN_CACHE_TTL_MS = 1000;

const caches = new WeakMap<AppDeps, ReadCache<number, PlanSource>>();

function cacheOf(deps: AppDeps): ReadCache<number, PlanSource> {
  let cache = caches.get(deps);
  if (!cache) {
    cache = createReadCache(deps.planCacheTtlMs ?? DEFAULT_PLAN_CACHE_TTL_MS);
    caches.set(deps, cache);
  }
  return cache;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The plan with this id (only the fields the view shows), or null. Shared between requests: read-only. */
export function readPlan(deps: AppDeps, id: number): Promise<PlanSource | null> {
  return cacheOf(deps).get(id, async () => {
    // One indexed read (unique id), lean, only the fields the view shows.
    const plan = await Workout.findOne({ id }, PLAN_FIELDS).lean<PlanSource>();
    return plan && deepFreeze(plan);
  });
}

/** The JSON bodies made from each cached plan, per view: a plan read from the cache is presented once per view. */
const bodies = new WeakMap<PlanSource, { owner?: string; others?: string }>();

/**
 * The body of GET /api/workouts/:id for this viewer, as JSON text, or null when there is no such plan. The
 * owner's view and everyone else's are kept apart (only the owner's has the description and tips), and
 * they live as long as the cached plan they were made from.
 */
export function readPlanBody(deps: AppDeps, id: number, viewerId: number | undefined): string | Promise<string | null> {
  // A fresh plan is answered without a promise (the hot path); otherwise one read through the cache.
  const fresh = cacheOf(deps).peek(id);
  if (fresh) return bodyOf(fresh, viewerId);
  return readPlan(deps, id).then((plan) => plan && bodyOf(plan, viewerId));
}

function bodyOf(plan: PlanSource, viewerId: number | undefined): string {
  const forOwner = viewerId === plan.userId;
  let made = bodies.get(plan);
  if (!made) bodies.set(plan, (made = {}));
  return (made[forOwner ? 'owner' : 'others'] ??= JSON.stringify(presentWorkoutPlan(plan, { forOwner })));
}

/** This instance deleted the workout: nobody here is shown it again. */
export const forgetPlan = (deps: AppDeps, id: number) => cacheOf(deps).drop(id);

/** This instance deleted workouts of this user (the saved list was trimmed). */
export const forgetPlansOf = (deps: AppDeps, userId: number) => cacheOf(deps).dropWhere((p) => p.userId === userId);
