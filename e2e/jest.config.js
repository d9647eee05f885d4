const { jestProject } = require('@fitconnect/build-config/jest');

module.exports = jestProject({ name: 'e2e', dir: __dirname, env: 'node', testTimeout: 120000 });
