import { defineFinder } from './element';
import { pageNonce, scriptOrigin } from './origin';

declare let __webpack_nonce__: string | undefined;

// The hashed bundle, added to the page by trainer-finder.js (loader.js). Our site's origin comes from this
// script's own URL, read synchronously while it runs: the partner configures nothing.
const me = document.currentScript;
const nonce = pageNonce(me, document);
// styled-components puts this nonce on every <style> it adds (a strict CSP page without 'unsafe-inline').
if (nonce) __webpack_nonce__ = nonce;
defineFinder(scriptOrigin(me, document.baseURI), nonce);
