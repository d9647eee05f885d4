import type { RolloutAreaStatus, RolloutStatus, RolloutVersionHealth, RolloutVersionStats } from '@fitconnect/contracts/src/server';
import { presentPlan } from './audit';
import type { RolloutFields } from './model';
import type { FailureThreshold } from './rules';
import { DEFAULT_VERSION, REMOTES } from './options';
import { pairKey, type StatusData } from './service';
import { histogramCount, p75 } from './histogram';
import type { VersionSignals } from './signals';

export function presentHealth(v: VersionSignals): RolloutVersionHealth {
  return {
    version: v.version,
    visitors: v.visitors,
    errorVisitors: v.errorVisitors,
    apiVisitors: v.apiVisitors,
    api5xxVisitors: v.api5xxVisitors,
    lcpSamples: histogramCount(v.lcp),
    lcpP75: p75(v.lcp),
    inpSamples: histogramCount(v.inp),
    inpP75: p75(v.inp),
  };
}

/** One area's configuration as the operator API shows it (no _id, no rev). */
export function presentConfig(doc: RolloutFields, name: string): Omit<RolloutAreaStatus, 'versions'> {
  return {
    area: doc.area,
    name,
    configured: true,
    stable: { entry: doc.stable.entry, version: doc.stable.version },
    candidate: doc.candidate
      ? { entry: doc.candidate.entry, version: doc.candidate.version, percent: doc.candidate.percent, loads: doc.candidate.loads, failures: doc.candidate.failures }
      : null,
    autoRollback: doc.autoRollback ? { at: doc.autoRollback.at.toISOString(), reason: doc.autoRollback.reason, version: doc.autoRollback.version } : null,
    updatedAt: doc.updatedAt.toISOString(),
    plan: doc.plan ? presentPlan(doc.plan) : null,
    killed: doc.killed ? { at: doc.killed.at.toISOString(), by: doc.killed.by, reason: doc.killed.reason } : null,
  };
}

export function presentStatus(data: StatusData, defaults: Map<string, { name: string; entry: string }>, threshold: FailureThreshold): RolloutStatus {
  const areas = REMOTES.map((r): RolloutAreaStatus => {
    const doc = data.configs.get(r.area);
    const base = doc
      ? presentConfig(doc, r.name)
      : {
          area: r.area,
          name: r.name,
          configured: false,
          stable: { entry: defaults.get(r.area)!.entry, version: DEFAULT_VERSION },
          candidate: null,
          autoRollback: null,
          updatedAt: null,
          plan: null,
          killed: null,
        };
    const stats = (version: string, role: RolloutVersionStats['role'], entry: string): RolloutVersionStats => {
      const c = data.counters.get(pairKey(r.area, version));
      return { version, role, entry, visitors: data.visitors.get(pairKey(r.area, version)) ?? 0, loads: c?.loads ?? 0, failures: c?.failures ?? 0 };
    };
    const versions = [stats(base.stable.version, 'stable', base.stable.entry)];
    if (base.candidate) versions.push(stats(base.candidate.version, 'candidate', base.candidate.entry));
    const h = data.health.get(r.area);
    return { ...base, versions, health: h ? { candidate: presentHealth(h.candidate), stable: presentHealth(h.stable) } : null };
  });
  return { areas, threshold: { failureRate: threshold.failureRate, minLoads: threshold.minLoads, minFailureNetworks: threshold.minFailureNetworks } };
}
