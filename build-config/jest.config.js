const { jestProject } = require('./jest');

module.exports = jestProject({ name: 'build-config', dir: __dirname, env: 'node' });
