// Writes name.br (brotli, quality 11) and name.gz (gzip, level 9) beside every text asset a production
// build emits (JS, CSS, HTML, JSON, SVG; not source maps, which only developer tools fetch), so the static servers send compressed bytes
// without compressing per request (scripts/serve-static.mjs picks one by Accept-Encoding).
// Files under 1 KB are left alone: the headers would outweigh the saving.
const fs = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TEXT = /\.(html|js|mjs|css|json|svg|txt|webmanifest)$/i;
const MIN_BYTES = 1024;

/** Compress one file in place (writes file.br and file.gz); returns their sizes. */
async function precompressFile(file) {
  const buf = await fs.promises.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
    gzip(buf, { level: 9 }),
  ]);
  await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
  return { raw: buf.length, br: br.length, gzip: gz.length };
}

class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('FitConnectPrecompress', async (compilation) => {
      const outDir = compilation.outputOptions.path;
      const names = compilation
        .getAssets()
        .map((a) => a.name)
        .filter((n) => TEXT.test(n));
      // mf-manifest.json / mf-stats.json are written by the federation plugin outside the asset list.
      for (const extra of ['mf-manifest.json', 'mf-stats.json']) if (!names.includes(extra)) names.push(extra);
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          let st;
          try {
            st = await fs.promises.stat(file);
          } catch {
            return;
          }
          if (st.size >= MIN_BYTES) await precompressFile(file);
        }),
      );
    });
  }
}

module.exports = { PrecompressPlugin, precompressFile };
