//! Extinction, compulsory capture, stalemate by count, checkmate value and
//! castling by a non-royal king, through the `rookery replay` contract
//! (`result: … (reason)`) and perft.

use rookery::game::perft::perft;
use rookery::game::Position;
use rookery::variant::{builtin, load_str, Variant};
mod replay_common;
use replay_common::{replay, result};

fn variant(name: &str) -> Variant {
    load_str(builtin::text(name).unwrap()).unwrap().0
}

#[test]
fn antichess_losing_every_piece_wins() {
    // Black must capture (the only move is the pawn taking the rook, with
    // promotion); White has nothing left and wins.
    let fen = "8/8/8/8/8/8/1p6/R7 b - - 0 1";
    assert_eq!(result(&["antichess", "--fen", fen, "b2a1q"]).as_deref(), Some("1-0 (all pieces lost)"));
    // The ended game has no moves (FSF's perft convention).
    let v = variant("antichess");
    let mut p = Position::from_fen(&v, "8/8/8/8/8/8/8/q7 w - - 0 2").unwrap();
    assert_eq!(perft(&mut p, 1), 0);
}

#[test]
fn captures_are_compulsory() {
    // After 1. e3 b5 White must take on b5; a quiet move is refused.
    let (ok, _, err) = replay(&["antichess", "e2e3", "b7b5", "d1h5"]);
    assert!(!ok && err.contains("not legal"), "{err}");
    assert_eq!(result(&["antichess", "e2e3", "b7b5", "f1b5"]), None);
    let v = variant("antichess");
    let mut moves = Vec::new();
    let mut p = Position::from_fen(&v, "rnbqkbnr/p1pppppp/8/1p6/8/4P3/PPPP1PPP/RNBQKBNR w - - 0 2").unwrap();
    p.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1, "only Bxb5");
}

#[test]
fn stalemate_wins_in_antichess_and_counts_in_suicide() {
    // Black's pawn steps to a3 and White's pawn on a2 is blocked.
    let fen = "8/8/8/8/p7/7p/P6P/8 b - - 0 1";
    assert_eq!(result(&["antichess", "--fen", fen, "a4a3"]).as_deref(), Some("1-0 (stalemate)"));
    // Suicide: equal piece counts draw …
    assert_eq!(result(&["suicide", "--fen", fen, "a4a3"]).as_deref(), Some("1/2-1/2 (stalemate)"));
    // … fewer pieces win: White has one pawn against two.
    let fewer = "8/8/8/8/p7/2p5/P7/8 b - - 0 1";
    assert_eq!(result(&["suicide", "--fen", fewer, "a4a3"]).as_deref(), Some("1-0 (stalemate)"));
    // … more pieces lose: White has three pawns (c2 behind c3) against two.
    let more = "8/8/8/p1p5/8/2P5/P1P5/8 b - - 0 1";
    assert_eq!(result(&["suicide", "--fen", more, "a5a4", "a2a3"]), None);
    let more = "8/8/8/8/p1p5/2P5/P1P5/8 b - - 0 1";
    assert_eq!(result(&["suicide", "--fen", more, "a4a3"]).as_deref(), Some("0-1 (stalemate)"));
}

#[test]
fn being_mated_wins_in_misere_and_losers() {
    let fools = ["f2f3", "e7e5", "g2g4", "d8h4"];
    for v in ["misere", "losers"] {
        let args: Vec<&str> = std::iter::once(v).chain(fools).collect();
        assert_eq!(result(&args).as_deref(), Some("1-0 (checkmate)"), "{v}");
    }
}

#[test]
fn losers_a_lone_king_wins() {
    // White must take the rook; Black is left with its king and wins.
    let fen = "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1";
    assert_eq!(result(&["losers", "--fen", fen, "a1a2"]).as_deref(), Some("0-1 (all pieces lost)"));
}

#[test]
fn extinction_of_a_kind_loses() {
    // Black's last knight is taken.
    let fen = "r1bqkbnr/pppppppp/7N/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
    assert_eq!(result(&["extinction", "--fen", fen, "h6g8"]).as_deref(), Some("1-0 (extinction)"));
    // The king is no royal: it may be captured like anything else, and its
    // capture ends the game the same way.
    let fen = "rnbq1bnr/pppppppp/8/8/8/4k3/PPPPPPPP/RNBQKBNR w KQ - 0 1";
    assert_eq!(result(&["extinction", "--fen", fen, "d2e3"]).as_deref(), Some("1-0 (extinction)"));
    // Kinglet: only the pawns count.
    let fen = "4k3/8/8/8/8/8/p6P/R3K3 w - - 0 1";
    assert_eq!(result(&["kinglet", "--fen", fen, "a1a2"]).as_deref(), Some("1-0 (extinction)"));
}

#[test]
fn three_kings_losing_one_loses() {
    // Kings are not royal: a king may stand attacked, and taking one of the
    // three wins.
    let fen = "kQ2k2k/8/8/8/8/8/8/K3K2K w - - 0 1";
    assert_eq!(result(&["threekings", "--fen", fen, "b8a8"]).as_deref(), Some("1-0 (king captured)"));
    assert_eq!(result(&["threekings", "--fen", fen, "b8b7"]), None);
}

#[test]
fn a_non_royal_king_castles_through_attacked_squares() {
    // Giveaway: the rook on f8 attacks f1, which the king crosses.
    let v = variant("giveaway");
    let mut p = Position::from_fen(&v, "4kr2/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let castle = moves.iter().any(|m| m.kind == rookery::game::MoveKind::Castle);
    assert!(castle, "the non-royal king castles: {moves:?}");
    // The FEN keeps the right of a non-royal castler.
    assert_eq!(p.fen(), "4kr2/8/8/8/8/8/8/4K2R w K - 0 1");
    // Chess: the same position forbids it (a royal king).
    let c = variant("chess");
    let mut p = Position::from_fen(&c, "4kr2/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    p.legal_moves(&mut moves);
    assert!(!moves.iter().any(|m| m.kind == rookery::game::MoveKind::Castle));
}

#[test]
fn bad_extinction_and_end_values_are_located_errors() {
    let text = builtin::text("antichess").unwrap();
    let bad = text
        .replace("pieces = \"all\"", "pieces = [\"Z\"]\ncount = -1")
        .replace("value = \"win\"", "value = \"maybe\"")
        .replace("stalemate = \"win\"", "stalemate = \"win\"\ncheckmate = \"never\"");
    let err = load_str(&bad).unwrap_err();
    let msgs: Vec<&str> = err.diagnostics.iter().map(|d| d.message.as_str()).collect();
    for want in [
        "\"Z\" is not the letter",
        "`extinction.count` is -1",
        "`extinction.value` is \"maybe\"",
        "`rules.checkmate` is \"never\"",
    ] {
        assert!(msgs.iter().any(|m| m.contains(want)), "{want}: {msgs:?}");
    }
    assert!(err.diagnostics.iter().all(|d| d.span.end > d.span.start), "every error is located");
}

#[test]
fn coregal_queens_are_royal() {
    let v = variant("coregal");
    // A queen may not step where the other queen attacks it…
    let (ok, _, err) = replay(&["coregal", "--fen", "3qk3/8/8/8/8/8/8/2Q1K3 w - - 0 1", "c1d1"]);
    assert!(!ok && err.contains("not legal"), "{err}");
    // … nor may a position leave the side not to move with a queen attacked.
    assert!(Position::from_fen(&v, "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1").is_err());
    // A queen attacked with no way out is checkmate, though the king is safe.
    let fen = "6kq/6pp/8/4N3/8/8/8/4KR2 w - - 0 1";
    assert_eq!(result(&["coregal", "--fen", fen, "e5f7"]).as_deref(), Some("1-0 (checkmate)"));
    // A pawn promoted to a queen is royal too: it may not be left attacked.
    let mut p = Position::from_fen(&v, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|m| rookery::game::notation::move_text(&p, m, &moves)).collect();
    assert!(names.contains(&"b7b8r".to_string()) && !names.contains(&"b7b8q".to_string()), "{names:?}");
}

#[test]
fn spartan_duple_check() {
    let v = variant("spartan");
    // One of two kings may be left attacked, and captured …
    let fen = "2k2k2/8/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(result(&["spartan", "--fen", fen, "a1a8", "f8f7", "a8c8"]), None);
    // … but the last one must be kept safe.
    let (ok, _, err) = replay(&["spartan", "--fen", fen, "a1a8", "f8f7", "a8c8", "f7g8"]);
    assert!(!ok && err.contains("not legal"), "{err}");
    // Both attacked at once is check: Black must answer it.
    let one = Position::from_fen(&v, "2k4k/8/8/8/8/8/8/R3K2R b - - 0 1").unwrap();
    assert!(!one.in_check());
    let both = Position::from_fen(&v, "k6k/8/8/8/8/8/8/Q3K2R b - - 0 1").unwrap();
    assert!(both.in_check());
}

#[test]
fn racing_kings() {
    // Giving check is illegal.
    let (ok, _, err) = replay(&["racingkings", "--fen", "8/8/8/8/8/8/k7/1R5K w - - 0 1", "b1b2"]);
    assert!(!ok && err.contains("not legal"), "{err}");
    // White arrives first; Black can answer by arriving too: a draw …
    let fen = "8/k1K5/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(result(&["racingkings", "--fen", fen, "c7c8"]), None);
    let draw = result(&["racingkings", "--fen", fen, "c7c8", "a7a8"]);
    assert_eq!(draw.as_deref(), Some("1/2-1/2 (king reached the eighth rank by both)"));
    // … any other answer loses.
    let lost = result(&["racingkings", "--fen", fen, "c7c8", "a7a6"]);
    assert_eq!(lost.as_deref(), Some("1-0 (king reached the eighth rank)"));
    // Black cannot answer: White wins at once.
    let far = "8/2K5/8/k7/8/8/8/8 w - - 0 1";
    assert_eq!(result(&["racingkings", "--fen", far, "c7c8"]).as_deref(), Some("1-0 (king reached the eighth rank)"));
    // Black arriving first wins at once.
    let black = "8/k7/8/8/8/8/2K5/8 b - - 0 1";
    assert_eq!(result(&["racingkings", "--fen", black, "a7a8"]).as_deref(), Some("0-1 (king reached the eighth rank)"));
}

#[test]
fn makpong_a_checked_king_may_only_capture_the_checker() {
    // The rook checks from e3: the king may not step aside, so it is mate.
    let fen = "4k3/8/8/8/8/r7/8/4K3 b - - 0 1";
    assert_eq!(result(&["makpong", "--fen", fen, "a3e3"]).as_deref(), Some("0-1 (checkmate)"));
    // A checker next to the king may be captured by it.
    let v = variant("makpong");
    let mut p = Position::from_fen(&v, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!((moves[0].from, moves[0].to), (v.grid.parse("e1").unwrap(), v.grid.parse("e2").unwrap()));
}

#[test]
fn horde_double_steps_by_rank_and_extinction() {
    let v = variant("horde");
    let mut moves = Vec::new();
    // A pawn that has stepped from the first rank to the second may still
    // double-step (by rank, not by "never moved").
    let mut p = Position::from_fen(&v, "4k3/8/8/8/8/8/P7/8 w - - 0 1").unwrap();
    p.legal_moves(&mut moves);
    let to: Vec<&str> = moves.iter().map(|m| v.grid.label(m.to)).collect();
    assert_eq!(to, ["a3", "a4"], "{to:?}");
    // A double step from the first rank leaves no en-passant square …
    let out = replay(&["horde", "--fen", "4k3/8/8/8/8/1p6/8/P7 w - - 0 1", "a1a3"]).1;
    assert!(out.contains("4k3/8/8/8/8/Pp6/8/8 b - - 0 1"), "{out}");
    // … one from the second rank does (Black captures on rank 3).
    let out = replay(&["horde", "--fen", "4k3/8/8/8/1p6/8/P7/8 w - - 0 1", "a2a4"]).1;
    assert!(out.contains(" b - a3 0 1"), "{out}");
    // White loses its last piece.
    let fen = "4k3/8/8/8/8/8/1q6/P7 b - - 0 1";
    assert_eq!(result(&["horde", "--fen", fen, "b2a1"]).as_deref(), Some("0-1 (all pieces lost)"));
}

#[test]
fn breakthrough_and_armageddon() {
    let fen = "8/1P6/8/8/8/8/6p1/8 w - - 0 1";
    assert_eq!(result(&["breakthrough", "--fen", fen, "b7b8"]).as_deref(), Some("1-0 (breakthrough)"));
    // Stalemate draws in chess and wins for Black in armageddon, whoever is
    // stalemated.
    let stale = "k7/8/8/2Q5/8/8/8/7K w - - 0 1";
    assert_eq!(result(&["chess", "--fen", stale, "c5b6"]).as_deref(), Some("1/2-1/2 (stalemate)"));
    assert_eq!(result(&["armageddon", "--fen", stale, "c5b6"]).as_deref(), Some("0-1 (stalemate, draw odds)"));
}

#[test]
fn king_against_king_is_a_dead_position() {
    assert_eq!(result(&["chess", "--fen", "q7/8/8/3k4/8/8/8/3K4 w - - 0 1", "d1c1"]), None);
    // Coregal's king and queen are both royal: not a dead position.
    assert_eq!(result(&["coregal", "--fen", "2q1k3/8/8/8/8/8/8/3QK3 b - - 0 1", "e8e7"]), None);
    let fen = "8/8/8/3k4/8/8/3q4/3K4 w - - 0 1";
    assert_eq!(result(&["chess", "--fen", fen, "d1d2"]).as_deref(), Some("1/2-1/2 (dead position)"));
    assert_eq!(
        result(&["tigrey", "--fen", "k11/12/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1"]).as_deref(),
        Some("1/2-1/2 (dead position)")
    );
    // Perft knows no optional or dead-position draws.
    let v = variant("chess");
    let mut p = Position::from_fen(&v, "8/8/8/3k4/8/8/8/3K4 w - - 0 1").unwrap();
    assert_eq!(perft(&mut p, 1), 5);
    // A definition may switch it off.
    let text = builtin::text("chess").unwrap().replace("repetition = 3", "repetition = 3\ndead-position = false");
    let off = load_str(&text).unwrap().0;
    let mut g = rookery::game::Game::new(Position::from_fen(&off, "8/8/8/3k4/8/8/8/3K4 w - - 0 1").unwrap());
    assert_eq!(g.outcome(), None);
}

#[test]
fn end_rules_are_judged_in_the_given_order() {
    // Bare king against stalemate: by default stalemate (no moves) comes first.
    let text = builtin::text("chess").unwrap().replace("bare-king = \"none\"", "bare-king = \"loss\"");
    let fen = "k7/8/1Q6/8/8/8/8/7K b - - 0 1";
    let v = load_str(&text).unwrap().0;
    let mut g = rookery::game::Game::new(Position::from_fen(&v, fen).unwrap());
    assert_eq!(g.outcome().unwrap().to_string(), "1/2-1/2 (stalemate)");
    let first = text.replace("repetition = 3", "repetition = 3\nend-order = [\"bare-king\", \"no-moves\"]");
    let v = load_str(&first).unwrap().0;
    let mut g = rookery::game::Game::new(Position::from_fen(&v, fen).unwrap());
    assert_eq!(g.outcome().unwrap().to_string(), "1-0 (bare king)");
    let bad = text.replace("repetition = 3", "repetition = 3\nend-order = [\"no-moves\", \"no-moves\", \"mate\"]");
    let err = load_str(&bad).unwrap_err();
    let msgs: Vec<&str> = err.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert!(
        msgs.iter().any(|m| m.contains("twice")) && msgs.iter().any(|m| m.contains("\"mate\" is no end rule")),
        "{msgs:?}"
    );
}
