// Discoverability for the shell's public pages (issue 32, stage 1; docs/ssr.md): what a search engine, a link
// preview or a browser without JavaScript reads from the HTML before any JavaScript runs.
//
//  - per page: <title>, meta description, canonical URL (from $PUBLIC_URL), Open Graph and Twitter card tags
//    (a trainer's photo when there is one), JSON-LD (a trainer as a LocalBusiness run by a Person with
//    aggregateRating, an exercise as a HowTo, a challenge as an Event, the site as a WebSite with a search
//    action), `noindex` on signed-in-only pages; all built from the API's public answers;
//  - a <noscript> body with the page's content (the trainer's name, specialization, location, rating, reviews;
//    the directory with a GET search form; the exercise's steps; the challenge's dates; the community reviews;
//    the legal pages' text from the shell's own data) and links between the
//    public pages, so the site reads and navigates with JavaScript off. With JavaScript on, <noscript> is inert:
//    the client app renders exactly as before (createRoot, no hydration);
//  - /robots.txt and /sitemap.xml (a sitemap index; the trainers split into files of at most 50,000 URLs).
//
// Every value from the API is escaped for where it goes: HTML text and attributes (&<>"'), JSON-LD (`<`, `>`,
// `&`, U+2028/9 as \u escapes, so a name holding `</script>` cannot end the script element). A page whose data
// the API cannot give in time gets the generic tags: never an error, never a slower page than the timeout.
// Answers from the API are kept a few seconds per URL (SEO_CACHE_MS, default 5000; 0 turns it off), requests
// for the same URL meanwhile share one API call.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const DEFAULT_TITLE = 'FitConnect | Home workouts and personal trainers';
const DEFAULT_DESCRIPTION = 'FitConnect: free home workouts, AI workout plans and certified personal trainers near you.';
const SITE_NAME = 'FitConnect';

/** The protocol's limit per sitemap file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/** The API's largest page of trainers / exercises (contracts: TRAINER_MAX_PAGE_SIZE, EXERCISE_PAGE_SIZE_MAX). */
const API_PAGE = 48;

// ---- Escaping ---------------------------------------------------------------------------------------------

const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text or attribute value in HTML (and XML). */
export function escapeHtml(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** JSON for a <script type="application/ld+json"> element: nothing in it can close or confuse the element. */
export function jsonForScript(value) {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const clip = (s, n = 160) => {
  const t = String(s ?? '').replace(/\s+/g, ' ').trim();
  return t.length <= n ? t : `${t.slice(0, n - 1).replace(/\s+\S*$/, '')}…`;
};

// ---- Routes -------------------------------------------------------------------------------------------------

/** Pages only a signed-in user sees: never indexed (robots.txt disallows them too). */
const PRIVATE_PREFIXES = ['/profile', '/edit-profile', '/messages', '/workout-plan', '/workouts', '/trainer-profile', '/trainers/me', '/reset-password'];

const STATIC_PAGES = {
  '/': { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION },
  '/community': { title: 'Community | FitConnect', description: 'Ask questions, share progress and cheer each other on in the FitConnect community.' },
  '/privacy-policy': { title: 'Privacy Policy | FitConnect', description: 'How FitConnect collects, uses and protects your personal data.' },
  '/terms-of-service': { title: 'Terms of Service | FitConnect', description: 'The terms for using FitConnect as a client or a trainer.' },
  '/ai-workout': { title: 'AI Workout Generator | FitConnect', description: 'A home workout plan made for your goal, level, time and equipment.' },
  '/trainer-signup': { title: 'Join as a Trainer | FitConnect', description: 'Certified personal trainer? Create your FitConnect profile and meet clients near you.' },
  '/signin': { title: 'Sign In | FitConnect', description: DEFAULT_DESCRIPTION },
  '/signup': { title: 'Sign Up | FitConnect', description: DEFAULT_DESCRIPTION },
  '/forgot-password': { title: 'Forgot Password | FitConnect', description: DEFAULT_DESCRIPTION },
};

/** The static legal pages: their text is the shell's own data (shell/public/legal/<page>.json, built into dist). */
const LEGAL_PAGES = ['/privacy-policy', '/terms-of-service'];

/** A legal document ({ title, lastUpdated, intro, sections: [{ id, title, body: (paragraph | list items)[] }] }) as HTML. */
function legalHtml(doc) {
  const block = (b) => (Array.isArray(b) ? `<ul>${b.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : `<p>${escapeHtml(b)}</p>`);
  return (
    `<article><h1>${escapeHtml(doc.title)}</h1><p>Last updated: ${escapeHtml(doc.lastUpdated)}</p><p>${escapeHtml(doc.intro)}</p>` +
    // The React page's contents list, here too: without JavaScript only this body shows.
    `<nav aria-label="Contents"><ol>${doc.sections.map((s) => `<li><a href="#${escapeHtml(s.id)}">${escapeHtml(s.title.replace(/^\d+\.\s*/, ''))}</a></li>`).join('')}</ol></nav>` +
    doc.sections.map((s) => `<section id="${escapeHtml(s.id)}"><h2>${escapeHtml(s.title)}</h2>${s.body.map(block).join('')}</section>`).join('') +
    `</article>`
  );
}

/**
 * Reads a legal page's document from the served folder once (null when it is missing or malformed: the page
 * then carries its title and description only, as before).
 */
function createLegalReader(root) {
  const docs = new Map();
  return (path) => {
    if (!root) return Promise.resolve(null);
    if (!docs.has(path)) {
      docs.set(
        path,
        readFile(join(root, 'legal', `${path.slice(1)}.json`), 'utf8').then(
          (text) => {
            const doc = JSON.parse(text);
            return typeof doc?.title === 'string' && Array.isArray(doc.sections) ? doc : null;
          },
          () => null,
        ).catch(() => null),
      );
    }
    return docs.get(path);
  };
}

/** As the community area names its review categories (contracts: COMMUNITY_REVIEW_CATEGORY_LABELS). */
const COMMUNITY_CATEGORY_LABELS = { platform: 'Platform Experience', community: 'Community', features: 'Features', trainers: 'Trainers', workouts: 'Workouts' };

/** The links of the JavaScript-off navigation (the public pages). */
const NAV = [
  ['/', 'Home'],
  ['/trainers', 'Find a Trainer'],
  ['/exercise-tutorials', 'Exercise Tutorials'],
  ['/challenges', 'Challenges'],
  ['/community', 'Community'],
  ['/privacy-policy', 'Privacy Policy'],
];

// ---- API reads ----------------------------------------------------------------------------------------------

function createReader({ apiUrl, fetchImpl, timeoutMs, cacheMs, now }) {
  const cache = new Map();
  const MAX_ENTRIES = 500;
  /** GET <apiUrl><path> as JSON: { status, body, headers } or null (unreachable, timeout, not JSON). */
  return async function read(pathAndQuery) {
    const t = now();
    const hit = cache.get(pathAndQuery);
    if (hit && (hit.pending || t - hit.at < cacheMs)) return hit.value;
    const value = (async () => {
      try {
        const res = await fetchImpl(new URL(pathAndQuery, apiUrl), { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
        const body = res.ok ? await res.json() : null;
        return { status: res.status, body, headers: res.headers };
      } catch {
        return null;
      }
    })();
    const entry = { at: t, value, pending: true };
    cache.set(pathAndQuery, entry);
    value.then((v) => {
      entry.pending = false;
      entry.at = now();
      // Only good answers are kept; a failure is tried again on the next request.
      if (!v || v.status >= 500 || cacheMs <= 0) cache.delete(pathAndQuery);
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value);
    });
    return value;
  };
}

// ---- JSON-LD ------------------------------------------------------------------------------------------------

const fullName = (u) => [u?.firstName, u?.lastName].filter(Boolean).join(' ').trim();
const absolute = (base, url) => {
  if (!url) return null;
  try {
    const u = new URL(url, `${base}/`);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
};

export function trainerJsonLd(base, trainer, reviews) {
  const name = fullName(trainer.user) || 'FitConnect trainer';
  const url = `${base}/trainers/${trainer.id}`;
  const image = absolute(base, trainer.profileImage);
  const person = { '@type': 'Person', name, jobTitle: trainer.specialization || undefined, url };
  if (image) person.image = image;
  if (trainer.certifications?.length) person.hasCredential = trainer.certifications.map((c) => ({ '@type': 'EducationalOccupationalCredential', name: c }));
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': url,
    name,
    description: clip(trainer.description || trainer.specialization, 500) || undefined,
    url,
    employee: person,
    knowsAbout: trainer.specialties?.length ? trainer.specialties : undefined,
  };
  if (image) ld.image = image;
  if (trainer.user?.location) ld.address = { '@type': 'PostalAddress', addressLocality: trainer.user.location, addressCountry: 'GB' };
  if (trainer.sessionPrice != null) ld.priceRange = `£${trainer.sessionPrice} per session`;
  if (trainer.reviewCount > 0 && trainer.rating > 0) {
    ld.aggregateRating = { '@type': 'AggregateRating', ratingValue: trainer.rating, reviewCount: trainer.reviewCount, bestRating: 5, worstRating: 1 };
  }
  const shown = (reviews ?? []).filter((r) => r && typeof r.rating === 'number').slice(0, 5);
  if (shown.length) {
    ld.review = shown.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: fullName(r.user) || 'FitConnect client' },
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      reviewBody: r.comment || undefined,
      datePublished: typeof r.createdAt === 'string' ? r.createdAt.slice(0, 10) : undefined,
    }));
  }
  return ld;
}

export function exerciseJsonLd(base, ex) {
  return {
    '@context': 'https://schema.org',
    '@type': 'HowTo',
    name: ex.name,
    description: clip(ex.description, 500) || undefined,
    url: `${base}/exercise-tutorials/${encodeURIComponent(ex.slug)}`,
    tool: (ex.equipment ?? []).filter((e) => e && e !== 'none' && e !== 'bodyweight').map((e) => ({ '@type': 'HowToTool', name: e })),
    step: (ex.instructions ?? []).map((text, i) => ({ '@type': 'HowToStep', position: i + 1, name: `Step ${i + 1}`, text })),
  };
}

export function challengeJsonLd(base, c) {
  const url = `${base}/challenges/${c.id}`;
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: c.title,
    description: clip(c.description, 500) || undefined,
    url,
    startDate: c.startDate,
    endDate: c.endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url },
    organizer: { '@type': 'Organization', name: SITE_NAME, url: base },
    isAccessibleForFree: true,
    offers: { '@type': 'Offer', price: 0, priceCurrency: 'GBP', url, availability: 'https://schema.org/InStock' },
  };
  if (c.maxParticipants) {
    ld.maximumAttendeeCapacity = c.maxParticipants;
    ld.remainingAttendeeCapacity = Math.max(0, c.maxParticipants - (c.participantCount ?? 0));
    if (ld.remainingAttendeeCapacity === 0) ld.offers.availability = 'https://schema.org/SoldOut';
  }
  return ld;
}

function websiteJsonLd(base) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${base}/`,
    potentialAction: { '@type': 'SearchAction', target: `${base}/trainers?location={search_term_string}`, 'query-input': 'required name=search_term_string' },
  };
}

// ---- The JavaScript-off body --------------------------------------------------------------------------------

const stars = (r) => `${Number(r ?? 0).toFixed(1)} out of 5`;

function navHtml() {
  return `<nav aria-label="Main"><ul>${NAV.map(([href, label]) => `<li><a href="${href}">${escapeHtml(label)}</a></li>`).join('')}</ul></nav>`;
}

function trainerSearchForm(location = '') {
  return (
    `<form method="get" action="/trainers" role="search"><label for="fc-ns-location">Town or postcode</label> ` +
    `<input id="fc-ns-location" name="location" type="search" value="${escapeHtml(location)}" autocomplete="postal-code"> ` +
    `<button type="submit">Search trainers</button></form>`
  );
}

function trainerCard(t) {
  const name = fullName(t.user) || 'Trainer';
  const distance = t.distanceMiles != null ? ` · ${escapeHtml(t.distanceMiles)} miles away` : '';
  return (
    `<li><h2><a href="/trainers/${encodeURIComponent(t.id)}">${escapeHtml(name)}</a></h2>` +
    `<p>${escapeHtml(t.specialization)} · ${escapeHtml(t.user?.location ?? '')}${distance}</p>` +
    `<p>Rated ${escapeHtml(stars(t.rating))} from ${escapeHtml(t.reviewCount ?? 0)} reviews${t.sessionPrice != null ? ` · £${escapeHtml(t.sessionPrice)} per session` : ''}</p></li>`
  );
}

function noscriptPage(mainHtml) {
  return `<noscript><div class="fc-ns">${navHtml()}<main id="main">${mainHtml}</main></div></noscript>`;
}

// ---- Pages --------------------------------------------------------------------------------------------------

/**
 * What a page's HTML carries: { title, description, canonical, image, type, jsonLd[], noindex, body }, or null
 * for a path this module does not describe (the page is served as before).
 */
async function describePage(read, legal, base, pathname, searchParams) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PRIVATE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) {
    return { title: null, description: null, canonical: null, noindex: true, jsonLd: [], body: null };
  }
  const page = (fields) => ({ canonical: `${base}${path === '/' ? '/' : path}`, type: 'website', jsonLd: [], noindex: false, image: null, ...fields });

  let m;
  if ((m = /^\/trainers\/(\d{1,9})$/.exec(path))) {
    const [t, r] = await Promise.all([read(`/api/trainers/${m[1]}`), read(`/api/trainers/${m[1]}/reviews`)]);
    if (!t?.body) return t && t.status === 404 ? page({ title: 'Trainer not found | FitConnect', description: DEFAULT_DESCRIPTION, noindex: true, canonical: null }) : null;
    const trainer = t.body;
    const reviews = Array.isArray(r?.body) ? r.body : [];
    const name = fullName(trainer.user) || 'Trainer';
    const rating = trainer.reviewCount > 0 ? ` Rated ${stars(trainer.rating)} from ${trainer.reviewCount} reviews.` : '';
    const description = clip(`${name}, ${trainer.specialization} in ${trainer.user?.location || 'the UK'}.${rating} ${trainer.description ?? ''}`);
    const body =
      `<article><h1>${escapeHtml(name)}</h1><p>${escapeHtml(trainer.specialization)} · ${escapeHtml(trainer.user?.location ?? '')}</p>` +
      `<p>Rated ${escapeHtml(stars(trainer.rating))} from ${escapeHtml(trainer.reviewCount ?? 0)} reviews` +
      `${trainer.sessionPrice != null ? ` · £${escapeHtml(trainer.sessionPrice)} per session` : ''}</p>` +
      `<p>${escapeHtml(trainer.description ?? '')}</p>` +
      (trainer.specialties?.length ? `<h2>Specialties</h2><ul>${trainer.specialties.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>` : '') +
      (trainer.certifications?.length ? `<h2>Certifications</h2><ul>${trainer.certifications.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>` : '') +
      `<h2>Reviews</h2>` +
      (reviews.length
        ? `<ul>${reviews.slice(0, 5).map((rv) => `<li><p>${escapeHtml(fullName(rv.user) || 'Client')}: ${escapeHtml(stars(rv.rating))}</p><p>${escapeHtml(rv.comment ?? '')}</p></li>`).join('')}</ul>`
        : '<p>No reviews yet.</p>') +
      `<p><a href="/signin">Sign in to contact ${escapeHtml(name)}</a></p></article>`;
    return page({
      title: `${name}, ${trainer.specialization} | FitConnect`,
      description,
      image: absolute(base, trainer.profileImage),
      imageAlt: `Photo of ${name}`,
      type: 'profile',
      jsonLd: [trainerJsonLd(base, trainer, reviews)],
      body,
    });
  }
  if (path === '/trainers') {
    const location = clip(searchParams.get('location') ?? '', 100);
    const query = new URLSearchParams();
    if (location) query.set('location', location);
    for (const k of ['online', 'inPerson', 'maxPrice', 'specialty', 'minRating', 'sort', 'page', 'limit']) {
      const v = searchParams.get(k);
      if (v) query.set(k, clip(v, 60));
    }
    const list = await read(`/api/trainers${query.size ? `?${query}` : ''}`);
    const items = Array.isArray(list?.body) ? list.body : [];
    const heading = location ? `Personal trainers near ${location}` : 'Find a personal trainer';
    // Pages of results as links (the search keeps its filters), so the whole directory reads without JavaScript.
    const pageNo = Number(query.get('page') ?? 1) || 1;
    const pageLink = (n, label, rel) => {
      const q = new URLSearchParams(query);
      if (n > 1) q.set('page', String(n));
      else q.delete('page');
      return `<a href="/trainers${q.size ? `?${escapeHtml(q.toString())}` : ''}" rel="${rel}">${label}</a>`;
    };
    const pager = [pageNo > 1 ? pageLink(pageNo - 1, 'Previous page', 'prev') : '', list?.headers?.get?.('x-has-more') === 'true' ? pageLink(pageNo + 1, 'Next page', 'next') : '']
      .filter(Boolean)
      .join(' ');
    const body =
      `<h1>${escapeHtml(heading)}</h1>${trainerSearchForm(location)}` +
      (list?.body ? (items.length ? `<ul>${items.map(trainerCard).join('')}</ul>` : '<p>No trainers match this search.</p>') : '<p>The trainer directory cannot be loaded right now.</p>') +
      (pager ? `<nav aria-label="Pages of results"><p>${pager}</p></nav>` : '');
    return page({
      title: location ? `Personal trainers near ${location} | FitConnect` : 'Find a Trainer | FitConnect',
      description: location ? `Certified personal trainers near ${location}: ratings, reviews, prices, online and in-person sessions.` : 'Find certified personal trainers near you: ratings, reviews, prices, online and in-person sessions.',
      canonical: `${base}/trainers${location ? `?location=${encodeURIComponent(location)}` : ''}`,
      body,
    });
  }
  if ((m = /^\/exercise-tutorials\/([A-Za-z0-9-]{1,80})$/.exec(path))) {
    const ex = await read(`/api/exercises/${m[1]}`);
    if (!ex?.body) return ex && ex.status === 404 ? page({ title: 'Exercise not found | FitConnect', description: DEFAULT_DESCRIPTION, noindex: true, canonical: null }) : null;
    const e = ex.body;
    const body =
      `<article><h1>${escapeHtml(e.name)}</h1><p>${escapeHtml(e.description)}</p>` +
      `<p>${escapeHtml(e.difficulty)} · ${escapeHtml(e.duration)} · ${escapeHtml((e.muscleGroups ?? []).join(', '))}</p>` +
      `<h2>How to do it</h2><ol>${(e.instructions ?? []).map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol>` +
      (e.tips?.length ? `<h2>Tips</h2><ul>${e.tips.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>` : '') +
      `<p><a href="/exercise-tutorials">All exercise tutorials</a></p></article>`;
    return page({ title: `${e.name} | Exercise Tutorials | FitConnect`, description: clip(`How to do ${e.name}: ${e.description}`), type: 'article', jsonLd: [exerciseJsonLd(base, e)], body });
  }
  if (path === '/exercise-tutorials') {
    const list = await read(`/api/exercises?pageSize=${API_PAGE}`);
    const items = Array.isArray(list?.body?.items) ? list.body.items : [];
    const body =
      `<h1>Exercise Tutorials</h1>` +
      (items.length ? `<ul>${items.map((e) => `<li><a href="/exercise-tutorials/${encodeURIComponent(e.slug)}">${escapeHtml(e.name)}</a>: ${escapeHtml(e.description)}</li>`).join('')}</ul>` : '<p>The exercise library cannot be loaded right now.</p>');
    return page({ title: 'Exercise Tutorials | FitConnect', description: 'Step-by-step exercise tutorials for home workouts: how to do each move, tips and safer alternatives.', body });
  }
  if ((m = /^\/challenges\/(\d{1,9})$/.exec(path))) {
    const ch = await read(`/api/challenges/${m[1]}`);
    if (!ch?.body) return ch && ch.status === 404 ? page({ title: 'Challenge not found | FitConnect', description: DEFAULT_DESCRIPTION, noindex: true, canonical: null }) : null;
    const c = ch.body;
    const body =
      `<article><h1>${escapeHtml(c.title)}</h1><p>${escapeHtml(c.description)}</p>` +
      `<p>${escapeHtml(c.startDate?.slice(0, 10))} to ${escapeHtml(c.endDate?.slice(0, 10))} · target ${escapeHtml(c.target)} ${escapeHtml(c.unit)} · ${escapeHtml(c.participantCount ?? 0)} participants</p>` +
      `<p><a href="/signin">Sign in to join</a> · <a href="/challenges">All challenges</a></p></article>`;
    return page({ title: `${c.title} | Fitness Challenges | FitConnect`, description: clip(c.description), jsonLd: [challengeJsonLd(base, c)], body });
  }
  if (path === '/challenges') {
    const list = await read('/api/challenges');
    const items = Array.isArray(list?.body) ? list.body : [];
    const body =
      `<h1>Fitness Challenges</h1>` +
      (items.length ? `<ul>${items.map((c) => `<li><a href="/challenges/${encodeURIComponent(c.id)}">${escapeHtml(c.title)}</a> (${escapeHtml(c.status)}): ${escapeHtml(clip(c.description))}</li>`).join('')}</ul>` : '<p>No challenges right now.</p>');
    return page({ title: 'Fitness Challenges | FitConnect', description: 'Join free fitness challenges, track your progress and climb the leaderboard.', body });
  }
  if (path === '/community') {
    // The reviews tab (the feed's posts are fixed samples in the app). An anonymous review arrives from the
    // API with `user: null` and is shown as the app shows it; older pages are links (the API's cursor).
    const cursor = clip(searchParams.get('cursor') ?? '', 200);
    const list = await read(`/api/community-reviews${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    const items = Array.isArray(list?.body) ? list.body : [];
    const total = Number(list?.headers?.get?.('x-total-count'));
    const next = list?.headers?.get?.('x-next-cursor');
    const review = (r) =>
      `<li><article><h3>${escapeHtml(r.title)}</h3>` +
      `<p>${escapeHtml(r.user ? fullName(r.user) || 'FitConnect member' : 'Anonymous User')}${r.user ? '' : ' · Shared anonymously'} · ` +
      `${escapeHtml(COMMUNITY_CATEGORY_LABELS[r.category] ?? r.category)} · ${escapeHtml(String(r.createdAt ?? '').slice(0, 10))}</p>` +
      `<p>Rated ${escapeHtml(r.rating)} out of 5</p><p>${escapeHtml(r.comment)}</p><p>Helpful (${escapeHtml(r.helpful ?? 0)})</p></article></li>`;
    const body =
      `<h1>Community</h1><p>${escapeHtml(STATIC_PAGES['/community'].description)}</p>` +
      `<h2>Community Reviews${Number.isFinite(total) ? ` (${escapeHtml(total)})` : ''}</h2>` +
      (list?.body
        ? items.length
          ? `<ul>${items.map(review).join('')}</ul>`
          : '<p>No reviews found for this category. Be the first to share your experience!</p>'
        : '<p>The community reviews cannot be loaded right now.</p>') +
      (next ? `<nav aria-label="Pages of reviews"><p><a href="/community?cursor=${escapeHtml(encodeURIComponent(next))}" rel="next">Older reviews</a></p></nav>` : '') +
      `<p><a href="/signin">Sign in to write a review</a></p>`;
    return page({ ...STATIC_PAGES['/community'], canonical: `${base}/community`, body });
  }
  const fixed = STATIC_PAGES[path];
  const doc = fixed && LEGAL_PAGES.includes(path) ? await legal(path) : null;
  if (doc) return page({ ...fixed, body: legalHtml(doc) });
  if (fixed) {
    const body =
      path === '/'
        ? `<h1>FitConnect</h1><p>${escapeHtml(DEFAULT_DESCRIPTION)}</p><h2>Find a personal trainer</h2>${trainerSearchForm()}`
        : `<h1>${escapeHtml(fixed.title.replace(/ \| FitConnect$/, ''))}</h1><p>${escapeHtml(fixed.description)}</p>${path.startsWith('/sign') || path === '/forgot-password' || path === '/ai-workout' || path === '/trainer-signup' ? '<p>This page needs JavaScript.</p>' : ''}`;
    return page({ ...fixed, jsonLd: path === '/' ? [websiteJsonLd(base)] : [], noindex: ['/signin', '/signup', '/forgot-password'].includes(path), body });
  }
  return null;
}

/** The page's head tags (after the <title> and description already replaced). */
function headTags(p) {
  const tags = [];
  if (p.noindex) tags.push('<meta name="robots" content="noindex">');
  if (p.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(p.canonical)}">`);
  if (p.title) {
    tags.push(`<meta property="og:site_name" content="${SITE_NAME}">`);
    tags.push(`<meta property="og:type" content="${escapeHtml(p.type ?? 'website')}">`);
    tags.push(`<meta property="og:title" content="${escapeHtml(p.title)}">`);
    tags.push(`<meta property="og:description" content="${escapeHtml(p.description)}">`);
    if (p.canonical) tags.push(`<meta property="og:url" content="${escapeHtml(p.canonical)}">`);
    tags.push(`<meta name="twitter:card" content="${p.image ? 'summary_large_image' : 'summary'}">`);
    tags.push(`<meta name="twitter:title" content="${escapeHtml(p.title)}">`);
    tags.push(`<meta name="twitter:description" content="${escapeHtml(p.description)}">`);
    if (p.image) {
      tags.push(`<meta property="og:image" content="${escapeHtml(p.image)}">`);
      tags.push(`<meta name="twitter:image" content="${escapeHtml(p.image)}">`);
      if (p.imageAlt) tags.push(`<meta property="og:image:alt" content="${escapeHtml(p.imageAlt)}">`, `<meta name="twitter:image:alt" content="${escapeHtml(p.imageAlt)}">`);
    }
  }
  for (const ld of p.jsonLd ?? []) tags.push(`<script type="application/ld+json">${jsonForScript(ld)}</script>`);
  return tags.join('');
}

/** injectPage's output per description object (one per page URL while its API answers are cached). */
const injected = new WeakMap();
/**
 * The built index.html with the page's head and JavaScript-off body. Call BEFORE the CSP nonce is written
 * (serve-static's withNonce), so the JSON-LD <script> and the <style> get this answer's nonce. Values are
 * escaped, so nothing from the API contains a raw `<script` or `<style` for withNonce to tag.
 */
export function injectPage(html, p) {
  if (!p) return html;
  const hit = injected.get(p);
  if (hit && hit.html === html) return hit.out;
  const out = inject(html, p);
  injected.set(p, { html, out });
  return out;
}

function inject(html, p) {
  let out = html;
  if (p.title) out = out.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(p.title)}</title>`);
  if (p.description) {
    const meta = `<meta name="description" content="${escapeHtml(p.description)}">`;
    out = /<meta name="description"[^>]*>/i.test(out) ? out.replace(/<meta name="description"[^>]*>/i, () => meta) : out.replace(/<\/head>/i, () => `${meta}</head>`);
  }
  // The body's own <noscript> first (the built page's "needs JavaScript" line), then the head's additions.
  if (p.body) {
    const ns = noscriptPage(p.body);
    const [head, rest] = splitAtBody(out);
    out = head + (/<noscript>[\s\S]*?<\/noscript>/i.test(rest) ? rest.replace(/<noscript>[\s\S]*?<\/noscript>/i, () => ns) : rest.replace(/<body([^>]*)>/i, (_m, a) => `<body${a}>${ns}`));
  }
  const tags = headTags(p) + (p.body ? NOSCRIPT_STYLE : '');
  return out.replace(/<\/head>/i, () => `${tags}</head>`);
}

function splitAtBody(html) {
  const i = html.search(/<body[\s>]/i);
  return i < 0 ? ['', html] : [html.slice(0, i), html.slice(i)];
}

// Readable without JavaScript, in both colour schemes; a <style> in <noscript> in <head> applies only then.
const NOSCRIPT_STYLE =
  '<noscript><style>#root[data-ssr]{display:none}.fc-ns{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#111827;background:#fff}' +
  '.fc-ns a{color:#1d4ed8}.fc-ns nav ul{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;padding:0}' +
  '.fc-ns input,.fc-ns button{font:inherit;padding:.4rem .6rem;min-height:44px}' +
  '@media (prefers-color-scheme:dark){html,body{background:#0b1120}.fc-ns{color:#e5e7eb;background:#0b1120}.fc-ns a{color:#93c5fd}}</style></noscript>';

// ---- robots.txt and sitemaps --------------------------------------------------------------------------------

function robotsTxt(base) {
  return ['User-agent: *', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), 'Disallow: /api/', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const urlset = (urls) =>
  `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `<url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeHtml(u.lastmod)}</lastmod>` : ''}</url>`).join('\n')}\n</urlset>\n`;
const sitemapIndex = (locs) =>
  `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `<sitemap><loc>${escapeHtml(l)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;

// ---- The module ---------------------------------------------------------------------------------------------

/**
 * @param {object} o
 * @param {string} o.apiUrl          the API's base URL ($API_URL)
 * @param {string} [o.publicUrl]     the site's public address ($PUBLIC_URL); else the request's own origin
 * @param {number} [o.timeoutMs]     per API call ($SEO_API_TIMEOUT_MS, default 800)
 * @param {number} [o.cacheMs]       how long an API answer is reused ($SEO_CACHE_MS, default 5000)
 * @param {number} [o.sitemapMaxUrls] URLs per sitemap file ($SITEMAP_MAX_URLS, default and at most 50,000)
 */
export function createSeo(o) {
  const env = o.env ?? process.env;
  const num = (v, d) => (v === undefined || v === '' || !Number.isFinite(Number(v)) ? d : Number(v));
  const timeoutMs = o.timeoutMs ?? num(env.SEO_API_TIMEOUT_MS, 800);
  const cacheMs = o.cacheMs ?? num(env.SEO_CACHE_MS, 5000);
  const maxUrls = Math.max(1, Math.min(SITEMAP_MAX_URLS, Math.floor(o.sitemapMaxUrls ?? num(env.SITEMAP_MAX_URLS, SITEMAP_MAX_URLS))));
  const configured = (o.publicUrl ?? env.PUBLIC_URL ?? '').trim().replace(/\/+$/, '');
  const clock = o.now ?? Date.now;
  const read = createReader({ apiUrl: o.apiUrl, fetchImpl: o.fetch ?? fetch, timeoutMs, cacheMs, now: clock });
  const legal = createLegalReader(o.root);
  /** Descriptions per page URL, kept as long as the API answers they come from. */
  const pages = new Map();

  /** The site's base URL: $PUBLIC_URL, else this request's Host (checked to be a plain host[:port]). */
  function baseFor(req) {
    if (configured) return configured;
    const host = String(req.headers.host ?? '');
    return /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-fA-F:]+\](:\d{1,5})?$/.test(host) ? `${req.socket?.encrypted ? 'https' : 'http'}://${host}` : 'http://localhost:3000';
  }

  async function trainersTotal() {
    const r = await read('/api/trainers?limit=1');
    const total = Number(r?.headers?.get?.('x-total-count'));
    return r?.body && Number.isFinite(total) ? total : null;
  }

  /** Trainers [start, end) in the directory's rating order (ends on id, so pages never repeat or skip one). */
  async function trainerRange(start, end) {
    const first = Math.floor(start / API_PAGE) + 1;
    const last = Math.floor((end - 1) / API_PAGE) + 1;
    const out = [];
    for (let p = first; p <= last; p++) {
      const r = await read(`/api/trainers?sort=rating&limit=${API_PAGE}&page=${p}`);
      if (!Array.isArray(r?.body)) return null;
      out.push(...r.body.map((t, i) => ({ t, at: (p - 1) * API_PAGE + i })));
      if (r.body.length < API_PAGE) break;
    }
    return out.filter((x) => x.at >= start && x.at < end).map((x) => x.t);
  }

  async function allExercises() {
    const out = [];
    for (let p = 1; p <= 1000; p++) {
      const r = await read(`/api/exercises?pageSize=${API_PAGE}&page=${p}`);
      if (!Array.isArray(r?.body?.items)) return null;
      out.push(...r.body.items);
      if (out.length >= r.body.total || r.body.items.length === 0) break;
    }
    return out;
  }

  function sendText(req, res, status, type, text, cache = 'public, max-age=300') {
    const payload = Buffer.from(text);
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': cache, 'Content-Length': payload.length });
    res.end(req.method === 'HEAD' ? undefined : payload);
  }
  const unavailable = (req, res) => sendText(req, res, 503, 'text/plain; charset=utf-8', 'The sitemap cannot be made right now; try again shortly.\n', 'no-store');

  return {
    /** The page's tags and JavaScript-off body, or null (the page is served as it is). Never throws. */
    async page(req, url) {
      const base = baseFor(req);
      const key = `${base}${url.pathname}${url.search}`;
      const t = clock();
      const hit = pages.get(key);
      if (hit && t - hit.at < cacheMs) return hit.value;
      const value = describePage(read, legal, base, url.pathname, url.searchParams).catch((err) => {
        console.warn(`[ssr] could not describe ${url.pathname}: ${err?.message ?? err}`);
        return null;
      });
      // The same description object for the cache's lifetime: injectPage keeps its output per object.
      if (cacheMs > 0) {
        pages.set(key, { at: t, value });
        if (pages.size > 500) pages.delete(pages.keys().next().value);
        value.then((v) => {
          if (!v) pages.delete(key);
        });
      }
      return value;
    },

    /** /robots.txt, /sitemap.xml, /sitemaps/*.xml: answered here (true) or not this module's (false). */
    async answer(req, res, pathname) {
      const base = baseFor(req);
      if (pathname === '/robots.txt') {
        sendText(req, res, 200, 'text/plain; charset=utf-8', robotsTxt(base));
        return true;
      }
      const xml = 'application/xml; charset=utf-8';
      if (pathname === '/sitemap.xml') {
        const total = await trainersTotal();
        if (total === null) return unavailable(req, res), true;
        const files = ['pages', 'exercises', 'challenges'].map((n) => `${base}/sitemaps/${n}.xml`);
        for (let k = 1; k <= Math.ceil(total / maxUrls); k++) files.push(`${base}/sitemaps/trainers-${k}.xml`);
        sendText(req, res, 200, xml, sitemapIndex(files));
        return true;
      }
      if (pathname === '/sitemaps/pages.xml') {
        const pages = ['/', '/trainers', '/exercise-tutorials', '/challenges', '/community', '/ai-workout', '/trainer-signup', '/privacy-policy', '/terms-of-service'];
        sendText(req, res, 200, xml, urlset(pages.map((p) => ({ loc: `${base}${p}` }))));
        return true;
      }
      if (pathname === '/sitemaps/exercises.xml') {
        const all = await allExercises();
        if (!all) return unavailable(req, res), true;
        sendText(req, res, 200, xml, urlset(all.map((e) => ({ loc: `${base}/exercise-tutorials/${encodeURIComponent(e.slug)}` }))));
        return true;
      }
      if (pathname === '/sitemaps/challenges.xml') {
        const r = await read('/api/challenges');
        if (!Array.isArray(r?.body)) return unavailable(req, res), true;
        sendText(req, res, 200, xml, urlset(r.body.map((c) => ({ loc: `${base}/challenges/${encodeURIComponent(c.id)}` }))));
        return true;
      }
      const m = /^\/sitemaps\/trainers-(\d{1,6})\.xml$/.exec(pathname);
      if (m) {
        const k = Number(m[1]);
        const total = await trainersTotal();
        if (total === null) return unavailable(req, res), true;
        if (k < 1 || (k - 1) * maxUrls >= Math.max(total, 1)) {
          sendText(req, res, 404, 'text/plain; charset=utf-8', 'Not found\n', 'no-cache');
          return true;
        }
        const list = await trainerRange((k - 1) * maxUrls, Math.min(total, k * maxUrls));
        if (!list) return unavailable(req, res), true;
        sendText(req, res, 200, xml, urlset(list.map((t) => ({ loc: `${base}/trainers/${encodeURIComponent(t.id)}` }))));
        return true;
      }
      return false;
    },
  };
}
