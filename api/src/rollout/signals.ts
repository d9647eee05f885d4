/**
 * Health beyond load failures (issue 34 item 2): uncaught errors of an area's code, LCP / INP of the page
 * while it showed the area, and the API 5xx rate of the visitors on each version; candidate and stable
 * are counted over the same window (the candidate's run) so a plan's gate compares the two.
 *
 * The protections of load reports hold for every signal (issue 26):
 * - only visitors the API signed (fc_vid) count, and only for the version the API assigns them now
 *   (candidate when their bucket is in its share and the area is not killed, else stable) and whose
 *   visitor row /api/rollout/remotes wrote;
 * - each visitor once per signal and run (a flag on its visitor row, claimed atomically): rates are shares
 *   of visitors, a client repeating reports moves nothing;
 * - at most perNetworkLimit visitors per client network (/24, /64) per signal, version and run;
 * - a rule fails only when the bad data came from minFailureNetworks client networks;
 * - values are bounded (LCP, INP 0-60 s; contracts VITAL_MAX_MS), reports are rate limited (routes.ts);
 * - the API 5xx numbers are counted by the API itself (apiSignals middleware), never reported by a client.
 */
import type { Context, Middleware, Next } from 'koa';
import { VISITOR_COOKIE } from '@fitconnect/contracts/src/server';
import type { AppDeps } from '../context';
import { inCandidate } from './bucket';
import { RolloutNetwork, RolloutSignal, RolloutVisitor, VISITOR_ROW_TTL_S, type RolloutFields, type RolloutSignalFields } from './model';
import { claimNetwork, rolloutRuntime } from './service';
import { verifyVisitorCookie } from './visitor';
import { bucketOf, p75, type Histogram } from './histogram';

export type SignalName = 'seen' | 'error' | 'lcp' | 'inp' | 'api' | 'api5xx';

const FLAG: Record<SignalName, string> = {
  seen: 'seenCountedFor',
  error: 'errorCountedFor',
  lcp: 'lcpCountedFor',
  inp: 'inpCountedFor',
  api: 'apiCountedFor',
  api5xx: 'api5xxCountedFor',
};

/** Width of a time bucket of the signal documents (the charts' resolution). */
export const SIGNAL_BUCKET_MS = 5 * 60_000;

export { bucketOf, histogramCount, p75, type Histogram } from './histogram';

/** The version the API gives this visitor for the area now (remotesForVisitor's rule, without previews). */
export function assignedVersion(cfg: Pick<RolloutFields, 'stable' | 'candidate' | 'killed' | 'area'>, visitorId: string): string {
  const c = cfg.candidate;
  if (c && c.percent > 0 && !cfg.killed && inCandidate(visitorId, cfg.area, c.version, c.percent)) return c.version;
  return cfg.stable.version;
}

/**
 * Count one visitor in one signal of (area, version) in the current candidate run, adding `inc` to the
 * run's signal document of this time bucket. False when it does not count (see the file's comment).
 */
export async function countSignal(
  deps: AppDeps,
  input: { area: string; version: string; visitorId: string | null; ip: string },
  signal: SignalName,
  inc: Record<string, number>,
): Promise<boolean> {
  const { area, version, visitorId, ip } = input;
  if (!visitorId) return false;
  const rt = rolloutRuntime(deps);
  const cfg = (await rt.configs()).get(area);
  const cand = cfg?.candidate;
  if (!cfg || !cand) return false;
  if (assignedVersion(cfg, visitorId) !== version) return false;
  const run = new Date(cand.setAt);
  const flag = FLAG[signal];
  const claim = await RolloutVisitor.updateOne({ area, version, visitorId, [flag]: { $ne: run } }, { $set: { [flag]: run } });
  if (claim.modifiedCount !== 1) return false;
  if (!(await claimNetwork(deps, area, version, run, ip, signal))) return false;
  const now = deps.clock.now().getTime();
  const key = { area, run, version, at: new Date(now - (now % SIGNAL_BUCKET_MS)) };
  const update = { $inc: inc, $setOnInsert: { ...key, expiresAt: new Date(now + VISITOR_ROW_TTL_S * 1000) } };
  try {
    await RolloutSignal.updateOne(key, update, { upsert: true });
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    await RolloutSignal.updateOne(key, update);
  }
  return true;
}

/** A signal report from the shell (POST /api/rollout/events with `kind`). */
export async function recordSignal(
  deps: AppDeps,
  report: { kind: 'error'; area: string; version: string } | { kind: 'vitals'; area: string; version: string; lcp?: number; inp?: number },
  visitorId: string | null,
  ip: string,
): Promise<{ counted: string[] }> {
  const who = { area: report.area, version: report.version, visitorId, ip };
  const counted: string[] = [];
  if (report.kind === 'error') {
    if (await countSignal(deps, who, 'error', { errorVisitors: 1 })) counted.push('error');
  } else {
    if (report.lcp !== undefined && (await countSignal(deps, who, 'lcp', { [`lcp.b${bucketOf(report.lcp)}`]: 1 }))) counted.push('lcp');
    if (report.inp !== undefined && (await countSignal(deps, who, 'inp', { [`inp.b${bucketOf(report.inp)}`]: 1 }))) counted.push('inp');
  }
  return { counted };
}

/** A visitor's `loaded` report: it is one of the version's visitors in this run (the rates' denominator). */
export const recordSeen = (deps: AppDeps, area: string, version: string, visitorId: string | null, ip: string) =>
  countSignal(deps, { area, version, visitorId, ip }, 'seen', { visitors: 1 });

const NOT_COUNTED = /^\/api\/(rollout|ops)\//;

/**
 * Counts, for every area with a candidate, the API requests of signed visitors and the 5xx answers they
 * got, under the version each visitor is assigned (each visitor once per run: a share of visitors, so one
 * client hammering a failing route weighs one). The rollout and ops calls themselves are not counted.
 * Mounted by the app before the routers; never fails a request (errors are logged).
 */
export function apiSignals(): Middleware {
  // Not async for the answers it does not count: most go to clients without a visitor cookie (scripts, the
  // partner widget, the API's own tests), and those pass through without a promise of their own.
  return (ctx, next) => {
    if (!ctx.path.startsWith('/api/') || NOT_COUNTED.test(ctx.path)) return next();
    const cookie = ctx.cookies.get(VISITOR_COOKIE, { signed: false });
    if (!cookie) return next();
    return countAnswer(ctx, next, cookie);
  };
}

async function countAnswer(ctx: Context, next: Next, cookie: string): Promise<void> {
  let status = 500;
  try {
    await next();
    status = ctx.status;
  } catch (err) {
    const s = (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode;
    status = typeof s === 'number' && s >= 400 && s < 600 ? s : 500;
    await recordApi(ctx.deps, cookie, ctx.ip, status);
    throw err;
  }
  await recordApi(ctx.deps, cookie, ctx.ip, status);
}

async function recordApi(deps: AppDeps, cookie: string, ip: string, status: number): Promise<void> {
  try {
    const rt = rolloutRuntime(deps);
    const configs = await rt.configs();
    const live = [...configs.values()].filter((c) => c.candidate);
    if (live.length === 0) return;
    const visitorId = verifyVisitorCookie(rt.visitorKey, cookie);
    if (!visitorId) return;
    for (const cfg of live) {
      const version = assignedVersion(cfg, visitorId);
      const run = +new Date(cfg.candidate!.setAt);
      const who = { area: cfg.area, version, visitorId, ip };
      for (const [signal, field] of [['api', 'apiVisitors'], ...(status >= 500 ? [['api5xx', 'api5xxVisitors']] : [])] as [SignalName, string][]) {
        // This process remembers what it counted (the database's once-per-run flag is the authority).
        const key = `sig\0${signal}\0${cfg.area}\0${run}\0${visitorId}`;
        if (!rt.firstTime(key)) continue;
        if (!(await countSignal(deps, who, signal, { [field]: 1 }))) rt.forget(key);
      }
    }
  } catch (err) {
    deps.logger.warn('Rollout: could not count an API answer', err);
  }
}

/** One version's signals summed over a run. */
export interface VersionSignals {
  version: string;
  visitors: number;
  errorVisitors: number;
  apiVisitors: number;
  api5xxVisitors: number;
  lcp: Histogram;
  inp: Histogram;
  /** Client networks with at least one counted visitor in each signal. */
  networks: { error: number; api5xx: number; lcp: number; inp: number };
}

export interface SignalTotals {
  candidate: VersionSignals;
  stable: VersionSignals;
}

function addHistogram(into: Histogram, h: Histogram | undefined) {
  for (const [k, n] of Object.entries(h ?? {})) into[k] = (into[k] ?? 0) + n;
}

async function versionSignals(area: string, run: Date, version: string): Promise<VersionSignals> {
  const docs = await RolloutSignal.find({ area, run, version }).lean<RolloutSignalFields[]>();
  const out: VersionSignals = { version, visitors: 0, errorVisitors: 0, apiVisitors: 0, api5xxVisitors: 0, lcp: {}, inp: {}, networks: { error: 0, api5xx: 0, lcp: 0, inp: 0 } };
  for (const d of docs) {
    out.visitors += d.visitors ?? 0;
    out.errorVisitors += d.errorVisitors ?? 0;
    out.apiVisitors += d.apiVisitors ?? 0;
    out.api5xxVisitors += d.api5xxVisitors ?? 0;
    addHistogram(out.lcp, d.lcp);
    addHistogram(out.inp, d.inp);
  }
  const nets = (field: string) => RolloutNetwork.countDocuments({ area, version, run, [field]: { $gt: 0 } });
  const [error, api5xx, lcp, inp] = await Promise.all([nets('error'), nets('api5xx'), nets('lcp'), nets('inp')]);
  out.networks = { error, api5xx, lcp, inp };
  return out;
}

/** Candidate and stable signals over the candidate's current run (null without a candidate). */
export async function signalTotals(doc: Pick<RolloutFields, 'area' | 'stable' | 'candidate'>): Promise<SignalTotals | null> {
  if (!doc.candidate) return null;
  const run = new Date(doc.candidate.setAt);
  const [candidate, stable] = await Promise.all([versionSignals(doc.area, run, doc.candidate.version), versionSignals(doc.area, run, doc.stable.version)]);
  return { candidate, stable };
}

/** The run's signals per time bucket and version (the charts of /ops), oldest first, at most `limit` buckets. */
export async function signalSeries(doc: Pick<RolloutFields, 'area' | 'stable' | 'candidate'>, limit = 288) {
  if (!doc.candidate) return [];
  const run = new Date(doc.candidate.setAt);
  const versions = [doc.stable.version, doc.candidate.version];
  const docs = await RolloutSignal.find({ area: doc.area, run, version: { $in: versions } })
    .sort({ at: -1 })
    .limit(limit * 2)
    .lean<RolloutSignalFields[]>();
  return docs
    .reverse()
    .map((d) => ({
      at: d.at.toISOString(),
      version: d.version,
      role: d.version === doc.candidate!.version ? ('candidate' as const) : ('stable' as const),
      visitors: d.visitors ?? 0,
      errorVisitors: d.errorVisitors ?? 0,
      apiVisitors: d.apiVisitors ?? 0,
      api5xxVisitors: d.api5xxVisitors ?? 0,
      lcpP75: p75(d.lcp ?? {}),
      inpP75: p75(d.inp ?? {}),
    }));
}
