//! `Position::check_cells`, the search's test for "this move cannot give
//! check" (it prunes such late quiet moves without playing them): in random
//! games of every built-in, every legal move it clears is played, and the
//! side to move after it must not be in check. The test is only worth
//! anything if it clears many moves, so that share is checked too.

use rookery::game::notation::parse_move;
use rookery::game::{Game, Position};
use rookery::hooks::rng::Rng;
use rookery::variant::{builtin, load_str};

/// Per built-in: moves cleared, moves tested (cleared or not), positions
/// where the test was available.
fn check_variant(name: &str, text: &str, seed: u64) -> (usize, usize, usize) {
    let (v, _) = load_str(text).unwrap();
    let mut rng = Rng::new(seed);
    let mut legal = Vec::new();
    let (mut cleared, mut tested, mut positions) = (0, 0, 0);
    for _game in 0..4 {
        let mut game = Game::new(Position::start(&v));
        for _ply in 0..80 {
            if game.outcome().is_some() {
                break;
            }
            game.pos.legal_moves(&mut legal);
            if legal.is_empty() {
                break;
            }
            if let Some(cells) = game.pos.check_cells() {
                positions += 1;
                for m in &legal {
                    tested += 1;
                    if cells.may_check(m) {
                        continue;
                    }
                    cleared += 1;
                    let mut after = game.clone();
                    after.play(*m);
                    assert!(
                        !after.pos.in_check(),
                        "{name}: {m:?} was cleared but gives check in {} (after: {})",
                        game.pos.fen(),
                        after.pos.fen()
                    );
                }
            }
            let m = legal[rng.below(legal.len() as u64) as usize];
            game.play(m);
        }
    }
    (cleared, tested, positions)
}

#[test]
fn no_move_cleared_of_giving_check_gives_it_in_any_builtin() {
    let mut total = (0, 0);
    for (i, (name, text)) in builtin::BUILTIN.iter().enumerate() {
        let (cleared, tested, _) = check_variant(name, text, 100 + i as u64);
        total.0 += cleared;
        total.1 += tested;
    }
    eprintln!("{} of {} moves cleared in {} built-ins", total.0, total.1, builtin::BUILTIN.len());
    assert!(total.0 * 2 > total.1, "the test clears too few moves to be worth it: {total:?}");
}

#[test]
fn most_quiet_chess_moves_are_cleared_and_checks_are_not() {
    let (v, _) = load_str(builtin::text("chess").unwrap()).unwrap();
    // White to move: Bb5+ checks; Nc3, a3 and h3 cannot.
    let pos = Position::from_fen(&v, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").unwrap();
    let cells = pos.check_cells().expect("chess has the test");
    let mut legal = Vec::new();
    pos.clone().legal_moves(&mut legal);
    let named = |s: &str| parse_move(&pos, s, &legal).unwrap();
    assert!(cells.may_check(&named("f1b5")));
    assert!(!cells.may_check(&named("a2a3")));
    // exd5 leaves the e-file, where a rook or queen could check from.
    assert!(cells.may_check(&named("e4d5")));
    assert!(!cells.may_check(&named("b1c3")));
    assert!(!cells.may_check(&named("h2h3")));
    let (cleared, tested, positions) = check_variant("chess", builtin::text("chess").unwrap(), 1);
    assert!(positions > 100 && cleared * 5 > tested * 2, "{cleared} of {tested} in {positions} positions");
}
