//! The `rookery replay` contract as the game-end tests drive it: run the
//! binary, and read its `result: … (reason)` line. Shared by several test
//! files, each of which uses a part of it.
#![allow(dead_code)]

/// Runs `rookery replay ARGS`: (exit success, stdout, stderr).
pub fn replay(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rookery")).arg("replay").args(args).output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// The text after `result: ` of a replay that must succeed, if the game ended.
pub fn result(args: &[&str]) -> Option<String> {
    let (ok, out, err) = replay(args);
    assert!(ok, "replay {args:?} failed: {err}");
    out.lines().find_map(|l| l.strip_prefix("result: ").map(String::from))
}
