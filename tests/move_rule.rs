//! The FENs of random games against Fairy-Stockfish, after every ply:
//! which moves reset the n-move counter (`pieces.*.resets-move-rule`,
//! `src/game/rules/move_rule.rs`: pawnback's pawn moves never do,
//! pawnsideways' sideways step does not) and the e.p. field
//! (`src/game/rules/en_passant.rs`: a chess pawn's square only where it can
//! be taken, every square passed and landed on for other pawns). Frozen from
//! pyffish 0.0.90 by tools/fsf_move_rule.py into tests/data/fsf-game-fens.txt.

use rookery::game::notation::parse_move;
use rookery::game::Position;
use rookery::variant::{builtin, load_str};

#[test]
fn fens_of_random_games_are_fairy_stockfish_s_after_every_ply() {
    let data = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fsf-game-fens.txt")).unwrap();
    let (mut plies, mut games, mut wrong) = (0, 0, Vec::new());
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let mut f = line.split('\t');
        let (name, moves, fens) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
        let v = load_str(builtin::text(name).unwrap()).unwrap().0;
        let mut pos = Position::start(&v);
        let mut legal = Vec::new();
        for (i, (m, fen)) in moves.split(' ').zip(fens.split('|')).enumerate() {
            pos.legal_moves(&mut legal);
            let mv = parse_move(&pos, m, &legal).unwrap_or_else(|| panic!("{name}: ply {i} {m} is not legal"));
            pos.make(mv);
            if pos.fen() != fen && wrong.len() < 10 {
                wrong.push(format!("{name} after ply {i} ({m}):\n  FSF     {fen}\n  Rookery {}", pos.fen()));
            }
            plies += 1;
        }
        games += 1;
    }
    assert!(games >= 32 && plies > 2000, "{games} games, {plies} plies");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The default keeps chess as it was (every pawn move resets), and a
/// value the key does not know is an error at the value.
#[test]
fn resets_move_rule_values_and_errors() {
    let chess = builtin::text("chess").unwrap();
    let with =
        |value: &str| chess.replace("letter = \"P\"\n", &format!("letter = \"P\"\nresets-move-rule = {value}\n"));
    let text = with("\"sometimes\"");
    assert_ne!(text, chess, "the pawn's letter line is in chess.toml");
    let e = load_str(&text).expect_err("an unknown value is an error");
    let d = &e.diagnostics[0];
    assert!(d.message.contains("resets-move-rule"), "{}", d.message);
    assert_eq!(&text[d.span.clone()], "\"sometimes\"");
    // From a clock of 1: e2e4 resets it, unless the pawn's moves never do.
    for (value, after_e2e4) in [("\"never\"", 2), ("\"always\"", 0), ("\"unless-reversible\"", 0)] {
        let v = load_str(&with(value)).unwrap().0;
        let mut pos = Position::from_fen(&v, "4k3/8/8/8/8/8/4P3/4K3 w - - 1 1").unwrap();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        pos.make(parse_move(&pos, "e2e4", &legal).unwrap());
        assert_eq!(pos.halfmove(), after_e2e4, "{value}");
    }
}
