const { jestProject } = require('@fitconnect/build-config/jest');

module.exports = jestProject({ name: 'mfe-workouts', dir: __dirname, env: 'jsdom' });
