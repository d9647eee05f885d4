// Versioned remote builds (issue 17): after a production remote build has written dist/ (the "latest"
// build, what the deployment's default manifest URL points to), an immutable copy of it goes to
//
//   <app>/releases/<version>/     (the `releases` folder beside the output folder, or $RELEASES_DIR/<version>/;
//                                  builds never clean it)
//
// which scripts/serve-static.mjs serves on the remote's own origin at /versions/<version>/, so a
// candidate and the stable version are both reachable and a rollback needs no rebuild:
//
//   http://localhost:3002/versions/0.1.0-3f9a1c2b7e/mf-manifest.json
//
// <version> is $RELEASE_VERSION, else `<package version>-<first 10 hex of a sha256 over dist's files>`
// (the same sources build the same version). The copy loads its remoteEntry.js and chunks from its own
// folder because the remotes build with publicPath 'auto' (the federation runtime takes the manifest's
// folder as the public path: @module-federation/sdk inferAutoPublicPath); with an explicit PUBLIC_PATH
// no version folder is written (the copy would load the latest build's chunks).
// An existing version folder is never overwritten: the same content is "unchanged", different content
// under the same RELEASE_VERSION fails the build.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/** What a version may look like: one URL path segment. */
const VERSION_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Derived or bookkeeping files that do not change what a browser runs. */
const NOT_HASHED = /(\.br|\.gz|\.map)$|^mf-stats\.json$|^release\.json$/;

function listFiles(dir, base = dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(abs, base));
    else if (entry.isFile()) out.push(path.relative(base, abs).split(path.sep).join('/'));
  }
  return out.sort();
}

/** sha256 over the relative names and contents of a build's files (precompressed copies and maps left out). */
function contentHash(dir) {
  const hash = crypto.createHash('sha256');
  for (const rel of listFiles(dir)) {
    if (NOT_HASHED.test(path.posix.basename(rel)) || NOT_HASHED.test(rel)) continue;
    hash.update(rel).update('\0').update(fs.readFileSync(path.join(dir, rel))).update('\0');
  }
  return hash.digest('hex');
}

/** The version a build gets: RELEASE_VERSION, else `<package version>-<hash10>`. */
function releaseVersion({ packageVersion, hash, env = process.env }) {
  const explicit = env.RELEASE_VERSION;
  if (explicit !== undefined && explicit !== '') {
    if (!VERSION_RE.test(explicit)) {
      throw new Error(`RELEASE_VERSION "${explicit}" must be 1-100 letters, digits, '.', '_' or '-' (it is a URL path segment).`);
    }
    return explicit;
  }
  return `${packageVersion}-${hash.slice(0, 10)}`;
}

/**
 * Copy a finished build (distDir) into releasesDir/<version>/ unless that version exists.
 * Returns { version, dir, status: 'written' | 'unchanged' }; throws when the version exists with other content.
 */
function writeRelease({ distDir, releasesDir, name, packageVersion, env = process.env }) {
  const hash = contentHash(distDir);
  const version = releaseVersion({ packageVersion, hash, env });
  const target = path.join(releasesDir, version);
  if (fs.existsSync(target)) {
    let existing = null;
    try {
      existing = JSON.parse(fs.readFileSync(path.join(target, 'release.json'), 'utf8'));
    } catch {
      existing = null;
    }
    if (existing && existing.contentHash === hash) return { version, dir: target, status: 'unchanged' };
    throw new Error(
      `${name}: version ${version} already exists in ${target} with different content; versions are immutable (choose another RELEASE_VERSION).`,
    );
  }
  fs.mkdirSync(releasesDir, { recursive: true });
  // Copy into a temporary sibling, then rename: a server never sees a half-written version.
  const tmp = fs.mkdtempSync(path.join(releasesDir, `.tmp-${version}-`));
  try {
    fs.cpSync(distDir, tmp, { recursive: true });
    const info = { name, version, contentHash: hash, packageVersion, builtAt: new Date().toISOString() };
    fs.writeFileSync(path.join(tmp, 'release.json'), `${JSON.stringify(info, null, 2)}\n`);
    fs.renameSync(tmp, target);
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  return { version, dir: target, status: 'written' };
}

function installedVersion(pkg, fromDir) {
  try {
    return JSON.parse(fs.readFileSync(require.resolve(`${pkg}/package.json`, { paths: [fromDir] }), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/**
 * Shared singletons whose installed version in a remote differs from the shell's: such a remote would
 * change React (or the router, the query client ...) for the whole page when it loads first, so its
 * production build is refused (issue 17; the rollout API applies the same rule to a candidate's manifest).
 * @param {string[]} packages  package names (not subpaths)
 * @returns {{ package: string, remote: string | undefined, shell: string | undefined }[]}
 */
function sharedVersionMismatches(appDir, shellDir, packages) {
  const out = [];
  for (const pkg of [...new Set(packages)]) {
    const remote = installedVersion(pkg, appDir);
    const shell = installedVersion(pkg, shellDir);
    if (remote !== shell) out.push({ package: pkg, remote, shell });
  }
  return out;
}

/**
 * rspack plugin for the LAST compilation of a production remote build (the standalone page, which runs
 * after the container): writes the version folder and prints the version.
 */
class ReleasePlugin {
  /** @param {{ appDir: string, name: string, distDir: string }} opts */
  constructor(opts) {
    this.opts = opts;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('FitConnectRelease', (compilation) => {
      const { appDir, name, distDir } = this.opts;
      // Beside the output folder (what serve-static serves at /versions/ by default): <app>/releases for
      // <app>/dist, and a test build into OUTPUT_DIR=/tmp/x/dist keeps its versions in /tmp/x/releases.
      if (compilation.errors.length) return;
      const publicPath = process.env.PUBLIC_PATH;
      if (publicPath && publicPath !== 'auto') {
        console.log(`[release] ${name}: PUBLIC_PATH is set, so no version folder is written (a copy would load ${publicPath}'s chunks).`);
        return;
      }
      const releasesDir = process.env.RELEASES_DIR ? path.resolve(process.env.RELEASES_DIR) : path.join(path.dirname(distDir), 'releases');
      const packageVersion = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8')).version || '0.0.0';
      try {
        const r = writeRelease({ distDir, releasesDir, name, packageVersion });
        const shown = path.relative(process.cwd(), r.dir) || r.dir;
        console.log(
          `[release] ${name} version ${r.version} (${r.status === 'written' ? 'written to' : 'unchanged in'} ${shown}/); ` +
            `served by its static site at /versions/${r.version}/mf-manifest.json`,
        );
      } catch (err) {
        compilation.errors.push(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }
}

module.exports = { ReleasePlugin, sharedVersionMismatches, writeRelease, releaseVersion, contentHash, VERSION_RE };
