const { createAppConfig } = require('@fitconnect/build-config/rspack');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_messages',
  kind: 'remote',
  port: 3003,
  title: 'Messages | FitConnect',
  // ./navBadge: the unread count the shell shows beside the Messages entry (listed in mf-manifest.json).
  exposes: { './routes': './src/routes.tsx', './navBadge': './src/navBadge.tsx' },
});
