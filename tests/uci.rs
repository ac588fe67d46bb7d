//! UCI dialogues with the `rookery uci` binary: every reply checked, moves
//! checked against the library's legal moves.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use rookery::game::notation::parse_move;
use rookery::game::{Game, Position};
use rookery::variant::{builtin, load_str};

/// Sends `script` (one command per line) and returns the replies; after a
/// `go` it waits for the `bestmove` before sending more (a `quit` during a
/// search stops it early, as it should).
fn dialogue(script: &str) -> Vec<String> {
    let mut child = spawn_uci();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut replies = Vec::new();
    for cmd in script.lines() {
        writeln!(stdin, "{cmd}").unwrap();
        stdin.flush().unwrap();
        if cmd.starts_with("go") {
            for l in lines.by_ref() {
                let l = l.unwrap();
                replies.push(l.clone());
                if l.starts_with("bestmove") {
                    break;
                }
            }
        }
    }
    drop(stdin);
    replies.extend(lines.map(|l| l.unwrap()));
    assert!(child.wait().unwrap().success());
    replies
}

/// The moves of the `bestmove` replies (without their `ponder` move).
fn bestmoves(replies: &[String]) -> Vec<&str> {
    replies.iter().filter_map(|l| l.strip_prefix("bestmove ")?.split(' ').next()).collect()
}

/// Whether `mv` is legal after `moves` from the start of `variant`.
fn legal_after(variant: &str, fen: Option<&str>, moves: &[&str], mv: &str) -> bool {
    let (v, _) = load_str(builtin::text(variant).unwrap()).unwrap();
    let pos = fen.map_or_else(|| Position::start(&v), |f| Position::from_fen(&v, f).unwrap());
    let mut g = Game::new(pos);
    let mut legal = Vec::new();
    for m in moves.iter().chain([&mv]) {
        g.pos.legal_moves(&mut legal);
        let Some(m) = parse_move(&g.pos, m, &legal) else { return false };
        g.play(m);
    }
    true
}

#[test]
fn handshake_lists_every_builtin() {
    let r = dialogue("uci\nisready\nquit\n");
    assert!(r[0].starts_with("id name Rookery"), "{r:?}");
    let opt = r.iter().find(|l| l.starts_with("option name UCI_Variant type combo default chess")).unwrap();
    for (name, _) in builtin::BUILTIN {
        assert!(opt.contains(&format!(" var {name}")), "{opt}");
    }
    assert!(r.iter().any(|l| l == "option name VariantPath type string default <empty>"));
    assert!(r.iter().any(|l| l == "option name Move Overhead type spin default 10 min 0 max 5000"));
    let ok = r.iter().position(|l| l == "uciok").unwrap();
    assert_eq!(r[ok + 1], "readyok");
}

#[test]
fn go_depth_reports_every_iteration_and_a_legal_move() {
    let r = dialogue("uci\nposition startpos moves e2e4 e7e5\ngo depth 4\nquit\n");
    let infos: Vec<&String> = r.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 4, "{r:?}");
    for (i, l) in infos.iter().enumerate() {
        assert!(l.starts_with(&format!("info depth {} ", i + 1)), "{l}");
        for key in [" seldepth ", " score cp ", " nodes ", " nps ", " time ", " pv "] {
            assert!(l.contains(key), "{l}");
        }
    }
    let bm = bestmoves(&r);
    assert_eq!(bm.len(), 1);
    assert!(legal_after("chess", None, &["e2e4", "e7e5"], bm[0]), "{bm:?}");
    // The first move of the last PV is the best move.
    assert!(infos[3].contains(&format!(" pv {}", bm[0])), "{r:?}");
}

#[test]
fn finds_mate_in_one_and_a_promotion() {
    let r = dialogue(
        "position fen r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\ngo depth 3\n\
         position fen 8/P5k1/8/8/8/8/6K1/8 w - - 0 1\ngo depth 4\nquit\n",
    );
    assert_eq!(bestmoves(&r), ["h5f7", "a7a8q"], "{r:?}");
    assert!(r.iter().any(|l| l.contains("score mate 1 ")), "{r:?}");
}

#[test]
fn variants_by_name_and_by_path_with_postings() {
    let r = dialogue(
        "setoption name UCI_Variant value tcb\nposition startpos\ngo nodes 3000\n\
         setoption name VariantPath value definitions/capablanca.toml\n\
         setoption name UCI_Variant value tigerchess\nposition startpos\ngo depth 2\nquit\n",
    );
    let bm = bestmoves(&r);
    assert_eq!(bm.len(), 2, "{r:?}");
    assert!(legal_after("tcb", None, &[], bm[0]), "{bm:?}");
    assert!(r.iter().any(|l| l == "info string loaded capablanca"), "{r:?}");
    // TigerChess starts in its deployment phase: the answer is a posting,
    // and the next one follows it.
    assert!(bm[1].contains('@') && legal_after("tigerchess", None, &[], bm[1]), "{bm:?}");
    let first = bm[1].to_string();
    let r = dialogue(&format!(
        "setoption name UCI_Variant value tigerchess\nposition startpos moves {first}\ngo depth 2\nquit\n"
    ));
    let bm = bestmoves(&r);
    assert!(bm[0].contains('@') && legal_after("tigerchess", None, &[&first], bm[0]), "{bm:?}");
}

#[test]
fn bad_input_is_reported_not_fatal() {
    let r = dialogue(
        "position startpos moves e2e5\nsetoption name UCI_Variant value nosuch\nposition fen xyz\nfoo\n\
         setoption name Move Overhead value soon\nsetoption name Move Overhead value 40\nisready\nquit\n",
    );
    assert_eq!(
        r,
        [
            "info string illegal move e2e5",
            "info string unknown variant nosuch",
            r[2].as_str(),
            "info string unknown command foo",
            "info string Move Overhead wants milliseconds, not \"soon\"",
            "readyok"
        ]
    );
    assert!(r[2].starts_with("info string invalid FEN"), "{r:?}");
}

/// `rookery uci` with piped stdin and stdout, for dialogues that need
/// timing (a search still running when the next command arrives).
fn spawn_uci() -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_rookery")).arg("uci").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap()
}

#[test]
fn stop_ends_an_infinite_search() {
    let mut child = spawn_uci();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"position startpos\ngo infinite\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    stdin.write_all(b"stop\nquit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let bm: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("bestmove ")?.split(' ').next()).collect();
    assert_eq!(bm.len(), 1, "{text}");
    assert!(legal_after("chess", None, &[], bm[0]));
}

/// A line from `lines` within `secs` seconds (None on timeout or end).
fn line_within(lines: &std::sync::mpsc::Receiver<String>, secs: u64) -> Option<String> {
    lines.recv_timeout(std::time::Duration::from_secs(secs)).ok()
}

#[test]
fn isready_is_answered_during_a_search_and_quit_ends_it_with_input_open() {
    let (mut child, mut stdin, rx) = spawn_with_lines();
    // UCI: `isready` during a search is answered at once, without a
    // `bestmove` (the search goes on until `stop`).
    stdin.write_all(b"position startpos\ngo infinite\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(200));
    stdin.write_all(b"isready\n").unwrap();
    stdin.flush().unwrap();
    let mut seen = Vec::new();
    while let Some(l) = line_within(&rx, 20) {
        seen.push(l.clone());
        if l == "readyok" {
            break;
        }
    }
    assert_eq!(seen.last().map(String::as_str), Some("readyok"), "{seen:?}");
    assert!(!seen.iter().any(|l| l.starts_with("bestmove")), "{seen:?}");
    // `quit` during an infinite search ends the engine although its input
    // stays open (a GUI keeps the pipe until the process is gone).
    stdin.write_all(b"quit\n").unwrap();
    stdin.flush().unwrap();
    let t = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(t.elapsed().as_secs() < 20, "the engine did not quit");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    drop(stdin);
}

/// Positions as a GUI sends them to Fairy-Stockfish (its FENs, with hands
/// and promoted markers, and `startpos moves …` in its move notation), in
/// twelve variants including shogi, xiangqi and janggi; the best move must
/// be one of FSF's legal moves there. Frozen by `tools/uci_fsf_positions.py`
/// from pyffish 0.0.90.
#[test]
fn best_moves_in_fsf_positions_are_fsf_legal() {
    let data = std::fs::read_to_string("tests/data/uci-fsf-positions.txt").unwrap();
    let cases: Vec<(&str, &str, Vec<&str>)> = data
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut f = l.split('|');
            let (v, p, legal) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
            (v, p, legal.split(' ').collect())
        })
        .collect();
    let mut script = String::new();
    let mut last = "";
    for (v, p, _) in &cases {
        if *v != last {
            script += &format!("setoption name UCI_Variant value {v}\n");
            last = v;
        }
        script += &format!("position {p}\ngo depth 2\n");
    }
    script += "quit\n";
    let r = dialogue(&script);
    assert!(!r.iter().any(|l| l.starts_with("info string")), "{:?}", r.iter().filter(|l| l.contains("string")));
    let bm = bestmoves(&r);
    assert_eq!(bm.len(), cases.len(), "{r:?}");
    for ((v, p, legal), m) in cases.iter().zip(&bm) {
        assert!(legal.contains(m), "{v}: {m} is not among FSF's legal moves after `position {p}`");
    }
    assert!(cases.len() >= 60);
}

/// `rookery uci` and a channel of its output lines (read by a thread), for
/// dialogues that time the replies.
fn spawn_with_lines() -> (std::process::Child, std::process::ChildStdin, std::sync::mpsc::Receiver<String>) {
    let mut child = spawn_uci();
    let stdin = child.stdin.take().unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(out).lines() {
            let Ok(l) = l else { break };
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    (child, stdin, rx)
}

/// Sends `cmds` and waits (at most 20 s) for a line starting with `prefix`;
/// returns it and the time it took.
fn answer(
    stdin: &mut std::process::ChildStdin,
    rx: &std::sync::mpsc::Receiver<String>,
    cmds: &str,
    prefix: &str,
) -> (String, u128) {
    stdin.write_all(cmds.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let t = std::time::Instant::now();
    while let Some(l) = line_within(rx, 20) {
        if l.starts_with(prefix) {
            return (l, t.elapsed().as_millis());
        }
    }
    panic!("no {prefix} within 20 s after {cmds:?}");
}

/// With 300 ms left on its clock (and none, or 100 ms, of increment) the
/// engine answers well within it, in a middlegame position where a search
/// has plenty to do; the move is legal.
#[test]
fn little_time_left_is_answered_within_it() {
    let (mut child, mut stdin, rx) = spawn_with_lines();
    answer(&mut stdin, &rx, "uci\n", "uciok");
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9";
    for go in
        ["go wtime 300 btime 300", "go wtime 300 btime 9000 winc 100 binc 100", "go wtime 300 btime 300 movestogo 1"]
    {
        answer(&mut stdin, &rx, &format!("position fen {fen}\nisready\n"), "readyok");
        let (line, ms) = answer(&mut stdin, &rx, &format!("{go}\n"), "bestmove");
        assert!(ms < 300, "{go}: {line} after {ms} ms");
        let m = line.split_whitespace().nth(1).unwrap();
        assert!(legal_after("chess", Some(fen), &[], m), "{go}: {line}");
    }
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// `go ponder` thinks without a `bestmove` until `ponderhit`, then moves
/// within the clock's share for the move; its `bestmove` names the expected
/// reply (`ponder`), and both moves are legal. `stop` ends pondering at once.
#[test]
fn ponder_waits_for_ponderhit_then_moves_on_its_clock() {
    let (mut child, mut stdin, rx) = spawn_with_lines();
    answer(&mut stdin, &rx, "uci\nsetoption name Ponder value true\nisready\n", "readyok");
    stdin.write_all(b"position startpos moves e2e4 e7e5\ngo ponder wtime 3000 btime 3000\n").unwrap();
    stdin.flush().unwrap();
    let t = std::time::Instant::now();
    while t.elapsed().as_millis() < 500 {
        if let Ok(l) = rx.recv_timeout(std::time::Duration::from_millis(50)) {
            assert!(!l.starts_with("bestmove"), "a bestmove while pondering: {l}");
        }
    }
    // The soft share of 3 s is about 50 ms; a second is ample.
    let (line, ms) = answer(&mut stdin, &rx, "ponderhit\n", "bestmove");
    assert!(ms < 1000, "{line} after {ms} ms");
    let w: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(w.get(2), Some(&"ponder"), "{line}");
    assert!(legal_after("chess", None, &["e2e4", "e7e5", w[1]], w[3]), "{line}");
    answer(&mut stdin, &rx, "position startpos\ngo ponder wtime 60000 btime 60000\n", "info depth 2");
    let (line, ms) = answer(&mut stdin, &rx, "stop\n", "bestmove");
    assert!(ms < 1000, "{line} after {ms} ms");
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// The node count of the last iteration in `replies` from index `from`.
fn last_nodes(replies: &[String], from: usize) -> u64 {
    let line = replies[from..].iter().rev().find(|l| l.starts_with("info depth")).unwrap();
    let w: Vec<&str> = line.split_whitespace().collect();
    w[w.iter().position(|x| *x == "nodes").unwrap() + 1].parse().unwrap()
}

/// `Clear Hash` forgets what earlier searches learnt: the same search then
/// takes exactly the nodes it took the first time, while without it the
/// filled table saves nodes. `Hash`, `Clear Hash` and `Ponder` are
/// announced and accepted without complaint.
#[test]
fn clear_hash_and_hash_are_options() {
    let search = "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4\ngo depth 6\n";
    let r = dialogue(&format!(
        "uci\nsetoption name Hash value 8\n{search}{search}setoption name Clear Hash\n{search}quit\n"
    ));
    for opt in ["option name Hash type spin", "option name Clear Hash type button", "option name Ponder type check"] {
        assert!(r.iter().any(|l| l.starts_with(opt)), "{opt}: {r:?}");
    }
    assert!(!r.iter().any(|l| l.contains("unknown")), "{r:?}");
    let ends: Vec<usize> = r.iter().enumerate().filter(|(_, l)| l.starts_with("bestmove")).map(|(i, _)| i).collect();
    let nodes = [last_nodes(&r[..ends[0]], 0), last_nodes(&r[..ends[1]], ends[0]), last_nodes(&r[..ends[2]], ends[1])];
    assert!(nodes[1] < nodes[0], "the second search gains nothing from the table: {nodes:?}");
    assert_eq!(nodes[2], nodes[0], "Clear Hash left something: {nodes:?}");
}

#[test]
fn eval_gives_the_static_score_for_the_side_to_move_and_its_parts() {
    let r = dialogue(
        "uci\nposition fen 4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1\neval\n\
         position fen 4k3/8/8/8/8/8/8/QQ2K3 b - - 0 1\neval\nquit\n",
    );
    // "info string eval TOTAL material M structure S activity A (...)".
    let evals: Vec<Vec<i32>> = r
        .iter()
        .filter_map(|l| l.strip_prefix("info string eval "))
        .map(|l| l.split(' ').filter_map(|w| w.parse().ok()).collect())
        .collect();
    assert_eq!(evals.len(), 2, "{r:?}");
    for e in &evals {
        assert_eq!(e.len(), 4, "{e:?}");
        assert_eq!(e[0], e[1] + e[2] + e[3], "the parts add up: {e:?}");
    }
    // Two queens up: far ahead for White, as far behind for Black to move.
    assert!(evals[0][0] > 1500 && evals[1][0] < -1500, "{evals:?}");
}
