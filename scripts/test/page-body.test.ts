import { gunzipSync, gzipSync, brotliDecompressSync } from 'node:zlib';
import fc from 'fast-check';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createPageBodies, storedBlock, withNonce } = require('../page-body.cjs');

const PAGE =
  '<!doctype html><html><head><title>Anna — Trainer</title><style>a{}</style><script src="/a.js"></script></head>' +
  '<body><div id="root"><h1>Ånna Šmíd 💪</h1></div><script type="application/json" id="fc-ssr-state">{"a":"</scr\\u0069pt>"}</script></body></html>';

describe('a page body per answer (scripts/page-body.cjs)', () => {
  it('is exactly the page with this answer nonce, as text and gzip, for any page text', () => {
    const bodies = createPageBodies();
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom('<script>', '<style>', '<script src="x">', '</head>', '<SCRIPT\n', '<p>'), fc.string({ unit: 'binary' })), { maxLength: 30 }),
        fc.base64String({ minLength: 24, maxLength: 24 }),
        (pieces, nonce) => {
          const html = pieces.join('');
          const expected = withNonce(html, nonce);
          expect(bodies.text(html, nonce).toString('utf8')).toBe(expected);
          expect(gunzipSync(bodies.gzip(html, nonce)).toString('utf8')).toBe(expected);
        },
      ),
      { numRuns: 300, seed: 32 },
    );
  });

  it('gives each answer its own nonce from one prepared page, in every encoding', () => {
    const bodies = createPageBodies();
    const a = bodies.encode(PAGE, 'AAAAAAAAAAAAAAAAAAAAAAAA', 'gzip, deflate, br');
    const b = bodies.encode(PAGE, 'BBBBBBBBBBBBBBBBBBBBBBBB', 'gzip, deflate, br');
    expect(a.encoding).toBe('gzip');
    expect(gunzipSync(a.body).toString()).toBe(withNonce(PAGE, 'AAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(gunzipSync(b.body).toString()).toBe(withNonce(PAGE, 'BBBBBBBBBBBBBBBBBBBBBBBB'));
    expect(bodies.size).toBe(1);
    const br = bodies.encode(PAGE, 'CCCCCCCCCCCCCCCCCCCCCCCC', 'br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(withNonce(PAGE, 'CCCCCCCCCCCCCCCCCCCCCCCC'));
    const plain = bodies.encode(PAGE, 'DDDDDDDDDDDDDDDDDDDDDDDD', '');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(withNonce(PAGE, 'DDDDDDDDDDDDDDDDDDDDDDDD'));
  });

  it('gives the same bytes as a list of chunks (encodeChunks), the page kept in one Buffer for its text and one for its deflate data', () => {
    const bodies = createPageBodies();
    for (const accept of ['gzip, deflate, br', 'br', '']) {
      const whole = bodies.encode(PAGE, 'EEEEEEEEEEEEEEEEEEEEEEEE', accept);
      const { chunks, length, encoding } = bodies.encodeChunks(PAGE, 'EEEEEEEEEEEEEEEEEEEEEEEE', accept);
      expect(encoding).toBe(whole.encoding);
      expect(length).toBe(whole.body.length);
      if (encoding === 'br') expect(brotliDecompressSync(Buffer.concat(chunks)).toString()).toBe(withNonce(PAGE, 'EEEEEEEEEEEEEEEEEEEEEEEE'));
      else expect(Buffer.concat(chunks).equals(whole.body)).toBe(true);
    }
    // No part is a slice of a larger shared block (an 8 KB pool slab, zlib's 16 KB output buffer) that it would keep alive.
    const parts = bodies.textChunks(PAGE, 'n').filter((_: Buffer, i: number) => i % 2 === 0);
    const deflated = bodies.gzipChunks(PAGE, 'n').slice(1, -2).filter((_: Buffer, i: number) => i % 2 === 0);
    for (const list of [parts, deflated]) {
      expect(new Set(list.map((b: Buffer) => b.buffer)).size).toBe(1);
      expect(list[0].buffer.byteLength).toBe(list.reduce((n: number, b: Buffer) => n + b.length, 0));
    }
  });

  it('compresses a real-sized page about as well as gzip of the whole text', () => {
    const big = PAGE.replace('<h1>', `<h1>${'<div class="card"><p>Strength and mobility coaching for busy people.</p></div>'.repeat(800)}`);
    const bodies = createPageBodies();
    const joined = bodies.gzip(big, 'AAAAAAAAAAAAAAAAAAAAAAAA');
    const whole = gzipSync(withNonce(big, 'AAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(joined.length).toBeLessThan(whole.length * 1.1 + 200);
  });

  it('keeps at most `max` prepared pages, the least recently used going first', () => {
    const bodies = createPageBodies({ max: 2 });
    bodies.text('<p>1</p>', 'n');
    bodies.text('<p>2</p>', 'n');
    bodies.text('<p>1</p>', 'n');
    bodies.text('<p>3</p>', 'n');
    expect(bodies.size).toBe(2);
  });

  it('writes stored blocks as RFC 1951 says (LEN, NLEN) and refuses oversized ones', () => {
    expect([...storedBlock(Buffer.from('ab'))]).toEqual([0, 2, 0, 0xfd, 0xff, 0x61, 0x62]);
    expect(() => storedBlock(Buffer.alloc(70_000))).toThrow(RangeError);
  });
});
