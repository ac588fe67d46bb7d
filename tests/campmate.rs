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

#[test]
fn empire_campmate_stalemate_and_repetition_lose() {
    let kings = "8/4K3/8/8/8/8/3k4/8 w - - 0 1";
    assert_eq!(result(&["empire", "--fen", kings, "e7e8"]).as_deref(), Some("1-0 (campmate)"));
    let kings = "8/4K3/8/8/8/8/3k4/8 b - - 0 1";
    assert_eq!(result(&["empire", "--fen", kings, "d2d1"]).as_deref(), Some("0-1 (campmate)"));
    // The stalemated side loses (stalemateValue = loss).
    let stale = "k7/8/8/2Q5/8/8/8/7K w - - 0 1";
    assert_eq!(result(&["empire", "--fen", stale, "c5b6"]).as_deref(), Some("1-0 (stalemate)"));
    // The side to move in the thrice-repeated position loses (nFoldValue =
    // loss); in chess the same shuffle draws.
    let shuffle = ["e1e2", "b8c6", "e2e1", "c6b8", "e1e2", "b8c6", "e2e1", "c6b8"];
    assert_eq!(result(&[&["empire"][..], &shuffle].concat()).as_deref(), Some("0-1 (threefold repetition)"));
    assert_eq!(result(&[&["empire"][..], &shuffle[..7]].concat()), None);
}

#[test]
fn empire_kings_may_not_face_on_a_rank_or_a_file() {
    // Fairy-Stockfish's flying general watches ranks as well as files: the
    // pawn between the kings on rank 5 may not step away …
    let rank = "8/8/8/k2P1K2/8/8/8/8 w - - 0 1";
    let (ok, _, err) = replay(&["empire", "--fen", rank, "d5d6"]);
    assert!(!ok && err.contains("not legal"), "{err}");
    assert_eq!(perft_from("empire", rank, 1), 8, "only the king's eight steps");
    // … and a king may not step onto an open file facing the other.
    let (ok, _, err) = replay(&["empire", "--fen", "8/4K3/8/8/8/8/3k4/8 w - - 0 1", "e7d8"]);
    assert!(!ok && err.contains("not legal"), "{err}");
    // Xiangqi keeps the file-only rule (`flying-general = true`).
    let v = variant("xiangqi");
    assert!(v.rules.flying_general && !v.rules.flying_general_ranks);
}

#[test]
fn flying_general_values_are_checked() {
    let chess = builtin::text("chess").unwrap();
    let bad = chess.replace("[rules]\n", "[rules]\nflying-general = \"diagonals\"\n");
    let err = load_str(&bad).expect_err("refused");
    let text = format!("{:?}", err.diagnostics);
    assert!(text.contains("rules.flying-general") && text.contains("lines"), "{text}");
    let lines = chess.replace("[rules]\n", "[rules]\nflying-general = \"lines\"\nrepetition-value = \"win\"\n");
    let v = load_str(&lines).unwrap().0;
    assert!(v.rules.flying_general && v.rules.flying_general_ranks);
    assert_eq!(v.rules.repetition_value, rookery::variant::EndValue::Win);
}

#[test]
fn synochess_soldiers_drop_on_the_fifth_rank_only() {
    // Black's soldiers in hand go to its fifth rank (FSF's dropRegionBlack =
    // *5); the hand is written as FSF writes it.
    let (ok, out, _) = replay(&["synochess", "e2e4", "S@e5"]);
    assert!(ok && out.contains("rneakenr/8/1c4c1/1ss1sss1/4P3/8/PPPP1PPP/RNBQKBNR[s] w KQ - 0 2"), "{out}");
    let (ok, _, err) = replay(&["synochess", "e2e4", "S@d4"]);
    assert!(!ok && err.contains("not legal"), "{err}");
    // Four drop cells are empty on rank 5 at the start: a5, d5, e5, h5.
    let v = variant("synochess");
    let mut p = Position::from_fen(&v, "rneakenr/8/1c4c1/1ss2ss1/4P3/8/PPPP1PPP/RNBQKBNR[ss] b KQ - 0 1").unwrap();
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let drops: Vec<String> = moves
        .iter()
        .filter(|m| m.kind == rookery::game::MoveKind::Drop)
        .map(|m| rookery::game::notation::move_text(&p, m, &moves))
        .collect();
    assert_eq!(drops, ["S@a5", "S@d5", "S@e5", "S@h5"].map(String::from).to_vec(), "{drops:?}");
}

#[test]
fn synochess_campmate_stalemate_and_cannons() {
    let black = "8/8/8/8/7K/2k5/8/8[] b - - 0 1";
    assert_eq!(result(&["synochess", "--fen", black, "c3c2", "h4h5", "c2c1"]).as_deref(), Some("0-1 (campmate)"));
    // The soldier on c8 keeps the kings from facing on rank 8.
    let white = "k1s5/8/6K1/8/8/8/8/8[] w - - 0 1";
    assert_eq!(result(&["synochess", "--fen", white, "g6g7", "a8b8", "g7g8"]).as_deref(), Some("1-0 (campmate)"));
    let stale = "k7/8/8/2Q5/8/8/8/7K[] w - - 0 1";
    assert_eq!(result(&["synochess", "--fen", stale, "c5b6"]).as_deref(), Some("1-0 (stalemate)"));
    // A cannon never jumps over a cannon: a4's only screen is the cannon on
    // c4, so only c4 moves (over the pawn) besides the king.
    assert_eq!(perft_from("synochess", "4k3/8/8/8/c1c1P3/8/8/4K3[] b - - 0 1", 1), 8);
    // Kings may not face each other on a rank.
    let (ok, _, err) = replay(&["synochess", "--fen", white, "g6g7", "a8a7"]);
    assert!(!ok && err.contains("not legal"), "{err}");
}

#[test]
fn janggimodern_counts_passes_and_the_move_rule_without_bikjang() {
    // Two passes end the game, decided by the count: equal material, and
    // Black's 1.5 points for moving second win (casual rules: a draw).
    let passes = ["e2e2", "e9e9"];
    assert_eq!(result(&[&["janggimodern"][..], &passes].concat()).as_deref(), Some("0-1 (two passes)"));
    assert_eq!(result(&[&["janggicasual"][..], &passes].concat()).as_deref(), Some("1/2-1/2 (two passes)"));
    // No bikjang: a pass with the generals facing does not end the game.
    let facing = "r8/4k4/9/9/9/9/9/9/4K4/R8 w - - 0 1";
    assert_eq!(result(&["janggimodern", "--fen", facing, "e2e2"]), None);
    assert_eq!(perft_from("janggimodern", "r8/4k4/9/9/9/9/9/9/4K4/R8 b - - 1 1", 1), 26);
    assert_eq!(result(&["janggi", "--fen", facing, "e2e2"]).as_deref(), Some("0-1 (bikjang)"));
    // The 100-move rule is decided by the count too (FSF's nMoveRule = 100
    // with materialCounting): two chariots against one win for White, one
    // against one wins for Black.
    let two = "r8/4k4/9/9/9/9/9/9/4K4/RR7 w - - 199 150";
    assert_eq!(result(&["janggimodern", "--fen", two, "a1a2"]).as_deref(), Some("1-0 (100-move rule)"));
    let one = "r8/4k4/9/9/9/9/9/9/4K4/R8 w - - 199 150";
    assert_eq!(result(&["janggimodern", "--fen", one, "a1a2"]).as_deref(), Some("0-1 (100-move rule)"));
    assert_eq!(result(&["janggimodern", "--fen", "r8/4k4/9/9/9/9/9/9/4K4/R8 w - - 197 150", "a1a2"]), None);
}

#[test]
fn counting_decides_is_checked() {
    let casual = builtin::text("janggicasual").unwrap();
    let bad = casual.replace("pass = true\n", "pass = true\ncounting-decides = [\"stalemate\"]\n");
    let text = format!("{:?}", load_str(&bad).expect_err("refused").diagnostics);
    assert!(text.contains("counting-decides") && text.contains("counting-points"), "{text}");
}
