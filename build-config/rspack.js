// The one rspack + Module Federation base config every app (shell and the five remotes) uses.
//
//   // <app>/rspack.config.js
//   const { createAppConfig } = require('@fitconnect/build-config/rspack');
//   module.exports = createAppConfig({ dir: __dirname, name: 'mfe_trainers', kind: 'remote', port: 3002, title: 'Trainers' });
//
// - TypeScript/TSX through rspack's builtin SWC loader (no type checking: `npm run typecheck` does that), with
//   deterministic styled-components ids, the same in every build, browser or server (./swc.js).
// - HTML page through HtmlRspackPlugin (the shell's page; a remote's standalone dev page).
// - Production: content-hashed file names (long-cacheable), minified; index.html, mf-manifest.json and
//   remoteEntry.js keep stable names (served no-cache by scripts/serve-static.mjs); every text file also
//   gets precompressed name.br and name.gz siblings (./precompress.js) for the static servers.
// - One Module Federation runtime per page: the shell provides its runtime core to the remotes, whose
//   production remoteEntry.js leaves it out; a remote's standalone page is a separate plain build.
// - Module Federation (@module-federation/enhanced/rspack), MF type generation off (`dts: false`),
//   `shareStrategy: 'loaded-first'` and ONE shared-singletons declaration (`sharedSingletons`). The shell
//   provides every singleton (its production build fails otherwise); production remotes consume them with no
//   fallback copy of their own (`import: false`).
//   Remotes expose './routes' and publish mf-manifest.json. The shell declares NO remotes: it reads
//   /remotes.json at runtime and calls registerRemotes.
//
// Environment:
//   PORT                dev-server port (default: the app's port)
//   PUBLIC_PATH         remotes' public path (default 'auto': derived from where remoteEntry.js / mf-manifest.json
//                       was fetched, so the same build works from any URL or CDN folder)
//   OUTPUT_DIR          output folder (default <app>/dist); `rspack build -o <dir>` works too
//   RELEASE_VERSION     remotes: the version of this build (default <package version>-<content hash>); the build
//                       also copies dist/ to <app>/releases/<version>/, served at /versions/<version>/ (./release.js)
//   RELEASES_DIR        remotes: where version folders go (default: `releases` beside the output folder, i.e.
//                       <app>/releases; never cleaned by a build)
//   FITCONNECT_TEXT_REPLACE  JSON object {"from": "to"} of literal strings replaced in the app's own sources
//                       at build time (used by the browser tests to build a visibly different "redeploy" of one remote)
//   API_URL             dev server only: where /api is proxied (default http://127.0.0.1:4000)
//   REMOTE_<AREA>_URL   dev server only (shell): manifest URLs served in /remotes.json (default http://localhost:300N/mf-manifest.json)
const fs = require('node:fs');
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { ReactRefreshRspackPlugin: ReactRefreshPlugin } = require('@rspack/plugin-react-refresh');

const ROOT = path.resolve(__dirname, '..');

const { REMOTES, remotesManifest } = require('./remotes');
const { PrecompressPlugin } = require('./precompress');
const { ReleasePlugin, sharedVersionMismatches } = require('./release');
const { PreloadChunksPlugin } = require('./preload');
const { addSyncShared } = require('./exposeShared');

const { SINGLETON_PACKAGES, CONTRACTS_AREAS, HOST_EAGER } = require('./singletons');
const { contractsEntriesUsed } = require('./contractsUsage');
const { contractsVersion } = require('./contractsVersion');
const { swcRules } = require('./swc');

/** The browsers the builds compile for (SWC's env targets). */
const BROWSER_TARGETS = 'chrome >= 100, firefox >= 100, safari >= 15, edge >= 100';

const ROUTER_SHARED = path.join(__dirname, 'react-router-shared.mjs');
const REACT_QUERY_SHARED = path.join(__dirname, 'react-query-shared.mjs');
const STYLED_SHARED = path.join(__dirname, 'styled-components-shared.mjs');
/**
 * The package itself, under a name Module Federation does not intercept: react-query-shared.mjs is what the
 * builds share AS '@tanstack/react-query', so importing that name from it would import itself.
 */
const REACT_QUERY_PACKAGE = 'fitconnect-react-query-package';
function reactQueryPackageFile() {
  const cjs = require.resolve('@tanstack/react-query', { paths: [path.join(ROOT, 'shared-ui')] });
  const esm = cjs.replace(/\.cjs$/, '.js');
  if (esm === cjs || !fs.existsSync(esm)) throw new Error(`@tanstack/react-query: no ES module build beside ${cjs}`);
  return esm;
}

/** styled-components likewise (see styled-components-shared.mjs): its browser ES module build. */
const STYLED_PACKAGE = 'fitconnect-styled-components-package';
function styledPackageFile() {
  const dir = path.dirname(require.resolve('styled-components/package.json', { paths: [path.join(ROOT, 'shared-ui')] }));
  const file = path.join(dir, 'dist', 'styled-components.browser.esm.js');
  if (!fs.existsSync(file)) throw new Error(`styled-components: no browser ES module build at ${file}`);
  return file;
}

/** The ES module build a Module Federation runtime package ships beside its CommonJS one (dist/index.js). */
function esmBuildOf(pkg) {
  const cjs = require.resolve(pkg, { paths: [require.resolve('@module-federation/enhanced/rspack')] });
  const esm = cjs.replace(/\.cjs$/, '.js');
  if (esm === cjs || !fs.existsSync(esm)) throw new Error(`${pkg}: no ES module build beside ${cjs}`);
  return esm;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The package a request belongs to: 'react-dom/client' -> 'react-dom', '@a/b/c' -> '@a/b'. */
function packageOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Installed version of a package, resolved from the app folder. */
function installedVersion(pkg, fromDir) {
  try {
    return readJson(require.resolve(`${pkg}/package.json`, { paths: [fromDir] })).version;
  } catch {
    return undefined;
  }
}

/**
 * The shared-singletons declaration for an app. requiredVersion comes from the app's package.json
 * when it declares the package, else from the workspace package that does (shared-ui's peers),
 * else `^<installed major>`. `eager`: requests provided in the entry chunk (the host's, see HOST_EAGER).
 * `consumeOnly`: a production remote's container, which takes every singleton from the shell (`import: false`,
 * no fallback copy of its own; see HostProvidesEverySingleton).
 */
function sharedSingletons(appDir, { eager = [], consumeOnly = false } = {}) {
  const appPkg = readJson(path.join(appDir, 'package.json'));
  const deps = { ...(appPkg.peerDependencies || {}), ...(appPkg.devDependencies || {}), ...(appPkg.dependencies || {}) };
  const sharedUiPkg = readJson(path.join(ROOT, 'shared-ui', 'package.json'));
  const fallbackRanges = { ...(sharedUiPkg.peerDependencies || {}) };
  const shared = {};
  for (const request of SINGLETON_PACKAGES) {
    const pkg = packageOf(request);
    const installed = installedVersion(pkg, appDir);
    let range = deps[pkg] || fallbackRanges[pkg];
    if (pkg.startsWith('@fitconnect/')) range = `^${readJson(path.join(ROOT, pkg.slice('@fitconnect/'.length), 'package.json')).version}`;
    if (!range || range === '*') range = installed ? `^${installed.split('.')[0]}.0.0` : false;
    shared[request] = { singleton: true, requiredVersion: range, strictVersion: false, ...(eager.includes(request) ? { eager: true } : {}) };
  }
  // Every app provides every area's contracts, by file: the shell imports only the accounts' ones, and a
  // shared entry its build does not import would not be provided, leaving each remote to load its own copy
  // of zod with its contracts. This way the page has one zod (a chunk common to the six entries).
  // Not singletons, and by exact version (the sources' hash, build-config/contractsVersion.js): a remote built
  // from other contracts than the shell's (deployed on its own, a rollout's candidate) uses its own copy, so a
  // schema or an export the shell's copy lacks can never reach it; built from one tree, every app has the same
  // version and the page loads one copy (build-config/test/contracts-version.test.ts).
  const version = contractsVersion(path.join(ROOT, 'contracts'));
  for (const area of CONTRACTS_AREAS) {
    const request = `@fitconnect/contracts/${area}`;
    shared[request] = { ...shared[request], singleton: false, requiredVersion: version, import: path.join(ROOT, 'contracts', `${area}.ts`), version };
  }
  // react-router-dom is shared as the part of react-router the pages use (see react-router-shared.mjs).
  shared['react-router-dom'] = {
    ...shared['react-router-dom'],
    import: ROUTER_SHARED,
    version: installedVersion('react-router-dom', appDir),
  };
  // @tanstack/react-query likewise, as the part the pages use (see react-query-shared.mjs).
  shared['@tanstack/react-query'] = {
    ...shared['@tanstack/react-query'],
    import: REACT_QUERY_SHARED,
    version: installedVersion('@tanstack/react-query', appDir),
  };
  // styled-components likewise, as the part the pages use (see styled-components-shared.mjs).
  shared['styled-components'] = {
    ...shared['styled-components'],
    import: STYLED_SHARED,
    version: installedVersion('styled-components', appDir),
  };
  if (consumeOnly) {
    // A production remote is only ever loaded by the shell, which provides every singleton (eagerly or on
    // demand; its build fails otherwise). A fallback copy in the remote was never loaded, but it was declared:
    // each remoteEntry.js carried a provide entry and a fallback loader per singleton, and the chunk names of
    // the copies (measured: remoteEntry.js 8.4 -> 7.2 KB gzip, on every area's first visit).
    // Except the contracts: a remote keeps its own copy for when the shell's is another version (above). It declares
    // only the entries its own code uses: each declared one is a provide entry, a fallback loader and chunk names in
    // its remoteEntry.js, on every first visit of its area (the shell still provides them all).
    const used = new Set(contractsEntriesUsed([path.join(appDir, 'src')]).map((entry) => `@fitconnect/contracts/${entry}`));
    for (const request of Object.keys(shared)) {
      if (request.startsWith('@fitconnect/contracts/')) {
        if (!used.has(request)) delete shared[request];
        continue;
      }
      const { import: _file, version: _version, eager: _eager, ...consume } = shared[request];
      shared[request] = { ...consume, import: false };
    }
  }
  return shared;
}

/**
 * The shell's build fails unless it provides every singleton: production remotes bring no copy of their own
 * (`consumeOnly` above), so a singleton the shell stopped providing (one its own code no longer imports, for a
 * package provided by name) would break every area that uses it, at run time.
 */
class HostProvidesEverySingleton {
  apply(compiler) {
    compiler.hooks.afterCompile.tap('HostProvidesEverySingleton', (compilation) => {
      const provided = new Set();
      for (const m of compilation.modules) {
        const match = /^provide shared module \([^)]*\) (.+)@[^@\s]* = /.exec(m.identifier());
        if (match) provided.add(match[1]);
      }
      // The JSX development runtime is only imported by development builds.
      const missing = SINGLETON_PACKAGES.filter((r) => r !== 'react/jsx-dev-runtime' && !provided.has(r));
      if (missing.length) {
        compilation.errors.push(
          new rspack.WebpackError(
            `The shell does not provide ${missing.join(', ')}: production remotes take every singleton from it (import: false). ` +
              'Provide it by file in sharedSingletons (as the contracts are), or import it from the shell.',
          ),
        );
      }
    });
  }
}

/** The app's own sources (the string-replace loader applies only there). */
/**
 * FITCONNECT_TEXT_REPLACE's rule for an app's own sources (none without it). The server builds use it too
 * (issue 32): a page they render must be the browser build's first render, text included.
 * @returns {import('@rspack/core').RuleSetRule[]}
 */
function textReplaceRules(dir) {
  const replacements = textReplacements();
  return replacements
    ? [{ test: /\.(ts|tsx)$/, include: path.join(dir, 'src'), enforce: 'pre', loader: path.join(__dirname, 'replace-loader.js'), options: { replacements } }]
    : [];
}

function textReplacements() {
  const raw = process.env.FITCONNECT_TEXT_REPLACE;
  if (!raw) return null;
  const parsed = JSON.parse(raw);
  if (!parsed || typeof parsed !== 'object') throw new Error('FITCONNECT_TEXT_REPLACE must be a JSON object');
  return parsed;
}

/**
 * Dev server for one app: history fallback, CORS (remotes are fetched cross-origin by the shell),
 * the /api proxy, and for the shell: /remotes.json from the environment.
 */
function devServer({ kind, port }) {
  const apiUrl = process.env.API_URL || 'http://127.0.0.1:4000';
  return {
    port: Number(process.env.PORT || port),
    host: process.env.HOST || 'localhost',
    historyApiFallback: true,
    hot: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    allowedHosts: 'all',
    client: { overlay: { errors: true, warnings: false } },
    // The shell's pages and a remote's standalone page both call /api on their own origin.
    proxy: [{ context: ['/api'], target: apiUrl, changeOrigin: false }],
    ...(kind === 'host'
      ? {
          setupMiddlewares: (middlewares) => {
            middlewares.unshift({
              name: 'remotes-json',
              path: '/remotes.json',
              middleware: (_req, res) => {
                res.setHeader('Content-Type', 'application/json; charset=utf-8');
                res.setHeader('Cache-Control', 'no-cache');
                res.end(JSON.stringify(remotesManifest()));
              },
            });
            return middlewares;
          },
        }
      : {}),
  };
}

/**
 * @param {{
 *   dir: string,                 // the app folder (pass __dirname)
 *   name: string,                // MF container name: 'shell' or 'mfe_<area>'
 *   kind: 'host' | 'remote',
 *   port: number,                // dev-server port
 *   title: string,               // <title> of the html page
 *   exposes?: Record<string, string>, // remotes: default { './routes': './src/routes.tsx' }
 * }} opts
 * @returns {(env?: Record<string, unknown>, argv?: Record<string, unknown>) => import('@rspack/core').Configuration}
 */
function createAppConfig(opts) {
  const { dir, name, kind, port, title } = opts;
  return (env = {}, argv = {}) => {
    const isDev = Boolean(env.RSPACK_SERVE) || argv.mode === 'development' || process.env.NODE_ENV === 'development';
    // React Fast Refresh under the dev server only (`npm run dev`): edits update in place, state kept.
    const refresh = Boolean(env.RSPACK_SERVE);
    const publicPath = kind === 'remote' ? process.env.PUBLIC_PATH || 'auto' : process.env.SHELL_PUBLIC_PATH || '/';
    const outputPath = process.env.OUTPUT_DIR ? path.resolve(process.env.OUTPUT_DIR) : path.join(dir, 'dist');

    /** @type {import('@rspack/core').RuleSetRule[]} */
    const rules = [
      // TypeScript/TSX, with deterministic styled-components ids (./swc.js).
      ...swcRules({ isDev, refresh, targets: BROWSER_TARGETS }),
      { test: /\.(png|jpe?g|gif|webp|avif|svg|ico|woff2?)$/i, type: 'asset', parser: { dataUrlCondition: { maxSize: 4 * 1024 } } },
      { test: /\.css$/i, type: 'css/auto' },
    ];
    rules.push(...textReplaceRules(dir));

    // One Module Federation runtime per page: the shell bundles the runtime core and publishes it
    // (provideExternalRuntime); a production remote's remoteEntry.js leaves it out (externalRuntime) and
    // uses the shell's. `target: 'web'` drops the runtime's Node.js script loading.
    const splitRemote = kind === 'remote' && !isDev;
    const mf =
      kind === 'remote'
        ? {
            name,
            filename: 'remoteEntry.js',
            exposes: opts.exposes || { './routes': './src/routes.tsx' },
            // metaData.syncShared: the shared modules each expose needs first, for the shell to start on intent.
            manifest: { additionalData: addSyncShared },
            dts: false,
            shareStrategy: 'loaded-first',
            shared: sharedSingletons(dir, { consumeOnly: splitRemote }),
            // A remote loads no remotes itself: its bundler runtime needs no remote loading or snapshots.
            experiments: {
              optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
              ...(splitRemote ? { externalRuntime: true } : {}),
            },
          }
        : {
            name,
            remotes: {},
            dts: false,
            shareStrategy: 'loaded-first',
            shared: sharedSingletons(dir, { eager: HOST_EAGER }),
            // The shell registers each remote by the remoteEntry.js its manifest names, read by the shell itself
            // (shell/src/federation/runtime.ts): the runtime needs no manifest or snapshot code.
            experiments: { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
          };

    const html = (extra = {}) =>
      new rspack.HtmlRspackPlugin({
        template: path.join(__dirname, 'index.html'),
        templateParameters: { title },
        inject: 'body',
        scriptLoading: 'defer',
        // Only the app entry: remoteEntry.js is for hosts, not for the remote's own page.
        chunks: ['main'],
        // A remote's own page may be opened at a deep URL (/challenges/5): load its entry from the root.
        ...(kind === 'remote' ? { publicPath: '/' } : {}),
        ...extra,
      });

    /** @type {import('@rspack/core').Configuration} */
    const base = {
      context: dir,
      mode: isDev ? 'development' : 'production',
      devtool: isDev ? 'cheap-module-source-map' : 'source-map',
      output: {
        path: outputPath,
        publicPath,
        uniqueName: name,
        filename: isDev ? '[name].js' : '[name].[contenthash:10].js',
        chunkFilename: isDev ? '[name].js' : '[name].[contenthash:10].js',
        assetModuleFilename: isDev ? 'assets/[name][ext]' : 'assets/[name].[contenthash:10][ext]',
        cssFilename: isDev ? '[name].css' : '[name].[contenthash:10].css',
        // A remote's server build (issue 32, e.g. mfe-trainers/rspack.server.config.js) is written to dist/server/
        // just before this build, so that the release's version folder holds it too: kept.
        clean: kind === 'remote' ? { keep: (p) => { const rel = path.relative(outputPath, p); return rel === 'server' || rel.startsWith(`server${path.sep}`); } } : true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // Workspace packages point "main" at TypeScript source.
        mainFields: ['browser', 'module', 'main'],
        // react-router's package exports only its development build (warnings and checks); production
        // builds take the production one it ships beside it.
        alias: {
          ...(isDev ? {} : { 'react-router$': path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs') }),
          // The MF plugin aliases its runtime to the CommonJS build; the ES module one can be tree-shaken
          // and is the build the bundler runtime imports (one copy of the runtime core, not two).
          '@module-federation/runtime': esmBuildOf('@module-federation/runtime'),
          [`${REACT_QUERY_PACKAGE}$`]: reactQueryPackageFile(),
          [`${STYLED_PACKAGE}$`]: styledPackageFile(),
        },
      },
      module: { rules },
      optimization: isDev
        ? {}
        : {
            moduleIds: 'deterministic',
            chunkIds: 'deterministic',
            // Export names mangled to the shortest names by use (within one build; a shared or exposed module's
            // exports are never mangled). Measured on the landing page: -0.3 KB gzip against 'deterministic'.
            mangleExports: 'size',
            // rspack's SWC minifier with a third compress pass (rspack's default is 2): -0.16 KB gzip on the
            // landing page. Measured and not kept: pure_getters and the unsafe_* options (no gain, or under
            // 0.3 KB and not safe for every dependency), ecma 2020 and an explicit browserslist target
            // (the same bytes), module/toplevel (the same bytes).
            minimizer: [new rspack.SwcJsMinimizerRspackPlugin({ minimizerOptions: { compress: { passes: 3 } } }), new rspack.LightningCssMinimizerRspackPlugin()],
          },
      performance: { hints: false },
      // Lazy compilation's proxy modules break Module Federation's async boundary in dev.
      lazyCompilation: false,
      stats: 'errors-warnings',
    };
    const define = new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(isDev ? 'development' : 'production') });
    // The MF plugin embeds its bundler runtime (and the shell's runtime plugin) by their CommonJS builds,
    // which a bundler cannot tree-shake; their ES module builds sit beside them (same version, same code).
    const esmRuntime = new rspack.NormalModuleReplacementPlugin(
      /@module-federation[\\/](webpack-bundler-runtime|inject-external-runtime-core-plugin)[\\/]dist[\\/]index\.cjs$/,
      (resource) => {
        resource.request = resource.request.replace(/\.cjs$/, '.js');
      },
    );

    if (splitRemote) {
      const mismatches = sharedVersionMismatches(dir, path.join(ROOT, 'shell'), SINGLETON_PACKAGES.map(packageOf));
      if (mismatches.length) {
        throw new Error(
          `${name}: shared singletons differ from the shell's, so this build could change them for the whole page: ` +
            mismatches.map((m) => `${m.package} ${m.remote ?? 'missing'} (shell ${m.shell ?? 'missing'})`).join(', '),
        );
      }
      // Production remote: two compilations into one dist/.
      //  1. the container (remoteEntry.js, mf-manifest.json, ./routes and its chunks) without the MF
      //     runtime core: a host that provides it (the shell) is the only way the area is loaded;
      //  2. the remote's own standalone page (index.html), a plain single-page app without federation,
      //     built after the container (it must not be wiped by the container's output cleaning).
      /** @type {import('@rspack/core').Configuration} */
      const container = {
        ...base,
        name: `${name}-container`,
        entry: {},
        plugins: [define, esmRuntime, new ModuleFederationPlugin(mf), new PrecompressPlugin()],
      };
      /** @type {import('@rspack/core').Configuration} */
      const page = {
        ...base,
        name: `${name}-page`,
        dependencies: [`${name}-container`],
        entry: { main: './src/index.ts' },
        output: { ...base.output, uniqueName: `${name}_page`, clean: false },
        // Last compilation of the build: copy the finished dist/ into its immutable version folder.
        plugins: [html(), define, new PrecompressPlugin(), new ReleasePlugin({ appDir: dir, name, distDir: outputPath })],
      };
      return [container, page];
    }

    if (kind === 'host' && process.env.FITCONNECT_MONOLITH) {
      // `npm run bench`'s yardstick: the shell with the remotes' routes in one build, no federation.
      // FITCONNECT_MONOLITH is its entry (e2e/src/monolith.tsx), kept beside the bench, not in the shell.
      return { ...base, entry: { main: path.resolve(process.env.FITCONNECT_MONOLITH) }, plugins: [html(), define] };
    }

    /** @type {import('@rspack/core').Configuration} */
    const config = {
      ...base,
      entry: { main: './src/index.ts' },
      plugins: [
        html(),
        define,
        esmRuntime,
        new ModuleFederationPlugin(mf),
        // The shell's app code behind its async boundary (src/index.ts) is fetched with the entry, not after it.
        ...(kind === 'host' ? [new PreloadChunksPlugin({ groups: ['bootstrap'] })] : []),
        ...(kind === 'host' && !isDev ? [new HostProvidesEverySingleton()] : []),
        ...(refresh ? [new ReactRefreshPlugin()] : []),
        ...(isDev ? [] : [new PrecompressPlugin()]),
      ],
      devServer: devServer({ kind, port }),
    };
    return config;
  };
}

module.exports = { createAppConfig, textReplaceRules, sharedSingletons, remotesManifest, REMOTES, SINGLETON_PACKAGES, CONTRACTS_AREAS };
