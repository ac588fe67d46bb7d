//! Capture side effects and extra moves (`[effects]`, src/game/rules/effects.rs):
//! atomic explosions. Results through the `rookery replay` contract; legality
//! checked on hand-made positions whose counts Fairy-Stockfish agrees with
//! (`go perft` with `UCI_Variant atomic`, noted at each).

use rookery::game::perft::perft;
use rookery::game::{Move, Position};
use rookery::variant::{builtin, load_str, Variant};

fn replay(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rookery")).arg("replay").args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn builtin_variant(name: &str) -> Variant {
    load_str(builtin::text(name).unwrap()).unwrap().0
}

fn legal_texts(v: &Variant, fen: &str) -> Vec<String> {
    let mut p = Position::from_fen(v, fen).unwrap();
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let mut t: Vec<String> = moves.iter().map(|m| rookery::game::notation::move_text(&p, m, &moves)).collect();
    t.sort();
    t
}

#[test]
fn a_capture_explodes_the_capturer_and_the_non_pawns_around_it() {
    let out = replay(&["atomic", "g1f3", "a7a6", "f3e5", "a6a5", "e5f7"]);
    // Nxf7: the knight, the f7 pawn, the king e8, bishop f8 and knight g8
    // go; the pawns e7 and g7 and the queen d8 (not adjacent) stay.
    assert!(out.contains("rnbq3r/1pppp1pp/8/p7/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3"), "{out}");
    assert!(out.contains("result: 1-0 (king exploded)"), "{out}");
    // The game is over: no moves (FSF's perft convention; FSF: 0).
    let v = builtin_variant("atomic");
    let mut p = Position::from_fen(&v, "rnbq3r/1pppp1pp/8/p7/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3").unwrap();
    assert_eq!(perft(&mut p, 1), 0);
}

#[test]
fn an_exploded_rook_takes_its_castling_right_with_it() {
    // Bxg7 blows up the h8 rook (and the f8 bishop): Black keeps only `q`.
    let out = replay(&["atomic", "--fen", "rn1qkb1r/pppppppp/8/8/8/1P6/PBPPPPPP/RN1QKBNR w KQkq - 0 1", "b2g7"]);
    assert!(out.contains("rn1qk3/pppppp1p/8/8/8/1P6/P1PPPPPP/RN1QKBNR b KQq - 0 1"), "{out}");
}

#[test]
fn a_king_never_captures() {
    let v = builtin_variant("atomic");
    // The black rook on e2 is undefended, but Kxe2 would blow up the king.
    let moves = legal_texts(&v, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    assert!(!moves.iter().any(|m| m == "e1e2"), "{moves:?}");
    assert_eq!(moves, ["e1d1", "e1f1"]);
}

#[test]
fn kings_side_by_side_cannot_be_checked() {
    let v = builtin_variant("atomic");
    // White's king next to Black's: the rook on a5 "attacks" it, but taking
    // it would blow up Black's own king, so White is not in check (FSF: 7
    // moves, 1068 at depth 3).
    let fen = "8/8/8/r2kK3/8/8/8/8 w - - 0 1";
    let mut p = Position::from_fen(&v, fen).unwrap();
    assert!(!p.in_check());
    assert_eq!(perft(&mut p, 1), 7);
    let mut p = Position::from_fen(&v, "8/8/8/3kK3/8/8/8/r7 w - - 0 1").unwrap();
    assert_eq!(perft(&mut p, 3), 1068);
}

#[test]
fn blowing_up_the_enemy_king_is_legal_even_when_in_check() {
    let v = builtin_variant("atomic");
    // White is in check from the rook on e8 but Nxc7 blows up the king on d8
    // (hand-made; every other move but the king's steps leaves the check).
    let moves = legal_texts(&v, "3kr3/2p5/8/1N6/8/8/8/4K3 w - - 0 1");
    assert!(moves.iter().any(|m| m == "b5c7"), "{moves:?}");
    assert!(!moves.iter().any(|m| m == "b5d4"), "{moves:?}");
}

#[test]
fn make_and_unmake_restore_every_explosion() {
    let v = builtin_variant("atomic");
    for fen in [
        "r3k2r/5pn1/pp1bp1Np/3p2p1/2P2PP1/1P5N/P2PP2P/R1BK1BR1 w q - 4 16",
        "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq d6 0 3",
    ] {
        let mut p = Position::from_fen(&v, fen).unwrap();
        let mut moves: Vec<Move> = Vec::new();
        p.legal_moves(&mut moves);
        for m in moves {
            let (key, text) = (p.key(), p.fen());
            let u = p.make(m);
            // The position after it reads back from its own FEN.
            let after = Position::from_fen(&v, &p.fen()).unwrap();
            assert_eq!(after.fen(), p.fen(), "after {m:?} in {fen}");
            p.unmake(m, u);
            assert_eq!((p.key(), p.fen()), (key, text));
        }
    }
}

#[test]
fn explosion_keys_are_checked_with_locations() {
    let chess = builtin::text("chess").unwrap();
    for (extra, msg) in [
        ("[effects]\nexplosion-radius = 3\n", "use 1 or 2"),
        ("[effects]\nexplosion-spares = [\"P\"]\n", "needs `explosion-radius`"),
        ("[effects]\nexplosion-radius = 1\nexplosion-spares = [\"X\"]\n", "not the letter of a defined piece"),
        ("[effects]\nblast = 1\n", "unknown key `blast` in [effects]"),
    ] {
        let text = format!("{chess}\n{extra}");
        let e = load_str(&text).err().unwrap_or_else(|| panic!("accepted: {extra}"));
        let d = e.diagnostics.iter().find(|d| d.message.contains(msg)).unwrap_or_else(|| panic!("{:?}", e.diagnostics));
        assert!(d.span.start >= chess.len(), "{extra}: the error points into [effects]");
    }
}
