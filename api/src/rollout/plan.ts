/**
 * Scheduled plans (issue 34), as pure functions: a plan's health gate and the decision taken when its
 * interval is over. The worker (worker.ts) claims the due decision, calls `decide` and stores the result.
 *
 * A gate is a list of rules, one per health signal. Each rule answers pass, fail or insufficient (not
 * enough data to say) and states the numbers it used; the gate fails when any rule fails, holds when any
 * has too little data, and passes otherwise. Today's one signal is load failures (the thresholds of the
 * automatic rollback); later signals (error rates, latency, ...) are more rules in DEFAULT_GATE.
 */
import type { CandidateState, FailureThreshold, PlanDecision, PlanState, SignalResult, VersionRef } from './rules';

export interface GateInput {
  candidate: CandidateState;
  /** The run's counts when the current step started. */
  stepBase: { loads: number; failures: number };
  threshold: FailureThreshold;
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

export const DEFAULT_GATE: GateRule[] = [loadFailuresRule];

export function evaluateGate(rules: GateRule[], input: GateInput): { verdict: SignalResult['verdict']; signals: SignalResult[] } {
  const signals = rules.map((r) => r.evaluate(input));
  const verdict = signals.some((s) => s.verdict === 'fail') ? 'fail' : signals.some((s) => s.verdict === 'insufficient') ? 'insufficient' : 'pass';
  return { verdict, signals };
}

/**
 * The decision on a running plan whose interval is over. `candidate` is the area's candidate as stored now.
 */
export function decide(plan: PlanState, candidate: CandidateState | null, threshold: FailureThreshold, now: Date, rules: GateRule[] = DEFAULT_GATE): PlanDecision {
  const from = candidate?.percent ?? 0;
  const base = { at: now, fromPercent: from };
  if (!candidate || candidate.version !== plan.version) {
    return { ...base, outcome: 'end', toPercent: from, reason: `the candidate is no longer ${plan.version}`, signals: [] };
  }
  if (candidate.percent === 0) {
    return { ...base, outcome: 'end', toPercent: 0, reason: `${plan.version} was rolled back`, signals: [] };
  }
  const { verdict, signals } = evaluateGate(rules, { candidate, stepBase: plan.stepBase, threshold });
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
