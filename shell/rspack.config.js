const { createAppConfig } = require('@fitconnect/build-config/rspack');

// The host: no remotes at build time (it reads /remotes.json at runtime), the shared singletons only.
module.exports = createAppConfig({ dir: __dirname, name: 'shell', kind: 'host', port: 3000, title: 'FitConnect' });
