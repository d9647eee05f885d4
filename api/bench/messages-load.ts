/**
 * Load script for live messages (not a test): N open SSE streams and R messages a second for D seconds, on
 * loopback, through one or more API instances on one database. Reports delivery latency (send started ->
 * event received on the receiver's stream) median / p99 / max, and every message lost or doubled, on the
 * receiver's stream and on the sender's own stream; then checks the database: one stored message per
 * accepted send, and every conversation numbered 1..n without a gap.
 *
 *   npx tsx api/bench/messages-load.ts [--streams 200] [--rate 50] [--seconds 30] [--instances 2] [--json]
 * (--json: a last line `BENCH_JSON {...}` for `npm run bench -- --scale`; --profile DIR: CPU profiles of the
 * database and API processes in DIR.)
 *
 * Processes: the embedded database (its CLI, in memory), each API instance (`node --import tsx api/src/index.ts`,
 * RATE_LIMIT=off so the per-user send limit does not refuse the load; SCRYPT_N=16384, the lowest allowed, so
 * 2,000 sign-ups, which are set-up and not measured, take a minute rather than ten), and this script (the clients).
 * Streams alternate between instances, and so do sends: a message sent through one instance must reach
 * streams open on the other through the change stream.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';

const ROOT = path.resolve(__dirname, '..', '..');

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : dflt;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
}
const STREAMS = arg('streams', 200);
const RATE = arg('rate', 50);
const SECONDS = arg('seconds', 30);
const INSTANCES = arg('instances', 2);
const DRAIN_MS = 10_000;
/** --profile DIR: the database and API processes run under node --cpu-prof and write their profiles to DIR. */
const PROFILE = process.argv.includes('--profile') ? path.resolve(process.argv[process.argv.indexOf('--profile') + 1]) : null;
/** Node flags of the database and API processes: each runs in the process this script starts (no wrapper), so its CPU time can be read. */
const nodeArgs = [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : []), '--import', 'tsx'];

/** CPU time (user + system, all threads) a process used so far, in ms (Linux /proc; null elsewhere). */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const children: ChildProcess[] = [];
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

function start(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<RegExpMatchArray> {
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const log: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${log.join('\n')}`)), 180_000);
    const onData = (b: Buffer) => {
      for (const line of b.toString().split('\n')) {
        if (!line.trim()) continue;
        log.push(line);
        if (/warn|error/i.test(line) && !/ExperimentalWarning/.test(line)) console.error(`[${name}] ${line}`);
        const m = line.match(ready);
        if (m) {
          clearTimeout(timer);
          resolve(m);
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}):\n${log.join('\n')}`)));
  });
}

interface User {
  id: number;
  cookie: string;
  base: string;
}

async function signUp(base: string, i: number): Promise<User> {
  const tag = `load${i}_${Date.now().toString(36)}`;
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: tag, email: `${tag}@example.com`, firstName: 'Load', lastName: `User${i}`, location: '', password: 'secret123', confirmPassword: 'secret123', isTrainer: false }),
  });
  if (res.status !== 201) throw new Error(`signup ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const body = (await res.json()) as { user: { id: number } };
  return { id: body.user.id, cookie, base };
}

interface Sent {
  t0: number;
  /** When the POST was answered. */
  t1?: number;
  sender: number;
  receiver: number;
  accepted: boolean;
  postMs?: number;
}

const sent = new Map<number, Sent>();
/** `${n}:${userId}` -> deliveries on that user's stream. */
const deliveries = new Map<string, number>();
const latencies: number[] = [];
/** Receiver's event time minus the moment the POST was answered (negative: the event came first). */
const afterAnswer: Array<{ n: number; at: number }> = [];

function openStream(u: User, onReady: () => void): AbortController {
  const ctl = new AbortController();
  void (async () => {
    const res = await fetch(`${u.base}/api/messages/stream`, { headers: { cookie: u.cookie, accept: 'text/event-stream' }, signal: ctl.signal });
    if (res.status !== 200 || !res.body) throw new Error(`stream ${res.status}`);
    const dec = new TextDecoder();
    let buf = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += dec.decode(chunk, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const ev = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (ev === 'ready') onReady();
          if (ev !== 'message' || !data) continue;
          const now = performance.now();
          const m = JSON.parse(data) as { content: string; receiverId: number };
          const n = Number(/^load (\d+)$/.exec(m.content)?.[1]);
          const s = sent.get(n);
          if (!s) continue;
          const key = `${n}:${u.id}`;
          deliveries.set(key, (deliveries.get(key) ?? 0) + 1);
          if (m.receiverId === u.id && deliveries.get(key) === 1) {
            latencies.push(now - s.t0);
            afterAnswer.push({ n, at: now });
          }
        }
      }
    } catch {
      /* aborted at the end */
    }
  })().catch((err) => console.error(`stream of user ${u.id} failed: ${(err as Error).message}`));
  return ctl;
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function main() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'messages-load-'));
  console.log(`messages load: ${STREAMS} streams, ${RATE} messages/s for ${SECONDS} s, ${INSTANCES} API instance(s), node ${process.version}, ${os.cpus().length} CPU(s), load ${os.loadavg()[0].toFixed(2)}`);
  // The database's CLI directly (its bin script would run it in a child node process).
  const dbm = await start('db', process.execPath, [...nodeArgs, path.join(ROOT, 'embedded-mongo', 'src', 'cli.ts'), '--memory', '--port', '0'], {}, /listening on (mongodb:\/\/\S+)/);
  const dbUri = dbm[1];
  const bases: string[] = [];
  for (let i = 0; i < INSTANCES; i++) {
    const m = await start(
      `api${i + 1}`,
      process.execPath,
      [...nodeArgs, path.join(ROOT, 'api', 'src', 'index.ts')],
      { PORT: '0', HOST: '127.0.0.1', MONGODB_URI: `${dbUri}fitconnect`, DATA_DIR: path.join(tmp, `api${i}`), RATE_LIMIT: 'off', SCRYPT_N: '16384', SESSION_SECRET: 'load-test-secret-shared-by-every-instance-0123456789' },
      /listening on (http:\/\/\S+)/i,
    );
    bases.push(m[1]);
  }

  // Users (alternating instances; sessions live in the database, so any instance accepts any cookie).
  const users: User[] = [];
  for (let i = 0; i < STREAMS; i += 8) {
    users.push(...(await Promise.all(Array.from({ length: Math.min(8, STREAMS - i) }, (_, j) => signUp(bases[(i + j) % INSTANCES], i + j)))));
  }
  console.log(`signed up ${users.length} users`);

  let ready = 0;
  const allReady = new Promise<void>((resolve) => {
    const onReady = () => {
      ready += 1;
      if (ready === users.length) resolve();
    };
    for (const u of users) streamsOpen.push(openStream(u, onReady));
  });
  await allReady;
  console.log(`${ready} streams open`);

  // Sends: every 1000/RATE ms one message from a random user to another random user, through the
  // instance after the one the sender's stream is on (so most deliveries cross instances).
  let n = 0;
  const total = RATE * SECONDS;
  const postTimes: number[] = [];
  const inflight: Promise<void>[] = [];
  const t0 = performance.now();
  const cpuBefore = children.map((c) => cpuMsOf(c.pid));
  const clientCpuBefore = process.cpuUsage();
  /** The measured window on the monotonic clock (µs), which CPU profiles' timestamps also use: to read a profile for the sends alone. */
  const windowFromUs = process.hrtime.bigint() / 1000n;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * RATE) + 1);
      while (n < due) {
        n += 1;
        const id = n;
        const si = Math.floor(Math.random() * users.length);
        let ri = Math.floor(Math.random() * (users.length - 1));
        if (ri >= si) ri += 1;
        const s = users[si];
        const r = users[ri];
        const via = bases[(bases.indexOf(s.base) + 1) % bases.length];
        const rec: Sent = { t0: performance.now(), sender: s.id, receiver: r.id, accepted: false };
        sent.set(id, rec);
        inflight.push(
          fetch(`${via}/api/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: s.cookie },
            body: JSON.stringify({ receiverId: r.id, content: `load ${id}`, clientKey: `load-${id}-${rec.t0.toFixed(0)}` }),
          }).then(
            async (res) => {
              await res.arrayBuffer();
              rec.accepted = res.status === 201;
              rec.t1 = performance.now();
              rec.postMs = rec.t1 - rec.t0;
              postTimes.push(rec.postMs);
              if (!rec.accepted) console.error(`send ${id}: ${res.status}`);
            },
            (err) => console.error(`send ${id} failed: ${(err as Error).message}`),
          ),
        );
      }
      if (n >= total) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  const sendSeconds = (performance.now() - t0) / 1000;
  await Promise.all(inflight);
  // CPU per accepted message of the database and of the API instances, sends until every POST was answered
  // (deliveries of the last few may still be on their way): what a message costs whatever the machine's load.
  const cpuAfter = children.map((c) => cpuMsOf(c.pid));
  const clientCpu = process.cpuUsage(clientCpuBefore);
  if (PROFILE) console.log(`profile window (monotonic µs, as in the .cpuprofile timestamps): ${windowFromUs} ${process.hrtime.bigint() / 1000n}; pids: database ${children[0].pid}, API ${children.slice(1).map((c) => c.pid).join(', ')}`);
  const cpuUsed = cpuAfter.map((a, i) => (a === null || cpuBefore[i] === null ? null : a - cpuBefore[i]!));
  // Drain: wait until every accepted message reached both streams, or DRAIN_MS.
  const drainUntil = performance.now() + DRAIN_MS;
  const complete = () => [...sent].every(([id, s]) => !s.accepted || ((deliveries.get(`${id}:${s.receiver}`) ?? 0) > 0 && (deliveries.get(`${id}:${s.sender}`) ?? 0) > 0));
  while (!complete() && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));

  let accepted = 0;
  let lostRecv = 0;
  let lostEcho = 0;
  let doubled = 0;
  for (const [id, s] of sent) {
    if (!s.accepted) continue;
    accepted += 1;
    const atReceiver = deliveries.get(`${id}:${s.receiver}`) ?? 0;
    const atSender = deliveries.get(`${id}:${s.sender}`) ?? 0;
    if (atReceiver === 0) lostRecv += 1;
    if (atSender === 0) lostEcho += 1;
    if (atReceiver > 1) doubled += atReceiver - 1;
    if (atSender > 1) doubled += atSender - 1;
  }
  for (const c of streamsOpen) c.abort();

  // The database: one message per accepted send, each conversation numbered 1..n.
  const client = await MongoClient.connect(dbUri);
  const msgs = await client
    .db('fitconnect')
    .collection<{ conversationId: number; seq: number | null; content: string }>('messages')
    .find({ content: /^load \d+$/ }, { projection: { conversationId: 1, seq: 1 } })
    .toArray();
  const byConv = new Map<number, number[]>();
  for (const m of msgs) byConv.set(m.conversationId, [...(byConv.get(m.conversationId) ?? []), m.seq ?? -1]);
  let gaps = 0;
  for (const seqs of byConv.values()) {
    seqs.sort((a, b) => a - b);
    if (seqs.some((s, i) => s !== i + 1)) gaps += 1;
  }
  await client.close();

  console.log(`sent ${n} messages in ${sendSeconds.toFixed(1)} s (${(n / sendSeconds).toFixed(1)}/s); accepted ${accepted}, not accepted ${n - accepted} (refused, or the client gave up waiting)`);
  console.log(`POST /api/messages round trip: median ${ms(pct(postTimes, 50))}, p99 ${ms(pct(postTimes, 99))}, max ${ms(Math.max(...postTimes))}`);
  console.log(
    `delivery to the receiver's stream (send started -> event received): median ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}, max ${ms(Math.max(...latencies))} (${latencies.length} deliveries)`,
  );
  const live = afterAnswer.filter((x) => sent.get(x.n)?.t1 !== undefined).map((x) => x.at - sent.get(x.n)!.t1!);
  console.log(`  of which after the POST was answered (the change-stream path alone): median ${ms(pct(live, 50))}, p99 ${ms(pct(live, 99))}`);
  const perMessage = (x: number | null) => (x === null || !accepted ? 'n/a' : `${(x / accepted).toFixed(1)} ms`);
  const apiCpu = cpuUsed.slice(1).reduce<number | null>((a, b) => (a === null || b === null ? null : a + b), 0);
  console.log(`CPU per accepted message: database ${perMessage(cpuUsed[0])}, API instances together ${perMessage(apiCpu)} (load ${os.loadavg()[0].toFixed(2)})`);
  // The clients share the machine: their CPU is what the server side cannot have on two cores.
  console.log(`  and this script's clients (the sends and ${STREAMS} streams' reading): ${perMessage((clientCpu.user + clientCpu.system) / 1000)}`);
  console.log(`lost: ${lostRecv} at receivers, ${lostEcho} at senders' own streams; doubled: ${doubled}`);
  console.log(`database: ${msgs.length} stored for ${accepted} accepted sends; ${byConv.size} conversations, ${gaps} with a gap or duplicate in their numbers`);
  if (process.argv.includes('--json')) {
    const out = {
      streams: STREAMS,
      rate: RATE,
      seconds: SECONDS,
      instances: INSTANCES,
      load: os.loadavg()[0],
      sent: n,
      sendSeconds,
      accepted,
      notAccepted: n - accepted,
      dbCpuMsPerMessage: cpuUsed[0] === null || !accepted ? null : cpuUsed[0] / accepted,
      apiCpuMsPerMessage: apiCpu === null || !accepted ? null : apiCpu / accepted,
      post: { median: pct(postTimes, 50), p99: pct(postTimes, 99) },
      delivery: { median: pct(latencies, 50), p99: pct(latencies, 99), max: Math.max(...latencies), n: latencies.length },
      afterAnswer: { median: pct(live, 50), p99: pct(live, 99) },
      lostRecv,
      lostEcho,
      doubled,
      stored: msgs.length,
      gaps,
    };
    console.log(`BENCH_JSON ${JSON.stringify(out)}`);
  }
  for (const c of children) c.kill('SIGTERM');
  // A profiled process writes its profile as it exits: wait for them.
  if (PROFILE) await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  rmSync(tmp, { recursive: true, force: true });
  const ok = lostRecv === 0 && lostEcho === 0 && doubled === 0 && gaps === 0 && msgs.length === accepted;
  process.exit(ok ? 0 : 1);
}

const streamsOpen: AbortController[] = [];

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
