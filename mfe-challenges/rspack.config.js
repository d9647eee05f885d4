const { createAppConfig } = require('@fitconnect/build-config/rspack');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_challenges',
  kind: 'remote',
  port: 3005,
  title: 'Challenges | FitConnect',
  // ./dashboardWidget: the card the shell shows on /profile (listed in mf-manifest.json).
  exposes: { './routes': './src/routes.tsx', './dashboardWidget': './src/dashboardWidget.tsx' },
});
