import { createRoot, type Root } from 'react-dom/client';
import { StyleSheetManager } from 'styled-components';
import { FINDER_TAG, OBSERVED_ATTRIBUTES, readOptions } from './attributes';
import type { FinderEventDetail, FinderEventName } from './events';
import { Finder } from './Finder';
import { LANGUAGES } from './strings';

/**
 * <fitconnect-trainer-finder>: a Custom Elements v1 element rendering the finder into its own OPEN shadow
 * root. styled-components writes its rules into that shadow root (StyleSheetManager target), so the
 * finder's styles never touch the partner's page and the page's selectors never match inside.
 *
 * Strict CSP pages (issue 33): the host rules go in a constructable style sheet (adoptedStyleSheets, which
 * style-src does not govern); styled-components' <style> elements carry the page's nonce (index.ts finds
 * it and hands it to styled-components through __webpack_nonce__).
 *
 * Lazy (issue 33): a finder renders, and so fetches its data, only once it comes within LAZY_MARGIN of
 * the viewport (the loader likewise adds the bundle only then).
 */

/**
 * Inside the shadow root: the host starts from initial values (the page's inherited color, line-height,
 * letter-spacing ... stop here) except the font family, which partners asked to keep; border-box like
 * our own site's global style. (`all` leaves custom properties alone: --fc-* inherit from the page.)
 */
const HOST_CSS = `
:host { all: initial; display: block; font-family: inherit; contain: content; }
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: border-box; }
`;

export const LAZY_MARGIN = '300px';

function hostStyles(shadow: ShadowRoot, nonce: string): void {
  if ('adoptedStyleSheets' in shadow && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(HOST_CSS);
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = HOST_CSS;
  shadow.append(style);
}

export function createFinderElement(origin: string, nonce = ''): CustomElementConstructor {
  return class FitConnectTrainerFinder extends HTMLElement {
    static get observedAttributes() {
      return [...OBSERVED_ATTRIBUTES];
    }

    private root: Root | null = null;
    private mount: HTMLDivElement | null = null;
    private observer: IntersectionObserver | null = null;
    private near = false;
    private warned = new Set<string>();

    connectedCallback() {
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      if (!this.mount) {
        hostStyles(shadow, nonce);
        this.mount = document.createElement('div');
        shadow.append(this.mount);
      }
      if (this.near || typeof IntersectionObserver === 'undefined') return this.start();
      this.observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) this.start();
        },
        { rootMargin: LAZY_MARGIN },
      );
      this.observer.observe(this);
    }

    attributeChangedCallback(_name: string, oldValue: string | null, newValue: string | null) {
      if (oldValue !== newValue && this.root) this.renderFinder();
    }

    disconnectedCallback() {
      this.observer?.disconnect();
      this.observer = null;
      // Unmounting runs every effect cleanup: in-flight requests aborted, the matchMedia listener removed.
      const root = this.root;
      this.root = null;
      root?.unmount();
    }

    private start() {
      this.near = true;
      this.observer?.disconnect();
      this.observer = null;
      if (!this.root && this.mount) this.root = createRoot(this.mount);
      this.renderFinder();
    }

    private warn = (message: string) => {
      if (this.warned.has(message)) return;
      this.warned.add(message);
      console.warn(`<${FINDER_TAG}${this.id ? ` id="${this.id}"` : ''}>: ${message}`);
    };

    private emit = <N extends FinderEventName>(name: N, detail: FinderEventDetail[N]) => {
      this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
    };

    private renderFinder() {
      if (!this.root || !this.shadowRoot) return;
      this.root.render(
        <StyleSheetManager target={this.shadowRoot}>
          <Finder origin={origin} emit={this.emit} {...readOptions(this, this.warn, LANGUAGES)} />
        </StyleSheetManager>,
      );
    }
  };
}

/** Define the element once (a second copy of the script on the page is a no-op). */
export function defineFinder(origin: string, nonce = ''): void {
  if (typeof customElements === 'undefined' || customElements.get(FINDER_TAG)) return;
  customElements.define(FINDER_TAG, createFinderElement(origin, nonce));
}
