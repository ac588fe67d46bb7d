//! `rookery betza STRING`: the moves of a Betza string from one square.

use std::process::ExitCode;

use rookery::probe::{destinations, prepare, Probe, ProbeError};

/// Arguments of `rookery betza`.
#[derive(clap::Args)]
pub struct Args {
    /// The XBetza string, e.g. `FyafsF`, `WD7`, `[N?fR]`.
    betza: String,
    /// Board size as FILESxRANKS (1x1 to 32x32).
    #[arg(long, default_value = "8x8")]
    board: String,
    /// The piece's square (default: a central square).
    #[arg(long)]
    at: Option<String>,
    /// Which side the piece plays for (Black's moves are White's turned 180°).
    #[arg(long, default_value = "white", value_parser = ["white", "black"])]
    side: String,
    /// Squares of friendly pieces, comma-separated.
    #[arg(long)]
    friends: Option<String>,
    /// Squares of enemy pieces, comma-separated.
    #[arg(long)]
    enemies: Option<String>,
    /// Squares that are holes (not part of the board), comma-separated.
    #[arg(long)]
    holes: Option<String>,
    /// The piece has not moved yet (enables `i` moves and castling).
    #[arg(long)]
    virgin: bool,
    /// Friends that have not moved yet (castling partners), comma-separated.
    #[arg(long)]
    virgin_friends: Option<String>,
    /// Print `{"moves":[…]}` instead of a diagram.
    #[arg(long)]
    json: bool,
}

/// Runs the subcommand: exit 0 on success, 2 on invalid input.
pub fn run(a: Args) -> ExitCode {
    let Some((files, ranks)) =
        a.board.split_once('x').and_then(|(f, r)| Some((f.parse::<u32>().ok()?, r.parse::<u32>().ok()?)))
    else {
        errln!("error: --board must look like 8x8 (FILESxRANKS), not {:?}", a.board);
        return ExitCode::from(2);
    };
    let from =
        a.at.clone()
            .unwrap_or_else(|| rookery::board::square_label(files.saturating_sub(1) / 2, ranks.saturating_sub(1) / 2));
    let probe = Probe {
        betza: a.betza.clone(),
        files,
        ranks,
        from,
        black: a.side == "black",
        friends: super::list(&a.friends),
        enemies: super::list(&a.enemies),
        holes: super::list(&a.holes),
        virgin: a.virgin,
        virgin_friends: super::list(&a.virgin_friends),
    };
    let prep = match prepare(&probe) {
        Ok(p) => p,
        Err(ProbeError::Betza(errs)) => {
            for e in errs {
                errln!("{}", e.render(&a.betza));
            }
            return ExitCode::from(2);
        }
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let moves = destinations(&prep, probe.virgin);
    if a.json {
        #[derive(serde::Serialize)]
        struct Out<'a> {
            moves: &'a [rookery::probe::ProbeMove],
        }
        outln!("{}", serde_json::to_string(&Out { moves: &moves }).expect("plain data serializes"));
    } else {
        outln!("{} from {} ({}), {} destinations", a.betza, probe.from, a.side, moves.len());
        out!("{}", rookery::probe::diagram(&prep, &moves));
        outln!("  @ piece  o move only  x capture only  * move or capture  d capture own  C castle  # hole");
    }
    ExitCode::SUCCESS
}
