/**
 * The rollout audit log (issue 34): every change of an area's rollout, manual or automatic, with its
 * time, actor (an operator's name, or `system`), reason and the area's state before and after. Entries are
 * written after the change they record (the change is a conditional update; its entry follows it).
 */
import type { RolloutAuditEntry, RolloutDecisionView, RolloutPlanView, RolloutStateView } from '@fitconnect/contracts/src/server';
import type { AppDeps } from '../context';
import { RolloutAudit, type RolloutAuditFields, type RolloutFields } from './model';
import type { AreaRollout, PlanDecision, PlanState } from './rules';

/** The part of an area's document an entry records (and `revert` restores). */
export type RolloutSnapshot = Pick<AreaRollout, 'stable' | 'candidate' | 'autoRollback'> & Required<Pick<AreaRollout, 'plan' | 'killed'>>;

export const SYSTEM_ACTOR = 'system';

export function snapshot(doc: AreaRollout | null): RolloutSnapshot | null {
  if (!doc) return null;
  return {
    stable: { entry: doc.stable.entry, version: doc.stable.version },
    candidate: doc.candidate ? { ...doc.candidate } : null,
    autoRollback: doc.autoRollback ? { ...doc.autoRollback } : null,
    plan: doc.plan ? { ...doc.plan } : null,
    killed: doc.killed ? { ...doc.killed } : null,
  };
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function presentDecision(d: PlanDecision): RolloutDecisionView {
  return { at: iso(d.at)!, outcome: d.outcome, fromPercent: d.fromPercent, toPercent: d.toPercent, reason: d.reason, signals: d.signals };
}

export function presentPlan(p: PlanState): RolloutPlanView {
  return {
    version: p.version,
    steps: p.steps,
    everyMs: p.everyMs,
    stepIndex: p.stepIndex,
    state: p.state,
    nextDecisionAt: p.state === 'running' ? iso(p.nextDecisionAt) : null,
    startedAt: iso(p.startedAt)!,
    startedBy: p.startedBy,
    endedReason: p.endedReason,
    lastDecision: p.lastDecision ? presentDecision(p.lastDecision) : null,
  };
}

export function presentState(s: RolloutSnapshot | null): RolloutStateView | null {
  if (!s) return null;
  return {
    stable: { entry: s.stable.entry, version: s.stable.version },
    candidate: s.candidate ? { entry: s.candidate.entry, version: s.candidate.version, percent: s.candidate.percent } : null,
    plan: s.plan ? presentPlan(s.plan) : null,
    killed: s.killed ? { at: iso(s.killed.at)!, by: s.killed.by, reason: s.killed.reason } : null,
    autoRollback: s.autoRollback ? { at: iso(s.autoRollback.at)!, reason: s.autoRollback.reason, version: s.autoRollback.version } : null,
  };
}

export interface AuditInput {
  area: string;
  action: RolloutAuditFields['action'];
  actor: string;
  reason: string;
  before: AreaRollout | RolloutFields | null;
  after: AreaRollout | RolloutFields | null;
  decision?: PlanDecision;
  revertOf?: number;
  preview?: RolloutAuditFields['preview'];
}

/** Write one entry; returns it. A failure is logged (the change itself is made) and rethrown to the caller. */
export async function recordAudit(deps: AppDeps, input: AuditInput): Promise<RolloutAuditFields> {
  try {
    const doc = await RolloutAudit.create({
      at: deps.clock.now(),
      area: input.area,
      action: input.action,
      actor: input.actor,
      automatic: input.actor === SYSTEM_ACTOR,
      reason: input.reason,
      before: snapshot(input.before),
      after: snapshot(input.after),
      ...(input.decision ? { decision: input.decision } : {}),
      ...(input.revertOf ? { revertOf: input.revertOf } : {}),
      ...(input.preview ? { preview: input.preview } : {}),
    });
    return doc.toObject();
  } catch (err) {
    deps.logger.error(`Rollout: could not write the audit entry of ${input.action} on ${input.area} by ${input.actor}`, err);
    throw err;
  }
}

export function presentAudit(e: RolloutAuditFields): RolloutAuditEntry {
  return {
    id: e.id,
    at: e.at.toISOString(),
    area: e.area,
    action: e.action,
    actor: e.actor,
    automatic: e.automatic,
    reason: e.reason,
    before: presentState(e.before as RolloutSnapshot | null),
    after: presentState(e.after as RolloutSnapshot | null),
    ...(e.decision ? { decision: presentDecision(e.decision as PlanDecision) } : {}),
    ...(e.revertOf ? { revertOf: e.revertOf } : {}),
    ...(e.preview ? { preview: { version: e.preview.version, entry: e.preview.entry, expiresAt: new Date(e.preview.expiresAt).toISOString() } } : {}),
  };
}

/** The newest entries first (of one area, or all). */
export async function listAudit(area: string | undefined, limit: number): Promise<RolloutAuditFields[]> {
  return RolloutAudit.find(area ? { area } : {})
    .sort(area ? { area: 1, id: -1 } : { id: -1 })
    .limit(limit)
    .lean<RolloutAuditFields[]>();
}

export const findAudit = (id: number) => RolloutAudit.findOne({ id }).lean<RolloutAuditFields>();
