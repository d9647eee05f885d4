const { jestProject } = require('@fitconnect/build-config/jest');

module.exports = {
  ...jestProject({ name: 'e2e', dir: __dirname, env: 'node', testTimeout: 120000 }),
  // First line of the run: which browser (Debian's Chromium or the one from @sparticuz/chromium).
  globalSetup: '<rootDir>/src/global-setup.ts',
};
