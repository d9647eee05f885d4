const { jestProject } = require('@fitconnect/build-config/jest');

module.exports = jestProject({ name: 'embedded-mongo', dir: __dirname, env: 'node' });
