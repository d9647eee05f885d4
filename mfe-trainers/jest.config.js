const { jestProject } = require('@fitconnect/build-config/jest');

module.exports = jestProject({ name: 'mfe-trainers', dir: __dirname, env: 'jsdom' });
