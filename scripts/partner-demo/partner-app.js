// The partner's own React (18, UMD build from their own site): a tiny class-booking counter. The
// browser tests click it to show the partner's React keeps working next to the finder's own React.
(function () {
  var e = React.createElement;
  function Booking() {
    var state = React.useState(0);
    return e(
      'div',
      null,
      e('p', { id: 'partner-count' }, 'Places booked: ' + state[0]),
      e('button', { type: 'button', id: 'partner-book', onClick: function () { state[1](state[0] + 1); } }, 'Book a place'),
      e('p', null, 'React ' + React.version),
    );
  }
  ReactDOM.createRoot(document.getElementById('partner-app')).render(e(Booking));
})();
