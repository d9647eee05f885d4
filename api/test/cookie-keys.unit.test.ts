/**
 * The session cookie's keys (src/http/cookieKeys.ts) sign and verify exactly as the keygrip Koa used before,
 * so a deploy signs nobody out, and refuse what keygrip refuses.
 */
import Keygrip from 'keygrip';
import { cookieKeys } from '../src/http/cookieKeys';

const data = 'fitconnect.sid=1f4331d5-dbb8-45f3-9705-e7d3096d928f';

it('signs as keygrip does, and each verifies the other', () => {
  for (const secret of ['s', 'a much longer secret with spaces and ünïcode', 'x'.repeat(200)]) {
    const ours = cookieKeys([secret]);
    const theirs = new Keygrip([secret]);
    for (const d of [data, '', 'a=b', 'fitconnect.sid.sig=✓']) {
      expect(ours.sign(d)).toBe(theirs.sign(d));
      expect(ours.verify(d, theirs.sign(d))).toBe(true);
      expect(theirs.verify(d, ours.sign(d))).toBe(true);
    }
  }
});

it('verifies with any secret of the list and says which, the first one signing', () => {
  const keys = cookieKeys(['new', 'old']);
  expect(keys.index(data, new Keygrip(['old']).sign(data))).toBe(1);
  expect(keys.index(data, new Keygrip(['new']).sign(data))).toBe(0);
  expect(keys.sign(data)).toBe(new Keygrip(['new']).sign(data));
});

it('refuses a wrong, truncated, padded or foreign signature', () => {
  const keys = cookieKeys(['secret']);
  const good = keys.sign(data);
  const bad = [good.slice(0, -1), `${good}=`, `${good}A`, good.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')), '', new Keygrip(['other']).sign(data), keys.sign(`${data}x`)];
  for (const sig of bad) {
    expect(keys.verify(data, sig)).toBe(false);
    expect(keys.index(data, sig)).toBe(-1);
    expect(new Keygrip(['secret']).verify(data, sig)).toBe(false);
  }
});

it('needs at least one non-empty secret', () => {
  expect(() => cookieKeys([])).toThrow();
  expect(() => cookieKeys([''])).toThrow();
});
