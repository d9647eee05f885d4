import type { Frame, Page } from 'playwright-core';
import { startSite, type Site } from '../src/harness';

// A visitor's account journey through the shell's own pages, in a real browser against the built
// site and the real API: sign up, edit the profile, sign out, get bounced from a protected page,
// fail and then succeed to sign in, landing back where they were heading.

let site: Site;

beforeAll(async () => {
  site = await startSite();
}, 240_000);

afterAll(async () => {
  await site?.close();
});

async function waitForPath(page: Page, pathname: string, search = '') {
  try {
    await page.waitForURL((u) => u.pathname === pathname && (search === '' || u.search === search), { timeout: 20_000 });
  } catch (err) {
    const body = await page.locator('body').innerText().catch(() => '');
    throw new Error(`Expected ${pathname}${search}, at ${page.url()}.\nPage text:\n${body.slice(0, 1500)}\n\nServer logs:\n${site.logs()}\n${String(err)}`);
  }
}

test('sign up, edit profile, sign out, sign in', async () => {
  const page = await site.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const main = page.locator('main');
  const username = `journey_${process.pid}_${Date.now().toString(36)}`;
  const password = 'journey-pass1';

  // Sign up: client-side rules first (mismatched passwords never reach the API).
  await page.goto(site.url('/signup'));
  await main.getByLabel('Username').fill(username);
  await main.getByLabel('Email').fill(`${username}@example.com`);
  await main.getByLabel('First name').fill('Robin');
  await main.getByLabel('Last name').fill('Walker');
  await main.getByLabel('Location (optional)').fill('Leeds');
  await main.getByLabel(/^Password/).fill(password);
  await main.getByLabel('Confirm password').fill(password + 'x');
  await main.getByRole('button', { name: 'Create Account' }).click();
  await main.getByText("Passwords don't match").waitFor();
  await main.getByLabel('Confirm password').fill(password);
  await main.getByRole('button', { name: 'Create Account' }).click();

  // The API signs the new user in: the profile shows them.
  await waitForPath(page, '/profile');
  await main.getByRole('heading', { level: 1, name: 'Robin Walker' }).waitFor();
  await main.getByText(`${username}@example.com`).waitFor();

  // Edit profile: saved through PATCH /api/users/profile, back on /profile with the new values.
  await main.getByRole('link', { name: 'Edit Profile' }).click();
  await waitForPath(page, '/edit-profile');
  await expect(main.getByLabel('First name').inputValue()).resolves.toBe('Robin');
  await main.getByLabel('Last name').fill('Walker-Hughes');
  await main.getByLabel('Location').fill('York');
  await main.getByRole('button', { name: 'Save Changes' }).click();
  await waitForPath(page, '/profile');
  await main.getByRole('heading', { level: 1, name: 'Robin Walker-Hughes' }).waitFor();
  await main.getByText('York', { exact: true }).waitFor();

  // The change is on the server, not only in the page's cache.
  const me = await page.request.get(site.url('/api/auth/user'));
  expect((await me.json()).user).toMatchObject({ username, lastName: 'Walker-Hughes', location: 'York' });

  // Sign out on the profile page: home, toast, signed out on the server too. Every route the page
  // takes from here is recorded (in-app route changes included), to show it stays on / (the guard of the
  // page being left must not bounce the visitor to /signin).
  const routes: string[] = [];
  const recordRoute = (frame: Frame) => {
    if (frame === page.mainFrame()) routes.push(new URL(frame.url()).pathname);
  };
  page.on('framenavigated', recordRoute);
  // The profile page has no Sign Out of its own (issue 28.10: one Sign Out, the top bar's).
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await waitForPath(page, '/');
  await page.getByText('Logged out successfully').waitFor();
  await main.getByRole('link', { name: 'Create Free Account' }).first().waitFor();
  const after = await page.request.get(site.url('/api/auth/user'));
  expect((await after.json()).user ?? null).toBeNull();

  // A protected page sends the visitor to sign in, with the way back.
  await page.goto(site.url('/edit-profile'));
  await waitForPath(page, '/signin', '?redirect=%2Fedit-profile');
  page.off('framenavigated', recordRoute);
  // The navigation to /edit-profile is the sentinel: the signed-out home page can do nothing after it, and
  // until it the page went to / only.
  const sentinel = routes.indexOf('/edit-profile');
  expect(sentinel).toBeGreaterThan(0);
  expect(new Set(routes.slice(0, sentinel))).toEqual(new Set(['/']));

  // Wrong password: the SPEC message, still on /signin.
  await main.getByLabel('Username').fill(username);
  await main.getByLabel(/^Password/).fill('not-the-password');
  await main.getByRole('button', { name: 'Sign In' }).click();
  await main.getByText('Invalid username or password. Please try again.').waitFor();
  expect(new URL(page.url()).pathname).toBe('/signin');

  // Right password: back to where they were heading, with the edited details.
  await main.getByLabel(/^Password/).fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
  await waitForPath(page, '/edit-profile');
  await expect(main.getByLabel('Last name').inputValue()).resolves.toBe('Walker-Hughes');

  expect(errors).toEqual([]);
}, 120_000);
