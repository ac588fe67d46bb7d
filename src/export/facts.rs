//! The "verified facts" block of the Game Courier and Interactive Diagram
//! exports: the definition's `[[checks]]`, each with the status `rookery
//! verify` gives it at export time and its source, as an HTML comment, so
//! whoever reads the page's source sees what the definition was checked
//! against. An HTML comment is the comment syntax both targets allow: the
//! GC "Rules (HTML)" field is HTML, and an ID description is pasted into an
//! HTML page (`<div class="idiagram">`). GAME Code itself gets no comment:
//! a comment at the start of Pre-Game once broke a preset (see
//! `docs/research/game-courier.md`).

use crate::variant::Variant;
use crate::verify::{run_checks, Status};

/// First line of the block, which [`strip`] and the importer look for.
pub const OPEN: &str = "<!-- Verified facts";
/// Last line of the block.
pub const CLOSE: &str = "-->";

/// The block for `v` (ending in a newline), or nothing when the definition
/// documents no facts.
pub fn comment(v: &Variant) -> String {
    if v.checks.is_empty() {
        return String::new();
    }
    let results = run_checks(v);
    let ok = results.iter().filter(|r| r.status == Status::Ok).count();
    let mut out = format!(
        "{OPEN} of the Rookery definition `{}`: its [[checks]], run by `rookery verify` at export: {ok} of {} ok.\n",
        clean(&v.name),
        results.len()
    );
    for (c, r) in v.checks.iter().zip(&results) {
        let name = c.name.as_ref().map_or(String::new(), |n| format!("{n}: "));
        out.push_str(&format!("  {:<5} {}{}\n", r.status.word(), clean(&name), clean(&c.claim())));
        if let Some(f) = &c.fen {
            out.push_str(&format!("        position: {}\n", clean(f)));
        }
        if let Some(s) = &c.source {
            out.push_str(&format!("        source: {}\n", clean(s)));
        }
    }
    out.push_str(CLOSE);
    out.push('\n');
    out
}

/// Text safe inside an HTML comment: no `--` (which the HTML syntax
/// forbids there) and one line.
fn clean(t: &str) -> String {
    let mut s = t.replace('\n', " ");
    while s.contains("--") {
        s = s.replace("--", "- -");
    }
    s
}

/// `text` without the block (for the importer and for comparisons).
pub fn strip(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut inside = false;
    for line in text.split_inclusive('\n') {
        if !inside && line.trim_start().starts_with(OPEN) {
            inside = true;
        }
        if !inside {
            out.push_str(line);
        } else if line.trim_end().ends_with(CLOSE) {
            inside = false;
        }
    }
    out
}
