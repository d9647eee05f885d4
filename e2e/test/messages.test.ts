/**
 * Messages in a real browser against the built shell + remotes and a real API: a client opens a thread
 * with a trainer (/messages/{trainer's user id}, as 'Contact Trainer' links), sends with Enter; the
 * trainer's thread, open in a second browser context, shows it without a reload; the trainer answers with
 * Shift+Enter for a new line; the client's nav badge counts it live and clears when the thread is opened
 * (the thread view marks it read with a POST: loading a thread marks nothing).
 *
 * Every wait is for something to appear or go (timeouts only guard against a hung test: the harness's default,
 * not a shorter one, since a live message crosses the API and the database's change stream on a loaded machine).
 */
import type { Page } from 'playwright-core';
import { startSite, type Site } from '../src/harness';

let site: Site;

beforeAll(async () => {
  site = await startSite();
}, 240_000);

afterAll(async () => {
  await site?.close();
});

async function me(page: Page): Promise<{ id: number; firstName: string; lastName: string }> {
  const res = await page.request.get(site.url('/api/auth/user'));
  return (await res.json()).user;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function markNoReload(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: string }).__noReload = 'same page';
  });
}
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: string }).__noReload);

test('client and trainer message each other live, with Enter, Shift+Enter and the unread badge', async () => {
  const trainerPage = await site.newPage();
  const clientPage = await site.newPage();
  const errors = [...collectErrors(trainerPage), ...collectErrors(clientPage)];
  await site.signUp(trainerPage, { firstName: 'Tessa', lastName: 'Coach', isTrainer: true, location: 'Leeds' });
  await site.signUp(clientPage, { firstName: 'Carl', lastName: 'Client' });
  const trainer = await me(trainerPage);
  const client = await me(clientPage);

  // The trainer has the (still empty) thread with the client open.
  await trainerPage.goto(site.url(`/messages/${client.id}`));
  await trainerPage.getByRole('heading', { level: 1, name: 'Carl Client' }).waitFor();
  await trainerPage.getByText('No messages yet. Say hello to Carl!').waitFor();
  await markNoReload(trainerPage);

  // The client opens the thread with the trainer: name and trainer badge from otherUser, no messages yet.
  await clientPage.goto(site.url(`/messages/${trainer.id}`));
  await clientPage.getByRole('heading', { level: 1, name: 'Tessa Coach' }).waitFor();
  await clientPage.getByRole('main').getByText('Trainer', { exact: true }).waitFor();
  const clientBox = clientPage.getByRole('textbox', { name: 'Message to Tessa' });
  await clientBox.click();
  await clientBox.pressSequentially('Hello coach, are you free on Monday?');
  await clientBox.press('Enter');
  const clientLog = clientPage.getByRole('log', { name: 'Messages with Tessa Coach' });
  await clientLog.getByText('Hello coach, are you free on Monday?').waitFor();
  expect(await clientBox.inputValue()).toBe('');

  // It reaches the trainer's open thread without a reload.
  const trainerLog = trainerPage.getByRole('log', { name: 'Messages with Carl Client' });
  await trainerLog.getByText('Hello coach, are you free on Monday?').waitFor();
  expect(await stillSamePage(trainerPage)).toBe('same page');

  // The client goes to the conversation list (client-side navigation) and waits there.
  await clientPage.getByRole('link', { name: 'All messages' }).click();
  await clientPage.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
  await markNoReload(clientPage);
  const topBar = clientPage.getByRole('navigation', { name: 'Main' });
  expect(await topBar.getByRole('status').count()).toBe(0);

  // The trainer answers on two lines: Shift+Enter is a newline, Enter sends.
  const trainerBox = trainerPage.getByRole('textbox', { name: 'Message to Carl' });
  await trainerBox.click();
  await trainerBox.pressSequentially('Yes! Monday 10am works.');
  await trainerBox.press('Shift+Enter');
  await trainerBox.pressSequentially('Bring water.');
  expect(await trainerBox.inputValue()).toBe('Yes! Monday 10am works.\nBring water.');
  await trainerBox.press('Enter');
  await trainerLog.getByText(/Yes! Monday 10am works\.\s+Bring water\./).waitFor();

  // The client's badge and list update live.
  await topBar.getByRole('status', { name: '1 unread message' }).waitFor();
  const row = clientPage.getByTestId('conversation');
  await row.getByText('1 unread message').waitFor();
  await row.getByText(/Yes! Monday 10am works\. Bring water\./).waitFor();
  expect(await stillSamePage(clientPage)).toBe('same page');

  // Opening the thread shows the two-line message and clears the badge; the trainer sees it was read.
  const markedRead = clientPage.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/messages/${trainer.id}/read`));
  await row.click();
  const reply = clientLog.getByText(/Yes! Monday 10am works\./);
  await reply.waitFor();
  expect(await reply.evaluate((el) => (el as HTMLElement).innerText)).toContain('Yes! Monday 10am works.\nBring water.');
  expect((await markedRead).postDataJSON()).toEqual({ upToSeq: 2 });
  await topBar.getByRole('status').waitFor({ state: 'detached' });
  await trainerLog.getByText(/Read \d\d:\d\d/).waitFor();

  // Keyboard only: the composer is reachable and Enter sends.
  await clientBox.focus();
  await clientPage.keyboard.type('See you then');
  await clientPage.keyboard.press('Enter');
  await trainerLog.getByText('See you then').waitFor();

  expect(errors).toEqual([]);
});

test('a thread grows in order when both sides send at once (never lost, never doubled)', async () => {
  const a = await site.newPage();
  const b = await site.newPage();
  await site.signUp(a, { firstName: 'Ann', lastName: 'One' });
  await site.signUp(b, { firstName: 'Ben', lastName: 'Two' });
  const ua = await me(a);
  const ub = await me(b);
  await a.goto(site.url(`/messages/${ub.id}`));
  await b.goto(site.url(`/messages/${ua.id}`));
  const boxA = a.getByRole('textbox', { name: 'Message to Ben' });
  const boxB = b.getByRole('textbox', { name: 'Message to Ann' });
  await boxA.waitFor();
  await boxB.waitFor();
  for (let i = 1; i <= 4; i++) {
    await boxA.fill(`from Ann ${i}`);
    await boxB.fill(`from Ben ${i}`);
    await Promise.all([boxA.press('Enter'), boxB.press('Enter')]);
  }
  for (const page of [a, b]) {
    const log = page.getByRole('log');
    await log.getByText('from Ann 4').waitFor();
    await log.getByText('from Ben 4').waitFor();
    await page.waitForFunction(() => !document.body.innerText.includes('Sending…'));
    const texts = await log.getByTestId('message').allInnerTexts();
    expect(texts).toHaveLength(8);
  }
  const order = async (page: Page) => (await page.getByRole('log').getByTestId('message').allInnerTexts()).map((t) => /from (Ann|Ben) \d/.exec(t)?.[0]);
  expect(await order(a)).toEqual(await order(b));
});

test('signing out in one tab ends the live stream of the other tab on that session, which then finds out it is signed out', async () => {
  const first = await site.newPage();
  const partnerPage = await site.newPage();
  await site.signUp(first, { firstName: 'Sam', lastName: 'Signout' });
  await site.signUp(partnerPage, { firstName: 'Pat', lastName: 'Partner' });
  const sam = await me(first);
  const pat = await me(partnerPage);
  // A second tab of the same browser: the same session cookie.
  const second = await first.context().newPage();
  await second.goto(site.url(`/messages/${pat.id}`));
  await second.getByRole('heading', { level: 1, name: 'Pat Partner' }).waitFor();
  const post = (content: string) => partnerPage.request.post(site.url('/api/messages'), { data: { receiverId: sam.id, content } });
  expect((await post('Before the sign-out')).status()).toBe(201);
  await second.getByRole('log').getByText('Before the sign-out').waitFor();

  // The first tab signs out (the call the shell's Sign out makes). The second tab's stream ends with its
  // session; the page asks who is signed in and, nobody, goes to the sign-in page.
  expect((await first.request.post(site.url('/api/auth/logout'))).status()).toBe(200);
  await second.waitForURL((u) => u.pathname === '/signin');
});
