import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { buildApp, ROOT, startSite, type Site } from '../src/harness';
import { untilHydrated } from '../src/ssrCheck';

// The shell composing the five remotes at runtime, against the built site in a real browser.

let site: Site;

beforeAll(async () => {
  site = await startSite();
}, 240_000);

afterAll(async () => {
  await site?.close();
});

/** Fails the test with the servers' recent output when the page shows something else. */
async function expectHeading(page: Page, text: string | RegExp) {
  try {
    await page.getByRole('heading', { level: 1, name: text }).waitFor({ state: 'visible', timeout: 20_000 });
  } catch (err) {
    const body = await page.locator('body').innerText().catch(() => '');
    throw new Error(`Heading ${String(text)} not shown at ${page.url()}.\nPage text:\n${body.slice(0, 1500)}\n\nServer logs:\n${site.logs()}\n${String(err)}`);
  }
}

function topBar(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** Resolves once `cond()` holds (checked every 50 ms), or fails after `timeoutMs` naming `what`. */
async function until(cond: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('the landing page renders inside the shell chrome', async () => {
  const page = await site.newPage();
  const errors = collectErrors(page);
  await page.goto(site.url('/'));
  await page.getByRole('banner').waitFor();
  for (const name of ['Home', 'AI Workouts', 'Trainers', 'Exercise Tutorials', 'Challenges', 'Community']) {
    await expect(topBar(page).getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true);
  }
  // Signed out: no Messages/Profile in the top bar, a Sign In action.
  await expect(topBar(page).getByRole('link', { name: 'Messages', exact: true }).count()).resolves.toBe(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
  // Landing content (a level-1 heading) and the footer with this year's copyright.
  await expect(page.locator('main h1').first().isVisible()).resolves.toBe(true);
  const footer = page.getByRole('contentinfo');
  await expect(footer.innerText()).resolves.toContain(`© ${new Date().getFullYear()} FitConnect`);
  await expect(footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).resolves.toBe('/privacy-policy');
  expect(errors).toEqual([]);
});

test('opening an area URL preloads what its page runs and prefetches its lazy pages: nothing preloaded is left unused', async () => {
  const page = await site.newPage();
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await page.goto(site.url('/exercise-tutorials'));
  await expectHeading(page, 'Exercise Tutorials');
  // The heading is in the server's HTML, and the links are added once the area's mf-manifest.json is read
  // (shell/src/federation/earlyStart.ts), which the load event does not wait for: read them once the page is
  // hydrated, which needed that manifest. (With the manifest 300 ms late, 0 of 6 loads had them at the heading.)
  await untilHydrated(page);
  const links = await page.evaluate(() =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"], link[rel="prefetch"]')].map((l) => ({
      rel: l.rel,
      file: new URL(l.href).pathname.split('/').pop() ?? '',
    })),
  );
  const workouts = JSON.parse(readFileSync(path.join(ROOT, 'mfe-workouts', 'dist', 'mf-manifest.json'), 'utf8')) as {
    exposes: Array<{ path: string; assets: { js: { sync: string[]; async: string[] } } }>;
  };
  const routes = workouts.exposes.find((e) => e.path === './routes')!.assets.js;
  expect(routes.async.length).toBeGreaterThan(0);
  const byRel = (rel: string) => links.filter((l) => l.rel === rel).map((l) => l.file);
  expect(byRel('preload')).toEqual(expect.arrayContaining(['remoteEntry.js', ...routes.sync]));
  expect(byRel('preload')).toEqual(expect.not.arrayContaining(routes.async));
  expect(byRel('prefetch').sort()).toEqual([...routes.async].sort());
  // Chromium reports a preload not used within 3 s of the load event (a timer it starts when the load
  // event ends). The sentinel is a console message from a page timer started after that one (the load
  // event is over when goto returns) and due later: Chromium's warnings are in by the time it arrives.
  const sentinel = page.waitForEvent('console', { predicate: (m) => m.text() === 'preload-check-sentinel', timeout: 30_000 });
  await page.evaluate(() => void setTimeout(() => console.log('preload-check-sentinel'), 3_500));
  await sentinel;
  expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
});

test("on intent, the shell starts the shared modules an area's routes module needs beside its remoteEntry.js, not after it", async () => {
  // The challenges list needs the shell's shared-ui patterns and challenge rules; until remoteEntry.js had run,
  // nothing asked for them (one round trip after it, on every first visit). The remote's manifest names them.
  const challenges = JSON.parse(readFileSync(path.join(ROOT, 'mfe-challenges', 'dist', 'mf-manifest.json'), 'utf8')) as {
    metaData: { syncShared: { routes: string[] } };
  };
  expect(challenges.metaData.syncShared.routes).toEqual(expect.arrayContaining(['@fitconnect/contracts/challenge-rules', '@fitconnect/shared-ui/patterns']));
  // Not the schemas: those are the lazy detail page's and create dialog's (they load with them, or never).
  expect(challenges.metaData.syncShared.routes).not.toContain('@fitconnect/contracts/challenges');

  const page = await site.newPage();
  const errors = collectErrors(page);
  const events: Array<{ what: 'request' | 'finished'; url: string }> = [];
  page.on('request', (r) => events.push({ what: 'request', url: r.url() }));
  page.on('requestfinished', (r) => events.push({ what: 'finished', url: r.url() }));
  await page.goto(site.url('/'));
  await page.locator('main h1').first().waitFor();
  await untilHydrated(page);
  // The shell reads the remotes' manifests when the page is idle: the intent path needs the challenges one at hand.
  const remote = new URL(site.remotes.challenges.manifestUrl).origin;
  await until(() => events.some((e) => e.what === 'finished' && e.url.startsWith(remote) && e.url.endsWith('mf-manifest.json')), "the challenges manifest's idle read");
  const hoveredAt = events.length;
  await topBar(page).getByRole('link', { name: 'Challenges', exact: true }).hover();
  const entryDone = () => events.findIndex((e) => e.what === 'finished' && e.url.startsWith(remote) && e.url.endsWith('/remoteEntry.js'));
  await until(() => entryDone() >= 0, 'the challenges remoteEntry.js');
  // The shell's own chunks (its shared modules) asked for between the hover and remoteEntry.js's arrival.
  const shellChunks = events.slice(hoveredAt, entryDone()).filter((e) => e.what === 'request' && e.url.startsWith(site.shellUrl) && e.url.endsWith('.js'));
  if (shellChunks.length === 0) {
    const seen = events.slice(hoveredAt).map((e) => `${e.what} ${e.url}`);
    throw new Error(`no shell chunk was requested between the hover and remoteEntry.js's arrival; after the hover:\n${seen.join('\n')}`);
  }
  await topBar(page).getByRole('link', { name: 'Challenges', exact: true }).click();
  await expectHeading(page, /Fitness Challenges/);
  expect(errors).toEqual([]);
});

test('moving between two remotes does not reload the page', async () => {
  const page = await site.newPage();
  await page.goto(site.url('/trainers'));
  await expectHeading(page, 'Find a Trainer');
  // /trainers comes rendered on the server (issue 32): until the shell has hydrated it, a link is a plain link
  // and a click on it loads the next page anew. What is checked here is the app's own navigation, after hydration
  // (the clean-clone run of 0693b36 clicked before it and lost the marker).
  await untilHydrated(page);
  await page.evaluate(() => {
    (window as unknown as { __noReload: string }).__noReload = 'still here';
  });
  await topBar(page).getByRole('link', { name: 'Challenges', exact: true }).click();
  await expectHeading(page, /Fitness Challenges/);
  expect(new URL(page.url()).pathname).toBe('/challenges');
  await topBar(page).getByRole('link', { name: 'Community', exact: true }).click();
  await expectHeading(page, 'Community');
  await page.goBack();
  await expectHeading(page, /Fitness Challenges/);
  const marker = await page.evaluate(() => (window as unknown as { __noReload?: string }).__noReload);
  expect(marker).toBe('still here');
});

test('a protected area route sends a signed-out visitor to /signin with a redirect back', async () => {
  const page = await site.newPage();
  await page.goto(site.url('/messages'));
  await page.waitForURL((u) => u.pathname === '/signin', { timeout: 20_000 });
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/messages');
});

test('an unknown path shows the 404 page, also under an area prefix', async () => {
  const page = await site.newPage();
  await page.goto(site.url('/no-such-page'));
  await expectHeading(page, /404 Page Not Found/);
  await page.goto(site.url('/challenges/1/nope'));
  await expectHeading(page, /404 Page Not Found/);
});

test('remotes use the shell’s React, router, query client and theme (one instance of each)', async () => {
  const page = await site.newPage({ colorScheme: 'light' });
  const errors = collectErrors(page);
  await page.goto(site.url('/challenges'));
  await expectHeading(page, /Fitness Challenges/);

  // Theme: the remote's styled heading follows the shell's theme toggle (one ThemeProvider, one store).
  const heading = page.getByRole('heading', { level: 1, name: /Fitness Challenges/ });
  const colorOf = () => heading.evaluate((el) => getComputedStyle(el).color);
  expect(await colorOf()).toBe('rgb(15, 23, 42)'); // light theme text
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.waitForFunction(() => {
    const h = document.querySelector('main h1');
    return !!h && getComputedStyle(h).color === 'rgb(241, 245, 249)';
  });
  expect(await page.evaluate(() => localStorage.getItem('fitconnect-theme'))).toBe('dark');

  // Router: a remote component using react-router hooks (useParams + Navigate) works in the shell's router.
  await page.goto(site.url('/trainer-profile/7'));
  await page.waitForURL((u) => u.pathname === '/trainers/7');
  await expectHeading(page, 'Euan Stewart'); // seeded trainer 7: a profile's heading is the trainer's name

  // Query client: after signing in, the messages remote's protected page renders from the shell's
  // current-user cache, and the top bar (shell) agrees.
  await site.signUp(page);
  await page.goto(site.url('/messages'));
  await expectHeading(page, 'Messages');
  await expect(page.getByRole('button', { name: 'Sign Out' }).first().isVisible()).resolves.toBe(true);

  // The federation share scope: every singleton the remotes use was provided by the shell, in one version.
  const shares = await page.evaluate(() => {
    type ShareInfo = { from: string; loaded?: boolean; useIn?: string[] };
    const g = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>> } })
      .__FEDERATION__;
    const out: Record<string, { versions: string[]; loadedFrom: string[]; usedBy: string[] }> = {};
    for (const scopes of Object.values(g?.__SHARE__ ?? {})) {
      for (const [pkg, versions] of Object.entries(scopes.default ?? {})) {
        const entry = (out[pkg] ??= { versions: [], loadedFrom: [], usedBy: [] });
        for (const [v, info] of Object.entries(versions)) {
          if (!entry.versions.includes(v)) entry.versions.push(v);
          if (info.loaded && !entry.loadedFrom.includes(info.from)) entry.loadedFrom.push(info.from);
          for (const user of info.useIn ?? []) if (!entry.usedBy.includes(user)) entry.usedBy.push(user);
        }
      }
    }
    return out;
  });
  for (const pkg of ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query', 'styled-components', 'zustand', '@fitconnect/shared-ui']) {
    expect({ pkg, versions: shares[pkg]?.versions, loadedFrom: shares[pkg]?.loadedFrom }).toEqual({ pkg, versions: [expect.any(String)], loadedFrom: ['shell'] });
  }
  // The remote on this page load took shared-ui (theme store, auth hooks, toasts) from the shell's scope.
  expect(shares['@fitconnect/shared-ui'].usedBy).toEqual(expect.arrayContaining(['shell', 'mfe_messages']));
  // Signing out on a protected remote page goes home (not to /signin) and clears the signed-in state.
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await page.getByText('Logged out successfully').waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  // Waited for, not counted at the toast: the toast is shown once the sign-out's promise settles, while the top
  // bar hears of the cleared user through react-query's notification, a task later (shared-ui's useLogout).
  await topBar(page).getByRole('link', { name: 'Messages', exact: true }).waitFor({ state: 'detached' });
  expect(errors).toEqual([]);
});

test('a dead remote shows its area error view with Retry while the rest keeps working', async () => {
  const community = site.remotes.community;
  await community.stop();
  try {
    const page = await site.newPage();
    await page.goto(site.url('/community'));
    await expectHeading(page, 'Community is unavailable right now');
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry.isVisible()).resolves.toBe(true);

    // The top bar and other areas still work.
    await topBar(page).getByRole('link', { name: 'Trainers', exact: true }).click();
    await expectHeading(page, 'Find a Trainer');
    await topBar(page).getByRole('link', { name: 'Community', exact: true }).click();
    await expectHeading(page, 'Community is unavailable right now');

    // The remote comes back: Retry really loads it again, without a page reload.
    await page.evaluate(() => {
      (window as unknown as { __noReload: number }).__noReload = 1;
    });
    await community.restart();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectHeading(page, 'Community');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
  } finally {
    if (community.proc().child.exitCode !== null) await community.restart();
  }
});

test('a manifest pointing at a closed port degrades only that area', async () => {
  const original = site.remotes.workouts.manifestUrl;
  site.setRemoteEntry('workouts', 'http://127.0.0.1:9/mf-manifest.json');
  try {
    const page = await site.newPage();
    await page.goto(site.url('/exercise-tutorials'));
    await expectHeading(page, 'Workouts is unavailable right now');
    await topBar(page).getByRole('link', { name: 'Challenges', exact: true }).click();
    await expectHeading(page, /Fitness Challenges/);
  } finally {
    site.setRemoteEntry('workouts', original);
  }
});

function shellFiles(): Record<string, number> {
  const dist = path.join(ROOT, 'shell', 'dist');
  // Every file, sub-folders included (the web app manifest's icons/ folder, issue 31).
  return Object.fromEntries(
    readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((f) => statSync(path.join(dist, f)).isFile())
      .map((f) => [f, readFileSync(path.join(dist, f)).length]),
  );
}

test('redeploying one remote changes the live site without rebuilding the shell', async () => {
  const shellBefore = shellFiles();
  const outDir = path.join(site.tmpDir, 'challenges-v2');
  await buildApp('mfe-challenges', {
    outDir,
    env: { FITCONNECT_TEXT_REPLACE: JSON.stringify({ 'Fitness Challenges': 'Fitness Challenges (v2 redeployed)' }) },
  });
  expect(existsSync(path.join(outDir, 'mf-manifest.json'))).toBe(true);
  const v2 = await site.serveDir(outDir, { cors: true, name: 'mfe-challenges v2' });

  const page = await site.newPage();
  await page.goto(site.url('/challenges'));
  await expectHeading(page, /Fitness Challenges/);
  await expect(page.getByRole('heading', { level: 1, name: /v2 redeployed/ }).count()).resolves.toBe(0);

  const original = site.remotes.challenges.manifestUrl;
  site.setRemoteEntry('challenges', `${v2.url}/mf-manifest.json`);
  try {
    await page.reload();
    await expectHeading(page, 'Fitness Challenges (v2 redeployed)');
    // The shell's build is untouched.
    expect(shellFiles()).toEqual(shellBefore);
  } finally {
    site.setRemoteEntry('challenges', original);
  }
});
