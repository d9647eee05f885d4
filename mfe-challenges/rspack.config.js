const { createAppConfig } = require('@fitconnect/build-config/rspack');

module.exports = createAppConfig({ dir: __dirname, name: 'mfe_challenges', kind: 'remote', port: 3005, title: 'Challenges | FitConnect' });
