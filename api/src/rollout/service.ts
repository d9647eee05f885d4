/**
 * Rollout service: per-visitor remotes, load/failure events with the automatic rollback, and the
 * operator's set / promote / rollback. The configuration lives in MongoDB; each process keeps it for at
 * most `cacheTtlMs` (by deps.clock), so a change made through any instance reaches every instance within seconds.
 */
import type { RemoteEntry } from '@fitconnect/contracts/src/server';
import type { AppDeps } from '../context';
import { conflict, badRequest, notFound } from '../http/errors';
import { PREVIEW_PARAM } from '@fitconnect/contracts/src/server';
import { inCandidate } from './bucket';
import { fetchManifest, singletonMismatches, versionOf } from './manifest';
import { Rollout, RolloutCounter, RolloutNetwork, RolloutVisitor, VISITOR_ROW_TTL_S, type RolloutAuditFields, type RolloutFields } from './model';
import { findAudit, recordAudit, SYSTEM_ACTOR, type AuditInput, type RolloutSnapshot } from './audit';
import { newPlan } from './plan';
import { DEFAULT_VERSION, defaultEntries, REMOTES, resolveOperatorToken, resolveRolloutOptions, type RolloutOptions } from './options';
import {
  enoughFailureNetworks,
  passedThreshold,
  planPromote,
  planRollback,
  planSet,
  rollbackReason,
  type AreaRollout,
  type CandidateState,
  type PlanState,
  type VersionRef,
} from './rules';

import { networkOf, networkTag, visitorKey } from './visitor';
import { previewKey, signPreview, versionEntry, type Preview } from './preview';
import { signalTotals, type SignalTotals } from './signals';

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
  private token: string | null | undefined;
  /** Signs preview links (preview.ts; derived from the session secret). */
  readonly previewKey: Buffer;

  constructor(private readonly deps: AppDeps) {
    this.options = resolveRolloutOptions(deps);
    this.visitorKey = visitorKey(deps.sessionSecret);
    this.previewKey = previewKey(deps.sessionSecret);
  }

  /**
   * The unnamed operator token (actor `operator`): the option, else OPERATOR_TOKEN, else, only when no named
   * tokens (OPERATOR_TOKENS) are configured, the one kept in DATA_DIR/operator-token. With named tokens and
   * no OPERATOR_TOKEN there is none: every change is made under a name.
   */
  operatorToken(): string | null {
    if (this.token === undefined) {
      const fromEnv = this.options.env.OPERATOR_TOKEN?.trim();
      const named = this.deps.config.operatorTokens ?? [];
      this.token = this.options.operatorToken ?? (fromEnv || (named.length > 0 ? null : resolveOperatorToken(this.deps.config.dataDir, this.options.env)));
    }
    return this.token;
  }

  /** Every accepted operator token with the name the audit log records for it. */
  operators(): { name: string; token: string }[] {
    const single = this.operatorToken();
    return [...(this.deps.config.operatorTokens ?? []), ...(single ? [{ name: 'operator', token: single }] : [])];
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

/**
 * Pure: what this visitor loads for every area, and the (area, version) pairs to record as assigned.
 * A killed area gives everyone its stable version. A valid preview (preview.ts) gives its holder the
 * previewed version of that area (stable as the fallback), unrecorded: nobody's assignment changes.
 */
export function remotesForVisitor(
  visitorId: string,
  configs: Map<string, AreaRollout>,
  defaults: Map<string, { name: string; entry: string }>,
  preview: Preview | null = null,
): { remotes: RemoteEntry[]; assigned: { area: string; version: string }[] } {
  const remotes: RemoteEntry[] = [];
  const assigned: { area: string; version: string }[] = [];
  for (const r of REMOTES) {
    const d = defaults.get(r.area)!;
    const cfg = configs.get(r.area);
    const stable = cfg ? cfg.stable : { entry: d.entry, version: DEFAULT_VERSION };
    if (preview && preview.area === r.area && !cfg?.killed && preview.version !== stable.version) {
      remotes.push({ area: r.area, name: r.name, entry: preview.entry, version: preview.version, fallback: { entry: stable.entry, version: stable.version } });
      continue;
    }
    if (!cfg) {
      remotes.push({ area: r.area, name: r.name, entry: d.entry, version: DEFAULT_VERSION });
      continue;
    }
    const c = cfg.candidate;
    if (c && c.percent > 0 && !cfg.killed && inCandidate(visitorId, r.area, c.version, c.percent)) {
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
export async function remotesFor(deps: AppDeps, visitorId: string, preview: Preview | null = null): Promise<RemoteEntry[]> {
  const rt = rolloutRuntime(deps);
  const { remotes, assigned } = remotesForVisitor(visitorId, await rt.configs(), rt.defaults(), preview);
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
  // A candidate at 0 % (rolled back, or paused) buckets nobody, yet visitors it was served to before still
  // report on it (a report sent while the rollback happened, a page left open): those count in its totals,
  // not towards the live candidate. The claim below is what proves they were served it: it needs the
  // visitor's assignment row for this version, which only /remotes.json writes, when it serves it.
  if (isCandidate && !(visitorId && (cand.percent === 0 || inCandidate(visitorId, event.area, cand.version, cand.percent)))) {
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
  const before = await Rollout.findOneAndUpdate(
    live,
    { $set: { 'candidate.percent': 0, autoRollback: { at: now, reason, version: event.version }, updatedAt: now }, $inc: { rev: 1 } },
    { returnDocument: 'before', lean: true },
  );
  if (!before) return { counted: true, rolledBack: false };
  // A plan running for this candidate ends with it (a worker that claimed its decision meanwhile finds the
  // revision moved and lets go).
  await Rollout.updateOne(
    { area: event.area, 'plan.state': 'running', 'plan.version': event.version, 'candidate.percent': 0 },
    { $set: { 'plan.state': 'rolledBack', 'plan.nextDecisionAt': null, 'plan.endedReason': `rolled back automatically: ${reason}` } },
  );
  rt.invalidate();
  deps.logger.warn(`Rollout: ${event.area} candidate ${event.version} rolled back automatically: ${reason}${event.reason ? ` (last: ${event.reason})` : ''}`);
  await recordAudit(deps, { area: event.area, action: 'rollback', actor: SYSTEM_ACTOR, reason: `automatic: ${reason}`, before, after: await fresh(event.area) }).catch(() => undefined);
  return { counted: true, rolledBack: true };
}

/**
 * Take one of the client network's counts of `field` in this candidate run (at most perNetworkLimit).
 * Null when the network has used them up; `firstFailure` when this is the network's first failure.
 */
export async function claimNetwork(
  deps: AppDeps,
  area: string,
  version: string,
  run: Date,
  ip: string,
  field: 'loads' | 'failures' | 'seen' | 'error' | 'lcp' | 'inp' | 'api' | 'api5xx',
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
    { ...id, $or: [{ [field]: { $lt: rt.options.perNetworkLimit } }, { [field]: { $exists: false } }] },
    { $inc: { [field]: 1 } },
    { returnDocument: 'after', lean: true },
  );
  if (!n) return null;
  return { firstFailure: field === 'failures' && n.failures === 1 };
}

/** Store the next configuration, conditional on the revision it was computed from. */
async function save(area: string, current: RolloutFields | null, next: AreaRollout): Promise<RolloutFields> {
  const changed = () => conflict(`The rollout of ${area} changed while this command ran; run it again`);
  const fields = {
    stable: next.stable,
    candidate: next.candidate,
    autoRollback: next.autoRollback,
    plan: next.plan ?? null,
    killed: next.killed ?? null,
    updatedAt: next.updatedAt,
  };
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
    ? {
        stable: next.stable,
        'candidate.entry': next.candidate!.entry,
        'candidate.percent': next.candidate!.percent,
        autoRollback: next.autoRollback,
        plan: fields.plan,
        killed: fields.killed,
        updatedAt: next.updatedAt,
      }
    : fields;
  const saved = await Rollout.findOneAndUpdate({ area, rev: current.rev }, { $set, $inc: { rev: 1 } }, { returnDocument: 'after', lean: true });
  if (!saved) throw changed();
  return saved;
}

const fresh = (area: string) => Rollout.findOne({ area }).lean<RolloutFields>();

/** Who makes a manual change and why (both go into the audit log). */
export interface ChangeBy {
  actor: string;
  reason: string;
}

/**
 * One audited change of an area: read it, compute the next state (a refusal throws and changes nothing),
 * store it conditionally on the revision read, drop this instance's cached copy, then record the entry.
 * `null` from compute removes the area's configuration (a revert to before its first change).
 */
async function change(
  deps: AppDeps,
  area: string,
  action: RolloutAuditFields['action'],
  by: ChangeBy,
  compute: (current: RolloutFields | null, now: Date) => AreaRollout | null,
  extra: Pick<AuditInput, 'revertOf'> = {},
): Promise<RolloutFields | null> {
  const current = await fresh(area);
  const now = deps.clock.now();
  const next = compute(current, now);
  let saved: RolloutFields | null = null;
  if (next) {
    // Fields a compute function leaves out stay as they are.
    saved = await save(area, current, { ...next, plan: next.plan !== undefined ? next.plan : (current?.plan ?? null), killed: next.killed !== undefined ? next.killed : (current?.killed ?? null) });
  } else if (current) {
    const res = await Rollout.deleteOne({ area, rev: current.rev });
    if (res.deletedCount !== 1) throw conflict(`The rollout of ${area} changed while this command ran; run it again`);
  }
  rolloutRuntime(deps).invalidate();
  await recordAudit(deps, { area, action, actor: by.actor, reason: by.reason, before: current, after: saved, ...extra });
  return saved;
}

/** A killed area takes no set, plan or promote until it is released (a rollback is still allowed). */
function assertNotKilled(current: AreaRollout | null, area: string, what: string): void {
  if (current?.killed) {
    throw conflict(`${area} is killed (since ${current.killed.at.toISOString()}, by ${current.killed.by}: ${current.killed.reason}); release it before ${what}`);
  }
}

/** A manual change other than plan / kill / release ends a running plan (the operator has taken over). */
function endRunningPlan(plan: PlanState | null | undefined, why: string): PlanState | null {
  if (!plan) return null;
  if (plan.state !== 'running' && plan.state !== 'paused') return plan;
  return { ...plan, state: 'cancelled', nextDecisionAt: null, endedReason: why };
}

export interface SetResult {
  config: RolloutFields;
  /** Things the operator should know (e.g. the stable manifest could not be compared). */
  warnings: string[];
}

/**
 * Check a candidate manifest for `area`: 200 JSON with a remoteEntry, the area's container, singletons
 * equal to the stable's when the stable manifest answers (else a warning). Returns its version.
 */
async function checkedCandidate(rt: RolloutRuntime, area: string, url: string, stable: VersionRef, warnings: string[]): Promise<VersionRef> {
  const timeout = rt.options.manifestTimeoutMs;
  const info = await fetchManifest(url, timeout, 'candidate');
  const expected = REMOTES.find((r) => r.area === area)!.name;
  if (info.name && info.name !== expected) {
    throw badRequest(`The manifest ${url} is the remote ${info.name}, not the ${area} remote (${expected})`);
  }
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
  return { entry: url, version: versionOf(url, info) };
}

/**
 * `set`: check the candidate manifest, then start it at `percent`. Without a candidate URL only the
 * current candidate's percentage changes. Ends a running plan.
 */
export async function setCandidate(deps: AppDeps, area: string, input: { candidate?: string; percent: number }, by: ChangeBy): Promise<SetResult> {
  const rt = rolloutRuntime(deps);
  const warnings: string[] = [];
  const before = await fresh(area);
  assertNotKilled(before, area, 'setting a candidate');
  const candidate = input.candidate ? await checkedCandidate(rt, area, input.candidate, before?.stable ?? defaultStable(rt, area), warnings) : undefined;
  const config = await change(deps, area, 'set', by, (current, now) => {
    assertNotKilled(current, area, 'setting a candidate');
    const next = planSet(current, defaultStable(rt, area), area, { candidate, percent: input.percent }, now);
    return { ...next, plan: endRunningPlan(current?.plan, `${by.actor} set ${area} to ${input.percent} % by hand: ${by.reason}`) };
  });
  return { config: config!, warnings };
}

/**
 * `plan`: start the candidate (given, else the current one) at steps[0]; the worker advances it every
 * `everyMs` while its gate holds, holds it while data is insufficient, rolls it back when the gate fails,
 * and promotes it on reaching 100 %. Replaces a running plan.
 */
export async function planCandidate(deps: AppDeps, area: string, input: { candidate?: string; steps: number[]; every: number }, by: ChangeBy): Promise<SetResult> {
  const rt = rolloutRuntime(deps);
  const warnings: string[] = [];
  const before = await fresh(area);
  assertNotKilled(before, area, 'planning');
  const candidate = input.candidate ? await checkedCandidate(rt, area, input.candidate, before?.stable ?? defaultStable(rt, area), warnings) : undefined;
  const config = await change(deps, area, 'plan', by, (current, now) => {
    assertNotKilled(current, area, 'planning');
    const next = planSet(current, defaultStable(rt, area), area, { candidate, percent: input.steps[0] }, now);
    return { ...next, plan: newPlan(next.candidate!, input.steps, input.every, by.actor, now) };
  });
  return { config: config!, warnings };
}

export async function promote(deps: AppDeps, area: string, by: ChangeBy): Promise<RolloutFields> {
  return (await change(deps, area, 'promote', by, (current, now) => {
    assertNotKilled(current, area, 'promoting');
    return { ...planPromote(current, area, now), plan: endRunningPlan(current?.plan, `promoted by ${by.actor}: ${by.reason}`) };
  }))!;
}

export async function rollback(deps: AppDeps, area: string, by: ChangeBy): Promise<RolloutFields> {
  return (await change(deps, area, 'rollback', by, (current, now) => ({
    ...planRollback(current, area, now),
    plan: endRunningPlan(current?.plan, `rolled back by ${by.actor}: ${by.reason}`),
  })))!;
}

/** `kill`: every visitor gets the stable version at once; no plan decides until `release`. */
export async function kill(deps: AppDeps, area: string, by: ChangeBy): Promise<RolloutFields> {
  const rt = rolloutRuntime(deps);
  return (await change(deps, area, 'kill', by, (current, now) => {
    if (current?.killed) throw conflict(`${area} is already killed (since ${current.killed.at.toISOString()}, by ${current.killed.by})`);
    const base: AreaRollout = current ?? { area, stable: defaultStable(rt, area), candidate: null, autoRollback: null, updatedAt: now };
    return { ...base, area, killed: { at: now, by: by.actor, reason: by.reason }, updatedAt: now };
  }))!;
}

/** `release`: undo the kill; a running plan's next decision comes a whole interval later. */
export async function release(deps: AppDeps, area: string, by: ChangeBy): Promise<RolloutFields> {
  return (await change(deps, area, 'release', by, (current, now) => {
    if (!current?.killed) throw conflict(`${area} is not killed`);
    let plan = current.plan ?? null;
    if (plan?.state === 'running') {
      // What came in while killed says nothing about the step: it starts afresh.
      const counts = { loads: current.candidate?.loads ?? 0, failures: current.candidate?.failures ?? 0 };
      plan = { ...plan, nextDecisionAt: new Date(now.getTime() + plan.everyMs), stepBase: counts };
    }
    return { ...current, plan, killed: null, updatedAt: now };
  }))!;
}

/** `pause`: a running plan takes no decision (its share stays) until `resume`. */
export async function pausePlan(deps: AppDeps, area: string, by: ChangeBy): Promise<RolloutFields> {
  return (await change(deps, area, 'pause', by, (current, now) => {
    if (current?.plan?.state !== 'running') throw conflict(`${area} has no running plan to pause`);
    return { ...current, plan: { ...current.plan, state: 'paused', nextDecisionAt: null }, updatedAt: now };
  }))!;
}

/** `resume`: a paused plan runs again; its next decision comes a whole interval later, with fresh step counts. */
export async function resumePlan(deps: AppDeps, area: string, by: ChangeBy): Promise<RolloutFields> {
  return (await change(deps, area, 'resume', by, (current, now) => {
    if (current?.plan?.state !== 'paused') throw conflict(`${area} has no paused plan to resume`);
    if (!current.candidate || current.candidate.version !== current.plan.version) throw conflict(`${area}'s candidate is no longer ${current.plan.version}`);
    const stepBase = { loads: current.candidate.loads, failures: current.candidate.failures };
    return { ...current, plan: { ...current.plan, state: 'running', nextDecisionAt: new Date(now.getTime() + current.plan.everyMs), stepBase }, updatedAt: now };
  }))!;
}

/**
 * `revert <entry>`: restore the area's state before that entry (stable, candidate and its share, plan,
 * kill switch, last automatic rollback). A restored candidate keeps its counts when its run is still the
 * current one, else starts a fresh run; a restored running plan decides a whole interval from now.
 */
export async function revert(deps: AppDeps, entryId: number, by: ChangeBy): Promise<{ area: string; config: RolloutFields | null }> {
  const entry = await findAudit(entryId);
  if (!entry) throw notFound(`No rollout log entry #${entryId}`);
  if (entry.action === 'preview') throw conflict(`Entry #${entryId} made a preview link, which changed nothing to revert`);
  const target = entry.before as RolloutSnapshot | null;
  const config = await change(
    deps,
    entry.area,
    'revert',
    by,
    (current, now) => {
      if (!target) return null;
      let candidate: CandidateState | null = null;
      if (target.candidate) {
        const c = target.candidate;
        const sameRun = current?.candidate && current.candidate.version === c.version && +current.candidate.setAt === +new Date(c.setAt);
        candidate = sameRun
          ? { ...current!.candidate!, entry: c.entry, percent: c.percent }
          : { entry: c.entry, version: c.version, percent: c.percent, loads: 0, failures: 0, failureNetworks: 0, setAt: now };
      }
      let plan = target.plan ?? null;
      if (plan?.state === 'running') {
        plan =
          candidate?.version === plan.version
            ? { ...plan, nextDecisionAt: new Date(now.getTime() + plan.everyMs), stepBase: { loads: candidate.loads, failures: candidate.failures } }
            : { ...plan, state: 'cancelled', nextDecisionAt: null, endedReason: `its candidate is not restored by the revert of #${entryId}` };
      }
      return { area: entry.area, stable: target.stable, candidate, autoRollback: target.autoRollback ?? null, plan, killed: target.killed ?? null, updatedAt: now };
    },
    { revertOf: entryId },
  );
  return { area: entry.area, config };
}

/** `preview`: a signed, expiring link that shows `version` of `area` to whoever opens it (preview.ts). */
export async function createPreview(
  deps: AppDeps,
  area: string,
  input: { version?: string; candidate?: string; ttl?: number; reason?: string },
  actor: string,
): Promise<{ token: string; link: string; preview: Preview; warnings: string[] }> {
  const rt = rolloutRuntime(deps);
  if (!input.version === !input.candidate) throw badRequest('Give the version to preview (or its manifest URL as candidate), not both');
  const current = await fresh(area);
  const stable = current?.stable ?? defaultStable(rt, area);
  const warnings: string[] = [];
  const url = input.candidate ?? versionEntry(stable.entry, input.version!);
  const checked = await checkedCandidate(rt, area, url, stable, warnings);
  const version = input.version ?? checked.version;
  if (version === stable.version) throw badRequest(`${version} is already the stable version of ${area}`);
  const expiresAt = new Date(deps.clock.now().getTime() + (input.ttl ?? DEFAULT_PREVIEW_TTL_MS));
  const preview: Preview = { area, version, entry: checked.entry, expiresAt };
  const token = signPreview(rt.previewKey, preview);
  await recordAudit(deps, {
    area,
    action: 'preview',
    actor,
    reason: input.reason ?? `preview link for ${version}`,
    before: current,
    after: current,
    preview: { version, entry: checked.entry, expiresAt },
  });
  return { token, link: `${deps.config.publicUrl}/?${PREVIEW_PARAM}=${token}`, preview, warnings };
}

export const DEFAULT_PREVIEW_TTL_MS = 3_600_000;

export interface StatusData {
  configs: Map<string, RolloutFields>;
  counters: Map<string, { loads: number; failures: number }>;
  visitors: Map<string, number>;
  /** Issue 34 item 2: candidate and stable signals of each area with a candidate. */
  health: Map<string, SignalTotals>;
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
  // Only the versions shown (each through the (area, version) index), not every version ever reported:
  // an area without a rollout shows its default's counts.
  const shown = [...pairs, ...REMOTES.filter((r) => !configs.has(r.area)).map((r) => ({ area: r.area, version: DEFAULT_VERSION }))];
  const counterDocs = await Promise.all(shown.map((p) => RolloutCounter.findOne(p).lean()));
  const counters = new Map(counterDocs.filter((c) => c !== null).map((c) => [pairKey(c.area, c.version), { loads: c.loads, failures: c.failures }]));
  const visitors = new Map<string, number>();
  await Promise.all(pairs.map(async (p) => visitors.set(pairKey(p.area, p.version), await RolloutVisitor.countDocuments(p))));
  const health = new Map<string, SignalTotals>();
  await Promise.all(
    docs.map(async (d) => {
      const t = await signalTotals(d);
      if (t) health.set(d.area, t);
    }),
  );
  return { configs, counters, visitors, health };
}
