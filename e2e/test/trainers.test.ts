/**
 * The trainers journeys in a real browser against the built shell + remotes and a real API (seeded demo
 * trainers): search by postcode (nearest first, real distance), filter and page, open a profile, sign up as a
 * trainer through the three tabs, edit the profile with a photo, review a trainer as a client.
 */
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { startSite, type Site } from '../src/harness';

let site: Site;

beforeAll(async () => {
  site = await startSite();
}, 240_000);

afterAll(async () => {
  await site?.close();
});

async function expectPath(page: Page, pathname: string | RegExp) {
  await page.waitForFunction(
    ([p, isRe]) => {
      const here = window.location.pathname + window.location.search;
      return isRe ? new RegExp(p).test(here) : here === p;
    },
    [typeof pathname === 'string' ? pathname : pathname.source, typeof pathname !== 'string'] as const,
  );
}

async function failWith(page: Page, name: string, err: unknown): Promise<never> {
  await page.screenshot({ path: `${site.tmpDir}/../trainers-e2e-${name}.png`, fullPage: true }).catch(() => undefined);
  throw new Error(`${(err as Error).message}\n${site.logs()}`);
}

/** A small valid PNG (solid colour), made here so no fixture file is needed. */
function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const cardNames = (page: Page) => page.getByTestId('trainer-card').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));

test('search by postcode: nearest trainer first with a real distance, and the data attribution', async () => {
  const page = await site.newPage();
  try {
    await page.goto(site.url('/trainers'));
    await page.getByRole('heading', { level: 1, name: 'Find a Trainer' }).waitFor();
    await page.getByTestId('trainer-card').first().waitFor();
    expect(await page.getByTestId('trainer-distance').count()).toBe(0);

    await page.getByPlaceholder('Enter your postcode or city').fill('LS6 2AB');
    await page.getByRole('button', { name: 'Search' }).click();
    await expectPath(page, '/trainers?location=LS6+2AB');
    await page.getByTestId('trainer-distance').first().waitFor();
    // The seeded Leeds trainer (LS1) is the nearest to LS6; the rest follow, nearest first.
    expect((await cardNames(page))[0]).toBe('Hannah Walsh');
    const distances = await page.getByTestId('trainer-distance').allTextContents();
    expect(distances[0]).toMatch(/^(about [1-3] miles?|less than a mile)$/);
    const miles = distances.map((d) => (d === 'less than a mile' ? 0 : Number(/about (\d+)/.exec(d)?.[1])));
    expect(miles.every((m) => Number.isFinite(m))).toBe(true);
    expect([...miles].sort((a, b) => a - b)).toEqual(miles);
    // A real distance: Leeds to London is about 170 miles, not SPEC's 0.5 + 1.2 x index.
    expect(Math.max(...miles)).toBeGreaterThan(100);
    await page.getByTestId('postcode-attribution').getByText(/Contains OS data © Crown copyright/).waitFor();

    // A place that cannot be resolved: a literal match and no distances.
    await page.getByPlaceholder('Enter your postcode or city').fill('Nowhere-upon-Nothing');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Distances are unavailable for this search').waitFor();
    await page.getByRole('heading', { name: 'No trainers found' }).waitFor();
  } catch (err) {
    await failWith(page, 'search', err);
  }
});

test('filter and page: filters in the URL, View More Trainers appends the next page', async () => {
  // Five more trainers (the seed has nine) so the directory has a second page.
  const setup = await site.newPage();
  for (let i = 0; i < 5; i++) {
    await site.signUp(setup, { isTrainer: true, location: 'York', firstName: 'Extra', lastName: `Trainer${i}` });
    const res = await setup.request.post(site.url('/api/trainers/profile'), {
      data: { specialization: 'General Fitness', description: 'Friendly sessions for every level, indoors or out.', yearsOfExperience: 2, specialties: 'Fitness', sessionPrice: 25 + i },
    });
    expect(res.status()).toBe(201);
    await setup.context().clearCookies();
  }
  await setup.context().close();

  const page = await site.newPage();
  try {
    await page.goto(site.url('/trainers'));
    await page.getByTestId('trainer-card').first().waitFor();
    expect(await page.getByTestId('trainer-card').count()).toBe(12);
    const total = Number(/^(\d+)/.exec((await page.getByTestId('result-count').textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(14);
    await page.getByRole('button', { name: 'View More Trainers' }).click();
    await expectPath(page, '/trainers?page=2');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="trainer-card"]').length === n, total);
    expect(new Set(await cardNames(page)).size).toBe(total);
    expect(await page.getByRole('button', { name: 'View More Trainers' }).count()).toBe(0);

    // Filters: back to page 1, in the URL, and applied by the server.
    await page.getByRole('combobox', { name: 'Max price' }).selectOption('40');
    await expectPath(page, '/trainers?maxPrice=40');
    await page.waitForFunction(() => {
      const n = document.querySelectorAll('[data-testid="trainer-card"]').length;
      return n > 0 && n < 12;
    });
    const prices = (await page.getByTestId('trainer-price').allTextContents()).map((p) => Number(/£(\d+)/.exec(p)?.[1]));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p <= 40)).toBe(true);

    await page.getByRole('textbox', { name: 'Specialty' }).fill('yoga');
    await page.getByRole('textbox', { name: 'Specialty' }).press('Enter');
    await expectPath(page, '/trainers?maxPrice=40&specialty=yoga');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="trainer-card"]').length === 1);
    expect(await cardNames(page)).toEqual(['Sophie Turner']);

    // The link is shareable: a fresh page with the same URL shows the same search.
    const again = await site.newPage();
    await again.goto(page.url());
    await again.getByTestId('trainer-card').first().waitFor();
    expect(await cardNames(again)).toEqual(['Sophie Turner']);
    expect(await again.getByRole('combobox', { name: 'Max price' }).inputValue()).toBe('40');
    await again.context().close();
  } catch (err) {
    await failWith(page, 'filter', err);
  }
});

test('open a profile: every section, reviews, Contact Trainer asks a visitor to sign in', async () => {
  const page = await site.newPage();
  try {
    await page.goto(site.url('/trainers?specialty=pilates'));
    await page.getByRole('link', { name: 'Aisha Rahman' }).click();
    await expectPath(page, /^\/trainers\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Aisha Rahman' }).waitFor();
    await page.getByRole('heading', { name: 'About Aisha' }).waitFor();
    await page.getByRole('list', { name: 'Specialties' }).getByText('Pilates').waitFor();
    expect(await page.getByTestId('profile-price').textContent()).toBe('£42/hour');
    await page.getByTestId('review').first().waitFor();
    await page.getByRole('button', { name: 'Contact Trainer' }).click();
    await page.getByText('Please sign in to contact trainers').waitFor();

    await page.goto(site.url('/trainers/999999'));
    await page.getByRole('heading', { level: 1, name: 'Trainer Not Found' }).waitFor();
  } catch (err) {
    await failWith(page, 'profile', err);
  }
});

test('sign up as a trainer through the three tabs, then edit the profile and upload a photo', async () => {
  const page = await site.newPage();
  const username = `trainer_${process.pid}_${Date.now().toString(36)}`;
  try {
    await page.goto(site.url('/trainer-signup'));
    await page.getByRole('heading', { level: 1, name: 'Join FitConnect as a Trainer' }).waitFor();

    // Forward is blocked until the account tab validates.
    await page.getByRole('button', { name: 'Next: Profile' }).click();
    await page.getByText('Please complete account information').first().waitFor();
    await page.getByLabel('First name').fill('Nadia');
    await page.getByLabel('Last name').fill('Ali');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Location').fill('Leeds, LS6 2AB');
    await page.getByLabel(/^Password/).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('button', { name: 'Next: Profile' }).click();
    expect(await page.getByRole('tab', { name: /Profile/ }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('button', { name: 'Next: Terms' }).click();
    await page.getByText('Please complete profile information').first().waitFor();
    await page.getByLabel('Specialization').fill('Boxing Fitness');
    await page.getByLabel('Description').fill('Pad work and conditioning for total beginners in north Leeds.');
    await page.getByLabel('Years of experience').fill('5');
    await page.getByLabel('Specialties').fill('Boxing, HIIT');
    await page.getByLabel(/Session price/).fill('40');
    await page.getByRole('button', { name: 'Next: Terms' }).click();

    await page.getByRole('button', { name: 'Create Trainer Account' }).click();
    await page.getByText('You must accept the terms and conditions').waitFor();
    await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
    await page.getByRole('button', { name: 'Create Trainer Account' }).click();

    await expectPath(page, /^\/trainers\/\d+$/);
    const id = Number(/\/trainers\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    await page.getByRole('heading', { level: 1, name: 'Nadia Ali' }).waitFor();
    // The owner: edit, not contact, and no review form.
    await page.getByRole('link', { name: 'Edit Trainer Profile' }).waitFor();
    expect(await page.getByRole('button', { name: 'Contact Trainer' }).count()).toBe(0);
    expect(await page.getByRole('radiogroup', { name: 'Your rating' }).count()).toBe(0);

    // The shell's profile page leads to this trainer profile.
    await page.goto(site.url('/profile'));
    await page.getByRole('link', { name: 'Manage Trainer Profile' }).click();
    await expectPath(page, `/trainers/${id}`);

    // Edit: a new price and a photo.
    await page.getByRole('link', { name: 'Edit Trainer Profile' }).click();
    await expectPath(page, `/trainer-profile/${id}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Edit Trainer Profile' }).waitFor();
    await page.getByLabel(/Session price/).fill('48');
    await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(64, 64, [200, 60, 40]) });
    await page.getByRole('img', { name: 'Preview of the new photo' }).waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectPath(page, `/trainers/${id}`);
    await page.getByText('Profile updated').first().waitFor();
    expect(await page.getByTestId('profile-price').textContent()).toBe('£48/hour');
    const photo = page.getByRole('img', { name: 'Photo of Nadia Ali' });
    expect(await photo.getAttribute('src')).toMatch(/^\/api\/trainer-photos\//);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Photo of Nadia Ali"]');
      return !!img && img.complete && img.naturalWidth > 0;
    });

    // A text file is refused on the client with the SPEC message.
    await page.goto(site.url(`/trainer-profile/${id}/edit`));
    await page.getByLabel('Profile photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Invalid file type').waitFor();

    // Someone else's profile: Access denied, then its public page.
    await page.goto(site.url('/trainer-profile/1/edit'));
    await page.getByText('You can only edit your own trainer profile').waitFor();
    await expectPath(page, '/trainers/1');
  } catch (err) {
    await failWith(page, 'signup', err);
  }
}, 180_000);

test('review a trainer as a client', async () => {
  const page = await site.newPage();
  try {
    await site.signUp(page, { firstName: 'Rory', lastName: 'Client' });
    await page.goto(site.url('/trainers?specialty=kettlebells'));
    await page.getByRole('link', { name: "Liam O'Connor" }).click();
    await page.getByRole('heading', { level: 1, name: "Liam O'Connor" }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit Review' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: '4 stars' }).click();
    await page.getByLabel('Comment (optional)').fill('Great kettlebell technique coaching.');
    await submit.click();
    await page.getByText('Review submitted').first().waitFor();
    const mine = page.getByTestId('review').filter({ hasText: 'Rory Client' });
    await mine.getByText('Great kettlebell technique coaching.').waitFor();
    await mine.getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();
    // The form now edits the same review.
    await page.getByRole('button', { name: 'Update Review' }).waitFor();
  } catch (err) {
    await failWith(page, 'review', err);
  }
});
