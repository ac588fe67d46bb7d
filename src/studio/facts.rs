//! The variant page's "verified facts": the definition's `[[checks]]`, run
//! on the server as `rookery verify` runs them, each with its status, the
//! differences of a failure, its source and its line in the TOML.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::view::line_col;
use crate::variant::Variant;
use crate::verify::{run_check, Check, CheckResult, Status};

/// Every check of `v` (whose TOML is `text`) with its outcome, in file
/// order. Checks are run one after the other until `budget` is spent; the
/// rest are listed as skipped (a check already running is not interrupted,
/// so one very deep perft can overrun the budget; the server's deadline
/// still answers the request).
pub fn facts_view(v: &Variant, text: &str, budget: Duration) -> Value {
    let t = Instant::now();
    let mut list = Vec::with_capacity(v.checks.len());
    let (mut ok, mut failed, mut skipped) = (0, 0, 0);
    for c in &v.checks {
        if t.elapsed() > budget {
            skipped += 1;
            list.push(fact(c, text, None));
            continue;
        }
        let r = run_check(v, c);
        match r.status {
            Status::Ok => ok += 1,
            _ => failed += 1,
        }
        list.push(fact(c, text, Some(&r)));
    }
    json!({"facts": list, "ok": ok, "failed": failed, "skipped": skipped, "ms": t.elapsed().as_millis() as u64})
}

/// One fact as the page shows it; `None`: not run (time budget spent).
fn fact(c: &Check, text: &str, r: Option<&CheckResult>) -> Value {
    let (line, _) = line_col(text, c.span.start);
    let (status, details) = match r.map(|r| &r.status) {
        None => ("skipped", vec!["not run: the time budget of the page was spent".to_string()]),
        Some(Status::Ok) => ("ok", Vec::new()),
        Some(Status::Fail(diffs)) => ("FAIL", diffs.clone()),
        Some(Status::Error(e)) => ("ERROR", vec![e.clone()]),
    };
    json!({
        "status": status, "name": c.name, "claim": c.claim(), "details": details,
        "source": c.source, "note": c.note, "fen": c.fen, "line": line,
        "ms": r.map(|r| (r.seconds * 1000.0).round() as u64),
    })
}
