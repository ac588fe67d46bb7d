//! Loading a DEF argument (path or built-in name) for the subcommands.

use std::process::ExitCode;

use rookery::variant::{load_str, Severity, Variant};

/// Loads `def`, printing diagnostics on failure.
pub fn load(def: &str) -> Result<Variant, ExitCode> {
    let (source, text) = rookery::variant::builtin::resolve(def).map_err(|e| {
        errln!("error: {e}");
        ExitCode::from(2)
    })?;
    match load_str(&text) {
        Ok((v, warnings)) => {
            for w in warnings.iter().filter(|w| w.severity == Severity::Warning) {
                err!("{}", w.render(&source, &text));
            }
            Ok(v)
        }
        Err(e) => {
            for d in &e.diagnostics {
                err!("{}", d.render(&source, &text));
            }
            Err(ExitCode::from(1))
        }
    }
}

/// The position a command starts from: a rule module's pre-game set-up, a
/// FEN, or the definition's setup. Prints the error for a bad FEN.
pub fn start_position<'v>(
    v: &'v Variant,
    hooks: Option<&dyn rookery::hooks::GameHooks>,
    fen: Option<&str>,
) -> Result<rookery::game::Position<'v>, ExitCode> {
    use rookery::game::Position;
    match (hooks, fen) {
        (Some(h), _) => Ok(h.start(v)),
        (None, Some(f)) => fen_position(v, f),
        (None, None) => Ok(Position::start(v)),
    }
}

/// The position `--fen` names: a FEN, or `chess960:N` (N 0..959, Scharnagl's
/// numbering) for a Chess960 variant's start array N, or `chess960:random:SEED`
/// for one picked from the seed. Prints the error.
pub fn fen_position<'v>(v: &'v Variant, fen: &str) -> Result<rookery::game::Position<'v>, ExitCode> {
    let fail = |e: String| {
        errln!("error: {e}");
        ExitCode::from(2)
    };
    let text = match fen.strip_prefix("chess960:") {
        Some(n) => chess960_number(n).and_then(|n| rookery::game::rules::castling::chess960_fen(v, n)).map_err(fail)?,
        None => fen.to_string(),
    };
    rookery::game::Position::from_fen(v, &text).map_err(|e| {
        errln!("{}", e.render(&text));
        ExitCode::from(2)
    })
}

/// `N` or `random:SEED` of `--fen chess960:…`.
fn chess960_number(text: &str) -> Result<u32, String> {
    match text.strip_prefix("random:") {
        Some(seed) => {
            let seed: u64 = seed.parse().map_err(|_| format!("chess960:random:SEED needs a number, not {seed:?}"))?;
            Ok(rookery::hooks::rng::Rng::new(seed).below(960) as u32)
        }
        None => text.parse().map_err(|_| format!("chess960:N needs a number from 0 to 959, not {text:?}")),
    }
}
