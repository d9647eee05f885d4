// Front-end tests run in UTC whatever the machine's zone: fixtures are UTC instants, and what a screen shows
// depends on the viewer's zone. A global setup runs in jest's main process before any test file, so the
// zone holds in every worker it starts (a test file cannot change it: its `process` is jest's copy).
module.exports = async () => {
  process.env.TZ = 'UTC';
};
