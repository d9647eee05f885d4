// '@fitconnect/contracts/workouts': the contracts of the workouts area: plans and the generator's form (the exercise
// library's are '@fitconnect/contracts/exercises').
// The front ends import the contracts by area, never from '@fitconnect/contracts' itself (type-only imports
// aside): each area's entry is a Module Federation singleton of its own, so a first visit of an area loads and
// builds its own schemas, not every area's (build-config/rspack.js; build-config/test/contracts-by-area.test.ts).
// The API and tests use the package root, which has everything.
export * from './src/workouts';
// The session log, My training and streaks (issue 31) are '@fitconnect/contracts/training' (contracts/training.ts).
export * from './src/ids';
