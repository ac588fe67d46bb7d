//! End-to-end tests of Rookery Studio in real headless Chromium, driven
//! through WebDriver (chromedriver) with plain HTTP requests (`ureq`): no
//! async client stack is needed for a handful of sequential commands.
//!
//! Needs Debian's `chromium` and `chromium-driver`; `.ci/run` installs them.
//! Without them the test says so and passes, except under `CI=true`, where
//! a missing browser is a failure. Every wait is bounded, and a watchdog
//! stops the browser and the server after three minutes.
//!
//! `ROOKERY_SCREENSHOTS=DIR` saves the screenshots of `docs/images/`;
//! `--nocapture` shows the measured page-load and move-response times.

mod studio_common;

use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{json, Value};
use studio_common::{definition, Server};

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";
/// The whole browser run must end within this.
const WATCHDOG: Duration = Duration::from_secs(180);
/// One wait for the page (generous: the shared CI machine can be slow).
const WAIT: Duration = Duration::from_secs(60);

/// A WebDriver session.
struct Browser {
    base: String,
    driver: Arc<Mutex<Option<Child>>>,
    profile: std::path::PathBuf,
}

impl Browser {
    fn start() -> Browser {
        let port = free_port();
        let child = Command::new(DRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let driver = Arc::new(Mutex::new(Some(child)));
        let root = format!("http://127.0.0.1:{port}");
        let t = Instant::now();
        while ureq::get(&format!("{root}/status")).call().is_err() {
            assert!(t.elapsed() < WAIT, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = std::env::temp_dir().join(format!("rookery-chromium-{}", std::process::id()));
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1360,900",
            &format!("--user-data-dir={}", profile.display()),
        ];
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
            "timeouts": {"script": 20000, "pageLoad": 20000, "implicit": 0}
        }}});
        let r: Value =
            ureq::post(&format!("{root}/session")).send_json(caps).expect("new session").into_json().unwrap();
        let id = r["value"]["sessionId"].as_str().expect("session id").to_string();
        let b = Browser { base: format!("{root}/session/{id}"), driver, profile };
        let d = b.driver.clone();
        std::thread::spawn(move || {
            std::thread::sleep(WATCHDOG);
            if let Some(mut c) = d.lock().unwrap().take() {
                eprintln!("watchdog: the browser test ran over {WATCHDOG:?}; stopping chromedriver");
                let _ = c.kill();
            }
        });
        b
    }

    fn cmd(&self, method: &str, path: &str, body: Value) -> Value {
        let url = format!("{}{path}", self.base);
        let r = match method {
            "GET" => ureq::get(&url).call(),
            "DELETE" => ureq::delete(&url).call(),
            _ => ureq::post(&url).send_json(body),
        };
        match r {
            Ok(r) => r.into_json::<Value>().unwrap()["value"].clone(),
            Err(ureq::Error::Status(code, r)) => {
                panic!("WebDriver {path}: {code} {}", r.into_string().unwrap_or_default())
            }
            Err(e) => panic!("WebDriver {path}: {e}"),
        }
    }

    fn go(&self, url: &str) {
        self.cmd("POST", "/url", json!({ "url": url }));
    }

    /// Runs a script; `arguments[0..]` are `args`.
    fn js(&self, script: &str, args: Value) -> Value {
        self.cmd("POST", "/execute/sync", json!({ "script": script, "args": args }))
    }

    /// Waits until the script returns something truthy; returns it.
    fn wait(&self, what: &str, script: &str, args: Value) -> Value {
        let t = Instant::now();
        loop {
            let v = self.js(script, args.clone());
            let ok = match &v {
                Value::Null => false,
                Value::Bool(b) => *b,
                Value::Number(n) => n.as_f64() != Some(0.0),
                Value::String(s) => !s.is_empty(),
                _ => true,
            };
            if ok {
                return v;
            }
            assert!(t.elapsed() < WAIT, "timed out waiting for {what}");
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    fn element(&self, css: &str) -> String {
        let t = Instant::now();
        loop {
            let url = format!("{}/element", self.base);
            if let Ok(r) = ureq::post(&url).send_json(json!({"using": "css selector", "value": css})) {
                let v: Value = r.into_json().unwrap();
                return v["value"].as_object().unwrap().values().next().unwrap().as_str().unwrap().to_string();
            }
            assert!(t.elapsed() < WAIT, "no element {css}");
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    /// A real click (WebDriver moves the pointer to the element's centre).
    /// The page may redraw the element between finding and clicking it (a
    /// stale reference, seen under heavy load): then it is found again.
    fn click(&self, css: &str) {
        let t = Instant::now();
        loop {
            let e = self.element(css);
            let url = format!("{}/element/{e}/click", self.base);
            match ureq::post(&url).send_json(json!({})) {
                Ok(_) => return,
                Err(ureq::Error::Status(_, r)) => {
                    let body = r.into_string().unwrap_or_default();
                    assert!(body.contains("stale element") && t.elapsed() < WAIT, "WebDriver click {css}: {body}");
                }
                Err(e) => panic!("WebDriver click {css}: {e}"),
            }
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    /// Presses on one element and releases on another.
    fn drag(&self, from: &str, to: &str) {
        let (a, b) = (self.element(from), self.element(to));
        let key = "element-6066-11e4-a52e-4f735466cecf";
        let actions = json!({"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
            {"type": "pointerMove", "origin": {key: a}, "x": 0, "y": 0},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerMove", "origin": {key: b}, "x": 0, "y": 0, "duration": 100},
            {"type": "pointerUp", "button": 0}
        ]}]});
        self.cmd("POST", "/actions", actions);
    }

    fn screenshot(&self, name: &str) {
        let Ok(dir) = std::env::var("ROOKERY_SCREENSHOTS") else { return };
        let png = self.cmd("GET", "/screenshot", Value::Null);
        let bytes = base64::engine::general_purpose::STANDARD.decode(png.as_str().unwrap()).unwrap();
        std::fs::write(format!("{dir}/{name}.png"), bytes).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = ureq::delete(&self.base).call();
        if let Some(mut c) = self.driver.lock().unwrap().take() {
            let _ = c.kill();
            let _ = c.wait();
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Whether the browser can run here; under CI it must.
fn browser_available() -> bool {
    let there = std::path::Path::new(CHROMIUM).exists() && std::path::Path::new(DRIVER).exists();
    if !there {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but {CHROMIUM} or {DRIVER} is missing: .ci/run installs chromium and chromium-driver"
        );
        eprintln!("SKIPPED: browser tests need {CHROMIUM} and {DRIVER} (apt-get install chromium chromium-driver)");
    }
    there
}

/// Cells marked as destinations on the board, sorted.
fn marked(b: &Browser) -> Vec<String> {
    let v = b.js(
        "return Array.from(document.querySelectorAll('#board .cell.hl')).map(e => e.getAttribute('data-cell')).sort();",
        json!([]),
    );
    serde_json::from_value(v).unwrap()
}

/// Waits for the board's info line to report a diagram; returns its count.
fn diagram_count(b: &Browser) -> usize {
    let v = b.wait(
        "a move diagram",
        "return document.getElementById('board-info').getAttribute('data-targets');",
        json!([]),
    );
    v.as_str().unwrap().parse().unwrap()
}

fn clear_diagram(b: &Browser) {
    b.js("document.getElementById('board-info').removeAttribute('data-targets');", json!([]));
}

fn moves_played(b: &Browser) -> usize {
    b.js("return document.querySelectorAll('#moves li').length * 2 - (document.getElementById('fen-out').textContent.split(' ')[1] === 'b' ? 1 : 0);", json!([]))
        .as_u64()
        .unwrap() as usize
}

fn cell(label: &str) -> String {
    format!("#board .cell[data-cell=\"{label}\"]")
}

#[test]
fn studio_in_chromium() {
    if !browser_available() {
        return;
    }
    let server = Server::start("browser");
    let b = Browser::start();
    library_and_tcb_rook(&b, &server);
    tcb_facts(&b, &server);
    play_tcb(&b);
    edit_tcb(&b);
    tiger_lily_pawn(&b, &server);
    xiangqi_on_points(&b, &server);
    timings(&b, &server);
    promotion_from_fen(&b, &server);
    drops_in_tigerchess(&b, &server);
    save_and_reload_from_disk(&b, &server);
    standalone_page(&b, &server);
}

/// A position typed in as FEN; a pawn reaching the last rank offers the
/// promotion chooser, and the choice is played.
fn promotion_from_fen(b: &Browser, s: &Server) {
    b.go(&format!("{}#/v/builtin:chess/play", s.url));
    b.wait(
        "the game",
        "return document.getElementById('fen-out') && document.getElementById('fen-out').textContent;",
        json!([]),
    );
    b.js(
        "var s = document.getElementById('who-black'); s.value = 'human'; s.dispatchEvent(new Event('change'));",
        json!([]),
    );
    b.js("document.getElementById('fen-in').value = '8/P6k/8/8/8/8/8/K7 w - - 0 1';", json!([]));
    b.click("#fen-set");
    b.wait(
        "the FEN",
        "return document.getElementById('fen-out').textContent === '8/P6k/8/8/8/8/8/K7 w - - 0 1';",
        json!([]),
    );
    b.click(&cell("a7"));
    b.click(&cell("a8"));
    let n = b.wait("the chooser", "return document.querySelectorAll('#chooser button').length;", json!([]));
    assert_eq!(n, 4, "knight, bishop, rook, queen");
    b.click("#chooser button[data-move=a7a8n]");
    let fen = b.wait(
        "the promotion",
        "var f = document.getElementById('fen-out').textContent; return f.indexOf('N7/') === 0 && f;",
        json!([]),
    );
    assert_eq!(fen, "N7/7k/8/8/8/8/8/K7 b - - 0 1");
}

/// TigerChess starts with pieces in hand: a hand piece clicked, then a
/// marked cell, posts it.
fn drops_in_tigerchess(b: &Browser, s: &Server) {
    b.go(&format!("{}#/v/builtin:tigerchess/play", s.url));
    b.wait("the game", "return document.getElementById('who-white');", json!([]));
    b.js("['white', 'black'].forEach(function (w) { var s = document.getElementById('who-' + w); s.value = 'human'; s.dispatchEvent(new Event('change')); });", json!([]));
    // A new game with both sides human (an engine reply already asked for is dropped).
    b.click("#new-game");
    b.wait(
        "the hands",
        "return !document.getElementById('moves').textContent && document.querySelector('#hands button:not([disabled])');",
        json!([]),
    );
    let before = b.js("return document.getElementById('fen-out').textContent;", json!([]));
    b.click("#hands button:not([disabled])");
    let targets = marked(b);
    assert!(!targets.is_empty(), "the posting cells are marked");
    b.click(&cell(&targets[0]));
    let text = b.wait("the posting", "return document.getElementById('moves').textContent;", json!([]));
    assert!(text.as_str().unwrap().contains(&format!("@{}", targets[0])), "{text}");
    assert_ne!(b.js("return document.getElementById('fen-out').textContent;", json!([])), before);
    // The Random variation: chosen in the pre-game, the cards post every
    // Swordsman, nothing is left in hand and the Bengal moves.
    b.js(
        "var s = document.getElementById('variation'); s.value = 'random'; s.dispatchEvent(new Event('change'));",
        json!([]),
    );
    let pre = b.wait(
        "the Random variation",
        "var p = document.getElementById('pregame').textContent; return p.indexOf('Random variation') >= 0 && p;",
        json!([]),
    );
    assert!(pre.as_str().unwrap().contains("Designation: Random variation"), "{pre}");
    assert_eq!(b.js("return document.querySelectorAll('#hands button').length;", json!([])), json!(0));
    let fen = b.js("return document.getElementById('fen-out').textContent;", json!([]));
    assert!(fen.as_str().unwrap().contains(" w "), "White to move after the cards: {fen}");
    b.js(
        "var s = document.getElementById('variation'); s.value = 'open'; s.dispatchEvent(new Event('change'));",
        json!([]),
    );
    b.wait(
        "the Open variation",
        "return document.getElementById('pregame').textContent.indexOf('die not thrown (Open variation)') >= 0;",
        json!([]),
    );
}

/// Save writes the file; a file changed on disk reloads the page.
fn save_and_reload_from_disk(b: &Browser, s: &Server) {
    b.go(&format!("{}#/v/file:0/sub/chess.toml/edit", s.url));
    b.wait("the editor", "return document.getElementById('toml');", json!([]));
    let set = "var t = document.getElementById('toml'); t.value = t.value.replace(arguments[0], arguments[1]); t.dispatchEvent(new Event('input'));";
    b.js(set, json!(["betza = \"N\"", "betza = \"NW\""]));
    b.wait(
        "the recheck",
        "var c = document.querySelector('#piece-table tr[data-letter=N] code'); return c && c.textContent === 'NW';",
        json!([]),
    );
    b.click("#save");
    b.wait("saved", "return document.getElementById('edit-status').textContent.indexOf('saved') === 0;", json!([]));
    let on_disk = std::fs::read_to_string(s.dir.join("sub/chess.toml")).unwrap();
    // Someone edits the file outside the studio.
    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(s.dir.join("sub/chess.toml"), on_disk.replace("betza = \"NW\"", "betza = \"NF\"")).unwrap();
    b.wait(
        "the reload",
        "var c = document.querySelector('#piece-table tr[data-letter=N] code'); return c && c.textContent === 'NF';",
        json!([]),
    );
    // The export buttons download (the page reports the file's name).
    b.click("#tab-export");
    b.click("#export-interactive-diagram");
    let m = b.wait("the download", "return document.getElementById('export-msg').textContent;", json!([]));
    assert_eq!(m, "downloaded chess-interactive-diagram.txt");
    b.click("#export-fairy-stockfish");
    b.wait("the download", "return document.getElementById('export-msg').textContent.indexOf('fairy') > 0;", json!([]));
    assert!(on_disk.contains("betza = \"NW\""));
}

/// The page of `rookery export --format html`, opened from a file: the
/// rook picked in the table shows its 12 destinations from e5, and a piece
/// clicked on the board shows its moves there.
fn standalone_page(b: &Browser, s: &Server) {
    let path = s.dir.join("tcb.html");
    let out = Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(["export", "tcb", "--format", "html", "-o"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    b.go(&format!("file://{}", path.display()));
    b.click("#pieces tr[data-letter=R]");
    let n = b.wait("the rook's diagram", "return document.querySelectorAll('#board .cell.hl').length;", json!([]));
    assert_eq!(n, 12);
    b.click(&cell("c2"));
    let info = b.wait("a diagram", "return document.getElementById('info').textContent;", json!([]));
    assert!(info.as_str().unwrap().starts_with("R alone on c2"), "{info}");
}

/// The library lists TCB; the rook picked in the table shows exactly the
/// destinations `rookery betza WD7 --board 9x9 --at e5` gives.
fn library_and_tcb_rook(b: &Browser, s: &Server) {
    b.go(&s.url);
    let n = b.wait("library cards", "return document.querySelectorAll('#library .card').length;", json!([]));
    assert!(n.as_u64().unwrap() >= 10, "8 built-ins and the 2 served files");
    b.screenshot("studio-library");
    b.click(".card[data-id=\"builtin:tcb\"]");
    b.wait("the piece table", "return document.querySelector('#piece-table tr[data-letter=R]');", json!([]));
    b.click("#piece-table tr[data-letter=R]");
    assert_eq!(diagram_count(b), 12);
    let out = Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(["betza", "WD7", "--board", "9x9", "--at", "e5", "--json"])
        .output()
        .unwrap();
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut want: Vec<String> =
        cli["moves"].as_array().unwrap().iter().map(|m| m["to"].as_str().unwrap().into()).collect();
    want.sort();
    assert_eq!(want.len(), 12);
    assert_eq!(marked(b), want);
    b.screenshot("studio-variant");
    // The colour classes: a locust destination and its victim, a castle,
    // and a move plus a capture on one cell making "both".
    let kinds = b.js(
        "var bd = document.getElementById('board'); RookeryBoard.mark(bd, 'e5', [\
           {to: 'e7', kind: 'move', locust: ['e6']}, {to: 'c5', kind: 'castle', locust: []},\
           {to: 'g5', kind: 'move', locust: []}, {to: 'g5', kind: 'capture', locust: []}]);\
         return ['e7', 'e6', 'c5', 'g5'].map(c => RookeryBoard.cellEl(bd, c).getAttribute('class'));",
        json!([]),
    );
    assert_eq!(kinds, json!(["cell hl k-locust", "cell victim", "cell hl k-castle", "cell hl k-both"]));
    // A click on the board's own rook shows its moves in the start position.
    b.click("#start-position");
    clear_diagram(b);
    b.click(&cell("a1"));
    assert!(diagram_count(b) < 12);
}

/// TCB's variant page lists its documented facts, each run on the server
/// and ok; a fact's line link opens the editor there.
fn tcb_facts(b: &Browser, s: &Server) {
    let (v, _) = rookery::variant::load_str(&definition("tcb")).unwrap();
    b.go(&format!("{}#/v/builtin:tcb", s.url));
    let n = b.wait("the facts", "return document.getElementById('facts').getAttribute('data-done');", json!([]));
    assert_eq!(n, json!(v.checks.len().to_string()));
    let ok = b.js("return document.querySelectorAll('#facts li.fact[data-status=ok]').length;", json!([]));
    assert_eq!(ok, json!(v.checks.len()));
    let summary = b.js("return document.getElementById('facts-summary').textContent;", json!([]));
    let all = format!("{0} of {0} ok", v.checks.len());
    assert!(summary.as_str().unwrap().starts_with(&all), "{summary}");
    b.js("document.getElementById('facts').scrollIntoView();", json!([]));
    b.screenshot("studio-facts");
    b.click("#facts li.fact a.line");
    b.wait("the editor", "return document.getElementById('toml');", json!([]));
    let caret = b.js(
        "var t = document.getElementById('toml'); return t.value.slice(0, t.selectionStart).split('\\n').length;",
        json!([]),
    );
    let text = definition("tcb");
    let first = text.lines().position(|l| l == "[[checks]]").unwrap() + 1;
    assert_eq!(caret, json!(first), "the caret on the first fact's [[checks]] line");
}

/// Three legal moves (click-click, and a drag), refused illegal moves, undo
/// and an engine reply.
fn play_tcb(b: &Browser) {
    b.click("#tab-play");
    b.wait(
        "the game",
        "return document.getElementById('fen-out') && document.getElementById('fen-out').textContent;",
        json!([]),
    );
    b.js(
        "var s = document.getElementById('who-black'); s.value = 'human'; s.dispatchEvent(new Event('change'));",
        json!([]),
    );
    b.click(&cell("d3"));
    assert!(marked(b).contains(&"d5".to_string()), "d3's targets are marked");
    b.click(&cell("d4"));
    b.wait("move 1", "return document.querySelectorAll('#moves li').length === 1;", json!([]));
    b.click(&cell("f7"));
    b.click(&cell("f6"));
    b.wait("move 2", "return document.getElementById('fen-out').textContent.split(' ')[1] === 'w';", json!([]));
    b.drag(&cell("e2"), &cell("e4"));
    b.wait(
        "move 3 (dragged)",
        "return document.getElementById('fen-out').textContent.split(' ')[1] === 'b';",
        json!([]),
    );
    assert_eq!(moves_played(b), 3);
    let list = b.js("return document.getElementById('moves').textContent;", json!([]));
    assert!(list.as_str().unwrap().contains("d3d4") && list.as_str().unwrap().contains("e2e4"), "{list}");
    // An illegal click and an illegal typed move are refused.
    b.click(&cell("b7"));
    b.click(&cell("b4"));
    let m = b.wait("a refusal", "return document.getElementById('play-msg').textContent;", json!([]));
    assert_eq!(m, "Illegal move: b7b4");
    b.js("document.getElementById('move-in').value = 'a7a3';", json!([]));
    b.click("#move-go");
    let m = b.wait(
        "a refused typed move",
        "var t = document.getElementById('play-msg').textContent; return t.indexOf('Refused') === 0 && t;",
        json!([]),
    );
    assert!(m.as_str().unwrap().contains("illegal move 4 (a7a3)"), "{m}");
    assert_eq!(moves_played(b), 3);
    // The engine answers as Black.
    b.js(
        "var s = document.getElementById('who-black'); s.value = 'engine'; s.dispatchEvent(new Event('change'));",
        json!([]),
    );
    b.wait(
        "the engine's reply",
        "return document.getElementById('fen-out').textContent.split(' ')[1] === 'w';",
        json!([]),
    );
    assert_eq!(moves_played(b), 4);
    b.screenshot("studio-play");
    b.click("#undo");
    b.wait("undo", "return document.querySelectorAll('#moves li').length === 1 && document.getElementById('fen-out').textContent.split(' ')[1] === 'w';", json!([]));
}

/// Editing the rook's Betza string changes its diagram; a broken value is
/// marked at its line.
fn edit_tcb(b: &Browser) {
    b.js("var s = document.getElementById('who-black'); if (s) { s.value = 'human'; s.dispatchEvent(new Event('change')); }", json!([]));
    b.click("#tab-edit");
    b.wait("the editor", "return document.getElementById('toml');", json!([]));
    let set = "var t = document.getElementById('toml'); t.value = t.value.replace(arguments[0], arguments[1]); t.dispatchEvent(new Event('input'));";
    b.js(set, json!(["betza = \"WD7\"", "betza = \"WD\""]));
    b.wait(
        "the piece table to show the new Betza string",
        "var c = document.querySelector('#piece-table tr[data-letter=R] code'); return c && c.textContent === 'WD';",
        json!([]),
    );
    clear_diagram(b);
    b.click("#piece-table tr[data-letter=R]");
    assert_eq!(diagram_count(b), 8, "WD from e5: four steps and four jumps");
    // The documented rook diagram now fails, with the lost cells.
    b.click("#verify");
    b.wait("the facts", "return document.getElementById('facts').getAttribute('data-done');", json!([]));
    let rook = b.js(
        "var f = Array.from(document.querySelectorAll('#facts li.fact')).find(l => l.textContent.indexOf('The rook on e5') >= 0); return [f.getAttribute('data-status'), f.textContent];",
        json!([]),
    );
    assert_eq!(rook[0], "FAIL", "{rook}");
    assert!(rook[1].as_str().unwrap().contains("only expected: a5 e1 e9 i5"), "{rook}");
    let text = definition("tcb");
    let line = text.lines().position(|l| l == "betza = \"WD7\"").unwrap() + 1;
    b.js(set, json!(["betza = \"WD\"", "betza = \"WD!\""]));
    let got = b.wait(
        "an error in the gutter",
        "var e = document.querySelector('#gutter div.err'); return e && e.getAttribute('data-line');",
        json!([]),
    );
    assert_eq!(got.as_str().unwrap(), line.to_string());
    let diag = b.js("return document.querySelector('#diags li.error').textContent;", json!([]));
    assert!(diag.as_str().unwrap().starts_with(&format!("{line}:")), "{diag}");
    b.click("#diags li.error");
    b.screenshot("studio-editor-error");
}

/// Tiger Lily: a pawn clicked on the flower board shows the moves the probe
/// gives for it in the start position.
fn tiger_lily_pawn(b: &Browser, s: &Server) {
    use rookery::game::{code_kind, code_side, Position, WHITE};
    let (v, _) = rookery::variant::load_str(&definition("tiger-lily")).unwrap();
    let pos = Position::start(&v);
    let pawn = (0..v.grid.len() as u16)
        .find(|&c| {
            let code = pos.at(c);
            code != 0 && code_side(code) == WHITE && v.pieces[code_kind(code) as usize].pawn
        })
        .unwrap();
    let label = v.grid.label(pawn).to_string();
    let want = rookery::studio::view::probe_view(&v, None, &label, Some(&v.setup_fen)).unwrap();
    b.go(&format!("{}#/v/builtin:tiger-lily", s.url));
    b.wait("Tiger Lily's pieces", "return document.querySelector('#piece-table tr[data-letter=P]');", json!([]));
    clear_diagram(b);
    b.click(&cell(&label));
    let n = diagram_count(b);
    assert_eq!(n as u64, want["targets"].as_u64().unwrap());
    assert!(n > 0, "the pawn on {label} can move");
    b.screenshot("studio-tiger-lily");
}

/// Xiangqi is drawn as the definition's `[board.picture]` asks: lines,
/// river and palace diagonals, pieces on the points; a click on the cannon's
/// point shows the moves the probe gives.
fn xiangqi_on_points(b: &Browser, s: &Server) {
    let (v, _) = rookery::variant::load_str(&definition("xiangqi")).unwrap();
    let want = rookery::studio::view::probe_view(&v, None, "b3", Some(&v.setup_fen)).unwrap();
    b.go(&format!("{}#/v/builtin:xiangqi", s.url));
    b.wait("Xiangqi's pieces", "return document.querySelector('#piece-table tr[data-letter=C]');", json!([]));
    let lines = b.js("return document.querySelectorAll('#board .lines line').length;", json!([]));
    assert_eq!(lines, json!(80 + 81 - 7 + 4), "rank and file lines, the river gap, 4 palace diagonals");
    clear_diagram(b);
    b.click(&cell("b3"));
    let n = diagram_count(b);
    assert_eq!(n as u64, want["targets"].as_u64().unwrap());
    assert!(marked(b).contains(&"b10".to_string()), "the cannon captures the horse over the screen on b8");
    b.screenshot("studio-xiangqi");
}

/// Page load and move response for Tigrey and Tiger Lily, as the browser
/// sees them (printed; the test only bounds them loosely).
fn timings(b: &Browser, s: &Server) {
    for (name, from, to) in [("tigrey", "e3", "e4"), ("tiger-lily", "", "")] {
        b.go("about:blank");
        let t = Instant::now();
        b.go(&format!("{}#/v/builtin:{name}/play", s.url));
        b.wait(
            "the game board",
            "return document.getElementById('fen-out') && document.getElementById('fen-out').textContent;",
            json!([]),
        );
        let load = t.elapsed();
        b.js(
            "var s = document.getElementById('who-black'); s.value = 'human'; s.dispatchEvent(new Event('change'));",
            json!([]),
        );
        // A legal move of the first White piece that has one.
        let (from, to) = if from.is_empty() {
            let (v, _) = rookery::variant::load_str(&definition(name)).unwrap();
            let mut pos = rookery::game::Position::start(&v);
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            (v.grid.label(legal[0].from).to_string(), v.grid.label(legal[0].to).to_string())
        } else {
            (from.to_string(), to.to_string())
        };
        let t = Instant::now();
        b.click(&cell(&from));
        b.click(&cell(&to));
        b.wait("the move", "return document.querySelectorAll('#moves li').length === 1;", json!([]));
        let reply = t.elapsed();
        // The engine's answer at the default depth, as the page shows it.
        let t = Instant::now();
        b.js(
            "var s = document.getElementById('who-black'); s.value = 'engine'; s.dispatchEvent(new Event('change'));",
            json!([]),
        );
        b.wait(
            "the engine's reply",
            "return document.getElementById('fen-out').textContent.split(' ')[1] === 'w';",
            json!([]),
        );
        let engine = t.elapsed();
        eprintln!(
            "studio timing {name}: page load {} ms, move response {} ms (two clicks to the updated board), \
             engine reply {} ms (depth 4, at most 3 s)",
            load.as_millis(),
            reply.as_millis(),
            engine.as_millis()
        );
        assert!(load < Duration::from_secs(10) && reply < Duration::from_secs(10) && engine < Duration::from_secs(10));
    }
}
