/**
 * The accessibility gate of every browser test: axe-core (through @axe-core/playwright) with the WCAG 2.x
 * A and AA rules; any violation of impact serious or critical fails the test.
 *
 * Every page made by `site.newPage()` is watched (see harness.ts): after each page load the page is
 * checked once it has settled, and when the test ends every open page is checked in its final state
 * (again only if its DOM changed since its last check); `a11y-routes.test.ts` checks every route
 * explicitly. The test fails with the violations found, where and how (URL, viewport, theme). Nothing for a test to do; `expectAccessible(page)` checks a page explicitly
 * (at a state the test chose, e.g. with a dialog open).
 *
 * The gate fails closed: a page axe could not check (axe threw, the page never stopped navigating, its
 * main thread never freed up) fails the test as a violation would; and a page closed inside a test
 * (`page.close()`, `page.context().close()`) gets its final check just before it closes.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
export const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface A11yFinding {
  url: string;
  where: string;
  violations: Result[];
  /** Set when axe could not check the page: the gate reports it instead of passing a page it never saw. */
  error?: string;
}

function describePage(page: Page, colorScheme: string | undefined): string {
  const vp = page.viewportSize();
  return `${vp ? `${vp.width}x${vp.height}` : 'default viewport'}, ${colorScheme ?? 'light'} theme`;
}

export function formatFindings(findings: A11yFinding[]): string {
  const lines: string[] = [];
  for (const f of findings) {
    if (f.error) {
      lines.push(`The accessibility check could not run at ${f.url} (${f.where}): ${f.error}`);
      continue;
    }
    lines.push(`Accessibility violations at ${f.url} (${f.where}):`);
    for (const v of f.violations) {
      lines.push(`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`);
      for (const n of v.nodes.slice(0, 5)) {
        lines.push(`      ${n.target.join(' ')}`);
        const summary = n.failureSummary?.split('\n').map((s) => s.trim()).filter(Boolean).slice(0, 3).join(' / ');
        if (summary) lines.push(`        ${summary}`);
      }
      if (v.nodes.length > 5) lines.push(`      ... and ${v.nodes.length - 5} more`);
    }
  }
  return lines.join('\n');
}

/** Wait until the page stops changing: loaded, no DOM mutation and no running animation for `quietMs`. */
export async function waitForSettled(page: Page, { quietMs = 300, timeoutMs = 5_000 } = {}): Promise<void> {
  await page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => undefined);
  // Best effort: the wait ends in the page after timeoutMs; the bound here is for a page whose main
  // thread never frees up (the axe run that follows then reports it).
  const settled = page
    .evaluate(
      ({ quietMs, timeoutMs }) =>
        new Promise<void>((resolve) => {
          const started = Date.now();
          let last = Date.now();
          const obs = new MutationObserver(() => (last = Date.now()));
          obs.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          const tick = () => {
            const animating = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
            if ((!animating && Date.now() - last >= quietMs) || Date.now() - started > timeoutMs) {
              obs.disconnect();
              resolve();
            } else setTimeout(tick, 50);
          };
          setTimeout(tick, 50);
        }),
      { quietMs, timeoutMs },
    )
    .catch(() => undefined);
  await withTimeout(settled, timeoutMs + 2_000, 'settling').catch(() => undefined);
}

class TimedOut extends Error {}

/** `p`, or a rejection with `message` once `ms` have passed (for a page that never answers). */
function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(message)), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

/** A violation's rule and the elements it names (the same problem in two runs has the same key). */
function violationKey(v: Result): string {
  return `${v.id}|${v.nodes.map((n) => n.target.join(' ')).join(',')}`;
}

/** One axe run at a time per page (axe refuses a second run while one is going). */
const running = new WeakMap<Page, Promise<unknown>>();

/** Run axe on the page as it is now; returns the serious and critical violations (empty when none). */
export async function axeViolations(page: Page): Promise<Result[]> {
  const previous = running.get(page) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => runAxe(page));
  running.set(page, run);
  return run;
}

async function runAxe(page: Page): Promise<Result[]> {
  // Legacy mode runs axe once in the page (the default opens an extra blank page per check to merge
  // frame results: several times slower, and the site has no iframes of its own); only violations
  // are detailed (passes and incomplete results are not needed and cost time).
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] }).setLegacyMode(true).analyze();
  return results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
}

/** Fail (throw) when the page, once settled, has a serious or critical WCAG A/AA violation. */
export async function expectAccessible(page: Page, label?: string): Promise<void> {
  await waitForSettled(page);
  const violations = await axeViolations(page);
  if (violations.length) {
    throw new Error(formatFindings([{ url: page.url(), where: label ?? describePage(page, undefined), violations }]));
  }
}

/**
 * In the page: count DOM changes from now on (once per document); returns the count so far and whether
 * the document is HTML.
 */
function countChanges(): { html: boolean; changes: number } {
  const w = window as unknown as { __a11yChanges?: number };
  if (w.__a11yChanges === undefined) {
    w.__a11yChanges = 0;
    new MutationObserver(() => (w.__a11yChanges = (w.__a11yChanges ?? 0) + 1)).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  }
  return { html: document.contentType === 'text/html', changes: w.__a11yChanges };
}

function isCheckable(page: Page): boolean {
  if (page.isClosed()) return false;
  const url = page.url();
  return url.startsWith('http://') || url.startsWith('https://');
}

/** The first line of an error, short enough for a test report. */
function errorLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n').find((l) => l.trim()) ?? text).trim().slice(0, 300);
}

interface PageState {
  colorScheme?: string;
  /** Page loads seen (a newer load supersedes the check of an older one). */
  seq: number;
  /** Main-frame navigations seen (tells a run broken by a navigation from one that failed by itself). */
  navs: number;
  /** URL and DOM-change count at the last completed check. */
  checked?: string;
  /** Being closed through page.close()/context.close(), after its final check. */
  closing?: boolean;
}

export interface GateOptions {
  /** How long one axe run may take before the page counts as uncheckable (a busy shared machine: generous). */
  checkTimeoutMs?: number;
  /** How long to wait for a page to settle before a check. */
  settleTimeoutMs?: number;
}

/**
 * What Playwright says when a navigation took away the document a run was working in. (The run may
 * fail before the navigation's event has reached us, so the message counts as well as the event.)
 */
const CUT_BY_NAVIGATION = /Execution context was destroyed|Cannot find context with specified id|because of a navigation/i;

/** Attempts of a final check when navigations keep interrupting it. */
const FINAL_ATTEMPTS = 3;

/**
 * Watches pages: checks each page after every load (once settled), before it closes and on demand
 * (`flush`), and collects the findings of the current test.
 */
export class AccessibilityGate {
  private findings: A11yFinding[] = [];
  private pending = new Set<Promise<void>>();
  private pages = new Map<Page, PageState>();
  /** Pages created or navigated since their last final check (one closed behind the gate's back is reported). */
  private touched = new Set<Page>();
  private seen = new Set<string>();
  private guardedContexts = new WeakSet<BrowserContext>();
  private readonly checkTimeoutMs: number;
  private readonly settleTimeoutMs: number;

  constructor(opts: GateOptions = {}) {
    this.checkTimeoutMs = opts.checkTimeoutMs ?? 60_000;
    this.settleTimeoutMs = opts.settleTimeoutMs ?? 5_000;
  }

  /** Watch a page (resolves once its DOM-change counter is installed for the documents it loads). */
  watch(page: Page, colorScheme?: string): Promise<void> {
    const state: PageState = { colorScheme, seq: 0, navs: 0 };
    // Counts DOM changes, so a page that did not change since its last check is not checked again.
    const counting = page.addInitScript(countChanges).then(
      () => undefined,
      () => undefined,
    );
    this.pages.set(page, state);
    this.touched.add(page);
    this.checkBeforeClosing(page);
    page.on('close', () => {
      // Closed by something other than page.close()/context.close() (the browser closing, a crash) while it
      // still owed its final check: say so rather than pass it.
      if (this.touched.has(page) && !state.closing) this.recordError(page, state, 'the page closed before its final check (not through page.close() or context.close())');
      this.pages.delete(page);
      this.touched.delete(page);
    });
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      state.navs += 1;
      this.touched.add(page);
    });
    // Checked after each page load (goto, reload, a link that loads a page). In-app route changes are
    // covered by the final check and by a11y-routes.test.ts: checking them while the test goes on
    // competed with the test for the page's main thread (an axe run takes seconds on a busy machine)
    // and made waits in the middle of a flow time out.
    page.on('load', () => {
      const seq = ++state.seq;
      const run = this.checkAfterLoad(page, state, seq);
      this.pending.add(run);
      void run.finally(() => this.pending.delete(run));
    });
    return counting;
  }

  /**
   * A test may close a page (or its context) in its body: the page's final check runs first, so what
   * the test last did to it is checked too. Findings are reported with the test's others.
   */
  private checkBeforeClosing(page: Page): void {
    const closePage = page.close.bind(page);
    page.close = (async (options?: Parameters<Page['close']>[0]) => {
      await this.finalCheck(page, { closing: true });
      return closePage(options);
    }) as Page['close'];
    const context = page.context();
    if (this.guardedContexts.has(context)) return;
    this.guardedContexts.add(context);
    const closeContext = context.close.bind(context);
    context.close = (async (options?: Parameters<BrowserContext['close']>[0]) => {
      for (const p of context.pages()) await this.finalCheck(p, { closing: true });
      return closeContext(options);
    }) as BrowserContext['close'];
  }

  /** Check one page now, in its final state (as at the end of a test). */
  async check(page: Page): Promise<void> {
    const state = this.pages.get(page);
    if (!state || !isCheckable(page)) return;
    await this.checkFinal(page, state);
  }

  /** The final check of a page (cheap when nothing changed since its last check). */
  private async finalCheck(page: Page, { closing = false } = {}): Promise<void> {
    const state = this.pages.get(page);
    if (!state) return;
    if (closing) state.closing = true;
    this.touched.delete(page);
    await this.check(page);
  }

  /**
   * The check after a page load runs beside the test: a newer load or navigation, or the page closing,
   * supersedes it (the page's final check covers what it missed). Any other failure is reported.
   */
  private async checkAfterLoad(page: Page, state: PageState, seq: number): Promise<void> {
    const navs = state.navs;
    try {
      await waitForSettled(page, { timeoutMs: this.settleTimeoutMs });
      if (seq !== state.seq || !isCheckable(page)) return;
      await this.attempt(page, state);
    } catch (err) {
      if (page.isClosed()) return;
      // A round trip to the browser first, so a navigation that broke the run has been seen here (not
      // for a page that stopped answering).
      if (!(err instanceof TimedOut)) await waitForSettled(page, { timeoutMs: this.settleTimeoutMs });
      if (page.isClosed() || state.navs !== navs || seq !== state.seq || CUT_BY_NAVIGATION.test(errorLine(err))) return;
      this.recordError(page, state, err);
    }
  }

  /** A final check: retried while navigations interrupt it, then any failure is reported. */
  private async checkFinal(page: Page, state: PageState): Promise<void> {
    let failure: unknown;
    let navigating = false;
    for (let attempt = 0; attempt < FINAL_ATTEMPTS; attempt += 1) {
      const navs = state.navs;
      try {
        await waitForSettled(page, { timeoutMs: this.settleTimeoutMs });
        if (page.isClosed()) return;
        await this.attempt(page, state);
        return;
      } catch (err) {
        failure = err;
        if (page.isClosed()) return;
        if (err instanceof TimedOut) break; // a page that stopped answering: another try would wait as long
        await waitForSettled(page, { timeoutMs: this.settleTimeoutMs });
        navigating = state.navs !== navs || CUT_BY_NAVIGATION.test(errorLine(err));
        if (!navigating) break; // not a navigation: trying again would fail the same way
      }
    }
    this.recordError(page, state, navigating ? `the page kept navigating (${FINAL_ATTEMPTS} attempts): ${errorLine(failure)}` : failure);
  }

  /** One axe check of the page as it is now, within the time limit; throws when axe could not run. */
  private attempt(page: Page, state: PageState): Promise<void> {
    const seconds = Math.round(this.checkTimeoutMs / 1000);
    return withTimeout(this.runCheck(page, state), this.checkTimeoutMs, `axe did not finish within ${seconds} s (the page never freed its main thread)`);
  }

  private async runCheck(page: Page, state: PageState): Promise<void> {
    // (A document that loaded before the counter's init script was registered gets the counter now.)
    const info = await page.evaluate(countChanges);
    if (!info.html) return; // an image, a JSON answer: nothing for axe
    const version = `${page.url()}#${info.changes}`;
    if (state.checked === version) return; // nothing changed since the last check
    let violations = await axeViolations(page);
    if (violations.length) {
      // This check runs beside the test, which may be switching the page's state while axe reads it (a
      // theme toggled halfway through a run gave text of one theme on the background of the other). A
      // finding counts only when a second run, once the page has settled, finds it again.
      await waitForSettled(page, { timeoutMs: this.settleTimeoutMs });
      const again = new Set((await axeViolations(page)).map(violationKey));
      violations = violations.filter((v) => again.has(violationKey(v)));
    }
    state.checked = version;
    if (!violations.length) return;
    const url = page.url();
    const where = describePage(page, state.colorScheme);
    // One report per distinct problem: the same violation on the same page is listed once.
    const fresh = violations.filter((v) => {
      const key = `${url}|${where}|${violationKey(v)}`;
      if (this.seen.has(key)) return false;
      this.seen.add(key);
      return true;
    });
    if (fresh.length) this.findings.push({ url, where, violations: fresh });
  }

  private recordError(page: Page, state: PageState, err: unknown): void {
    const url = page.url();
    const where = describePage(page, state.colorScheme);
    const error = errorLine(err);
    const key = `${url}|${where}|error|${error}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.findings.push({ url, where, violations: [], error });
  }

  /** Wait for the scheduled checks, check every open page in its final state, return and reset the findings. */
  async flush(): Promise<A11yFinding[]> {
    await Promise.all([...this.pending]);
    // Every open page, not only those that navigated: in-app changes (a route, a dialog) count too.
    for (const page of [...this.pages.keys()]) await this.finalCheck(page);
    const out = this.findings;
    this.findings = [];
    this.seen.clear();
    return out;
  }
}
