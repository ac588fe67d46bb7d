//! One board of a bughouse pair (`drops.two-boards`: bughouse, koedem,
//! supply, as Fairy-Stockfish defines them): the hand is filled only
//! through the FEN's holdings, captures go to no hand, and the rules of the
//! three games at their edges (Fairy-Stockfish's verdicts, pyffish 0.0.90,
//! noted at each case). Perft and legal moves from hand-filled positions are
//! in tests/perft/fsf-{bughouse,koedem,supply}.*.

mod replay_common;

use replay_common::{builtin_variant, legal_texts, replay, result};

/// A capture leaves the captured piece out of both hands, and the promoted
/// mark of a bughouse queen is written (its capture would give the
/// partner a pawn).
#[test]
fn captures_go_to_no_hand_and_promoted_marks_stay() {
    // FENs after the moves as pyffish's get_fen writes them.
    let (ok, out, _) = replay(&["bughouse", "--fen", "4k3/1P6/8/8/8/8/r7/4K3[] w - - 0 30", "b7b8q", "e8e7"]);
    assert!(ok);
    assert!(out.starts_with("1Q~6/4k3/8/8/8/8/r7/4K3[] w - - 1 31"), "{out}");
    let (ok, out, _) = replay(&["bughouse", "--fen", "r3k3/8/8/8/8/8/8/4K2R[] w - - 0 30", "h1h8", "e8e7", "h8a8"]);
    assert!(ok);
    assert!(out.starts_with("R7/4k3/8/8/8/8/8/4K3[] b - - 0 31"), "{out}");
}

/// Bughouse: a stalemated player loses (FSF's stalemateValue = -VALUE_MATE;
/// pyffish: no legal moves, game_result -32000), unless a piece in hand
/// gives it a move.
#[test]
fn bughouse_stalemate_loses_unless_a_drop_is_left() {
    let stalemate = "7k/5Q2/6K1/8/8/8/8/8[] b - - 0 40";
    assert_eq!(result(&["bughouse", "--fen", stalemate]).as_deref(), Some("1-0 (stalemate)"));
    assert_eq!(result(&["bughouse", "--fen", "7k/5Q2/6K1/8/8/8/8/8[n] b - - 0 40"]), None);
}

/// Koedem: a king in hand must be dropped before anything else (pyffish's
/// legal moves are the K@ drops only), a side left with no king loses when
/// the opponent owns both (pyffish: is_immediate_game_end (True, -32000)),
/// and plays on while the opponent owns only one.
#[test]
fn koedem_must_drop_the_king_and_loses_by_both_kings_owned() {
    let v = builtin_variant("koedem");
    let moves = legal_texts(&v, "4k3/8/8/8/8/8/8/4RK2[KQ] w - - 0 20");
    assert_eq!(moves.len(), 61, "{moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("K@")), "{moves:?}");
    let both = "4k3/8/8/8/8/8/8/4RKK1[] w - - 0 20";
    assert_eq!(result(&["koedem", "--fen", both, "e1e8"]).as_deref(), Some("1-0 (both kings owned)"));
    assert_eq!(result(&["koedem", "--fen", "4k3/p7/8/8/8/8/8/4RK2[] w - - 0 20", "e1e8"]), None);
    // No check: the king may step next to the enemy rook's line.
    assert!(legal_texts(&v, "4k3/8/8/8/8/8/8/r3K3[] w - - 0 20").contains(&"e1d1".to_string()));
}

/// Supply: a drop may not give check, a board move may; pieces are dropped
/// only on their own points of their own half.
#[test]
fn supply_drops_never_check_and_keep_to_their_points() {
    let v = builtin_variant("supply");
    let moves = legal_texts(&v, "3k5/9/9/9/9/9/9/9/9/4K4[RAP] w - - 0 30");
    for refused in ["R@d1", "R@d5", "R@a10", "R@d6", "A@e1", "P@b4", "P@a6"] {
        assert!(!moves.contains(&refused.to_string()), "{refused} in {moves:?}");
    }
    for allowed in ["R@c1", "R@i5", "A@d1", "A@e2", "P@a4", "P@i5"] {
        assert!(moves.contains(&allowed.to_string()), "{allowed} not in {moves:?}");
    }
    // A chariot on the board may give check.
    assert!(legal_texts(&v, "3k5/9/9/9/9/9/9/9/9/R3K4[] w - - 0 30").contains(&"a1d1".to_string()));
}

/// `drops.must-drop-pieces` means nothing without `must-drop`: an error at
/// the piece, not a silent no-op.
#[test]
fn must_drop_pieces_needs_must_drop() {
    let text = rookery::variant::builtin::text("koedem").unwrap();
    let without = text.replace("must-drop = true\n", "");
    assert_ne!(without, text);
    let e = rookery::variant::load_str(&without).expect_err("must-drop-pieces alone is an error");
    let d = &e.diagnostics[0];
    assert!(d.message.contains("must-drop-pieces"), "{}", d.message);
    assert_eq!(&without[d.span.clone()], "\"K\"");
}
