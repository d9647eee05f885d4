const { createAppConfig } = require('@fitconnect/build-config/rspack');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_trainers',
  kind: 'remote',
  port: 3002,
  title: 'Trainers | FitConnect',
  // ./dashboardWidget: the "My Sessions" card the shell shows on /profile (listed in mf-manifest.json).
  exposes: { './routes': './src/routes.tsx', './dashboardWidget': './src/dashboardWidget.tsx' },
});
