// The environment `npm start` / `npm run dev` (scripts/start.mjs) gives the API process (issue 26):
//
//  - HOST=127.0.0.1 always: the API sits behind the shell's /api proxy, which appends the client's address
//    to X-Forwarded-For, and TRUST_PROXY (default 1 hop) trusts that entry. Reachable from elsewhere, a
//    client could write its own X-Forwarded-For and dodge every per-address limit; so HOST=0.0.0.0 exposes
//    the site (the static servers), never the API port.
//  - SEED_DEMO=1 unless set: `npm start` is the zero-install demo, so an empty database gets the demo
//    accounts (SEED_DEMO=0 npm start for none). The API alone seeds nothing unless SEED_DEMO is set.

/**
 * The node flags npm start runs the compiled API with (and the bench's API rows, e2e/src/apibench.ts). V8's young
 * generation at 8 MB per semi-space instead of its default 16. It was 2 MB until the twenty-first session, which
 * saved memory but doubled the CPU a request costs: a request's short-lived objects outlived the scavenges of so
 * small a space and were promoted and collected by full GCs. docs/performance.md, "API CPU per request".
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=8'];

/** Loopback: the only interface the API listens on under npm start. */
export const API_HOST = '127.0.0.1';

/** HOST, SEED_DEMO and TRUST_PROXY for the API process, from the environment npm start was given. */
export function apiProcessEnv(env = process.env) {
  return {
    HOST: API_HOST,
    SEED_DEMO: env.SEED_DEMO ?? '1',
    TRUST_PROXY: env.TRUST_PROXY ?? '1',
  };
}
