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
const { serverBuildBase } = require('@fitconnect/build-config/server');

const EXTERNAL = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server', 'react-router-dom', 'react-router', '@tanstack/react-query', 'styled-components'];

/** @type {() => import('@rspack/core').Configuration} */
module.exports = () => ({
  ...serverBuildBase(__dirname),
  name: 'shell-server',
  target: 'node20',
  entry: { server: './src/server.tsx' },
  output: {
    path: process.env.SERVER_OUTPUT_DIR ? path.resolve(process.env.SERVER_OUTPUT_DIR) : path.join(__dirname, 'dist-server'),
    filename: '[name].js',
    library: { type: 'commonjs2' },
    clean: true,
  },
  externals: Object.fromEntries(EXTERNAL.map((m) => [m, `commonjs ${m}`])),
  externalsType: 'commonjs',
});
