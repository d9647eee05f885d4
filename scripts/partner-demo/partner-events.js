// The partner's own listener for the finder's events (issue 33): what the README's partner section shows.
// Every `fitconnect:*` event bubbles out of the finder's shadow root to the document; this page lists them.
(function () {
  var names = ['fitconnect:ready', 'fitconnect:search', 'fitconnect:trainer-view', 'fitconnect:contact-click'];
  var log = document.getElementById('finder-events');
  names.forEach(function (name) {
    document.addEventListener(name, function (e) {
      var event = /** @type {CustomEvent} */ (e);
      var target = /** @type {Element} */ (event.target);
      if (!log) return;
      var li = document.createElement('li');
      li.textContent = name + ' ' + (target.id || '') + ' ' + JSON.stringify(event.detail);
      li.setAttribute('data-event', name);
      li.setAttribute('data-finder', target.id || '');
      li.setAttribute('data-detail', JSON.stringify(event.detail));
      log.appendChild(li);
    });
  });
})();
