import { ROLLOUT_AREAS, RolloutArea, RolloutEventBody, RolloutPercent, RolloutSetBody } from '@fitconnect/contracts/src/server';
import { HttpError } from '../src/http/errors';
import { REMOTES, thresholdFromEnv } from '../src/rollout/options';
import { enoughFailureNetworks, passedThreshold, planPromote, planRollback, planSet, type AreaRollout } from '../src/rollout/rules';
import { singletonMismatches, parseManifest, versionOf } from '../src/rollout/manifest';

const now = new Date('2026-11-23T20:00:00Z');
const stable = { entry: 'http://localhost:3002/mf-manifest.json', version: 'default' };
const cand = (version: string) => ({ entry: `http://localhost:3002/versions/${version}/mf-manifest.json`, version });

function refusal(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  }
  throw new Error('expected a refusal');
}

test('the contract areas are exactly the deployment remotes (build-config/remotes.js)', () => {
  expect([...ROLLOUT_AREAS]).toEqual(REMOTES.map((r) => r.area));
});

describe('validation', () => {
  test('percent must be 0-100 with at most two decimals', () => {
    expect(RolloutPercent.parse(0)).toBe(0);
    expect(RolloutPercent.parse(100)).toBe(100);
    expect(RolloutPercent.parse('12.5')).toBe(12.5);
    expect(RolloutPercent.safeParse(140).error?.issues[0].message).toBe('Percent must be from 0 to 100 (got 140)');
    expect(RolloutPercent.safeParse(-1).success).toBe(false);
    expect(RolloutPercent.safeParse('ten').success).toBe(false);
    expect(RolloutPercent.safeParse(10.001).error?.issues[0].message).toBe('Percent may have at most two decimals');
  });

  test('an unknown area is named with the list of areas', () => {
    expect(RolloutArea.safeParse('payments').error?.issues[0].message).toBe(
      'Unknown area "payments". Areas: workouts, trainers, messages, community, challenges',
    );
  });

  test('set needs an http(s) manifest URL when one is given', () => {
    expect(RolloutSetBody.safeParse({ candidate: 'ftp://x/mf-manifest.json', percent: 10 }).success).toBe(false);
    expect(RolloutSetBody.safeParse({ candidate: 'not a url', percent: 10 }).success).toBe(false);
    expect(RolloutSetBody.safeParse({ percent: 10 }).success).toBe(true);
  });

  test('events: area, version <= 100, outcome loaded|failed, reason <= 300', () => {
    expect(RolloutEventBody.safeParse({ area: 'trainers', version: 'v1', outcome: 'failed', reason: 'x' }).success).toBe(true);
    expect(RolloutEventBody.safeParse({ area: 'trainers', version: 'v'.repeat(101), outcome: 'failed' }).success).toBe(false);
    expect(RolloutEventBody.safeParse({ area: 'trainers', version: 'v1', outcome: 'crashed' }).success).toBe(false);
    expect(RolloutEventBody.safeParse({ area: 'trainers', version: 'v1', outcome: 'failed', reason: 'r'.repeat(301) }).success).toBe(false);
  });
});

describe('config rules', () => {
  test('set on an unconfigured area starts from the deployment default as stable', () => {
    const next = planSet(null, stable, 'trainers', { candidate: cand('v2'), percent: 10 }, now);
    expect(next.stable).toEqual(stable);
    expect(next.candidate).toMatchObject({ version: 'v2', percent: 10, loads: 0, failures: 0 });
  });

  test('set refuses a percentage outside 0-100', () => {
    expect(refusal(() => planSet(null, stable, 'trainers', { candidate: cand('v2'), percent: 140 }, now)).status).toBe(400);
  });

  test('set without a candidate changes the percentage of the current one, keeping its counts', () => {
    const cur: AreaRollout = { area: 'trainers', stable, candidate: { ...cand('v2'), percent: 10, loads: 7, failures: 1, setAt: now }, autoRollback: null, updatedAt: now };
    const next = planSet(cur, stable, 'trainers', { percent: 30 }, now);
    expect(next.candidate).toMatchObject({ version: 'v2', percent: 30, loads: 7, failures: 1 });
    expect(refusal(() => planSet(null, stable, 'trainers', { percent: 30 }, now)).status).toBe(409);
  });

  test('setting again a candidate that was rolled back automatically starts its counts afresh', () => {
    const cur: AreaRollout = {
      area: 'trainers',
      stable,
      candidate: { ...cand('v2'), percent: 0, loads: 20, failures: 3, setAt: now },
      autoRollback: { at: now, reason: '3 of 20 loads of v2 failed', version: 'v2' },
      updatedAt: now,
    };
    const next = planSet(cur, stable, 'trainers', { percent: 10 }, now);
    expect(next.candidate).toMatchObject({ percent: 10, loads: 0, failures: 0 });
    expect(next.autoRollback).toBeNull();
  });

  test('a candidate that is the stable version is refused', () => {
    const cur: AreaRollout = { area: 'trainers', stable: cand('v1'), candidate: null, autoRollback: null, updatedAt: now };
    expect(refusal(() => planSet(cur, stable, 'trainers', { candidate: cand('v1'), percent: 10 }, now)).message).toMatch(/already the stable/);
  });

  test('promote without a candidate is refused; with one, the candidate becomes stable', () => {
    expect(refusal(() => planPromote(null, 'trainers', now)).message).toBe('trainers has no candidate to promote');
    const cur: AreaRollout = { area: 'trainers', stable, candidate: { ...cand('v2'), percent: 30, loads: 0, failures: 0, setAt: now }, autoRollback: null, updatedAt: now };
    const next = planPromote(cur, 'trainers', now);
    expect(next.stable).toEqual(cand('v2'));
    expect(next.candidate).toBeNull();
  });

  test('rollback sets the percentage to 0 and keeps the candidate', () => {
    expect(refusal(() => planRollback(null, 'trainers', now)).message).toBe('trainers has no candidate to roll back');
    const cur: AreaRollout = { area: 'trainers', stable, candidate: { ...cand('v2'), percent: 30, loads: 4, failures: 0, setAt: now }, autoRollback: null, updatedAt: now };
    const next = planRollback(cur, 'trainers', now);
    expect(next.candidate).toMatchObject({ ...cand('v2'), percent: 0, loads: 4 });
    expect(next.stable).toEqual(stable);
  });

  test('threshold: failures >= 5 % of >= 20 loads, from >= 3 client networks, by default; env can change them', () => {
    const t = thresholdFromEnv({});
    expect(t).toEqual({ failureRate: 0.05, minLoads: 20, minFailureNetworks: 3 });
    expect(enoughFailureNetworks(2, t)).toBe(false);
    expect(enoughFailureNetworks(3, t)).toBe(true);
    expect(thresholdFromEnv({ ROLLOUT_MIN_FAILURE_NETWORKS: '1' }).minFailureNetworks).toBe(1);
    expect(thresholdFromEnv({ ROLLOUT_MIN_FAILURE_NETWORKS: '0' }).minFailureNetworks).toBe(3);
    expect(passedThreshold(19, 19, t)).toBe(false);
    expect(passedThreshold(20, 1, t)).toBe(true);
    expect(passedThreshold(40, 1, t)).toBe(false);
    expect(thresholdFromEnv({ ROLLOUT_FAILURE_RATE: '50%', ROLLOUT_MIN_LOADS: '2' })).toMatchObject({ failureRate: 0.5, minLoads: 2 });
    expect(thresholdFromEnv({ ROLLOUT_FAILURE_RATE: '7', ROLLOUT_MIN_LOADS: '-1' })).toMatchObject({ failureRate: 0.05, minLoads: 20 });
  });
});

describe('manifests', () => {
  const manifest = (shared: Record<string, string>, extra: object = {}) => ({
    name: 'mfe_trainers',
    metaData: { name: 'mfe_trainers', remoteEntry: { name: 'remoteEntry.js' }, buildInfo: { buildVersion: '0.1.0', buildName: 'mfe-trainers' } },
    shared: Object.entries(shared).map(([name, version]) => ({ name, version, singleton: true })),
    ...extra,
  });

  test('the version is the /versions/<v>/ segment, else buildName@buildVersion', () => {
    const info = parseManifest(manifest({}), 'u');
    expect(versionOf('http://localhost:3002/versions/0.2.0-1a2b3c4d/mf-manifest.json', info)).toBe('0.2.0-1a2b3c4d');
    expect(versionOf('http://cdn.example/trainers/mf-manifest.json', info)).toBe('mfe-trainers@0.1.0');
    // A segment that does not decode is no version name (and no exception).
    expect(versionOf('http://cdn.example/versions/%E0%A4%A/mf-manifest.json', info)).toBe('mfe-trainers@0.1.0');
  });

  test('a body without metaData.remoteEntry is not a manifest', () => {
    expect(() => parseManifest({ hello: 1 }, 'http://x/m.json')).toThrow(/not an mf-manifest.json/);
  });

  test('singleton mismatches name the package and both versions', () => {
    const a = parseManifest(manifest({ react: '19.3.1', zustand: '5.1.0' }), 'a');
    const b = parseManifest(manifest({ react: '19.4.0', zustand: '5.1.0' }), 'b');
    expect(singletonMismatches(b, a)).toEqual([{ pkg: 'react', candidate: '19.4.0', stable: '19.3.1' }]);
    expect(singletonMismatches(a, a)).toEqual([]);
  });
});
