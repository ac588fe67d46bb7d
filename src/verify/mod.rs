//! Self-verifying definitions: the facts a definition documents in
//! `[[checks]]` (a perft count, a piece's moves, a line of play and its
//! result), validated at load time ([`compile`]), run against the compiled
//! variant ([`run_checks`]) and, on request, rewritten in place ([`update`]).
//!
//! The built-ins carry the facts their rules pages and the project's oracles
//! document, so `rookery verify` is both a designer's tool and the
//! project's own regression test.

mod compile;
pub mod diagram;
mod run;
pub mod update;

use std::ops::Range;

pub use compile::compile;
pub use run::{run_check, run_checks, CheckResult, Got, Status};

/// One documented fact, validated against its variant.
#[derive(Clone, Debug)]
pub struct Check {
    /// `name`, if given.
    pub name: Option<String>,
    /// `source`: where the fact comes from.
    pub source: Option<String>,
    /// `note`: a quotation or remark.
    pub note: Option<String>,
    /// `fen`: the position (`None`: the setup, or the piece alone).
    pub fen: Option<String>,
    /// What is claimed.
    pub fact: Fact,
    /// Where the check's table stands in the file.
    pub span: Range<usize>,
}

/// What a check claims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// `perft(depth) = nodes`.
    Perft {
        /// Plies.
        depth: u32,
        /// Leaf nodes.
        nodes: u64,
    },
    /// Where one piece may go.
    Moves(MovesFact),
    /// A line of play and how it ends.
    Line {
        /// Moves in coordinate notation.
        moves: Vec<String>,
        /// The expected ending.
        result: LineResult,
    },
}

/// A `moves` check: a piece at a cell (or several cells) and what it reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesFact {
    /// The piece's letter (upper case).
    pub letter: char,
    /// It plays for Black.
    pub black: bool,
    /// Its cell (`None` with `counts`).
    pub at: Option<String>,
    /// It has not moved yet.
    pub unmoved: bool,
    /// Expected number of destination cells.
    pub count: Option<usize>,
    /// Expected destination counts per cell (`counts`).
    pub counts: Vec<(String, usize)>,
    /// Expected destination cells, sorted.
    pub destinations: Option<Vec<String>>,
    /// Expected diagram text.
    pub diagram: Option<String>,
}

/// How a line ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineResult {
    /// Every move is legal and the game goes on.
    Legal,
    /// Move N (1-based) is not legal (or comes after the end).
    IllegalAt(usize),
    /// The game ends with this `result:` text (`1-0 (checkmate)`).
    Ends(String),
}

impl LineResult {
    /// Reads the `result` text of a line check.
    pub fn parse(text: &str) -> Option<LineResult> {
        let t = text.trim();
        if t == "legal" {
            return Some(LineResult::Legal);
        }
        if let Some(n) = t.strip_prefix("illegal at move ") {
            return n.parse().ok().filter(|&n| n >= 1).map(LineResult::IllegalAt);
        }
        let score = ["1-0 (", "0-1 (", "1/2-1/2 ("].iter().any(|s| t.starts_with(s)) && t.ends_with(')');
        score.then(|| LineResult::Ends(t.to_string()))
    }
}

impl std::fmt::Display for LineResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineResult::Legal => f.write_str("legal"),
            LineResult::IllegalAt(n) => write!(f, "illegal at move {n}"),
            LineResult::Ends(t) => f.write_str(t),
        }
    }
}

impl Check {
    /// A one-line description: the name, else what is checked.
    pub fn title(&self) -> String {
        match &self.name {
            Some(n) => n.clone(),
            None => self.what(),
        }
    }

    /// What is checked, without the expected value.
    pub fn what(&self) -> String {
        let from = if self.fen.is_some() { "the given position" } else { "the start" };
        match &self.fact {
            Fact::Perft { depth, .. } => format!("perft {depth} from {from}"),
            Fact::Moves(m) => {
                let side = if m.black { "Black" } else { "White" };
                let at =
                    m.at.clone()
                        .unwrap_or_else(|| m.counts.iter().map(|(c, _)| c.as_str()).collect::<Vec<_>>().join(", "));
                let alone = if self.fen.is_some() { "in the given position" } else { "alone" };
                format!("moves of {side}'s {} on {at} ({alone})", m.letter)
            }
            Fact::Line { moves, .. } => format!("line of {} moves from {from}", moves.len()),
        }
    }

    /// The claim in words: what is checked and the expected value.
    pub fn claim(&self) -> String {
        match &self.fact {
            Fact::Perft { nodes, .. } => format!("{} = {nodes}", self.what()),
            Fact::Moves(m) => {
                let mut parts = Vec::new();
                if let Some(n) = m.count {
                    parts.push(format!("{n} destinations"));
                }
                if !m.counts.is_empty() {
                    let c: Vec<String> = m.counts.iter().map(|(c, n)| format!("{c} {n}")).collect();
                    parts.push(format!("destinations {}", c.join(", ")));
                }
                if let Some(d) = &m.destinations {
                    parts.push(d.join(" "));
                }
                if m.diagram.is_some() {
                    parts.push("the diagram given".to_string());
                }
                format!("{}: {}", self.what(), parts.join("; "))
            }
            Fact::Line { moves, result } => format!("{}: {} → {result}", self.what(), moves.join(" ")),
        }
    }
}

impl Status {
    /// `ok`, `FAIL` or `ERROR`.
    pub fn word(&self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Fail(_) => "FAIL",
            Status::Error(_) => "ERROR",
        }
    }
}

/// The "verified facts" list of `rookery show`: every check run, one line
/// each with its status and claim, the differences of a failed one
/// indented below it, and its source.
pub fn report(v: &crate::variant::Variant) -> String {
    let mut out = String::new();
    for (c, r) in v.checks.iter().zip(run_checks(v)) {
        let name = c.name.as_ref().map_or(String::new(), |n| format!("{n}: "));
        out.push_str(&format!("  {:<5} {name}{}\n", r.status.word(), c.claim()));
        match &r.status {
            Status::Fail(diffs) => diffs.iter().for_each(|d| out.push_str(&format!("          {d}\n"))),
            Status::Error(e) => out.push_str(&format!("          {e}\n")),
            Status::Ok => {}
        }
        if let Some(s) = &c.source {
            out.push_str(&format!("          source: {s}\n"));
        }
    }
    out
}
