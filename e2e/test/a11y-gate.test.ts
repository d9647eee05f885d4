import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { AccessibilityGate, expectAccessible, formatFindings } from '../src/a11y';
import { chooseBrowser } from '../src/browser';
import { CHROMIUM_ARGS } from '../src/harness';

// The gate itself: it must catch what it is there to catch, and pass a clean page.

const BAD = `<!doctype html><html><head><title>Bad</title></head><body>
  <img src="/x.png"><button></button><div role="bogus-role">x</div>
  <p style="color:#bbb;background:#fff">low contrast text</p></body></html>`;
const GOOD = `<!doctype html><html lang="en"><head><title>Good</title></head><body>
  <header><nav aria-label="Main"><a href="/good">Home</a></nav></header>
  <main><h1>Fine</h1><img src="/x.png" alt="A photo"><button type="button">Save</button></main></body></html>`;

// Pages the gate cannot check. A page whose main thread never frees up (an endless loop in the app)...
const HUNG = `<!doctype html><html lang="en"><head><title>Hung</title></head><body><main><h1>Hung</h1></main>
  <script>addEventListener('load', () => setTimeout(() => { for (;;) {} }, 0));</script></body></html>`;
// ... and one that never stops navigating (a redirect loop: each load replaces itself).
const LOOP = `<!doctype html><html lang="en"><head><title>Loop</title></head><body><main><h1>Loop</h1></main>
  <script>addEventListener('load', () => location.replace('/loop'));</script></body></html>`;
// The site's pages may carry a strict Content-Security-Policy: axe must still check them.
const STRICT_CSP = "default-src 'none'; script-src 'none'; style-src 'none'; require-trusted-types-for 'script'; trusted-types 'none'";

let browser: Browser;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/x.png') return void res.writeHead(404).end();
    if (req.url === '/hung') return void res.writeHead(200, { 'content-type': 'text/html' }).end(HUNG);
    if (req.url === '/loop') return void res.writeHead(200, { 'content-type': 'text/html' }).end(LOOP);
    if (req.url === '/csp-bad') return void res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': STRICT_CSP }).end(BAD);
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
  await gate.watch(page, 'light');
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
  await gate.watch(page, 'dark');
  await page.goto(`${base}/good`);
  expect(await gate.flush()).toEqual([]);
  await expectAccessible(page);
  await page.goto(`${base}/bad`);
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt[\s\S]*button-name|button-name[\s\S]*image-alt/);
  await page.close();
});

// The gate fails closed: a page axe could not check fails the test rather than pass unseen.

test('a page whose main thread never frees up fails the gate: axe could not run there', async () => {
  // Short limits for the test; the harness's gate allows 60 s per axe run.
  const gate = new AccessibilityGate({ checkTimeoutMs: 3_000, settleTimeoutMs: 1_000 });
  const page = await browser.newPage();
  await gate.watch(page, 'light');
  await page.goto(`${base}/hung`);
  const findings = await gate.flush();
  expect(findings).toEqual([expect.objectContaining({ url: `${base}/hung`, violations: [], error: expect.stringMatching(/axe did not finish/) })]);
  expect(formatFindings(findings)).toContain(`The accessibility check could not run at ${base}/hung`);
  await page.context().close();
}, 60_000);

test('a page that never stops navigating fails the gate instead of passing unchecked', async () => {
  const gate = new AccessibilityGate({ settleTimeoutMs: 1_000 });
  const page = await browser.newPage();
  await gate.watch(page, 'light');
  await page.goto(`${base}/loop`);
  const findings = await gate.flush();
  expect(findings.length).toBeGreaterThan(0);
  expect(findings.every((f) => f.url === `${base}/loop` && f.violations.length === 0)).toBe(true);
  expect(findings[0].error).toMatch(/kept navigating/);
  await page.context().close();
}, 60_000);

test('a page under a strict Content-Security-Policy is still checked', async () => {
  const gate = new AccessibilityGate();
  const page = await browser.newPage();
  await gate.watch(page, 'light');
  const res = await page.goto(`${base}/csp-bad`);
  expect(res?.headers()['content-security-policy']).toBe(STRICT_CSP);
  const findings = await gate.flush();
  expect(findings).toHaveLength(1);
  expect(findings[0].error).toBeUndefined();
  expect(findings[0].violations.map((v) => v.id)).toEqual(expect.arrayContaining(['image-alt', 'button-name']));
  await page.close();
});

// Every page gets its final check before it closes, also when the test closes it itself.

test.each([
  ['page.context().close()', (page: Page) => page.context().close()],
  ['page.close()', (page: Page) => page.close()],
])('a page closed with %s in the test body still gets its final check', async (_how, close) => {
  const gate = new AccessibilityGate();
  const page = await browser.newPage();
  await gate.watch(page, 'light');
  await page.goto(`${base}/good`);
  expect(await gate.flush()).toEqual([]);
  // A violation introduced just before the page closes (no navigation: an in-page change).
  await page.evaluate(() => document.querySelector('main')!.append(document.createElement('button')));
  await close(page);
  expect(page.isClosed()).toBe(true);
  const findings = await gate.flush();
  expect(findings).toHaveLength(1);
  expect(findings[0].url).toBe(`${base}/good`);
  expect(findings[0].violations.map((v) => v.id)).toEqual(['button-name']);
});
