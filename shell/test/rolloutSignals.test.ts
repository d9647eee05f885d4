import {
  attributeUrl,
  installErrorAttribution,
  noteManifest,
  reportAreaError,
  sendLoadReport,
  sendVitals,
  setCurrentArea,
  startVitals,
} from '../src/federation/rolloutBeacon';

// Issue 34 item 2: errors of an area's scripts and the page's web vitals are reported for the version of
// the area this page runs, attributed by the folder its scripts are served from.

const CANDIDATE = 'http://r.test:3002/versions/0.2.0-cand/mf-manifest.json';
const STABLE = 'http://r.test:3002/versions/0.1.0-stable/mf-manifest.json';

let sent: Record<string, unknown>[];
beforeEach(() => {
  sent = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: string) => {
      sent.push(JSON.parse(body));
      return true;
    },
  });
  noteManifest({
    remotes: [
      { area: 'trainers', name: 'mfe_trainers', entry: CANDIDATE, version: '0.2.0-cand', fallback: { entry: STABLE, version: '0.1.0-stable' } },
      { area: 'challenges', name: 'mfe_challenges', entry: 'http://r.test:3005/mf-manifest.json', version: 'default' },
    ],
  });
});

test('attributes script URLs to the loaded version of an area by its folder', () => {
  sendLoadReport({ area: 'trainers', version: '0.2.0-cand', outcome: 'loaded' });
  sendLoadReport({ area: 'challenges', version: 'default', outcome: 'loaded' });
  expect(attributeUrl('http://r.test:3002/versions/0.2.0-cand/__federation_expose_routes.js')).toEqual({ area: 'trainers', version: '0.2.0-cand' });
  expect(attributeUrl('http://r.test:3005/static/js/1.js')).toEqual({ area: 'challenges', version: 'default' });
  expect(attributeUrl('http://localhost/static/js/main.js')).toBeNull();
  expect(attributeUrl(undefined)).toBeNull();
});

test('window errors and rejections of an area are reported once per version; the shell\'s own are not', () => {
  sendLoadReport({ area: 'trainers', version: '0.2.0-cand', outcome: 'loaded' });
  sent.length = 0;
  const stop = installErrorAttribution(window);
  try {
    window.dispatchEvent(new ErrorEvent('error', { filename: 'http://localhost/static/js/main.js', message: 'shell bug' }));
    expect(sent).toEqual([]);
    window.dispatchEvent(new ErrorEvent('error', { filename: 'http://r.test:3002/versions/0.2.0-cand/chunk.js', message: 'boom', error: new TypeError('x is undefined') }));
    window.dispatchEvent(new ErrorEvent('error', { filename: 'http://r.test:3002/versions/0.2.0-cand/chunk.js', message: 'again' }));
    expect(sent).toEqual([{ kind: 'error', area: 'trainers', version: '0.2.0-cand', source: 'error', message: 'TypeError: x is undefined' }]);
  } finally {
    stop();
  }
});

test('an error boundary report and a rejection with an area URL in its stack', () => {
  sendLoadReport({ area: 'challenges', version: 'default', outcome: 'loaded' });
  sent.length = 0;
  reportAreaError('challenges', 'boundary', new Error('render failed'));
  expect(sent).toEqual([{ kind: 'error', area: 'challenges', version: 'default', source: 'boundary', message: 'Error: render failed' }]);
  // An area that has not loaded on this page: nothing to attribute.
  reportAreaError('messages', 'boundary', new Error('x'));
  expect(sent).toHaveLength(1);
});

test('vitals go to the area shown, bounded, once per metric', () => {
  sendLoadReport({ area: 'trainers', version: '0.1.0-stable', outcome: 'loaded' });
  sent.length = 0;
  setCurrentArea(null);
  sendVitals({ name: 'LCP', value: 1234.4 });
  expect(sent).toEqual([]);
  setCurrentArea('trainers');
  sendVitals({ name: 'LCP', value: 1234.4 });
  sendVitals({ name: 'LCP', value: 2000 });
  sendVitals({ name: 'INP', value: 999_999 });
  sendVitals({ name: 'CLS', value: 0.1 });
  expect(sent).toEqual([
    { kind: 'vitals', area: 'trainers', version: '0.1.0-stable', lcp: 1234 },
    { kind: 'vitals', area: 'trainers', version: '0.1.0-stable', inp: 60_000 },
  ]);
});

test('web-vitals is loaded only for a sampled page, and only after the first interaction', () => {
  const add = jest.spyOn(window, 'addEventListener');
  startVitals(0.25, () => 0.5);
  expect(add).not.toHaveBeenCalled();
  startVitals(0.25, () => 0.1);
  expect(add.mock.calls.map((c) => c[0])).toEqual(['pointerdown', 'keydown']);
  add.mockRestore();
});
