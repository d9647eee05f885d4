/**
 * Before/after screenshots for issue 28 items 5, 6 and 12 (patterns helper; not part of npm test):
 * `npx tsx e2e/src/patterns-shots.ts <outDir>`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { startSite } from './harness';

function png(w: number, h: number): Buffer {
  const p = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) p.data.set([30 + ((i % w) * 200) / w, 90, 200 - ((i / w) * 150) / h, 255], i * 4);
  return PNG.sync.write(p);
}

async function main() {
  const out = path.resolve(process.argv[2] ?? 'shots');
  const only = process.argv[3] ? new RegExp(process.argv[3]) : null;
  mkdirSync(out, { recursive: true });
  const site = await startSite();
  try {
    // Shared data: a client with an unread message from a trainer, a trainer with a profile, a plan.
    const setupT = await site.newPage({ a11y: false });
    await site.signUp(setupT, { isTrainer: true, firstName: 'Tara', lastName: 'Shots', location: 'Leeds' });
    const tRes = await setupT.request.post(site.url('/api/trainers/profile'), {
      data: { specialization: 'Strength & Conditioning', description: 'Strength sessions for busy people, online or in the park.', yearsOfExperience: 4, specialties: 'Strength, HIIT, Mobility', sessionPrice: 40, availableOnline: true, availableInPerson: true },
    });
    const trainerId = ((await tRes.json()) as { id: number }).id;
    const trainerState = await setupT.context().storageState();
    const tUser = ((await (await setupT.request.get(site.url('/api/auth/user'))).json()) as { user: { id: number } }).user;

    const setupC = await site.newPage({ a11y: false });
    await site.signUp(setupC, { firstName: 'Carl', lastName: 'Client' });
    const cUser = ((await (await setupC.request.get(site.url('/api/auth/user'))).json()) as { user: { id: number } }).user;
    const gen = await setupC.request.post(site.url('/api/generate-workout'), {
      data: { age: 30, gender: 'prefer-not-to-say', fitnessLevel: 'beginner', focusArea: 'full body', duration: 30, equipment: ['bodyweight'], goals: ['general fitness'], injuries: [] },
    });
    if (!gen.ok()) console.log(`generate-workout: ${gen.status()} ${await gen.text()}`);
    const workoutId = ((await gen.json()) as { id: number }).id;
    await setupT.request.post(site.url('/api/messages'), { data: { receiverId: cUser.id, content: 'Hi Carl, happy to help with your plan!' } });
    const clientState = await setupC.context().storageState();
    void tUser;

    type Opts = { fullPage?: boolean; as?: 'client' | 'trainer'; before?: (p: Page) => Promise<void>; heading?: boolean };
    const shot = async (name: string, url: string, o: Opts = {}) => {
      for (const colorScheme of ['light', 'dark'] as const)
        for (const width of [390, 1280]) {
          const file = `${name}-${width}-${colorScheme}`;
          if (only && !only.test(file)) continue;
          const context = await site.browser.newContext({
            viewport: { width, height: width < 600 ? 844 : 800 },
            colorScheme,
            locale: 'en-GB',
            timezoneId: 'Europe/London',
            reducedMotion: 'reduce',
            ...(o.as ? { storageState: o.as === 'client' ? clientState : trainerState } : {}),
          });
          const page = await context.newPage();
          try {
            await page.goto(site.url(url));
            if (o.heading !== false) await page.locator('main h1').first().waitFor({ timeout: 30_000 });
            await page.waitForTimeout(800);
            if (o.before) await o.before(page);
            await page.waitForTimeout(300);
            await page.screenshot({ path: path.join(out, `${file}.png`), fullPage: o.fullPage ?? false });
            console.log(`${file}.png`);
          } catch (err) {
            console.log(`${file} FAILED ${(err as Error).message.split('\n')[0]}`);
          } finally {
            await context.close();
          }
        }
    };
    await shot('landing', '/', { fullPage: true });
    await shot('ai-workout', '/ai-workout', { as: 'client' });
    await shot('plan', `/workout-plan/${workoutId}`, { as: 'client', fullPage: true });
    await shot('trainers', '/trainers');
    await shot('trainer', '/trainers/1', { as: 'client' });
    await shot('trainer-missing', '/trainers/99999');
    await shot('trainer-edit', `/trainer-profile/${trainerId}/edit`, { as: 'trainer', fullPage: true });
    await shot('trainer-edit-photo', `/trainer-profile/${trainerId}/edit`, {
      as: 'trainer',
      before: async (p) => {
        await p.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(96, 96) });
        await p.getByRole('img', { name: 'Preview of the new photo' }).waitFor();
        await p.getByTestId('photo-drop-zone').scrollIntoViewIfNeeded();
        await p.getByRole('textbox', { name: /Specialties/ }).fill('Kettlebells,');
      },
    });
    await shot('tutorials-filters-open', '/exercise-tutorials', {
      before: async (p) => {
        const b = p.getByRole('button', { name: 'Filters' });
        if (await b.isVisible()) await b.click();
      },
    });
    await shot('messages', '/messages', { as: 'client' });
    await shot('thread', `/messages/${tUser.id}`, { as: 'client' });
    await shot('community', '/community');
    await shot('challenges', '/challenges');
    await shot('challenge', '/challenges/1', { as: 'client' });
    await shot('tutorials', '/exercise-tutorials');
    await shot('exercise-missing', '/exercise-tutorials/no-such-exercise');
    await shot('plan-missing', '/workout-plan/999999', { as: 'client' });
    await shot('notfound', '/no-such-page');
    await shot('toast', '/trainers/1', {
      before: async (p) => {
        await p.getByRole('button', { name: 'Contact Trainer' }).click();
        await p.waitForTimeout(200);
      },
    });
  } finally {
    await site.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
