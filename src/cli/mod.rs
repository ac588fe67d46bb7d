//! Subcommands of the `rookery` binary.

pub mod bench;
pub mod betza;
pub mod def;
pub mod engine;
pub mod export;
pub mod game;
pub mod info;
pub mod out;
pub mod play;
pub mod san;
pub mod serve;
pub mod verify;

/// Splits a comma-separated list of squares (`e4,f5`), ignoring blanks.
pub fn list(s: &Option<String>) -> Vec<String> {
    s.as_deref()
        .map_or_else(Vec::new, |s| s.split(',').map(str::trim).filter(|x| !x.is_empty()).map(String::from).collect())
}
