// '@fitconnect/contracts/training': the session log, My training's history and streaks (issue 31). An entry of its
// own, not part of '@fitconnect/contracts/workouts': only the guided session's end and My training use these, so
// the generator's first visit (/ai-workout, which loads the workouts entry) does not load and build them.
// The front ends import the contracts by entry, never from '@fitconnect/contracts' itself (type-only imports
// aside): each entry is a Module Federation singleton of its own (build-config/rspack.js;
// build-config/test/contracts-by-area.test.ts). The API and tests use the package root, which has everything.
export * from './src/training';
