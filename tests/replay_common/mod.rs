//! The `rookery replay` contract as the game-end tests drive it: run the
//! binary, and read its `result: … (reason)` line; and the legal moves of a
//! built-in in a position, as text. Shared by several test files, each of
//! which uses a part of it.
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

/// A built-in definition, loaded.
pub fn builtin_variant(name: &str) -> rookery::variant::Variant {
    rookery::variant::load_str(rookery::variant::builtin::text(name).unwrap()).unwrap().0
}

/// The legal moves of `fen` as the CLI writes them, sorted.
pub fn legal_texts(v: &rookery::variant::Variant, fen: &str) -> Vec<String> {
    let mut p = rookery::game::Position::from_fen(v, fen).unwrap();
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let mut t: Vec<String> = moves.iter().map(|m| rookery::game::notation::move_text(&p, m, &moves)).collect();
    t.sort();
    t
}
