const { createAppConfig } = require('@fitconnect/build-config/rspack');

module.exports = createAppConfig({ dir: __dirname, name: 'mfe_trainers', kind: 'remote', port: 3002, title: 'Trainers | FitConnect' });
