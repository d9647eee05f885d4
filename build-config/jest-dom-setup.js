require('@testing-library/jest-dom');
// findBy*/waitFor wait up to 5 s (default 1 s): on a busy 2-core machine a render can take longer than 1 s.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
// jsdom lacks these; components use them.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false, media: query, onchange: null,
      addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent() { return false; },
    });
  }
  if (!window.scrollTo) window.scrollTo = () => {};
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = function () {};
}
const { TextEncoder, TextDecoder } = require('node:util');
if (typeof global.TextEncoder === 'undefined') global.TextEncoder = TextEncoder;
if (typeof global.TextDecoder === 'undefined') global.TextDecoder = TextDecoder;
