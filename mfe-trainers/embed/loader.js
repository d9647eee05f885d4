/*! FitConnect trainer finder loader (v1): adds the finder bundle, from this script's own folder, once a finder is near the viewport. */
(function () {
  var me = document.currentScript;
  if (!me || !me.src || (window.customElements && window.customElements.get('fitconnect-trainer-finder'))) return;
  var src = new URL('__FINDER_BUNDLE__', me.src).href;
  // A strict CSP page's nonce (from this tag, else the page's first nonced script) goes to the bundle's tag,
  // which hands it to the finder's <style> elements.
  var tagged = me.nonce ? me : document.querySelector('script[nonce]');
  var nonce = (tagged && tagged.nonce) || '';
  function load() {
    var scripts = document.getElementsByTagName('script');
    for (var i = 0; i < scripts.length; i++) if (scripts[i].src === src) return;
    var s = document.createElement('script');
    s.src = src;
    s.async = true;
    // Checked like the loader itself when a partner pins a release with integrity="...".
    s.integrity = '__FINDER_INTEGRITY__';
    s.crossOrigin = 'anonymous';
    if (nonce) s.nonce = nonce;
    (document.head || document.documentElement).appendChild(s);
  }
  function start() {
    var finders = document.getElementsByTagName('fitconnect-trainer-finder');
    if (!finders.length || !window.IntersectionObserver) return load();
    var io = new IntersectionObserver(
      function (entries) {
        for (var i = 0; i < entries.length; i++)
          if (entries[i].isIntersecting) {
            io.disconnect();
            return load();
          }
      },
      { rootMargin: '300px' },
    );
    for (var i = 0; i < finders.length; i++) io.observe(finders[i]);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
