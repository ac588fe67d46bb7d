//! Chess960 castling (`pieces.*.castling-960`): the FENs Fairy-Stockfish
//! printed for fischerandom and caparandom (tests/perft/fsf-*.perft, from
//! 16 and 8 start arrays) read and write back byte-identically; both
//! castling notations are read; the key is refused without an `O` move.
//! The castlings expected below are pyffish 0.0.90's (`legal_moves`, the
//! moves whose SAN is O-O or O-O-O), and so is the FEN after f1b1.

use rookery::game::notation::{move_text, parse_move};
use rookery::game::{MoveKind, Position};
use rookery::variant::{builtin, load_str, Variant};

fn variant(name: &str) -> Variant {
    load_str(builtin::text(name).unwrap()).unwrap().0
}

fn fens(name: &str) -> Vec<String> {
    let path = format!("{}/tests/perft/fsf-{name}.perft", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().filter_map(|l| l.strip_prefix("fen ")).map(String::from).collect()
}

#[test]
fn fsf_fens_of_every_start_array_round_trip() {
    for name in ["fischerandom", "caparandom"] {
        let v = variant(name);
        let all = fens(name);
        assert!(all.len() >= 20, "{name}: {}", all.len());
        // The first record is FSF's start FEN as given (KQkq); FSF prints it HAha.
        for fen in all.iter().skip(1) {
            let ours = Position::from_fen(&v, fen).unwrap().fen();
            assert_eq!(&ours, fen, "{name}");
        }
    }
}

/// The legal castlings of `fen`, written.
fn castlings(v: &Variant, fen: &str) -> Vec<String> {
    let mut pos = Position::from_fen(v, fen).unwrap();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let mut out: Vec<String> =
        legal.iter().filter(|m| m.kind == MoveKind::Castle).map(|m| move_text(&pos, m, &legal)).collect();
    out.sort();
    out
}

#[test]
fn castling_reaches_the_c_and_g_files_from_any_array() {
    let v = variant("fischerandom");
    // King b1, rooks a1 and h1: O-O-O moves the king away from its rook,
    // and the rook passes over the king's start.
    assert_eq!(castlings(&v, "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1"), ["b1a1", "b1h1"]);
    // King already on g1: on the kingside only the rook moves (g1h1).
    assert_eq!(castlings(&v, "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAhb - 0 1"), ["g1a1", "g1h1"]);
    // An attacked g1 forbids the kingside castling, not the other one.
    assert_eq!(castlings(&v, "1r3kr1/pppppppp/8/2b5/8/8/PPPPP1PP/1R3KR1 w GBgb - 0 1"), ["f1b1"]);
}

#[test]
fn castling_is_read_in_both_notations() {
    let v = variant("fischerandom");
    let mut pos = Position::from_fen(&v, "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1").unwrap();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let onto_rook = parse_move(&pos, "f1b1", &legal).unwrap();
    assert_eq!(onto_rook.kind, MoveKind::Castle);
    assert_eq!(parse_move(&pos, "f1c1", &legal), Some(onto_rook));
    // f1g1: the king onto its rook, which is also the king's destination.
    let kingside = parse_move(&pos, "f1g1", &legal).unwrap();
    assert_eq!(kingside.kind, MoveKind::Castle);
    let u = pos.make(onto_rook);
    assert_eq!(pos.fen(), "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b gb - 1 1");
    pos.unmake(onto_rook, u);
    assert_eq!(pos.fen(), "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1");
}

#[test]
fn castling_960_needs_an_o_move() {
    let text = builtin::text("fischerandom").unwrap().replace("betza = \"KisO2\"", "betza = \"K\"");
    let err = load_str(&text).expect_err("refused");
    let msg = format!("{:?}", err.diagnostics);
    assert!(msg.contains("castling-960"), "{msg}");
}
