/**
 * The rollout configuration rules, as pure functions from the current area configuration to the next
 * (the service stores the result with a conditional update). A refusal throws an HttpError and changes
 * nothing.
 */
import { badRequest, conflict } from '../http/errors';

export interface VersionRef {
  entry: string;
  version: string;
}

export interface CandidateState extends VersionRef {
  percent: number;
  /** Load attempts (loaded + failed) and failures reported for this candidate since it was set. */
  loads: number;
  failures: number;
  /** Distinct client networks (/24, /64) with a counted failure in this run (issue 26). */
  failureNetworks?: number;
  setAt: Date;
}

export interface AutoRollbackRecord {
  at: Date;
  reason: string;
  version: string;
}

/** One signal's verdict in a plan decision, with the numbers it used (plan.ts). */
export interface SignalResult {
  signal: string;
  verdict: 'pass' | 'fail' | 'insufficient';
  reason: string;
  numbers: Record<string, number>;
}

/** A decision of a scheduled plan (issue 34), as stored and audited. */
export interface PlanDecision {
  at: Date;
  /** advance: to the next step; promote: reached 100 %; hold: not enough data; rollback: the gate failed; end: the plan no longer applies. */
  outcome: 'advance' | 'promote' | 'hold' | 'rollback' | 'end';
  fromPercent: number;
  toPercent: number;
  reason: string;
  signals: SignalResult[];
}

/** A scheduled plan: the candidate advances through `steps` every `everyMs` while its gate holds. */
export interface PlanState {
  /** The candidate version the plan is for. */
  version: string;
  steps: number[];
  everyMs: number;
  /** Index in `steps` of the current share. */
  stepIndex: number;
  /** paused: an operator stopped its decisions (the share stays); `resume` runs it again. */
  state: 'running' | 'paused' | 'done' | 'rolledBack' | 'cancelled';
  /** When the next decision is due (running plans only; not taken while the area is killed). */
  nextDecisionAt: Date | null;
  startedAt: Date;
  startedBy: string;
  /** The candidate run's counts when the current step started: the step's own data is what came since. */
  stepBase: { loads: number; failures: number };
  endedReason: string | null;
  lastDecision: PlanDecision | null;
}

/** The kill switch: every visitor gets the stable version and no plan decides until it is released. */
export interface KillState {
  at: Date;
  by: string;
  reason: string;
}

/** What is stored per area. */
export interface AreaRollout {
  area: string;
  stable: VersionRef;
  candidate: CandidateState | null;
  autoRollback: AutoRollbackRecord | null;
  updatedAt: Date;
  /** Issue 34 (absent on documents written before it: read as null). */
  plan?: PlanState | null;
  killed?: KillState | null;
}

export type AreaRolloutState = Omit<AreaRollout, 'updatedAt'> & { updatedAt?: Date };

export interface SetInput {
  /** A new (or the same) candidate, already checked; absent: only the percentage changes. */
  candidate?: VersionRef;
  percent: number;
}

export function assertPercent(percent: number): void {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw badRequest(`Percent must be from 0 to 100 (got ${percent})`);
}

/**
 * `set`: start (or change) a candidate at a percentage. An area without stored configuration starts from
 * the deployment default as its stable. The same candidate version keeps its counts, unless it was rolled
 * back automatically: setting it again is the operator's decision to retry, with fresh counts.
 */
export function planSet(current: AreaRolloutState | null, defaultStable: VersionRef, area: string, input: SetInput, now: Date): AreaRollout {
  assertPercent(input.percent);
  const base: AreaRolloutState = current ?? { area, stable: defaultStable, candidate: null, autoRollback: null };
  const next = input.candidate ?? (base.candidate ? { entry: base.candidate.entry, version: base.candidate.version } : null);
  if (!next) throw conflict(`${area} has no candidate yet: give one with --candidate <manifest URL>`);
  if (next.version === base.stable.version) {
    throw badRequest(`The candidate's version ${next.version} is already the stable version of ${area}`);
  }
  const same = base.candidate?.version === next.version ? base.candidate : null;
  const retryAfterRollback = same !== null && base.autoRollback?.version === next.version;
  const keepCounts = same !== null && !retryAfterRollback;
  return {
    area,
    stable: base.stable,
    candidate: {
      entry: next.entry,
      version: next.version,
      percent: input.percent,
      loads: keepCounts ? same.loads : 0,
      failures: keepCounts ? same.failures : 0,
      failureNetworks: keepCounts ? (same.failureNetworks ?? 0) : 0,
      setAt: keepCounts ? same.setAt : now,
    },
    autoRollback: keepCounts ? base.autoRollback : null,
    updatedAt: now,
  };
}

/** `promote`: the candidate becomes the stable version; there is no candidate afterwards. */
export function planPromote(current: AreaRolloutState | null, area: string, now: Date): AreaRollout {
  if (!current?.candidate) throw conflict(`${area} has no candidate to promote`);
  return {
    area,
    stable: { entry: current.candidate.entry, version: current.candidate.version },
    candidate: null,
    autoRollback: null,
    updatedAt: now,
  };
}

/** `rollback`: percentage 0; the candidate stays for inspection (and for a later `set` or `promote`). */
export function planRollback(current: AreaRolloutState | null, area: string, now: Date): AreaRollout {
  if (!current?.candidate) throw conflict(`${area} has no candidate to roll back`);
  return { ...current, area, candidate: { ...current.candidate, percent: 0 }, updatedAt: now };
}

export interface FailureThreshold {
  /** Share of load attempts that failed (0-1), e.g. 0.05. */
  failureRate: number;
  /** Attempts needed before the rate counts, e.g. 20. */
  minLoads: number;
  /**
   * Distinct client networks the failures must come from, e.g. 3 (issue 26): a single network, however
   * many visitor ids it holds, cannot roll a healthy candidate back.
   */
  minFailureNetworks: number;
}

/** Has a candidate with these counts passed the failure rate? */
export function passedThreshold(loads: number, failures: number, t: Pick<FailureThreshold, 'failureRate' | 'minLoads'>): boolean {
  return loads >= t.minLoads && loads > 0 && failures / loads >= t.failureRate;
}

/** Did the failures come from enough distinct client networks to be believed? */
export function enoughFailureNetworks(failureNetworks: number, t: Pick<FailureThreshold, 'minFailureNetworks'>): boolean {
  return failureNetworks >= t.minFailureNetworks;
}

export const rollbackReason = (failures: number, loads: number, version: string) => `${failures} of ${loads} loads of ${version} failed`;
