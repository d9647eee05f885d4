// build-config/exposeShared.js: the share key of a consume-shared module, as rspack names the module.
// (Which modules an expose needs first is checked on a real build: e2e/test/federation.test.ts.)
const { shareKeyOf } = require('../exposeShared') as { shareKeyOf: (id: string) => string | null };

test('the share key comes out of a consume-shared module identifier, scoped names and fallbacks included', () => {
  expect(shareKeyOf('consume shared module (default) react@^19.0.0 (strict)')).toBe('react');
  expect(shareKeyOf('consume shared module (default) react/jsx-runtime@^19.0.0 (singleton) (strict)')).toBe('react/jsx-runtime');
  expect(shareKeyOf('consume shared module (default) @fitconnect/shared-ui/patterns@^0.2.0 (strict)')).toBe('@fitconnect/shared-ui/patterns');
  expect(shareKeyOf('consume shared module (default) @fitconnect/contracts/challenge-rules@0.1.0-caabcb48ffe (fallback: /x/contracts/challenge-rules.ts)')).toBe(
    '@fitconnect/contracts/challenge-rules',
  );
  expect(shareKeyOf('consume shared module (default) zod@*')).toBe('zod');
  expect(shareKeyOf('./src/routes.tsx')).toBeNull();
});
