// '@fitconnect/contracts/auth': the contracts of accounts: sign up, sign in, profile, password reset (the shell's pages; trainers' sign-up).
// The front ends import the contracts by area, never from '@fitconnect/contracts' itself (type-only imports
// aside): each area's entry is a Module Federation singleton of its own, so a first visit of an area loads and
// builds its own schemas, not every area's (build-config/rspack.js; build-config/test/contracts-by-area.test.ts).
// The API and tests use the package root, which has everything.
export * from './src/auth';
export * from './src/user';
// The Notifications settings page (issue 30) is the shell's too.
export * from './src/notifications';
