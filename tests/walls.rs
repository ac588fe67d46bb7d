//! Walls (`[walls]`, src/game/rules/walls.rs): the duck, arrows, trails and
//! blocked squares. Results through the `rookery replay` contract; move lists
//! and counts on hand-made positions as Fairy-Stockfish gives them (pyffish
//! 0.0.90 `legal_moves` / `game_result`, or `go perft` of the FSF binary,
//! noted at each). Random-play positions: tests/perft/fsf-{duck,amazons,
//! isolation,isolation7x7,snailtrail,joust}.perft and fsf-duck.moves.

#[path = "replay_common/mod.rs"]
mod replay_common;

use replay_common::{builtin_variant, legal_texts, replay, result};
use rookery::game::perft::perft;
use rookery::game::{Move, Position};
use rookery::variant::{builtin, load_str};

#[test]
fn capturing_the_king_wins_duck_chess() {
    // pyffish game_result after these moves: -32000 for Black to move.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let args = ["duck", "--fen", fen, "d1h5,h5a3", "a7a6,a6a4", "h5f7,f7a5", "a8a7,a7a8", "f7e8,e8h3"];
    assert_eq!(result(&args).as_deref(), Some("1-0 (king captured)"));
}

#[test]
fn a_duck_chess_player_without_a_move_wins() {
    // White's king, bishop and pawns are locked in by Black's pawns and the
    // duck on b3; pyffish: no legal moves, game_result +32000 for White.
    let fen = "7k/8/8/8/p1p5/P1P5/PPP5/KB5* b - - 0 1";
    assert_eq!(result(&["duck", "--fen", fen, "h8g8,g8b3"]).as_deref(), Some("1-0 (stalemate)"));
    // With the duck anywhere else White moves on.
    assert_eq!(result(&["duck", "--fen", fen, "h8g8,g8b4"]), None);
}

#[test]
fn the_duck_moves_every_turn_and_blocks() {
    // pyffish get_fen after the same moves: the duck left e5 for d4.
    let (ok, out, _) = replay(&["duck", "e2e4,e4e5", "d7d6,d6d4"]);
    assert!(ok && out.contains("rnbqkbnr/ppp1pppp/3p4/8/3*P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"), "{out}");
    // A move onto the duck, a duck left where it stands, a duck on the
    // destination: pyffish lists none of them.
    for bad in ["e7e5,e5d5", "d7d6,d6e5", "d7d6,d6d6"] {
        let (ok, _, _) = replay(&["duck", "e2e4,e4e5", bad]);
        assert!(!ok, "{bad} accepted");
    }
    // Nothing slides through the duck: the queen on d1 stops at d3.
    let v = builtin_variant("duck");
    let t = legal_texts(&v, "4k3/8/8/8/3*4/8/8/3QK3 w - - 0 1");
    assert!(t.contains(&"d1d3,d3a1".to_string()));
    assert!(!t.iter().any(|m| m.starts_with("d1d4") || m.starts_with("d1d5")));
    // pyffish legal_moves: 960 = 16 moves (12 of the queen, 4 of the
    // king, which is no royal) times the 60 cells then empty.
    assert_eq!(t.len(), 960);
}

#[test]
fn castling_with_the_duck_walls_any_cell_left_empty() {
    // pyffish legal_moves from this FEN: 1050 moves; castling short may put
    // the duck on the king's or the rook's start but not on g1 or f1.
    let v = builtin_variant("duck");
    let t = legal_texts(&v, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    assert_eq!(t.len(), 1050);
    for m in ["e1g1,g1e1", "e1g1,g1h1", "e1c1,c1a1", "e1c1,c1b1", "e1c1,c1e1"] {
        assert!(t.contains(&m.to_string()), "{m} missing");
    }
    for m in ["e1g1,g1g1", "e1g1,g1f1", "e1c1,c1d1", "e1c1,c1c1"] {
        assert!(!t.contains(&m.to_string()), "{m} present");
    }
    let (ok, out, _) = replay(&["duck", "--fen", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "e1g1,g1e1"]);
    assert!(ok && out.contains("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3*RK1 b kq - 1 1"), "{out}");
}

#[test]
fn make_and_unmake_restore_the_duck() {
    let v = builtin_variant("duck");
    let fen = "rnbqkbnr/ppp1p1pp/*7/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    let mut p = Position::from_fen(&v, fen).unwrap();
    let mut moves: Vec<Move> = Vec::new();
    p.legal_moves(&mut moves);
    // pyffish: en passant e5f6 is legal, and the duck may go to e5 or f5
    // (both emptied by the capture) but not back to a6 or onto f6.
    let texts: Vec<String> = moves.iter().map(|m| rookery::game::notation::move_text(&p, m, &moves)).collect();
    assert!(texts.contains(&"e5f6,f6f5".to_string()) && texts.contains(&"e5f6,f6e5".to_string()));
    assert_eq!(texts.iter().filter(|t| t.starts_with("e5f6,")).count(), 32);
    assert!(!texts.contains(&"e5f6,f6a6".to_string()) && !texts.contains(&"e5f6,f6f6".to_string()));
    for m in moves.iter().step_by(7) {
        let u = p.make(*m);
        let mut inner = Vec::new();
        p.legal_moves(&mut inner);
        p.unmake(*m, u);
        assert_eq!(p.fen(), fen, "after {m:?}");
    }
    assert_eq!(perft(&mut p, 1), moves.len() as u64);
}

#[test]
fn an_arrow_flies_from_where_the_amazon_landed() {
    // FSF go perft 1 = 2176 from the start; d1d7 then the arrow along the
    // lines from d7 (d1 emptied, so the arrow may land on it).
    let v = builtin_variant("amazons");
    let t = legal_texts(&v, "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1");
    assert_eq!(t.len(), 2176);
    assert!(t.contains(&"d1d7,d7d1".to_string()) && t.contains(&"d1d7,d7g7".to_string()));
    assert!(!t.contains(&"d1d7,d7e5".to_string()), "a knight's step is no arrow");
}

#[test]
fn a_player_who_cannot_move_loses_isolation_and_snailtrail() {
    // pyffish: after d8e8,e8b1 White's pawn on a1 is walled in; game_result -32000.
    let fen = "3p2/6/6/6/6/6/**4/P5 b - - 0 1";
    assert_eq!(result(&["isolation", "--fen", fen, "d8e8,e8b1"]).as_deref(), Some("0-1 (stalemate)"));
    // A trail: the snail may not step back onto the cell it left.
    let v = builtin_variant("snailtrail");
    assert_eq!(legal_texts(&v, "6p/7/7/7/7/7/P6 w - - 0 1"), ["a1a2,a2a1", "a1b1,b1a1", "a1b2,b2a1"]);
    let (ok, out, _) = replay(&["snailtrail", "a1b2,b2a1", "g7f6,f6g7"]);
    assert!(ok && out.contains("6*/5p1/7/7/7/1P5/*6 w - - 2 2"), "{out}");
}

#[test]
fn walls_keys_are_checked_with_locations() {
    let duck = builtin::text("duck").unwrap();
    let chess = builtin::text("chess").unwrap();
    for (base, extra, msg) in [
        (duck, "rule = \"spiral\"", "unknown wall rule `spiral`"),
        (duck, "region = \"nowhere\"", "unknown region `nowhere`"),
        (duck, "colour = 1", "unknown key `colour` in [walls]"),
        (chess, "[walls]\nrule = \"duck\"", "walls cannot be combined with royal pieces"),
    ] {
        let text = if base == duck {
            let with = if extra.starts_with("rule") { extra.to_string() } else { format!("rule = \"duck\"\n{extra}") };
            duck.replace("rule = \"duck\"", &with)
        } else {
            format!("{base}\n{extra}\n")
        };
        let e = load_str(&text).err().unwrap_or_else(|| panic!("accepted: {extra}"));
        let d = e.diagnostics.iter().find(|d| d.message.contains(msg)).unwrap_or_else(|| panic!("{:?}", e.diagnostics));
        let walls_at = text.find("[walls]").unwrap();
        assert!(d.span.start >= walls_at, "{extra}: the error points into [walls]");
    }
}

#[test]
fn a_wall_in_a_fen_is_read_and_written_as_a_star() {
    let v = builtin_variant("duck");
    for fen in ["rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "4k3/8/8/8/3*4/8/8/3QK3 w - - 0 1"] {
        assert_eq!(Position::from_fen(&v, fen).unwrap().fen(), fen);
    }
    // Chess has no walls: there `*` is a hole, and e5 is none.
    let chess = builtin_variant("chess");
    assert!(Position::from_fen(&chess, "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").is_err());
}

#[test]
fn a_petrifying_piece_turns_into_a_wall_where_it_captured() {
    // pyffish 0.0.90 get_fen / legal_moves after the same moves: the queen
    // that took on d5 is a wall; later the knight on c3 may not enter it.
    let (ok, out, _) = replay(&["petrified", "e2e4", "d7d5", "e4d5", "d8d5"]);
    assert!(ok && out.trim() == "rnb1kbnr/ppp1pppp/8/3*4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "{out}");
    let (ok, _, _) = replay(&["petrified", "e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "e7e5", "c3d5"]);
    assert!(!ok, "a knight entered a wall");
    // A pawn that captures and promotes stays a piece (FSF judges the kind
    // that moved); the king never captures, even a piece next to it.
    let v = builtin_variant("petrified");
    let mut p = Position::from_fen(&v, "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let m = moves.iter().copied().find(|m| rookery::game::notation::move_text(&p, m, &moves) == "a7b8q").unwrap();
    p.make(m);
    assert_eq!(p.fen(), "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(legal_texts(&v, "8/8/8/8/8/8/4k3/4K3 w - - 0 1"), ["e1d1", "e1d2", "e1f1", "e1f2"]);
    // Mated: the queen next to the king may not be taken (pyffish: no move).
    assert_eq!(
        result(&["petrified", "--fen", "4k3/8/8/8/8/3q4/8/4K3 b - - 0 1", "d3e2"]).as_deref(),
        Some("0-1 (checkmate)")
    );
}

#[test]
fn petrify_on_capture_is_checked_with_locations() {
    let text = builtin::text("petrified").unwrap();
    for (from, to, msg) in [
        (
            "betza = \"mKisO2\"\n",
            "betza = \"mKisO2\"\npetrify-on-capture = true\n",
            "`king` is royal and may not petrify",
        ),
        ("betza = \"N\"\npetrify-on-capture = true", "betza = \"N\"\npetrify-on-capture = 1", "must be true or false"),
    ] {
        let bad = text.replacen(from, to, 1);
        let e = load_str(&bad).err().unwrap_or_else(|| panic!("accepted: {to}"));
        let d = e.diagnostics.iter().find(|d| d.message.contains(msg)).unwrap_or_else(|| panic!("{:?}", e.diagnostics));
        assert_eq!(&bad[d.span.clone()], if msg.contains("royal") { "true" } else { "1" }, "{msg}");
    }
}
