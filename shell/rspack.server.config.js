// The shell's SERVER build (issue 32 stage 2, docs/ssr.md): src/server.tsx (renderPage: the browser's tree
// inside StaticRouter) as one CommonJS file, dist-server/server.js, required by the shell's static server
// (scripts/serve-static.mjs -> scripts/ssr/react.mjs). Not served to browsers (it is outside dist/).
//
//   npm run build:server -w shell      # part of the shell's `npm run build`
//
// - react, react-dom, react-router-dom, @tanstack/react-query, styled-components stay out (externals): the
//   rendering process's own copies, the ones it also provides to the areas' server builds (one React, one
//   router, one query client context, one style sheet).
// - Everything the shell lazy-loads is in the one file (no chunk is ever loaded after it).
// - No minification, no source maps, no precompression.
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { swcRules } = require('@fitconnect/build-config/swc');
// FITCONNECT_TEXT_REPLACE as in the browser build: the server's page must be the browser's first render.
const { textReplaceRules } = require('@fitconnect/build-config/rspack');

const EXTERNAL = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server', 'react-router-dom', 'react-router', '@tanstack/react-query', 'styled-components'];

/** @type {() => import('@rspack/core').Configuration} */
module.exports = () => ({
  context: __dirname,
  name: 'shell-server',
  mode: 'production',
  target: 'node20',
  devtool: false,
  entry: { server: './src/server.tsx' },
  output: {
    path: process.env.SERVER_OUTPUT_DIR ? path.resolve(process.env.SERVER_OUTPUT_DIR) : path.join(__dirname, 'dist-server'),
    filename: '[name].js',
    library: { type: 'commonjs2' },
    clean: true,
  },
  externals: Object.fromEntries(EXTERNAL.map((m) => [m, `commonjs ${m}`])),
  externalsType: 'commonjs',
  resolve: {
    extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    mainFields: ['module', 'main'],
    conditionNames: ['node', 'import', 'require', 'default'],
  },
  module: {
    rules: [
      ...swcRules({ targets: 'node >= 20' }),
      ...textReplaceRules(__dirname),
      // Nothing the server renders needs an asset's bytes: its URL is enough (the browser build's file names
      // differ, so no server-rendered page may show one; none does today).
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
});
