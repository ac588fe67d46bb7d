//! `rookery bench`: each position's nodes, score and move, and a total
//! that is their sum; the same figures a UCI `go depth` gives for the same
//! position (so `tools/bench_uci.py --same` and the bench agree).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn bench(args: &[&str]) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_rookery")).arg("bench").args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nodes/s"));
    String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect()
}

/// The word after `key` in `line`.
fn after<'a>(line: &'a str, key: &str) -> &'a str {
    let w: Vec<&str> = line.split_whitespace().collect();
    w[w.iter().position(|x| *x == key).unwrap() + 1]
}

/// The last `info` line with a score and the `bestmove` of `go depth
/// {depth}` from `fen` in `variant`, over UCI.
fn uci_search(variant: &str, fen: &str, depth: u32) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rookery"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let script =
        format!("uci\nsetoption name UCI_Variant value {variant}\nucinewgame\nposition fen {fen}\ngo depth {depth}\n");
    stdin.write_all(script.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let (mut info, mut best) = (String::new(), String::new());
    for l in BufReader::new(child.stdout.take().unwrap()).lines() {
        let l = l.unwrap();
        if l.starts_with("info depth") {
            info = l;
        } else if l.starts_with("bestmove") {
            best = l;
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    child.wait().unwrap();
    assert!(!best.is_empty(), "no bestmove");
    (info, best)
}

#[test]
fn bench_totals_its_positions_and_matches_a_uci_search() {
    let lines = bench(&["crazyhouse", "xiangqi", "--depth-change", "-5"]);
    let (total, positions) = lines.split_last().unwrap();
    assert!(positions.len() >= 2 && positions.iter().all(|l| l.starts_with("crazyhouse") || l.starts_with("xiangqi")));
    let sum: u64 = positions.iter().map(|l| after(l, "nodes").parse::<u64>().unwrap()).sum();
    assert_eq!(total, &format!("nodes {sum}"));
    assert!(sum > 0);
    // The first crazyhouse position (the file lists xiangqi first), over
    // UCI at the same depth.
    let first = positions.iter().find(|l| l.starts_with("crazyhouse ")).unwrap();
    let depth: u32 = after(first, "crazyhouse").trim_start_matches('d').parse().unwrap();
    let fen = first.split(" fen ").nth(1).unwrap();
    let (info, best) = uci_search("crazyhouse", fen, depth);
    assert_eq!(after(&info, "nodes"), after(first, "nodes"), "{info}\n{first}");
    assert_eq!(after(&best, "bestmove"), after(first, "move"), "{best}\n{first}");
    // `score cp 31` (or `score mate 3`) in both.
    let score = |l: &str| l.split(" score ").nth(1).unwrap().split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    assert_eq!(score(&info), score(first), "{info}\n{first}");
}

#[test]
fn bench_refuses_a_variant_it_has_no_position_for() {
    let out = Command::new(env!("CARGO_BIN_EXE_rookery")).args(["bench", "no-such-variant"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no bench position"));
}
