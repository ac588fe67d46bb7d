//! Regions and the rules that use them (mobility regions, position-dependent
//! moves) and the flying-general rule, on the xiangqi family; game ends
//! through the `rookery replay` contract.

use rookery::game::notation::move_text;
use rookery::game::Position;
use rookery::variant::{builtin, load_str, Variant};
mod replay_common;
use replay_common::replay;

fn variant(name: &str) -> Variant {
    load_str(builtin::text(name).unwrap()).unwrap().0
}

/// The legal moves from `fen`, as sorted coordinate text.
fn legal(v: &Variant, fen: &str) -> Vec<String> {
    let mut pos = Position::from_fen(v, fen).unwrap();
    let mut out = Vec::new();
    pos.legal_moves(&mut out);
    let mut t: Vec<String> = out.iter().map(|m| move_text(&pos, m, &out)).collect();
    t.sort();
    t
}

fn from(moves: &[String], cell: &str) -> Vec<String> {
    moves.iter().filter(|m| m.starts_with(cell)).cloned().collect()
}

#[test]
fn general_and_advisor_stay_in_the_palace() {
    let v = variant("xiangqi");
    // General on d1 (palace corner), advisor on e2 (palace centre); Black's
    // general off the e- and d-files.
    let m = legal(&v, "5k3/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
    assert_eq!(from(&m, "d1"), ["d1d2", "d1e1"], "c1 is outside the palace: {m:?}");
    assert_eq!(from(&m, "e2"), ["e2d3", "e2f1", "e2f3"], "{m:?}");
}

#[test]
fn elephant_never_crosses_the_river() {
    let v = variant("xiangqi");
    let m = legal(&v, "3k5/9/9/9/9/4B4/9/9/9/4K4 w - - 0 1");
    assert_eq!(from(&m, "e5"), ["e5c3", "e5g3"], "e5c7/e5g7 lie across the river: {m:?}");
    // The elephant's eye: a piece on d4 blocks e5c3.
    let m = legal(&v, "3k5/9/9/9/9/4B4/3P5/9/9/4K4 w - - 0 1");
    assert_eq!(from(&m, "e5"), ["e5g3"], "{m:?}");
}

#[test]
fn soldier_steps_sideways_only_across_the_river() {
    let v = variant("xiangqi");
    let before = legal(&v, "3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1");
    assert_eq!(from(&before, "e4"), ["e4e5"]);
    let on_bank = legal(&v, "3k5/9/9/9/9/4P4/9/9/9/4K4 w - - 0 1");
    assert_eq!(from(&on_bank, "e5"), ["e5e6"], "rank 5 is still White's side");
    let across = legal(&v, "3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(from(&across, "e6"), ["e6d6", "e6e7", "e6f6"]);
    // Black's region is mirrored: its soldier on e5 has crossed.
    let black = legal(&v, "3k5/9/9/9/9/4p4/9/9/9/5K3 b - - 0 1");
    assert_eq!(from(&black, "e5"), ["e5d5", "e5e4", "e5f5"]);
}

#[test]
fn generals_may_not_face_each_other() {
    let v = variant("xiangqi");
    // The advisor on e2 is the only screen between the generals: pinned.
    let m = legal(&v, "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1");
    assert_eq!(m, ["e1d1", "e1f1"]);
    // A general may not step onto the open file of the other.
    let m = legal(&v, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert!(!m.contains(&"e1d1".to_string()), "{m:?}");
    // Minixiangqi has the rule too.
    let v = variant("minixiangqi");
    // (A cannon, not a chariot, is the screen: a chariot there would check
    // Black's general with White to move, a position the FEN reader refuses.)
    let m = legal(&v, "3k3/7/7/7/7/3C3/3K3 w - - 0 1");
    let cannon = from(&m, "d2");
    assert!(
        !cannon.is_empty() && cannon.iter().all(|x| x.starts_with("d2d")),
        "the cannon is pinned to the file: {m:?}"
    );
}

#[test]
fn checkmate_and_stalemate_results() {
    let (ok, out, err) = replay(&["xiangqi", "--fen", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", "b1b10"]);
    assert!(ok, "{err}");
    assert!(out.contains("result: 1-0 (checkmate)"), "{out}");
    // Stalemate loses in xiangqi: Black's general on d10 cannot move (d9 and
    // e10 are covered, the flying-general rule forbids nothing here but the
    // chariots cover its two squares) and it has no other piece.
    let (ok, out, err) = replay(&["xiangqi", "--fen", "3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1", "a8a9"]);
    assert!(ok, "{err}");
    assert!(out.contains("result: 1-0 (stalemate)"), "{out}");
}
