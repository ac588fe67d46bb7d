//! `[deployment]`: who posts first, who moves after, what is posted where.

use super::super::diagnostics::Diagnostic;
use super::super::spec::{PostSpec, Spanned, VariantSpec};
use super::super::{Deployment, Post};
use super::pieces::Letters;
use crate::board::Grid;

/// Checks the deployment section, if any.
pub(super) fn check(
    spec: &VariantSpec,
    grid: Option<&Grid>,
    letters: &Letters,
    d: &mut Vec<Diagnostic>,
) -> Option<Deployment> {
    let ds = spec.deployment.as_ref()?;
    let first = side_of(&ds.first, "first", d);
    let then = side_of(&ds.then, "then", d);
    let posts = ds.posts.iter().filter_map(|p| post(p, grid, letters, d)).collect();
    Some(Deployment { first, then, posts })
}

/// `"white"` (the default) or `"black"`.
fn side_of(s: &Option<Spanned<String>>, what: &str, d: &mut Vec<Diagnostic>) -> u8 {
    let Some(s) = s else { return 0 };
    match s.value.as_str() {
        "white" => 0,
        "black" => 1,
        other => {
            d.push(Diagnostic::error(
                s.span.clone(),
                format!("`deployment.{what}` is {other:?}; use \"white\" or \"black\""),
            ));
            0
        }
    }
}

/// One `[[deployment.posts]]` entry.
fn post(p: &PostSpec, grid: Option<&Grid>, letters: &Letters, d: &mut Vec<Diagnostic>) -> Option<Post> {
    let kind = p.piece.as_ref().and_then(|l| letters.kind_of(l, "posted piece", d));
    let count = match &p.count {
        Some(c) if (0..=64).contains(&c.value) => c.value as u8,
        Some(c) => {
            d.push(Diagnostic::error(c.span.clone(), "`count` must be between 0 and 64"));
            0
        }
        None => 0,
    };
    let mut cells = [Vec::new(), Vec::new()];
    if let Some(g) = grid {
        for (side, side_cells) in cells.iter_mut().enumerate() {
            post_cells(p, side, g, side_cells, d);
        }
    }
    Some(Post { kind: kind?, count, cells, before_others: p.before_others })
}

/// The cells where `side` may post: whole ranks and single cells.
fn post_cells(p: &PostSpec, side: usize, g: &Grid, out: &mut Vec<u16>, d: &mut Vec<Diagnostic>) {
    ranks_and_cells(&p.ranks[side], &p.cells[side], g, out, d);
}

/// Appends the cells of whole `ranks` (1-based) and of single `cells` to
/// `out`; each rank off the board or unknown cell is a located error. Shared
/// by postings and drop places, which name cells the same way.
pub(super) fn ranks_and_cells(
    ranks: &[Spanned<i64>],
    cells: &[Spanned<String>],
    g: &Grid,
    out: &mut Vec<u16>,
    d: &mut Vec<Diagnostic>,
) {
    for r in ranks {
        if r.value < 1 || r.value > g.ranks() as i64 {
            d.push(Diagnostic::error(r.span.clone(), format!("rank {} is off the board", r.value)));
            continue;
        }
        out.extend((0..g.len() as u16).filter(|&c| g.coords(c).1 as i64 == r.value - 1));
    }
    for c in cells {
        match g.parse(&c.value) {
            Some(cell) => out.push(cell),
            None => d.push(Diagnostic::error(c.span.clone(), format!("{:?} is not a cell of the board", c.value))),
        }
    }
}

/// The setup must agree with the deployment (docs/toml-reference.md): each
/// side's hand holds exactly the declared counts, and the side to move in
/// the setup is the side that posts first.
pub(super) fn agree_with_setup(
    dep: &Deployment,
    setup: &crate::game::fen::Placement,
    pieces: &[super::super::PieceDef],
    span: &std::ops::Range<usize>,
    d: &mut Vec<Diagnostic>,
) {
    let side_name = |s: u8| if s == 0 { "white" } else { "black" };
    if setup.side != dep.first {
        d.push(Diagnostic::error(
            span.clone(),
            format!(
                "setup: {} is to move, but `deployment.first` says {} posts first",
                side_name(setup.side),
                side_name(dep.first)
            ),
        ));
    }
    for (kind, p) in pieces.iter().enumerate() {
        let declared: usize = dep.posts.iter().filter(|q| q.kind as usize == kind).map(|q| q.count as usize).sum();
        for side in 0..2u8 {
            let held = setup.hand.iter().filter(|&&(k, s)| k as usize == kind && s == side).count();
            if held != declared {
                let l = if side == 0 { p.letter } else { p.letter.to_ascii_lowercase() };
                d.push(Diagnostic::error(
                    span.clone(),
                    format!(
                        "setup: the hand holds {held} {l}, but the deployment posts {declared} (`deployment.posts[].count`)"
                    ),
                ));
            }
        }
    }
}
