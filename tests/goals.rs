//! Goals that end the game at once (n-check, reaching a region), through
//! the `rookery replay` contract, and FSF's perft convention: a position
//! whose game has ended has no moves.

use rookery::game::perft::perft;
use rookery::game::Position;
use rookery::variant::{builtin, load_str};

fn replay(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rookery")).arg("replay").args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn third_check_wins_and_the_counters_travel_in_the_fen() {
    let out = replay(&["3check", "e2e4", "f7f6", "f1c4", "d7d6", "c4g8", "d6d5", "d1h5"]);
    // One check given by White: FSF prints the same FEN.
    assert!(out.contains("rnbqkbBr/ppp1p1pp/5p2/3p3Q/4P3/8/PPPP1PPP/RNB1K1NR b KQkq - 2+3 1 4"), "{out}");
    assert!(!out.contains("result:"), "{out}");
    let fen = "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2";
    let out = replay(&["3check", "--fen", fen, "d1h5"]);
    assert!(out.contains(" 0+3 ") && out.contains("result: 1-0 (3 checks)"), "{out}");
}

#[test]
fn where_one_check_wins_the_result_says_first_check() {
    // Check shogi and Kar Ouk: check_limit = 1 (it read "1 checks").
    let out = replay(&["checkshogi", "--fen", "4k4/9/9/9/9/9/9/9/R3K4[] w - - 0 1", "a1a9"]);
    assert!(out.contains("result: 1-0 (first check)"), "{out}");
    let out = replay(&["karouk", "--fen", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"]);
    assert!(out.contains("result: 1-0 (first check)"), "{out}");
}

#[test]
fn king_of_the_hill() {
    let fen = "rnbq1bnr/pppppppp/8/8/8/3k4/PPPPPPPP/RNBQKBNR b KQ - 0 1";
    let out = replay(&["kingofthehill", "--fen", fen, "d3d4"]);
    assert!(out.contains("result: 0-1 (king of the hill)"), "{out}");
    // The goal is judged before checkmate or stalemate, and the ended game
    // has no moves (perft 1 = 0), as in Fairy-Stockfish.
    let v = load_str(builtin::text("kingofthehill").unwrap()).unwrap().0;
    let mut p = Position::from_fen(&v, "rnbq1bnr/pppppppp/8/8/3k4/8/PPPPPPPP/RNBQKBNR w KQ - 0 1").unwrap();
    assert_eq!(perft(&mut p, 1), 0);
}

#[test]
fn n_check_positions_end_only_for_the_side_that_moved() {
    let v = load_str(builtin::text("3check").unwrap()).unwrap().0;
    // Black has given its third check and White is to move: over.
    let mut over = Position::from_fen(&v, "rnb1kbnr/pppp1ppp/8/4p3/4P2q/8/PPPP1PPP/RNBQKBNR w KQkq - 3+0 0 3").unwrap();
    assert_eq!(perft(&mut over, 2), 0);
    // The same counters with Black to move do not end the game (FSF).
    let mut on = Position::from_fen(&v, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0+3 0 2").unwrap();
    assert_eq!(perft(&mut on, 1), 29);
}
