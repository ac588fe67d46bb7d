//! Snapshots of move diagrams, parser robustness, round trips and the
//! `rookery betza` command line contract.

use rookery::betza::parse;
use rookery::probe::{destinations, diagram, prepare, Probe};

fn picture(betza: &str, size: u32, at: &str) -> String {
    let p = Probe {
        betza: betza.into(),
        files: size,
        ranks: size,
        from: at.into(),
        black: false,
        friends: vec![],
        enemies: vec![],
        holes: vec![],
        virgin: false,
        virgin_friends: vec![],
    };
    let prep = prepare(&p).unwrap();
    let moves = destinations(&prep, false);
    format!("{betza} from {at}: {} destinations\n{}", moves.len(), diagram(&prep, &moves))
}

#[test]
fn atom_diagrams() {
    for atom in ["W", "F", "D", "N", "A", "H", "C", "L", "Z", "J", "G", "K", "R", "B", "Q"] {
        insta::assert_snapshot!(format!("atom_{atom}"), picture(atom, 9, "e5"));
    }
}

#[test]
fn named_piece_diagrams() {
    let pieces = [
        ("gryphon", "FyafsF"),
        ("osprey", "[D?fsB]"),
        ("ski_rook", "jR"),
        ("ski_bishop", "jB"),
        ("pegasus", "[N?fR]"),
        ("astrologer", "[C?fqB]"),
        ("zebra", "Z"),
        ("tiger", "[Z?fqB]"),
        ("eagle", "FyafsF"),
        ("cannon", "mRcpR"),
        ("elephant", "FA"),
        ("camel", "C"),
        ("tcb_pawn", "fWfnDfmF"),
        ("tcb_rook", "WD7"),
        ("dragon_horse", "BW"),
    ];
    for (name, betza) in pieces {
        insta::assert_snapshot!(format!("piece_{name}"), picture(betza, 12, "f6"));
    }
}

/// A tiny deterministic generator (xorshift), so the test needs no crate.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn ten_thousand_random_strings_never_panic() {
    let alphabet: Vec<char> = "WFDNAHCLZJGKRBQOUIXYfblrvshmcdekpgynjiozqxuta[]?-()0123456789,* é".chars().collect();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut parsed = 0;
    for _ in 0..10_000 {
        let len = (rng.next() % 14) as usize;
        let s: String = (0..len).map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize]).collect();
        if let Ok(ast) = parse(&s) {
            parsed += 1;
            // Whatever parses prints back to something that parses the same.
            assert_eq!(parse(&ast.to_string()).unwrap(), ast, "{s}");
            // And compiling it on a small board with holes must not panic either.
            let p = Probe {
                betza: s.clone(),
                files: 5,
                ranks: 6,
                from: "c3".into(),
                black: rng.next().is_multiple_of(2),
                friends: vec!["c4".into()],
                enemies: vec!["d4".into(), "b2".into()],
                holes: vec!["a1".into(), "e5".into()],
                virgin: true,
                virgin_friends: vec![],
            };
            let _ = rookery::probe::probe(&p);
        }
    }
    assert!(parsed > 300, "the generator should hit valid strings too ({parsed})");
}

#[test]
fn every_vector_string_round_trips() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/betza-vectors.json")).unwrap();
    let vectors: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    for v in vectors {
        let s = v["betza"].as_str().unwrap();
        let ast = parse(s).unwrap();
        assert_eq!(ast.to_string(), s);
        assert_eq!(parse(&ast.to_string()).unwrap(), ast);
    }
}

#[test]
fn boards_from_1x1_to_32x32() {
    assert_eq!(picture("Q", 1, "a1").lines().next().unwrap(), "Q from a1: 0 destinations");
    let big = picture("Q", 32, "a1");
    assert!(big.starts_with("Q from a1: 93 destinations"), "{}", big.lines().next().unwrap());
}

fn rookery(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_rookery")).args(args).output().unwrap()
}

#[test]
fn cli_json_shape_and_errors() {
    let out = rookery(&[
        "betza",
        "KisO2",
        "--at",
        "e1",
        "--friends",
        "a1,h1",
        "--virgin",
        "--virgin-friends",
        "a1,h1",
        "--json",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    assert_eq!(moves[0], serde_json::json!({"to": "c1", "kind": "castle", "rook_from": "a1", "rook_to": "d1"}));

    let out = rookery(&["betza", "fmWw"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    insta::assert_snapshot!("cli_bad_betza", err);

    let out = rookery(&["betza", "N", "--at", "z9"]);
    assert_eq!(out.status.code(), Some(2));
}
