// Issue 32 stage 2 (docs/ssr.md): React rendering on the server with Module Federation.
//
// An area's server build (e.g. mfe-trainers/rspack.server.config.js -> releases/<version>/server/) is loaded over
// HTTP from its manifest with the Module Federation runtime's Node support: `createInstance` from
// @module-federation/runtime, one instance per loaded version, whose loader (@module-federation/sdk's
// loadScriptNode) fetches remoteEntry.js and evaluates it with `vm`. The host (this process) provides react,
// react-dom, react-router-dom, @tanstack/react-query and styled-components as shared singletons, so one React
// renders the page and one styled-components ServerStyleSheet collects its styles.
//
//   const renderer = createReactRenderer({ apiUrl });
//   const out = await renderer.render({ url: '/trainers/3', manifestUrl }); // null: render in the browser
//   // out: { html, styleTags, state (dehydrated react-query state), manifestUrl }
//
// - Which version: the caller passes the browser manifest URL the visitor's /remotes.json names for the area
//   (.../mf-manifest.json); the server build is `server/mf-manifest.json` in the same (immutable) folder. A new
//   version is a new URL: loaded on its first request, no restart.
// - Loaded versions: an LRU of `maxVersions` (default 3, SSR_REACT_VERSIONS); a failed load is remembered for
//   `failureTtlMs` (default 5 s) so a broken build is not fetched on every request, then tried again.
// - Budget: `timeoutMs` (default 1000 ms, SSR_REACT_TIMEOUT_MS) for load + data + render; past it, or on any
//   error (load, prefetch, a throw while rendering), render() resolves null and the page is served as today.
// - Trust: the server RUNS the code it loads. `allowedOrigins` limits where server builds may come from (a
//   rollout or preview entry naming another origin is rendered in the browser, as today).
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { createRequire } from 'node:module';
import { createInstance } from '@module-federation/runtime';

const require = createRequire(import.meta.url);
// React's production build unless told otherwise (NODE_ENV=development to debug a render): the pages render with
// the same React the browser builds bundle, and its development build renders about twice as slowly (prop checks,
// dev warnings). The Docker image sets NODE_ENV=production; `npm start` and the tests did not, so every render
// ran React's development build.
process.env.NODE_ENV ??= 'production';
// The modules this process provides to the server builds, loaded once, as CommonJS: the router, query client
// and style sheet used here are the very ones the area's code gets (one React context each, no dual-package copy).
// styled-components: its Node build (its ES build is the browser's).
const styled = require('styled-components');
const router = require('react-router-dom');
const reactQuery = require('@tanstack/react-query');
const { StaticRouter } = router;
const { QueryClient, dehydrate } = reactQuery;

const { createElement } = require('react');
const { renderToPipeableStream } = require('react-dom/server');

const versionOf = (pkg) => require(`${pkg}/package.json`).version;

/** What this process provides to every server build: the page's singletons. */
function hostShared() {
  const entry = (pkg, lib) => ({ version: versionOf(pkg.split('/')[0].startsWith('@') ? pkg.split('/').slice(0, 2).join('/') : pkg.split('/')[0]), lib: () => lib, shareConfig: { singleton: true, requiredVersion: false } });
  return {
    react: entry('react', require('react')),
    'react/jsx-runtime': entry('react', require('react/jsx-runtime')),
    'react-dom': entry('react-dom', require('react-dom')),
    'react-router-dom': entry('react-router-dom', router),
    '@tanstack/react-query': entry('@tanstack/react-query', reactQuery),
    'styled-components': entry('styled-components', styled),
  };
}

/** `.../mf-manifest.json` -> `.../server/mf-manifest.json` (same version folder); null when not a manifest URL. */
export function serverManifestUrl(browserManifestUrl) {
  try {
    const u = new URL(browserManifestUrl);
    if (!/\/mf-manifest\.json$/.test(u.pathname)) return null;
    u.pathname = u.pathname.replace(/mf-manifest\.json$/, 'server/mf-manifest.json');
    u.search = '';
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

/** Rejects after `ms` (the timer does not hold the process). */
function deadline(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

let instances = 0;

/**
 * The longest a render is kept while its page's answers stay the same: what a page shows that is not in its
 * answers (the day a date strip starts at, a relative time) is brought up to date at least this often.
 */
const REUSE_MS = 30_000;
/** Expired renders kept for that comparison, at most (the most recent ones): a page is 60-130 KB of strings. */
const REUSE_KEEP = 50;

/** What a page's render depends on besides its url and version: its queries' keys, statuses and answers (a digest). */
function answersOf(queryClient) {
  const answers = JSON.stringify(queryClient.getQueryCache().getAll().map((q) => [q.queryHash, q.state.status, q.state.data]));
  return createHash('sha256').update(answers).digest('base64');
}

/**
 * @param {{ apiUrl: string, timeoutMs?: number, maxVersions?: number, failureTtlMs?: number, allowedOrigins?: string[],
 *           remote?: string, area?: string, module?: string, // allowedOrigins may also be () => string[]
 *           now?: () => number, log?: (msg: string) => void,
 *           shell?: { renderPage: (o: { url: string, queryClient: unknown, area: string, module: unknown }) => unknown },
 *           cacheMs?: number, cacheMax?: number }} opts
 *   shell: the shell's server build (shell/dist-server/server.js): the whole page (top bar, footer, the area's
 *     routes module inside) is rendered, as the browser's first render is, so it hydrates. Without it, the area's
 *     own `render` (the page alone).
 *   cacheMs: a rendered page is kept this long per (url, version) (default SSR_REACT_CACHE_MS or 1000; 0 = off),
 *     at most `cacheMax` pages (500); concurrent requests for one share one render. So an edited profile is in the
 *     HTML within a second (the browser does not fetch the page's answers again: shared-ui/src/hydration.ts).
 *     Past that time the page's answers are read again; when they are the same as the kept render's (same version,
 *     rendered less than REUSE_MS ago), that render is kept for another `cacheMs` without rendering again: React's
 *     render (~10 ms of CPU for a profile, blocking every other answer of this process meanwhile) happens when the
 *     data changed, not once a second per page (issue 32 item 4, TTFB at 50 concurrent).
 */
export function createReactRenderer(opts) {
  const apiUrl = opts.apiUrl.replace(/\/$/, '');
  const timeoutMs = opts.timeoutMs ?? Number(process.env.SSR_REACT_TIMEOUT_MS ?? 1000);
  const maxVersions = opts.maxVersions ?? Number(process.env.SSR_REACT_VERSIONS ?? 3);
  const failureTtlMs = opts.failureTtlMs ?? 5000;
  const remote = opts.remote ?? 'mfe_trainers';
  const exposed = opts.module ?? 'ssr';
  const areaName = opts.area ?? 'trainers';
  const shell = opts.shell ?? null;
  const cacheMs = opts.cacheMs ?? Number(process.env.SSR_REACT_CACHE_MS ?? 1000);
  const cacheMax = opts.cacheMax ?? 500;
  /** `${manifestUrl} ${url}` -> { at, promise } (Map order = oldest first). */
  const pages = new Map();
  const now = opts.now ?? Date.now;
  // Origins server builds may be loaded from (the remotes' own: REMOTE_<AREA>_URL, the CDN); unset: any.
  // A list, or a function giving the current ones (the deployment's remotes file may change while it runs).
  const allowedOrigins =
    typeof opts.allowedOrigins === 'function'
      ? () => new Set([...opts.allowedOrigins()].map((o) => new URL(o).origin))
      : opts.allowedOrigins
        ? ((set) => () => set)(new Set(opts.allowedOrigins.map((o) => new URL(o).origin)))
        : null;
  const log = opts.log ?? ((msg) => console.warn(`[ssr-react] ${msg}`));
  /** server manifest URL -> { promise, failedAt? }; Map order = least recently used first. */
  const loaded = new Map();

  /**
   * Drops what the runtime keeps of an evicted version on globalThis (its entry's exports, the host instance,
   * its share scope, the manifest's snapshot), so the version's code can be collected. Only this renderer's
   * own keys: the remote's own instance (`<name>:<buildVersion>`) may serve other versions still loaded.
   */
  function forget(entry) {
    delete globalThis[entry.globalKey];
    const F = globalThis.__FEDERATION__;
    if (!F) return;
    if (Array.isArray(F.__INSTANCES__)) {
      for (let i = F.__INSTANCES__.length - 1; i >= 0; i--) if (F.__INSTANCES__[i]?.name === entry.name) F.__INSTANCES__.splice(i, 1);
    }
    if (F.__SHARE__) delete F.__SHARE__[entry.name];
    if (F.moduleInfo) {
      delete F.moduleInfo[entry.name];
      delete F.moduleInfo[`${remote}:${entry.manifestUrl}`];
    }
    if (F.__MANIFEST_LOADING__) delete F.__MANIFEST_LOADING__[entry.manifestUrl];
  }

  /** The area's ./ssr module of one version (loaded once; kept while among the `maxVersions` most recent). */
  function load(manifestUrl) {
    const hit = loaded.get(manifestUrl);
    if (hit && !(hit.failedAt !== undefined && now() - hit.failedAt > failureTtlMs)) {
      loaded.delete(manifestUrl);
      loaded.set(manifestUrl, hit);
      return hit.promise;
    }
    const id = ++instances;
    // The runtime keeps a loaded entry's exports on globalThis under the manifest's globalName ('mfe_trainers')
    // and reuses what it finds there: a second version of the area would get the first one's container. Each
    // version gets its own key (set after the manifest is read, which is when the runtime assigns it).
    const globalKey = `__fitconnect_ssr_${remote}_${id}__`;
    const mf = createInstance({
      name: `fitconnect_ssr_${id}`,
      remotes: [{ name: remote, entry: manifestUrl }],
      shared: hostShared(),
      shareStrategy: 'loaded-first',
      plugins: [
        {
          name: 'fitconnect-ssr-version-key',
          afterResolve(args) {
            if (args.remoteInfo?.name === remote) args.remoteInfo.entryGlobalName = globalKey;
            return args;
          },
        },
      ],
    });
    const entry = { promise: null, failedAt: undefined, name: `fitconnect_ssr_${id}`, globalKey, manifestUrl };
    entry.promise = mf.loadRemote(`${remote}/${exposed}`).then((mod) => {
      // prefetch, and the area's routes module (rendered in the shell's tree) or a render of its own.
      if (!mod || typeof mod.prefetch !== 'function' || !(mod.area?.routes || typeof mod.render === 'function')) throw new Error(`${manifestUrl}: ./${exposed} has no prefetch and area/render`);
      return mod;
    });
    entry.promise.catch((err) => {
      entry.failedAt = now();
      log(`cannot load ${manifestUrl}: ${String(err?.message ?? err).split('\n')[0]}`);
    });
    if (hit) forget(hit);
    loaded.delete(manifestUrl);
    loaded.set(manifestUrl, entry);
    while (loaded.size > maxVersions) {
      const oldest = loaded.keys().next().value;
      forget(loaded.get(oldest));
      loaded.delete(oldest);
    }
    return entry.promise;
  }

  /** A public API read for the area's prefetch: parsed JSON; a non-2xx rejects with its status. */
  async function read(pathname, signal) {
    if (!pathname.startsWith('/api/')) throw new Error(`not an API path: ${pathname}`);
    const res = await fetch(`${apiUrl}${pathname}`, { headers: { Accept: 'application/json' }, signal });
    if (!res.ok) throw Object.assign(new Error(`${pathname} answered ${res.status}`), { status: res.status });
    return { data: await res.json(), headers: Object.fromEntries(res.headers) };
  }

  /**
   * The areas' reader of the API (their prefetch's `api`): `api(path)` is the parsed JSON; `api.withHeaders(path)`
   * also gives the answer's headers (lower-case names), for lists whose total or next page travel in them.
   */
  function apiFor(signal) {
    const api = async (pathname) => (await read(pathname, signal)).data;
    api.withHeaders = (pathname) => read(pathname, signal);
    return api;
  }

  /** renderToPipeableStream, read whole once everything (Suspense included) is ready; any error rejects. */
  function renderToString(element, signal) {
    return new Promise((resolve, reject) => {
      const chunks = [];
      const sink = new Writable({
        write(chunk, _enc, cb) {
          chunks.push(chunk);
          cb();
        },
        final(cb) {
          resolve(Buffer.concat(chunks).toString('utf8'));
          cb();
        },
      });
      let failed = false;
      const stream = renderToPipeableStream(element, {
        // The page is piped whole once all of it is ready (onAllReady): a large Suspense boundary stays in place.
        // With React's default (12,800 bytes), a boundary over 500 bytes past that point was sent after its
        // fallback, hidden, and shown by an inline script: a tutorial page showed its spinner first.
        progressiveChunkSize: Infinity,
        onAllReady() {
          if (!failed) stream.pipe(sink);
        },
        onShellError(err) {
          failed = true;
          reject(err);
        },
        // A throw inside a Suspense boundary would be rendered client-side by React; here the whole area is.
        onError(err) {
          failed = true;
          reject(err);
        },
      });
      signal.addEventListener('abort', () => {
        if (failed) return;
        failed = true;
        stream.abort();
        reject(new Error('render aborted'));
      });
    });
  }

  /** `previous`: the expired render of this page (or null), kept if the page's answers have not changed. */
  async function attempt(url, manifestUrl, signal, previous) {
    // No manifest: one of the shell's own pages (the shell's server build alone renders it).
    const mod = manifestUrl ? await load(manifestUrl) : null;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } } });
    const pre = mod ? await mod.prefetch(url, { queryClient, api: apiFor(signal) }) : shell.prefetch(url, { queryClient });
    if (!pre?.ok) return null;
    const answers = answersOf(queryClient);
    if (previous && previous.manifestUrl === manifestUrl && previous.answers === answers && now() - previous.renderedAt < REUSE_MS) {
      queryClient.clear();
      return previous;
    }
    const renderedAt = now();
    const sheet = new styled.ServerStyleSheet();
    try {
      const page = !mod
        ? shell.renderPage({ url, queryClient, area: null, module: null })
        : shell && mod.area
          ? shell.renderPage({ url, queryClient, area: areaName, module: mod.area })
          : createElement(StaticRouter, { location: url }, mod.render(url, { queryClient }));
      const element = sheet.collectStyles(page);
      const html = await renderToString(element, signal);
      return { html, styleTags: sheet.getStyleTags(), state: dehydrate(queryClient), manifestUrl, page: pre.page, answers, renderedAt };
    } finally {
      sheet.seal();
      queryClient.clear();
    }
  }

  return {
    serverManifestUrl,
    /** Number of versions held. */
    get size() {
      return loaded.size;
    },
    /**
     * The area's HTML for `url` rendered by the version whose browser manifest is `manifestUrl`, or null
     * (not a page it renders, or anything failed or took too long: the browser renders the page as today).
     */
    async render({ url, manifestUrl }) {
      // manifestUrl null: a page of the shell itself (needs the shell's server build).
      const serverUrl = manifestUrl === null ? null : serverManifestUrl(manifestUrl);
      if (manifestUrl === null ? !shell?.prefetch : !serverUrl) return null;
      // This process runs the code it loads: only from the origins it was told to trust.
      if (serverUrl && allowedOrigins && !allowedOrigins().has(new URL(serverUrl).origin)) {
        log(`${url}: ${serverUrl} is not on an allowed origin; rendered in the browser`);
        return null;
      }
      const key = `${serverUrl ?? 'shell'} ${url}`;
      const hit = pages.get(key);
      if (hit && now() - hit.at < cacheMs) return hit.promise;
      const controller = new AbortController();
      const promise = deadline(attempt(url, serverUrl, controller.signal, hit?.out ?? null), timeoutMs, `rendering ${url}`).catch((err) => {
        controller.abort();
        log(`${url} (${serverUrl}) rendered in the browser: ${String(err?.message ?? err).split('\n')[0]}`);
        return null;
      });
      if (cacheMs > 0) {
        // Expired renders go (oldest first: a refreshed key is re-inserted), not only past `cacheMax`: a page
        // kept is 60-130 KB of strings. The REUSE_KEEP most recent ones stay while they may still be reused.
        let expired = 0;
        for (const v of pages.values()) {
          if (now() - v.at < cacheMs) break;
          expired++;
        }
        for (const [k, v] of pages) {
          if (now() - v.at < cacheMs || (expired <= REUSE_KEEP && now() - v.at < REUSE_MS)) break;
          pages.delete(k);
          expired--;
        }
        pages.delete(key);
        const entry = { at: now(), promise, out: null };
        pages.set(key, entry);
        // A failure (null) is not kept: the next request tries again.
        promise.then((out) => {
          entry.out = out;
          if (out === null && pages.get(key) === entry) pages.delete(key);
        });
        while (pages.size > cacheMax) pages.delete(pages.keys().next().value);
      }
      return promise;
    },
  };
}

/** JSON for a <script type="application/json">: nothing in it can end the element or open a comment. */
export function safeJson(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

// Spike / manual check: node scripts/ssr/react.mjs <browser mf-manifest.json URL> <page path> <API URL>
const isMain = process.argv[1] && new URL(import.meta.url).pathname === (await import('node:path')).resolve(process.argv[1]);
if (isMain) {
  const [manifestUrl, url, apiUrl] = process.argv.slice(2);
  const renderer = createReactRenderer({ apiUrl, timeoutMs: 10_000 });
  const t0 = performance.now();
  const out = await renderer.render({ url, manifestUrl });
  const t1 = performance.now();
  const again = await renderer.render({ url, manifestUrl });
  const t2 = performance.now();
  console.log(JSON.stringify({ firstMs: Math.round(t1 - t0), secondMs: Math.round(t2 - t1), ok: !!out && !!again, htmlBytes: out?.html.length, styleBytes: out?.styleTags.length, rssMB: Math.round(process.memoryUsage().rss / 1e6) }));
  if (out) console.log(out.html.slice(0, 1500), '\n...\n', out.styleTags.slice(0, 300), '\n', safeJson(out.state).slice(0, 400));
}

/**
 * The built page's main script, with the path of the shell's boot script on it (shell/rspack.config.js,
 * EmitBootScript): `<script defer src="/main.<hash>.js" data-boot="/boot.<hash>.js"></script>`.
 */
const MAIN_SCRIPT = /<script defer src="(\/[\w.-]+\.js)" data-boot="(\/[\w.-]+\.js)"><\/script>/;

/**
 * The built page with a render in it: the styles in <head>, the HTML in `<div id="root" data-ssr="<area>">` (the
 * shell's bootstrap hydrates it, shell/src/bootstrap.tsx) and the queries' answers just after it, as JSON nothing
 * in which can end the element. No script of the page runs before its first frame (issue 32 item 4: any script
 * that did delayed the first paint at 4x CPU, docs/ssr.md): its palette is on <html> already (data-theme, from the
 * theme cookie: scripts/serve-static.mjs, withTheme) or the system's by CSS, and its main script becomes
 * `<link rel="preload">` (the download starts as early as before) and the shell's boot script, async: it holds
 * input until the page is hydrated and adds the main script after the first frame (shell/boot/boot.js).
 * Unchanged if the page has no empty root or no main script with a boot script (a build without one).
 */
export function injectRendered(html, out, area) {
  const root = /<div id="root"><\/div>/;
  const main = html.match(MAIN_SCRIPT);
  if (!out || !main || !root.test(html) || !/^[a-z]+$/.test(area)) return html;
  // A render is kept for a while and served to many requests: its page is made once (the state's JSON included).
  const hit = injectedPages.get(out);
  if (hit && hit.html === html && hit.area === area) return hit.page;
  const [, src, boot] = main;
  const page = html
    .replace(MAIN_SCRIPT, '')
    .replace(/<\/head>/i, () => `<link rel="preload" as="script" href="${src}"><script async src="${boot}" data-main="${src}"></script>${out.styleTags}</head>`)
    .replace(root, () => `<div id="root" data-ssr="${area}">${out.html}</div><script type="application/json" id="fc-ssr-state">${safeJson(out.state)}</script>`);
  injectedPages.set(out, { html, area, page });
  return page;
}
const injectedPages = new WeakMap();
