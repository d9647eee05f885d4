/**
 * The legal pages rendered by the shell's server build (issue 32 stage 2, docs/ssr.md; src/server.tsx): the page
 * itself (its lazy module given at once), in the shell's frame, never its loading state. The browser's side is
 * legalHydrate.test.tsx (a separate module registry: here the pages' modules are provided at import).
 */
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@fitconnect/shared-ui';
import policy from '../public/legal/privacy-policy.json';
import terms from '../public/legal/terms-of-service.json';
import { prefetch, renderPage } from '../src/server';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(async () => {
    throw new Error('the real runtime is not used in unit tests');
  }),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

/** The <h1> and <h2> texts of some HTML. */
function headings(html: string) {
  const div = document.createElement('div');
  div.innerHTML = html;
  return { h1: Array.from(div.querySelectorAll('h1'), (h) => h.textContent), h2: Array.from(div.querySelectorAll('h2'), (h) => h.textContent) };
}

test.each([
  ['/privacy-policy', policy],
  ['/terms-of-service', terms],
])("the shell's server renders %s itself, in the frame: its h1, the contents and every section, no loading state", (pathname, doc) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  expect(prefetch(pathname, { queryClient })).toEqual({ ok: true, page: `shell ${pathname}` });
  expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
  // renderToString does not wait for a Suspense boundary: a page that suspended would be its spinner here.
  const html = renderToString(renderPage({ url: pathname, queryClient, area: null, module: null }));
  expect(html).toContain('Skip to content');
  expect(html).not.toContain('Loading page');
  // The page directly in <main>, not in a Suspense boundary (React's server would move a large one's content after
  // its fallback, shown later by a script).
  expect(html).toMatch(/<main [^>]*><div class="[^"]+"><a [^>]*href="\/"[^>]*><span aria-hidden="true">←<\/span> Back to Home/);
  expect(html).not.toMatch(/ style="/);
  const { h1, h2 } = headings(html);
  expect(h1).toEqual([doc.title]);
  expect(h2).toEqual(expect.arrayContaining(doc.sections.map((s) => s.title)));
  for (const s of doc.sections) {
    expect(html).toContain(`href="#${s.id}"`);
    expect(html).toContain(`id="${s.id}"`);
  }
});

test('the shell renders no other page of its own on the server', () => {
  for (const p of ['/signin', '/profile', '/privacy-policy/x', '/ops', '/trainers']) expect(prefetch(p, { queryClient: new QueryClient() })).toEqual({ ok: false });
});
