// The bench's yardstick (e2e/src/apibench.ts): the smallest Koa app answering a small JSON, run the way the API
// runs under `npm start` (plain JavaScript under node, its own process and port), so "API / bare Koa" is the
// cost of everything the API adds: session, database, validation, presenters.
import http from 'node:http';
import Koa from 'koa';

// BARE_KOA_WORK_US=N: spin N µs of CPU in each request first. The bench's calibration row
// (apibench.ts): what "N µs more work per request" scores on this machine's ratio.
const workNs = BigInt(Math.round(Number(process.env.BARE_KOA_WORK_US ?? 0) * 1000));

const app = new Koa();
app.use((ctx) => {
  if (workNs > 0n) {
    const start = process.hrtime.bigint();
    while (process.hrtime.bigint() - start < workNs);
  }
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { id: 1, title: 'bare Koa', ok: true };
});
const server = http.createServer(app.callback());
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(`bare Koa listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => server.close(() => process.exit(0)));
