//! SAN in every built-in, as `rookery play` prints and reads it: random
//! games in each built-in, and at every ply (up to six of) the legal
//! moves' SAN must
//! read back to that move (as printed, without its decoration, and in
//! lower case, which may only be ambiguous or another move's own SAN or
//! coordinates), and its `+`/`#` must agree with the position after it:
//! `#` exactly when the side to move is in check without a legal move and
//! the game is over, `+` for any other check.

use rookery::game::{Game, Position};
use rookery::hooks::rng::Rng;
use rookery::protocol::san;
use rookery::variant::{builtin, load_str};

/// Checks one legal move's SAN in `game`; returns it.
fn check_move(game: &Game<'_>, m: &rookery::game::Move, legal: &[rookery::game::Move], name: &str) -> String {
    let pos = &game.pos;
    let text = san::san(pos, m, legal);
    let at = || format!("{name}: {text} in {}", pos.fen());
    assert_eq!(san::parse(pos, &text, legal), Ok(Some(*m)), "{}", at());
    let bare: String = text.chars().filter(|c| !"+#".contains(*c)).collect();
    assert_eq!(san::parse(pos, &bare, legal), Ok(Some(*m)), "{}", at());
    match san::parse(pos, &text.to_lowercase(), legal) {
        // Coordinates and exact case come first: lower case may be another
        // move's own SAN (TCB's pawn `hh6` beside the Dragon Horse's
        // `Hh6`) or coordinates (shogi's `g9f8` beside the gold's `G9f8`).
        Ok(Some(other)) if other != *m => {
            let own: String = san::san(pos, &other, legal).chars().filter(|c| !"+#".contains(*c)).collect();
            let lower = bare.to_lowercase();
            let named = own == lower || san::coords(pos, &other, legal) == lower;
            assert!(named, "lower case names another move ({own}): {}", at());
        }
        Ok(Some(_)) => {}
        Ok(None) => panic!("lower case names no move: {}", at()),
        Err(candidates) => assert!(candidates.contains(&text), "{candidates:?}: {}", at()),
    }
    let mut after = game.clone();
    after.play(*m);
    let mut replies = Vec::new();
    after.pos.legal_moves(&mut replies);
    let check = after.pos.in_check();
    // Checkmate is `#` whoever it favours (misère: the mated side wins).
    let mated = check && replies.is_empty() && after.outcome().is_some();
    assert_eq!(text.ends_with('#'), mated, "{}", at());
    assert_eq!(text.ends_with('+'), check && !mated, "{}", at());
    text
}

#[test]
fn every_moves_san_reads_back_in_every_builtin() {
    let mut legal = Vec::new();
    let mut moves_checked = 0;
    for (i, (name, text)) in builtin::BUILTIN.iter().enumerate() {
        let (v, _) = load_str(text).unwrap();
        let mut rng = Rng::new(i as u64 + 7);
        for _game in 0..2 {
            let mut game = Game::new(Position::start(&v));
            for _ply in 0..40 {
                if game.outcome().is_some() {
                    break;
                }
                game.pos.legal_moves(&mut legal);
                if legal.is_empty() {
                    break;
                }
                // Every move where few are legal, else a sample (reading a
                // SAN back costs the SAN of every legal move).
                let step = legal.len().div_ceil(6);
                for m in legal.iter().skip(rng.below(step as u64) as usize).step_by(step) {
                    check_move(&game, m, &legal, name);
                    moves_checked += 1;
                }
                let m = legal[rng.below(legal.len() as u64) as usize];
                game.play(m);
            }
        }
    }
    eprintln!("{moves_checked} moves' SAN checked in {} built-ins", builtin::BUILTIN.len());
}
