// The environment a test (or the bench) gives the processes it starts: what any process needs to run
// (where programs, home and the temp folder are, the locale, Node's own options) plus the test's own
// settings, never the developer's whole environment. An OPENAI_API_KEY, SMTP_URL or OPERATOR_TOKEN in a
// developer's shell must not reach a test API (real OpenAI calls, real mail, an operator token the test
// did not choose), nor a PUBLIC_PATH or REMOTE_*_URL a test build or static server.

/** The only variables passed on from the parent's environment. */
const PASSED_ENV = [
  'PATH',
  'HOME',
  'TMPDIR',
  'TMP',
  'TEMP',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  // Node's own settings (memory limits, a corporate CA bundle).
  'NODE_OPTIONS',
  'NODE_EXTRA_CA_CERTS',
  // What Windows needs to start a process at all.
  'SYSTEMROOT',
  'SystemRoot',
  'COMSPEC',
  'ComSpec',
  'PATHEXT',
  'WINDIR',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
];

/**
 * The allow-listed part of `from` (default: this process's environment) plus `settings`; a setting
 * given as undefined is left out.
 * @param {NodeJS.ProcessEnv} [settings]
 * @param {NodeJS.ProcessEnv} [from]
 * @returns {NodeJS.ProcessEnv}
 */
function childEnv(settings = {}, from = process.env) {
  /** @type {NodeJS.ProcessEnv} */
  const env = {};
  for (const name of PASSED_ENV) if (from[name] !== undefined) env[name] = from[name];
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

module.exports = { childEnv, PASSED_ENV };
