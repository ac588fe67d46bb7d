//! Data-driven perft: every record of `tests/perft/*.perft` (`id`, `variant`,
//! `fen`, `perft DEPTH NODES` lines) and every legal-move list of
//! `tests/perft/*.moves` (frozen from Fairy-Stockfish by tools/fsf_oracle.py).

use std::path::Path;

use rookery::game::notation::move_text;
use rookery::game::perft::perft;
use rookery::game::Position;
use rookery::variant::{load_str, Variant};

/// Largest expected node count checked here; bigger ones run in `--ignored`.
const BUDGET: u64 = 3_000_000;

struct Record {
    id: String,
    variant: String,
    fen: String,
    perft: Vec<(u32, u64)>,
    moves: Option<Vec<String>>,
}

fn records(path: &Path) -> Vec<Record> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let mut r =
            Record { id: String::new(), variant: String::new(), fen: String::new(), perft: vec![], moves: None };
        for line in block.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let (k, rest) = line.split_once(' ').unwrap_or((line, ""));
            match k {
                "id" => r.id = rest.into(),
                "variant" => r.variant = rest.into(),
                "fen" => r.fen = rest.into(),
                "perft" => {
                    let (d, n) = rest.split_once(' ').unwrap();
                    r.perft.push((d.parse().unwrap(), n.parse().unwrap()));
                }
                "moves" => r.moves = Some(rest.split_whitespace().map(String::from).collect()),
                other => panic!("{}: unknown line {other:?}", path.display()),
            }
        }
        if !r.id.is_empty() {
            out.push(r);
        }
    }
    out
}

fn variant(name: &str) -> Variant {
    let text = rookery::variant::builtin::text(name).map(String::from).unwrap_or_else(|| {
        std::fs::read_to_string(format!("{}/tests/data/{name}.toml", env!("CARGO_MANIFEST_DIR"))).unwrap()
    });
    load_str(&text).unwrap_or_else(|e| panic!("{name}: {:?}", e.diagnostics)).0
}

fn files(ext: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    v
}

fn run_perft(big: bool) {
    let mut checked = 0;
    let mut failures = Vec::new();
    for f in files("perft") {
        for r in records(&f) {
            let v = variant(&r.variant);
            let mut pos = Position::from_fen(&v, &r.fen).unwrap_or_else(|e| panic!("{}: {e}", r.id));
            for &(d, want) in &r.perft {
                if (want > BUDGET) != big {
                    continue;
                }
                let got = perft(&mut pos, d);
                checked += 1;
                if got != want {
                    failures.push(format!(
                        "{} ({}) depth {d}: want {want}, got {got}",
                        r.id,
                        f.file_name().unwrap().to_string_lossy()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} perft mismatches:\n{}", failures.len(), failures.join("\n"));
    if !big {
        assert!(checked > 150, "only {checked} perft counts checked");
    }
}

#[test]
fn perft_records() {
    run_perft(false);
}

/// The expensive records (chess depth 5 and the like): `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn perft_records_deep() {
    run_perft(true);
}

#[test]
fn legal_move_lists_match_fairy_stockfish() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for f in files("moves") {
        for r in records(&f) {
            let v = variant(&r.variant);
            let mut pos = Position::from_fen(&v, &r.fen).unwrap();
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            let mut ours: Vec<String> = legal.iter().map(|m| move_text(&pos, m, &legal)).collect();
            ours.sort();
            let mut want = r.moves.clone().expect("moves line");
            want.sort();
            checked += 1;
            if ours != want {
                let missing: Vec<_> = want.iter().filter(|m| !ours.contains(m)).collect();
                let extra: Vec<_> = ours.iter().filter(|m| !want.contains(m)).collect();
                failures.push(format!("{} {}: missing {missing:?} extra {extra:?}", r.id, r.fen));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 75, "{checked}");
}
