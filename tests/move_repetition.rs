//! Janggi's modern move-repetition rule (`rules.move-repetition-loses`,
//! Fairy-Stockfish's moveRepetitionIllegal) against Fairy-Stockfish's own
//! verdicts: janggimodern games in which one side shuffles a piece (or
//! passes) back and forth, judged by pyffish after every ply and frozen by
//! tools/fsf_move_repetition.py into tests/data/fsf-move-repetition.txt.

use rookery::game::notation::parse_move;
use rookery::game::{Game, Position};
use rookery::variant::{builtin, load_str};

/// Rookery's verdict for the side to move, in the data file's words.
fn verdict(g: &mut Game) -> (String, Option<String>) {
    let stm = g.pos.side();
    match g.outcome() {
        None => ("-".into(), None),
        Some(o) => {
            let word = match o.winner {
                None => "draw",
                Some(w) if w == stm => "win",
                Some(_) => "loss",
            };
            (word.into(), Some(o.reason.to_string()))
        }
    }
}

#[test]
fn janggimodern_game_ends_are_fairy_stockfish_s_after_every_ply() {
    let data =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fsf-move-repetition.txt")).unwrap();
    let v = load_str(builtin::text("janggimodern").unwrap()).unwrap().0;
    let (mut games, mut plies, mut repetitions, mut wrong) = (0, 0, 0, Vec::new());
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let (moves, verdicts) = line.split_once('\t').unwrap();
        let mut g = Game::new(Position::start(&v));
        let mut legal = Vec::new();
        for (i, (m, fsf)) in moves.split(' ').zip(verdicts.split('|')).enumerate() {
            g.legal_moves(&mut legal);
            let mv = parse_move(&g.pos, m, &legal).unwrap_or_else(|| panic!("game {games}: ply {i} {m} is not legal"));
            g.play(mv);
            let (ours, reason) = verdict(&mut g);
            if ours != fsf {
                wrong
                    .push(format!("game {games} after ply {i} ({m}): FSF {fsf}, Rookery {ours} {reason:?}\n  {moves}"));
            }
            repetitions += usize::from(reason.as_deref() == Some("move repetition"));
            plies += 1;
        }
        games += 1;
    }
    assert!(wrong.is_empty(), "{} differences:\n{}", wrong.len(), wrong.join("\n"));
    // The data must exercise the rule: FSF ended 49 of the 158 games so.
    assert!(games >= 150 && plies > 3000, "{games} games, {plies} plies");
    assert!(repetitions >= 40, "only {repetitions} move-repetition ends");
}

/// The smallest case by hand: a chariot goes a1a2, a2a1 … five times while
/// Black shuffles its own chariot; the fifth move loses for White (pyffish:
/// is_optional_game_end gives (True, 32000) after the ninth ply, none
/// before). Without the key the game goes on.
#[test]
fn five_shuffles_lose_and_the_key_is_needed() {
    let text = builtin::text("janggimodern").unwrap();
    let fen = "r3k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1";
    let shuffle = ["a1a2", "a10a9", "a2a1", "a9a10", "a1a2", "a10a9", "a2a1", "a9a10", "a1a2"];
    let play = |text: &str, n: usize| {
        let v = load_str(text).unwrap().0;
        let mut g = Game::new(Position::from_fen(&v, fen).unwrap());
        let mut legal = Vec::new();
        for m in &shuffle[..n] {
            g.legal_moves(&mut legal);
            let mv = parse_move(&g.pos, m, &legal).unwrap();
            g.play(mv);
        }
        g.outcome().map(|o| o.to_string())
    };
    assert_eq!(play(text, 8), None);
    assert_eq!(play(text, 9).as_deref(), Some("0-1 (move repetition)"));
    let without = text.replace("move-repetition-loses = true", "move-repetition-loses = false");
    assert_ne!(without, text);
    assert_eq!(play(&without, 9), None);
}
