//! Game end through the `rookery replay` contract (`result: … (reason)`), and
//! check detection from every kind of piece.

use rookery::game::Position;
use rookery::variant::{builtin, load_str, Variant};
mod replay_common;
use replay_common::{replay, result};

#[test]
fn checkmate() {
    assert_eq!(result(&["chess", "f2f3", "e7e5", "g2g4", "d8h4"]).as_deref(), Some("0-1 (checkmate)"));
}

#[test]
fn no_result_while_the_game_goes_on() {
    assert_eq!(result(&["chess", "e2e4", "e7e5"]), None);
    let (ok, out, _) = replay(&["chess", "e2e4"]);
    assert!(ok);
    assert_eq!(out.trim(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

#[test]
fn illegal_moves_are_refused_with_the_legal_list() {
    let (ok, _, err) = replay(&["chess", "e2e5"]);
    assert!(!ok);
    assert!(err.contains("not legal") && err.contains("e2e4"), "{err}");
}

#[test]
fn stalemate_values() {
    // Chess: a draw.
    assert_eq!(result(&["chess", "--fen", "k7/8/1Q6/8/8/8/8/7K b - - 0 1"]).as_deref(), Some("1/2-1/2 (stalemate)"));
    // TCB: the stalemated side loses. Black's king on a9 can only go to b8,
    // which the knight on d7 covers.
    // which the knight on d7 covers; its pawn on i3 is stuck (i2 is a hole,
    // h2 is occupied and the diagonal step cannot capture), so Black is not
    // bare either.
    let tcb = "k*1*1*1*1/*7*/3N5/*7*/9/*7*/8p/*6P*/1*1*1*1*K b - - 0 1";
    assert_eq!(result(&["tcb", "--fen", tcb]).as_deref(), Some("1-0 (stalemate)"));
    // … and delivering it by a move.
    let before = "k*1*1*1*1/*7*/9/*4N2*/9/*7*/8p/*6P*/1*1*1*1*K w - - 0 1";
    assert_eq!(result(&["tcb", "--fen", before, "f6d7"]).as_deref(), Some("1-0 (stalemate)"));
}

#[test]
fn bare_king_with_counter_baring() {
    // White takes Black's last man; Black gets one more move, does not bare
    // White, and loses.
    // (Black's king stands on c9, out of the queen's reach: a FEN whose side
    // not to move is in check is rejected.)
    let fen = "1*k*1*1*1/*7*/9/*3p3*/4Q4/*7*/9/*7*/1*1*1*1*K w - - 0 1";
    assert_eq!(result(&["tcb", "--fen", fen, "e5e6"]), None, "Black still has its move");
    assert_eq!(result(&["tcb", "--fen", fen, "e5e6", "c9b8"]).as_deref(), Some("1-0 (bare king)"));
    // Black answers by taking White's last man: both bare, a draw.
    let fen = "1*1*k*1*1/*4p2*/9/*5N1*/9/*7*/9/*7*/1*1*1*1*K w - - 0 1";
    assert_eq!(result(&["tcb", "--fen", fen, "g6f8", "e9f8"]).as_deref(), Some("1/2-1/2 (bare king)"));
}

#[test]
fn move_rules() {
    assert_eq!(
        result(&["chess", "--fen", "k7/8/8/8/8/8/8/K6R w - - 99 80", "h1h2"]).as_deref(),
        Some("1/2-1/2 (50-move rule)")
    );
    // Tigrey has a 100-move rule: 199 plies are not enough, 200 are.
    let fen = "k11/12/12/12/12/12/12/12/12/12/12/K10R w - - 198 150";
    assert_eq!(result(&["tigrey", "--fen", fen, "l1l2"]), None);
    assert_eq!(result(&["tigrey", "--fen", fen, "l1l2", "a12b12"]).as_deref(), Some("1/2-1/2 (100-move rule)"));
}

#[test]
fn threefold_repetition() {
    let moves = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"];
    assert_eq!(result(&[&["chess"][..], &moves[..]].concat()), None);
    let mut all = moves.to_vec();
    all.push("f6g8");
    assert_eq!(result(&[&["chess"][..], &all[..]].concat()).as_deref(), Some("1/2-1/2 (threefold repetition)"));
}

#[test]
fn repetition_across_captures_when_captures_go_to_the_hand() {
    // Crazyhouse: the knights are taken and dropped back, so the position
    // recurs although every cycle has captures and drops (which reset the
    // n-move counter); the count must look past them (as FSF does where
    // captures go to the hand), not stop at the last capture.
    let fen = "3q2k1/8/8/3n4/8/2N5/8/K6Q[] w - - 0 1";
    let cycle = ["c3d5", "d8d5", "N@c3", "d5d7", "h1h2", "N@d5", "h2h1", "d7d8"];
    let args = |n: usize| [&["crazyhouse", "--fen", fen][..], &cycle.repeat(2)[..n]].concat();
    assert_eq!(result(&args(15)), None);
    assert_eq!(result(&args(16)).as_deref(), Some("1/2-1/2 (threefold repetition)"));
}

#[test]
fn castling_through_check_is_refused_and_written_both_ways() {
    // The black rook on f8 attacks f1: no O-O; O-O-O is fine. (Black's king
    // on g8, not h8, where the h1 rook would give check with White to move.)
    let fen = "5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let (ok, _, _) = replay(&["chess", "--fen", fen, "e1g1"]);
    assert!(!ok);
    let (ok, out, _) = replay(&["chess", "--fen", fen, "e1a1"]);
    assert!(ok, "king onto its rook = castling");
    assert!(out.starts_with("5rk1/8/8/8/8/8/8/2KR3R b - -"), "{out}");
}

fn variant(name: &str) -> Variant {
    load_str(builtin::text(name).unwrap()).unwrap().0
}

#[test]
fn check_from_every_kind_of_piece() {
    let wt = variant("wild-tamerlane");
    // Cannon f11 over the screen on f6 gives check to the king on f2 …
    let p = Position::from_fen(&wt, "5c5/11/11/11/11/5p5/11/11/11/5K5/k10 w - - 0 1").unwrap();
    assert!(p.in_check());
    // … but not without a screen, nor over two.
    let p = Position::from_fen(&wt, "5c5/11/11/11/11/11/11/11/11/5K5/k10 w - - 0 1").unwrap();
    assert!(!p.in_check());
    let p = Position::from_fen(&wt, "5c5/11/11/5p5/11/5p5/11/11/11/5K5/k10 w - - 0 1").unwrap();
    assert!(!p.in_check());
    // Eagle (F then outward rook slide): d5 → e6 → e-file up to the king on e10.
    let p = Position::from_fen(&wt, "k10/4K6/11/11/11/11/3g7/11/11/11/11 w - - 0 1").unwrap();
    assert!(p.in_check());
    // … blocked when the first diagonal square is occupied.
    let p = Position::from_fen(&wt, "k10/4K6/11/11/11/4P6/3g7/11/11/11/11 w - - 0 1").unwrap();
    assert!(!p.in_check());

    // TCB rook WD7: a D-ride jumps over the hole and over pieces on odd squares.
    let tcb = variant("tcb");
    let p = Position::from_fen(&tcb, "k*1*1*1*1/*7*/9/*7*/9/*7*/9/*7*/K*1*r*1*1 w - - 0 1").unwrap();
    assert!(p.in_check(), "e1 → c1 → a1: two D leaps over the holes d1 and b1");
    let p = Position::from_fen(&tcb, "k*1*1*1*1/*7*/9/*7*/9/*7*/9/*7*/K*P*r*1*1 w - - 0 1").unwrap();
    assert!(!p.in_check(), "a piece on the landing square c1 stops the ride");
    let p = Position::from_fen(&tcb, "k*1*1*1*1/*7*/9/*7*/9/*7*/9/*7*/K*r*1*1*1 w - - 0 1").unwrap();
    assert!(p.in_check(), "c1 → a1 is one D leap over the hole b1");

    // Tigrey: Pegasus (N leap, then slide in the longer direction) and Tiger.
    let tg = variant("tigrey");
    let p = Position::from_fen(&tg, "k11/12/12/12/12/12/12/5K6/12/12/12/4e7 w - - 0 1").unwrap();
    assert!(p.in_check(), "e1 → f3 → f5 (longer direction: up the f-file)");
    let p = Position::from_fen(&tg, "k11/12/12/12/12/12/12/12/12/12/12/4e2K4 w - - 0 1").unwrap();
    assert!(!p.in_check());
}

#[test]
fn tcb_bare_king_is_decided_before_the_barers_stalemate() {
    // b7xb8 bares Black; Black's one reply d8c9 does not bare White but
    // leaves White without a legal move. TCB's `bare-king-first`: Black,
    // bared, has lost (not "stalemating the opponent wins").
    let fen = "K*1*1*1*1/*n1k4*/PP7/*7*/9/*7*/9/*7*/1*1*1*1*1 w - - 0 1";
    assert_eq!(result(&["tcb", "--fen", fen, "b7b8", "d8c9"]).as_deref(), Some("1-0 (bare king)"));
    // Without the key the stalemate is looked at first.
    let text = builtin::text("tcb").unwrap().replace("bare-king-first = true", "bare-king-first = false");
    let dir = std::env::temp_dir().join(format!("rookery-tcb-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tcb.toml");
    std::fs::write(&path, text).unwrap();
    let p = path.to_str().unwrap();
    assert_eq!(result(&[p, "--fen", fen, "b7b8", "d8c9"]).as_deref(), Some("0-1 (stalemate)"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn ataxx_ends_by_the_count_when_the_board_is_full_or_a_side_has_no_stone() {
    // pyffish 0.0.90 (`get_fen`, `legal_moves`, `game_result`) after the same
    // moves: the last empty cell filled, White (more stones) wins at once;
    // filled by a jump instead, a cell is left and play goes on; Black's jump
    // turns White's last stone over: White has no move and has lost.
    let full = "PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/ppppppp/pppppp1 b - - 0 1";
    assert_eq!(result(&["ataxx", "--fen", full, "P@g1"]).as_deref(), Some("1-0 (board full)"));
    let (ok, out, _) = replay(&["ataxx", "--fen", full, "e1g1"]);
    assert!(ok && out.trim() == "PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/ppppppp/pppp1pp w - - 1 2", "{out}");
    assert_eq!(result(&["ataxx", "--fen", "7/7/7/3p3/7/7/P6 b - - 0 1", "d4b2"]).as_deref(), Some("0-1 (stalemate)"));
    // A stone walled in two deep passes (FSF: `c5c5`), and Black moves on.
    let boxed = "ppppp2/ppppp2/ppPpp2/ppppp2/ppppp2/7/7 w - - 0 1";
    let (ok, out, _) = replay(&["ataxx", "--fen", boxed, "c5c5"]);
    assert!(ok && out.trim() == "ppppp2/ppppp2/ppPpp2/ppppp2/ppppp2/7/7 b - - 1 1", "{out}");
}
