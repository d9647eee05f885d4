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

it('remembers a verified signature without trusting anything else: wrong ones stay refused after a good one', () => {
  const keys = cookieKeys(['new', 'old']);
  const good = new Keygrip(['old']).sign(data);
  for (let i = 0; i < 3; i++) {
    expect(keys.index(data, good)).toBe(1);
    expect(keys.verify(data, `${good}A`)).toBe(false);
    expect(keys.verify(`${data}x`, good)).toBe(false);
    // No other split of the same characters passes for the remembered pair.
    expect(keys.verify(`${good.slice(-3)}${data}`, good.slice(0, -3))).toBe(false);
    expect(keys.verify(data.slice(3), `${good}${data.slice(0, 3)}`)).toBe(false);
  }
  // Many distinct cookies: the memory is bounded and the first ones still verify (again, in full).
  const many = Array.from({ length: 12_000 }, (_, n) => `fitconnect.sid=${n}`);
  for (const d of many) expect(keys.verify(d, keys.sign(d))).toBe(true);
  expect(keys.verify(many[0], keys.sign(many[0]))).toBe(true);
  expect(keys.verify(many[0], new Keygrip(['other']).sign(many[0]))).toBe(false);
});

it('needs at least one non-empty secret', () => {
  expect(() => cookieKeys([])).toThrow();
  expect(() => cookieKeys([''])).toThrow();
});
