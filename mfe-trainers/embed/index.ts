import { defineFinder } from './element';
import { scriptOrigin } from './origin';

// The hashed bundle, added to the page by trainer-finder.js (loader.js). Our site's origin comes from this
// script's own URL, read synchronously while it runs: the partner configures nothing.
defineFinder(scriptOrigin(document.currentScript, document.baseURI));
