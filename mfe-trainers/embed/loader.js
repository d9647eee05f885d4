/*! FitConnect trainer finder loader: loads the finder bundle from this script's own folder. */
(function () {
  var me = document.currentScript;
  if (!me || !me.src || (window.customElements && window.customElements.get('fitconnect-trainer-finder'))) return;
  var src = new URL('__FINDER_BUNDLE__', me.src).href;
  var scripts = document.getElementsByTagName('script');
  for (var i = 0; i < scripts.length; i++) if (scripts[i].src === src) return;
  var s = document.createElement('script');
  s.src = src;
  s.async = true;
  (document.head || document.documentElement).appendChild(s);
})();
