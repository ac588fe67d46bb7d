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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Betza(a) => cli::betza::run(a),
    }
}
