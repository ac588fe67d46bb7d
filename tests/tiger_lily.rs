//! Tiger Lily Chess on its polygon board: every cell's rook, bishop, knight,
//! king and pawn moves, compiled from Betza on the derived graph, equal the
//! reference cell graph (tests/data/tiger-lily-board.json); the rules page's
//! facts. (Perft, reference move sets and Glinski's well-known counts are
//! checks in the definitions, run by tests/verify.rs.)

use std::collections::BTreeSet;

use rookery::probe::{destinations, prepare_on};
use rookery::variant::{builtin, load_str, Variant};
use serde_json::Value;

fn variant(name: &str) -> Variant {
    load_str(builtin::text(name).unwrap()).unwrap_or_else(|e| panic!("{:?}", e.diagnostics)).0
}

fn reference() -> Vec<Value> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiger-lily-board.json")).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    v["cells"].as_array().unwrap().clone()
}

fn ours(v: &Variant, letter: char, at: &str, black: bool) -> BTreeSet<String> {
    let prep = prepare_on(v, letter, at, black, &[], &[]).unwrap();
    destinations(&prep, false).into_iter().map(|m| m.to).collect()
}

fn set(v: &Value) -> BTreeSet<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

fn flat(rays: &Value) -> BTreeSet<String> {
    rays.as_array().unwrap().iter().flat_map(set).collect()
}

#[test]
fn every_cell_matches_the_reference_graph() {
    let v = variant("tiger-lily");
    let cells = reference();
    assert_eq!(cells.len(), 72);
    for c in &cells {
        let at = c["label"].as_str().unwrap();
        assert_eq!(ours(&v, 'R', at, false), flat(&c["rook_rays"]), "rook from {at}");
        assert_eq!(ours(&v, 'B', at, false), flat(&c["bishop_rays"]), "bishop from {at}");
        assert_eq!(ours(&v, 'N', at, false), set(&c["knight"]), "knight from {at}");
        let king: BTreeSet<String> = set(&c["orthogonal"]).union(&set(&c["diagonal"])).cloned().collect();
        assert_eq!(ours(&v, 'K', at, false), king, "king from {at}");
        for (black, key) in [(false, "pawn_white"), (true, "pawn_black")] {
            let prep = prepare_on(&v, 'P', at, black, &[], &[]).unwrap();
            let moves = destinations(&prep, false);
            let passive: BTreeSet<String> =
                moves.iter().filter(|m| m.kind == rookery::probe::Kind::Move).map(|m| m.to.clone()).collect();
            let capture: BTreeSet<String> =
                moves.iter().filter(|m| m.kind == rookery::probe::Kind::Capture).map(|m| m.to.clone()).collect();
            assert_eq!(passive, set(&c[key]["passive"]), "{key} passive from {at}");
            assert_eq!(capture, set(&c[key]["capture"]), "{key} capture from {at}");
        }
    }
}

#[test]
fn rules_page_facts() {
    let v = variant("tiger-lily");
    let bishop = |at: &str| ours(&v, 'B', at, false);
    assert!(bishop("a1").contains("d1") && bishop("b1").contains("e1") && bishop("c1").contains("f1"));
    for (a, b) in [("g1", "j1"), ("h1", "k1"), ("i1", "l1")] {
        assert!(!bishop(a).contains(b), "{a}-{b} are not connected");
    }
    // Pawn maxima per petal (passive, capture): g and j (2, 3), the rest at most 3 and 2.
    let cells = reference();
    for petal in ["g", "j"] {
        let (mut p, mut c) = (0, 0);
        for cell in cells.iter().filter(|x| x["petal"] == petal) {
            let prep = prepare_on(&v, 'P', cell["label"].as_str().unwrap(), false, &[], &[]).unwrap();
            let m = destinations(&prep, false);
            p = p.max(m.iter().filter(|m| m.kind == rookery::probe::Kind::Move).count());
            c = c.max(m.iter().filter(|m| m.kind == rookery::probe::Kind::Capture).count());
        }
        assert_eq!((p, c), (2, 3), "petal {petal}");
    }
}

#[test]
fn moves_command_on_the_empty_board() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(["moves", "tiger-lily", "--piece", "N", "--at", "a1", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let got: BTreeSet<String> =
        v["moves"].as_array().unwrap().iter().map(|m| m["to"].as_str().unwrap().into()).collect();
    let cells = reference();
    let a1 = cells.iter().find(|c| c["label"] == "a1").unwrap();
    assert_eq!(got, set(&a1["knight"]));
    assert_eq!(got.len(), 10, "centre cells have 10 knight moves");
}

#[test]
fn atoms_without_meaning_are_load_errors() {
    let text = builtin::text("tiger-lily").unwrap().replace("betza = \"N\"", "betza = \"NmpafD\"");
    let err = load_str(&text).unwrap_err();
    let msg: Vec<String> = err.diagnostics.iter().map(|d| d.message.clone()).collect();
    assert!(msg.iter().any(|m| m.contains("piece `knight`") && m.contains("polygon board")), "{msg:?}");
}
