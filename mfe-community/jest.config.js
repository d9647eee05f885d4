const { jestProject } = require('@fitconnect/build-config/jest');

module.exports = jestProject({ name: 'mfe-community', dir: __dirname, env: 'jsdom' });
