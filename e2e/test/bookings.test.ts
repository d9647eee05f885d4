/**
 * Booking a session with a trainer (issue 29) in a real browser against the built shell + remotes and a real
 * API: a trainer sets their weekly hours on My Schedule, a client books a free time on the trainer's profile,
 * the trainer confirms the request, both see the session in My Sessions (and the client on the /profile
 * dashboard card) and in their conversation (the system lines), the client downloads the .ics, cancels, and
 * the time is free again. Run at 1280 px in the light theme and at 390 px in the dark theme; the other two
 * combinations open the three screens with data in them. The accessibility gate checks every page load, the
 * open dialogs and each page's final state.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible, startSite, type Site } from '../src/harness';

let site: Site;

beforeAll(async () => {
  site = await startSite();
}, 240_000);

afterAll(async () => {
  await site?.close();
});

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

interface Account {
  userId: number;
  firstName: string;
  lastName: string;
}

async function me(page: Page): Promise<Account> {
  const res = await page.request.get(site.url('/api/auth/user'));
  const { user } = (await res.json()) as { user: { id: number; firstName: string; lastName: string } };
  return { userId: user.id, firstName: user.firstName, lastName: user.lastName };
}

/** A trainer account with a profile (no schedule yet), signed in on `page`. */
async function makeTrainer(page: Page, lastName: string): Promise<Account & { trainerId: number }> {
  await site.signUp(page, { isTrainer: true, firstName: 'Tara', lastName });
  const res = await page.request.post(site.url('/api/trainers/profile'), {
    data: { specialization: 'Strength & Conditioning', description: 'Strength sessions for busy people, online or in the park.', yearsOfExperience: 4, specialties: 'Strength', sessionPrice: 40, availableOnline: true, availableInPerson: true },
  });
  expect(res.status()).toBe(201);
  const trainer = (await res.json()) as { id: number };
  return { ...(await me(page)), trainerId: trainer.id };
}

async function failWith(page: Page, name: string, err: unknown): Promise<never> {
  await page.screenshot({ path: `${site.tmpDir}/../bookings-e2e-${name}.png`, fullPage: true }).catch(() => undefined);
  throw new Error(`${(err as Error).message}\n${site.logs()}`);
}

/** On My Schedule: 09:00-12:00 every day, online, no minimum notice; saved. */
async function setWeeklyHours(page: Page) {
  await page.goto(site.url('/trainers/me/schedule'));
  await page.getByRole('heading', { level: 1, name: 'My Schedule' }).waitFor();
  await page.getByText('You have not set your hours yet', { exact: false }).waitFor();
  for (const day of WEEKDAYS) {
    await page.getByRole('button', { name: `Add hours on ${day}` }).click();
    await page.getByLabel(`To (${day} hours 1)`).fill('12:00');
  }
  // Monday's sessions may also be in person.
  await page.getByLabel('In person (Monday hours 1)').check();
  await page.getByLabel('Session length').selectOption('60');
  await page.getByLabel('Minimum notice (hours)').fill('0');
  await page.getByLabel('Your time zone').selectOption('Europe/London');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await page.getByTestId('schedule-status').getByText('Schedule saved.').waitFor();
}

/**
 * The first free time in the booking panel that starts at least 15 minutes from now, on the first day that has
 * one. With no minimum notice the very first time can start a minute from now (some minutes of every day, the
 * hours being 09:00-12:00): the journey, which books it, cancels it and looks for it again, would cross its
 * start and find it refused or gone.
 */
async function pickSlot(panel: Locator) {
  const days = panel.getByRole('tab');
  await panel.getByRole('tabpanel').getByRole('button').first().waitFor();
  const dayCount = await days.count();
  for (let d = 0; d < Math.max(dayCount, 1); d++) {
    if (d > 0) await days.nth(d).click();
    const slots = panel.getByRole('tabpanel').getByRole('button');
    await slots.first().waitFor();
    const starts = await slots.evaluateAll((els) => els.map((e) => e.getAttribute('data-start') ?? ''));
    const i = starts.findIndex((s) => Date.parse(s) - Date.now() >= 15 * 60_000);
    if (i >= 0) return slots.nth(i);
  }
  throw new Error('no free time 15 minutes or more ahead');
}

const combos = [
  { width: 1280, height: 900, colorScheme: 'light' as const },
  { width: 390, height: 844, colorScheme: 'dark' as const },
];

test.each(combos)('a trainer sets hours, a client books, the trainer confirms, the client cancels ($width px, $colorScheme)', async ({ width, height, colorScheme }) => {
  const trainerPage = await site.newPage({ width, height, colorScheme });
  const clientPage = await site.newPage({ width, height, colorScheme });
  let current = trainerPage;
  try {
    const trainer = await makeTrainer(trainerPage, `Booker${width}`);
    await site.signUp(clientPage, { firstName: 'Cleo', lastName: `Client${width}` });
    const client = await me(clientPage);

    // 1. The trainer's weekly hours.
    await setWeeklyHours(trainerPage);

    // 2. The client books the first free time on the trainer's profile, with a note.
    current = clientPage;
    await clientPage.goto(site.url(`/trainers/${trainer.trainerId}`));
    const panel = clientPage.getByTestId('booking-panel');
    await panel.getByRole('heading', { name: 'Book a session' }).waitFor();
    const chosenSlot = await pickSlot(panel);
    const start = (await chosenSlot.getAttribute('data-start'))!;
    expect(start).toMatch(/Z$/);
    await chosenSlot.click();
    expect(await chosenSlot.getAttribute('aria-pressed')).toBe('true');
    await panel.getByLabel('Note for the trainer (optional)').fill('First session, bad knee');
    await panel.getByRole('button', { name: 'Request session' }).click();
    await panel.getByTestId('booking-outcome').getByText(/^Requested: .+ will confirm or decline it\./).waitFor();
    // The booked time is no longer offered.
    await clientPage.waitForFunction((s) => !document.querySelector(`[data-testid="booking-panel"] [data-start="${s}"]`), start);

    // 3. The trainer confirms the request on My Schedule.
    current = trainerPage;
    await trainerPage.goto(site.url('/trainers/me/schedule'));
    const requests = trainerPage.getByRole('list', { name: 'Requests' });
    await requests.getByText(`Client: Cleo Client${width}`, { exact: false }).waitFor();
    await requests.getByText('Note: First session, bad knee').waitFor();
    await requests.getByRole('button', { name: /^Confirm session with Cleo/ }).click();
    await trainerPage.getByText(/^Confirmed: Cleo Client\d+, /).waitFor();
    await trainerPage.getByRole('list', { name: 'Upcoming sessions' }).getByText(`Client: Cleo Client${width}`, { exact: false }).waitFor();

    // 4. Both see it in My Sessions; the client also on the /profile dashboard card.
    await trainerPage.goto(site.url('/trainers/me/sessions'));
    const trainerSession = trainerPage.getByTestId('booking').filter({ hasText: `Cleo Client${width}` });
    await trainerSession.getByTestId('booking-status').getByText('Confirmed').waitFor();

    current = clientPage;
    await clientPage.goto(site.url('/profile'));
    const widget = clientPage.getByTestId('sessions-widget');
    await widget.getByRole('heading', { name: 'My Sessions' }).waitFor();
    await widget.getByTestId('booking-status').getByText('Confirmed').waitFor();

    await clientPage.goto(site.url('/trainers/me/sessions'));
    const session = clientPage.getByTestId('booking').filter({ hasText: `Tara Booker${width}` });
    await session.getByTestId('booking-status').getByText('Confirmed').waitFor();

    // 5. The client downloads the session's .ics.
    const download = clientPage.waitForEvent('download');
    await session.getByRole('link', { name: /^Add to calendar/ }).click();
    const file = await (await download).path();
    const ics = readFileSync(file!, 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toMatch(new RegExp(`DTSTART[^:\r\n]*:${start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`));
    expect(ics).toContain(`Tara Booker${width}`);

    // 6. The conversation has the system lines, on both sides.
    await clientPage.goto(site.url(`/messages/${trainer.userId}`));
    const clientLog = clientPage.getByRole('log', { name: `Messages with Tara Booker${width}` });
    await clientLog.getByText(/Session requested: /).waitFor();
    await clientLog.getByText(/Session confirmed: /).waitFor();
    current = trainerPage;
    await trainerPage.goto(site.url(`/messages/${client.userId}`));
    await trainerPage.getByRole('log', { name: `Messages with Cleo Client${width}` }).getByText(/Session confirmed: /).waitFor();

    // 7. The client cancels (a dialog: checked by axe while open) ...
    current = clientPage;
    await clientPage.goto(site.url('/trainers/me/sessions'));
    await session.getByRole('button', { name: /^Cancel session with Tara/ }).click();
    const dialog = clientPage.getByRole('dialog', { name: 'Cancel this session?' });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^Reason/).evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(clientPage, `cancel dialog, ${width} px ${colorScheme}`);
    await dialog.getByLabel(/^Reason/).fill('Something came up');
    await dialog.getByRole('button', { name: 'Cancel session' }).click();
    await dialog.waitFor({ state: 'detached' });
    await clientPage.getByTestId('booking-result').getByText(/^Cancelled: /).waitFor();
    // A cancelled session is over: it moves to Past, marked Cancelled.
    await session.waitFor({ state: 'detached' });
    await clientPage.getByRole('tab', { name: 'Past' }).click();
    await clientPage.getByRole('list', { name: 'Past sessions' }).getByTestId('booking').filter({ hasText: `Tara Booker${width}` }).getByTestId('booking-status').getByText('Cancelled').waitFor();

    // ... and the time is free again on the trainer's profile (opened on that time's day, as a shared link does).
    await clientPage.goto(site.url(`/trainers/${trainer.trainerId}?slot=${encodeURIComponent(start)}`));
    await clientPage.locator(`[data-testid="booking-panel"] [data-start="${start}"]`).waitFor();

    // The trainer's thread says it was cancelled, with the reason.
    current = trainerPage;
    await trainerPage.goto(site.url(`/messages/${client.userId}`));
    await trainerPage.getByRole('log', { name: `Messages with Cleo Client${width}` }).getByText(/Session cancelled: .*Reason: Something came up/).waitFor();
  } catch (err) {
    await failWith(current, `journey-${width}-${colorScheme}`, err);
  } finally {
    await trainerPage.context().close();
    await clientPage.context().close();
  }
}, 240_000);

test.each([
  { width: 1280, height: 900, colorScheme: 'dark' as const },
  { width: 390, height: 844, colorScheme: 'light' as const },
])('the schedule editor, the booking panel and My Sessions with data ($width px, $colorScheme)', async ({ width, height, colorScheme }) => {
  const trainerPage = await site.newPage({ width, height, colorScheme });
  const clientPage = await site.newPage({ width, height, colorScheme });
  let current = trainerPage;
  try {
    const trainer = await makeTrainer(trainerPage, `Screens${width}`);
    await setWeeklyHours(trainerPage);
    await site.signUp(clientPage, { firstName: 'Cleo', lastName: `Viewer${width}` });

    // Signed out, the free times show and booking asks to sign in, coming back to this trainer.
    const visitor = await site.newPage({ width, height, colorScheme });
    current = visitor;
    await visitor.goto(site.url(`/trainers/${trainer.trainerId}`));
    const panel = visitor.getByTestId('booking-panel');
    await panel.getByRole('tabpanel').getByRole('button').first().click();
    await panel.getByRole('link', { name: 'Sign in to book' }).click();
    await visitor.waitForURL(/\/signin\?redirect=/);
    expect(decodeURIComponent(new URL(visitor.url()).searchParams.get('redirect') ?? '')).toMatch(new RegExp(`^/trainers/${trainer.trainerId}\\?slot=`));
    await visitor.context().close();

    current = clientPage;
    await clientPage.goto(site.url(`/trainers/${trainer.trainerId}`));
    const slot = clientPage.getByTestId('booking-panel').getByRole('tabpanel').getByRole('button').first();
    await slot.click();
    await clientPage.getByRole('button', { name: 'Request session' }).click();
    await clientPage.getByTestId('booking-outcome').getByText(/^Requested: /).waitFor();
    await clientPage.goto(site.url('/trainers/me/sessions'));
    await clientPage.getByTestId('booking-status').getByText('Requested').waitFor();
    await clientPage.getByLabel('Your calendar link').waitFor();

    current = trainerPage;
    await trainerPage.goto(site.url('/trainers/me/schedule'));
    const request = trainerPage.getByRole('list', { name: 'Requests' }).getByTestId('booking').first();
    await request.getByRole('button', { name: /^Decline session with Cleo/ }).click();
    const dialog = trainerPage.getByRole('dialog', { name: 'Decline this request?' });
    await dialog.waitFor();
    await expectAccessible(trainerPage, `decline dialog, ${width} px ${colorScheme}`);
    await dialog.getByRole('button', { name: 'Keep request' }).click();
    await dialog.waitFor({ state: 'detached' });
  } catch (err) {
    await failWith(current, `screens-${width}-${colorScheme}`, err);
  } finally {
    await trainerPage.context().close();
    await clientPage.context().close();
  }
}, 240_000);
