/**
 * The boot script (boot/boot.js) is async: it can run while the server's HTML is still being parsed. The main script
 * then waits for the document to be parsed, and for a frame after that: a frame before it may show only part of the
 * server's render (a clean-clone run once saw the main script run with no frame after the page's data was parsed).
 */
import { mainScripts, runBootScript } from './bootScript';

let readyState: DocumentReadyState = 'loading';

beforeAll(() => {
  jest.useFakeTimers();
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });
  document.body.innerHTML = '<div id="root" data-ssr="trainers"><h1>Sophie Turner</h1></div>';
  runBootScript();
});

afterAll(() => {
  jest.useRealTimers();
});

test('while the document is parsed, frames come and go without the main script; it comes after the next frame once parsed', () => {
  jest.advanceTimersByTime(100); // several frames and tasks while the parser is still reading
  expect(mainScripts()).toEqual([]);
  readyState = 'interactive';
  document.dispatchEvent(new Event('DOMContentLoaded'));
  expect(mainScripts()).toEqual([]);
  jest.advanceTimersByTime(16); // the next frame
  jest.advanceTimersByTime(1); // then a task
  expect(mainScripts()).toEqual(['/main.0123456789.js']);
});
