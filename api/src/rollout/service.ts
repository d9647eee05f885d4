/**
 * Rollout service: per-visitor remotes, load/failure events with the automatic rollback, and the
 * operator's set / promote / rollback. The configuration lives in MongoDB; each process keeps it for at
 * most `cacheTtlMs` (by deps.clock), so a change made through any instance reaches every instance within seconds.
 */
import type { RemoteEntry } from '@fitconnect/contracts/src/server';
import type { AppDeps } from '../context';
import { conflict, badRequest } from '../http/errors';
import { inCandidate } from './bucket';
import { fetchManifest, singletonMismatches, versionOf } from './manifest';
import { Rollout, RolloutCounter, RolloutNetwork, RolloutVisitor, VISITOR_ROW_TTL_S, type RolloutFields } from './model';
import { DEFAULT_VERSION, defaultEntries, REMOTES, resolveOperatorToken, resolveRolloutOptions, type RolloutOptions } from './options';
import { enoughFailureNetworks, passedThreshold, planPromote, planRollback, planSet, rollbackReason, type AreaRollout, type VersionRef } from './rules';

import { networkOf, networkTag, visitorKey } from './visitor';

type Configs = Map<string, RolloutFields>;

/** Per-app state: options, the configuration cache and the visitor assignments already written. */
export class RolloutRuntime {
  readonly options: RolloutOptions;
  /** Signs visitor ids and hashes client networks (derived from the session secret; visitor.ts). */
  readonly visitorKey: Buffer;
  private cached: { at: number; value: Configs } | null = null;
  private loading: Promise<Configs> | null = null;
  /** Grows with every invalidate(): a read started before one is not kept (it may predate the change). */
  private generation = 0;
  private readonly seen = new Set<string>();
  private token: string | undefined;

  constructor(private readonly deps: AppDeps) {
    this.options = resolveRolloutOptions(deps);
    this.visitorKey = visitorKey(deps.sessionSecret);
  }

  operatorToken(): string {
    this.token ??= this.options.operatorToken ?? resolveOperatorToken(this.deps.config.dataDir, this.options.env);
    return this.token;
  }

  /** The stored configurations (area -> document), at most cacheTtlMs old. */
  async configs(): Promise<Configs> {
    const now = this.deps.clock.now().getTime();
    // A clock that went back (a test's, or a corrected system clock) ends the window too.
    if (this.cached && now >= this.cached.at && now - this.cached.at < this.options.cacheTtlMs) return this.cached.value;
    if (!this.loading) {
      const started = now;
      const generation = this.generation;
      const loading = Rollout.find({})
        .lean<RolloutFields[]>()
        .then((docs) => {
          const value: Configs = new Map(docs.map((d) => [d.area, d]));
          if (generation === this.generation) this.cached = { at: started, value };
          return value;
        })
        .finally(() => {
          if (this.loading === loading) this.loading = null;
        });
      this.loading = loading;
    }
    return this.loading;
  }

  /** After a change made through this process: the next read goes to the database. */
  invalidate(): void {
    this.cached = null;
    this.loading = null;
    this.generation += 1;
  }

  /** Remember which (area, version, visitor) rows this process wrote; false when already written. */
  firstTime(key: string): boolean {
    if (this.seen.has(key)) return false;
    if (this.seen.size >= 200_000) this.seen.clear();
    this.seen.add(key);
    return true;
  }

  forget(key: string): void {
    this.seen.delete(key);
  }

  defaults(): Map<string, { name: string; entry: string }> {
    return defaultEntries(this.options.env);
  }
}

const runtimes = new WeakMap<AppDeps, RolloutRuntime>();
export function rolloutRuntime(deps: AppDeps): RolloutRuntime {
  let r = runtimes.get(deps);
  if (!r) {
    r = new RolloutRuntime(deps);
    runtimes.set(deps, r);
  }
  return r;
}

/** The stable version an unconfigured area serves (the deployment default). */
function defaultStable(rt: RolloutRuntime, area: string): VersionRef {
  const d = rt.defaults().get(area);
  if (!d) throw badRequest(`Unknown area "${area}"`);
  return { entry: d.entry, version: DEFAULT_VERSION };
}

/** Pure: what this visitor loads for every area, and the (area, version) pairs to record as assigned. */
export function remotesForVisitor(
  visitorId: string,
  configs: Map<string, AreaRollout>,
  defaults: Map<string, { name: string; entry: string }>,
): { remotes: RemoteEntry[]; assigned: { area: string; version: string }[] } {
  const remotes: RemoteEntry[] = [];
  const assigned: { area: string; version: string }[] = [];
  for (const r of REMOTES) {
    const d = defaults.get(r.area)!;
    const cfg = configs.get(r.area);
    if (!cfg) {
      remotes.push({ area: r.area, name: r.name, entry: d.entry, version: DEFAULT_VERSION });
      continue;
    }
    const c = cfg.candidate;
    if (c && c.percent > 0 && inCandidate(visitorId, r.area, c.version, c.percent)) {
      remotes.push({ area: r.area, name: r.name, entry: c.entry, version: c.version, fallback: { entry: cfg.stable.entry, version: cfg.stable.version } });
      assigned.push({ area: r.area, version: c.version });
    } else {
      remotes.push({ area: r.area, name: r.name, entry: cfg.stable.entry, version: cfg.stable.version });
      assigned.push({ area: r.area, version: cfg.stable.version });
    }
  }
  return { remotes, assigned };
}

/**
 * GET /api/rollout/remotes: the visitor's remotes; assignments are recorded once per visitor and version.
 * A candidate whose visitor cannot be recorded (its version holds maxVisitorsPerVersion visitors already)
 * is not given: that visitor loads the stable version.
 */
export async function remotesFor(deps: AppDeps, visitorId: string): Promise<RemoteEntry[]> {
  const rt = rolloutRuntime(deps);
  const { remotes, assigned } = remotesForVisitor(visitorId, await rt.configs(), rt.defaults());
  const recorded = await Promise.all(assigned.map((a) => recordVisitor(deps, a.area, a.version, visitorId)));
  const refused = new Set(assigned.filter((_, i) => !recorded[i]).map((a) => pairKey(a.area, a.version)));
  return remotes.map((r) =>
    r.fallback && refused.has(pairKey(r.area, r.version)) ? { area: r.area, name: r.name, entry: r.fallback.entry, version: r.fallback.version } : r,
  );
}

const isDuplicate = (err: unknown) => (err as { code?: number }).code === 11000;

/**
 * Record that this visitor was given (area, version): a visitor row, written once, within the version's
 * cap (RolloutCounter.visitors, a slot taken before the row is written). True when the row exists (now
 * or before); false when the version is full. A database error is logged and does not refuse.
 */
async function recordVisitor(deps: AppDeps, area: string, version: string, visitorId: string): Promise<boolean> {
  const rt = rolloutRuntime(deps);
  const key = `${area}\0${version}\0${visitorId}`;
  if (!rt.firstTime(key)) return true;
  const row = { area, version, visitorId };
  const cap = rt.options.maxVisitorsPerVersion;
  const takeSlot = () =>
    RolloutCounter.updateOne({ area, version, $or: [{ visitors: { $lt: cap } }, { visitors: { $exists: false } }] }, { $inc: { visitors: 1 } });
  try {
    let slot = await takeSlot();
    if (slot.matchedCount === 0) {
      // No counter yet, or the version is full: a visitor recorded before (by another instance) keeps it.
      if (await RolloutVisitor.exists(row)) return true;
      try {
        await RolloutCounter.updateOne({ area, version }, { $setOnInsert: { area, version } }, { upsert: true });
      } catch (err) {
        if (!isDuplicate(err)) throw err;
      }
      slot = await takeSlot();
      if (slot.matchedCount === 0) {
        rt.forget(key);
        return false;
      }
    }
    const written = await RolloutVisitor.updateOne(row, { $setOnInsert: { ...row, firstSeen: deps.clock.now() } }, { upsert: true }).catch((err) => {
      if (isDuplicate(err)) return { upsertedCount: 0 };
      throw err;
    });
    // Already recorded (two tabs, two instances): give the slot back.
    if (written.upsertedCount !== 1) await RolloutCounter.updateOne({ area, version }, { $inc: { visitors: -1 } });
    return true;
  } catch (err) {
    rt.forget(key);
    deps.logger.warn('Could not record a rollout visitor', err);
    return true;
  }
}

export interface RecordedEvent {
  counted: boolean;
  rolledBack: boolean;
}

/**
 * A load attempt reported by the shell from the client address `ip`. Counted when the version is the
 * area's current stable or candidate (anything else is ignored). A candidate's report counts only:
 * - from a visitor the API signed (routes.ts), whose bucket is in the candidate and whom
 *   /api/rollout/remotes gave it (its visitor row exists);
 * - at most once per visitor and outcome per run: so the threshold is a share of visitors, and one client
 *   repeating reports (or reloading a broken page) cannot push a candidate over it, nor hide its failures
 *   behind repeated loads;
 * - within perNetworkLimit visitors per client network (/24, /64) and outcome per run: ids minted from one
 *   network can neither push a candidate over the threshold nor bury real failures under loads.
 * The rollback also needs failures from minFailureNetworks distinct networks. A failure that brings the
 * current candidate to the threshold sets its percentage to 0 with one conditional update: however many
 * failures arrive at once, exactly one rollback is recorded.
 */
export async function recordEvent(
  deps: AppDeps,
  event: { area: string; version: string; outcome: 'loaded' | 'failed'; reason?: string },
  visitorId: string | null,
  ip: string,
): Promise<RecordedEvent> {
  const rt = rolloutRuntime(deps);
  const cfg = (await rt.configs()).get(event.area);
  const stableVersion = cfg?.stable.version ?? DEFAULT_VERSION;
  const cand = cfg?.candidate ?? null;
  const isCandidate = cand !== null && cand.version === event.version && event.version !== stableVersion;
  if (event.version !== stableVersion && !isCandidate) return { counted: false, rolledBack: false };
  if (isCandidate && !(visitorId && cand.percent > 0 && inCandidate(visitorId, event.area, cand.version, cand.percent))) {
    return { counted: false, rolledBack: false };
  }
  const failed = event.outcome === 'failed' ? 1 : 0;
  let newFailureNetwork = 0;
  if (isCandidate) {
    // Claim this visitor's one count of this outcome in this run of the candidate (atomic: simultaneous
    // repeats claim it once).
    const flag = failed ? 'failureCountedFor' : 'loadCountedFor';
    const run = new Date(cand.setAt);
    const claim = await RolloutVisitor.updateOne({ area: event.area, version: event.version, visitorId, [flag]: { $ne: run } }, { $set: { [flag]: run } });
    if (claim.modifiedCount !== 1) return { counted: false, rolledBack: false };
    // Then one of its network's counts of this outcome in this run.
    const counted = await claimNetwork(deps, event.area, event.version, run, ip, failed ? 'failures' : 'loads');
    if (!counted) return { counted: false, rolledBack: false };
    newFailureNetwork = counted.firstFailure ? 1 : 0;
  }
  await RolloutCounter.updateOne(
    { area: event.area, version: event.version },
    { $inc: { loads: 1, failures: failed }, $setOnInsert: { area: event.area, version: event.version } },
    { upsert: true },
  );
  if (!isCandidate) return { counted: true, rolledBack: false };

  const live = { area: event.area, 'candidate.version': event.version, 'candidate.percent': { $gt: 0 } };
  const after = await Rollout.findOneAndUpdate(
    live,
    { $inc: { 'candidate.loads': 1, 'candidate.failures': failed, 'candidate.failureNetworks': newFailureNetwork } },
    { returnDocument: 'after', lean: true },
  );
  if (!failed || !after?.candidate) return { counted: true, rolledBack: false };
  const { loads, failures } = after.candidate;
  if (!passedThreshold(loads, failures, rt.options) || !enoughFailureNetworks(after.candidate.failureNetworks ?? 0, rt.options)) {
    return { counted: true, rolledBack: false };
  }
  const now = deps.clock.now();
  const reason = rollbackReason(failures, loads, event.version);
  const res = await Rollout.updateOne(live, {
    $set: { 'candidate.percent': 0, autoRollback: { at: now, reason, version: event.version }, updatedAt: now },
    $inc: { rev: 1 },
  });
  if (res.modifiedCount !== 1) return { counted: true, rolledBack: false };
  rt.invalidate();
  deps.logger.warn(`Rollout: ${event.area} candidate ${event.version} rolled back automatically: ${reason}${event.reason ? ` (last: ${event.reason})` : ''}`);
  return { counted: true, rolledBack: true };
}

/**
 * Take one of the client network's counts of `field` in this candidate run (at most perNetworkLimit).
 * Null when the network has used them up; `firstFailure` when this is the network's first failure.
 */
async function claimNetwork(
  deps: AppDeps,
  area: string,
  version: string,
  run: Date,
  ip: string,
  field: 'loads' | 'failures',
): Promise<{ firstFailure: boolean } | null> {
  const rt = rolloutRuntime(deps);
  const id = { area, version, run, network: networkTag(rt.visitorKey, networkOf(ip)) };
  try {
    const expiresAt = new Date(deps.clock.now().getTime() + VISITOR_ROW_TTL_S * 1000);
    await RolloutNetwork.updateOne(id, { $setOnInsert: { ...id, expiresAt } }, { upsert: true });
  } catch (err) {
    if (!isDuplicate(err)) throw err;
  }
  const n = await RolloutNetwork.findOneAndUpdate(
    { ...id, [field]: { $lt: rt.options.perNetworkLimit } },
    { $inc: { [field]: 1 } },
    { returnDocument: 'after', lean: true },
  );
  if (!n) return null;
  return { firstFailure: field === 'failures' && n.failures === 1 };
}

/** Store the next configuration, conditional on the revision it was computed from. */
async function save(area: string, current: RolloutFields | null, next: AreaRollout): Promise<RolloutFields> {
  const changed = () => conflict(`The rollout of ${area} changed while this command ran; run it again`);
  const fields = { stable: next.stable, candidate: next.candidate, autoRollback: next.autoRollback, updatedAt: next.updatedAt };
  if (!current) {
    try {
      const created = await Rollout.create({ area, ...fields, rev: 1 });
      return created.toObject();
    } catch (err) {
      if ((err as { code?: number }).code === 11000) throw changed();
      throw err;
    }
  }
  // When the candidate run goes on (same version, same setAt: a new percentage, or a rollback), its counts
  // are left to the $inc of recordEvent: writing back the counts read before the manifest checks (up to
  // 10 s earlier) would drop the reports that arrived meanwhile. rev does not move on those $inc.
  const sameRun =
    current.candidate && next.candidate && current.candidate.version === next.candidate.version && +current.candidate.setAt === +next.candidate.setAt;
  const $set = sameRun
    ? { stable: next.stable, 'candidate.entry': next.candidate!.entry, 'candidate.percent': next.candidate!.percent, autoRollback: next.autoRollback, updatedAt: next.updatedAt }
    : fields;
  const saved = await Rollout.findOneAndUpdate({ area, rev: current.rev }, { $set, $inc: { rev: 1 } }, { returnDocument: 'after', lean: true });
  if (!saved) throw changed();
  return saved;
}

const fresh = (area: string) => Rollout.findOne({ area }).lean<RolloutFields>();

export interface SetResult {
  config: RolloutFields;
  /** Things the operator should know (e.g. the stable manifest could not be compared). */
  warnings: string[];
}

/**
 * `set`: check the candidate manifest (200 JSON with a remoteEntry, the area's container, singletons equal
 * to the stable's when the stable manifest answers), then start it at `percent`. Without a candidate URL
 * only the current candidate's percentage changes.
 */
export async function setCandidate(deps: AppDeps, area: string, input: { candidate?: string; percent: number }): Promise<SetResult> {
  const rt = rolloutRuntime(deps);
  const warnings: string[] = [];
  const current = await fresh(area);
  let candidate: VersionRef | undefined;
  if (input.candidate) {
    const timeout = rt.options.manifestTimeoutMs;
    const info = await fetchManifest(input.candidate, timeout, 'candidate');
    const expected = REMOTES.find((r) => r.area === area)!.name;
    if (info.name && info.name !== expected) {
      throw badRequest(`The manifest ${input.candidate} is the remote ${info.name}, not the ${area} remote (${expected})`);
    }
    const stable = current?.stable ?? defaultStable(rt, area);
    let stableInfo = null;
    try {
      stableInfo = await fetchManifest(stable.entry, timeout, 'stable');
    } catch (err) {
      warnings.push(`The stable manifest could not be read, so shared versions were not compared: ${(err as Error).message}`);
    }
    if (stableInfo) {
      const diffs = singletonMismatches(info, stableInfo);
      if (diffs.length > 0) {
        throw badRequest(
          `The candidate's shared singletons differ from the stable version's: ` +
            diffs.map((d) => `${d.pkg} ${d.candidate} in the candidate, ${d.stable} in stable`).join('; ') +
            '. A candidate must share the same versions (it would change them for the whole page).',
        );
      }
    }
    candidate = { entry: input.candidate, version: versionOf(input.candidate, info) };
  }
  const next = planSet(current, defaultStable(rt, area), area, { candidate, percent: input.percent }, deps.clock.now());
  const config = await save(area, current, next);
  rt.invalidate();
  return { config, warnings };
}

export async function promote(deps: AppDeps, area: string): Promise<RolloutFields> {
  const current = await fresh(area);
  const config = await save(area, current, planPromote(current, area, deps.clock.now()));
  rolloutRuntime(deps).invalidate();
  return config;
}

export async function rollback(deps: AppDeps, area: string): Promise<RolloutFields> {
  const current = await fresh(area);
  const config = await save(area, current, planRollback(current, area, deps.clock.now()));
  rolloutRuntime(deps).invalidate();
  return config;
}

export interface StatusData {
  configs: Map<string, RolloutFields>;
  counters: Map<string, { loads: number; failures: number }>;
  visitors: Map<string, number>;
}

export const pairKey = (area: string, version: string) => `${area}\0${version}`;

/** Everything `status` shows, read fresh from the database. */
export async function statusData(): Promise<StatusData> {
  const docs = await Rollout.find({}).lean<RolloutFields[]>();
  const configs = new Map(docs.map((d) => [d.area, d]));
  const pairs: { area: string; version: string }[] = [];
  for (const d of docs) {
    pairs.push({ area: d.area, version: d.stable.version });
    if (d.candidate) pairs.push({ area: d.area, version: d.candidate.version });
  }
  const counterDocs = await RolloutCounter.find({}).lean();
  const counters = new Map(counterDocs.map((c) => [pairKey(c.area, c.version), { loads: c.loads, failures: c.failures }]));
  const visitors = new Map<string, number>();
  await Promise.all(pairs.map(async (p) => visitors.set(pairKey(p.area, p.version), await RolloutVisitor.countDocuments(p))));
  return { configs, counters, visitors };
}
