import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { AccessibilityGate, expectAccessible } from '../src/a11y';
import { chooseBrowser } from '../src/browser';
import { CHROMIUM_ARGS } from '../src/harness';

// The gate itself: it must catch what it is there to catch, and pass a clean page.

const BAD = `<!doctype html><html><head><title>Bad</title></head><body>
  <img src="/x.png"><button></button><div role="bogus-role">x</div>
  <p style="color:#bbb;background:#fff">low contrast text</p></body></html>`;
const GOOD = `<!doctype html><html lang="en"><head><title>Good</title></head><body>
  <header><nav aria-label="Main"><a href="/good">Home</a></nav></header>
  <main><h1>Fine</h1><img src="/x.png" alt="A photo"><button type="button">Save</button></main></body></html>`;

let browser: Browser;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/x.png') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end(req.url === '/bad' ? BAD : GOOD);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const choice = await chooseBrowser();
  browser = await chromium.launch({ executablePath: choice.executablePath, headless: true, args: CHROMIUM_ARGS, ...(choice.env ? { env: { ...process.env, ...choice.env } } : {}) });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => server?.close(() => r()));
});

test('a watched page with serious violations is reported, with the rules and the page', async () => {
  const gate = new AccessibilityGate();
  const page = await browser.newPage();
  gate.watch(page, 'light');
  await page.goto(`${base}/bad`);
  const findings = await gate.flush();
  expect(findings).toHaveLength(1);
  expect(findings[0].url).toBe(`${base}/bad`);
  const ids = findings[0].violations.map((v) => v.id);
  expect(ids).toEqual(expect.arrayContaining(['image-alt', 'button-name', 'aria-roles', 'color-contrast']));
  for (const v of findings[0].violations) expect(['serious', 'critical']).toContain(v.impact);
  // Reported once: the next flush has nothing new.
  expect(await gate.flush()).toEqual([]);
  await page.close();
});

test('a clean page passes, and expectAccessible throws with the rule names on a bad one', async () => {
  const gate = new AccessibilityGate();
  const page = await browser.newPage();
  gate.watch(page, 'dark');
  await page.goto(`${base}/good`);
  expect(await gate.flush()).toEqual([]);
  await expectAccessible(page);
  await page.goto(`${base}/bad`);
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt[\s\S]*button-name|button-name[\s\S]*image-alt/);
  await page.close();
});
