// The environment `npm start` / `npm run dev` (scripts/start.mjs) gives the API process (issue 26):
//
//  - HOST=127.0.0.1 always: the API sits behind the shell's /api proxy, which appends the client's address
//    to X-Forwarded-For, and TRUST_PROXY (default 1 hop) trusts that entry. Reachable from elsewhere, a
//    client could write its own X-Forwarded-For and dodge every per-address limit; so HOST=0.0.0.0 exposes
//    the site (the static servers), never the API port.
//  - SEED_DEMO=1 unless set: `npm start` is the zero-install demo, so an empty database gets the demo
//    accounts (SEED_DEMO=0 npm start for none). The API alone seeds nothing unless SEED_DEMO is set.

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
