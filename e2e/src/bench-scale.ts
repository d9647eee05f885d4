/**
 * The scale rows of `npm run bench -- --scale` (issue 35 item 4, "ten times the data"): each benchmark in
 * api/bench runs in its own process with --json, at today's size (1x) and at ten times it (10x):
 *   - trainers (api/bench/trainers.ts): 10,000 and 100,000 trainers; profile, location search, filtered page,
 *     location + filters, the three list rows again with the total's cache off ("cold"); goal server p99 <= 50 ms,
 *   - a challenge leaderboard (api/bench/leaderboard.ts): 1,000 and 10,000 participants; the leaderboard read
 *     and top 10 + the caller's rank; goal p99 <= 30 ms,
 *   - live messages (api/bench/messages-load.ts): 200 streams at 50/s, then 2,000 streams at 200/s across two
 *     API instances; goal delivery p99 <= 250 ms, none lost or doubled, every stored message numbered.
 * Server time is measured inside the API process (api/bench/timing.ts), beside what the client saw.
 * SCALE_REQUESTS (default 200) requests per row; SCALE_MESSAGE_SECONDS (default 20) seconds of sends.
 * The machine is shared: each row says the load average when it was measured.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

type Row = [string, string, string];
type Goal = [string, boolean];

interface S {
  median: number;
  p99: number;
}

function runJson<T>(root: string, script: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'api', 'bench', script), ...args, '--json'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      process.stdout.write(b);
    });
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.once('exit', () => {
      const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
      if (line) resolve(JSON.parse(line.slice('BENCH_JSON '.length)) as T);
      else reject(new Error(`${script} ${args.join(' ')}: no result\n${err.slice(-2000)}`));
    });
  });
}

const f = (x: number) => x.toFixed(1);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

export async function scaleRows(root: string): Promise<{ rows: Row[]; goals: Goal[] }> {
  const rows: Row[] = [];
  const goals: Goal[] = [];
  const requests = String(Number(process.env.SCALE_REQUESTS ?? 200));
  const seconds = String(Number(process.env.SCALE_MESSAGE_SECONDS ?? 20));
  const failed = (what: string, goal: string, err: unknown) => {
    rows.push([what, `not measured: ${String(err).split('\n').slice(0, 3).join(' ')}`, goal]);
    goals.push([`${what} (not measured)`, false]);
  };

  const TRAINER_ROWS: [string, string][] = [
    ['profile', 'profile GET /api/trainers/{id}'],
    ['location', 'location search'],
    ['filtered', 'filtered page'],
    ['locationFiltered', 'location + filters'],
    // Issue 35.4: the same list rows with the X-Total-Count cache off (every request counts): the first
    // request of a search, or the first after a trainer write, costs this.
    ['locationCold', 'location search, cold total'],
    ['filteredCold', 'filtered page, cold total'],
    ['locationFilteredCold', 'location + filters, cold total'],
  ];
  for (const n of [10_000, 100_000]) {
    const scale = n === 10_000 ? '1x' : '10x';
    try {
      const r = await runJson<{ load: number; seedMs: number; rows: Record<string, { server: S; client: S }> }>(root, 'trainers.ts', [String(n), requests]);
      for (const [key, name] of TRAINER_ROWS) {
        const x = r.rows[key];
        if (!x) continue; // an older trainers.ts without the cold rows
        const ok = x.server.p99 <= 50;
        rows.push([`${scale} ${n.toLocaleString('en-GB')} trainers: ${name}`, `server p50 ${f(x.server.median)} / p99 ${f(x.server.p99)} ms, client p99 ${f(x.client.p99)} ms (load ${r.load.toFixed(1)}): ${verdict(ok)}`, 'server p99 <= 50 ms']);
        goals.push([`${scale} trainers ${name} p99 <= 50 ms`, ok]);
      }
    } catch (err) {
      failed(`${scale} trainers`, 'server p99 <= 50 ms', err);
    }
  }

  for (const n of [1_000, 10_000]) {
    const scale = n === 1_000 ? '1x' : '10x';
    try {
      const r = await runJson<{ load: number; rank: number; rows: Record<string, { server: S; client?: S }> }>(root, 'leaderboard.ts', [String(n), requests]);
      const board = r.rows.board;
      const top = r.rows.topAndRank;
      const detail = r.rows.detail;
      rows.push([`${scale} challenge, ${n.toLocaleString('en-GB')} participants: leaderboard GET .../participants`, `server p50 ${f(board.server.median)} / p99 ${f(board.server.p99)} ms, client p99 ${f(board.client!.p99)} ms (load ${r.load.toFixed(1)}): ${verdict(board.server.p99 <= 30)}`, 'p99 <= 30 ms']);
      // Issue 35.4: the page's board, GET .../leaderboard?limit=10 (top 10 + own rank), a random participant per request.
      rows.push([`${scale}   top 10 + own rank GET .../leaderboard?limit=10, random participants`, `server p50 ${f(top.server.median)} / p99 ${f(top.server.p99)} ms, client p99 ${f(top.client!.p99)} ms: ${verdict(top.server.p99 <= 30)}`, 'p99 <= 30 ms']);
      const last = r.rows.lastRanked;
      if (last) rows.push([`${scale}   the same for the participant ranked last`, `server p50 ${f(last.server.median)} / p99 ${f(last.server.p99)} ms`, '(no goal)']);
      rows.push([`${scale}   the challenge page GET /api/challenges/{id}`, `server p50 ${f(detail.server.median)} / p99 ${f(detail.server.p99)} ms`, '(no goal)']);
      goals.push([`${scale} leaderboard read p99 <= 30 ms`, board.server.p99 <= 30], [`${scale} top 10 + own rank p99 <= 30 ms`, top.server.p99 <= 30]);
    } catch (err) {
      failed(`${scale} leaderboard`, 'p99 <= 30 ms', err);
    }
  }

  for (const [streams, rate, scale] of [
    [200, 50, '1x'],
    [2_000, 200, '10x'],
  ] as const) {
    try {
      const r = await runJson<{
        load: number;
        sent: number;
        accepted: number;
        notAccepted: number;
        dbCpuMsPerMessage: number | null;
        apiCpuMsPerMessage: number | null;
        delivery: S & { max: number };
        lostRecv: number;
        lostEcho: number;
        doubled: number;
        stored: number;
        gaps: number;
      }>(root, 'messages-load.ts', ['--streams', String(streams), '--rate', String(rate), '--seconds', seconds, '--instances', '2']);
      const whole = r.notAccepted === 0 && r.lostRecv === 0 && r.lostEcho === 0 && r.doubled === 0 && r.gaps === 0 && r.stored === r.accepted;
      const ok = whole && r.delivery.p99 <= 250;
      rows.push([
        `${scale} messages: ${streams.toLocaleString('en-GB')} streams, ${rate}/s for ${seconds} s, 2 instances`,
        `delivery p50 ${r.delivery.median.toFixed(0)} / p99 ${r.delivery.p99.toFixed(0)} ms; ${r.accepted} of ${r.sent} accepted, lost ${r.lostRecv}+${r.lostEcho}, doubled ${r.doubled}, ${r.stored} stored, ${r.gaps} gaps; CPU/message: database ${r.dbCpuMsPerMessage?.toFixed(1) ?? 'n/a'} ms, APIs ${r.apiCpuMsPerMessage?.toFixed(1) ?? 'n/a'} ms (load ${r.load.toFixed(1)}): ${verdict(ok)}`,
        'p99 <= 250 ms, none lost or doubled',
      ]);
      goals.push([`${scale} messages delivery p99 <= 250 ms, none lost or doubled`, ok]);
    } catch (err) {
      failed(`${scale} messages`, 'p99 <= 250 ms, none lost or doubled', err);
    }
  }
  return { rows, goals };
}
