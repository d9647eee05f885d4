/**
 * The accessibility gate of every browser test: axe-core (through @axe-core/playwright) with the WCAG 2.x
 * A and AA rules; any violation of impact serious or critical fails the test.
 *
 * Every page made by `site.newPage()` is watched (see harness.ts): after each page load the page is
 * checked once it has settled, and when the test ends every page that loaded or changed route during
 * the test is checked in its final state; `a11y-routes.test.ts` checks every route explicitly. The test fails with the violations found, where and how
 * (URL, viewport, theme). Nothing for a test to do; `expectAccessible(page)` checks a page explicitly
 * (at a state the test chose, e.g. with a dialog open).
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
export const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface A11yFinding {
  url: string;
  where: string;
  violations: Result[];
}

function describePage(page: Page, colorScheme: string | undefined): string {
  const vp = page.viewportSize();
  return `${vp ? `${vp.width}x${vp.height}` : 'default viewport'}, ${colorScheme ?? 'light'} theme`;
}

export function formatFindings(findings: A11yFinding[]): string {
  const lines: string[] = [];
  for (const f of findings) {
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
  await page
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

function isCheckable(page: Page): boolean {
  if (page.isClosed()) return false;
  const url = page.url();
  return url.startsWith('http://') || url.startsWith('https://');
}

/**
 * Watches pages: checks each page after every load (once settled) and on demand (`flush`), and
 * collects the findings of the current test.
 */
export class AccessibilityGate {
  private findings: A11yFinding[] = [];
  private pending = new Set<Promise<void>>();
  private pages = new Map<Page, { colorScheme?: string; seq: number; checked?: string }>();
  /** Pages created or navigated since the last flush: they get a final check. */
  private touched = new Set<Page>();
  private seen = new Set<string>();

  watch(page: Page, colorScheme?: string): void {
    const state: { colorScheme?: string; seq: number; checked?: string } = { colorScheme, seq: 0 };
    // Counts DOM changes, so a page that did not change since its last check is not checked again.
    void page
      .addInitScript(() => {
        const w = window as unknown as { __a11yChanges: number };
        w.__a11yChanges = 0;
        new MutationObserver(() => (w.__a11yChanges += 1)).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      })
      .catch(() => undefined);
    this.pages.set(page, state);
    this.touched.add(page);
    page.on('close', () => {
      this.pages.delete(page);
      this.touched.delete(page);
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.touched.add(page);
    });
    // Checked after each page load (goto, reload, a link that loads a page). In-app route changes are
    // covered by the final check and by a11y-routes.test.ts: checking them while the test goes on
    // competed with the test for the page's main thread (an axe run takes seconds on a busy machine)
    // and made waits in the middle of a flow time out.
    page.on('load', () => {
      const seq = ++state.seq;
      const run = (async () => {
        await waitForSettled(page);
        // A newer navigation supersedes this one: it gets its own check.
        if (seq !== state.seq) return;
        await this.check(page);
      })().catch(() => undefined);
      this.pending.add(run);
      void run.finally(() => this.pending.delete(run));
    });
  }

  /** Check one page now (errors from a page that navigated away or closed meanwhile are ignored). */
  async check(page: Page): Promise<void> {
    const state = this.pages.get(page);
    if (!state || !isCheckable(page)) return;
    try {
      const info = await page
        .evaluate(() => ({ html: document.contentType === 'text/html', changes: (window as unknown as { __a11yChanges?: number }).__a11yChanges }))
        .catch(() => null);
      if (!info?.html) return;
      const version = `${page.url()}#${info.changes ?? Math.random()}`;
      if (state.checked === version) return; // nothing changed since the last check
      let violations = await axeViolations(page);
      if (violations.length) {
        // This check runs beside the test, which may be switching the page's state while axe reads it (a
        // theme toggled halfway through a run gave text of one theme on the background of the other). A
        // finding counts only when a second run, once the page has settled, finds it again.
        await waitForSettled(page);
        const again = new Set((await axeViolations(page)).map(violationKey));
        violations = violations.filter((v) => again.has(violationKey(v)));
      }
      state.checked = version;
      if (!violations.length) return;
      const url = page.url();
      const where = describePage(page, state.colorScheme);
      // One report per distinct problem: the same violation on the same page is listed once.
      const fresh = violations.filter((v) => {
        const key = `${url}|${where}|${v.id}|${v.nodes.map((n) => n.target.join(' ')).join(',')}`;
        if (this.seen.has(key)) return false;
        this.seen.add(key);
        return true;
      });
      if (fresh.length) this.findings.push({ url, where, violations: fresh });
    } catch (err) {
      const msg = String(err);
      if (/closed|destroyed|navigat|detached|Target page/i.test(msg)) return;
      throw err;
    }
  }

  /** Wait for the scheduled checks, check every open page in its final state, return and reset the findings. */
  async flush(): Promise<A11yFinding[]> {
    await Promise.all([...this.pending]);
    const pages = [...this.touched];
    this.touched.clear();
    for (const page of pages) {
      if (!isCheckable(page)) continue;
      await waitForSettled(page);
      await this.check(page).catch(() => undefined);
    }
    const out = this.findings;
    this.findings = [];
    this.seen.clear();
    return out;
  }
}
