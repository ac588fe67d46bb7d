//! The match tool's statistics (`tools/match.py`: the SPRT's
//! log-likelihood ratio) are checked by their doctests, run here with the
//! machine's Python so that the suite catches a broken formula. Without
//! `python3` the test is skipped, except under `CI=true`, where it fails.

use std::process::Command;

#[test]
fn the_match_tools_statistics_pass_their_doctests() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = match Command::new("python3").args(["-m", "doctest", "-v", "tools/match.py"]).current_dir(root).output() {
        Ok(out) => out,
        Err(e) if std::env::var("CI").as_deref() == Ok("true") => panic!("python3: {e}"),
        Err(e) => {
            eprintln!("skipped: python3 not runnable ({e})");
            return;
        }
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    // The doctests ran (an emptied docstring would pass silently).
    assert!(text.contains("llr("), "no doctest of llr ran:\n{text}");
}
