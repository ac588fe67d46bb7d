//! Colour symmetry of the whole evaluation: a position and its mirror
//! image (ranks reversed, colours and side to move swapped) must score the
//! same for the side to move, so no term can have the wrong sign or favour
//! one colour.

use super::Eval;
use crate::game::{Game, Position};
use crate::variant::{builtin, load_str};

/// The mirror image of a FEN of a rectangular board: ranks reversed,
/// colours swapped (hands too), side to move swapped, castling rights and
/// the en-passant rank reflected.
fn mirror(fen: &str, ranks: u32) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let (board, hand) = f[0].split_once('[').map_or((f[0], None), |(b, h)| (b, Some(h)));
    let mut placement = board.split('/').rev().map(swap_case).collect::<Vec<_>>().join("/");
    if let Some(h) = hand {
        placement += &format!("[{}", swap_case(h));
    }
    let side = if f[1] == "w" { "b" } else { "w" };
    let mut castling: Vec<char> = swap_case(f[2]).chars().collect();
    castling.sort_by_key(|c| c.is_ascii_lowercase());
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let split = f[3].find(|c: char| c.is_ascii_digit()).unwrap();
        let rank: u32 = f[3][split..].parse().unwrap();
        format!("{}{}", &f[3][..split], ranks + 1 - rank)
    };
    let mut out = vec![placement, side.to_string(), castling.into_iter().collect(), ep];
    out.extend(f[4..].iter().map(|s| s.to_string()));
    out.join(" ")
}

fn swap_case(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }).collect()
}

/// Plays `plies` pseudo-random legal moves from the start of `name` and
/// checks the symmetry at every position on the way.
fn symmetric_along_a_game(name: &str, seed: u64, plies: usize) {
    let (v, _) = load_str(builtin::text(name).unwrap()).unwrap();
    let eval = Eval::new(&v);
    let mut game = Game::new(Position::start(&v));
    let mut rng = seed;
    let mut moves = Vec::new();
    for ply in 0..plies {
        let fen = game.pos.fen();
        let image = mirror(&fen, v.grid.ranks());
        let mirrored = Position::from_fen(&v, &image).unwrap_or_else(|e| panic!("{image}: {e}"));
        assert_eq!(eval.evaluate(&game.pos), eval.evaluate(&mirrored), "{name} ply {ply}: {fen} vs {image}");
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        game.play(moves[(rng >> 33) as usize % moves.len()]);
    }
}

#[test]
fn the_evaluation_is_colour_symmetric() {
    for (name, seed) in [("chess", 1), ("chess", 2), ("capablanca", 3), ("crazyhouse", 4), ("xiangqi", 5), ("shogi", 6)]
    {
        symmetric_along_a_game(name, seed, 120);
    }
}

#[test]
fn a_sign_error_would_be_caught() {
    // The test above is not vacuous: an extra piece changes the score.
    let (v, _) = load_str(builtin::text("chess").unwrap()).unwrap();
    let eval = Eval::new(&v);
    let up = Position::from_fen(&v, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    let down = Position::from_fen(&v, "3qk3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(eval.evaluate(&up) > 500 && eval.evaluate(&down) < -500);
    assert_eq!(mirror("3qk3/8/8/8/8/8/8/4K3 w - e3 0 1", 8), "4k3/8/8/8/8/8/8/3QK3 b - e6 0 1");
}

#[test]
fn the_lazy_score_is_exact_inside_the_window_and_far_outside_it_otherwise() {
    let (v, _) = load_str(builtin::text("chess").unwrap()).unwrap();
    let full = Eval::new(&v);
    let mut game = Game::new(Position::start(&v));
    let mut moves = Vec::new();
    let mut rng = 9u64;
    let mut skipped = 0;
    for _ in 0..80 {
        let f = full.compute(&game.pos);
        let (base, _) = full.base(&game.pos);
        // A fresh table for each position, and the windows that skip (and
        // so cache nothing) first, so no cached full score answers them.
        let fresh = Eval::new(&v);
        for (alpha, beta) in [(f - 2000, f - 1000), (f + 1000, f + 2000), (base - 50, base + 50)] {
            let lazy = fresh.evaluate_within(&game.pos, alpha, beta);
            if lazy != f {
                assert_eq!(lazy, base);
                let m = full.lazy_margin;
                assert!(lazy - m >= beta || lazy + m <= alpha, "{lazy} in ({alpha}, {beta}) ± {m}");
                skipped += 1;
            }
        }
        assert_eq!(fresh.evaluate_within(&game.pos, f - 1, f + 1), f, "a window around the score");
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        game.play(moves[(rng >> 33) as usize % moves.len()]);
    }
    assert!(skipped > 0, "a window far from the score skips the walked terms");
}
