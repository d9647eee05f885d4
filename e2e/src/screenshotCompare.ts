/**
 * Screenshot comparison with committed baselines (pixelmatch + pngjs), for the shared patterns' visual
 * tests (test/patterns-screenshots.test.ts).
 *
 * Baselines live per browser build under e2e/test/__screenshots__/chromium-<major>/<name>.png, because
 * two Chromiums on one machine (Debian's /usr/bin/chromium and the one inside @sparticuz/chromium) rasterise
 * text a little differently. A run compares with the baseline of its own Chromium, failing when more than
 * MAX_DIFF_RATIO of the pixels differ (pixelmatch's per-pixel threshold 0.1 absorbs anti-aliasing noise).
 * With no baseline for its Chromium it compares with another Chromium's at FALLBACK_DIFF_RATIO and says so.
 *
 *   UPDATE_SCREENSHOTS=1 npx jest -c e2e/jest.config.js e2e/test/patterns-screenshots.test.ts   (re)writes
 *   the running Chromium's baselines. A failing comparison writes <name>.actual.png and <name>.diff.png
 *   next to the test's temp folder and names them in the error.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export const SCREENSHOT_DIR = path.join(__dirname, '..', 'test', '__screenshots__');
/** Share of differing pixels that fails the comparison with this Chromium's own baseline. */
export const MAX_DIFF_RATIO = 0.002;
/** Share of differing pixels tolerated when only another Chromium's baseline exists. */
export const FALLBACK_DIFF_RATIO = 0.03;

export interface CompareResult {
  baseline: string;
  diffPixels: number;
  ratio: number;
  allowed: number;
  written?: boolean;
}

export function browserKey(version: string): string {
  return `chromium-${version.split('.')[0]}`;
}

function failDir(): string {
  const dir = path.join(os.tmpdir(), 'fitconnect-screenshot-failures');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Compare `png` (a screenshot's bytes) with the baseline `name` for browser `key`. Throws on a mismatch. */
export function compareWithBaseline(key: string, name: string, png: Buffer): CompareResult {
  const own = path.join(SCREENSHOT_DIR, key, `${name}.png`);
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    mkdirSync(path.dirname(own), { recursive: true });
    writeFileSync(own, png);
    return { baseline: own, diffPixels: 0, ratio: 0, allowed: 0, written: true };
  }
  let baseline = own;
  let allowed = MAX_DIFF_RATIO;
  if (!existsSync(own)) {
    const others = existsSync(SCREENSHOT_DIR)
      ? readdirSync(SCREENSHOT_DIR)
          .map((d) => path.join(SCREENSHOT_DIR, d, `${name}.png`))
          .filter((f) => existsSync(f))
      : [];
    if (!others.length) throw new Error(`no baseline for ${name} (${own}); run with UPDATE_SCREENSHOTS=1 to write it`);
    baseline = others[0];
    allowed = FALLBACK_DIFF_RATIO;
    console.warn(`screenshot ${name}: no ${key} baseline, comparing with ${path.relative(SCREENSHOT_DIR, baseline)} at ${allowed * 100}%`);
  }
  const expected = PNG.sync.read(readFileSync(baseline));
  const actual = PNG.sync.read(png);
  const fail = (why: string, diff?: PNG) => {
    const dir = failDir();
    const actualFile = path.join(dir, `${key}-${name}.actual.png`);
    writeFileSync(actualFile, png);
    let diffFile = '';
    if (diff) {
      diffFile = path.join(dir, `${key}-${name}.diff.png`);
      writeFileSync(diffFile, PNG.sync.write(diff));
    }
    throw new Error(`screenshot ${name} differs from ${path.relative(process.cwd(), baseline)}: ${why}\n  actual: ${actualFile}${diffFile ? `\n  diff: ${diffFile}` : ''}`);
  };
  if (expected.width !== actual.width || expected.height !== actual.height) {
    // A one-pixel difference in height between Chromium builds is tolerated only in fallback mode.
    if (allowed === MAX_DIFF_RATIO || Math.abs(expected.width - actual.width) > 2 || Math.abs(expected.height - actual.height) > 2)
      fail(`size ${actual.width}x${actual.height}, baseline ${expected.width}x${expected.height}`);
    return { baseline, diffPixels: 0, ratio: 0, allowed };
  }
  const { width, height } = expected;
  const diff = new PNG({ width, height });
  const diffPixels = pixelmatch(expected.data, actual.data, diff.data, width, height, { threshold: 0.1 });
  const ratio = diffPixels / (width * height);
  if (ratio > allowed) fail(`${diffPixels} pixels (${(ratio * 100).toFixed(2)}%) differ, more than ${(allowed * 100).toFixed(2)}%`, diff);
  return { baseline, diffPixels, ratio, allowed };
}
