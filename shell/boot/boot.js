// The first script of a server-rendered page (issue 32 item 4): `<script async src="/boot.<hash>.js"
// data-main="/main.<hash>.js">` in its <head> (scripts/ssr/react.mjs, injectRendered). Built as it is (minified,
// named by its content) by shell/rspack.config.js (EmitBootScript); a plain script, no module system, no imports.
//
// It used to be two inline scripts, and a page that runs any script before its first frame is painted later: at
// 4x CPU the rendered landing page's first paint came ~40 ms after the same HTML's without JavaScript, whichever
// of the two scripts was left, and the same as the HTML's when neither was (docs/ssr.md). An external async
// script is fetched while the page is parsed and runs when it has arrived; the page needs nothing of it to paint:
// its palette is data-theme, written by the server from the theme cookie, or the system's by CSS.
//
// What it does, in order:
// 1. The palette of a visitor whose stored choice the server did not know (no cookie yet: a choice made before
//    the cookie existed; the kept offline page of another choice): the stored choice, as the theme store reads it
//    (shared-ui/src/themeStore.ts, which also writes the cookie again).
// 2. Input held until the page is hydrated: a button of the server's HTML does nothing until React has hydrated
//    it, so a click on one then would be lost. Clicks on elements of #root[data-ssr] that are not links (a link
//    navigates by itself) are stopped and remembered; the shell clicks the same elements again once it has
//    hydrated them (shell/src/ssrPage.ts, markHydrated), or forgets them when it renders anew. So are submits
//    (Enter in a form with no button submits without a click), submitted again with requestSubmit(); and the
//    arrow, Home and End keys in a tab list or radio group, which move between its items by script only: such a
//    key is held as a stand-in whose dispatchEvent sends the same keydown to the same element. The form fields the
//    visitor changed meanwhile are listed (`__fcEdited`): React keeps such a value in the DOM but not in its
//    state, so markHydrated hands them to React before it makes the clicks, and holds clicks until it has
//    (`__fcHold`).
// 3. The app's main script (data-main), added after the next frame once the document is parsed (DOMContentLoaded,
//    requestAnimationFrame, then a task): evaluating
//    it before the frame (~140 KB gzip) delayed the first paint of `/` to 1.9x the HTML's without JavaScript. At
//    once in a hidden tab, where no frame comes (and when a shown tab is hidden before its frame). The page
//    preloads it (<link rel="preload">), so its download starts as early as ever.
(function () {
  var d = document;
  var w = window;
  var me = d.currentScript;
  var html = d.documentElement;

  try {
    var stored = localStorage.getItem('fitconnect-theme');
    if ((stored === 'dark' || stored === 'light') && html.getAttribute('data-theme') !== stored) html.setAttribute('data-theme', stored);
  } catch (e) {
    /* storage unavailable: the server's or the system's palette stays */
  }

  w.__fcHeldClicks = w.__fcHeldClicks || [];
  /** The event's target element while input is held (not hydrated, or fields being handed to React), else null. */
  function heldTarget(e) {
    var root = d.getElementById('root');
    var t = e.target;
    return root && (root.hasAttribute('data-ssr') || w.__fcHold) && t instanceof Element && root.contains(t) ? t : null;
  }
  function hold(e) {
    var t = heldTarget(e);
    if (!t || t.closest('a[href]')) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    w.__fcHeldClicks.push(t);
  }
  d.addEventListener('click', hold, true);
  d.addEventListener('submit', hold, true);
  d.addEventListener(
    'keydown',
    function (e) {
      var t = heldTarget(e);
      if (!t || !/^(Arrow(Left|Right|Up|Down)|Home|End)$/.test(e.key) || !t.closest('[role=tablist],[role=radiogroup]')) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      var init = { key: e.key, code: e.code, bubbles: true, cancelable: true };
      w.__fcHeldClicks.push({
        get isConnected() {
          return t.isConnected;
        },
        dispatchEvent: function () {
          return t.dispatchEvent(new KeyboardEvent('keydown', init));
        },
      });
    },
    true,
  );
  function edited(e) {
    var root = d.getElementById('root');
    var t = e.target;
    if (root && root.hasAttribute('data-ssr') && t instanceof Element && root.contains(t)) (w.__fcEdited = w.__fcEdited || []).push(t);
  }
  d.addEventListener('input', edited, true);
  d.addEventListener('change', edited, true);

  var src = me && me.getAttribute('data-main');
  var added = false;
  function addMain() {
    if (added || !src) return;
    added = true;
    var s = d.createElement('script');
    s.src = src;
    (d.body || html).appendChild(s);
  }
  function afterFrame() {
    requestAnimationFrame(function () {
      setTimeout(addMain);
    });
  }
  if (d.hidden) addMain();
  else {
    // The frame that counts is one after the whole document is parsed: this script is async and can run while the
    // server's HTML is still being read, and a frame then may show only part of it (the app must find all of it).
    if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', afterFrame);
    else afterFrame();
    d.addEventListener('visibilitychange', addMain);
  }
})();
