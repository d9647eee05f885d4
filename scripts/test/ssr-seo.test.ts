import http from 'node:http';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { get, listen, serveStaticHarness, type Reply } from './support/serveStatic';

// Issue 32, stage 1 (scripts/ssr/seo.mjs, docs/ssr.md), over real HTTP: the shell's server puts each public page's
// title, description, canonical URL, Open Graph / Twitter tags and JSON-LD into index.html from the API's answers,
// a JavaScript-off body in <noscript>, and answers /robots.txt and /sitemap.xml (an index; trainers paged). A
// stand-in API (a plain HTTP server) plays the data, including a trainer whose name tries to break out of the
// JSON-LD script and the attributes, and an API that is down.

const PUBLIC_URL = 'https://fit.example';

// ---- the stand-in API -------------------------------------------------------------------------------------

const EVIL = `Eve </script><script>alert(1)</script> "O'Hara"`;
function trainer(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    userId: 100 + id,
    user: { id: 100 + id, firstName: `First${id}`, lastName: `Last${id}`, location: 'Leeds' },
    specialization: 'Strength coach',
    description: `Trainer ${id} helps you lift safely at home.`,
    yearsOfExperience: 5,
    specialties: ['Strength', 'Mobility'],
    certifications: ['Level 3 PT'],
    education: '',
    sessionPrice: 40,
    availableOnline: true,
    availableInPerson: true,
    profileImage: null,
    profileImageThumb: null,
    rating: 4.6,
    reviewCount: 12,
    instagramHandle: '',
    twitterHandle: '',
    websiteUrl: '',
    ...extra,
  };
}
const TRAINER_COUNT = 7;
const trainers = Array.from({ length: TRAINER_COUNT }, (_, i) => trainer(i + 1));
trainers[0] = trainer(1, { profileImage: '/api/trainer-photos/aaaaaaaaaaaaaaaaaaaaaaaa', user: { id: 101, firstName: 'Sam', lastName: 'Carter', location: 'Leeds' } });
trainers[1] = trainer(2, { user: { id: 102, firstName: EVIL, lastName: '', location: '<b>Leeds</b>' }, description: '</noscript><img src=x onerror=alert(1)>', reviewCount: 0, rating: 0 });
const exercise = {
  slug: 'push-up',
  name: 'Push-up',
  category: 'strength',
  muscleGroups: ['Chest', 'Triceps'],
  equipment: ['none'],
  difficulty: 'beginner',
  duration: '3 sets of 10',
  description: 'A classic upper-body move.',
  instructions: ['Start in a plank.', 'Lower your chest.', 'Push back up.'],
  tips: ['Keep your core tight.'],
  saferAlternatives: [],
  video: { embedUrl: null, searchUrl: 'https://www.youtube.com/results?search_query=push-up' },
};
const challenge = {
  id: 3,
  title: '30-day plank',
  description: 'Hold a plank every day for 30 days.',
  type: 'duration',
  target: 60,
  unit: 'minutes',
  startDate: '2026-12-01T00:00:00.000Z',
  endDate: '2026-12-31T00:00:00.000Z',
  difficulty: 'beginner',
  category: 'strength',
  maxParticipants: 50,
  status: 'upcoming',
  participantCount: 10,
  completedCount: 0,
  createdBy: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  myParticipation: null,
};

// As GET /api/community-reviews answers: an anonymous review has `user: null` (the API hides its author).
const communityReview = (id: number, extra: Record<string, unknown>) => ({
  id,
  category: 'workouts',
  rating: 4,
  title: `Review ${id}`,
  comment: 'Good plans.',
  helpful: 2,
  isAnonymous: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  user: { firstName: 'Ann', lastName: 'Lee', username: 'annlee' },
  isMine: false,
  votedHelpful: false,
  ...extra,
});
const communityReviews = [
  communityReview(1, { title: 'Loved it </noscript><script>alert(1)</script>', category: 'platform', rating: 5 }),
  communityReview(2, { isAnonymous: true, user: null, comment: 'Kept to myself.' }),
  communityReview(3, { title: 'An older one' }),
];

let apiCalls: string[] = [];
let apiDown = false;
const api = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  apiCalls.push(url.pathname + url.search);
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  if (apiDown) return json(503, { message: 'down' });
  if (url.pathname === '/api/rollout/remotes') return json(200, { remotes: [] });
  if (url.pathname === '/api/trainers') {
    const limit = Number(url.searchParams.get('limit') ?? 12);
    const page = Number(url.searchParams.get('page') ?? 1);
    return json(200, trainers.slice((page - 1) * limit, page * limit), { 'X-Total-Count': String(trainers.length), 'X-Has-More': String(page * limit < trainers.length) });
  }
  let m = /^\/api\/trainers\/(\d+)(\/reviews)?$/.exec(url.pathname);
  if (m) {
    const t = trainers.find((x) => x.id === Number(m![1]));
    if (!t) return json(404, { message: 'Trainer not found' });
    if (m[2]) return json(200, [{ id: 1, trainerId: t.id, rating: 5, comment: 'Great </script> sessions', createdAt: '2026-10-01T10:00:00.000Z', updatedAt: '2026-10-01T10:00:00.000Z', user: { id: 9, firstName: 'Ann', lastName: 'Lee' }, verifiedClient: true }]);
    return json(200, t);
  }
  if (url.pathname === '/api/exercises') return json(200, { items: [exercise], total: 1, page: 1, pageSize: 48, muscleGroups: [] });
  if (url.pathname === '/api/exercises/push-up') return json(200, exercise);
  if (url.pathname === '/api/community-reviews') {
    const older = url.searchParams.get('cursor') === 'c2';
    const headers: Record<string, string> = { 'X-Total-Count': '3' };
    if (!older) headers['X-Next-Cursor'] = 'c2';
    return json(200, older ? [communityReviews[2]] : communityReviews.slice(0, 2), headers);
  }
  if (url.pathname === '/api/challenges') return json(200, [challenge]);
  m = /^\/api\/challenges\/(\d+)$/.exec(url.pathname);
  if (m) return Number(m[1]) === challenge.id ? json(200, challenge) : json(404, { message: 'Challenge not found' });
  json(404, { message: 'Not found' });
});

// ---- the shell's server -----------------------------------------------------------------------------------

// One shell server for the whole file (started in beforeAll): stopped, with the stand-in API, after all tests.
const harness = serveStaticHarness({ stopAfter: 'all' });
let dir: string;
let shell: string;
let apiUrl: string;

async function serve(env: Record<string, string> = {}): Promise<string> {
  const served = await harness.serve(['--dir', dir, '--spa', '--remotes', '--api'], { API_URL: apiUrl, PUBLIC_URL, SEO_CACHE_MS: '0', ...env });
  return served.url;
}

beforeAll(async () => {
  const apiServer = await listen(api);
  harness.onCleanup(apiServer.close);
  apiUrl = apiServer.url;
  dir = harness.tmpDir('ssr-seo-');
  // The built index.html's shape (shell/dist/index.html).
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="description" content="FitConnect: free home workouts."><title>FitConnect</title></head>' +
      '<body><noscript>FitConnect needs JavaScript to run.</noscript><div id="root"></div><script defer src="/main.0123456789.js"></script></body></html>',
  );
  writeFileSync(path.join(dir, 'main.0123456789.js'), 'void 0');
  // The legal pages' data, as the shell's build copies it into dist/legal/.
  mkdirSync(path.join(dir, 'legal'));
  for (const f of ['privacy-policy.json', 'terms-of-service.json']) copyFileSync(path.join(__dirname, '../../shell/public/legal', f), path.join(dir, 'legal', f));
  shell = await serve({ SITEMAP_MAX_URLS: '3' });
});

beforeEach(() => {
  apiCalls = [];
  apiDown = false;
});

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Array<Record<string, any>> {
  return [...html.matchAll(/<script[^>]* type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}
const attr = (html: string, re: RegExp) => re.exec(html)?.[1];
const nonceOf = (res: Reply) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1];

// schema.org's expected fields (and Google's rich-result requirements) for each type used.
function expectRating(r: Record<string, any>) {
  expect(r['@type']).toBe('AggregateRating');
  expect(typeof r.ratingValue).toBe('number');
  expect(r.ratingValue).toBeGreaterThanOrEqual(1);
  expect(r.ratingValue).toBeLessThanOrEqual(5);
  expect(Number.isInteger(r.reviewCount) && r.reviewCount > 0).toBe(true);
  expect(r.bestRating).toBe(5);
  expect(r.worstRating).toBe(1);
}
const ISO = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/;

describe('per-page head tags and JSON-LD', () => {
  test('a trainer profile: title, description, canonical, Open Graph, Twitter card with the photo, LocalBusiness + Person JSON-LD', async () => {
    const res = await get(`${shell}/trainers/1`);
    expect(res.status).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Sam Carter, Strength coach | FitConnect</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(attr(html, /<meta name="description" content="([^"]*)"/)).toMatch(/^Sam Carter, Strength coach in Leeds\. Rated 4\.6 out of 5 from 12 reviews\./);
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${PUBLIC_URL}/trainers/1`);
    expect(attr(html, /<meta property="og:url" content="([^"]*)"/)).toBe(`${PUBLIC_URL}/trainers/1`);
    expect(attr(html, /<meta property="og:type" content="([^"]*)"/)).toBe('profile');
    expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toBe('Sam Carter, Strength coach | FitConnect');
    expect(attr(html, /<meta property="og:image" content="([^"]*)"/)).toBe(`${PUBLIC_URL}/api/trainer-photos/aaaaaaaaaaaaaaaaaaaaaaaa`);
    expect(attr(html, /<meta name="twitter:card" content="([^"]*)"/)).toBe('summary_large_image');
    expect(attr(html, /<meta name="twitter:image" content="([^"]*)"/)).toBe(`${PUBLIC_URL}/api/trainer-photos/aaaaaaaaaaaaaaaaaaaaaaaa`);
    expect(html).not.toContain('name="robots"');

    const [ld] = jsonLd(html);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('LocalBusiness');
    expect(ld.name).toBe('Sam Carter');
    expect(ld.url).toBe(`${PUBLIC_URL}/trainers/1`);
    expect(ld.image).toBe(`${PUBLIC_URL}/api/trainer-photos/aaaaaaaaaaaaaaaaaaaaaaaa`);
    expect(ld.address).toEqual({ '@type': 'PostalAddress', addressLocality: 'Leeds', addressCountry: 'GB' });
    expect(ld.employee).toMatchObject({ '@type': 'Person', name: 'Sam Carter', jobTitle: 'Strength coach' });
    expectRating(ld.aggregateRating);
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.6, reviewCount: 12 });
    expect(ld.review[0]).toMatchObject({ '@type': 'Review', author: { '@type': 'Person', name: 'Ann Lee' }, reviewRating: { '@type': 'Rating', ratingValue: 5 } });
    expect(ld.review[0].datePublished).toMatch(ISO);
    expect(ld.review[0].reviewBody).toBe('Great </script> sessions');
  });

  test('the page content is in the HTML for JavaScript-off readers, and the JSON-LD script carries the answer\'s CSP nonce', async () => {
    const res = await get(`${shell}/trainers/1`);
    const nonce = nonceOf(res);
    expect(res.body).toMatch(new RegExp(`<script nonce="${nonce.replace(/[+/]/g, '\\$&')}" type="application/ld\\+json">`));
    const ns = /<body><noscript>([\s\S]*?)<\/noscript>/.exec(res.body)![1];
    for (const text of ['<h1>Sam Carter</h1>', 'Strength coach · Leeds', 'Rated 4.6 out of 5 from 12 reviews', 'Trainer 1 helps you lift safely at home.', 'Ann Lee', 'Great &lt;/script&gt; sessions']) {
      expect(ns).toContain(text);
    }
    expect(ns).toContain('<a href="/trainers">Find a Trainer</a>');
    // The client app's mount point is untouched: with JavaScript on, it renders exactly as before.
    expect(res.body).toContain('<div id="root"></div>');
  });

  test('a trainer whose name holds </script>, quotes and markup breaks nothing out (attributes, JSON-LD, noscript)', async () => {
    const res = await get(`${shell}/trainers/2`);
    const html = res.body;
    // Exactly the page's own script elements: the JSON-LD one and the app's bundle.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/<\/noscript><img/);
    const title = attr(html, /<title>([^<]*)<\/title>/)!;
    expect(title).toBe('Eve &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;O&#39;Hara&quot;, Strength coach | FitConnect');
    expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toBe(title);
    const [ld] = jsonLd(html);
    expect(ld.name).toBe(EVIL);
    expect(ld.address.addressLocality).toBe('<b>Leeds</b>');
    // No rating yet: no aggregateRating (an empty one is invalid for schema.org consumers).
    expect(ld.aggregateRating).toBeUndefined();
    expect(attr(html, /<meta name="twitter:card" content="([^"]*)"/)).toBe('summary');
  });

  test('an exercise is a HowTo with its steps; a challenge is an Event with dates, online attendance and capacity', async () => {
    const ex = await get(`${shell}/exercise-tutorials/push-up`);
    expect(ex.body).toContain('<title>Push-up | Exercise Tutorials | FitConnect</title>');
    const [howTo] = jsonLd(ex.body);
    expect(howTo).toMatchObject({ '@context': 'https://schema.org', '@type': 'HowTo', name: 'Push-up', url: `${PUBLIC_URL}/exercise-tutorials/push-up` });
    expect(howTo.step).toEqual([
      { '@type': 'HowToStep', position: 1, name: 'Step 1', text: 'Start in a plank.' },
      { '@type': 'HowToStep', position: 2, name: 'Step 2', text: 'Lower your chest.' },
      { '@type': 'HowToStep', position: 3, name: 'Step 3', text: 'Push back up.' },
    ]);
    expect(ex.body).toContain('<ol><li>Start in a plank.</li>');

    const ch = await get(`${shell}/challenges/3`);
    const [event] = jsonLd(ch.body);
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: '30-day plank',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: `${PUBLIC_URL}/challenges/3` },
      organizer: { '@type': 'Organization', name: 'FitConnect', url: PUBLIC_URL },
      maximumAttendeeCapacity: 50,
      remainingAttendeeCapacity: 40,
    });
    expect(event.startDate).toMatch(ISO);
    expect(event.endDate).toMatch(ISO);
    expect(event.offers).toMatchObject({ '@type': 'Offer', price: 0, priceCurrency: 'GBP' });
  });

  test('the directory, the tutorials, the challenges and the home page list their content with links and a GET search form', async () => {
    const list = await get(`${shell}/trainers?location=Leeds`);
    expect(list.body).toContain('<title>Personal trainers near Leeds | FitConnect</title>');
    expect(attr(list.body, /<link rel="canonical" href="([^"]*)"/)).toBe(`${PUBLIC_URL}/trainers?location=Leeds`);
    expect(list.body).toContain('<form method="get" action="/trainers" role="search">');
    expect(list.body).toContain('name="location" type="search" value="Leeds"');
    expect(list.body).toContain('<a href="/trainers/1">Sam Carter</a>');
    expect(apiCalls).toContain('/api/trainers?location=Leeds');
    // The directory's pages are links that keep the search (12 per page: the stand-in API has 7, so pass a limit).
    const paged = await get(`${shell}/trainers?location=Leeds&limit=3&page=2`);
    expect(paged.body).toContain('<a href="/trainers?location=Leeds&amp;page=3&amp;limit=3" rel="next">Next page</a>');
    expect(paged.body).toContain('<a href="/trainers?location=Leeds&amp;limit=3" rel="prev">Previous page</a>');

    expect((await get(`${shell}/exercise-tutorials`)).body).toContain('<a href="/exercise-tutorials/push-up">Push-up</a>');
    expect((await get(`${shell}/challenges`)).body).toContain('<a href="/challenges/3">30-day plank</a>');
    const home = await get(`${shell}/`);
    expect(home.body).toContain('<title>FitConnect | Home workouts and personal trainers</title>');
    expect(jsonLd(home.body)[0]).toMatchObject({ '@type': 'WebSite', url: `${PUBLIC_URL}/`, potentialAction: { '@type': 'SearchAction' } });
    const privacy = await get(`${shell}/privacy-policy`);
    expect(privacy.body).toContain('<title>Privacy Policy | FitConnect</title>');
    expect(attr(privacy.body, /<link rel="canonical" href="([^"]*)"/)).toBe(`${PUBLIC_URL}/privacy-policy`);
  });

  test('signed-in-only pages are noindex and read nothing from the API; an unknown trainer is noindex with no canonical', async () => {
    const profile = await get(`${shell}/profile`);
    expect(profile.body).toContain('<meta name="robots" content="noindex">');
    expect(profile.body).toContain('<title>FitConnect</title>');
    expect(profile.body).toContain('<noscript>FitConnect needs JavaScript to run.</noscript>');
    expect(apiCalls.filter((c) => !c.startsWith('/api/rollout'))).toEqual([]);

    const missing = await get(`${shell}/trainers/999`);
    expect(missing.status).toBe(200);
    expect(missing.body).toContain('<meta name="robots" content="noindex">');
    expect(missing.body).not.toContain('rel="canonical"');
  });

  test('an API that is down gives the page as it was built (200, the client renders as before), never an error', async () => {
    apiDown = true;
    const res = await get(`${shell}/trainers/1`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>FitConnect</title>');
    expect(res.body).toContain('<div id="root"></div>');
    expect(jsonLd(res.body)).toEqual([]);
    const sitemap = await get(`${shell}/sitemap.xml`);
    expect(sitemap.status).toBe(503);
  });
});

describe('the community and legal pages for JavaScript-off readers', () => {
  const noscript = (html: string) => /<body><noscript>([\s\S]*?)<\/noscript>/.exec(html)![1];

  test('/community lists the reviews as the app shows them, anonymous ones without an author, older ones behind a link', async () => {
    const res = await get(`${shell}/community`);
    const ns = noscript(res.body);
    expect(ns).toContain('<h2>Community Reviews (3)</h2>');
    expect(ns).toContain('<h3>Loved it &lt;/noscript&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h3>');
    expect(ns).toContain('Ann Lee · Platform Experience · 2026-11-20');
    expect(ns).toContain('Rated 5 out of 5');
    expect(ns).toContain('Anonymous User · Shared anonymously · Workouts');
    expect(ns).toContain('Helpful (2)');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body.match(/<script/g)).toHaveLength(1); // the app's bundle only
    expect(ns).toContain('<a href="/community?cursor=c2" rel="next">Older reviews</a>');
    expect(attr(res.body, /<link rel="canonical" href="([^"]*)"/)).toBe(`${PUBLIC_URL}/community`);

    const older = noscript((await get(`${shell}/community?cursor=c2`)).body);
    expect(older).toContain('<h3>An older one</h3>');
    expect(older).not.toContain('Older reviews');
    expect(apiCalls).toContain('/api/community-reviews?cursor=c2');
  });

  test('the privacy policy and the terms carry their whole text, from the same data the app renders', async () => {
    const policy = JSON.parse(readFileSync(path.join(__dirname, '../../shell/public/legal/privacy-policy.json'), 'utf8'));
    const privacy = noscript((await get(`${shell}/privacy-policy`)).body);
    expect(privacy).toContain('<h1>Privacy Policy</h1>');
    expect(privacy).toContain(`Last updated: ${policy.lastUpdated}`);
    expect(privacy.match(/<section id="[a-z-]+"><h2>/g)).toHaveLength(policy.sections.length);
    expect(privacy).toContain('<h2>12. Contact Us</h2>');
    expect(privacy).toContain('<li>Account details: your username, email address, first and last name, and (optionally) your location.</li>');
    expect(noscript((await get(`${shell}/terms-of-service`)).body)).toContain('<h2>1. Accepting These Terms</h2>');
    expect(apiCalls.filter((c) => !c.startsWith('/api/rollout'))).toEqual([]);
  });
});

describe('robots.txt and sitemaps', () => {
  test('robots.txt names the sitemap and keeps crawlers off the signed-in pages and the API', async () => {
    const res = await get(`${shell}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    for (const p of ['/profile', '/messages', '/api/']) expect(res.body).toContain(`Disallow: ${p}`);
    expect(res.body).not.toMatch(/Disallow: \/trainers$/m);
  });

  test('sitemap.xml is an index; the trainers are split into files of at most SITEMAP_MAX_URLS; every public trainer, exercise and challenge is listed once', async () => {
    const index = await get(`${shell}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // 7 trainers at 3 per file: 3 files.
    expect(files).toEqual(['pages', 'exercises', 'challenges', 'trainers-1', 'trainers-2', 'trainers-3'].map((n) => `${PUBLIC_URL}/sitemaps/${n}.xml`));
    const urls: string[] = [];
    for (const f of files) {
      const res = await get(`${shell}${new URL(f).pathname}`);
      expect(res.status).toBe(200);
      expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs.length).toBeLessThanOrEqual(f.includes('trainers') ? 3 : 50_000);
      urls.push(...locs);
    }
    expect(new Set(urls).size).toBe(urls.length);
    for (let id = 1; id <= TRAINER_COUNT; id++) expect(urls).toContain(`${PUBLIC_URL}/trainers/${id}`);
    expect(urls).toContain(`${PUBLIC_URL}/exercise-tutorials/push-up`);
    expect(urls).toContain(`${PUBLIC_URL}/challenges/3`);
    expect(urls).toContain(`${PUBLIC_URL}/privacy-policy`);
    expect((await get(`${shell}/sitemaps/trainers-4.xml`)).status).toBe(404);
    expect((await get(`${shell}/sitemaps/trainers-0.xml`)).status).toBe(404);
  });
});

describe('turned off', () => {
  test('SSR=off serves index.html exactly as built, and no robots.txt or sitemap', async () => {
    const off = await serve({ SSR: 'off' });
    const res = await get(`${off}/trainers/1`);
    expect(res.body).toContain('<title>FitConnect</title>');
    expect(jsonLd(res.body)).toEqual([]);
    expect((await get(`${off}/sitemap.xml`)).status).toBe(404);
  });
});
