//! Sittuyin's set-up and promotion by a move of its own, and dobutsu's try,
//! through the `rookery replay` contract. Every expected FEN was printed by
//! pyffish 0.0.90 (`get_fen`) for the same moves, every refused move is
//! missing from its `legal_moves`, and every game end agrees with its
//! `is_immediate_game_end`.

mod replay_common;
use replay_common::{replay, result};

/// The final FEN of an accepted replay.
fn fen(args: &[&str]) -> String {
    let (ok, out, err) = replay(args);
    assert!(ok, "replay {args:?} failed: {err}");
    out.lines().next().unwrap_or_default().to_string()
}

/// Whether replay refuses the last move as not legal.
fn refused(args: &[&str]) -> bool {
    let (ok, _, err) = replay(args);
    !ok && err.contains("not legal")
}

const SET_UP: [&str; 16] = [
    "R@a1", "R@h8", "R@h1", "R@a8", "K@e2", "K@d7", "F@d2", "F@e7", "S@c2", "S@f7", "S@f2", "S@c7", "N@b2", "N@g7",
    "N@g2", "N@b7",
];

#[test]
fn sittuyin_set_up_then_play() {
    // Drops written in upper case for both sides, as FSF writes them.
    let mut moves = vec!["sittuyin"];
    moves.extend(&SET_UP[..3]);
    assert_eq!(fen(&moves), "7r/8/4pppp/pppp4/4PPPP/PPPP4/8/R6R[KSSFNNkssfrnn] b - - 0 2");
    let mut moves = vec!["sittuyin"];
    moves.extend(SET_UP);
    moves.push("e4e5");
    assert_eq!(fen(&moves), "r6r/1nskfsn1/4pppp/ppppP3/5PPP/PPPP4/1NSFKSN1/R6R[] b - - 0 9");
    assert_eq!(result(&moves), None);
}

#[test]
fn sittuyin_set_up_errors_refused() {
    // No board move while the side holds pieces; chariots only on the first
    // rank; the others only on the own three ranks.
    assert!(refused(&["sittuyin", "e4e5"]));
    assert!(refused(&["sittuyin", "R@a2"]));
    assert!(!refused(&["sittuyin", "R@a1"]));
    assert!(refused(&["sittuyin", "N@c4"]));
    assert!(!refused(&["sittuyin", "N@c2"]));
    assert!(refused(&["sittuyin", "R@a1", "R@a7"]));
    assert!(refused(&["sittuyin", "R@a1", "K@c5"]));
}

#[test]
fn sittuyin_promotion_in_place_or_one_step() {
    let lone = "k7/8/8/3P4/8/8/8/K7[] w - - 0 1";
    assert_eq!(fen(&["sittuyin", "--fen", lone, "d5d5f"]), "k7/8/8/3F4/8/8/8/K7[] b - - 0 1");
    assert_eq!(fen(&["sittuyin", "--fen", lone, "d5e6f"]), "k7/8/4F3/8/8/8/8/K7[] b - - 0 1");
    // Not two squares away, not forward as a promotion.
    assert!(refused(&["sittuyin", "--fen", lone, "d5d6f"]));
    // The last pawn anywhere; with two pawns, only one on the diagonals.
    assert!(!refused(&["sittuyin", "--fen", "4k3/8/8/8/8/8/2P5/4K3[] w - - 0 1", "c2c2f"]));
    assert!(refused(&["sittuyin", "--fen", "4k3/8/8/3P4/8/8/2P5/4K3[] w - - 0 1", "c2c2f"]));
    assert!(!refused(&["sittuyin", "--fen", "4k3/8/8/3P4/8/8/2P5/4K3[] w - - 0 1", "d5d5f"]));
}

#[test]
fn sittuyin_promotion_limits() {
    // Only while the side has no general.
    assert!(refused(&["sittuyin", "--fen", "4k3/8/2P5/3P4/8/8/8/4KF2[] w - - 0 1", "d5d5f"]));
    // The new general may not attack an enemy piece (the rook on d7).
    let rook = "4k3/3r4/8/3P4/8/8/8/4K3[] w - - 0 1";
    assert!(refused(&["sittuyin", "--fen", rook, "d5c6f"]));
    assert!(refused(&["sittuyin", "--fen", rook, "d5e6f"]));
    assert!(!refused(&["sittuyin", "--fen", rook, "d5c4f"]));
    // Nor give check, not even a discovered one (the rook on a5).
    let screen = "8/8/8/R2P3k/8/8/8/4K3[] w - - 0 1";
    assert!(refused(&["sittuyin", "--fen", screen, "d5c6f"]));
    assert!(!refused(&["sittuyin", "--fen", screen, "d5d5f"]));
    assert!(!refused(&["sittuyin", "--fen", screen, "d5d6"]));
}

#[test]
fn sittuyin_checkmate() {
    let args = ["sittuyin", "--fen", "k7/8/1K6/8/8/8/8/7R[] w - - 0 1", "h1h8"];
    assert_eq!(result(&args).as_deref(), Some("1-0 (checkmate)"));
}

#[test]
fn dobutsu_lion_captured() {
    let white = ["dobutsu", "b1c2", "b4c3", "c2c3"];
    assert_eq!(fen(&white), "g1e/1cL/1C1/E1G[L] b - - 0 2");
    assert_eq!(result(&white).as_deref(), Some("1-0 (lion captured)"));
    let black = ["dobutsu", "b1a2", "b4a3", "b2b3", "a3a2"];
    assert_eq!(fen(&black), "g1e/1C1/l2/E1G[Cl] w - - 0 3");
    assert_eq!(result(&black).as_deref(), Some("0-1 (lion captured)"));
}

#[test]
fn dobutsu_try_wins_when_the_lion_is_safe() {
    let white = ["dobutsu", "b1c2", "b4c3", "c2b3", "c3c2", "b3c4"];
    assert_eq!(fen(&white), "g1L/3/1Cl/E1G[CE] b - - 0 3");
    assert_eq!(result(&white).as_deref(), Some("1-0 (try)"));
    let black = ["dobutsu", "b1a2", "b4c3", "a2b1", "c3c2", "b1a2", "c2c1"];
    assert_eq!(fen(&black), "g1e/1c1/LC1/E1l[g] w - - 0 4");
    assert_eq!(result(&black).as_deref(), Some("0-1 (try)"));
}

#[test]
fn dobutsu_try_attacked_counts_once_the_attack_is_gone() {
    // White's lion takes the giraffe on b4, where Black's lion attacks it:
    // no result yet; Black's lion steps away and White wins.
    let arrived = ["dobutsu", "b1a2", "b4c3", "a2a3", "a4b4", "a3b4"];
    assert_eq!(fen(&arrived), "1Le/1cl/1C1/E1G[G] b - - 0 3");
    assert_eq!(result(&arrived), None);
    let mut away = arrived.to_vec();
    away.push("c3b2");
    assert_eq!(fen(&away), "1Le/1c1/1l1/E1G[Gc] w - - 0 4");
    assert_eq!(result(&away).as_deref(), Some("1-0 (try)"));
    // White's elephant takes the giraffe that attacked White's lion and
    // stops attacking Black's: both lions safe on their far ranks, drawn.
    let both = ["dobutsu", "--fen", "L2/g2/1E1/2l[] w - - 0 1", "b2a3"];
    assert_eq!(fen(&both), "L2/E2/3/2l[G] b - - 0 1");
    assert_eq!(result(&both).as_deref(), Some("1/2-1/2 (try by both)"));
}

/// ASEAN counting (`[counting]` in sittuyin.toml): once the last pawn has
/// promoted, the lone king counts towards the chariot's limit of 16 moves
/// (32 plies), written in the FEN where FSF writes it (pyffish's FENs).
#[test]
fn sittuyin_counts_as_fsf_once_no_pawn_is_left() {
    let start = "8/8/8/R2P3k/8/8/8/4K3[] w - - 0 1";
    assert_eq!(fen(&["sittuyin", "--fen", start, "d5d5f"]), "8/8/8/R2F3k/8/8/8/4K3[] b - 32 0 1");
    assert_eq!(fen(&["sittuyin", "--fen", start, "d5d5f", "h5g4", "a5a4"]), "8/8/8/3F4/R5k1/8/8/4K3[] b - 32 2 2");
}
