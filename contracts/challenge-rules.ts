// '@fitconnect/contracts/challenge-rules': the challenges' rules that need no schema (timing, popular), an entry of
// its own so the challenges list, the area's first visit, loads neither zod nor the area's schemas: about 13 KB gzip
// less (issue 35.3). '@fitconnect/contracts/challenges' has them too, for the pages that validate.
// The front ends import the contracts by entry, never from '@fitconnect/contracts' itself (type-only imports
// aside): each entry is a Module Federation shared module of its own (build-config/rspack.js;
// build-config/test/contracts-by-area.test.ts). The API and tests use the package root, which has everything.
export * from './src/challengeRules';
