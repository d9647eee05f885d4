// Root jest: every workspace's project (unit, component and API-over-HTTP tests).
// Browser tests live in e2e/ and run separately (npm run test:e2e) against the built site.
module.exports = {
  // A global option (projects cannot set it): 2 shared cores can make a jsdom render take seconds.
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
