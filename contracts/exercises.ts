// '@fitconnect/contracts/exercises': the exercise catalogue's contracts (the tutorial library's query and its options).
// An entry of its own, not part of '@fitconnect/contracts/workouts': the library is the workouts area's most visited
// page, and its first visit builds these few schemas only, not the generator's form and the plans' (about 200 zod
// calls): building this entry on first use took 20-30 ms at 4x CPU against 30-42 ms for the workouts entry with it.
// The front ends import the contracts by entry, never from '@fitconnect/contracts' itself (type-only imports
// aside): each entry is a Module Federation singleton of its own (build-config/rspack.js;
// build-config/test/contracts-by-area.test.ts). The API and tests use the package root, which has everything.
export * from './src/exercises';
