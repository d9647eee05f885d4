import { createRoot, type Root } from 'react-dom/client';
import { StyleSheetManager } from 'styled-components';
import { FINDER_TAG, OBSERVED_ATTRIBUTES, readOptions } from './attributes';
import { Finder } from './Finder';

/**
 * <fitconnect-trainer-finder location limit theme partner>: a Custom Elements v1 element rendering the
 * finder into its own OPEN shadow root. styled-components writes its rules into that shadow root
 * (StyleSheetManager target, supported since styled-components 5.2 / 6 as a ShadowRoot), so the finder's
 * styles never touch the partner's page and the page's selectors never match inside.
 */

/**
 * Inside the shadow root: the host starts from initial values (the page's inherited color, line-height,
 * letter-spacing ... stop here) except the font family, which partners asked to keep; border-box like
 * our own site's global style.
 */
const HOST_CSS = `
:host { all: initial; display: block; font-family: inherit; contain: content; }
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: border-box; }
`;

export function createFinderElement(origin: string): CustomElementConstructor {
  return class FitConnectTrainerFinder extends HTMLElement {
    static get observedAttributes() {
      return [...OBSERVED_ATTRIBUTES];
    }

    private root: Root | null = null;
    private mount: HTMLDivElement | null = null;

    connectedCallback() {
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      if (!this.mount) {
        const style = document.createElement('style');
        style.textContent = HOST_CSS;
        this.mount = document.createElement('div');
        shadow.append(style, this.mount);
      }
      if (!this.root) this.root = createRoot(this.mount);
      this.renderFinder();
    }

    attributeChangedCallback(_name: string, oldValue: string | null, newValue: string | null) {
      if (oldValue !== newValue && this.root) this.renderFinder();
    }

    disconnectedCallback() {
      // Unmounting runs every effect cleanup: in-flight requests aborted, the matchMedia listener removed.
      const root = this.root;
      this.root = null;
      root?.unmount();
    }

    private renderFinder() {
      if (!this.root || !this.shadowRoot) return;
      this.root.render(
        <StyleSheetManager target={this.shadowRoot}>
          <Finder origin={origin} {...readOptions(this)} />
        </StyleSheetManager>,
      );
    }
  };
}

/** Define the element once (a second copy of the script on the page is a no-op). */
export function defineFinder(origin: string): void {
  if (typeof customElements === 'undefined' || customElements.get(FINDER_TAG)) return;
  customElements.define(FINDER_TAG, createFinderElement(origin));
}
