//! `[[checks]]` as written → [`Check`]s, with every problem located.

use super::{diagram, Check, Fact, LineResult, MovesFact};
use crate::game::Position;
use crate::variant::spec::{CheckSpec, Spanned};
use crate::variant::{Diagnostic, Variant};

/// Keys that belong to one kind of check only.
const ONLY: &[(&str, &[&str])] = &[
    ("perft", &["depth", "nodes"]),
    ("moves", &["piece", "at", "unmoved", "count", "counts", "destinations", "diagram"]),
    ("line", &["moves", "result"]),
];

/// Validates the checks of a loaded variant; problems go to `d` with the
/// place of the offending value.
pub fn compile(specs: &[CheckSpec], v: &Variant, d: &mut Vec<Diagnostic>) -> Vec<Check> {
    specs.iter().filter_map(|s| one(s, v, d)).collect()
}

fn one(s: &CheckSpec, v: &Variant, d: &mut Vec<Diagnostic>) -> Option<Check> {
    let kind = s.kind.as_ref()?;
    let Some((_, own)) = ONLY.iter().find(|(k, _)| *k == kind.value) else {
        d.push(Diagnostic::error(
            kind.span.clone(),
            format!("unknown check kind {:?}; use \"perft\", \"moves\" or \"line\"", kind.value),
        ));
        return None;
    };
    for (k, keys) in ONLY.iter().filter(|(k, _)| *k != kind.value) {
        for key in keys.iter().filter(|key| !own.contains(key)) {
            if let Some(span) = given(s, key) {
                d.push(Diagnostic::error(span, format!("`{key}` belongs to {k} checks, not {} checks", kind.value)));
            }
        }
    }
    let before = d.len();
    if let Some(f) = &s.fen {
        if let Err(e) = Position::from_fen(v, &f.value) {
            d.push(Diagnostic::error(f.span.clone(), format!("check FEN: {e}")));
        }
    }
    let fact = match kind.value.as_str() {
        "perft" => perft(s, d),
        "moves" => moves(s, v, d),
        _ => line(s, d),
    };
    let fact = fact.filter(|_| d.len() == before)?;
    Some(Check {
        name: s.name.as_ref().map(|n| n.value.clone()),
        source: s.source.as_ref().map(|n| n.value.clone()),
        note: s.note.as_ref().map(|n| n.value.clone()),
        fen: s.fen.as_ref().map(|n| n.value.clone()),
        fact,
        span: s.span.clone(),
    })
}

/// The span of `key` in a check if it was given.
fn given(s: &CheckSpec, key: &str) -> Option<std::ops::Range<usize>> {
    let str_span = |x: &Option<Spanned<String>>| x.as_ref().map(|x| x.span.clone());
    let int_span = |x: &Option<Spanned<i64>>| x.as_ref().map(|x| x.span.clone());
    let list_span =
        |x: &Option<Vec<Spanned<String>>>| x.as_ref().map(|l| l.first().map_or(s.span.clone(), |e| e.span.clone()));
    match key {
        "depth" => int_span(&s.depth),
        "nodes" => int_span(&s.nodes),
        "piece" => str_span(&s.piece),
        "at" => str_span(&s.at),
        "unmoved" => s.unmoved.map(|_| s.span.clone()),
        "count" => int_span(&s.count),
        "counts" => s.counts.first().map(|(c, _)| c.span.clone()),
        "destinations" => list_span(&s.destinations),
        "diagram" => str_span(&s.diagram),
        "moves" => list_span(&s.moves),
        "result" => str_span(&s.result),
        _ => None,
    }
}

fn required<'a, T>(
    x: &'a Option<Spanned<T>>,
    key: &str,
    s: &CheckSpec,
    d: &mut Vec<Diagnostic>,
) -> Option<&'a Spanned<T>> {
    if x.is_none() {
        d.push(Diagnostic::error(s.span.clone(), format!("this check needs `{key}`")));
    }
    x.as_ref()
}

fn non_negative(x: &Spanned<i64>, key: &str, d: &mut Vec<Diagnostic>) -> Option<u64> {
    if x.value < 0 {
        d.push(Diagnostic::error(x.span.clone(), format!("`{key}` must be 0 or more")));
        return None;
    }
    Some(x.value as u64)
}

fn perft(s: &CheckSpec, d: &mut Vec<Diagnostic>) -> Option<Fact> {
    let depth = required(&s.depth, "depth", s, d);
    let nodes = required(&s.nodes, "nodes", s, d);
    let depth = depth?;
    if !(0..=10).contains(&depth.value) {
        d.push(Diagnostic::error(depth.span.clone(), "`depth` must be between 0 and 10"));
        return None;
    }
    let nodes = non_negative(nodes?, "nodes", d)?;
    Some(Fact::Perft { depth: depth.value as u32, nodes })
}

fn cell_ok(v: &Variant, c: &Spanned<String>, d: &mut Vec<Diagnostic>) -> bool {
    let ok = v.grid.parse(&c.value).is_some();
    if !ok {
        d.push(Diagnostic::error(c.span.clone(), format!("{:?} is not a cell of the board", c.value)));
    }
    ok
}

fn moves(s: &CheckSpec, v: &Variant, d: &mut Vec<Diagnostic>) -> Option<Fact> {
    let letter = piece_letter(s, v, d)?;
    moves_where(s, v, d);
    moves_expected(s, d);
    let count = s.count.as_ref().and_then(|c| non_negative(c, "count", d)).map(|n| n as usize);
    let destinations = s.destinations.as_ref().map(|list| {
        let mut cells: Vec<String> = list.iter().filter(|c| cell_ok(v, c, d)).map(|c| c.value.clone()).collect();
        cells.sort();
        cells.dedup();
        cells
    });
    diagram_rows(s, d);
    Some(Fact::Moves(MovesFact {
        letter: letter.to_ascii_uppercase(),
        black: letter.is_ascii_lowercase(),
        at: s.at.as_ref().map(|a| a.value.clone()),
        unmoved: s.unmoved.unwrap_or(s.fen.is_none()),
        count,
        counts: s.counts.iter().map(|(c, n)| (c.value.clone(), n.value.max(0) as usize)).collect(),
        destinations,
        diagram: s.diagram.as_ref().map(|t| t.value.clone()),
    }))
}

/// A moves check's `piece`: the letter of a defined piece (its case gives the side).
fn piece_letter(s: &CheckSpec, v: &Variant, d: &mut Vec<Diagnostic>) -> Option<char> {
    let piece = required(&s.piece, "piece", s, d)?;
    let mut cs = piece.value.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() && v.kind_of_letter(c).is_some() => Some(c),
        _ => {
            d.push(Diagnostic::error(
                piece.span.clone(),
                format!("{:?} is not the letter of a defined piece", piece.value),
            ));
            None
        }
    }
}

/// Where a moves check looks: `at` one cell, or `counts` per cell, not both.
fn moves_where(s: &CheckSpec, v: &Variant, d: &mut Vec<Diagnostic>) {
    match (&s.at, s.counts.is_empty()) {
        (None, true) => d.push(Diagnostic::error(s.span.clone(), "a moves check needs `at` (or `counts`)")),
        (Some(at), false) => d.push(Diagnostic::error(at.span.clone(), "give `at` or `counts`, not both")),
        (Some(at), true) => {
            cell_ok(v, at, d);
        }
        (None, false) => {
            for (c, n) in &s.counts {
                cell_ok(v, c, d);
                non_negative(n, "counts", d);
            }
            for key in ["count", "destinations", "diagram"] {
                if let Some(span) = given(s, key) {
                    d.push(Diagnostic::error(span, format!("`{key}` needs `at`; `counts` gives a count per cell")));
                }
            }
        }
    }
}

/// What a moves check expects: at least one of `count`, `counts`,
/// `destinations`, `diagram`.
fn moves_expected(s: &CheckSpec, d: &mut Vec<Diagnostic>) {
    if s.count.is_none() && s.counts.is_empty() && s.destinations.is_none() && s.diagram.is_none() {
        d.push(Diagnostic::error(
            s.span.clone(),
            "a moves check needs what to expect: `count`, `counts`, `destinations` or `diagram`",
        ));
    }
}

/// A moves check's `diagram` must have board rows to compare.
fn diagram_rows(s: &CheckSpec, d: &mut Vec<Diagnostic>) {
    if let Some(text) = &s.diagram {
        if diagram::marks(&text.value).is_empty() {
            d.push(Diagnostic::error(
                text.span.clone(),
                "no board rows found in `diagram`: paste what `rookery moves` prints",
            ));
        }
    }
}

fn line(s: &CheckSpec, d: &mut Vec<Diagnostic>) -> Option<Fact> {
    if s.moves.is_none() {
        d.push(Diagnostic::error(s.span.clone(), "this check needs `moves`"));
    }
    let result = required(&s.result, "result", s, d)?;
    let Some(parsed) = LineResult::parse(&result.value) else {
        d.push(Diagnostic::error(
            result.span.clone(),
            format!(
                "`result` is {:?}; use a `result:` text like \"1-0 (checkmate)\", \"legal\" or \"illegal at move N\"",
                result.value
            ),
        ));
        return None;
    };
    let moves = s.moves.as_ref()?.iter().map(|m| m.value.clone()).collect();
    Some(Fact::Line { moves, result: parsed })
}
