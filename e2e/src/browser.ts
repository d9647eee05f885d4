/**
 * Which Chromium the browser tests drive, with nothing downloaded at install or run time:
 *
 *   1. $CHROMIUM_PATH when set;
 *   2. Debian's Chromium at /usr/bin/chromium when it is there (`apt-get install chromium`);
 *   3. otherwise the headless Chromium that `npm install` brought as a registry package
 *      (@sparticuz/chromium carries its binary, brotli-compressed, inside the package). It is unpacked
 *      once per version into the system temp folder (about 2 s) and reused by every later run.
 *
 * The unpacking goes to a private staging folder that is then renamed into place, so several test
 * processes starting at once (other engineers, CI) never launch a half-written binary.
 */
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export interface BrowserChoice {
  executablePath: string;
  /** One line for humans: which browser and where it came from. */
  label: string;
  source: 'env' | 'debian' | 'package';
  /** Extra environment for the browser process (fonts for the packaged Chromium on a machine without any). */
  env?: Record<string, string>;
}

/**
 * A machine with only Node may have no fontconfig setup at all: then the packaged Chromium gets the
 * fonts that come with it (Open Sans), through a fonts.conf of its own.
 */
function packagedFontsEnv(binary: string): Record<string, string> | undefined {
  if (existsSync('/etc/fonts/fonts.conf')) return undefined;
  const dir = path.dirname(binary);
  const conf = path.join(dir, 'fitconnect-fonts.conf');
  writeFileSync(
    conf,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${path.join(dir, 'fonts', 'fonts')}</dir>\n  <cachedir>${path.join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
  );
  return { FONTCONFIG_FILE: conf };
}

function isExecutable(file: string): boolean {
  try {
    // A character device (e.g. /dev/null bound over the path) is not a browser.
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The installed @sparticuz/chromium version (its package.json is not in the package's exports). */
export function packagedChromiumVersion(): string {
  for (let dir = path.dirname(require.resolve('@sparticuz/chromium')); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@sparticuz/chromium' && pkg.version) return pkg.version;
  }
  throw new Error('@sparticuz/chromium is not installed (run npm install)');
}

let packaged: Promise<string> | null = null;

/** Unpack @sparticuz/chromium's binary (once per version) and return its path. */
export function packagedChromium(): Promise<string> {
  packaged ??= (async () => {
    const version = packagedChromiumVersion();
    const finalDir = path.join(os.tmpdir(), `fitconnect-chromium-${version}`);
    const binary = path.join(finalDir, 'chromium');
    if (isExecutable(binary)) return binary;

    // The package unpacks into os.tmpdir(); point that at a staging folder for the duration.
    const staging = mkdtempSync(`${finalDir}-staging-`);
    const savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require('@sparticuz/chromium') as { default?: SparticuzChromium } & SparticuzChromium;
      const Chromium = mod.default ?? mod;
      Chromium.setGraphicsMode = false; // no WebGL needed: skips unpacking SwiftShader
      const unpacked = await Chromium.executablePath();
      if (path.dirname(unpacked) !== staging) throw new Error(`@sparticuz/chromium unpacked to ${unpacked}, expected it under ${staging}`);
    } finally {
      if (savedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmp;
    }
    try {
      renameSync(staging, finalDir);
    } catch (err) {
      // Another process finished first: use its copy.
      rmSync(staging, { recursive: true, force: true });
      if (!isExecutable(binary)) throw err;
    }
    return binary;
  })();
  return packaged;
}

interface SparticuzChromium {
  executablePath(input?: string): Promise<string>;
  setGraphicsMode: boolean;
}

export async function chooseBrowser(): Promise<BrowserChoice> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return { executablePath: fromEnv, label: `Chromium from CHROMIUM_PATH (${fromEnv})`, source: 'env' };
  }
  if (isExecutable(DEBIAN_CHROMIUM)) {
    return { executablePath: DEBIAN_CHROMIUM, label: `Debian Chromium (${DEBIAN_CHROMIUM})`, source: 'debian' };
  }
  const version = packagedChromiumVersion();
  const executablePath = await packagedChromium();
  return {
    executablePath,
    label: `headless Chromium ${version} from the @sparticuz/chromium package (${executablePath}; ${DEBIAN_CHROMIUM} not found)`,
    source: 'package',
    env: packagedFontsEnv(executablePath),
  };
}
