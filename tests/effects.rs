//! Capture side effects and extra moves (`[effects]`, src/game/rules/effects.rs):
//! atomic explosions. Results through the `rookery replay` contract; legality
//! checked on hand-made positions whose counts Fairy-Stockfish agrees with
//! (`go perft` with `UCI_Variant atomic`, noted at each).

mod replay_common;
use replay_common::{builtin_variant, legal_texts};
use rookery::game::perft::perft;
use rookery::game::{Move, Position};
use rookery::variant::{builtin, load_str, Variant};

fn replay(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rookery")).arg("replay").args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
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

fn moves_from(v: &Variant, fen: &str, from: &str) -> Vec<String> {
    legal_texts(v, fen).into_iter().filter(|m| m.starts_with(from)).collect()
}

#[test]
fn two_passes_in_a_row_end_janggi_by_the_count_or_drawn() {
    // Equal material: Black's 1.5 points decide the count (FSF: 0-1).
    let out = replay(&["janggi", "e2e2", "e9e9"]);
    assert!(out.contains("result: 0-1 (two passes)"), "{out}");
    let out = replay(&["janggitraditional", "e2e2", "e9e9"]);
    assert!(out.contains("result: 1/2-1/2 (two passes)"), "{out}");
    // One pass does not end it, and the position is written as FSF does.
    let out = replay(&["janggicasual", "e2e2"]);
    assert!(out.contains("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1"), "{out}");
    assert!(!out.contains("result:"), "{out}");
    // After two passes the game has no moves (FSF's perft: 32, 1024, 33000
    // from the start, of which the pass-pass node contributes 0 at depth 3).
    let v = builtin_variant("janggi");
    let mut p = Position::start(&v);
    assert_eq!(perft(&mut p, 3), 33000);
}

#[test]
fn bikjang_must_be_broken_or_passed_and_a_pass_ends_it() {
    let fen = "4k4/9/9/9/9/R8/9/9/4K4/9 w - - 0 1";
    // The generals face each other on the e-file: White's king may not stay
    // on it (no e1, e3), the chariot must close it (a5e5) or stay (FSF: the
    // same 8 moves).
    let v = builtin_variant("janggi");
    assert_eq!(moves_from(&v, fen, "e2"), ["e2d1", "e2d2", "e2d3", "e2e2", "e2f1", "e2f2", "e2f3"]);
    assert_eq!(moves_from(&v, fen, "a5"), ["a5e5"]);
    // ... and a pass ends the game: counted (13 points up: 1-0) or drawn.
    assert!(replay(&["janggi", "--fen", fen, "e2e2"]).contains("result: 1-0 (bikjang)"));
    assert!(replay(&["janggitraditional", "--fen", fen, "e2e2"]).contains("result: 1/2-1/2 (bikjang)"));
    // Casual rules know no bikjang: the generals may stay facing.
    let casual = builtin_variant("janggicasual");
    assert!(moves_from(&casual, fen, "a5").len() > 1);
    assert!(!replay(&["janggicasual", "--fen", fen, "e2e2"]).contains("result:"));
}

#[test]
fn no_pass_in_check() {
    let v = builtin_variant("janggicasual");
    // The chariot on e5 checks the general on e2.
    let moves = moves_from(&v, "3k5/9/9/9/9/4r4/9/9/4K4/9 w - - 0 1", "e2");
    assert!(!moves.contains(&"e2e2".to_string()), "{moves:?}");
    assert!(moves.contains(&"e2d2".to_string()), "{moves:?}");
}

#[test]
fn the_janggi_cannon_never_jumps_or_takes_a_cannon() {
    let v = builtin_variant("janggi");
    // e6 cannon: the only screen below is the black cannon on e3 (FSF: no move).
    assert!(moves_from(&v, "4k4/9/9/9/4C4/9/9/4c4/3K5/9 w - - 0 1", "e6").is_empty());
    // With a soldier as screen it lands on e4 but may not take the cannon
    // on e3 (FSF: e6e4 only).
    assert_eq!(moves_from(&v, "4k4/9/9/9/4C4/4P4/9/4c4/3K5/9 w - - 0 1", "e6"), ["e6e4"]);
    // Nor does a cannon behind a cannon give check: White may move freely.
    let p = Position::from_fen(&v, "4k4/9/9/3c5/9/9/3C5/9/9/3K5 w - - 0 1").unwrap();
    assert!(!p.in_check());
    // A soldier as the screen does (the d7 cannon checks the d1 general).
    let p = Position::from_fen(&v, "4k4/9/9/3c5/9/9/3P5/9/9/3K5 w - - 0 1").unwrap();
    assert!(p.in_check());
}

#[test]
fn palace_diagonals_for_every_piece_that_has_them() {
    let v = builtin_variant("janggi");
    // The chariot on d1 slides along the palace line to e2 and f3 (FSF).
    let fen = "4k4/9/9/9/9/9/9/9/9/3R1K3 w - - 0 1";
    let r = moves_from(&v, fen, "d1");
    assert!(r.contains(&"d1e2".into()) && r.contains(&"d1f3".into()) && !r.contains(&"d1c2".into()), "{r:?}");
    // The cannon on d8 jumps the centre of Black's palace to f10 (FSF).
    let fen = "3k1a3/4a4/3C5/9/9/9/9/9/4K4/9 w - - 0 1";
    assert!(moves_from(&v, fen, "d8").contains(&"d8f10".to_string()));
    // A soldier in the enemy palace steps diagonally forward along the lines.
    let fen = "9/4P4/3k5/9/9/9/9/9/4K4/9 w - - 0 1";
    let p = moves_from(&v, fen, "e9");
    assert!(p.contains(&"e9d10".into()) && p.contains(&"e9f10".into()), "{p:?}");
}

/// `rookery moves DEF --piece L --at CELL --fen FEN --json`: the cells it
/// shows as reachable (a move or a capture, not a friend's cell).
fn shown_destinations(def: &str, letter: char, at: &str, fen: &str) -> Vec<String> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(["moves", def, "--piece", &letter.to_string(), "--at", at, "--fen", fen, "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut to: Vec<String> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| ["move", "capture", "both"].contains(&m["kind"].as_str().unwrap()))
        .map(|m| m["to"].as_str().unwrap().to_string())
        .collect();
    to.sort();
    to
}

#[test]
fn the_moves_command_shows_only_the_palace_lines_of_the_cell_it_stands_on() {
    // Positions without checks, pins or facing generals, so the legal moves
    // of each piece are exactly its pseudo-legal ones: `moves` must show
    // the destinations perft plays (it once added every palace line of the
    // piece wherever it stood: c2 and b3 for a chariot on d1).
    let v = builtin_variant("janggi");
    let fens = [
        "9/4k4/9/9/9/9/9/9/5K3/3R5 w - - 0 1",
        "9/4k4/9/9/9/9/9/5R3/3K5/9 w - - 0 1",
        "9/4k4/9/9/9/9/9/9/4P4/3C1K3 w - - 0 1",
        "5R3/9/4k4/9/9/9/9/9/5K3/9 w - - 0 1",
        "9/5k3/9/9/9/9/9/9/4R4/3K5 w - - 0 1",
    ];
    for fen in fens {
        let p = Position::from_fen(&v, fen).unwrap();
        for c in 0..v.grid.len() as u16 {
            let code = p.at(c);
            if code == 0 || rookery::game::code_side(code) != 0 {
                continue;
            }
            let letter = v.pieces[rookery::game::code_kind(code) as usize].letter;
            if letter == 'K' {
                continue;
            }
            let at = v.grid.label(c).to_string();
            let mut played: Vec<String> = moves_from(&v, fen, &at).iter().map(|m| m[at.len()..].to_string()).collect();
            played.sort();
            assert_eq!(shown_destinations("janggi", letter, &at, fen), played, "{letter} on {at} in {fen}");
        }
    }
}
