//! The `rookery` command line. No game logic lives here: every subcommand
//! parses its arguments, calls the library and renders the answer.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// `print!` that cannot panic (see `cli::out`).
macro_rules! out {
    ($($t:tt)*) => { $crate::cli::out::write(format_args!($($t)*)) };
}

/// `println!` that cannot panic (see `cli::out`).
macro_rules! outln {
    () => { $crate::cli::out::write(format_args!("\n")) };
    ($($t:tt)*) => { $crate::cli::out::write(format_args!("{}\n", format_args!($($t)*))) };
}

/// `eprint!` that cannot panic.
macro_rules! err {
    ($($t:tt)*) => { $crate::cli::out::write_err(format_args!($($t)*)) };
}

/// `eprintln!` that cannot panic.
macro_rules! errln {
    () => { $crate::cli::out::write_err(format_args!("\n")) };
    ($($t:tt)*) => { $crate::cli::out::write_err(format_args!("{}\n", format_args!($($t)*))) };
}

mod cli;

/// Chess-variant definitions turned into playable, checkable games.
#[derive(Parser)]
#[command(name = "rookery", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Show what an XBetza string does from one square (diagram or JSON).
    Betza(cli::betza::Args),
    /// Validate definition files: every problem with file:line:col (exit 0 valid, 1 invalid).
    Check(cli::info::CheckArgs),
    /// List the built-in definitions.
    List,
    /// Show a definition: start position, pieces, rules and move diagrams.
    Show(cli::info::ShowArgs),
    /// Pseudo-legal moves of one piece (alone on the board unless --fen).
    Moves(cli::info::MovesArgs),
    /// Print the TOML key reference (Markdown).
    Schema,
    /// Play a game: human or engine on each side (TigerChess: from the dice roll).
    Play(cli::game::PlayArgs),
    /// Run as a UCI engine (Fairy-Stockfish-compatible: UCI_Variant, VariantPath).
    Uci(cli::engine::UciArgs),
    /// Run as an XBoard/WinBoard (CECP v2) engine; variants XBoard does not know are taught with setup/piece.
    Xboard(cli::engine::UciArgs),
    /// Count leaf nodes of the legal move tree (`nodes N`).
    ///
    /// As in Fairy-Stockfish, a position whose game has already ended by a
    /// rule that ends it at once (a goal reached, the n-th check) has no
    /// moves; optional draws (n-move rule, repetition) never apply.
    Perft(cli::play::PerftArgs),
    /// Search speed: fixed positions to a fixed depth; nodes, score and best move of each, nodes/s.
    Bench(cli::bench::BenchArgs),
    /// Play coordinate moves; print the final FEN and the result if the game ended.
    Replay(cli::play::ReplayArgs),
    /// Write a definition for Game Courier, the Interactive Diagram or Fairy-Stockfish.
    Export(cli::export::ExportArgs),
    /// Turn an Interactive Diagram description into a TOML definition.
    Import(cli::export::ImportArgs),
    /// Rookery Studio in the browser: library, move diagrams, play, editor, exports.
    Serve(cli::serve::ServeArgs),
    /// Run the documented facts ([[checks]]) of definitions (default: every built-in).
    Verify(cli::verify::VerifyArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Betza(a) => cli::betza::run(a),
        Command::Check(a) => cli::info::check(a),
        Command::List => cli::info::list(),
        Command::Show(a) => cli::info::show(a),
        Command::Moves(a) => cli::info::moves(a),
        Command::Schema => cli::info::schema(),
        Command::Play(a) => cli::game::play(a),
        Command::Uci(a) => cli::engine::uci(a),
        Command::Xboard(a) => cli::engine::xboard(a),
        Command::Perft(a) => cli::play::perft_cmd(a),
        Command::Bench(a) => cli::bench::bench_cmd(a),
        Command::Replay(a) => cli::play::replay_cmd(a),
        Command::Export(a) => cli::export::export_cmd(a),
        Command::Import(a) => cli::export::import_cmd(a),
        Command::Serve(a) => cli::serve::serve(a),
        Command::Verify(a) => cli::verify::verify_cmd(a),
    };
    cli::out::flush();
    code
}
