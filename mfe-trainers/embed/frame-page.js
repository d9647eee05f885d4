/*! FitConnect trainer finder, iframe mode page: attributes from the query string; its height to the parent page. */
(function () {
  var finder = document.getElementById('finder');
  var params = new URLSearchParams(location.search);
  var names = ['location', 'specialty', 'online-only', 'in-person-only', 'max-results', 'limit', 'sort', 'theme', 'lang', 'partner'];
  for (var i = 0; i < names.length; i++) if (params.has(names[i])) finder.setAttribute(names[i], params.get(names[i]));
  if (window.parent === window) return;
  var last = 0;
  function post() {
    var h = document.documentElement.scrollHeight;
    if (h === last) return;
    last = h;
    // The height is all it says; the partner's script checks that it comes from FitConnect.
    window.parent.postMessage({ type: 'fitconnect:resize', height: h }, '*');
  }
  new ResizeObserver(post).observe(document.body);
  ['fitconnect:ready', 'fitconnect:search', 'fitconnect:trainer-view', 'fitconnect:contact-click'].forEach(function (name) {
    finder.addEventListener(name, function (e) {
      window.parent.postMessage({ type: name, detail: e.detail }, '*');
    });
  });
})();
