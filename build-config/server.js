// An area's SERVER build (issue 32 stage 2, docs/ssr.md): a Module Federation container for Node,
// exposing ./ssr (src/server.tsx: prefetch + render), loaded over HTTP by the shell's static server
// (scripts/ssr/react.mjs) through the MF runtime's Node support (@module-federation/runtime's createInstance;
// @module-federation/sdk's loadScriptNode fetches remoteEntry.js and evaluates it with `vm`).
//
//   npm run build:server -w mfe-<area>      # -> mfe-<area>/dist/server/; the first step of `npm run build`
//
// Built BEFORE the browser build, which keeps dist/server/ (build-config/rspack.js: output.clean.keep): the
// release's version folder (build-config/release.js: releases/<version>/, hashed over dist/) then holds this
// server build too, so the renderer finds <version folder>/server/mf-manifest.json for every version.
//
// - target async-node, library commonjs-module (what loadScriptNode evaluates: module.exports of the script).
// - ONE file: the exposed module, its imports and its lazy parts (the booking panel) are all in remoteEntry.js
//   (LimitChunkCountPlugin). No chunk is ever fetched after the entry, so no public path is needed on the
//   server (rspack has no `publicPath: 'auto'` for Node, and the node runtime plugin's chunk-URL fallback looks
//   the remote up by NAME across all loaded instances, which picks the wrong one when two versions of the area
//   are loaded at once: see the notes in docs/ssr.md).
// - react, react-dom, react-router-dom, @tanstack/react-query, styled-components: shared singletons with NO
//   fallback (import: false): the rendering server provides them, so one React renders the page and one
//   styled-components collects its styles. Everything else (shared-ui, contracts, zod) is bundled.
// - No minification, no source maps, no precompression (small and fast: it is read by one Node process).
//
// Environment: OUTPUT_DIR (default <app>/dist/server).
const fs = require('node:fs');
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { swcRules } = require('./swc');
// FITCONNECT_TEXT_REPLACE as in the browser build: the server's page must be the browser's first render.
const { textReplaceRules } = require('./rspack');

/** The host's packages: no copy in this build. */
const HOST_PROVIDED = ['react', 'react/jsx-runtime', 'react-dom', 'react-router-dom', '@tanstack/react-query', 'styled-components'];

function installedVersion(pkg, dir) {
  const base = pkg.split('/')[0].startsWith('@') ? pkg.split('/').slice(0, 2).join('/') : pkg.split('/')[0];
  return JSON.parse(fs.readFileSync(require.resolve(`${base}/package.json`, { paths: [dir] }), 'utf8')).version;
}

function shared(dir) {
  const out = {};
  for (const request of HOST_PROVIDED) {
    const version = installedVersion(request, dir);
    out[request] = { singleton: true, import: false, requiredVersion: `^${version.split('.')[0]}.0.0`, strictVersion: false };
  }
  return out;
}

/**
 * What every server build shares (an area's, below, and the shell's, shell/rspack.server.config.js): TypeScript
 * compiled as in the browser builds (so styled-components' ids, and so the classes in the server's HTML, are the
 * browser's: build-config/swc.js; FITCONNECT_TEXT_REPLACE too), assets as their URL only (the server never serves
 * files), one unminified file with no chunk loaded after it, production React.
 * @param {string} dir  the app's folder
 * @returns {import('@rspack/core').Configuration}
 */
function serverBuildBase(dir) {
  return {
    context: dir,
    mode: 'production',
    devtool: false,
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // Workspace packages point "main" at TypeScript source; Node builds of the rest.
      mainFields: ['module', 'main'],
      conditionNames: ['node', 'import', 'require', 'default'],
    },
    module: {
      rules: [
        ...swcRules({ targets: 'node >= 20' }),
        ...textReplaceRules(dir),
        { test: /\.(png|jpe?g|gif|webp|avif|svg|ico|woff2?)$/i, type: 'asset/inline' },
        { test: /\.css$/i, type: 'asset/source' },
      ],
    },
    optimization: { minimize: false, splitChunks: false, moduleIds: 'named', chunkIds: 'named' },
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
  };
}

/**
 * An area's server build: `createServerConfig({ dir: __dirname, name: 'mfe_<area>' })` in its
 * rspack.server.config.js, exposing ./ssr (src/server.tsx).
 * @param {{ dir: string, name: string }} opts
 * @returns {() => import('@rspack/core').Configuration}
 */
function createServerConfig({ dir, name }) {
  return () => {
    // The area's own federation instance is named <name>:<buildVersion> (package version by default): a release
    // names its build, so two versions loaded side by side by the renderer do not share one instance.
    if (process.env.RELEASE_VERSION && !process.env.MF_BUILD_VERSION) process.env.MF_BUILD_VERSION = process.env.RELEASE_VERSION;
    const base = serverBuildBase(dir);
    return {
      ...base,
      name: `${name}-server`,
      target: 'async-node',
      entry: {},
      output: {
        // Default: dist/server/, served beside the browser build (the renderer reads <version folder>/server/).
        path: process.env.OUTPUT_DIR ? path.resolve(process.env.OUTPUT_DIR) : path.join(dir, 'dist', 'server'),
        // 'auto' in mf-manifest.json: the MF runtime finds remoteEntry.js beside the manifest it was given.
        publicPath: 'auto',
        uniqueName: `${name}_server`,
        filename: '[name].js',
        chunkFilename: '[name].js',
        library: { type: 'commonjs-module' },
        clean: true,
      },
      plugins: [
        ...base.plugins,
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          library: { type: 'commonjs-module' },
          exposes: { './ssr': './src/server.tsx' },
          manifest: true,
          dts: false,
          shareStrategy: 'loaded-first',
          shared: shared(dir),
          // Its own runtime (Node has no page-wide one): loads no remotes itself.
          experiments: { optimization: { target: 'node', disableRemote: true } },
        }),
      ],
    };
  };
}

module.exports = { createServerConfig, serverBuildBase };
