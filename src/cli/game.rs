//! `rookery play`: a whole game in the terminal, human or built-in engine
//! on each side; for TigerChess from the dice roll to the result.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use rookery::game::notation::{move_text, parse_move};
use rookery::game::{code_side, Game};
use rookery::hooks::tigerchess;
use rookery::search::{Limits, Searcher};

use super::def::load;

/// Arguments of `rookery play`.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// Definition: a TOML path or a built-in name.
    def: String,
    /// Seed for dice, cards and the engine's choices (recorded in the output).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Who plays White (Bengal in TigerChess).
    #[arg(long, default_value = "engine", value_parser = ["engine", "human"])]
    white: String,
    /// Who plays Black (Siberian in TigerChess).
    #[arg(long, default_value = "engine", value_parser = ["engine", "human"])]
    black: String,
    /// Engine search depth in plies.
    #[arg(long, default_value_t = 2)]
    depth: u32,
    /// Stop after this many plies without a result.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// TigerChess: the players agree on the Open variation (no single die).
    #[arg(long)]
    open: bool,
    /// TigerChess: the Random variation (cards post the Swordsmen; no dice).
    #[arg(long)]
    random_variation: bool,
    /// Start from this FEN instead of the setup.
    #[arg(long)]
    fen: Option<String>,
}

/// Plays the game; prints every move, the final position and `result: …`.
pub fn play(a: PlayArgs) -> ExitCode {
    let v = match load(&a.def) {
        Ok(v) => v,
        Err(c) => return c,
    };
    println!("game: {}", v.title);
    println!("seed: {}", a.seed);
    let tiger = v.hook.as_deref() == Some("tigerchess") && a.fen.is_none();
    let pregame = tiger.then(|| tigerchess::pre_game(a.seed, a.open, a.random_variation));
    if let Some(pg) = &pregame {
        match pg.die {
            Some(d) => println!("die: {d} ({} variation)", pg.deploy.name()),
            None => println!("die: not thrown ({} variation)", pg.deploy.name()),
        }
        match pg.dice {
            Some((x, y)) => println!(
                "dice: {x}-{y} ({})",
                pg.guard.map_or("no double: Standard game".to_string(), |g| format!("TigerVariation, {}", g.name()))
            ),
            None => println!("dice: not thrown"),
        }
    }
    let pos = match super::def::start_position(&v, pregame.as_ref(), a.fen.as_deref()) {
        Ok(p) => p,
        Err(c) => return c,
    };
    let mut game = Game::new(pos);
    let mut searcher = Searcher::new(&v, 16);
    let mut legal = Vec::new();
    let mut ply = 0;
    if let Some(pg) = pregame.as_ref().filter(|pg| pg.deploy == tigerchess::Deploy::Random) {
        for m in tigerchess::random_postings(&game.pos, pg.seed) {
            game.pos.legal_moves(&mut legal);
            let text = move_text(&game.pos, &m, &legal);
            ply += 1;
            println!("{ply}. {} {text} (card)", side_name(&v, game.pos.side()));
            game.play(m);
        }
    }
    let mut subtitle: Option<&'static str> = None;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let result = loop {
        if let Some(o) = game.outcome() {
            break Some(o);
        }
        if ply >= a.max_plies {
            break None;
        }
        game.pos.legal_moves(&mut legal);
        let side = game.pos.side();
        let human = if side == 0 { a.white == "human" } else { a.black == "human" };
        let m = if human {
            println!("{}", super::info::board_text(&game.pos));
            print!("{} to move> ", side_name(&v, side));
            let _ = std::io::stdout().flush();
            let Some(Ok(line)) = lines.next() else {
                println!();
                break None;
            };
            let line = line.trim();
            if line == "quit" {
                break None;
            }
            match parse_move(&game.pos, line, &legal) {
                Some(m) => m,
                None => {
                    let mut all: Vec<String> = legal.iter().map(|m| move_text(&game.pos, m, &legal)).collect();
                    all.sort();
                    println!("not a legal move; legal: {}", all.join(" "));
                    continue;
                }
            }
        } else {
            match searcher.search(&mut game, Limits::depth(a.depth), &mut |_| {}) {
                Some((m, _)) => m,
                None => break game.outcome(),
            }
        };
        let text = move_text(&game.pos, &m, &legal);
        ply += 1;
        println!("{ply}. {} {text}", side_name(&v, side));
        let (deploying, sieges) = (game.pos.deploying(), siege_towers(&game.pos, pregame.is_some()));
        game.play(m);
        for (c, name) in siege_towers(&game.pos, pregame.is_some()) {
            // A Siege Tower that just moved was one already.
            let was = |d: u16| sieges.iter().any(|(e, _)| *e == d);
            if !(was(c) || c == m.to && was(m.from)) {
                println!("   {} on {} is now a {name}", side_name(&v, code_side(game.pos.at(c))), v.grid.label(c));
            }
        }
        // The Dragon sub-title belongs to the deployment that happened: it
        // is read when the last posting is made, not from the final board.
        if deploying && !game.pos.deploying() && subtitle.is_none() {
            subtitle = tigerchess::dragon_subtitle(&game.pos);
        }
    };
    println!("{}", super::info::board_text(&game.pos));
    println!("fen: {}", game.pos.fen());
    if let Some(pg) = &pregame {
        println!("designation: {}", tigerchess::designation(pg, subtitle));
    }
    match result {
        Some(o) => println!("result: {o}"),
        None => println!("result: * (unfinished after {ply} plies)"),
    }
    ExitCode::SUCCESS
}

/// TigerChess: the cells of Towers that have become Siege Towers, with
/// that name (empty for other games).
fn siege_towers(pos: &rookery::game::Position<'_>, tiger: bool) -> Vec<(u16, String)> {
    if !tiger {
        return Vec::new();
    }
    (0..pos.variant().grid.len() as u16)
        .filter_map(|c| tigerchess::piece_name(pos, c).filter(|n| n.starts_with("Siege ")).map(|n| (c, n)))
        .collect()
}

fn side_name(v: &rookery::variant::Variant, side: u8) -> &'static str {
    match (v.hook.as_deref(), side) {
        (Some("tigerchess"), 0) => "Bengal",
        (Some("tigerchess"), _) => "Siberian",
        (_, 0) => "White",
        _ => "Black",
    }
}
