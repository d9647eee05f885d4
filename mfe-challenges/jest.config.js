const { jestProject } = require('@fitconnect/build-config/jest');

module.exports = jestProject({ name: 'mfe-challenges', dir: __dirname, env: 'jsdom' });
