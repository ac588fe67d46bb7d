//! Running checks against a compiled variant.

use std::collections::BTreeSet;
use std::time::Instant;

use super::{diagram, Check, Fact, LineResult, MovesFact};
use crate::game::notation::parse_move;
use crate::game::perft::perft;
use crate::game::{Game, Position};
use crate::variant::Variant;

/// What a check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The fact holds.
    Ok,
    /// It does not: the differences, one per line (expected vs got, the
    /// cells only one side has).
    Fail(Vec<String>),
    /// It could not be run (the reason).
    Error(String),
}

/// The values a check actually found (what `--update` writes back).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Got {
    /// A perft count.
    Nodes(u64),
    /// The piece's destination cells (sorted) and its diagram.
    Moves {
        /// Destination cells, sorted, each once.
        destinations: Vec<String>,
        /// The diagram as `rookery moves` prints it.
        diagram: String,
    },
    /// Destination counts per cell (`counts`).
    Counts(Vec<(String, usize)>),
    /// How the line ended, and why a move was illegal.
    Line(LineResult, String),
}

/// One check's outcome.
#[derive(Clone, Debug)]
pub struct CheckResult {
    /// Ok, failed or not runnable.
    pub status: Status,
    /// What was found (absent when the check could not run).
    pub got: Option<Got>,
    /// Time taken.
    pub seconds: f64,
}

/// Runs every check of the variant, in file order.
pub fn run_checks(v: &Variant) -> Vec<CheckResult> {
    v.checks.iter().map(|c| run_check(v, c)).collect()
}

/// Runs one check.
pub fn run_check(v: &Variant, c: &Check) -> CheckResult {
    let t = Instant::now();
    let (status, got) = match found(v, c) {
        Ok(got) => (compare(&c.fact, &got), Some(got)),
        Err(e) => (Status::Error(e), None),
    };
    CheckResult { status, got, seconds: t.elapsed().as_secs_f64() }
}

fn position<'v>(v: &'v Variant, fen: Option<&str>) -> Result<Position<'v>, String> {
    match fen {
        Some(f) => Position::from_fen(v, f).map_err(|e| e.to_string()),
        None => Ok(Position::start(v)),
    }
}

fn found(v: &Variant, c: &Check) -> Result<Got, String> {
    match &c.fact {
        Fact::Perft { depth, .. } => Ok(Got::Nodes(perft(&mut position(v, c.fen.as_deref())?, *depth))),
        Fact::Moves(m) => match &m.at {
            Some(at) => {
                let (destinations, diagram) = moves_from(v, c.fen.as_deref(), m, at)?;
                Ok(Got::Moves { destinations, diagram })
            }
            None => {
                let counts: Result<Vec<(String, usize)>, String> = m
                    .counts
                    .iter()
                    .map(|(at, _)| Ok((at.clone(), moves_from(v, c.fen.as_deref(), m, at)?.0.len())))
                    .collect();
                Ok(Got::Counts(counts?))
            }
        },
        Fact::Line { moves, .. } => {
            let (r, why) = play_line(v, c.fen.as_deref(), moves)?;
            Ok(Got::Line(r, why))
        }
    }
}

/// The piece's destination cells (each once, sorted) and diagram.
fn moves_from(v: &Variant, fen: Option<&str>, m: &MovesFact, at: &str) -> Result<(Vec<String>, String), String> {
    let (friends, enemies) = match fen {
        Some(f) => crate::probe::friends_and_enemies(&position(v, Some(f))?, at, m.black),
        None => (Vec::new(), Vec::new()),
    };
    let prep = crate::probe::prepare_on(v, m.letter, at, m.black, &friends, &enemies).map_err(|e| e.to_string())?;
    let moves = crate::probe::destinations(&prep, m.unmoved);
    let cells: BTreeSet<String> = moves.iter().map(|x| x.to.clone()).collect();
    Ok((cells.into_iter().collect(), crate::probe::diagram(&prep, &moves)))
}

/// Plays a line: how it ended, and for an illegal move the reason.
fn play_line(v: &Variant, fen: Option<&str>, moves: &[String]) -> Result<(LineResult, String), String> {
    let mut game = Game::new(position(v, fen)?);
    let mut legal = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        if let Some(o) = game.outcome() {
            return Ok((LineResult::IllegalAt(i + 1), format!("move {} ({text}) comes after the end: {o}", i + 1)));
        }
        game.pos.legal_moves(&mut legal);
        let Some(m) = parse_move(&game.pos, text, &legal) else {
            let why = format!("move {} ({text}) is not legal in {}", i + 1, game.pos.fen());
            return Ok((LineResult::IllegalAt(i + 1), why));
        };
        game.play(m);
    }
    Ok(match game.outcome() {
        Some(o) => (LineResult::Ends(o.to_string()), String::new()),
        None => (LineResult::Legal, String::new()),
    })
}

fn compare(fact: &Fact, got: &Got) -> Status {
    let mut diffs = Vec::new();
    match (fact, got) {
        (Fact::Perft { nodes, .. }, Got::Nodes(n)) if n != nodes => {
            diffs.push(format!("expected {nodes}, got {n} ({:+})", *n as i128 - *nodes as i128));
        }
        (Fact::Moves(m), Got::Moves { destinations, diagram: text }) => {
            if let Some(n) = m.count.filter(|&n| n != destinations.len()) {
                diffs.push(format!("expected {n} destinations, got {}", destinations.len()));
            }
            if let Some(want) = m.destinations.as_ref().filter(|w| *w != destinations) {
                diffs.push(format!("expected {}", list(want)));
                diffs.push(format!("got      {}", list(destinations)));
                diffs.push(format!("only expected: {}", list(&minus(want, destinations))));
                diffs.push(format!("only got:      {}", list(&minus(destinations, want))));
            }
            if let Some(want) = &m.diagram {
                diffs.extend(diagram::differences(want, text).into_iter().map(|d| format!("diagram {d}")));
            }
        }
        (Fact::Moves(m), Got::Counts(counts)) => {
            for ((at, want), (_, n)) in m.counts.iter().zip(counts) {
                if want != n {
                    diffs.push(format!("from {at}: expected {want} destinations, got {n}"));
                }
            }
        }
        (Fact::Line { result, .. }, Got::Line(r, why)) if r != result => {
            diffs.push(format!("expected {result}, got {r}"));
            if !why.is_empty() {
                diffs.push(why.clone());
            }
        }
        _ => {}
    }
    if diffs.is_empty() {
        Status::Ok
    } else {
        Status::Fail(diffs)
    }
}

fn minus(a: &[String], b: &[String]) -> Vec<String> {
    a.iter().filter(|x| !b.contains(x)).cloned().collect()
}

fn list(cells: &[String]) -> String {
    if cells.is_empty() {
        "(none)".to_string()
    } else {
        cells.join(" ")
    }
}
