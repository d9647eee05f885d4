/**
 * The plan worker (issue 34; DESIGN.md "background work is a row, then a worker"). A plan's next decision
 * is a time stored with the plan in the area's `rollouts` document. Every API instance runs this worker;
 * each tick:
 *   1. claims one due decision atomically (findOneAndUpdate: running plan, decision time passed, area not
 *      killed, no unexpired claim -> a claim with a random id and a lease of `planLeaseMs`);
 *   2. decides (plan.ts) from the document it claimed;
 *   3. applies the decision with one update conditional on that claim id and on the document's revision
 *      (an operator's change or an automatic rollback meanwhile moves the revision: the claim is let go and
 *      the decision is taken afresh on a later tick);
 *   4. records the audit entry (actor `system`).
 * So each decision is applied once across instances, and a plan survives restarts (an instance that dies
 * holding a claim loses it when the lease ends). Times come from deps.clock; the interval between ticks
 * is `planTickMs` (tests call `tickPlans` themselves, with their clock).
 */
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../context';
import { recordAudit, SYSTEM_ACTOR } from './audit';
import { Rollout, type RolloutFields } from './model';
import { REMOTES } from './options';
import { decide, gateOf, type GateRule } from './plan';
import { signalTotals } from './signals';
import type { PlanDecision, PlanState } from './rules';
import { rolloutRuntime } from './service';

export interface AppliedDecision {
  area: string;
  decision: PlanDecision;
}

/** Claim the next due decision, or null when none is due (or every due one is claimed by someone else). */
async function claimDue(deps: AppDeps, leaseMs: number): Promise<{ doc: RolloutFields; claim: string } | null> {
  const now = deps.clock.now();
  const claim = randomUUID();
  const doc = await Rollout.findOneAndUpdate(
    {
      'plan.state': 'running',
      'plan.nextDecisionAt': { $lte: now },
      killed: null,
      $or: [{ planLease: null }, { 'planLease.until': { $lte: now } }],
    },
    { $set: { planLease: { id: claim, until: new Date(now.getTime() + leaseMs) } } },
    { returnDocument: 'after', lean: true },
  );
  return doc ? { doc: doc as RolloutFields, claim } : null;
}

/** The update that stores `decision` (everything but the claim and the revision). */
function decisionUpdate(doc: RolloutFields, plan: PlanState, d: PlanDecision): Record<string, unknown> {
  const now = d.at;
  const next = new Date(now.getTime() + plan.everyMs);
  const base = { 'plan.lastDecision': d, updatedAt: now };
  switch (d.outcome) {
    case 'advance':
      return {
        ...base,
        'candidate.percent': d.toPercent,
        'plan.stepIndex': plan.stepIndex + 1,
        'plan.stepBase': { loads: doc.candidate!.loads, failures: doc.candidate!.failures },
        'plan.nextDecisionAt': next,
      };
    case 'hold':
      return { ...base, 'plan.nextDecisionAt': next };
    case 'promote':
      return {
        ...base,
        stable: { entry: doc.candidate!.entry, version: doc.candidate!.version },
        candidate: null,
        autoRollback: null,
        'plan.stepIndex': plan.steps.length - 1,
        'plan.state': 'done',
        'plan.nextDecisionAt': null,
        'plan.endedReason': d.reason,
      };
    case 'rollback':
      return {
        ...base,
        'candidate.percent': 0,
        autoRollback: { at: now, reason: d.reason, version: plan.version },
        'plan.state': 'rolledBack',
        'plan.nextDecisionAt': null,
        'plan.endedReason': d.reason,
      };
    case 'end':
      return { ...base, 'plan.state': d.toPercent === 0 && doc.candidate?.version === plan.version ? 'rolledBack' : 'cancelled', 'plan.nextDecisionAt': null, 'plan.endedReason': d.reason };
  }
}

const AUDIT_ACTION = { advance: 'advance', hold: 'hold', promote: 'promote', rollback: 'rollback', end: 'rollback' } as const;

/** Decide and apply one claimed decision; null when the document changed under the claim (let go). */
async function applyClaimed(deps: AppDeps, doc: RolloutFields, claim: string, rules: GateRule[]): Promise<AppliedDecision | null> {
  const rt = rolloutRuntime(deps);
  const plan = doc.plan!;
  const signals = doc.candidate ? await signalTotals(doc) : null;
  const decision = decide(plan, doc.candidate, rt.options, deps.clock.now(), rules, signals);
  const after = await Rollout.findOneAndUpdate(
    { area: doc.area, rev: doc.rev, 'planLease.id': claim },
    { $set: { ...decisionUpdate(doc, plan, decision), planLease: null }, $inc: { rev: 1 } },
    { returnDocument: 'after', lean: true },
  );
  if (!after) {
    await Rollout.updateOne({ area: doc.area, 'planLease.id': claim }, { $set: { planLease: null } });
    return null;
  }
  rt.invalidate();
  const log = decision.outcome === 'rollback' ? deps.logger.warn : deps.logger.info;
  log.call(deps.logger, `Rollout: ${doc.area} plan for ${plan.version}: ${decision.reason}`);
  await recordAudit(deps, { area: doc.area, action: AUDIT_ACTION[decision.outcome], actor: SYSTEM_ACTOR, reason: decision.reason, before: doc, after, decision }).catch(
    () => undefined,
  );
  return { area: doc.area, decision };
}

/**
 * One tick: take every decision that is due now (at most one per area per tick). Returns what this
 * instance applied.
 */
export async function tickPlans(deps: AppDeps, gate?: GateRule[]): Promise<AppliedDecision[]> {
  const rt = rolloutRuntime(deps);
  const rules = gate ?? gateOf(rt.options.gates);
  const applied: AppliedDecision[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < REMOTES.length * 2; i++) {
    const claimed = await claimDue(deps, rt.options.planLeaseMs);
    if (!claimed) break;
    if (seen.has(claimed.doc.area)) {
      // Let go: it was decided (or let go) once in this tick already.
      await Rollout.updateOne({ area: claimed.doc.area, 'planLease.id': claimed.claim }, { $set: { planLease: null } });
      break;
    }
    seen.add(claimed.doc.area);
    const r = await applyClaimed(deps, claimed.doc, claimed.claim, rules);
    if (r) applied.push(r);
  }
  return applied;
}

/**
 * Start this instance's worker: a tick every `planTickMs` (unref'd: it never keeps the process alive; a
 * tick still running when the next is due is not doubled). Returns stop().
 */
export function startPlanWorker(deps: AppDeps): { stop(): void } {
  const rt = rolloutRuntime(deps);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tickPlans(deps)
      .catch((err) => deps.logger.error('Rollout: the plan worker could not take a decision', err))
      .finally(() => {
        running = false;
      });
  }, rt.options.planTickMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
