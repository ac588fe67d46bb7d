//! `rookery uci` and `rookery xboard`: Rookery as an engine behind a GUI.

use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use rookery::protocol::{uci::Uci, xboard::Xboard, Out, Registry};

/// Arguments of `rookery uci` and `rookery xboard`.
#[derive(clap::Args)]
pub struct UciArgs {
    /// Definitions (TOML files or folders) to offer besides the built-ins;
    /// the first is selected at the start.
    defs: Vec<String>,
}

/// Loads the extra definitions; the name of the first (or `chess`).
fn registry(defs: &[String]) -> Result<(Registry, String), ExitCode> {
    let mut reg = Registry::new();
    let mut first = None;
    for d in defs {
        if rookery::variant::builtin::text(d).is_some() {
            first.get_or_insert_with(|| d.clone());
            continue;
        }
        match reg.add_path(d) {
            Ok(names) => {
                if let Some(n) = names.first() {
                    first.get_or_insert_with(|| n.clone());
                }
            }
            Err(e) => {
                errln!("error: {e}");
                return Err(ExitCode::from(1));
            }
        }
    }
    Ok((reg, first.unwrap_or_else(|| "chess".to_string())))
}

fn stdout() -> Out {
    Arc::new(Mutex::new(Box::new(std::io::stdout())))
}

/// Runs a UCI session on stdin/stdout.
pub fn uci(a: UciArgs) -> ExitCode {
    session(&a, |reg, first| Uci::new(reg, stdout(), first).map(|mut s| s.serve(stdin())))
}

/// Runs an XBoard/WinBoard (CECP v2) session on stdin/stdout.
pub fn xboard(a: UciArgs) -> ExitCode {
    session(&a, |reg, first| Xboard::new(reg, stdout(), first).map(|mut s| s.serve(stdin())))
}

/// Standard input as the protocols read it.
fn stdin() -> Box<dyn std::io::BufRead + Send> {
    Box::new(std::io::BufReader::new(std::io::stdin()))
}

/// Loads the definitions, then runs one protocol session to its end; a
/// definition or variant that cannot be served is an error (exit 2).
fn session(a: &UciArgs, run: impl FnOnce(Registry, &str) -> Result<(), String>) -> ExitCode {
    let (reg, first) = match registry(&a.defs) {
        Ok(r) => r,
        Err(c) => return c,
    };
    match run(reg, &first) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
