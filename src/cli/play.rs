//! `perft`, `replay` and `moves`: driving positions from the command line.

use std::process::ExitCode;
use std::time::Instant;

use rookery::game::notation::{move_text, parse_move};
use rookery::game::perft::perft;
use rookery::game::{Game, Position};
use rookery::hooks::Choices;

use super::def::load;

/// Arguments of `rookery perft`.
///
/// Convention (Fairy-Stockfish's): a position whose game has already ended
/// by a rule that ends it at once (a goal reached, the n-th check) has no
/// moves; optional draws (n-move rule, repetition) never apply.
#[derive(clap::Args)]
pub struct PerftArgs {
    /// Definition: a TOML path or a built-in name.
    def: String,
    /// Depth in plies (at most 64: see docs/limits.md).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=rookery::limits::MAX_PERFT_DEPTH as i64))]
    depth: u32,
    /// Start from this FEN instead of the setup (`chess960:N` or `chess960:random:SEED`: a Chess960 start array).
    #[arg(long)]
    fen: Option<String>,
    /// Print `MOVE: N` for every root move.
    #[arg(long)]
    divide: bool,
}

/// Runs perft: `MOVE: N` lines with `--divide`, then `nodes N`; time and
/// nodes/s on stderr.
pub fn perft_cmd(a: PerftArgs) -> ExitCode {
    let v = match load(&a.def) {
        Ok(v) => v,
        Err(c) => return c,
    };
    let mut pos = match a.fen.as_deref().map_or_else(|| Ok(Position::start(&v)), |f| super::def::fen_position(&v, f)) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let t = Instant::now();
    let nodes = if (a.divide || a.depth >= 6) && a.depth > 0 {
        // Root move by root move: `--divide` prints them, and long runs
        // report progress on stderr as each finishes.
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let total = legal.len();
        let mut rows: Vec<(String, u64)> = Vec::new();
        for (i, m) in legal.iter().enumerate() {
            let u = pos.make(*m);
            let n = perft(&mut pos, a.depth - 1);
            pos.unmake(*m, u);
            let text = move_text(&pos, m, &legal);
            if !a.divide {
                errln!("[{}/{total}] {text}: {n} ({:.1} s)", i + 1, t.elapsed().as_secs_f64());
            }
            rows.push((text, n));
        }
        if a.divide {
            rows.sort();
            for (m, n) in &rows {
                outln!("{m}: {n}");
            }
        }
        rows.iter().map(|r| r.1).sum()
    } else {
        perft(&mut pos, a.depth)
    };
    let secs = t.elapsed().as_secs_f64();
    outln!("nodes {nodes}");
    errln!("time {:.3} s, {:.0} nodes/s", secs, nodes as f64 / secs.max(1e-9));
    ExitCode::SUCCESS
}

/// Arguments of `rookery replay`.
#[derive(clap::Args)]
pub struct ReplayArgs {
    /// Definition: a TOML path or a built-in name.
    def: String,
    /// Start from this FEN instead of the setup (`chess960:N` or `chess960:random:SEED`: a Chess960 start array).
    #[arg(long)]
    fen: Option<String>,
    /// Rule modules (TigerChess): replay the game whose dice came from this
    /// seed (as printed by `rookery play`), from its pre-game set-up.
    #[arg(long, conflicts_with = "fen")]
    seed: Option<u64>,
    /// With --seed: the players had agreed on the Open variation.
    #[arg(long, requires = "seed")]
    open: bool,
    /// With --seed: the Random variation (its card postings come first).
    #[arg(long, requires = "seed")]
    random_variation: bool,
    /// Also print the final position as a text board, with the hands
    /// (after the FEN and result lines, which stay first).
    #[arg(long)]
    board: bool,
    /// Read games from standard input instead, one per line (its moves
    /// from the start, separated by spaces), and answer each with the FEN,
    /// `result: …` if the game is over, or `error: …` (one line), then
    /// `done`: a match arbiter's one process for a whole match.
    #[arg(long, conflicts_with_all = ["moves", "board"])]
    stdin: bool,
    /// Moves in coordinate notation (`e2e4`, `c8c9h`, castling `e1g1` or `e1h1`, postings `S@e3`).
    moves: Vec<String>,
}

/// Why a replay stopped.
enum Failed {
    /// The start position could not be set up (already reported).
    Start(ExitCode),
    /// A move was not legal or came after the end: the message.
    Move(String),
}

/// Plays the moves; prints the final FEN and, if the game is over,
/// `result: 1-0 (checkmate)`; with `--board`, then the board and hands;
/// with `--stdin`, the same for every line read (see [`ReplayArgs`]).
pub fn replay_cmd(a: ReplayArgs) -> ExitCode {
    let v = match load(&a.def) {
        Ok(v) => v,
        Err(c) => return c,
    };
    if a.stdin {
        return replay_lines(&v, &a);
    }
    let mut game = match replay_game(&v, &a, &a.moves) {
        Ok(g) => g,
        Err(Failed::Start(c)) => return c,
        Err(Failed::Move(m)) => {
            errln!("error: {m}");
            return ExitCode::from(2);
        }
    };
    print_end(&mut game);
    if a.board {
        outln!("{}", super::info::board_text(&game.pos));
    }
    ExitCode::SUCCESS
}

/// Prints the FEN of where `game` stands and, if it is over,
/// `result: 1-0 (checkmate)` (the lines tools read).
fn print_end(game: &mut Game<'_>) {
    outln!("{}", game.pos.fen());
    if let Some(o) = game.outcome() {
        outln!("result: {o}");
    }
}

/// `replay --stdin`: one game per line of standard input, each answered
/// and closed by `done` (flushed, so the reader can wait for it).
fn replay_lines(v: &rookery::variant::Variant, a: &ReplayArgs) -> ExitCode {
    use std::io::BufRead;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else {
            errln!("error: standard input is not text");
            return ExitCode::from(2);
        };
        let moves: Vec<String> = line.split_whitespace().map(String::from).collect();
        match replay_game(v, a, &moves) {
            Ok(mut game) => print_end(&mut game),
            Err(Failed::Start(c)) => return c,
            Err(Failed::Move(m)) => outln!("error: {}", m.lines().next().unwrap_or_default()),
        }
        outln!("done");
        super::out::flush();
    }
    ExitCode::SUCCESS
}

/// The game after `moves` from the start `a` describes (its FEN, or its
/// rule module's set-up from `--seed`).
fn replay_game<'v>(v: &'v rookery::variant::Variant, a: &ReplayArgs, moves: &[String]) -> Result<Game<'v>, Failed> {
    let choices = Choices { open: a.open, random_variation: a.random_variation };
    let hooks = match (a.seed, v.module) {
        (Some(seed), Some(module)) => Some(module.begin(seed, choices)),
        (Some(_), _) => {
            errln!("error: --seed only applies to definitions with a rule module (variant.hook)");
            return Err(Failed::Start(ExitCode::from(2)));
        }
        _ => None,
    };
    let pos = super::def::start_position(v, hooks.as_deref(), a.fen.as_deref()).map_err(Failed::Start)?;
    let mut game = Game::new(pos);
    for m in hooks.as_ref().map(|h| h.opening_moves(&game.pos)).unwrap_or_default() {
        game.play(m);
    }
    let mut legal = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        if let Some(o) = game.outcome() {
            return Err(Failed::Move(format!("move {} ({text}) comes after the game ended: {o}", i + 1)));
        }
        game.pos.legal_moves(&mut legal);
        let Some(m) = parse_move(&game.pos, text, &legal) else {
            let mut all: Vec<String> = legal.iter().map(|m| move_text(&game.pos, m, &legal)).collect();
            all.sort();
            let (n, fen) = (i + 1, game.pos.fen());
            return Err(Failed::Move(format!(
                "move {n} ({text}) is not legal in {fen}\nlegal moves: {}",
                all.join(" ")
            )));
        };
        game.play(m);
    }
    Ok(game)
}
