// Root jest: every workspace's project (unit, component and API-over-HTTP tests).
// Browser tests live in e2e/ and run separately (npm run test:e2e) against the built site.
module.exports = {
  // testTimeout is a global option (a project's own is ignored under `projects`): jest's 5 s default
  // failed component tests on the busy shared 2-core machine.
  testTimeout: 30_000,
  projects: [
    '<rootDir>/build-config',
    '<rootDir>/contracts',
    '<rootDir>/embedded-mongo',
    '<rootDir>/shared-ui',
    '<rootDir>/api',
    '<rootDir>/shell',
    '<rootDir>/mfe-workouts',
    '<rootDir>/mfe-trainers',
    '<rootDir>/mfe-messages',
    '<rootDir>/mfe-community',
    '<rootDir>/mfe-challenges',
    '<rootDir>/scripts',
  ],
};
