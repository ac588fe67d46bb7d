//! `rookery play --clock`: the TigerClocks (Triple Countdown: 30 min
//! deployment, 150 min added for the engagement, 60 s reserve earned per
//! engagement move on main time) run on a scripted time source
//! (`--clock-times`, milliseconds per move), so every figure is exact and
//! nothing sleeps. The engine is node-limited; these assertions hold for
//! whatever moves it picks (no game can end by the rules this early).

use std::process::Command;

/// Runs a TigerChess game (Open variation, seed 3: a TigerVariation, so
/// each side posts one Royal Guard and four Swordsmen) with the clock
/// charging `times`; returns stdout.
fn timed_game(times: &str, extra: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(["play", "tigerchess", "--open", "--seed", "3", "--nodes", "200", "--clock", "--clock-times", times])
        .args(extra)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The lines of `out` that contain `needle`.
fn lines_with<'a>(out: &'a str, needle: &str) -> Vec<&'a str> {
    out.lines().filter(|l| l.contains(needle)).collect()
}

#[test]
fn main_time_then_reserve_then_loss_on_time() {
    // 10 postings at 1 s; two engagement moves each at 60 s (each earns a
    // 60 s reserve); the Bengal's third move overruns its main time
    // (1795 s + 9000 s - 120 s = 10 675 s) by 50 s, leaving 70 s of
    // reserve; the Siberian answers in 1 s; the Bengal's fourth move takes
    // 100 s > 70 s and loses.
    let deploy = ["1000"; 10].join(",");
    let times = format!("{deploy},60000,60000,60000,60000,10725000,1000,100000");
    let out = timed_game(&times, &[]);
    assert_eq!(lines_with(&out, "the deployment is over: engagement").len(), 1, "{out}");
    assert_eq!(lines_with(&out, "is on reserve time"), ["   Bengal is on reserve time"], "{out}");
    assert!(lines_with(&out, "deployment time is up").is_empty(), "{out}");
    // 10 postings + 6 engagement moves were made; the Bengal's 4th lost on
    // time. Only move lines count (they end in `[coordinates]`): what the
    // engine plays may add lines of its own (`Bengal on b1 is now a Siege
    // Tower`).
    let moves = out.lines().filter(|l| (l.contains(" Bengal ") || l.contains(" Siberian ")) && l.ends_with(']'));
    assert_eq!(moves.count(), 16, "{out}");
    assert!(out.contains("clock Bengal: 0:00 (lost), reserve 0:00"), "{out}");
    // Siberian: 1795 s + 9000 s - 60 - 60 - 1 s = 10 674 s = 177:54; three
    // moves on main time earned 3:00.
    assert!(out.contains("clock Siberian: 177:54 (main), reserve 3:00"), "{out}");
    assert!(out.contains("result: 0-1 (time)"), "{out}");
}

#[test]
fn running_out_in_the_deployment_only_forfeits_postings() {
    // The Siberian's first posting takes the whole 30 min: it is not made,
    // the Siberian posts nothing more, the Bengal posts its five, and the
    // engagement starts with 150 min added to what each has left.
    let out = timed_game("1800000,1000", &["--max-plies", "7"]);
    assert_eq!(
        lines_with(&out, "deployment time is up"),
        ["   Siberian's deployment time is up: no more postings"],
        "{out}"
    );
    let moves = out.lines().filter(|l| l.contains(" Bengal ") || l.contains(" Siberian "));
    let postings: Vec<&str> = moves.filter(|l| l.contains('@')).collect();
    assert_eq!(postings.len(), 5, "{out}");
    assert!(postings.iter().all(|l| l.contains(" Bengal ")), "{out}");
    assert_eq!(lines_with(&out, "the deployment is over: engagement").len(), 1, "{out}");
    // Bengal: 1800 - 5 + 9000 - 1 s = 10 794 s; Siberian: 0 + 9000 - 1 s.
    assert!(out.contains("clock Bengal: 179:54 (main), reserve 1:00"), "{out}");
    assert!(out.contains("clock Siberian: 149:59 (main), reserve 1:00"), "{out}");
    assert!(out.contains("result: * (unfinished after 7 plies)"), "{out}");
}

#[test]
fn clock_times_need_the_clock() {
    let out = Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(["play", "tigerchess", "--clock-times", "1000"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--clock"));
}
