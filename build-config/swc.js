// The TypeScript/TSX rules of every build: the browser builds (build-config/rspack.js's createAppConfig) and
// the Node server builds (mfe-trainers/rspack.server.config.js, the shell's server build), through rspack's
// builtin SWC loader (no type checking: `npm run typecheck` does that).
//
//   const { swcRules } = require('@fitconnect/build-config/swc');
//   module: { rules: [...swcRules({ isDev, refresh, targets: 'chrome >= 100, ...' }), ...] }
//
//   swcRules({ isDev = false, refresh = false, targets }) -> RuleSetRule[]  (one rule, with a oneOf per package)
//     isDev    React's development JSX transform, and styled-components' display names
//     refresh  React Fast Refresh (the dev server only)
//     targets  SWC's env targets (browserslist): the browsers, or 'node >= 20' for a server build
//
// Deterministic styled-components ids (issue 32 stage 2, docs/ssr.md): server-rendered HTML is hydrated by the
// browser, so a component's class names must be the same in every build that compiles it. Without help,
// styled-components v6 numbers its components with a counter as they are created (load order: the shell's
// first in the browser, the area's first on the server), so no class of the server's HTML would match.
// @swc/plugin-styled-components (`ssr: true`) gives each styled component a fixed
// `componentId: '<namespace>__sc-<hash of the file's source>-<index in the file>'`.
// The namespace is the WORKSPACE PACKAGE of the file being compiled (one rule per package folder, below),
// never the build's: shared-ui's files are compiled into the shell's build (the page's copy, a shared
// singleton), into each area's server build and into the remotes' standalone pages, and must get the same ids
// in all of them (build-config/test/sc-ids.test.ts). It keeps two packages' files with the same source apart.
// The hash is of the source text the loader is given: two builds agree on a file only when they compile the same
// text (the same tree; FITCONNECT_TEXT_REPLACE's replace-loader, browser builds only, changes the app's files).
// The namespaces are one letter: every id is in the JavaScript and in the class of every element.
// displayName (the component's name in the class, for reading the DOM) only in development builds: it is
// part of the id, so a development browser build does not match a production server build (only
// production builds are server-rendered).
// The plugin's other transforms: minify (the template literals' CSS: fewer bytes, which more than pays for the
// ids on the landing page, -0.6 KB gzip, and leaves +0.2-0.3 KB per area; the text changes the same way in every
// build), template literals kept (every target
// supports them; transpiled: +0.1-0.2 KB gzip per page), no /*#__PURE__*/ annotations (measured: no gain),
// no css prop (no source uses it).
// The plugin is a wasm file inside the npm package (nothing is downloaded), pinned to the version built for
// the SWC in @rspack/core (an SWC plugin's version follows swc_core's ABI).
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const STYLED_PLUGIN = require.resolve('@swc/plugin-styled-components');
const CACHE_ROOT = path.join(ROOT, 'node_modules', '.cache', 'swc');

/** The styled-components namespace of each workspace package (folder name -> namespace). */
const NAMESPACES = {
  'shared-ui': 'u',
  shell: 's',
  'mfe-workouts': 'w',
  'mfe-trainers': 't',
  'mfe-messages': 'm',
  'mfe-community': 'c',
  'mfe-challenges': 'h',
  e2e: 'e',
  contracts: 'k',
};

/** Workspace package folders (absolute) with their namespace; a folder not in NAMESPACES is named by itself. */
function packages() {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const list = workspaces.map((folder) => ({ dir: path.join(ROOT, folder), namespace: NAMESPACES[folder] || folder.replace(/[^A-Za-z0-9_-]/g, '_') }));
  const seen = new Set();
  for (const { namespace } of list) {
    if (seen.has(namespace)) throw new Error(`build-config/swc.js: two workspace packages have the styled-components namespace "${namespace}"`);
    seen.add(namespace);
  }
  return list;
}

/** The builtin:swc-loader options for one file kind and one package (namespace '' outside the workspace packages). */
function swcOptions({ tsx, isDev = false, refresh = false, targets, namespace }) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      transform: { react: { runtime: 'automatic', development: isDev, refresh } },
      experimental: {
        // The plugin's compiled wasm is cached here, not in a .swc/ folder in each app's folder.
        cacheRoot: CACHE_ROOT,
        plugins: [
          [
            STYLED_PLUGIN,
            {
              ssr: true,
              namespace,
              displayName: isDev,
              fileName: isDev,
              minify: true,
              transpileTemplateLiterals: false,
              pure: false,
              cssProp: false,
            },
          ],
        ],
      },
    },
    ...(targets ? { env: { targets } } : {}),
  };
}

/**
 * @param {{ isDev?: boolean, refresh?: boolean, targets?: string }} [opts]
 * @returns {import('@rspack/core').RuleSetRule[]}
 */
function swcRules(opts = {}) {
  const rule = (test, tsx, namespace, include) => ({
    test,
    ...(include ? { include } : {}),
    loader: 'builtin:swc-loader',
    options: swcOptions({ ...opts, tsx, namespace }),
  });
  const oneOf = [];
  for (const { dir, namespace } of packages()) {
    // The folder itself, not a sibling whose name starts with it.
    const include = dir + path.sep;
    oneOf.push(rule(/\.tsx$/, true, namespace, include), rule(/\.ts$/, false, namespace, include));
  }
  oneOf.push(rule(/\.tsx$/, true, ''), rule(/\.ts$/, false, ''));
  return [{ test: /\.tsx?$/, exclude: /node_modules/, type: 'javascript/auto', oneOf }];
}

module.exports = { swcRules, swcOptions, STYLED_NAMESPACES: NAMESPACES };
