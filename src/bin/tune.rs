//! `rookery-tune`: tunes the evaluation's weights on labelled positions by
//! Texel's method (see `rookery::search::tune` and `docs/tuning.md`).
//!
//! ```text
//! rookery-tune DATA... [--weights FILE] [--hold-out VARIANT]... [--passes N]
//!              [--blend SHARE] [--only NAME,...] [--skip NAME,...] [--out FILE] [--apply src/search/weights.rs]
//! ```
//!
//! `--blend` takes that share of each label from Fairy-Stockfish's score
//! (see `tune::label`). Prints K, the error per variant before and after (held-out variants
//! too, though they take no part in the fit), and writes the tuned weights
//! as `name = value` lines (`--out`) and, with `--apply`, into the
//! compiled-in defaults of `weights.rs`.

use std::process::ExitCode;

use rookery::search::tune::{self, Set};
use rookery::search::Weights;

/// The command line, parsed.
#[derive(Default)]
struct Args {
    data: Vec<String>,
    weights: Option<String>,
    hold_out: Vec<String>,
    passes: usize,
    only: Vec<String>,
    skip: Vec<String>,
    out: Option<String>,
    apply: Option<String>,
    blend: f64,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args { passes: 8, ..Args::default() };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or(format!("{arg} wants a value"));
        let list = |s: String| s.split(',').map(str::to_string).collect::<Vec<_>>();
        match arg.as_str() {
            "--weights" => a.weights = Some(value()?),
            "--hold-out" => a.hold_out.push(value()?),
            "--passes" => a.passes = value()?.parse().map_err(|e| format!("--passes: {e}"))?,
            "--only" => a.only = list(value()?),
            "--skip" => a.skip = list(value()?),
            "--out" => a.out = Some(value()?),
            "--apply" => a.apply = Some(value()?),
            "--blend" => a.blend = value()?.parse().map_err(|e| format!("--blend: {e}"))?,
            s if s.starts_with("--") => return Err(format!("unknown option {s}")),
            _ => a.data.push(arg),
        }
    }
    if a.data.is_empty() {
        return Err("usage: rookery-tune DATA... [--weights FILE] [--hold-out VARIANT] [--passes N] \
                    [--blend SHARE] [--only A,B] [--skip A,B] [--out FILE] [--apply weights.rs]"
            .into());
    }
    Ok(a)
}

/// The error of each set at scale `k`, one line each.
fn per_set(sets: &[Set<'_>], w: &Weights, k: f64, label: &str) {
    for s in sets {
        let e = tune::error(std::slice::from_ref(s), w, k);
        println!("{label:>7} {:<12} {:>7} positions  error {e:.6}", s.name, s.len());
    }
}

/// Rewrites the defaults in the `weights!` block of `text` (lines
/// `name = value, step s;`) with `w`'s values.
fn apply(text: &str, w: &Weights) -> String {
    let mut w = w.clone();
    let values: Vec<(&str, f64)> = Weights::NAMES.iter().copied().zip(w.slots().into_iter().map(|v| *v)).collect();
    let mut out = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        let hit = values.iter().find(|(n, _)| t.starts_with(&format!("{n} = ")) && t.contains(", step "));
        match hit {
            Some((n, v)) => {
                let indent = &line[..line.len() - t.len()];
                let rest = &t[t.find(", step ").unwrap()..];
                out += &format!("{indent}{n} = {},{}\n", literal(*v), &rest[1..]);
            }
            None => out += &format!("{line}\n"),
        }
    }
    out
}

/// A float as a Rust literal (always with a point), to 6 decimals (the
/// tuner's steps keep to them).
fn literal(v: f64) -> String {
    let s = format!("{:.6}", v);
    let s = s.trim_end_matches('0');
    if s.ends_with('.') {
        format!("{s}0")
    } else {
        s.to_string()
    }
}

/// Each piece's letter with its value before and after.
fn start_and_end(before: &[(char, i32)], after: &[(char, i32)]) -> Vec<String> {
    before.iter().zip(after).map(|((l, a), (_, b))| format!("{l} {a}->{b}")).collect()
}

fn run() -> Result<(), String> {
    let a = parse_args()?;
    let mut samples = Vec::new();
    for path in &a.data {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        samples.extend(tune::parse_samples(&text).map_err(|e| format!("{path}: {e}"))?);
    }
    let start = match &a.weights {
        Some(p) => Weights::parse(&std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"))?)?,
        None => Weights::DEFAULT,
    };
    let variants = tune::load_variants(&samples)?;
    let fsf_k = tune::fit_fsf_k(&samples);
    println!("FSF's scale {fsf_k:.4}; labels take {} of their value from FSF's score", a.blend);
    let (all, bad) = tune::sets(&variants, &samples, a.blend, fsf_k);
    if bad > 0 {
        println!("{bad} positions left out (FEN did not parse)");
    }
    let (held, fit): (Vec<Set<'_>>, Vec<Set<'_>>) = all.into_iter().partition(|s| a.hold_out.contains(&s.name));
    let k = tune::fit_k(&fit, &start);
    println!(
        "K = {k:.4}; error {:.6} over {} positions",
        tune::error(&fit, &start, k),
        fit.iter().map(Set::len).sum::<usize>()
    );
    per_set(&fit, &start, k, "before");
    per_set(&held, &start, k, "before");
    let tuned: Vec<bool> = Weights::NAMES
        .iter()
        .map(|n| (a.only.is_empty() || a.only.iter().any(|o| o == n)) && !a.skip.iter().any(|s| s == n))
        .collect();
    let w = tune::descend(&fit, &start, k, a.passes, &tuned, |name, v, e| println!("  {name} = {v:.4}  error {e:.6}"));
    println!("error {:.6} after", tune::error(&fit, &w, k));
    per_set(&fit, &w, k, "after");
    per_set(&held, &w, k, "after");
    for s in fit.iter().chain(&held) {
        println!("values {:<12} {:?}", s.name, start_and_end(&s.values(&start), &s.values(&w)));
    }
    print!("{}", w.to_text());
    if let Some(p) = &a.out {
        std::fs::write(p, w.to_text()).map_err(|e| format!("{p}: {e}"))?;
    }
    if let Some(p) = &a.apply {
        let text = std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"))?;
        std::fs::write(p, apply(&text, &w)).map_err(|e| format!("{p}: {e}"))?;
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rookery-tune: {e}");
            ExitCode::FAILURE
        }
    }
}
