// A page's body per answer, fast (issue 32 item 4: a trainer's profile p95 <= 50 ms at 50 concurrent requests).
//
// Every page answer carries its own CSP nonce (withNonce, below), so no two bodies are equal and none
// could be compressed ahead; compressing ~65 KB of a rendered page per request (brotli quality 5: 1.15 ms, gzip
// 0.75 ms of CPU on this machine) and tagging its <script>/<style> elements with a regular expression were most of
// a cached render's cost. Here a page's text is prepared once (per distinct text: a render, or the built page with
// its stage-1 tags, are the same string for as long as they are cached):
//
//  - split where the nonce goes (withNonce with a marker no page can contain, then split on the marker), so the
//    answer is `parts.join(nonce)`, exactly withNonce(html, nonce);
//  - each part compressed once as raw deflate ending in a sync flush (byte-aligned, not final), so a gzip answer is
//    a gzip header, the parts' deflate data with the nonce between them as tiny stored blocks (RFC 1951 3.2.4), a
//    final empty stored block and the CRC-32 and length of the whole text (RFC 1952), computed per answer.
//
// Per answer that is a CRC-32 (~10 us for 65 KB) and a few small buffers: the answer is written as the list of the
// page's prepared Buffers and the nonce between them (encodeChunks), never joined into a page-sized Buffer (memory:
// each such Buffer lived until V8 collected it, and under 64 KB it came from the C library's heap). A prepared page
// is one Buffer of text and one of deflate data, the parts being views into them. Gzip is chosen over brotli for a
// page when the client takes both (brotli streams cannot be joined this way): about 1 KB more on the wire for a
// rendered profile. A client that takes only brotli gets the page compressed per answer, as before.
// CommonJS so that jest (scripts/test/page-body.test.ts) can load it; serve-static.mjs imports it.
'use strict';
const { randomBytes } = require('node:crypto');
const { brotliCompressSync, constants: zlib, crc32, deflateRawSync } = require('node:zlib');

/** The page with this answer's nonce on its <script>/<style> tags and in <meta property="csp-nonce"> (styled-components reads it). */
function withNonce(html, nonce) {
  const tagged = html.replace(/<(script|style)(?=[\s>])/gi, `<$1 nonce="${nonce}"`);
  const meta = `<meta property="csp-nonce" nonce="${nonce}">`;
  if (/<\/head>/i.test(tagged)) return tagged.replace(/<\/head>/i, `${meta}</head>`);
  return meta + tagged;
}

/** A stored (uncompressed, not final) deflate block of `bytes` (at most 65,535 of them), byte-aligned. */
function storedBlock(bytes, final = false) {
  if (bytes.length > 0xffff) throw new RangeError('a stored block holds at most 65,535 bytes');
  const head = Buffer.alloc(5);
  head[0] = final ? 1 : 0; // BFINAL, BTYPE=00; the rest of the byte is padding
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

// ID1 ID2 CM=deflate FLG=0 MTIME=0 XFL=0 OS=255 (unknown)
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const END = storedBlock(Buffer.alloc(0), true);

/**
 * @param {object} o
 * @param {number} [o.max]  prepared pages kept (least recently used first out; default 64: ~80 KB each)
 */
function createPageBodies({ max = 64 } = {}) {
  // Base64 of random bytes: unguessable, so no page text (a trainer's description included) can contain it.
  const marker = `\u0001${randomBytes(18).toString('base64')}\u0001`;
  /** @type {Map<string, { parts: Buffer[], deflated: Buffer[] }>} */
  const prepared = new Map();

  function prepare(html) {
    let hit = prepared.get(html);
    if (hit) {
      prepared.delete(html);
      prepared.set(html, hit);
      return hit;
    }
    // One exact-size Buffer per page for its text and one for its deflate data, the parts being views into them
    // (memory: a part of its own was a slice of an 8 KB pool slab, and deflateRawSync's answer a slice of a
    // 16 KB output buffer, each pinning the whole block for as long as the page stays here: the landing page's and a
    // trainer's profile's 8 parts pinned 190-210 KB for 48-66 KB of text and 10-14 KB of deflate data).
    const strings = withNonce(html, marker).split(marker);
    const lengths = strings.map((p) => Buffer.byteLength(p, 'utf8'));
    const text = Buffer.allocUnsafeSlow(lengths.reduce((n, l) => n + l, 0));
    strings.reduce((at, p, i) => at + text.write(p, at, lengths[i], 'utf8'), 0);
    const parts = views(text, lengths);
    const chunks = parts.map((p) => deflateRawSync(p, { finishFlush: zlib.Z_SYNC_FLUSH }));
    const deflated = views(ownBuffer(chunks), chunks.map((c) => c.length));
    hit = { parts, deflated };
    prepared.set(html, hit);
    while (prepared.size > max) prepared.delete(prepared.keys().next().value);
    return hit;
  }

  return {
    /** The page's text as withNonce(html, nonce) would make it. */
    text(html, nonce) {
      return Buffer.concat(this.textChunks(html, nonce));
    },

    /** text(html, nonce) as the list of Buffers it is joined from (the page's parts are not copied). */
    textChunks(html, nonce) {
      const { parts } = prepare(html);
      return interleave(parts, Buffer.from(nonce, 'latin1'));
    },

    /** The page's text gzip-compressed: the same bytes `gunzip` gives back as text(html, nonce). */
    gzip(html, nonce) {
      return Buffer.concat(this.gzipChunks(html, nonce));
    },

    /** gzip(html, nonce) as the list of Buffers it is joined from. */
    gzipChunks(html, nonce) {
      const { parts, deflated } = prepare(html);
      const n = Buffer.from(nonce, 'latin1');
      const nonceBlock = storedBlock(n);
      let crc = 0;
      let size = 0;
      parts.forEach((p, i) => {
        if (i > 0) {
          crc = crc32(n, crc);
          size += n.length;
        }
        crc = crc32(p, crc);
        size += p.length;
      });
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(size >>> 0, 4);
      return [GZIP_HEADER, ...interleave(deflated, nonceBlock), END, trailer];
    },

    /**
     * The answer for `accept` (the request's Accept-Encoding): `{ body, encoding }` (encoding undefined: as is).
     * Gzip first (joined from the prepared parts), then brotli (compressed per answer), else the text.
     */
    encode(html, nonce, accept) {
      const { chunks, encoding } = this.encodeChunks(html, nonce, accept);
      return { body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), encoding };
    },

    /**
     * encode() as `{ chunks, length, encoding }`: the answer's Buffers, written one after the other (corked), so no
     * page-sized Buffer is made per answer (each one was freed only when V8 collected it; a page under 64 KB came
     * from the C library's heap, and the next answers' were put around it).
     */
    encodeChunks(html, nonce, accept) {
      let chunks;
      let encoding;
      if (/\bgzip\b/.test(accept)) {
        chunks = this.gzipChunks(html, nonce);
        encoding = 'gzip';
      } else if (/\bbr\b/.test(accept)) {
        chunks = [brotliCompressSync(this.text(html, nonce), { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })];
        encoding = 'br';
      } else chunks = this.textChunks(html, nonce);
      return { chunks, length: chunks.reduce((n, c) => n + c.length, 0), encoding };
    },

    /** How many pages are prepared (for tests). */
    get size() {
      return prepared.size;
    },
  };
}

/** The buffers copied into one Buffer of exactly their size (never a slice of a shared pool block). */
function ownBuffer(buffers) {
  const whole = Buffer.allocUnsafeSlow(buffers.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of buffers) at += b.copy(whole, at);
  return whole;
}

/** `whole` cut into consecutive views of the given lengths. */
function views(whole, lengths) {
  let at = 0;
  return lengths.map((n) => whole.subarray(at, (at += n)));
}

/** [a0, sep, a1, sep, a2 ...] */
function interleave(items, sep) {
  const out = [];
  items.forEach((x, i) => {
    if (i > 0) out.push(sep);
    out.push(x);
  });
  return out;
}

module.exports = { withNonce, createPageBodies, storedBlock };
