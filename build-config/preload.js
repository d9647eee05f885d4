// Adds <link rel="preload" as="script"> to the page's <head> for the files of named async chunk groups, so
// the browser fetches (and parses) them while the entry script is still running instead of after it.
//
// The shell uses it for 'bootstrap', the app code behind the entry's async boundary
// (`import(/* webpackChunkName: "bootstrap" */ './bootstrap')`): without it that chunk is requested only
// once the entry (the Module Federation runtime and the shared singletons) has been parsed and run.
const { rspack } = require('@rspack/core');

class PreloadChunksPlugin {
  /** @param {{ groups: string[] }} options names of chunk groups (webpackChunkName) to preload */
  constructor(options) {
    this.groups = options.groups;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('FitConnectPreloadChunks', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise('FitConnectPreloadChunks', async (data) => {
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : String(compilation.outputOptions.publicPath ?? '');
        const files = [];
        for (const name of this.groups) {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`PreloadChunksPlugin: no chunk group named '${name}' (webpackChunkName)`);
          for (const chunk of group.chunks) for (const file of chunk.files) if (/\.js$/.test(file) && !files.includes(file)) files.push(file);
        }
        // No crossorigin attribute: the runtime's script tags have none, and a preload is reused only by a
        // request of the same mode.
        const links = files.map((file) => `<link rel="preload" as="script" href="${publicPath}${file}">`).join('');
        if (!data.html.includes('</head>')) throw new Error('PreloadChunksPlugin: the page has no </head>');
        data.html = data.html.replace('</head>', `${links}</head>`);
        return data;
      });
    });
  }
}

module.exports = { PreloadChunksPlugin };
