/**
 * Scheduled plans (issue 34), as pure functions: a plan's health gate and the decision taken when its
 * interval is over. The worker (worker.ts) claims the due decision, calls `decide` and stores the result.
 *
 * A gate is a list of rules, one per health signal. Each rule answers pass, fail or insufficient (not
 * enough data to say) and states the numbers it used; the gate fails when any rule fails, holds when any
 * has too little data, and passes otherwise. The signals: load failures (the thresholds of the automatic
 * rollback, over the step), and, candidate against stable over the run (signals.ts), uncaught errors,
 * API 5xx answers, LCP and INP.
 */
import type { CandidateState, FailureThreshold, PlanDecision, PlanState, SignalResult, VersionRef } from './rules';
import { histogramCount, p75 } from './histogram';
import type { SignalTotals, VersionSignals } from './signals';

/** The settings of the item-2 rules (RolloutOptions). */
export interface SignalThresholds {
  minSignalVisitors: number;
  errorRatio: number;
  vitalsRatio: number;
  minFailureNetworks: number;
}

export interface GateInput {
  candidate: CandidateState;
  /** The run's counts when the current step started. */
  stepBase: { loads: number; failures: number };
  threshold: FailureThreshold & Partial<SignalThresholds>;
  /** Candidate and stable health signals over the run (signals.ts); absent: nothing collected. */
  signals?: SignalTotals | null;
}

export interface GateRule {
  signal: string;
  evaluate(input: GateInput): SignalResult;
}

const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;

/**
 * Load failures: the step's own loads (each visitor counted once per run, so loads are visitors) must
 * reach minLoads; their failure rate must stay under failureRate. A rate at or over it fails the gate only
 * when the run's failures came from minFailureNetworks client networks (as the automatic rollback); from
 * fewer, the step is held rather than advanced (the failures may be one client's doing).
 */
export const loadFailuresRule: GateRule = {
  signal: 'load-failures',
  evaluate({ candidate, stepBase, threshold }) {
    const loads = Math.max(0, candidate.loads - stepBase.loads);
    const failures = Math.max(0, candidate.failures - stepBase.failures);
    const failureNetworks = candidate.failureNetworks ?? 0;
    const numbers = {
      loads,
      failures,
      runLoads: candidate.loads,
      runFailures: candidate.failures,
      failureNetworks,
      minLoads: threshold.minLoads,
      failureRate: threshold.failureRate,
      minFailureNetworks: threshold.minFailureNetworks,
    };
    if (loads < threshold.minLoads) {
      return { signal: this.signal, verdict: 'insufficient', numbers, reason: `only ${loads} loads since the step started (at least ${threshold.minLoads} needed)` };
    }
    const rate = failures / loads;
    if (rate >= threshold.failureRate) {
      if (failureNetworks >= threshold.minFailureNetworks) {
        return { signal: this.signal, verdict: 'fail', numbers, reason: `${failures} of ${loads} loads failed (${pct(rate)}, limit ${pct(threshold.failureRate)})` };
      }
      return {
        signal: this.signal,
        verdict: 'insufficient',
        numbers,
        reason: `${failures} of ${loads} loads failed (${pct(rate)}), but from ${failureNetworks} client network(s) (${threshold.minFailureNetworks} needed to believe it)`,
      };
    }
    return { signal: this.signal, verdict: 'pass', numbers, reason: `${failures} of ${loads} loads failed (${pct(rate)}, limit ${pct(threshold.failureRate)})` };
  },
};

const thresholds = (t: GateInput['threshold']): SignalThresholds => ({
  minSignalVisitors: t.minSignalVisitors ?? 200,
  errorRatio: t.errorRatio ?? 1.5,
  vitalsRatio: t.vitalsRatio ?? 1.2,
  minFailureNetworks: t.minFailureNetworks,
});

/** Rates may exceed ratio × stable's by this much at least (0.5 point): a stable at 0 % does not make one error a failure. */
export const RATE_SLACK = 0.005;

/**
 * A share of visitors with something bad (uncaught errors; API 5xx answers), candidate against stable: at
 * least minSignalVisitors on each side, else insufficient; over max(ratio × stable's, stable's + 0.5
 * point) fails when the bad visitors came from minFailureNetworks networks (from fewer: held).
 */
function rateRule(signal: string, what: string, bad: 'errorVisitors' | 'api5xxVisitors', of: 'visitors' | 'apiVisitors', nets: 'error' | 'api5xx'): GateRule {
  return {
    signal,
    evaluate({ signals, threshold }) {
      const t = thresholds(threshold);
      const c = signals?.candidate;
      const s = signals?.stable;
      const numbers: Record<string, number> = {
        candidateVisitors: c?.[of] ?? 0,
        candidateBad: c?.[bad] ?? 0,
        stableVisitors: s?.[of] ?? 0,
        stableBad: s?.[bad] ?? 0,
        badNetworks: c?.networks[nets] ?? 0,
        ratio: t.errorRatio,
        minVisitors: t.minSignalVisitors,
        minFailureNetworks: t.minFailureNetworks,
      };
      if (!c || !s || c[of] < t.minSignalVisitors || s[of] < t.minSignalVisitors) {
        return { signal, verdict: 'insufficient', numbers, reason: `${what}: ${numbers.candidateVisitors} candidate and ${numbers.stableVisitors} stable visitors (at least ${t.minSignalVisitors} each needed)` };
      }
      const cr = c[bad] / c[of];
      const sr = s[bad] / s[of];
      const limit = Math.max(t.errorRatio * sr, sr + RATE_SLACK);
      Object.assign(numbers, { candidateRate: cr, stableRate: sr, limit });
      const text = `${what}: ${c[bad]} of ${c[of]} candidate visitors (${pct(cr)}) against ${s[bad]} of ${s[of]} stable (${pct(sr)}), limit ${pct(limit)} (${t.errorRatio}× stable's)`;
      if (cr > limit) {
        if (c.networks[nets] >= t.minFailureNetworks) return { signal, verdict: 'fail', numbers, reason: text };
        return { signal, verdict: 'insufficient', numbers, reason: `${text}, but from ${c.networks[nets]} client network(s) (${t.minFailureNetworks} needed to believe it)` };
      }
      return { signal, verdict: 'pass', numbers, reason: text };
    },
  };
}

/** A web vital's p75, candidate against stable: at least minSignalVisitors samples each; over ratio × stable's fails. */
function vitalRule(signal: 'lcp' | 'inp', what: string): GateRule {
  return {
    signal,
    evaluate({ signals, threshold }) {
      const t = thresholds(threshold);
      const c = signals?.candidate;
      const s = signals?.stable;
      const samples = (v: VersionSignals | undefined) => (v ? histogramCount(v[signal]) : 0);
      const numbers: Record<string, number> = {
        candidateSamples: samples(c),
        stableSamples: samples(s),
        networks: c?.networks[signal] ?? 0,
        ratio: t.vitalsRatio,
        minSamples: t.minSignalVisitors,
        minFailureNetworks: t.minFailureNetworks,
      };
      if (!c || !s || numbers.candidateSamples < t.minSignalVisitors || numbers.stableSamples < t.minSignalVisitors) {
        return { signal, verdict: 'insufficient', numbers, reason: `${what}: ${numbers.candidateSamples} candidate and ${numbers.stableSamples} stable samples (at least ${t.minSignalVisitors} each needed)` };
      }
      const cp = p75(c[signal])!;
      const sp = p75(s[signal])!;
      const limit = Math.round(t.vitalsRatio * sp);
      Object.assign(numbers, { candidateP75: cp, stableP75: sp, limit });
      const text = `${what} p75 ${cp} ms on the candidate against ${sp} ms on stable (limit ${limit} ms, ${t.vitalsRatio}× stable's)`;
      if (cp > limit) {
        if (c.networks[signal] >= t.minFailureNetworks) return { signal, verdict: 'fail', numbers, reason: text };
        return { signal, verdict: 'insufficient', numbers, reason: `${text}, but from ${c.networks[signal]} client network(s) (${t.minFailureNetworks} needed to believe it)` };
      }
      return { signal, verdict: 'pass', numbers, reason: text };
    },
  };
}

export const errorsRule = rateRule('errors', 'uncaught errors', 'errorVisitors', 'visitors', 'error');
export const apiErrorsRule = rateRule('api-errors', 'API 5xx', 'api5xxVisitors', 'apiVisitors', 'api5xx');
export const lcpRule = vitalRule('lcp', 'LCP');
export const inpRule = vitalRule('inp', 'INP');

export const ALL_RULES: GateRule[] = [loadFailuresRule, errorsRule, apiErrorsRule, lcpRule, inpRule];
/** The gate of the given signal names (RolloutOptions.gates). */
export const gateOf = (names: string[]): GateRule[] => ALL_RULES.filter((r) => names.includes(r.signal));

export const DEFAULT_GATE: GateRule[] = ALL_RULES;

export function evaluateGate(rules: GateRule[], input: GateInput): { verdict: SignalResult['verdict']; signals: SignalResult[] } {
  const signals = rules.map((r) => r.evaluate(input));
  const verdict = signals.some((s) => s.verdict === 'fail') ? 'fail' : signals.some((s) => s.verdict === 'insufficient') ? 'insufficient' : 'pass';
  return { verdict, signals };
}

/**
 * The decision on a running plan whose interval is over. `candidate` is the area's candidate as stored now.
 */
export function decide(
  plan: PlanState,
  candidate: CandidateState | null,
  threshold: GateInput['threshold'],
  now: Date,
  rules: GateRule[] = DEFAULT_GATE,
  totals: SignalTotals | null = null,
): PlanDecision {
  const from = candidate?.percent ?? 0;
  const base = { at: now, fromPercent: from };
  if (!candidate || candidate.version !== plan.version) {
    return { ...base, outcome: 'end', toPercent: from, reason: `the candidate is no longer ${plan.version}`, signals: [] };
  }
  if (candidate.percent === 0) {
    return { ...base, outcome: 'end', toPercent: 0, reason: `${plan.version} was rolled back`, signals: [] };
  }
  const { verdict, signals } = evaluateGate(rules, { candidate, stepBase: plan.stepBase, threshold, signals: totals });
  const why = signals.map((s) => s.reason).join('; ');
  if (verdict === 'fail') return { ...base, outcome: 'rollback', toPercent: 0, reason: `health gate failed at ${from} %: ${why}`, signals };
  if (verdict === 'insufficient') return { ...base, outcome: 'hold', toPercent: from, reason: `held at ${from} %: ${why}`, signals };
  const nextIndex = Math.min(plan.stepIndex + 1, plan.steps.length - 1);
  const to = plan.steps[nextIndex];
  if (to >= 100 || plan.stepIndex >= plan.steps.length - 1) {
    return { ...base, outcome: 'promote', toPercent: 100, reason: `healthy at ${from} % (${why}): reached 100 %, promoted`, signals };
  }
  return { ...base, outcome: 'advance', toPercent: to, reason: `healthy at ${from} % (${why}): advanced to ${to} %`, signals };
}

/** A new running plan for `candidate`, starting at steps[0]. */
export function newPlan(candidate: VersionRef & { loads: number; failures: number }, steps: number[], everyMs: number, by: string, now: Date): PlanState {
  return {
    version: candidate.version,
    steps,
    everyMs,
    stepIndex: 0,
    state: 'running',
    nextDecisionAt: new Date(now.getTime() + everyMs),
    startedAt: now,
    startedBy: by,
    stepBase: { loads: candidate.loads, failures: candidate.failures },
    endedReason: null,
    lastDecision: null,
  };
}
