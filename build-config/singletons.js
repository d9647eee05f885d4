// The Module Federation shared singletons of every app (shell and remotes), in one place: build-config/rspack.js
// builds the shared config from these lists; tests read them without loading rspack.
/**
 * The contracts' entries for the front ends (contracts/<name>.ts); the package root is the API's. One per area,
 * and the exercise library's and the training log's apart from the rest of the workouts area's (contracts/exercises.ts
 * and contracts/training.ts say why), and the challenges' rules without a schema apart from the challenges'
 * (contracts/challenge-rules.ts: the list loads no zod).
 */
const CONTRACTS_AREAS = ['auth', 'workouts', 'exercises', 'training', 'trainers', 'bookings', 'messages', 'community', 'challenges', 'challenge-rules'];

/**
 * Packages that must exist once on the page: shell and every remote share these as singletons.
 * (react-dom subpaths and react's JSX runtimes are listed explicitly; react-router-dom and
 * @tanstack/react-query are shared as the part of them the pages use, which carries the part of
 * @tanstack/query-core it needs: see rspack.js.)
 */
const SINGLETON_PACKAGES = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  '@tanstack/react-query',
  'styled-components',
  'zustand',
  '@fitconnect/shared-ui',
  // shared-ui's form fields (shared-ui/src/forms.ts), and its dialogs and tabs (shared-ui/src/widgets.ts):
  // loaded with the first page that uses one, not on the landing path.
  '@fitconnect/shared-ui/forms',
  '@fitconnect/shared-ui/widgets',
  // shared-ui's patterns (back link, avatar, unread badge, not-found view, filters: shared-ui/src/patterns.ts).
  '@fitconnect/shared-ui/patterns',
  // The forms' rules (with the part of zod they use), one entry per area (contracts/<area>.ts): a first visit
  // of an area loads and builds its own schemas, not every area's, and each is loaded once per page, with
  // the first page that validates something. zod itself is not shared: a shared package is never
  // tree-shaken, and all of zod is 3.5x what the contracts use of it (the part they use is one chunk of the
  // shell's, common to these entries).
  ...CONTRACTS_AREAS.map((area) => `@fitconnect/contracts/${area}`),
];

/**
 * The singletons the shell provides EAGERLY: they sit in its entry chunk, registered before its first line
 * runs, instead of one chunk each fetched through the runtime's share negotiation after the entry has
 * run. The landing page needs every one of them before it can paint, and the shell is on every page, so
 * nothing is loaded that would not be anyway. Measured: 13 landing requests become 2 and about 5 KB less
 * gzip (one stream compresses better); the landing's LCP at 4x CPU moved less than its run-to-run noise.
 * Remotes keep consuming them as before (they take the shell's, which is registered first).
 * Not here (LOADED_ON_DEMAND): the contracts (and zod), since the landing page does not validate
 * anything, and shared-ui's form fields, dialogs and tabs, which it does not use; they load with the first
 * page that does.
 */
const LOADED_ON_DEMAND = [
  '@fitconnect/shared-ui/forms',
  '@fitconnect/shared-ui/widgets',
  '@fitconnect/shared-ui/patterns',
  ...CONTRACTS_AREAS.map((area) => `@fitconnect/contracts/${area}`),
];
const HOST_EAGER = SINGLETON_PACKAGES.filter((request) => !LOADED_ON_DEMAND.includes(request));

module.exports = { SINGLETON_PACKAGES, CONTRACTS_AREAS, HOST_EAGER };
