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
        (None, Some(f)) => Position::from_fen(v, f).map_err(|e| {
            errln!("{}", e.render(f));
            ExitCode::from(2)
        }),
        (None, None) => Ok(Position::start(v)),
    }
}
