/*! FitConnect trainer finder, iframe mode: sizes each finder iframe to its content. Optional. */
(function () {
  var me = document.currentScript;
  if (!me || !me.src) return;
  // Only messages from FitConnect's own frames (this script's origin), and only for the iframe that sent them.
  var origin = new URL(me.src).origin;
  window.addEventListener('message', function (e) {
    if (e.origin !== origin || !e.data || e.data.type !== 'fitconnect:resize') return;
    var h = Number(e.data.height);
    if (!(h > 0 && h < 20000)) return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) if (frames[i].contentWindow === e.source) frames[i].style.height = Math.ceil(h) + 'px';
  });
})();
