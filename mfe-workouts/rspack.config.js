const { createAppConfig } = require('@fitconnect/build-config/rspack');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_workouts',
  kind: 'remote',
  port: 3001,
  title: 'Workouts | FitConnect',
  // ./dashboardWidget: the "My Training" card the shell shows on /profile (listed in mf-manifest.json).
  exposes: { './routes': './src/routes.tsx', './dashboardWidget': './src/dashboardWidget.tsx' },
});
