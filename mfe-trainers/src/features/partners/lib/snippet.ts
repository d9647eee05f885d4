/**
 * The snippets the /partners page builds (issue 33): the script tag + element, or the iframe (+ its optional
 * resize script). Pure functions of the options, so the page and its tests agree on what a partner copies.
 */
export interface SnippetOptions {
  partner: string;
  location: string;
  specialty: string;
  mode: '' | 'online-only' | 'in-person-only';
  maxResults: number;
  sort: '' | 'distance' | 'rating' | 'price';
  theme: 'light' | 'dark' | 'auto';
  lang: string;
}

export const DEFAULT_SNIPPET: SnippetOptions = { partner: '', location: '', specialty: '', mode: '', maxResults: 6, sort: '', theme: 'light', lang: 'en' };

/** A pinned release from /embed/releases.json. */
export interface Release {
  version: string;
  path: string;
  integrity: string;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The element's attributes in the order the README lists them (only those that differ from the defaults). */
export function finderAttributes(o: SnippetOptions): [string, string][] {
  const list: [string, string][] = [];
  if (o.location.trim()) list.push(['location', o.location.trim()]);
  if (o.specialty.trim()) list.push(['specialty', o.specialty.trim()]);
  if (o.mode) list.push([o.mode, '']);
  if (o.maxResults !== 6) list.push(['max-results', String(o.maxResults)]);
  if (o.sort) list.push(['sort', o.sort]);
  if (o.theme !== 'light') list.push(['theme', o.theme]);
  if (o.lang && o.lang !== 'en') list.push(['lang', o.lang]);
  if (o.partner.trim()) list.push(['partner', o.partner.trim()]);
  return list;
}

export function scriptSnippet(origin: string, o: SnippetOptions, pinned: Release | null): string {
  const attrs = finderAttributes(o)
    .map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${attr(v)}"`))
    .join('');
  const script = pinned
    ? `<script src="${origin}${pinned.path}" integrity="${pinned.integrity}" crossorigin="anonymous" async></script>`
    : `<script src="${origin}/embed/v1/trainer-finder.js" async></script>`;
  return `${script}\n<fitconnect-trainer-finder${attrs}></fitconnect-trainer-finder>`;
}

export function frameUrl(origin: string, o: SnippetOptions): string {
  const params = new URLSearchParams(finderAttributes(o).map(([k, v]) => [k, v === '' ? 'true' : v]));
  const q = params.toString();
  return `${origin}/embed/frame/trainer-finder${q ? `?${q}` : ''}`;
}

export function iframeSnippet(origin: string, o: SnippetOptions, withResize: boolean): string {
  const frame = `<iframe src="${attr(frameUrl(origin, o))}" title="FitConnect trainer finder" loading="lazy" style="width:100%;height:900px;border:0"></iframe>`;
  return withResize ? `${frame}\n<script src="${origin}/embed/v1/frame-resize.js" async></script>` : frame;
}
