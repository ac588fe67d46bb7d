// Rookery Studio: library, variant page (pieces and move diagrams), play,
// edit and export. Every answer comes from the server's JSON API; this
// script only lays it out and sends clicks back.
(function () {
  "use strict";
  var app = document.getElementById("app");
  var crumb = document.getElementById("crumb");
  var S = null; // the open variant: {id, toml, saved, editable, stamp, view, tab, ...}
  var folders = [];

  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (attrs[k] === null || attrs[k] === undefined) return;
      if (k === "text") e.textContent = attrs[k];
      else if (k === "html") e.innerHTML = attrs[k];
      else if (k.slice(0, 2) === "on") e.addEventListener(k.slice(2), attrs[k]);
      else e.setAttribute(k, attrs[k]);
    });
    (kids || []).forEach(function (k) { if (k) e.appendChild(typeof k === "string" ? document.createTextNode(k) : k); });
    return e;
  }

  function api(path, body) {
    var opts = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    return fetch(path, opts).then(function (r) {
      return r.json().then(function (j) {
        if (!r.ok) { var e = new Error(j.error || r.statusText); e.data = j; throw e; }
        return j;
      });
    });
  }

  function route() {
    var h = decodeURIComponent(location.hash.replace(/^#/, "")) || "/";
    var m = h.match(/^\/v\/(.+?)(?:\/(pieces|play|edit|export))?$/);
    if (m) return openVariant(m[1], m[2] || "pieces");
    if (h === "/new") return openNew();
    S = null;
    showLibrary();
  }
  window.addEventListener("hashchange", route);

  // ---- library ----
  function showLibrary() {
    crumb.textContent = "library";
    app.textContent = "Loading the library…";
    api("/api/library").then(function (lib) {
      folders = lib.folders;
      var grid = el("div", { class: "library", id: "library" });
      lib.entries.forEach(function (e) {
        grid.appendChild(el("a", { class: "card", href: "#/v/" + encodeURIComponent(e.id), "data-id": e.id }, [
          el("div", { class: "thumb", html: e.thumbnail || "" }),
          el("div", { class: "t", text: e.title }),
          el("div", {}, [el("span", { class: "badge " + e.status, text: e.status }), " ", e.author || ""]),
          el("div", { class: "id", text: e.id })
        ]));
      });
      var head = el("div", { class: "row" }, [el("h1", { text: "Library" }),
        el("span", { class: "muted", text: lib.entries.length + " definitions" + (folders.length ? " · folders: " + folders.join(", ") : " · built-ins only (start with `rookery serve FOLDER` to edit files)") })]);
      if (folders.length) head.appendChild(el("a", { href: "#/new", id: "new-variant" }, [el("button", { text: "New variant" })]));
      app.replaceChildren(head, grid);
    }).catch(function (e) { app.textContent = "Cannot load the library: " + e.message; });
  }

  // ---- variant page ----
  function openVariant(id, tab) {
    if (S && S.id === id) { S.tab = tab; return render(); }
    app.textContent = "Loading " + id + "…";
    api("/api/definition?id=" + encodeURIComponent(id)).then(function (d) {
      folders = d.folders;
      start({ id: id, toml: d.toml, editable: d.editable, stamp: d.stamp }, tab);
    }).catch(function (e) { app.textContent = e.message; });
  }

  function openNew() {
    api("/api/definition?id=builtin:chess").then(function (d) {
      folders = d.folders;
      var text = d.toml.replace(/name = "chess"/, 'name = "my-variant"').replace(/title = "[^"]*"/, 'title = "My variant"');
      start({ id: null, toml: text, editable: true, stamp: 0 }, "edit");
    });
  }

  function start(base, tab) {
    S = base;
    S.saved = base.toml;
    S.tab = tab;
    S.game = { fen: null, moves: [], state: null, white: "human", black: "engine", depth: 4, flipped: false, gen: 0 };
    S.pick = null;
    check(S.toml).then(function (r) {
      if (!r.ok) { S.tab = "edit"; S.diags = r.diagnostics; }
      render();
    });
  }

  function check(text) {
    return api("/api/check", { toml: text }).then(function (r) {
      S.diags = r.diagnostics;
      if (r.ok) { S.view = r.variant; S.toml = text; }
      return r;
    });
  }

  function render() {
    var v = S.view;
    crumb.textContent = S.id || "new definition";
    var tabs = el("nav", { class: "tabs" });
    ["pieces", "play", "edit", "export"].forEach(function (t) {
      tabs.appendChild(el("a", { href: "#/v/" + encodeURIComponent(S.id || "new") + "/" + t, class: t === S.tab ? "on" : "", id: "tab-" + t, text: t[0].toUpperCase() + t.slice(1),
        onclick: function (e) { if (!S.id) { e.preventDefault(); S.tab = t; render(); } } }));
    });
    var head = v ? [el("h1", { text: v.title }), el("div", { class: "muted" }, [v.author + (v.year ? ", " + v.year : "") + " · ",
      el("span", { class: "badge " + v.status, text: v.status }), " · ", el("a", { href: v.rules_url, target: "_blank", text: "rules page" })]),
      v.status_note ? el("p", { class: "note", text: "Reconstruction: " + v.status_note }) : null]
      : [el("h1", { text: S.id || "New definition" }), el("p", { class: "msg", text: "The definition has errors: fix them in the editor." })];
    var board = el("div", { class: "board" + (S.game.flipped ? " flipped" : ""), id: "board" });
    var info = el("p", { class: "muted", id: "board-info" });
    var legend = el("div", { class: "legend", html: '<span><i style="background:#8fd19e"></i>move</span><span><i style="background:#ef8a80"></i>capture</span><span><i style="background:#f2b84b"></i>both</span><span><i style="background:#c77dd8"></i>locust</span><span><i style="background:#7fb2ea"></i>castle</span>' });
    var body = el("section", { id: "tab-body" });
    var side = el("div", { class: "side" }, head.concat([tabs, body]));
    app.replaceChildren(el("div", { class: "variant" }, [el("div", { class: "boardwrap" }, [board, legend, info]), side]));
    S.board = board; S.info = info; S.body = body;
    board.addEventListener("pointerdown", function (e) { onBoard(e, true); });
    board.addEventListener("pointerup", function (e) { onBoard(e, false); });
    ({ pieces: renderPieces, play: renderPlay, edit: renderEdit, export: renderExport })[S.tab]();
  }

  function onBoard(e, down) {
    var cell = RookeryBoard.cellAt(e);
    if (cell === null) return;
    if (S.tab === "play") return down ? playClick(cell) : playRelease(cell);
    if (down) diagramClick(cell);
  }

  function showSvg(svg) { S.board.innerHTML = svg; }

  // ---- pieces and move diagrams ----
  function pieceTable() {
    var t = el("table", { class: "pieces", id: "piece-table" }, [el("tr", {}, ["", "piece", "Betza", "value"].map(function (h) { return el("th", { text: h }); }))]);
    (S.view ? S.view.pieces : []).forEach(function (p) {
      var betza = p.betza + (p.specials.length ? " + " + p.specials.map(function (s) { return s.betza + " (" + s.name + ")"; }).join(", ") : "");
      var flags = p.royal ? " (royal)" : p.pawn ? " (pawn)" : "";
      t.appendChild(el("tr", { "data-letter": p.letter, class: S.pick === p.letter ? "on" : "", onclick: function () { pickPiece(p.letter); } }, [
        el("td", { class: "glyph", text: p.letter }), el("td", { text: p.name + flags }), el("td", {}, [el("code", { text: betza })]), el("td", { text: p.royal ? "—" : String(p.value) })]));
    });
    return t;
  }

  function renderPieces() {
    showSvg(S.view.svg);
    S.info.textContent = "Click a piece on the board to see its moves from there, or pick a piece in the table.";
    var rules = el("ul", { class: "rules" }, S.view.rules.map(function (r) { return el("li", { text: r }); }));
    S.body.replaceChildren(pieceTable(), el("div", { class: "row" }, [el("button", { id: "start-position", text: "Start position", onclick: function () { S.pick = null; render(); } })]),
      el("h3", { text: "Rules" }), rules, el("h3", { text: "Verified facts" }), factsBox(true));
  }

  // ---- verified facts: the definition's [[checks]], run on the server ----
  function factsBox(run) {
    var box = el("div", { id: "facts" });
    if (run) loadFacts(box);
    return box;
  }

  function loadFacts(box) {
    var text = S.toml;
    if (S.facts && S.facts.toml === text) return showFacts(box, S.facts.r);
    box.removeAttribute("data-done");
    box.replaceChildren(el("p", { class: "muted", text: "Running the checks…" }));
    api("/api/verify", { toml: text }).then(function (r) {
      S.facts = { toml: text, r: r };
      showFacts(box, r);
    }).catch(function (e) { box.replaceChildren(el("p", { class: "msg", text: e.message })); box.setAttribute("data-done", "error"); });
  }

  function showFacts(box, r) {
    box.setAttribute("data-done", String(r.facts.length));
    if (!r.facts.length) {
      return box.replaceChildren(el("p", { class: "muted", text: "This definition documents no facts. Add [[checks]] (perft, moves, line) to the TOML: they are run here and by rookery verify." }));
    }
    var summary = r.ok + " of " + r.facts.length + " ok" + (r.failed ? ", " + r.failed + " failed" : "") + (r.skipped ? ", " + r.skipped + " not run" : "") + " (" + r.ms + " ms on the server)";
    var ul = el("ul", { class: "facts" });
    r.facts.forEach(function (f) {
      var kids = [el("span", { class: "st st-" + f.status.toLowerCase(), text: f.status }), " " + (f.name ? f.name + ": " : "") + f.claim + " ",
        el("a", { href: "#", class: "line", text: "line " + f.line, onclick: function (e) { e.preventDefault(); openLine(f.line); } })];
      if (f.details.length) kids.push(el("ul", { class: "diffs" }, f.details.map(function (d) { return el("li", { text: d }); })));
      if (f.fen) kids.push(el("div", { class: "source", text: "position: " + f.fen }));
      if (f.source) kids.push(el("div", { class: "source", text: "source: " + f.source }));
      ul.appendChild(el("li", { class: "fact", "data-status": f.status }, kids));
    });
    box.replaceChildren(el("p", { class: "facts-summary" + (r.failed ? " bad" : " good"), id: "facts-summary", text: summary }), ul);
  }

  // Opens the editor on a line of the TOML (a fact's table).
  function openLine(line) {
    if (S.tab !== "edit") { S.tab = "edit"; render(); }
    goTo(S.editor.ta.value.split("\n"), { line: line, col: 1 });
  }

  function pickPiece(letter) {
    S.pick = letter;
    document.querySelectorAll("#piece-table tr").forEach(function (r) { r.classList.toggle("on", r.getAttribute("data-letter") === letter); });
    probe(letter, S.at || S.view.centre, null);
  }

  function diagramClick(cell) {
    if (S.pick) { S.at = cell; return probe(S.pick, cell, null); }
    probe(null, cell, S.view.fen);
  }

  function probe(letter, at, fen) {
    var req = { toml: S.toml, letter: letter || "", at: at, fen: fen };
    api("/api/probe", req).then(function (r) {
      showSvg(r.svg);
      var n = RookeryBoard.mark(S.board, at, r.moves);
      S.info.textContent = r.letter + " on " + at + (fen ? " (start position)" : " (alone on the board)") + ": " + n + " destinations";
      S.info.setAttribute("data-targets", String(n));
    }).catch(function (e) {
      showSvg(S.view.svg);
      S.info.textContent = e.message;
    });
  }

  // ---- play ----
  function renderPlay() {
    var g = S.game;
    var who = function (side) {
      var s = el("select", { id: "who-" + side, onchange: function () { g[side] = s.value; maybeEngine(); } },
        ["human", "engine"].map(function (o) { return el("option", { value: o, text: o }); }));
      s.value = g[side];
      return el("label", {}, [side + " ", s]);
    };
    var depth = el("select", { id: "depth", onchange: function () { g.depth = +depth.value; } }, [1, 2, 4, 6, 8, 12].map(function (d) { return el("option", { value: d, text: "depth " + d + (d > 4 ? " (at most 3 s)" : "") }); }));
    depth.value = String(g.depth);
    var fenIn = el("input", { id: "fen-in", size: 40, placeholder: "FEN (empty: the setup)" });
    // A rule module's pre-game choice (TigerChess: the order of play with
    // dice, the agreed Open variation, or the Random exhibition variation).
    var variation = S.view.hook ? el("label", {}, ["variation ", el("select", { id: "variation", onchange: function (e) { g.variation = e.target.value; newGame(null); } },
      [["dice", "order of play (dice)"], ["open", "Open (agreed)"], ["random", "Random (exhibition)"]].map(function (o) {
        return el("option", { value: o[0], text: o[1], selected: o[0] === (g.variation || "dice") ? "selected" : null });
      }))]) : null;
    var moveIn = el("input", { id: "move-in", size: 10, placeholder: "e2e4" });
    S.body.replaceChildren(
      el("div", { class: "row" }, [who("white"), who("black"), depth]),
      el("div", { class: "row", id: "variation-row" }, [variation]),
      el("div", { class: "row" }, [el("button", { id: "new-game", text: "New game", onclick: function () { newGame(null); } }),
        el("button", { id: "undo", text: "Undo", onclick: undo }),
        el("button", { id: "flip", text: "Flip", onclick: function () { g.flipped = !g.flipped; S.board.classList.toggle("flipped", g.flipped); } })]),
      el("div", { class: "row" }, [moveIn, el("button", { id: "move-go", text: "Play move", onclick: function () { tryMove(moveIn.value.trim()); moveIn.value = ""; } })]),
      el("div", { class: "hand", id: "hands" }),
      el("div", { class: "chooser", id: "chooser" }),
      el("p", { class: "msg", id: "play-msg" }),
      el("p", { class: "result", id: "result" }),
      el("p", { class: "muted", id: "pregame" }),
      el("p", {}, [el("b", { text: "FEN " }), el("code", { id: "fen-out" })]),
      el("div", { class: "row" }, [fenIn, el("button", { id: "fen-set", text: "Start from FEN", onclick: function () { newGame(fenIn.value.trim() || null); } })]),
      el("ol", { class: "movelist", id: "moves" }));
    if (!g.state) return newGame(g.fen);
    showGame();
  }

  function newGame(fen) {
    var g = S.game;
    g.gen++; g.fen = fen; g.moves = []; g.sel = null; g.drop = null;
    // A rule module's dice (TigerChess) are thrown anew for every game.
    g.seed = S.view.hook ? 1 + Math.floor(Math.random() * 1e9) : null;
    load(g.moves).catch(function (e) { msg(e.message); });
  }

  function load(moves) {
    var g = S.game, gen = g.gen;
    return api("/api/game", { toml: S.toml, fen: g.fen, seed: g.seed, variation: g.variation || null, moves: moves }).then(function (st) {
      if (gen !== g.gen) return;
      g.moves = moves; g.state = st; g.sel = null; g.drop = null;
      if (S.tab === "play") { showGame(); maybeEngine(); }
    });
  }

  function msg(text, ok) {
    var m = document.getElementById("play-msg");
    if (m) { m.textContent = text; m.className = "msg" + (ok ? " ok" : ""); }
  }

  function showGame() {
    var g = S.game, st = g.state;
    showSvg(st.svg);
    if (st.last) st.last.forEach(function (c) { var e = RookeryBoard.cellEl(S.board, c); if (e) e.classList.add("last"); });
    document.getElementById("fen-out").textContent = st.fen;
    document.getElementById("pregame").textContent = st.pregame ? "Pre-game: " + st.pregame + (st.designation ? ". Designation: " + st.designation : "") : "";
    document.getElementById("result").textContent = st.result ? "Result: " + st.result : (st.side + " to move" + (st.in_check ? " (check)" : ""));
    var list = document.getElementById("moves");
    list.replaceChildren();
    for (var i = 0; i < g.moves.length; i += 2) {
      list.appendChild(el("li", { text: g.moves[i] + (g.moves[i + 1] ? "  " + g.moves[i + 1] : "") }));
    }
    var hands = document.getElementById("hands");
    hands.replaceChildren();
    if (st.hands.length) {
      hands.appendChild(el("b", { text: "In hand: " }));
      st.hands.forEach(function (h) {
        // Only pieces that may be posted now (some go before others).
        var mine = h.side === st.side && st.legal.some(function (m) { return m.drop === h.letter; });
        var letter = h.side === "white" ? h.letter : h.letter.toLowerCase();
        hands.appendChild(el("button", { "data-drop": h.letter, disabled: mine ? null : "disabled", class: g.drop === h.letter && mine ? "on" : "",
          text: letter + " ×" + h.count, onclick: function () { selectDrop(h.letter); } }));
      });
    }
    document.getElementById("chooser").replaceChildren();
    S.info.textContent = "Click a piece, then its destination (or drag it).";
  }

  function selectDrop(letter) {
    var g = S.game;
    g.drop = letter; g.sel = null;
    var targets = g.state.legal.filter(function (m) { return m.drop === letter; }).map(function (m) { return { to: m.to, kind: "target", locust: [] }; });
    RookeryBoard.mark(S.board, null, targets);
    document.querySelectorAll("#hands button").forEach(function (b) { b.classList.toggle("on", b.getAttribute("data-drop") === letter); });
  }

  function playClick(cell) {
    var g = S.game, st = g.state;
    if (!st || st.result || thinking()) return;
    if (g.drop) return finish(st.legal.filter(function (m) { return m.drop === g.drop && m.to === cell; }), "@" + cell);
    if (g.sel && g.sel !== cell) return attempt(cell);
    var from = st.legal.filter(function (m) { return m.from === cell; });
    if (!from.length) { g.sel = null; RookeryBoard.clear(S.board); return; }
    g.sel = cell; g.pressed = cell;
    RookeryBoard.mark(S.board, cell, from.map(function (m) { return { to: m.castle ? m.to : m.to, kind: m.castle ? "castle" : "target", locust: [] }; }));
  }

  function playRelease(cell) {
    var g = S.game;
    if (g.pressed && g.sel && cell !== g.sel) attempt(cell);
    g.pressed = null;
  }

  function attempt(cell) {
    var g = S.game;
    var ms = g.state.legal.filter(function (m) { return m.from === g.sel && m.to === cell; });
    finish(ms, g.sel + cell);
  }

  function finish(ms, text) {
    var g = S.game;
    g.pressed = null;
    if (!ms.length) {
      msg("Illegal move: " + text);
      g.sel = null; g.drop = null;
      RookeryBoard.clear(S.board);
      return;
    }
    if (ms.length === 1) return tryMove(ms[0].text);
    var ch = document.getElementById("chooser");
    // Promotions name the new piece; other choices (shogi's optional
    // promotion, a flip) are told apart by their move text.
    var promos = ms.every(function (m) { return m.promo; });
    ch.replaceChildren(el("span", { text: promos ? "Promote to: " : "Choose: " }));
    ms.forEach(function (m) {
      ch.appendChild(el("button", { "data-move": m.text, text: m.promo || m.text, onclick: function () { tryMove(m.text); } }));
    });
  }

  function tryMove(text) {
    var g = S.game;
    if (!text) return;
    msg("");
    load(g.moves.concat([text])).catch(function (e) { msg("Refused: " + e.message); });
  }

  function undo() {
    var g = S.game;
    g.gen++;
    var moves = g.moves.slice(0, -1);
    // Taking back the engine's reply alone would let it play again: take
    // back the human's move too.
    var back = g.state && g.state.side === "white" ? "black" : "white";
    if (moves.length && g[back] === "engine") moves = moves.slice(0, -1);
    g.moves = moves;
    load(moves).catch(function (e) { msg(e.message); });
  }

  function thinking() { return S.game.thinking; }

  function maybeEngine() {
    var g = S.game, st = g.state;
    if (!st || st.result || g.thinking || g[st.side] !== "engine" || S.tab !== "play") return;
    var gen = g.gen;
    g.thinking = true;
    msg("Engine thinking…", true);
    var t0 = performance.now();
    api("/api/engine", { toml: S.toml, fen: g.fen, seed: g.seed, variation: g.variation || null, moves: g.moves, depth: g.depth }).then(function (r) {
      g.thinking = false;
      if (gen !== g.gen || !r.move) return;
      msg("Engine: " + r.move + " (" + Math.round(performance.now() - t0) + " ms)", true);
      return load(g.moves.concat([r.move]));
    }).catch(function (e) { g.thinking = false; msg("Engine: " + e.message); });
  }

  // ---- edit ----
  function renderEdit() {
    if (S.view) showSvg(S.view.svg);
    var gutter = el("div", { class: "gutter", id: "gutter" });
    var back = el("pre", { class: "backdrop", id: "backdrop" });
    var ta = el("textarea", { id: "toml", spellcheck: "false" });
    ta.value = S.toml;
    var status = el("p", { class: "msg", id: "edit-status" });
    var diags = el("ul", { class: "diags", id: "diags" });
    var buttons = el("div", { class: "row" });
    if (S.id && S.editable) buttons.appendChild(el("button", { id: "save", text: "Save", onclick: function () { save(S.id); } }));
    if (folders.length || !S.id) {
      var name = el("input", { id: "save-name", size: 18, placeholder: "name.toml" });
      buttons.appendChild(name);
      buttons.appendChild(el("button", { id: "save-as", text: "Save as", onclick: function () { save("file:0/" + withToml(name.value.trim())); } }));
    }
    var facts = factsBox(false);
    buttons.appendChild(el("button", { id: "verify", text: "Verify facts", title: "Run the [[checks]] of the text as it is now", onclick: function () { loadFacts(facts); } }));
    S.body.replaceChildren(el("div", { class: "editor" }, [gutter, el("div", { class: "area" }, [back, ta])]), status, diags, buttons, facts, pieceTable());
    S.editor = { ta: ta, gutter: gutter, back: back, status: status, diags: diags };
    ta.addEventListener("scroll", function () { back.scrollTop = ta.scrollTop; back.scrollLeft = ta.scrollLeft; gutter.scrollTop = ta.scrollTop; });
    var timer = null;
    ta.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { recheck(ta.value); }, 250);
    });
    paintDiags(S.editor.ta.value, S.diags || []);
  }

  function recheck(text) {
    var ed = S.editor;
    ed.status.textContent = "checking…";
    return check(text).then(function (r) {
      if (ed !== S.editor) return;
      paintDiags(text, r.diagnostics);
      if (r.ok) {
        S.toml = text;
        S.game.state = null;
        showSvg(S.view.svg);
        var t = document.getElementById("piece-table");
        if (t) t.replaceWith(pieceTable());
        if (S.pick) probe(S.pick, S.at || S.view.centre, null);
      }
    }).catch(function (e) { ed.status.textContent = e.message; });
  }

  function paintDiags(text, diags) {
    var ed = S.editor;
    var lines = text.split("\n");
    var byLine = {};
    diags.forEach(function (d) { byLine[d.line] = byLine[d.line] || d; });
    ed.gutter.replaceChildren();
    lines.forEach(function (_, i) {
      var d = byLine[i + 1];
      ed.gutter.appendChild(el("div", { class: d ? (d.severity === "error" ? "err" : "warn") : "", title: d ? d.message : "", "data-line": i + 1, text: String(i + 1) }));
    });
    // The backdrop marks each diagnostic's span under the transparent text.
    var marks = [];
    diags.forEach(function (d) {
      var start = offset(lines, d.line, d.col), end = offset(lines, d.end_line, d.end_col);
      if (end <= start) end = start + 1;
      marks.push([start, end]);
    });
    marks.sort(function (a, b) { return a[0] - b[0]; });
    var html = "", at = 0;
    marks.forEach(function (m) {
      if (m[0] < at) return;
      html += esc(text.slice(at, m[0])) + "<mark>" + esc(text.slice(m[0], m[1]) || " ") + "</mark>";
      at = m[1];
    });
    ed.back.innerHTML = html + esc(text.slice(at)) + "\n";
    ed.diags.replaceChildren();
    diags.forEach(function (d) {
      ed.diags.appendChild(el("li", { class: d.severity, "data-line": d.line, "data-col": d.col, text: d.line + ":" + d.col + " " + d.severity + ": " + d.message,
        onclick: function () { goTo(lines, d); } }));
    });
    var errors = diags.filter(function (d) { return d.severity === "error"; }).length;
    ed.status.textContent = errors ? errors + " error(s): the board shows the last valid version" : "valid" + (S.toml !== S.saved ? " (unsaved)" : "");
    ed.status.className = "msg" + (errors ? "" : " ok");
  }

  // Puts the caret on a diagnostic and scrolls its line into the middle.
  function goTo(lines, d) {
    var ta = S.editor.ta, o = offset(lines, d.line, d.col);
    ta.focus();
    ta.setSelectionRange(o, o + 1);
    ta.scrollTop = Math.max(0, (d.line - 8) * 18);
  }

  function offset(lines, line, col) {
    var o = 0;
    for (var i = 0; i < line - 1 && i < lines.length; i++) o += lines[i].length + 1;
    return o + col - 1;
  }

  function esc(s) { return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); }

  function withToml(name) { return /\.toml$/.test(name) ? name : name + ".toml"; }

  function save(id) {
    var text = S.editor.ta.value;
    api("/api/save", { id: id, toml: text }).then(function (r) {
      S.saved = text; S.stamp = r.stamp;
      if (S.id !== id) { S.id = id; S.editable = true; location.hash = "#/v/" + encodeURIComponent(id) + "/edit"; }
      S.editor.status.textContent = "saved to " + id;
      S.editor.status.className = "msg ok";
    }).catch(function (e) { S.editor.status.textContent = "Not saved: " + e.message; S.editor.status.className = "msg"; });
  }

  // Reload when the open file changes on disk (and the editor holds no unsaved change).
  setInterval(function () {
    if (!S || !S.id || S.id.indexOf("file:") !== 0) return;
    api("/api/stamp?id=" + encodeURIComponent(S.id)).then(function (r) {
      if (r.stamp === S.stamp) return;
      var dirty = S.editor && document.body.contains(S.editor.ta) && S.editor.ta.value !== S.saved;
      if (dirty) return;
      api("/api/definition?id=" + encodeURIComponent(S.id)).then(function (d) {
        var tab = S.tab;
        S.stamp = d.stamp;
        start({ id: S.id, toml: d.toml, editable: d.editable, stamp: d.stamp }, tab);
      });
    }).catch(function () {});
  }, 1500);

  // ---- export ----
  function renderExport() {
    showSvg(S.view.svg);
    var out = el("pre", { id: "export-msg", class: "msg" });
    var buttons = [["game-courier", "Game Courier"], ["interactive-diagram", "Interactive Diagram"], ["fairy-stockfish", "Fairy-Stockfish"], ["svg", "SVG"], ["html", "Standalone HTML page"]];
    S.body.replaceChildren(el("div", { class: "row" }, buttons.map(function (b) {
      return el("button", { id: "export-" + b[0], text: b[1], onclick: function () { download(b[0], out); } });
    })), out);
  }

  function download(format, out) {
    fetch("/api/export", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ toml: S.toml, format: format }) }).then(function (r) {
      if (!r.ok) return r.json().then(function (j) { out.textContent = j.error; });
      var name = (r.headers.get("Content-Disposition") || "").replace(/.*filename="([^"]+)".*/, "$1") || "export.txt";
      return r.blob().then(function (b) {
        var a = el("a", { href: URL.createObjectURL(b), download: name });
        document.body.appendChild(a); a.click(); a.remove();
        out.textContent = "downloaded " + name; out.className = "msg ok";
      });
    });
  }

  route();
})();
