// The version under which every app shares the contracts' area entries (@fitconnect/contracts/<area>): the
// package's version with a hash of its sources, e.g. 0.1.0-c3f9a1b2c4d. The contracts are shared as plain
// modules, not singletons, each app asking for exactly its own build's version (build-config/rspack.js), so
// when a remote built from other contracts than the shell's runs in the page (deployed on its own, or a
// rollout's candidate), it gets its own copy instead of the shell's: a schema it does not know, or an
// export the shell's copy does not have yet, can then never reach it. Built from one tree, every app has
// the same version and the page loads one copy, as before.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/** Every file of the package the front ends can import: the area entries and src/, sorted (not tests). */
function contractsSources(contractsDir) {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (dir === contractsDir && entry.name !== 'src') continue; // test/, node_modules/
        walk(file);
      } else if (/\.tsx?$/.test(entry.name)) out.push(file);
    }
  };
  walk(contractsDir);
  return out;
}

/** `<package version>-c<first 10 hex digits of the sources' sha256>` (a semver prerelease: compared exactly). */
function contractsVersion(contractsDir) {
  const { version } = JSON.parse(fs.readFileSync(path.join(contractsDir, 'package.json'), 'utf8'));
  const hash = crypto.createHash('sha256');
  for (const file of contractsSources(contractsDir)) {
    hash.update(path.relative(contractsDir, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return `${version}-c${hash.digest('hex').slice(0, 10)}`;
}

module.exports = { contractsVersion, contractsSources };
