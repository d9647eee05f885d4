const path = require('node:path');
const { rspack } = require('@rspack/core');
const { createAppConfig } = require('@fitconnect/build-config/rspack');

// The host: no remotes at build time (it reads /remotes.json at runtime), the shared singletons only.
const appConfig = createAppConfig({ dir: __dirname, name: 'shell', kind: 'host', port: 3000, title: 'FitConnect' });

/**
 * The installable, offline-capable site (issue 31; docs/offline.md), production builds only:
 *  - the shell's own page template (./index.html: the web app manifest, theme colours of both themes),
 *  - ./public copied as is (manifest.webmanifest, icons),
 *  - a second compilation, after the app's: the service worker ./src/sw/sw.ts -> dist/sw.js, whose
 *    precache list (the shell's index.html, JS and CSS) Workbox's injectManifest writes in (workbox-build).
 */
module.exports = (env = {}, argv = {}) => {
  const config = appConfig(env, argv);
  const isDev = Boolean(env.RSPACK_SERVE) || argv.mode === 'development' || process.env.NODE_ENV === 'development';
  if (Array.isArray(config) || process.env.FITCONNECT_MONOLITH) return config;

  config.name = 'shell';
  config.plugins = config.plugins.map((plugin) =>
    plugin instanceof rspack.HtmlRspackPlugin
      ? new rspack.HtmlRspackPlugin({
          template: path.join(__dirname, 'index.html'),
          templateParameters: { title: 'FitConnect' },
          inject: 'body',
          scriptLoading: 'defer',
          chunks: ['main'],
        })
      : plugin,
  );
  config.plugins.push(new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(__dirname, 'public'), to: '.' }] }));
  if (!isDev) config.plugins.push(new EmitBootScript(path.join(__dirname, 'boot', 'boot.js')));
  // @tanstack/query-persist-client-core pins its own @tanstack/query-core: use the page's one (the same
  // module instances as the shared @tanstack/react-query), not a second copy.
  const queryCore = path.dirname(require.resolve('@tanstack/query-core/package.json', { paths: [__dirname] }));
  config.resolve.alias['@tanstack/query-core$'] = path.join(queryCore, 'build', 'modern', 'index.js');
  if (isDev) return config;

  const outputPath = config.output.path;
  /** @type {import('@rspack/core').Configuration} */
  const sw = {
    name: 'shell-sw',
    dependencies: ['shell'],
    context: __dirname,
    mode: 'production',
    target: 'webworker',
    devtool: false,
    entry: { sw: './src/sw/sw.ts' },
    output: { path: outputPath, filename: '[name].js', clean: false, publicPath: '/' },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' } }, env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15, edge >= 100' } },
          type: 'javascript/auto',
        },
      ],
    },
    optimization: { splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }), new InjectPrecacheManifest(outputPath)],
  };
  return [config, sw];
};

/**
 * The first script of a server-rendered page (./boot/boot.js: its palette from storage, input held until
 * hydration, the main script after the first frame): minified and emitted as boot.<content hash>.js (so the
 * service worker precaches it with the shell's other files, and a deploy that does not change it keeps its URL),
 * its path written on the page's main script tag as data-boot, where the rendering server finds it
 * (scripts/ssr/react.mjs, injectRendered). A page the server does not render ignores the attribute.
 */
class EmitBootScript {
  constructor(file) {
    this.file = file;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FitConnectBootScript', (compilation) => {
      let name = null;
      compilation.hooks.processAssets.tap({ name: 'FitConnectBootScript', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.fileDependencies.add(this.file);
        const source = require('node:fs').readFileSync(this.file, 'utf8');
        const { code } = rspack.experiments.swc.minifySync(source, { compress: true, mangle: true });
        const hash = require('node:crypto').createHash('sha256').update(code).digest('hex').slice(0, 10);
        name = `boot.${hash}.js`;
        compilation.emitAsset(name, new rspack.sources.RawSource(code));
      });
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise('FitConnectBootScript', async (data) => {
        const main = /<script defer src="(\/main\.[0-9a-f]+\.js)"><\/script>/;
        if (!name || !main.test(data.html)) throw new Error('EmitBootScript: no boot script, or no <script defer src="/main.<hash>.js"> in the page');
        data.html = data.html.replace(main, (_, src) => `<script defer src="${src}" data-boot="/${name}"></script>`);
        return data;
      });
    });
  }
}

/** After sw.js is written: Workbox's injectManifest puts the shell's precache list into it. */
class InjectPrecacheManifest {
  constructor(outputPath) {
    this.outputPath = outputPath;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('FitConnectInjectManifest', async () => {
      const { injectManifest } = require('workbox-build');
      const swFile = path.join(this.outputPath, 'sw.js');
      const { count, size, warnings } = await injectManifest({
        swSrc: swFile,
        swDest: swFile,
        globDirectory: this.outputPath,
        // The app shell: the page, the shell's scripts and styles. Not the remotes (the worker follows
        // /remotes.json for those), not source maps or the precompressed copies.
        globPatterns: ['index.html', '*.{js,css}', 'manifest.webmanifest', 'icons/icon-192.png'],
        globIgnores: ['sw.js', '**/*.map', '**/*.br', '**/*.gz'],
        // name.<hash>.js never changes: its URL is its revision.
        dontCacheBustURLsMatching: /\.[0-9a-f]{8,}\.(js|css|png|svg|webp|woff2)$/,
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      });
      if (warnings.length) throw new Error(`injectManifest: ${warnings.join('; ')}`);
      if (count === 0 || size === 0) throw new Error('injectManifest: nothing to precache');
    });
  }
}
