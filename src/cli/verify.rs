//! `verify`: runs the documented facts (`[[checks]]`) of definitions.

use std::process::ExitCode;

use rookery::variant::{builtin, load_str};
use rookery::verify::{self, CheckResult, Status};

/// Arguments of `rookery verify`.
#[derive(clap::Args)]
pub struct VerifyArgs {
    /// Definition files or built-in names (default: every built-in).
    defs: Vec<String>,
    /// Rewrite the expected values of failed checks in place (files only),
    /// after printing the change as a diff.
    #[arg(long)]
    update: bool,
}

/// Tallies over all definitions.
#[derive(Default)]
struct Tally {
    ok: usize,
    failed: usize,
    broken: usize,
}

/// Runs every check; one line per check; exit 1 when any fails (or a
/// definition does not load), 2 when a file cannot be read or written.
pub fn verify_cmd(a: VerifyArgs) -> ExitCode {
    let defs: Vec<String> =
        if a.defs.is_empty() { builtin::BUILTIN.iter().map(|(n, _)| n.to_string()).collect() } else { a.defs.clone() };
    let mut tally = Tally::default();
    for def in &defs {
        if let Err(code) = verify_one(def, a.update, &mut tally) {
            return code;
        }
    }
    let total = tally.ok + tally.failed;
    outln!("{total} checks: {} ok, {} failed", tally.ok, tally.failed);
    if tally.failed > 0 || tally.broken > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn verify_one(def: &str, update: bool, tally: &mut Tally) -> Result<(), ExitCode> {
    let (source, text) = builtin::resolve(def).map_err(|e| {
        errln!("error: {e}");
        ExitCode::from(2)
    })?;
    let v = match load_str(&text) {
        Ok((v, _)) => v,
        Err(e) => {
            for d in &e.diagnostics {
                err!("{}", d.render(&source, &text));
            }
            outln!("{source}: does not load ({} problem(s))", e.diagnostics.len());
            tally.broken += 1;
            return Ok(());
        }
    };
    if v.checks.is_empty() {
        outln!("{source}: no checks");
    }
    let results = verify::run_checks(&v);
    for (c, r) in v.checks.iter().zip(&results) {
        let line = text[..c.span.start.min(text.len())].matches('\n').count() + 1;
        print_result(&format!("{source}:{line}"), c, r);
        match r.status {
            Status::Ok => tally.ok += 1,
            _ => tally.failed += 1,
        }
    }
    let failed = results.iter().filter(|r| matches!(r.status, Status::Fail(_))).count();
    if update && failed > 0 {
        rewrite(def, &source, &text, &results)?;
        tally.failed -= failed;
        tally.ok += failed;
    }
    Ok(())
}

fn print_result(place: &str, c: &verify::Check, r: &CheckResult) {
    match &r.status {
        Status::Ok => {
            let name = c.name.as_ref().map_or(String::new(), |n| format!("{n}: "));
            outln!("ok    {place}  {name}{}  ({:.2} s)", c.claim(), r.seconds)
        }
        Status::Fail(diffs) => {
            outln!("FAIL  {place}  {}", c.title());
            for d in diffs {
                outln!("        {d}");
            }
        }
        Status::Error(e) => outln!("ERROR {place}  {}: {e}", c.title()),
    }
}

/// `--update`: shows the change as a diff, then writes it.
fn rewrite(def: &str, source: &str, text: &str, results: &[CheckResult]) -> Result<(), ExitCode> {
    if !std::path::Path::new(def).is_file() {
        errln!("error: {def} is a built-in; --update rewrites files: give the path of its TOML");
        return Err(ExitCode::from(2));
    }
    let new = verify::update::update(text, results).map_err(|e| {
        errln!("error: cannot update {source}: {e}");
        ExitCode::from(2)
    })?;
    out!("{}", verify::update::diff(source, text, &new));
    std::fs::write(def, &new).map_err(|e| {
        errln!("error: cannot write {source}: {e}");
        ExitCode::from(2)
    })?;
    outln!("{source}: expected values updated");
    Ok(())
}
