//! `[drops]`: checks the section into `DropRules` (compiled into flat
//! tables by `game::rules::drops` once the board and setup are known).

use super::super::diagnostics::Diagnostic;
use super::super::spec::{DropPlaceSpec, Spanned, VariantSpec};
use super::pieces::Letters;
use crate::board::Grid;
use crate::game::rules::drops::DropRules;

/// Checks the drops section, if any.
pub(super) fn check(
    spec: &VariantSpec,
    grid: Option<&Grid>,
    letters: &Letters,
    d: &mut Vec<Diagnostic>,
) -> Option<DropRules> {
    let ds = spec.drops.as_ref()?;
    if spec.deployment.is_some() {
        d.push(Diagnostic::error(ds.span.clone(), "[drops] and [deployment] cannot be combined"));
    }
    let keep_promoted = match &ds.promoted_captured {
        None => false,
        Some(s) if s.value == "demote" => false,
        Some(s) if s.value == "keep" => true,
        Some(s) => {
            let msg = format!("`drops.promoted-captured` is {:?}; use \"demote\" or \"keep\"", s.value);
            d.push(Diagnostic::error(s.span.clone(), msg));
            false
        }
    };
    let places = ds.places.iter().map(|p| place(p, grid, letters, d)).collect();
    let mut max_per_file = Vec::new();
    for (l, n) in &ds.max_per_file {
        if !(1..=64).contains(&n.value) {
            d.push(Diagnostic::error(n.span.clone(), "`drops.max-per-file` limits must be between 1 and 64"));
        }
        if let Some(k) = letters.kind_of(l, "piece in `drops.max-per-file`", d) {
            max_per_file.push((k, n.value.clamp(1, 64) as u8));
        }
    }
    let no_mate = ds.no_mate.iter().filter_map(|l| letters.kind_of(l, "piece in `drops.no-mate`", d)).collect();
    let hand_order = hand_order(&ds.hand_order, letters, d);
    let opposite_colours =
        ds.opposite_colours.iter().filter_map(|l| letters.kind_of(l, "piece in `drops.opposite-colours`", d)).collect();
    let unmoved = ds.unmoved.iter().map(|p| place(p, grid, letters, d)).collect();
    let must_drop_kinds = must_drop_kinds(ds, letters, d);
    let unlimited = ds.unlimited.iter().filter_map(|l| letters.kind_of(l, "piece in `drops.unlimited`", d)).collect();
    Some(DropRules {
        to_hand: ds.captures_to_hand,
        keep_promoted,
        places,
        no_dead_squares: ds.no_dead_squares,
        max_per_file,
        no_mate,
        hand_order,
        must_drop: ds.must_drop,
        must_drop_kinds,
        no_checks: ds.no_checks,
        two_boards: ds.two_boards,
        no_mate_loses: no_mate_loses(ds, d),
        drop_promoted: ds.drop_promoted,
        opposite_colours,
        unmoved,
        unlimited,
    })
}

/// `drops.must-drop-pieces`: the kinds (bits) that force a drop; 0 for
/// every kind. Meaningless without `must-drop`, so an error there.
fn must_drop_kinds(ds: &super::super::spec::DropsSpec, letters: &Letters, d: &mut Vec<Diagnostic>) -> u64 {
    if let (false, Some(first)) = (ds.must_drop, ds.must_drop_pieces.first()) {
        d.push(Diagnostic::error(first.span.clone(), "`drops.must-drop-pieces` needs `drops.must-drop = true`"));
    }
    let kinds = ds.must_drop_pieces.iter().filter_map(|l| letters.kind_of(l, "piece in `drops.must-drop-pieces`", d));
    kinds.fold(0u64, |m, k| m | 1 << k)
}

/// `drops.no-mate-rule`: whether a forbidden mating drop is generated and
/// loses ("loses") rather than refused ("illegal", the default).
fn no_mate_loses(ds: &super::super::spec::DropsSpec, d: &mut Vec<Diagnostic>) -> bool {
    match &ds.no_mate_rule {
        None => false,
        Some(s) if s.value == "illegal" => false,
        Some(s) if s.value == "loses" => true,
        Some(s) => {
            let msg = format!("`drops.no-mate-rule` is {:?}; use \"illegal\" or \"loses\"", s.value);
            d.push(Diagnostic::error(s.span.clone(), msg));
            false
        }
    }
}

/// `drops.hand-order`: kinds in FEN hand order, each at most once.
fn hand_order(order: &[Spanned<String>], letters: &Letters, d: &mut Vec<Diagnostic>) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::new();
    for l in order {
        if let Some(k) = letters.kind_of(l, "piece in `drops.hand-order`", d) {
            if out.contains(&k) {
                d.push(Diagnostic::error(
                    l.span.clone(),
                    format!("`{}` is listed twice in `drops.hand-order`", l.value),
                ));
            } else {
                out.push(k);
            }
        }
    }
    out
}

/// One `[[drops.where]]`: its pieces and its cells per side.
fn place(
    p: &DropPlaceSpec,
    grid: Option<&Grid>,
    letters: &Letters,
    d: &mut Vec<Diagnostic>,
) -> (Vec<u8>, [Vec<u16>; 2]) {
    let kinds = p.pieces.iter().filter_map(|l| letters.kind_of(l, "dropped piece", d)).collect();
    let mut cells = [Vec::new(), Vec::new()];
    let Some(g) = grid else { return (kinds, cells) };
    for (side, out) in cells.iter_mut().enumerate() {
        super::deployment::ranks_and_cells(&p.ranks[side], &p.cells[side], g, out, d);
    }
    (kinds, cells)
}

/// `[gating]`: each side's gate cells.
pub(super) fn gating(spec: &VariantSpec, grid: Option<&Grid>, d: &mut Vec<Diagnostic>) -> Option<[Vec<u16>; 2]> {
    let gs = spec.gating.as_ref()?;
    if spec.deployment.is_some() {
        d.push(Diagnostic::error(gs.span.clone(), "[gating] and [deployment] cannot be combined"));
    }
    let mut cells = [Vec::new(), Vec::new()];
    let g = grid?;
    for (side, out) in cells.iter_mut().enumerate() {
        super::deployment::ranks_and_cells(&gs.ranks[side], &gs.cells[side], g, out, d);
    }
    Some(cells)
}
