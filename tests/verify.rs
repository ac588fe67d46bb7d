//! `[[checks]]` and `rookery verify`: every built-in's documented facts
//! hold; a broken Betza string in a copy of a built-in fails with a readable
//! difference; `--update` rewrites only the expected values and keeps the
//! file's comments.

use std::path::PathBuf;
use std::process::Command;

use rookery::variant::{builtin, load_str};
use rookery::verify::{run_checks, Status};

fn rookery(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_rookery")).args(args).output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap())
}

/// A scratch file of this test process (removed by the caller).
fn scratch(name: &str, text: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("rookery-verify-{}-{name}", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn every_builtin_passes_its_checks() {
    let mut total = 0;
    let mut failures = Vec::new();
    for (name, text) in builtin::BUILTIN {
        let (v, _) = load_str(text).unwrap_or_else(|e| panic!("{name}: {:?}", e.diagnostics));
        for (c, r) in v.checks.iter().zip(run_checks(&v)) {
            total += 1;
            if r.status != Status::Ok {
                failures.push(format!("{name}: {}: {:?}", c.title(), r.status));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(total >= 7, "only {total} checks");
}

#[test]
fn verify_without_arguments_passes() {
    let (ok, out) = rookery(&["verify"]);
    assert!(ok, "{out}");
    assert!(!out.contains("FAIL"), "{out}");
    assert!(out.lines().last().unwrap().ends_with(" 0 failed"), "{out}");
}

fn broken_tcb() -> String {
    let text = builtin::text("tcb").unwrap();
    assert!(text.contains("betza = \"WD7\""));
    // A rook that leaps two squares once instead of riding: a5 e1 e9 i5 are lost.
    text.replace("betza = \"WD7\"", "betza = \"WD\"")
}

#[test]
fn a_broken_betza_string_fails_with_the_difference() {
    let (v, _) = load_str(&broken_tcb()).unwrap();
    let results = run_checks(&v);
    let rook = v.checks.iter().position(|c| c.name.as_deref() == Some("The rook on e5")).unwrap();
    let Status::Fail(lines) = &results[rook].status else { panic!("{:?}", results[rook]) };
    assert!(lines.contains(&"only expected: a5 e1 e9 i5".to_string()), "{lines:?}");
    assert!(lines.contains(&"only got:      (none)".to_string()), "{lines:?}");

    let path = scratch("broken-tcb.toml", &broken_tcb());
    let (ok, out) = rookery(&["verify", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert!(!ok, "verify must fail");
    assert!(out.contains("FAIL") && out.contains("only expected: a5 e1 e9 i5"), "{out}");
}

#[test]
fn update_rewrites_expected_values_and_keeps_comments() {
    let original = broken_tcb();
    let path = scratch("update-tcb.toml", &original);
    let (ok, out) = rookery(&["verify", "--update", path.to_str().unwrap()]);
    assert!(ok, "{out}");
    assert!(out.contains("-nodes = 67764") && out.contains("+nodes = "), "the diff is shown first: {out}");
    let updated = std::fs::read_to_string(&path).unwrap();
    // The same lines, except the expected values of the failed checks.
    let (a, b): (Vec<&str>, Vec<&str>) = (original.lines().collect(), updated.lines().collect());
    assert_eq!(a.len(), b.len(), "no line added or lost");
    for (x, y) in a.iter().zip(&b) {
        if x != y {
            let key = x.split('=').next().unwrap().trim();
            assert!(["nodes", "destinations"].contains(&key), "changed line {x:?} -> {y:?}");
        }
    }
    assert!(original.lines().filter(|l| l.trim_start().starts_with('#')).all(|l| b.contains(&l)));
    // Now the file describes its (broken) rook, and a second run changes nothing.
    let (ok, out) = rookery(&["verify", path.to_str().unwrap()]);
    assert!(ok, "{out}");
    let (ok, _) = rookery(&["verify", "--update", path.to_str().unwrap()]);
    assert!(ok);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), updated);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn update_refuses_built_in_names() {
    let out = Command::new(env!("CARGO_BIN_EXE_rookery")).args(["verify", "--update", "tcb"]).output().unwrap();
    // Passing built-ins have nothing to rewrite; the refusal only comes when
    // something failed, so a clean built-in simply passes.
    assert!(out.status.success());
}

#[test]
fn show_lists_the_verified_facts_with_their_status() {
    let (ok, out) = rookery(&["show", "tcb"]);
    assert!(ok);
    assert!(out.contains("verified facts (7 checks"), "{out}");
    assert!(out.contains("  ok    The rook on e5: "), "{out}");
    let path = scratch("show-tcb.toml", &broken_tcb());
    let (ok, out) = rookery(&["show", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert!(ok, "show still shows a definition whose facts fail");
    assert!(out.contains("  FAIL  The rook on e5: ") && out.contains("only expected: a5 e1 e9 i5"), "{out}");
}

/// The text of the verified-facts comment in an export, checked to be one
/// well-formed HTML comment.
fn facts_block(text: &str) -> &str {
    let start = text.find("<!-- Verified facts").expect("the facts block");
    let end = start + text[start..].find("\n-->\n").expect("the block is closed") + 5;
    let block = &text[start..end];
    let inner = &block[4..block.len() - 4];
    assert!(!inner.contains("--"), "`--` is not allowed inside an HTML comment: {block}");
    block
}

#[test]
fn exports_carry_the_verified_facts_as_a_comment() {
    use rookery::export::{export, game_courier, interactive_diagram, Format};
    let (v, _) = load_str(builtin::text("tcb").unwrap()).unwrap();
    let gc = export(&v, Format::GameCourier).unwrap();
    let id = export(&v, Format::InteractiveDiagram).unwrap();
    for text in [&gc, &id] {
        let block = facts_block(text);
        let n = v.checks.len();
        assert!(block.contains(&format!("{n} of {n} ok")), "{block}");
        assert_eq!(block.lines().filter(|l| l.starts_with("  ok ")).count(), n, "{block}");
        assert!(block.contains("The rook on e5: moves of White's R on e5 (alone): a5 c5 d5 e1 e3 e4 e6 e7 e9 f5 g5 i5"));
        assert!(block.contains("source: rules page, Rook (TCB)"));
        assert!(block.contains("perft 3 from the start = 67764"));
    }
    // Game Courier: the block opens the "Rules (HTML)" field and is the only
    // change to the sheet; GAME Code gets no comment.
    let rules = gc.find("===== Rules (HTML) =====\n<!-- Verified facts").expect("block in the rules field");
    assert!(gc[..rules].find("<!--").is_none(), "no comment before the rules field");
    let block = facts_block(&gc);
    assert_eq!(gc.replacen(block, "", 1), game_courier::export(&v).unwrap());
    // Interactive Diagram: the description without the block is the plain
    // export, and the importer skips the block: import and re-export give
    // the same description.
    let plain = interactive_diagram::export(&v).unwrap();
    assert_eq!(id.replacen(facts_block(&id), "", 1), plain);
    let toml = interactive_diagram::import(&id, "tcb").unwrap();
    let (w, _) = load_str(&toml).unwrap_or_else(|e| panic!("{:?}", e.diagnostics));
    assert_eq!(interactive_diagram::export(&w).unwrap(), plain);
    assert_eq!(interactive_diagram::items(&id), interactive_diagram::items(&plain));
}

#[test]
fn the_export_shows_a_failing_fact_and_no_block_without_facts() {
    use rookery::export::{export, Format};
    let (v, _) = load_str(&broken_tcb()).unwrap();
    let id = export(&v, Format::InteractiveDiagram).unwrap();
    let block = facts_block(&id);
    let n = v.checks.len();
    let ok = block.lines().filter(|l| l.starts_with("  ok ")).count();
    assert!(ok < n && block.contains(&format!("{ok} of {n} ok")), "{block}");
    assert!(block.contains("  FAIL  The rook on e5:"), "{block}");
    // A definition without [[checks]] exports no block.
    let text = builtin::text("chess").unwrap();
    let bare = &text[..text.find("[[checks]]").unwrap()];
    let (c, _) = load_str(bare).unwrap();
    assert!(c.checks.is_empty());
    assert!(!export(&c, Format::GameCourier).unwrap().contains("<!--"));
    assert!(!export(&c, Format::InteractiveDiagram).unwrap().contains("<!--"));
}
