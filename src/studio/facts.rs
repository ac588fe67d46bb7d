//! The variant page's "verified facts": the definition's `[[checks]]`, run
//! on the server as `rookery verify` runs them, each with its status, the
//! differences of a failure, its source and its line in the TOML.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::view::line_col;
use crate::variant::Variant;
use crate::verify::{run_check, Check, CheckResult, Fact, Status};

/// The largest perft the page runs (about a second's counting): a check
/// cannot be interrupted once started, so bigger ones are left to `rookery
/// verify` rather than keeping a server thread busy after the request's
/// deadline.
pub const MAX_PERFT_NODES: u64 = 20_000_000;

/// Every check of `v` (whose TOML is `text`) with its outcome, in file
/// order. Checks are run one after the other until `budget` is spent; the
/// rest are listed as skipped, as is a perft expecting more than
/// [`MAX_PERFT_NODES`] (a running check is not interrupted).
pub fn facts_view(v: &Variant, text: &str, budget: Duration) -> Value {
    let t = Instant::now();
    let mut list = Vec::with_capacity(v.checks.len());
    let (mut ok, mut failed, mut skipped) = (0, 0, 0);
    for c in &v.checks {
        let why = match c.fact {
            Fact::Perft { nodes, .. } if nodes > MAX_PERFT_NODES => {
                Some(format!("not run here: {nodes} nodes is more than the page counts; run `rookery verify`"))
            }
            _ if t.elapsed() > budget => Some("not run: the time budget of the page was spent".to_string()),
            _ => None,
        };
        if let Some(why) = why {
            skipped += 1;
            list.push(fact(c, text, Err(why)));
            continue;
        }
        let r = run_check(v, c);
        match r.status {
            Status::Ok => ok += 1,
            _ => failed += 1,
        }
        list.push(fact(c, text, Ok(&r)));
    }
    json!({"facts": list, "ok": ok, "failed": failed, "skipped": skipped, "ms": t.elapsed().as_millis() as u64})
}

/// One fact as the page shows it: its result, or why it was not run.
fn fact(c: &Check, text: &str, r: Result<&CheckResult, String>) -> Value {
    let (line, _) = line_col(text, c.span.start);
    let (status, details) = match r.as_ref().map(|r| &r.status) {
        Err(why) => ("skipped", vec![why.clone()]),
        Ok(Status::Ok) => ("ok", Vec::new()),
        Ok(Status::Fail(diffs)) => ("FAIL", diffs.clone()),
        Ok(Status::Error(e)) => ("ERROR", vec![e.clone()]),
    };
    json!({
        "status": status, "name": c.name, "claim": c.claim(), "details": details,
        "source": c.source, "note": c.note, "fen": c.fen, "line": line,
        "ms": r.ok().map(|r| (r.seconds * 1000.0).round() as u64),
    })
}
