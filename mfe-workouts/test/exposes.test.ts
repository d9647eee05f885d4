/** @jest-environment node */
// What the remote publishes to the shell: ./routes and ./dashboardWidget ("My Training" on /profile, issue 31.5), listed in
// mf-manifest.json, which is how the shell knows to load ./dashboardWidget without loading the routes module.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

test('the container build exposes ./routes and ./dashboardWidget', () => {
  // The rspack config is read by plain Node (jest cannot load rspack's ESM parts).
  const script = `const c = [require('./rspack.config.js')({}, { mode: 'production' })].flat();
    const mf = c.flatMap((x) => x.plugins || []).find((p) => p.constructor.name === 'ModuleFederationPlugin');
    process.stdout.write(JSON.stringify(mf._options.exposes));`;
  const exposes = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: path.join(__dirname, '..'), encoding: 'utf8' }));
  expect(exposes).toEqual({ './routes': './src/routes.tsx', './dashboardWidget': './src/dashboardWidget.tsx' });
});
