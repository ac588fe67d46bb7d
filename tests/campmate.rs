//! Campmate and the asymmetric armies (orda, ordamirror, empire, synochess)
//! and the FSF-defined atomic and janggi relatives (nocheckatomic,
//! janggimodern): game ends through the `rookery replay` contract
//! (`result: … (reason)`), and the FSF perft convention that an ended game
//! has no moves. Every expected result was checked with Fairy-Stockfish
//! (pyffish 0.0.90 with tools/fsf-variants.ini): the final position is an
//! immediate game end, or a mate/stalemate with the value given.

use rookery::game::perft::perft;
use rookery::game::Position;
use rookery::variant::{builtin, load_str, Variant};
mod replay_common;
use replay_common::{replay, result};

fn variant(name: &str) -> Variant {
    load_str(builtin::text(name).unwrap()).unwrap().0
}

fn perft_from(name: &str, fen: &str, depth: u32) -> u64 {
    let v = variant(name);
    let mut p = Position::from_fen(&v, fen).unwrap();
    perft(&mut p, depth)
}

#[test]
fn orda_king_on_the_enemy_back_rank_wins() {
    let white = "4k3/p7/1K6/8/8/8/P7/8 w - - 0 1";
    assert_eq!(result(&["orda", "--fen", white, "b6b7", "e8e7", "b7b8"]).as_deref(), Some("1-0 (campmate)"));
    let black = "8/p7/8/8/8/1k6/P7/4K3 b - - 0 1";
    assert_eq!(result(&["orda", "--fen", black, "b3b2", "e1e2", "b2b1"]).as_deref(), Some("0-1 (campmate)"));
    // One rank short is no win; Black's own back rank is not its camp.
    assert_eq!(result(&["orda", "--fen", white, "b6b7", "e8e7"]), None);
    let home = "8/p2k4/8/8/8/8/P7/4K3 b - - 0 1";
    assert_eq!(result(&["orda", "--fen", home, "d7d8"]), None);
    // The ended game has no moves (FSF's perft convention).
    assert_eq!(perft_from("orda", "1K6/p3k3/8/8/8/8/P7/8 b - - 3 2", 1), 0);
}

#[test]
fn orda_pawns_double_step_only_from_their_second_rank() {
    // The Orda's pawns start on rank 6: no double step from there, while
    // White's from rank 2 may.
    let (ok, _, err) = replay(&["orda", "e2e4", "e6e4"]);
    assert!(!ok && err.contains("not legal"), "{err}");
    assert_eq!(result(&["orda", "e2e4", "e6e5"]), None);
    // Both sides promote to a queen or a kheshig (FSF's promotionPieceTypes = qh).
    assert_eq!(result(&["orda", "--fen", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8h"]), None);
}

#[test]
fn ordamirror_campmate() {
    let fen = "4k3/p7/1K6/8/8/8/P7/8 w - - 0 1";
    assert_eq!(result(&["ordamirror", "--fen", fen, "b6b7", "e8e7", "b7b8"]).as_deref(), Some("1-0 (campmate)"));
}

#[test]
fn nocheckatomic_king_is_an_ordinary_piece() {
    // The king may capture, and blows itself up: White has lost its king.
    let fen = "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1";
    assert_eq!(result(&["nocheckatomic", "--fen", fen, "e1d2"]).as_deref(), Some("0-1 (king exploded)"));
    // One explosion takes both kings: the side that captured loses
    // (Fairy-Stockfish judges the mover's extinction first).
    let both = "8/8/8/8/8/3k4/3pK3/3R4 w - - 0 1";
    assert_eq!(result(&["nocheckatomic", "--fen", both, "d1d2"]).as_deref(), Some("0-1 (king exploded)"));
    // Blowing up the enemy king wins, as in atomic.
    let knight = ["g1f3", "a7a6", "f3e5", "a6a5", "e5f7"];
    assert_eq!(result(&[&["nocheckatomic"][..], &knight].concat()).as_deref(), Some("1-0 (king exploded)"));
    // No check: castling out of an attack is legal here, not in atomic.
    let attacked = "4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1";
    assert_eq!(result(&["nocheckatomic", "--fen", attacked, "e1c1"]), None);
    let (ok, _, err) = replay(&["atomic", "--fen", attacked, "e1c1"]);
    assert!(!ok && err.contains("not legal"), "{err}");
    // The ended game has no moves.
    assert_eq!(perft_from("nocheckatomic", "4k3/8/8/8/8/8/8/8 b - - 0 1", 1), 0);
}
