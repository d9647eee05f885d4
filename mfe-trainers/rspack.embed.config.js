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

const LOADER = 'trainer-finder.js';

/** Emits the loader with the hashed bundle's file name written in. */
class FinderLoaderPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FinderLoader', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FinderLoader', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const files = [...compilation.entrypoints.get('finder').getFiles()].filter((f) => f.endsWith('.js'));
        if (files.length !== 1) throw new Error(`The finder must be one script, got: ${files.join(', ')}`);
        const template = fs.readFileSync(path.join(__dirname, 'embed', 'loader.js'), 'utf8');
        const source = template.replace('__FINDER_BUNDLE__', files[0]);
        compilation.emitAsset(LOADER, new rspack.sources.RawSource(source));
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
    devtool: isDev ? 'cheap-module-source-map' : 'source-map',
    entry: { finder: './embed/index.ts' },
    output: {
      path: process.env.EMBED_OUTPUT_DIR ? path.resolve(process.env.EMBED_OUTPUT_DIR) : path.join(__dirname, 'dist-embed'),
      // Nothing is loaded at run time by the bundle itself (the loader adds it by its own URL).
      publicPath: '',
      uniqueName: 'fitconnect_trainer_finder',
      filename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      iife: true,
      clean: true,
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
