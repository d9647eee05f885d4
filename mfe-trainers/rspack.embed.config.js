// The partner widget (issue 16): <fitconnect-trainer-finder>, one script tag on someone else's page.
//
//   dist-embed/trainer-finder.js         the loader partners paste (stable name, served no-cache): finds
//                                        its own URL and adds the hashed bundle from the same folder
//   dist-embed/finder.<hash>.js          React, react-dom, styled-components and the finder, bundled
//                                        privately (no Module Federation, no shared scope, no chunk
//                                        loading, so no globals): long-cacheable
//
// The finder reuses src/widget.ts (the /trainers cards and search box) from the same source.
// Run by `npm run build -w mfe-trainers` after the remote's build; served by `npm start` at /embed/ on
// the site's own origin (scripts/serve-static.mjs --mount /embed=mfe-trainers/dist-embed).
const fs = require('node:fs');
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { PrecompressPlugin } = require('@fitconnect/build-config/precompress');

const crypto = require('node:crypto');

const LOADER = 'trainer-finder.js';
/**
 * The release partners can pin (issue 33): /embed/v<EMBED_VERSION>/trainer-finder.js, immutable, with a
 * published SRI hash (dist-embed/releases.json, the /partners page). Bump it with every release; the first
 * build of a version is kept as it is (a later build with other code leaves it alone and says so).
 * Breaking attribute or event changes are v2 (a new major folder beside v1/).
 */
const EMBED_VERSION = '1.1.0';
const RELEASE_DIR = /^v\d+\.\d+\.\d+[\\/]/;

const sri = (text) => `sha384-${crypto.createHash('sha384').update(text).digest('base64')}`;

/**
 * Emits the loaders with the hashed bundle's name and integrity written in: /embed/trainer-finder.js (the
 * original URL, kept), /embed/v1/trainer-finder.js (the stable major version) and the pinned release; the
 * iframe-mode page and its scripts; releases.json.
 */
class FinderLoaderPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FinderLoader', (compilation) => {
      // After the real content hash has named the bundle (it rewrites names inside assets emitted earlier,
      // which would change a loader after its integrity hash was taken).
      compilation.hooks.processAssets.tap({ name: 'FinderLoader', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        const files = [...compilation.entrypoints.get('finder').getFiles()].filter((f) => f.endsWith('.js'));
        if (files.length !== 1) throw new Error(`The finder must be one script, got: ${files.join(', ')}`);
        const bundle = files[0];
        const bundleText = compilation.getAsset(bundle).source.source().toString();
        const read = (name) => fs.readFileSync(path.join(__dirname, 'embed', name), 'utf8');
        const loaderFor = (rel) => read('loader.js').replace('__FINDER_BUNDLE__', rel).replace('__FINDER_INTEGRITY__', sri(bundleText));
        const emit = (name, text) => compilation.emitAsset(name, new rspack.sources.RawSource(text));

        emit(LOADER, loaderFor(bundle));
        emit(`v1/${LOADER}`, loaderFor(`../${bundle}`));
        for (const name of ['frame-resize.js', 'frame-page.js']) emit(name, read(name));
        emit('v1/frame-resize.js', read('frame-resize.js'));
        emit('frame/trainer-finder.html', read('frame.html').replace('__LOADER__', LOADER));

        // The pinned release: its own copy of the bundle, so it never depends on a later build's files.
        const outDir = compilation.outputOptions.path;
        const releaseLoader = path.join(outDir, `v${EMBED_VERSION}`, LOADER);
        const released = fs.existsSync(releaseLoader) ? fs.readFileSync(releaseLoader, 'utf8') : null;
        const pinned = loaderFor(bundle);
        if (released === null || released === pinned) {
          emit(`v${EMBED_VERSION}/${LOADER}`, pinned);
          emit(`v${EMBED_VERSION}/${bundle}`, bundleText);
        } else {
          console.warn(`[embed] v${EMBED_VERSION} is already released with other code and stays as it is: bump EMBED_VERSION in mfe-trainers/rspack.embed.config.js to publish this build.`);
        }
        const releases = fs.existsSync(outDir)
          ? fs.readdirSync(outDir).filter((d) => /^v\d+\.\d+\.\d+$/.test(d) && fs.existsSync(path.join(outDir, d, LOADER)))
          : [];
        if (!releases.includes(`v${EMBED_VERSION}`)) releases.push(`v${EMBED_VERSION}`);
        const list = releases
          .map((d) => {
            const text = d === `v${EMBED_VERSION}` && (released === null || released === pinned) ? pinned : fs.readFileSync(path.join(outDir, d, LOADER), 'utf8');
            return { version: d.slice(1), path: `/embed/${d}/${LOADER}`, integrity: sri(text) };
          })
          .sort((a, b) => b.version.localeCompare(a.version, undefined, { numeric: true }));
        emit('releases.json', JSON.stringify({ latest: EMBED_VERSION, stable: `/embed/v1/${LOADER}`, releases: list }, null, 2));
      });
    });
  }
}

module.exports = (env = {}, argv = {}) => {
  const isDev = argv.mode === 'development';
  const swc = (tsx) => ({
    loader: 'builtin:swc-loader',
    options: {
      jsc: { parser: { syntax: 'typescript', tsx }, transform: { react: { runtime: 'automatic', development: isDev } } },
      env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15, edge >= 100' },
    },
    type: 'javascript/auto',
  });
  /** @type {import('@rspack/core').Configuration} */
  return {
    name: 'mfe_trainers-embed',
    context: __dirname,
    mode: isDev ? 'development' : 'production',
    // hidden: the .map files are written but the bundle names none, so its text is final when the loaders
    // take its integrity hash (a sourceMappingURL comment is appended after processAssets).
    devtool: isDev ? 'cheap-module-source-map' : 'hidden-source-map',
    entry: { finder: './embed/index.ts' },
    output: {
      path: process.env.EMBED_OUTPUT_DIR ? path.resolve(process.env.EMBED_OUTPUT_DIR) : path.join(__dirname, 'dist-embed'),
      // Nothing is loaded at run time by the bundle itself (the loader adds it by its own URL).
      publicPath: '',
      uniqueName: 'fitconnect_trainer_finder',
      filename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      iife: true,
      // Released versions (v1.2.3/) are never removed: pinned partner pages load them for years.
      clean: { keep: (p) => RELEASE_DIR.test(p) },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      mainFields: ['browser', 'module', 'main'],
    },
    module: {
      rules: [
        { test: /\.ts$/, exclude: /node_modules/, ...swc(false) },
        { test: /\.tsx$/, exclude: /node_modules/, ...swc(true) },
        // The workspace packages are plain modules: what the finder does not import is left out
        // (shared-ui's index also re-exports the router, query client and auth hooks).
        { test: /[\\/](shared-ui|contracts)[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    optimization: {
      // One script: no chunk loading at run time means no global chunk array on the partner's window.
      splitChunks: false,
      runtimeChunk: false,
      moduleIds: 'deterministic',
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(isDev ? 'development' : 'production') }),
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new FinderLoaderPlugin(),
      ...(isDev ? [] : [new PrecompressPlugin()]),
    ],
  };
};
