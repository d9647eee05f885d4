/**
 * Helpers of the issue 34 tests: API instances on one database with a clock the test moves, whose plan
 * worker the test ticks itself; visitors known to fall in a candidate's share.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app';
import type { AppDeps } from '../src/context';
import { memoryLogger } from '../src/log';
import { inCandidate } from '../src/rollout/bucket';
import type { RolloutOptions } from '../src/rollout/options';
import { tickPlans } from '../src/rollout/worker';
import { createAgent, type Agent, type TestApi } from './helpers';
import { fixedVisitorIds, visitorCookie } from './rollout-helpers';

/**
 * A clock the test moves (shared by every instance of a test, like the wall clock). It starts in the
 * future: documents whose TTL is set from it (rate-limit windows, visitor rows) must not look expired to
 * the database's TTL monitor, which reads the real time.
 */
export function testClock(start = Date.parse('2030-01-07T10:00:00.000Z')) {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
    get ms() {
      return now;
    },
  };
}

export interface Instance {
  url: string;
  deps: AppDeps;
  agent(): Agent;
  /** One tick of this instance's plan worker (what its timer would run). */
  tick(): ReturnType<typeof tickPlans>;
  close(): Promise<void>;
}

/**
 * Another API instance on the test API's database (models live on mongoose's one connection, so a second
 * startTestApi cannot share the database; this is the app the API process runs, with its own runtime,
 * cache, worker and HTTP server).
 */
export async function startInstance(api: TestApi, deps: Partial<AppDeps> & { rollout?: Partial<RolloutOptions> }): Promise<Instance> {
  const app = createApp({ config: api.config, logger: memoryLogger(), ...deps });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const appDeps = app.context.deps;
  return {
    url,
    deps: appDeps,
    agent: () => createAgent(() => url),
    tick: () => tickPlans(appDeps),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Visitor ids in (or out of) a candidate's share at `percent`, never handed out twice in one test file:
 * each step of a plan needs visitors who have not reported yet (a visitor counts once per run).
 */
export function visitorPool(area: string, version: string) {
  const all = fixedVisitorIds(20_000, `pool-${area}-${version}`);
  const used = new Set<string>();
  const take = (n: number, pred: (id: string) => boolean) => {
    const out: string[] = [];
    for (const id of all) {
      if (out.length === n) break;
      if (!used.has(id) && pred(id)) {
        used.add(id);
        out.push(id);
      }
    }
    if (out.length < n) throw new Error('visitor pool exhausted');
    return out;
  };
  return {
    inShare: (n: number, percent: number) => take(n, (id) => inCandidate(id, area, version, percent)),
    outOfShare: (n: number, percent: number) => take(n, (id) => !inCandidate(id, area, version, percent)),
  };
}

/**
 * Visitors load the page through `inst` (GET /api/rollout/remotes with their API-signed cookie) and
 * report each load of the area's version they were given: `failed` for the last `failures` (a failure is
 * what triggers the immediate automatic rollback check).
 * Returns the versions they got.
 */
export async function visitorsReport(api: TestApi, inst: Instance, ids: string[], area: string, failures = 0): Promise<string[]> {
  const versions: string[] = [];
  for (const [i, id] of ids.entries()) {
    const a = inst.agent();
    const cookie = visitorCookie(api, id);
    const r = await a.request('GET', '/api/rollout/remotes', { headers: { cookie } });
    if (r.status !== 200) throw new Error(`remotes answered ${r.status} ${r.text}`);
    const version = r.body.remotes.find((x: { area: string }) => x.area === area).version as string;
    versions.push(version);
    const ev = await a.request('POST', '/api/rollout/events', { json: { area, version, outcome: i >= ids.length - failures ? 'failed' : 'loaded' }, headers: { cookie } });
    if (ev.status !== 204) throw new Error(`events answered ${ev.status} ${ev.text}`);
  }
  return versions;
}
