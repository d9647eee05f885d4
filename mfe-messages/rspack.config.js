const { createAppConfig } = require('@fitconnect/build-config/rspack');

module.exports = createAppConfig({ dir: __dirname, name: 'mfe_messages', kind: 'remote', port: 3003, title: 'Messages | FitConnect' });
