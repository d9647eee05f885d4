// The workouts area's server build (issue 32 stage 2, docs/ssr.md): see build-config/server.js.
const { createServerConfig } = require('@fitconnect/build-config/server');

module.exports = createServerConfig({ dir: __dirname, name: 'mfe_workouts' });
