const { jestProject } = require('@fitconnect/build-config/jest');

module.exports = jestProject({ name: 'shell', dir: __dirname, env: 'jsdom' });
