// Workbox ships ES modules only; the caching strategies are not what this file tests.
jest.mock('workbox-strategies', () => ({ CacheFirst: class {}, NetworkFirst: class {} }));
jest.mock('workbox-expiration', () => ({ ExpirationPlugin: class {} }));
jest.mock('workbox-cacheable-response', () => ({ CacheableResponsePlugin: class {} }));

import { remoteEntryOf } from '../../src/federation/manifestCache';
import { filesOf } from '../../src/sw/remotes';

// The service worker caches a remote version's files by the same reading of its mf-manifest.json as the page uses
// to load it (../../src/federation/manifestPaths.ts): an entry the worker put under another URL would be missed
// offline.
const manifests = [
  ['https://cdn.example/challenges/v2/mf-manifest.json', { metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } } }],
  ['https://cdn.example/challenges/v2/mf-manifest.json', { metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: 'static/' } } }],
  ['https://cdn.example/challenges/v2/mf-manifest.json', { metaData: { publicPath: 'https://assets.example/ch/', remoteEntry: { name: 'entry.js', path: 'js' } } }],
  ['http://localhost:3005/mf-manifest.json', { metaData: { publicPath: '/remotes/ch/', remoteEntry: { name: 'remoteEntry.js' } } }],
] as const;

test.each(manifests)('the worker caches the remoteEntry.js the page loads (%s)', (url, manifest) => {
  expect(filesOf(url, manifest).entryUrl).toBe(remoteEntryOf(url, manifest).url);
});

test("the worker caches every exposed module's chunks beside the entry, under the manifest's public path", () => {
  const manifest = {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js' } },
    exposes: [{ assets: { js: { sync: ['routes.1a2b.js'], async: ['page.3c4d.js'] }, css: { sync: [], async: ['page.5e6f.css'] } } }],
  };
  expect(filesOf('https://cdn.example/ch/v2/mf-manifest.json', manifest)).toEqual({
    base: 'https://cdn.example/ch/v2/',
    entryUrl: 'https://cdn.example/ch/v2/remoteEntry.js',
    files: ['https://cdn.example/ch/v2/remoteEntry.js', 'https://cdn.example/ch/v2/routes.1a2b.js', 'https://cdn.example/ch/v2/page.3c4d.js', 'https://cdn.example/ch/v2/page.5e6f.css'],
  });
});
