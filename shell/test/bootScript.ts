// The boot script (boot/boot.js) run as a page runs it: a script element with data-main, added to <head> after the
// test has set up the document. Shared by the boot tests (each file runs it once, as a page does).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const BOOT = readFileSync(path.join(__dirname, '..', 'boot', 'boot.js'), 'utf8');

const MAIN = '/main.0123456789.js';

export function runBootScript(): void {
  const script = document.createElement('script');
  script.setAttribute('data-main', MAIN);
  script.textContent = BOOT;
  document.head.appendChild(script);
}

/** The main scripts the boot script has added so far. */
export const mainScripts = () => Array.from(document.querySelectorAll('script[src]')).map((s) => s.getAttribute('src'));
