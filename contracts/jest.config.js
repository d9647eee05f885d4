const { jestProject } = require('@fitconnect/build-config/jest');

module.exports = jestProject({ name: 'contracts', dir: __dirname, env: 'node' });
