const { jestProject } = require('@fitconnect/build-config/jest');

module.exports = jestProject({ name: 'api', dir: __dirname, env: 'node' });
