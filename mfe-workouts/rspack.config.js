const { createAppConfig } = require('@fitconnect/build-config/rspack');

module.exports = createAppConfig({ dir: __dirname, name: 'mfe_workouts', kind: 'remote', port: 3001, title: 'Workouts | FitConnect' });
