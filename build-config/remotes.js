// The deployment's knowledge of remotes: area -> container name, folder and default port.
// Used by the shell's dev server and scripts/serve-static.mjs to answer /remotes.json.
const REMOTES = [
  { area: 'workouts', name: 'mfe_workouts', dir: 'mfe-workouts', port: 3001 },
  { area: 'trainers', name: 'mfe_trainers', dir: 'mfe-trainers', port: 3002 },
  { area: 'messages', name: 'mfe_messages', dir: 'mfe-messages', port: 3003 },
  { area: 'community', name: 'mfe_community', dir: 'mfe-community', port: 3004 },
  { area: 'challenges', name: 'mfe_challenges', dir: 'mfe-challenges', port: 3005 },
];

/**
 * The remotes manifest (/remotes.json): REMOTE_<AREA>_URL overrides each entry
 * (default http://localhost:<port>/mf-manifest.json).
 */
function remotesManifest(env = process.env) {
  return {
    remotes: REMOTES.map((r) => ({
      area: r.area,
      name: r.name,
      entry: env[`REMOTE_${r.area.toUpperCase()}_URL`] || `http://localhost:${r.port}/mf-manifest.json`,
    })),
  };
}

module.exports = { REMOTES, remotesManifest };
