//! `rookery bench`: the search's speed on a fixed set of positions
//! (`bench.txt`), searched to a fixed depth, as Fairy-Stockfish's `bench`.

use std::process::ExitCode;
use std::time::Instant;

use rookery::game::notation::move_text;
use rookery::game::{Game, Position};
use rookery::search::{Limits, Score, Searcher};

use super::def::load;

/// The bench positions: `VARIANT DEPTH FEN` a line (`#` comments).
const POSITIONS: &str = include_str!("bench.txt");

/// Arguments of `rookery bench`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// Only these variants of the bench set (default: all of them).
    variants: Vec<String>,
    /// Added to every position's depth (negative: shallower).
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    depth_change: i32,
    /// Transposition table size in megabytes (as the UCI `Hash` option).
    #[arg(long, default_value_t = 16)]
    hash: usize,
}

/// One line of the bench set.
struct Line<'a> {
    variant: &'a str,
    depth: u32,
    fen: &'a str,
}

/// The bench set's lines for `variants` (all when empty).
fn lines<'a>(variants: &[String], change: i32) -> Vec<Line<'a>> {
    POSITIONS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut parts = l.splitn(3, ' ');
            let (variant, depth, fen) = (parts.next()?, parts.next()?.parse::<i32>().ok()?, parts.next()?);
            Some(Line { variant, depth: (depth + change).max(1) as u32, fen })
        })
        .filter(|l| variants.is_empty() || variants.iter().any(|v| v == l.variant))
        .collect()
}

/// Searches every bench position to its depth, one searcher per variant
/// (cleared before each position, as after UCI `ucinewgame`). Prints each
/// position's nodes, score and best move on stdout (the same in every
/// build that searches the same tree) and its time on stderr; then the
/// total nodes (stdout), time and nodes/s (stderr).
pub fn bench_cmd(a: BenchArgs) -> ExitCode {
    let set = lines(&a.variants, a.depth_change);
    if set.is_empty() {
        errln!("error: no bench position for {}", a.variants.join(", "));
        return ExitCode::from(2);
    }
    let (mut nodes, mut secs) = (0u64, 0f64);
    let mut i = 0;
    while i < set.len() {
        let variant = set[i].variant;
        let v = match load(variant) {
            Ok(v) => v,
            Err(c) => return c,
        };
        let mut searcher = Searcher::new(&v, a.hash);
        for line in set[i..].iter().take_while(|l| l.variant == variant) {
            let pos = match Position::from_fen(&v, line.fen) {
                Ok(p) => p,
                Err(e) => {
                    errln!("error: {variant}: {}", e.render(line.fen));
                    return ExitCode::from(2);
                }
            };
            searcher.clear();
            let mut game = Game::new(pos);
            let t = Instant::now();
            let found = searcher.search(&mut game, Limits::depth(line.depth), &mut |_| {});
            let s = t.elapsed().as_secs_f64();
            let (n, score, best) = match &found {
                Some((m, r)) => {
                    let mut legal = Vec::new();
                    game.legal_moves(&mut legal);
                    (r.nodes, score_text(r.score), move_text(&game.pos, m, &legal))
                }
                None => (0, "none".to_string(), "none".to_string()),
            };
            outln!("{variant} d{} nodes {n} score {score} move {best} fen {}", line.depth, line.fen);
            errln!("  {:.3} s, {:.0} nodes/s", s, n as f64 / s.max(1e-9));
            nodes += n;
            secs += s;
            i += 1;
        }
    }
    outln!("nodes {nodes}");
    errln!("time {:.3} s, {:.0} nodes/s", secs, nodes as f64 / secs.max(1e-9));
    ExitCode::SUCCESS
}

/// A score as UCI prints it (`cp 31`, `mate -3`).
fn score_text(s: i32) -> String {
    match Score::from_internal(s) {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}
