const { jestProject } = require('@fitconnect/build-config/jest');

module.exports = jestProject({ name: 'shared-ui', dir: __dirname, env: 'jsdom' });
