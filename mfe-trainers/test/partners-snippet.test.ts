import { DEFAULT_SNIPPET, frameUrl, iframeSnippet, scriptSnippet } from '../src/features/partners/lib/snippet';

// The /partners snippet builder (issue 33): what a partner copies.
const ORIGIN = 'https://fit.example';

describe('partner snippets', () => {
  it('the script snippet uses the stable v1 URL and only the attributes that differ from the defaults', () => {
    expect(scriptSnippet(ORIGIN, DEFAULT_SNIPPET, null)).toBe(
      `<script src="${ORIGIN}/embed/v1/trainer-finder.js" async></script>\n<fitconnect-trainer-finder></fitconnect-trainer-finder>`,
    );
    const o = { ...DEFAULT_SNIPPET, partner: 'city-gym', location: 'Leeds "LS1"', mode: 'online-only' as const, maxResults: 3, sort: 'rating' as const, theme: 'auto' as const };
    expect(scriptSnippet(ORIGIN, o, null)).toBe(
      `<script src="${ORIGIN}/embed/v1/trainer-finder.js" async></script>\n` +
        '<fitconnect-trainer-finder location="Leeds &quot;LS1&quot;" online-only max-results="3" sort="rating" theme="auto" partner="city-gym"></fitconnect-trainer-finder>',
    );
  });

  it('a pinned snippet carries the release path, its integrity and crossorigin', () => {
    const pinned = { version: '1.1.0', path: '/embed/v1.1.0/trainer-finder.js', integrity: 'sha384-abc' };
    expect(scriptSnippet(ORIGIN, DEFAULT_SNIPPET, pinned)).toMatch(
      /^<script src="https:\/\/fit\.example\/embed\/v1\.1\.0\/trainer-finder\.js" integrity="sha384-abc" crossorigin="anonymous" async><\/script>/,
    );
  });

  it('the iframe snippet puts the attributes in the query string; the resize script is optional', () => {
    const o = { ...DEFAULT_SNIPPET, location: 'Leeds', mode: 'in-person-only' as const, partner: 'city-gym' };
    expect(frameUrl(ORIGIN, o)).toBe(`${ORIGIN}/embed/frame/trainer-finder?location=Leeds&in-person-only=true&partner=city-gym`);
    expect(iframeSnippet(ORIGIN, o, true)).toContain(`<script src="${ORIGIN}/embed/v1/frame-resize.js" async></script>`);
    expect(iframeSnippet(ORIGIN, o, false)).not.toContain('<script');
    expect(iframeSnippet(ORIGIN, o, false)).toContain('&amp;in-person-only=true&amp;partner=city-gym');
  });
});
