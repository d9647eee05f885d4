const { jestProject } = require('@fitconnect/build-config/jest');

module.exports = jestProject({ name: 'mfe-messages', dir: __dirname, env: 'jsdom' });
