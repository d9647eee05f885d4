// The contracts the API side alone needs, on top of everything the front ends share (./index): the
// response schemas of the public trainer reads (OpenAPI), the partner beacon (issue 16) and staged
// rollouts (issue 17). Kept out of ./index so the front ends' shared contracts chunk, which every area's
// first visit loads, does not carry them (e2e/test/budget.test.ts). Import: '@fitconnect/contracts/src/server'.
export * from './index';
export * from './trainerResponses';
export * from './partners';
export * from './rollout';
