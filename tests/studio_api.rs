//! The studio's HTTP API against a real `rookery serve` on loopback: every
//! endpoint and every error path (bad JSON, huge bodies, path traversal,
//! invalid TOML, illegal moves), and several games at once.

mod studio_common;

use serde_json::{json, Value};
use studio_common::{definition, Server};

/// Status and JSON body of a request (error statuses included).
fn call(req: ureq::Request, body: Option<Value>) -> (u16, Value) {
    let r = match body {
        Some(b) => req.send_json(b),
        None => req.call(),
    };
    let (code, resp) = match r {
        Ok(r) => (r.status(), r),
        Err(ureq::Error::Status(c, r)) => (c, r),
        Err(e) => panic!("{e}"),
    };
    let text = resp.into_string().unwrap();
    (code, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

fn get(s: &Server, path: &str) -> (u16, Value) {
    call(ureq::get(&s.at(path)), None)
}

fn post(s: &Server, path: &str, body: Value) -> (u16, Value) {
    call(ureq::post(&s.at(path)), Some(body))
}

#[test]
fn pages_and_assets() {
    let s = Server::start("assets");
    let (code, page) = get(&s, "");
    assert_eq!(code, 200);
    let page = page.as_str().unwrap();
    assert!(page.contains("/assets/studio.js") && !page.contains("http://") && !page.contains("https://"));
    for a in ["studio.js", "board.js", "studio.css"] {
        assert_eq!(get(&s, &format!("assets/{a}")).0, 200, "{a}");
    }
    assert_eq!(get(&s, "assets/../Cargo.toml").0, 404);
    assert_eq!(get(&s, "assets/nothing.js").0, 404);
    let (code, body) = get(&s, "no/such/page");
    assert_eq!(code, 404);
    assert_eq!(body["error"], "no such page");
}

#[test]
fn library_lists_builtins_and_files() {
    let s = Server::start("library");
    let (code, lib) = get(&s, "api/library");
    assert_eq!(code, 200);
    let ids: Vec<&str> = lib["entries"].as_array().unwrap().iter().map(|e| e["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), rookery::variant::builtin::BUILTIN.len() + 2);
    assert!(
        ids.contains(&"builtin:tcb") && ids.contains(&"file:0/mytcb.toml") && ids.contains(&"file:0/sub/chess.toml")
    );
    let tigrey = lib["entries"].as_array().unwrap().iter().find(|e| e["id"] == "builtin:tigrey").unwrap();
    assert_eq!(tigrey["status"], "reconstruction");
    assert!(tigrey["thumbnail"].as_str().unwrap().starts_with("<svg"));
    let tcb = lib["entries"].as_array().unwrap().iter().find(|e| e["id"] == "builtin:tcb").unwrap();
    assert_eq!(tcb["status"], "exact");
}

#[test]
fn definitions_are_read_only_inside_the_folders() {
    let s = Server::start("definition");
    let (code, d) = get(&s, "api/definition?id=file:0/mytcb.toml");
    assert_eq!(code, 200);
    assert_eq!(d["toml"], definition("tcb"));
    assert_eq!(d["editable"], true);
    let (code, d) = get(&s, "api/definition?id=builtin:chess");
    assert_eq!((code, d["editable"].clone()), (200, json!(false)));
    assert_eq!(get(&s, "api/definition?id=builtin:nope").0, 404);
    assert_eq!(get(&s, "api/definition?id=file:0/missing.toml").0, 404);
    for bad in [
        "file:0/../../etc/passwd.toml",
        "file:0//etc/hosts.toml",
        "file:7/x.toml",
        "/etc/passwd",
        "file:0/sub/../../x.toml",
    ] {
        let (code, body) = get(&s, &format!("api/definition?id={}", urlencode(bad)));
        assert_eq!(code, 403, "{bad}: {body}");
        assert!(body["error"].as_str().unwrap().starts_with("refused"), "{body}");
    }
    assert_eq!(get(&s, "api/definition").0, 400, "a missing id is a bad request");
    let (code, st) = get(&s, "api/stamp?id=file:0/mytcb.toml");
    assert_eq!(code, 200);
    assert!(st["stamp"].as_u64().unwrap() > 0);
    assert_eq!(get(&s, "api/stamp?id=builtin:tcb").1["stamp"], 0);
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b".-_:".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[test]
fn check_gives_the_view_or_located_diagnostics() {
    let s = Server::start("check");
    let (code, r) = post(&s, "api/check", json!({"toml": definition("tcb")}));
    assert_eq!(code, 200);
    assert_eq!(r["ok"], true);
    let v = &r["variant"];
    assert_eq!(v["title"], "TCB (Traffic Calmed Borders)");
    assert_eq!(v["centre"], "e5");
    let rook = v["pieces"].as_array().unwrap().iter().find(|p| p["letter"] == "R").unwrap();
    assert_eq!(rook["betza"], "WD7");
    assert!(v["svg"].as_str().unwrap().contains("data-cell=\"e5\""));
    assert!(v["rules"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r.as_str().unwrap().contains("bare king") || r.as_str().unwrap().contains("A bare king loses")));
    // A broken Betza string: located at its line and column.
    let text = definition("tcb").replace("betza = \"WD7\"", "betza = \"WD!\"");
    let line = text.lines().position(|l| l == "betza = \"WD!\"").unwrap() + 1;
    let (code, r) = post(&s, "api/check", json!({ "toml": text }));
    assert_eq!(code, 200);
    assert_eq!(r["ok"], false);
    let d = &r["diagnostics"][0];
    assert_eq!((d["line"].as_u64().unwrap() as usize, d["col"].as_u64().unwrap()), (line, 12));
    assert_eq!(d["severity"], "error");
    // Not TOML at all.
    let (code, r) = post(&s, "api/check", json!({"toml": "[variant\nname = 1"}));
    assert_eq!((code, r["ok"].clone()), (200, json!(false)));
    assert_eq!(r["diagnostics"][0]["line"], 1);
}

#[test]
fn probe_matches_rookery_betza() {
    let s = Server::start("probe");
    let (code, r) = post(&s, "api/probe", json!({"toml": definition("tcb"), "letter": "R", "at": "e5"}));
    assert_eq!(code, 200);
    let got: Vec<&str> = r["moves"].as_array().unwrap().iter().map(|m| m["to"].as_str().unwrap()).collect();
    assert_eq!(got, ["a5", "c5", "d5", "e1", "e3", "e4", "e6", "e7", "e9", "f5", "g5", "i5"]);
    assert_eq!(r["count"]["both"], 12);
    // The piece standing on a cell of the start position, without a letter.
    let (code, r) =
        post(&s, "api/probe", json!({"toml": definition("chess"), "at": "g1", "fen": rookery_start("chess")}));
    assert_eq!(code, 200);
    assert_eq!(r["letter"], "N");
    let got: Vec<&str> = r["moves"].as_array().unwrap().iter().map(|m| m["to"].as_str().unwrap()).collect();
    assert_eq!(got, ["f3", "h3"], "e2 holds a friend, which blocks the knight");
    for (body, what) in [
        (json!({"toml": definition("tcb"), "letter": "R", "at": "b1"}), "a hole"),
        (json!({"toml": definition("tcb"), "letter": "Z", "at": "e5"}), "no such piece"),
        (json!({"toml": definition("tcb"), "letter": "RR", "at": "e5"}), "two letters"),
        (json!({"toml": definition("tcb"), "at": "e5", "fen": "garbage"}), "bad FEN"),
        (json!({"toml": definition("chess"), "at": "e4", "fen": rookery_start("chess")}), "empty cell"),
    ] {
        let (code, r) = post(&s, "api/probe", body);
        assert_eq!(code, 422, "{what}: {r}");
        assert!(r["error"].is_string());
    }
    let (code, r) = post(&s, "api/probe", json!({"toml": "nonsense = [", "letter": "R", "at": "e5"}));
    assert_eq!(code, 422);
    assert!(r["diagnostics"].as_array().is_some_and(|d| !d.is_empty()));
}

fn rookery_start(name: &str) -> String {
    let (v, _) = rookery::variant::load_str(&definition(name)).unwrap();
    rookery::game::Position::start(&v).fen()
}

#[test]
fn games_replay_refuse_illegal_moves_and_end() {
    let s = Server::start("game");
    let chess = definition("chess");
    let (code, g) = post(&s, "api/game", json!({"toml": chess, "moves": ["e2e4", "e7e5"]}));
    assert_eq!(code, 200);
    assert_eq!(g["fen"], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(g["side"], "white");
    assert_eq!(g["legal"].as_array().unwrap().len(), 29);
    assert_eq!(g["last"], json!(["e7", "e5"]));
    let (code, g) = post(&s, "api/game", json!({"toml": chess, "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]}));
    assert_eq!(code, 200);
    assert_eq!(g["result"], "0-1 (checkmate)");
    assert_eq!(g["legal"], json!([]));
    let (code, g) = post(&s, "api/game", json!({"toml": chess, "moves": ["e2e5"]}));
    assert_eq!(code, 422);
    assert!(g["error"].as_str().unwrap().starts_with("illegal move 1 (e2e5)"));
    let (code, g) = post(&s, "api/game", json!({"toml": chess, "moves": ["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"]}));
    assert_eq!(code, 422);
    assert!(g["error"].as_str().unwrap().contains("after the game ended"));
    // Promotion: one legal move per choice, each with its letter.
    let fen = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
    let (code, g) = post(&s, "api/game", json!({"toml": chess, "fen": fen}));
    assert_eq!(code, 200);
    let promos: Vec<&str> = g["legal"].as_array().unwrap().iter().filter_map(|m| m["promo"].as_str()).collect();
    assert_eq!(promos.len(), 4);
    assert_eq!(post(&s, "api/game", json!({"toml": chess, "fen": "not a fen"})).0, 422);
    let many: Vec<&str> = vec!["e2e4"; 5000];
    assert_eq!(post(&s, "api/game", json!({"toml": chess, "moves": many})).0, 422);
}

#[test]
fn drops_of_a_deployment_phase_are_listed() {
    let s = Server::start("drops");
    let (code, g) = post(&s, "api/game", json!({"toml": definition("tigerchess")}));
    assert_eq!(code, 200, "{g}");
    let drops = g["legal"].as_array().unwrap().iter().filter(|m| m["drop"].is_string()).count();
    let hands = g["hands"].as_array().unwrap().len();
    // TigerChess posts its Swordsmen and Royal Guards before play.
    assert!(drops > 0 && hands > 0, "{g}");
    let first = g["legal"].as_array().unwrap().iter().find(|m| m["drop"].is_string()).unwrap();
    let text = first["text"].as_str().unwrap().to_string();
    assert!(text.contains('@'), "{text}");
    let (code, after) = post(&s, "api/game", json!({"toml": definition("tigerchess"), "moves": [text]}));
    assert_eq!(code, 200);
    assert_ne!(after["fen"], g["fen"]);
}

#[test]
fn engine_replies_with_a_legal_move() {
    let s = Server::start("engine");
    let tcb = definition("tcb");
    let (code, r) = post(&s, "api/engine", json!({"toml": tcb, "moves": ["d3d4"], "depth": 2}));
    assert_eq!(code, 200, "{r}");
    let m = r["move"].as_str().unwrap().to_string();
    let (code, _) = post(&s, "api/game", json!({"toml": tcb, "moves": ["d3d4", m]}));
    assert_eq!(code, 200, "the engine's move is legal");
    let (code, r) =
        post(&s, "api/engine", json!({"toml": definition("chess"), "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]}));
    assert_eq!((code, r["move"].clone()), (200, Value::Null), "no move after the game ended");
    // Too deep a request is clamped and still answers in time.
    let (code, r) = post(&s, "api/engine", json!({"toml": definition("tigrey"), "moves": [], "depth": 99}));
    assert_eq!(code, 200, "{r}");
    assert!(r["move"].is_string());
}

#[test]
fn exports_download_or_explain() {
    let s = Server::start("export");
    for (format, needle) in
        [("game-courier", ""), ("interactive-diagram", "files=9"), ("svg", "<svg"), ("html", "<!doctype html>")]
    {
        let r =
            ureq::post(&s.at("api/export")).send_json(json!({"toml": definition("tcb"), "format": format})).unwrap();
        assert_eq!(r.status(), 200, "{format}");
        assert!(r.header("content-disposition").unwrap().contains("attachment"), "{format}");
        let text = r.into_string().unwrap();
        assert!(text.contains(needle), "{format}");
    }
    let (code, r) = post(&s, "api/export", json!({"toml": definition("tcb"), "format": "pdf"}));
    assert_eq!(code, 422);
    assert!(r["error"].as_str().unwrap().contains("unknown format"));
    // Fairy-Stockfish has no polygon boards: every reason is given.
    let (code, r) = post(&s, "api/export", json!({"toml": definition("tiger-lily"), "format": "fairy-stockfish"}));
    assert_eq!(code, 422);
    assert!(r["error"].as_str().unwrap().contains("graph board"), "{r}");
}

#[test]
fn save_writes_only_inside_the_served_folders() {
    let s = Server::start("save");
    let text = definition("tcb").replace("WD7", "WD6");
    let (code, r) = post(&s, "api/save", json!({"id": "file:0/mytcb.toml", "toml": text}));
    assert_eq!(code, 200, "{r}");
    assert_eq!(std::fs::read_to_string(s.dir.join("mytcb.toml")).unwrap(), text);
    let (code, _) = post(&s, "api/save", json!({"id": "file:0/sub/new.toml", "toml": "x = 1"}));
    assert_eq!(code, 200);
    assert!(s.dir.join("sub/new.toml").exists());
    let outside = s.dir.parent().unwrap().join("rookery-escape.toml");
    for id in
        ["builtin:chess", "file:0/../rookery-escape.toml", "file:0/nosuchdir/x.toml", "file:0/x.txt", "file:3/x.toml"]
    {
        let (code, r) = post(&s, "api/save", json!({"id": id, "toml": "x"}));
        assert_eq!(code, 403, "{id}: {r}");
    }
    assert!(!outside.exists());
    let big = "#".repeat(600 * 1024);
    let (code, r) = post(&s, "api/save", json!({"id": "file:0/big.toml", "toml": big}));
    assert_eq!(code, 500, "{r}");
    assert!(r["error"].as_str().unwrap().contains("larger than"));
}

#[test]
fn malformed_and_huge_requests_are_refused() {
    let s = Server::start("malformed");
    let r = ureq::post(&s.at("api/check")).set("Content-Type", "application/json").send_string("{not json");
    assert!(matches!(r, Err(ureq::Error::Status(400, _))), "{r:?}");
    let r = ureq::post(&s.at("api/check")).send_string("toml=x");
    assert!(matches!(r, Err(ureq::Error::Status(415, _))), "{r:?}");
    let r = ureq::post(&s.at("api/check")).send_json(json!({"text": "x"}));
    assert!(matches!(r, Err(ureq::Error::Status(422, _))), "{r:?}");
    let huge = json!({"toml": "#".repeat(rookery::studio::MAX_BODY + 10)});
    let r = ureq::post(&s.at("api/check")).send_json(huge);
    assert!(matches!(r, Err(ureq::Error::Status(413, _))), "{r:?}");
    assert_eq!(call(ureq::get(&s.at("api/check")), None).0, 405);
    // The server is still up.
    assert_eq!(get(&s, "api/library").0, 200);
}

#[test]
fn several_games_at_once() {
    let s = Server::start("tabs");
    let url = s.at("api/game");
    let games = [
        ("chess", vec!["e2e4"], "-"),
        ("tcb", vec!["d3d4"], "-"),
        ("chess", vec!["e2e4", "d7d5", "e4e5", "f7f5"], "f6"),
    ];
    std::thread::scope(|scope| {
        for (name, moves, ep) in &games {
            let url = url.clone();
            scope.spawn(move || {
                for _ in 0..5 {
                    let r: Value = ureq::post(&url)
                        .send_json(json!({"toml": definition(name), "moves": moves}))
                        .unwrap()
                        .into_json()
                        .unwrap();
                    assert_eq!(r["fen"].as_str().unwrap().split(' ').nth(3).unwrap(), *ep, "{name}");
                }
            });
        }
    });
}

#[test]
fn standalone_html_page_is_self_contained() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(["export", "tcb", "--format", "html"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.starts_with("<!doctype html>"));
    for external in ["<script src", "<link", "@import", "url(http"] {
        assert!(!page.contains(external), "{external}");
    }
    assert!(page.contains("data-cell=\"e5\"") && page.contains("<tr data-letter=\"R\">"));
    // The rook's frozen diagram from e5 is the probe's.
    let data = page.split("var ROOKERY_DATA = ").nth(1).unwrap().split(";\n</script>").next().unwrap();
    let data: Value = serde_json::from_str(&data.replace("<\\/", "</")).unwrap();
    let cells = data["cells"].as_array().unwrap();
    let e5 = cells.iter().position(|c| c == "e5").unwrap();
    assert_eq!(data["centre"], e5);
    let mut to: Vec<&str> = data["empty"]["R"][e5]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| cells[m[0].as_u64().unwrap() as usize].as_str().unwrap())
        .collect();
    to.sort();
    assert_eq!(to, ["a5", "c5", "d5", "e1", "e3", "e4", "e6", "e7", "e9", "f5", "g5", "i5"]);
}

#[test]
fn tigerchess_dice_come_from_the_seed_as_in_rookery_replay() {
    let s = Server::start("dice");
    for seed in [1u64, 7, 12] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_rookery"))
            .args(["replay", "tigerchess", "--seed", &seed.to_string()])
            .output()
            .unwrap();
        let cli_fen = String::from_utf8(out.stdout).unwrap().lines().next().unwrap().to_string();
        let (code, g) = post(&s, "api/game", json!({"toml": definition("tigerchess"), "seed": seed}));
        assert_eq!(code, 200, "{g}");
        assert_eq!(g["fen"], cli_fen, "seed {seed}");
        assert!(g["pregame"].as_str().unwrap().starts_with(&format!("seed {seed}: ")), "{g}");
    }
    // Without a seed: the definition's setup, and no pre-game.
    let (_, g) = post(&s, "api/game", json!({"toml": definition("tigerchess")}));
    assert_eq!(g["pregame"], Value::Null);
}

#[test]
fn locust_captures_are_reported_with_their_victims() {
    let s = Server::start("locust");
    // A knight that captures by jumping over an orthogonal neighbour.
    let toml = definition("chess").replace("betza = \"N\"", "betza = \"cafmW\"");
    let fen = "4k3/8/8/3p4/3N4/8/8/4K3 w - - 0 1";
    let (code, r) = post(&s, "api/probe", json!({"toml": toml, "at": "d4", "fen": fen}));
    assert_eq!(code, 200, "{r}");
    assert_eq!(r["moves"], json!([{"to": "d6", "kind": "move", "locust": ["d5"]}]));
    assert_eq!(r["count"]["locust"], 1);
}

#[test]
fn verify_runs_the_documented_facts() {
    let s = Server::start("verify");
    let tcb = definition("tcb");
    let (v, _) = rookery::variant::load_str(&tcb).unwrap();
    let (code, r) = post(&s, "api/verify", json!({"toml": tcb}));
    assert_eq!(code, 200, "{r}");
    let facts = r["facts"].as_array().unwrap();
    assert_eq!(facts.len(), v.checks.len());
    assert_eq!(
        (r["ok"].clone(), r["failed"].clone(), r["skipped"].clone()),
        (json!(v.checks.len()), json!(0), json!(0))
    );
    let rook = facts.iter().find(|f| f["name"] == "The rook on e5").unwrap();
    assert_eq!(rook["status"], "ok");
    // The line of its [[checks]] table in the file.
    let name_at = tcb.find("name = \"The rook on e5\"").unwrap();
    let header = tcb[..name_at].rfind("[[checks]]").unwrap();
    assert_eq!(rook["line"], json!(tcb[..header].matches('\n').count() + 1), "the line of its [[checks]] header");
    assert!(rook["source"].as_str().unwrap().starts_with("rules page"));
    // A rook that lost its riding leaps: the fact fails with the cells only
    // the expectation has.
    let broken = tcb.replace("betza = \"WD7\"", "betza = \"WD\"");
    let (code, r) = post(&s, "api/verify", json!({"toml": broken}));
    assert_eq!(code, 200);
    let rook = r["facts"].as_array().unwrap().iter().find(|f| f["name"] == "The rook on e5").unwrap();
    assert_eq!(rook["status"], "FAIL");
    let details =
        rook["details"].as_array().unwrap().iter().map(|d| d.as_str().unwrap()).collect::<Vec<_>>().join("\n");
    assert!(details.contains("only expected: a5 e1 e9 i5"), "{details}");
    assert!(r["failed"].as_u64().unwrap() >= 1);
    // A perft too big for the page is listed, not run.
    let big = format!("{tcb}\n[[checks]]\nkind = \"perft\"\ndepth = 9\nnodes = 900000000000\n");
    let (code, r) = post(&s, "api/verify", json!({"toml": big}));
    assert_eq!(code, 200, "{r}");
    let last = r["facts"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["status"], "skipped", "{last}");
    assert!(last["details"][0].as_str().unwrap().contains("rookery verify"), "{last}");
    assert_eq!((r["skipped"].clone(), r["failed"].clone()), (json!(1), json!(0)));
    // No facts: an empty list; invalid TOML: 422 with diagnostics; bad JSON: 4xx.
    let chess = definition("chess");
    let bare = &chess[..chess.find("[[checks]]").unwrap()];
    let (code, r) = post(&s, "api/verify", json!({"toml": bare}));
    assert_eq!((code, r["facts"].as_array().unwrap().len()), (200, 0));
    let (code, r) = post(&s, "api/verify", json!({"toml": "[variant]\nname = 3\n"}));
    assert_eq!(code, 422);
    assert!(!r["diagnostics"].as_array().unwrap().is_empty());
    assert!(post(&s, "api/verify", json!({"text": "x"})).0 >= 400);
}

#[test]
fn tigerchess_variations_in_the_pre_game() {
    let s = Server::start("variations");
    let tc = definition("tigerchess");
    let game =
        |variation: &str| post(&s, "api/game", json!({"toml": tc, "seed": 7, "variation": variation, "moves": []}));
    // The order of play: a die for the deployment, two dice for the guards.
    let (code, d) = game("dice");
    assert_eq!(code, 200, "{d}");
    assert!(d["pregame"].as_str().unwrap().starts_with("seed 7: die "), "{d}");
    // Open: the players agreed, no die; the same as `rookery replay --seed 7 --open`.
    let (code, o) = game("open");
    assert_eq!(code, 200);
    assert!(o["pregame"].as_str().unwrap().contains("die not thrown (Open variation)"), "{o}");
    assert!(o["designation"].as_str().unwrap().contains("Open variation"), "{o}");
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(["replay", "tigerchess", "--seed", "7", "--open"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(cli.stdout).unwrap().trim(), o["fen"].as_str().unwrap());
    // Random: cards post every Swordsman before the first move; White (the
    // Bengal) moves, nothing is left in hand. Same as the CLI's replay.
    let (code, r) = game("random");
    assert_eq!(code, 200);
    assert_eq!(r["designation"], "Random variation");
    assert!(r["hands"].as_array().unwrap().is_empty(), "{r}");
    assert_eq!(r["side"], "white");
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(["replay", "tigerchess", "--seed", "7", "--random-variation"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(cli.stdout).unwrap().trim(), r["fen"].as_str().unwrap());
    // A legal engagement move is accepted after the cards.
    let first = r["legal"][0]["text"].as_str().unwrap().to_string();
    let (code, after) = post(&s, "api/game", json!({"toml": tc, "seed": 7, "variation": "random", "moves": [first]}));
    assert_eq!((code, after["side"].clone()), (200, json!("black")), "{after}");
    // An unknown variation is refused with the known ones.
    let (code, e) = game("dragon");
    assert_eq!(code, 422);
    assert!(e["error"].as_str().unwrap().contains("known: dice, open, random"), "{e}");
}
