// '@fitconnect/contracts/trainers': the contracts of the trainers area: directory, profiles, reviews, trainer sign-up and profile editing.
// The front ends import the contracts by area, never from '@fitconnect/contracts' itself (type-only imports
// aside): each area's entry is a Module Federation singleton of its own, so a first visit of an area loads and
// builds its own schemas, not every area's (build-config/rspack.js; build-config/test/contracts-by-area.test.ts).
// The API and tests use the package root, which has everything.
export * from './src/trainers';
export * from './src/distance';
export * from './src/ids';
