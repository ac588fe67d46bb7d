//! Self-play: short games across every built-in (at least 100, and at
//! least one in each built-in: with more built-ins than 100 games, the
//! last ones were never played), each starting with a few random moves,
//! the search on a tiny node budget. Every move the search picks must be
//! legal, and no game may crash.

use rookery::game::Game;
use rookery::game::Position;
use rookery::hooks::rng::Rng;
use rookery::search::{Limits, Searcher};
use rookery::variant::{builtin, load_str};

#[test]
fn hundred_short_games_without_an_illegal_move() {
    let variants: Vec<_> = builtin::BUILTIN.iter().map(|(_, t)| load_str(t).unwrap().0).collect();
    let mut finished = 0;
    let mut legal = Vec::new();
    let games = variants.len().max(100) as u64;
    for i in 0..games {
        let v = &variants[i as usize % variants.len()];
        let mut searcher = Searcher::new(v, 1);
        let mut game = Game::new(Position::start(v));
        let mut rng = Rng::new(i + 1);
        for ply in 0..60 {
            if game.outcome().is_some() {
                finished += 1;
                break;
            }
            game.pos.legal_moves(&mut legal);
            let m = if ply < 4 {
                legal[rng.below(legal.len() as u64) as usize]
            } else {
                let (m, _) = searcher.search(&mut game, Limits::nodes(200), &mut |_| {}).expect("a move");
                m
            };
            assert!(legal.contains(&m), "{} game {i} ply {ply}: illegal {m:?} in {}", v.name, game.pos.fen());
            game.play(m);
        }
    }
    eprintln!("{finished} of {games} games ended within 60 plies");
}
