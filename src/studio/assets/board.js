// Rookery board helpers, shared by the studio and the standalone page:
// find the cell under a pointer and colour cells by move kind, exactly the
// classes of `rookery betza` (move, capture, both, destroy, castle) plus
// locust captures (the destination) and their victims.
var RookeryBoard = (function () {
  "use strict";
  var KINDS = ["move", "capture", "both", "destroy", "castle", "locust", "target"];
  var RANK = { move: 1, capture: 1, both: 2, target: 2, destroy: 3, locust: 4, castle: 5 };

  function cellEl(root, label) {
    var all = root.querySelectorAll(".cell");
    for (var i = 0; i < all.length; i++) {
      if (all[i].getAttribute("data-cell") === label) return all[i];
    }
    return null;
  }

  function clear(root) {
    root.querySelectorAll(".cell").forEach(function (e) {
      e.classList.remove("hl", "sel", "victim", "last");
      KINDS.forEach(function (k) { e.classList.remove("k-" + k); });
      e.removeAttribute("data-kind");
    });
  }

  // moves: [{to, kind, locust: [labels]}]; returns the number of marked cells.
  function mark(root, from, moves) {
    clear(root);
    var f = from && cellEl(root, from);
    if (f) f.classList.add("sel");
    var kinds = {};
    moves.forEach(function (m) {
      var k = m.locust && m.locust.length ? "locust" : m.kind;
      var old = kinds[m.to];
      if (old && old !== k && RANK[k] <= 1 && RANK[old] <= 1) k = "both";
      if (!old || RANK[k] >= RANK[old]) kinds[m.to] = k;
      (m.locust || []).forEach(function (l) {
        var v = cellEl(root, l);
        if (v) v.classList.add("victim");
      });
    });
    var n = 0;
    Object.keys(kinds).forEach(function (to) {
      var e = cellEl(root, to);
      if (!e) return;
      e.classList.add("hl", "k-" + kinds[to]);
      e.setAttribute("data-kind", kinds[to]);
      n++;
    });
    return n;
  }

  function cellAt(evt) {
    var t = evt.target && evt.target.closest ? evt.target.closest("[data-cell]") : null;
    return t ? t.getAttribute("data-cell") : null;
  }

  return { mark: mark, clear: clear, cellEl: cellEl, cellAt: cellAt };
})();
