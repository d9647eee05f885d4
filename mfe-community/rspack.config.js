const { createAppConfig } = require('@fitconnect/build-config/rspack');

module.exports = createAppConfig({ dir: __dirname, name: 'mfe_community', kind: 'remote', port: 3004, title: 'Community | FitConnect' });
