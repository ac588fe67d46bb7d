//! The `rookery` command line. No game logic lives here: every subcommand
//! parses its arguments, calls the library and renders the answer.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
    /// Count leaf nodes of the legal move tree (`nodes N`).
    Perft(cli::play::PerftArgs),
    /// Play coordinate moves; print the final FEN and the result if the game ended.
    Replay(cli::play::ReplayArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Betza(a) => cli::betza::run(a),
        Command::Perft(a) => cli::play::perft_cmd(a),
        Command::Replay(a) => cli::play::replay_cmd(a),
    }
}
