import { startSite, type Site } from '../src/harness';
import { specRoutes } from '../src/routes';
import { clsCombos, comboLabel, formatCls, measureCls, signedInState, type ClsResult } from '../src/bench-cls';

// Zero layout shift (issue 35.2): every SPEC §2 route opened by URL (a full load: the shell, the area's
// remote, its data) at 390 px and 1280 px, light and dark, signed out and in (pairwise: four loads per route,
// every pair of width, theme and sign-in state covered; CLS_ALL_COMBOS=1 for all eight), measured with a
// buffered PerformanceObserver for layout-shift until the page has settled (its heading, no loading status,
// network and DOM quiet: bench-cls.ts). The goal is 0.00; the test fails above 0.05. One browser, three
// pages at a time. It prints every measurement, and the elements that moved in any page that shifted.

const LIMIT = 0.05;

/**
 * Pages measured above the limit whose fix belongs to work in progress elsewhere: printed as KNOWN in the
 * output, not failing the test. Remove an entry once its page is fixed (the test then guards it). None now:
 * /trainers/:id shows its booking panel and reviews with the profile, and /profile places the dashboard
 * widgets where their arrival moves nothing (issue 35.2).
 */
const KNOWN: { route: RegExp; signedIn?: boolean; why: string }[] = [];
const known = (r: ClsResult) => KNOWN.find((k) => k.route.test(r.route) && (k.signedIn === undefined || k.signedIn === r.combo.signedIn));

let site: Site;
let results: ClsResult[];

beforeAll(async () => {
  site = await startSite();
  const { storageState, workoutId } = await signedInState(site);
  results = await measureCls(site, { routes: specRoutes(workoutId), combos: clsCombos(), storageState, concurrency: 3 });
  console.log(`Layout shift (CLS; total of all shifts) per route, through the area's first load:\n${formatCls(results, 0)}`);
}, 15 * 60_000);

afterAll(async () => {
  await site?.close();
});

test('every page settled (heading shown, no loading status left)', () => {
  const failed = results.filter((r) => r.error);
  if (failed.length) throw new Error(failed.map((r) => `${r.route} (${comboLabel(r.combo)}): ${r.error}`).join('\n'));
});

test(`no route shifts its layout by more than ${LIMIT} while it loads`, () => {
  const over = results.filter((r) => !r.error && r.cls > LIMIT);
  const tolerated = over.filter(known);
  if (tolerated.length) console.log(`KNOWN, not failing (see KNOWN in cls.test.ts):\n${tolerated.map((r) => `${r.cls.toFixed(3)} ${r.route} (${comboLabel(r.combo)}): ${known(r)!.why}`).join('\n')}`);
  const failing = over.filter((r) => !known(r));
  if (failing.length) throw new Error(`CLS above ${LIMIT}:\n${formatCls(failing, 0)}`);
});
