//! FEN interoperability with Fairy-Stockfish: every FEN FSF printed for a
//! drop variant, and for grand and opulent (tests/data/fsf-fens/VARIANT.fens, frozen by
//! tools/fsf_fens.py) is read by Rookery and written back byte-identically:
//! hands in FSF's order, `~` and `+` marks, castling, e.p. and clocks.

use std::path::Path;

use rookery::game::Position;
use rookery::variant::load_str;

#[test]
fn fsf_fens_round_trip_byte_identically() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fsf-fens");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let (mut checked, mut failures) = (0, Vec::new());
    for f in &files {
        let name = f.file_stem().unwrap().to_str().unwrap();
        let text = rookery::variant::builtin::text(name).unwrap_or_else(|| panic!("{name} is not a built-in"));
        let v = load_str(text).unwrap().0;
        let fens = std::fs::read_to_string(f).unwrap();
        for fen in fens.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let ours = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}")).fen();
            checked += 1;
            if ours != fen {
                failures.push(format!("{name}\n  FSF    {fen}\n  Rookery {ours}"));
            }
        }
    }
    assert!(checked >= 200, "only {checked} FENs found in {}", dir.display());
    assert!(failures.is_empty(), "{} of {checked} differ:\n{}", failures.len(), failures.join("\n"));
}
