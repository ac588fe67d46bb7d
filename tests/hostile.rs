//! The hostile-input corpus (`tests/hostile/cases.tsv`, written by
//! `tools/hostile_corpus.py`): every case runs the built binary under a
//! memory cap and a timeout, and must not panic, crash, hang or run out of
//! memory; invalid inputs must exit non-zero with a (located) message: a
//! definition's problems at `FILE:LINE:COL`, a FEN's at `FEN:1:COL`.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Per case: far above any case's need (the slowest takes well under a second).
const TIMEOUT: Duration = Duration::from_secs(30);
/// Address-space cap per case, in KiB (a runaway allocation aborts instead
/// of swapping the CI machine).
const MEMORY_KIB: u64 = 3_000_000;

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    timed_out: bool,
}

/// Held while a child is spawned (see `run`).
static SPAWN: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs `rookery ARGS` with stdout to a pipe (`stdout` = "pipe"), to
/// /dev/full ("full") or to a pipe closed at once ("closed").
fn run(args: &[String], stdout: &str) -> Run {
    let bin = env!("CARGO_BIN_EXE_rookery");
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\"")).arg(bin).args(args);
    cmd.current_dir(env!("CARGO_MANIFEST_DIR")).stdin(Stdio::null()).stderr(Stdio::piped());
    // Spawning is serialized: a child forked by the other thread while a
    // "closed" pipe's read end is still open would hold it until its exec,
    // so that pipe could still take the first write (a flaky exit 0).
    let guard = SPAWN.lock().unwrap_or_else(|e| e.into_inner());
    match stdout {
        "full" => cmd.stdout(std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full")),
        "closed" => {
            // The read end is closed before the child exists, so its first
            // write meets a pipe without readers however the two are
            // scheduled (dropping it after the spawn let a fast child write
            // its whole output into the pipe's buffer first).
            let (reader, writer) = std::io::pipe().expect("pipe");
            drop(reader);
            cmd.stdout(writer)
        }
        _ => cmd.stdout(Stdio::piped()),
    };
    let mut child = cmd.spawn().expect("spawn sh");
    drop(cmd); // the parent's copy of a "closed" pipe's write end
    let mut out = child.stdout.take();
    drop(guard);
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        if let Some(o) = out.as_mut() {
            let _ = o.read_to_end(&mut s);
        }
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let t = Instant::now();
    let (status, timed_out) = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break (Some(s), false);
        }
        if t.elapsed() > TIMEOUT {
            let _ = child.kill();
            break (child.wait().ok(), true);
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let text = |v: Vec<u8>| String::from_utf8_lossy(&v).into_owned();
    Run {
        code: status.and_then(|s| s.code()),
        stdout: text(reader.join().unwrap_or_default()),
        stderr: text(err_reader.join().unwrap_or_default()),
        timed_out,
    }
}

/// The problem with one case's run, if any.
fn judge(expect: &str, args: &[String], r: &Run) -> Option<String> {
    if r.timed_out {
        return Some("timed out".into());
    }
    if r.stderr.contains("panicked") || r.code == Some(101) {
        return Some(format!("panicked: {}", r.stderr));
    }
    let Some(code) = r.code else { return Some(format!("killed by a signal (stderr: {})", r.stderr)) };
    let has_error = r.stderr.lines().any(|l| l.starts_with("error"));
    let located = args.iter().any(|a| a.ends_with(".toml") && r.stderr.contains(&format!("--> {a}:")));
    let fen_located = r.stderr.contains("--> FEN:1:");
    let ok = match expect {
        "ok" => code == 0,
        "error" => code != 0 && has_error,
        "located" => code != 0 && has_error && located,
        "any" => code == 0 || has_error,
        "fen" => code != 0 && has_error && fen_located,
        "fen-any" => code == 0 || (has_error && fen_located),
        "full" => code == 1 && r.stderr.lines().count() == 1 && has_error,
        "pipe" => code == 141 && r.stderr.is_empty(),
        other => return Some(format!("unknown expectation {other}")),
    };
    (!ok).then(|| format!("expected {expect}, got exit {code}; stdout {:.200}; stderr {:.600}", r.stdout, r.stderr))
}

#[test]
fn hostile_inputs_neither_crash_nor_hang_and_are_reported() {
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/hostile/cases.tsv")).unwrap();
    let cases: Vec<(String, Vec<String>)> = manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (e, a) = l.split_once('\t').expect("EXPECT<TAB>ARGS");
            (e.to_string(), serde_json::from_str(a).expect("JSON arguments"))
        })
        .collect();
    assert!(cases.len() > 300, "{} cases", cases.len());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((expect, args)) = cases.get(i) else { break };
                let mode = match expect.as_str() {
                    "full" => "full",
                    "pipe" => "closed",
                    _ => "pipe",
                };
                if let Some(why) = judge(expect, args, &run(args, mode)) {
                    failures.lock().unwrap().push(format!("{args:.200?}: {why}"));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
}
