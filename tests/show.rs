//! `rookery show`: the rules line says which end rules a definition has,
//! and which it has not, in words; the piece table keeps its columns.

use std::process::Command;

/// The standard output of `rookery show NAME`.
fn show(name: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_rookery")).args(["show", name]).output().unwrap();
    assert!(out.status.success(), "show {name}");
    String::from_utf8(out.stdout).unwrap()
}

/// The `rules: …` line that follows the piece table.
fn rules_line(out: &str) -> &str {
    out.lines().find(|l| l.starts_with("rules: stalemate")).expect("rules line")
}

#[test]
fn rules_line_names_each_rule_or_says_it_is_off() {
    assert_eq!(
        rules_line(&show("chess")),
        "rules: stalemate: draw; bare king: no rule; 50-move rule; 3-fold repetition"
    );
    // Dobutsu has no move-count rule (`rules.move-rule = 0`): not a "0-move
    // rule"; its lion is taken, not mated: extinction, not a bare king.
    assert_eq!(
        rules_line(&show("dobutsu")),
        "rules: stalemate: loss for the stalemated side; extinction: a side left with no Lion loses; no n-move rule; 4-fold repetition"
    );
    assert!(!rules_line(&show("amazons")).contains("bare king"));
    assert!(rules_line(&show("tcb")).contains("; bare king: loses (counter-baring draws);"));
    // Shatranj's bare king is an extinction rule: said as such.
    let shatranj = show("shatranj");
    assert!(
        rules_line(&shatranj).contains("; extinction: a side left with at most 1 of all its pieces against at least 2")
    );
}

#[test]
fn a_long_piece_name_keeps_the_betza_column() {
    // Dobutsu's "Hen (promoted Chick)" is longer than the usual name column.
    let out = show("dobutsu");
    let col = |l: &str, betza: &str| l.find(&format!(" {betza}")).unwrap();
    let lion = out.lines().find(|l| l.starts_with("  L Lion")).unwrap();
    let hen = out.lines().find(|l| l.starts_with("  H Hen")).unwrap();
    assert_eq!(col(lion, "K"), col(hen, "WfF"), "{lion}\n{hen}");
}

#[test]
fn a_special_move_says_where_or_when_it_is_allowed() {
    // The soldier's sideways step exists in its region only; check has
    // nothing to do with it.
    let out = show("xiangqi");
    assert!(out.contains("    + sideways step across the river: sW (only in the region `across-river`)"), "{out}");
    // The Cambodian king's leap (no region) is allowed only out of check.
    let out = show("cambodian");
    assert!(out.lines().any(|l| l.contains("King's leap") && l.ends_with("(only when not in check)")), "{out}");
}

#[test]
fn an_immobile_piece_gets_no_move_diagram() {
    // The duck is placed, never moved: "Duck () from d4: 0 destinations" said nothing.
    let out = show("duck");
    assert!(out.contains("Duck"), "{out}");
    assert!(!out.contains("Duck () from"), "{out}");
    assert!(out.contains("Knight (N) from"), "{out}");
}
