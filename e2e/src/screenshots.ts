/**
 * Screenshots of the built site for a visual check: `npx tsx e2e/src/screenshots.ts [outDir]`
 * (default outDir: ./screenshots). Landing light/dark/small screen, the open small-screen menu,
 * a remote area page and an area error view.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startSite } from './harness';

async function main() {
  const out = path.resolve(process.argv[2] ?? 'screenshots');
  mkdirSync(out, { recursive: true });
  const site = await startSite();
  try {
    type Opts = { width?: number; height?: number; colorScheme?: 'light' | 'dark'; fullPage?: boolean; signedIn?: boolean; before?: (p: Page) => Promise<void> };
    const shot = async (name: string, url: string, o: Opts = {}) => {
      const page = await site.newPage({ width: o.width, height: o.height, colorScheme: o.colorScheme });
      if (o.signedIn) await site.signUp(page);
      await page.goto(site.url(url));
      await page.locator('main h1').first().waitFor();
      if (o.before) await o.before(page);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: o.fullPage ?? true });
      await page.context().close();
      console.log(`${name}.png`);
    };
    await shot('landing-light', '/', { colorScheme: 'light' });
    await shot('landing-dark', '/', { colorScheme: 'dark' });
    await shot('landing-390', '/', { width: 390, height: 844, colorScheme: 'light' });
    await shot('menu-390', '/', {
      width: 390,
      height: 844,
      fullPage: false,
      before: async (p) => {
        await p.getByRole('button', { name: 'Open menu' }).click();
      },
    });
    await shot('trainers-area', '/trainers', { fullPage: false });
    await shot('signed-in-trainers', '/trainers/3', { fullPage: false, signedIn: true });
    await shot('signed-in-390', '/messages', { width: 390, height: 700, fullPage: false, signedIn: true });
    await shot('signed-in-menu-390', '/messages', {
      width: 390,
      height: 700,
      fullPage: false,
      signedIn: true,
      before: async (p) => {
        await p.getByRole('button', { name: 'Open menu' }).click();
      },
    });
    await site.remotes.community.stop();
    await shot('community-down-dark', '/community', { colorScheme: 'dark', fullPage: false });
  } finally {
    await site.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
