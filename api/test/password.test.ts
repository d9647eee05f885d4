import { hashPassword, verifyPassword } from '../src/users/password';

it('hashes with scrypt and a random salt, and verifies only the right password', async () => {
  const h1 = await hashPassword('correct horse');
  const h2 = await hashPassword('correct horse');
  expect(h1).toMatch(/^scrypt\$16384\$8\$1\$/);
  expect(h1).not.toBe(h2);
  expect(h1).not.toContain('correct horse');
  expect(await verifyPassword('correct horse', h1)).toBe(true);
  expect(await verifyPassword('correct horse', h2)).toBe(true);
  expect(await verifyPassword('correct horsE', h1)).toBe(false);
  expect(await verifyPassword('', h1)).toBe(false);
});

it('rejects malformed stored hashes instead of throwing', async () => {
  for (const bad of ['', 'plain', 'scrypt$1$2$3', 'bcrypt$16384$8$1$abc$def', 'scrypt$99999999$8$1$abc$def']) {
    expect(await verifyPassword('x', bad)).toBe(false);
  }
});
