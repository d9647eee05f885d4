import mongoose, { Schema } from 'mongoose';
import { numericId } from '../db/counter';
import type { AreaRollout } from './rules';

/**
 * One document per area (collection `rollouts`): stable, optional candidate with its percentage and the
 * failure counts since it was set, the last automatic rollback. `rev` grows with every operator change
 * and automatic rollback: operator writes are conditional on the rev they read (no lost update).
 */
export interface RolloutFields extends AreaRollout {
  rev: number;
  /**
   * The plan decision an instance has claimed (worker.ts): set atomically when the decision is due and
   * no unexpired claim exists; the decision is applied only by the holder of this claim id.
   */
  planLease?: { id: string; until: Date } | null;
}

const versionRef = { entry: { type: String, required: true }, version: { type: String, required: true } };

const rolloutSchema = new Schema<RolloutFields>(
  {
    area: { type: String, required: true },
    stable: { type: new Schema(versionRef, { _id: false }), required: true },
    candidate: {
      type: new Schema(
        {
          ...versionRef,
          percent: { type: Number, required: true },
          loads: { type: Number, default: 0 },
          failures: { type: Number, default: 0 },
          failureNetworks: { type: Number, default: 0 },
          setAt: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    autoRollback: {
      type: new Schema({ at: { type: Date, required: true }, reason: { type: String, required: true }, version: { type: String, required: true } }, { _id: false }),
      default: null,
    },
    // Issue 34: the scheduled plan (rules.ts PlanState), the kill switch and the worker's claim. Stored as
    // written by the service (plain objects; their shapes are the TypeScript types).
    plan: { type: Schema.Types.Mixed, default: null },
    killed: { type: Schema.Types.Mixed, default: null },
    planLease: { type: Schema.Types.Mixed, default: null },
    rev: { type: Number, default: 0 },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'rollouts', minimize: false },
);
rolloutSchema.index({ area: 1 }, { unique: true });
export const Rollout = mongoose.model<RolloutFields>('Rollout', rolloutSchema);

/**
 * Load attempts and failures per (area, version), every version ever reported (status), and the visitor
 * rows ever recorded for it (`visitors`: what caps them, see RolloutOptions.maxVisitorsPerVersion).
 */
export interface RolloutCounterFields {
  area: string;
  version: string;
  loads: number;
  failures: number;
  visitors: number;
}
const counterSchema = new Schema<RolloutCounterFields>(
  {
    area: { type: String, required: true },
    version: { type: String, required: true },
    loads: { type: Number, default: 0 },
    failures: { type: Number, default: 0 },
    visitors: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'rolloutcounters' },
);
counterSchema.index({ area: 1, version: 1 }, { unique: true });
export const RolloutCounter = mongoose.model<RolloutCounterFields>('RolloutCounter', counterSchema);

/**
 * Distinct visitors assigned to each (area, version): one row per (area, version, visitorId), written
 * once by an upsert under a unique index (each process also remembers what it wrote), counted by status.
 * Only areas with a stored rollout configuration are recorded.
 */
export interface RolloutVisitorFields {
  area: string;
  version: string;
  visitorId: string;
  firstSeen: Date;
  /**
   * The candidate run (its `setAt`) for which this visitor's load / failure has been counted: each counts
   * once per run (service.recordEvent); setting the candidate afresh starts new runs.
   */
  loadCountedFor?: Date;
  failureCountedFor?: Date;
  /**
   * Issue 34 item 2: the candidate run for which this visitor has been counted in each health signal
   * (signals.ts SIGNAL_FLAGS): once per signal and run, stable visitors too (the run is the window in
   * which the two versions are compared).
   */
  seenCountedFor?: Date;
  errorCountedFor?: Date;
  lcpCountedFor?: Date;
  inpCountedFor?: Date;
  apiCountedFor?: Date;
  api5xxCountedFor?: Date;
}
const visitorSchema = new Schema<RolloutVisitorFields>(
  {
    area: { type: String, required: true },
    version: { type: String, required: true },
    visitorId: { type: String, required: true },
    firstSeen: { type: Date, required: true },
    loadCountedFor: { type: Date },
    failureCountedFor: { type: Date },
    seenCountedFor: { type: Date },
    errorCountedFor: { type: Date },
    lcpCountedFor: { type: Date },
    inpCountedFor: { type: Date },
    apiCountedFor: { type: Date },
    api5xxCountedFor: { type: Date },
  },
  { versionKey: false, collection: 'rolloutvisitors' },
);
visitorSchema.index({ area: 1, version: 1, visitorId: 1 }, { unique: true });
/** Rows go after 180 days: they only feed `status` and the once-per-visitor counting of a live candidate. */
export const VISITOR_ROW_TTL_S = 180 * 24 * 60 * 60;
visitorSchema.index({ firstSeen: 1 }, { expireAfterSeconds: VISITOR_ROW_TTL_S });
export const RolloutVisitor = mongoose.model<RolloutVisitorFields>('RolloutVisitor', visitorSchema);

/**
 * What one client network (/24 IPv4, /64 IPv6; stored as a keyed hash) added to one candidate run:
 * visitors' loads and failures counted from it, each at most RolloutOptions.perNetworkLimit (issue 26).
 * Its first counted failure adds one to the run's `candidate.failureNetworks`.
 */
export interface RolloutNetworkFields {
  area: string;
  version: string;
  /** The candidate run (its setAt). */
  run: Date;
  network: string;
  loads: number;
  failures: number;
  /** Issue 34 item 2: visitors counted in each health signal from this network (at most perNetworkLimit each). */
  seen?: number;
  error?: number;
  lcp?: number;
  inp?: number;
  api?: number;
  api5xx?: number;
  expiresAt: Date;
}
const networkSchema = new Schema<RolloutNetworkFields>(
  {
    area: { type: String, required: true },
    version: { type: String, required: true },
    run: { type: Date, required: true },
    network: { type: String, required: true },
    loads: { type: Number, default: 0 },
    failures: { type: Number, default: 0 },
    seen: { type: Number, default: 0 },
    error: { type: Number, default: 0 },
    lcp: { type: Number, default: 0 },
    inp: { type: Number, default: 0 },
    api: { type: Number, default: 0 },
    api5xx: { type: Number, default: 0 },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'rolloutnetworks' },
);
networkSchema.index({ area: 1, version: 1, run: 1, network: 1 }, { unique: true });
networkSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export const RolloutNetwork = mongoose.model<RolloutNetworkFields>('RolloutNetwork', networkSchema);

/**
 * The rollout audit log (issue 34): one entry per change of an area's rollout (manual or automatic), with
 * who, why and the state before and after (audit.ts snapshots). `id` is the public entry number
 * (`npm run rollout -- revert <id>`). Kept: an audit log is not expired.
 */
export interface RolloutAuditFields {
  id: number;
  at: Date;
  area: string;
  action: 'set' | 'plan' | 'advance' | 'hold' | 'promote' | 'rollback' | 'kill' | 'release' | 'revert' | 'preview' | 'pause' | 'resume' | 'operator';
  actor: string;
  automatic: boolean;
  reason: string;
  before: unknown;
  after: unknown;
  decision?: unknown;
  revertOf?: number;
  preview?: { version: string; entry: string; expiresAt: Date };
}
const auditSchema = new Schema<RolloutAuditFields>(
  {
    at: { type: Date, required: true },
    area: { type: String, required: true },
    action: { type: String, required: true },
    actor: { type: String, required: true },
    automatic: { type: Boolean, required: true },
    reason: { type: String, required: true },
    before: { type: Schema.Types.Mixed, default: null },
    after: { type: Schema.Types.Mixed, default: null },
    decision: { type: Schema.Types.Mixed },
    revertOf: { type: Number },
    preview: { type: Schema.Types.Mixed },
  },
  { versionKey: false, collection: 'rolloutaudits', minimize: false },
);
auditSchema.plugin(numericId('rolloutaudits'));
// `log <area>`: one area's entries, newest first (the whole log reads the id index).
auditSchema.index({ area: 1, id: -1 });
export const RolloutAudit = mongoose.model<RolloutAuditFields>('RolloutAudit', auditSchema);

/**
 * Issue 34 item 2: the health signals of one version in one candidate run (`run`: the candidate's setAt;
 * stable visitors are counted against the same run, so the two versions are compared over the same time)
 * and one time bucket (`at`, SIGNAL_BUCKET_MS wide: the charts of /ops). Counts are of distinct visitors
 * (each at most once per signal and run): `visitors` loaded the version, `errorVisitors` had an uncaught
 * error of its code, `apiVisitors` made API requests and `api5xxVisitors` got a 5xx; `lcp` / `inp` are
 * histograms (signals.ts bucketOf) of one sample per visitor. Removed with the visitor rows (180 days).
 */
export interface RolloutSignalFields {
  area: string;
  run: Date;
  version: string;
  at: Date;
  visitors: number;
  errorVisitors: number;
  apiVisitors: number;
  api5xxVisitors: number;
  lcp: Record<string, number>;
  inp: Record<string, number>;
  expiresAt: Date;
}
const signalSchema = new Schema<RolloutSignalFields>(
  {
    area: { type: String, required: true },
    run: { type: Date, required: true },
    version: { type: String, required: true },
    at: { type: Date, required: true },
    visitors: { type: Number, default: 0 },
    errorVisitors: { type: Number, default: 0 },
    apiVisitors: { type: Number, default: 0 },
    api5xxVisitors: { type: Number, default: 0 },
    lcp: { type: Schema.Types.Mixed, default: {} },
    inp: { type: Schema.Types.Mixed, default: {} },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'rolloutsignals', minimize: false },
);
signalSchema.index({ area: 1, run: 1, version: 1, at: 1 }, { unique: true });
signalSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export const RolloutSignal = mongoose.model<RolloutSignalFields>('RolloutSignal', signalSchema);
