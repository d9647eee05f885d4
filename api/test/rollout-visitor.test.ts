/** Issue 26: signed visitor ids and client networks (the units of the rollout's rate limits and counts). */
import { networkOf, networkTag, newVisitor, signVisitorId, verifyVisitorCookie, visitorKey } from '../src/rollout/visitor';

const key = visitorKey('a-session-secret-for-this-test');

describe('visitor ids', () => {
  test('an id the API issued verifies; any change to it or its signature does not', () => {
    const { id, cookie } = newVisitor(key);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(verifyVisitorCookie(key, cookie)).toBe(id);
    const [, mac] = cookie.split('.');
    const otherId = (id[0] === 'A' ? 'B' : 'A') + id.slice(1);
    expect(verifyVisitorCookie(key, `${otherId}.${mac}`)).toBeNull();
    expect(verifyVisitorCookie(key, `${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(verifyVisitorCookie(key, `${id}.${mac}x`)).toBeNull();
    expect(verifyVisitorCookie(key, id)).toBeNull(); // an unsigned id (the cookie before issue 26)
    expect(verifyVisitorCookie(key, `${id}.`)).toBeNull();
    expect(verifyVisitorCookie(key, undefined)).toBeNull();
    expect(verifyVisitorCookie(key, '../../etc.x')).toBeNull();
  });

  test('a signature made with another secret is refused', () => {
    const id = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect(verifyVisitorCookie(key, signVisitorId(visitorKey('another-secret'), id))).toBeNull();
    expect(verifyVisitorCookie(key, signVisitorId(key, id))).toBe(id);
  });
});

describe('client networks', () => {
  test.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.250', '203.0.113.0/24'],
    ['::ffff:203.0.113.9', '203.0.113.0/24'],
    ['::ffff:cb00:7109', '203.0.113.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1%eth0', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not an address', 'other:not an address'],
  ])('%s is in %s', (ip, net) => {
    expect(networkOf(ip)).toBe(net);
  });

  test('what is stored of a network is a keyed hash, the same for the same network', () => {
    const tag = networkTag(key, networkOf('203.0.113.7'));
    expect(tag).toBe(networkTag(key, networkOf('203.0.113.99')));
    expect(tag).not.toContain('203');
    expect(tag).not.toBe(networkTag(key, networkOf('203.0.114.7')));
  });
});
