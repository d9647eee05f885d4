const { jestProject } = require('@fitconnect/build-config/jest');

module.exports = jestProject({ name: 'scripts', dir: __dirname, env: 'node' });
