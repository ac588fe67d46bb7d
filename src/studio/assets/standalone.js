// The standalone diagram page: every diagram is in ROOKERY_DATA, computed
// by Rookery; this script only colours cells.
(function () {
  "use strict";
  var D = ROOKERY_DATA;
  var board = document.getElementById("board");
  var info = document.getElementById("info");
  var pick = null;
  function decode(list) {
    return (list || []).map(function (m) {
      return { to: D.cells[m[0]], kind: m[1], locust: m[2].map(function (i) { return D.cells[i]; }) };
    });
  }
  function show(from, moves, what) {
    var n = RookeryBoard.mark(board, from, moves);
    info.textContent = what + " on " + from + ": " + n + " destination" + (n === 1 ? "" : "s");
  }
  document.querySelectorAll("#pieces tr[data-letter]").forEach(function (tr) {
    tr.addEventListener("click", function () {
      document.querySelectorAll("#pieces tr.on").forEach(function (r) { r.classList.remove("on"); });
      tr.classList.add("on");
      pick = tr.getAttribute("data-letter");
      var c = D.centre;
      show(D.cells[c], decode(D.empty[pick][c]), pick + " alone");
    });
  });
  board.addEventListener("click", function (e) {
    var label = RookeryBoard.cellAt(e);
    if (label === null) return;
    var c = D.cells.indexOf(label);
    if (pick) {
      show(label, decode(D.empty[pick][c]), pick + " alone");
    } else if (D.start[c]) {
      show(label, decode(D.start[c]), "the piece");
    } else {
      RookeryBoard.clear(board);
      info.textContent = "No piece on " + label + ".";
    }
  });
})();
