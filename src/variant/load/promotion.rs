//! `[[promotion.zones]]`: ranks or cells per side, choices, mandatory and
//! once-per-side promotions.

use super::super::diagnostics::Diagnostic;
use super::super::spec::{VariantSpec, ZoneSpec};
use super::super::Zone;
use super::board::Board;
use super::pieces::Letters;

/// Checks every promotion zone; returns the zones (with what was valid).
pub(super) fn check(spec: &VariantSpec, board: &Board, letters: &Letters, d: &mut Vec<Diagnostic>) -> Vec<Zone> {
    spec.zones.iter().map(|z| zone(z, board, letters, d)).collect()
}

/// One zone.
fn zone(z: &ZoneSpec, board: &Board, letters: &Letters, d: &mut Vec<Diagnostic>) -> Zone {
    let mut zone = Zone {
        ranks: [Vec::new(), Vec::new()],
        cells: [Vec::new(), Vec::new()],
        choices: Vec::new(),
        mandatory: z.mandatory,
        once: z.once.iter().filter_map(|o| letters.kind_of(o, "once-per-side choice", d)).collect(),
        // Filled in from the setup once it is known (see `load::validate`).
        limit: z.limited.then(Vec::new),
    };
    for (side, list) in [(0, &z.white), (1, &z.black)] {
        for r in list {
            match board.ranks {
                Some(n) if r.value >= 1 && r.value <= n as i64 => zone.ranks[side].push(r.value as u32 - 1),
                Some(n) => d.push(Diagnostic::error(
                    r.span.clone(),
                    format!("promotion rank {} is off the board (ranks 1..{n})", r.value),
                )),
                None => {}
            }
        }
    }
    for side in 0..2 {
        for c in &z.cells[side] {
            match board.grid.as_ref().and_then(|g| g.parse(&c.value)) {
                Some(cell) => zone.cells[side].push(cell),
                None if board.grid.is_some() => d.push(Diagnostic::error(
                    c.span.clone(),
                    format!("promotion cell {:?} is not a cell of the board", c.value),
                )),
                None => {}
            }
        }
    }
    if z.has_ranks && z.white.is_empty() && z.black.is_empty() && z.cells.iter().all(|c| c.is_empty()) {
        d.push(Diagnostic::error(z.span.clone(), "a promotion zone needs ranks for at least one side"));
    }
    zone.choices = choices(z, letters, d);
    if z.choices.is_empty() && z.has_choices {
        d.push(Diagnostic::error(z.span.clone(), "a promotion zone needs at least one choice"));
    }
    zone
}

/// The zone's choices: defined pieces.
fn choices(z: &ZoneSpec, letters: &Letters, d: &mut Vec<Diagnostic>) -> Vec<u8> {
    let mut kinds = Vec::new();
    for c in &z.choices {
        let mut cs = c.value.chars();
        match (cs.next(), cs.next()) {
            (Some(ch), None) if letters.known(ch) && ch.is_ascii_uppercase() => {
                // A royal choice is allowed (coregal's queen, Spartan's
                // second king): the promoted piece is one more royal.
                let Some(kind) = letters.kind(ch) else { continue };
                kinds.push(kind);
            }
            _ => d.push(Diagnostic::error(
                c.span.clone(),
                format!("promotion choice {:?} is not the letter of a defined piece", c.value),
            )),
        }
    }
    kinds
}

/// Shogi-style promotion: `promotes-to` of every piece (kind or
/// [`NONE`](crate::game::rules::promotion::NONE)) and the zone's cells per
/// side; `None` when no piece promotes that way.
pub(super) fn piece_rules(
    spec: &VariantSpec,
    board: &Board,
    letters: &Letters,
    d: &mut Vec<Diagnostic>,
) -> Option<(Vec<u8>, [Vec<u16>; 2])> {
    use crate::game::rules::promotion::NONE;
    let mut to = vec![NONE; spec.pieces.len()];
    for (k, p) in spec.pieces.iter().enumerate() {
        if let Some(l) = &p.promotes_to {
            to[k] = letters.kind_of(l, "promoted piece", d).unwrap_or(NONE);
        }
    }
    if spec.promotion_flip {
        // Flipping happens anywhere: the whole board is the zone.
        let all: Vec<u16> = board.grid.as_ref().map_or(Vec::new(), |g| (0..g.len() as u16).collect());
        return Some((to, [all.clone(), all]));
    }
    if to.iter().all(|&t| t == NONE) {
        if let Some(r) = spec.piece_zone.iter().flatten().next() {
            d.push(Diagnostic::error(r.span.clone(), "`promotion.piece-zone` without any `promotes-to` piece"));
        }
        return None;
    }
    let mut cells = [Vec::new(), Vec::new()];
    for (side, list) in spec.piece_zone.iter().enumerate() {
        for r in list {
            match (board.ranks, board.grid.as_ref()) {
                (Some(n), Some(g)) if r.value >= 1 && r.value <= n as i64 => {
                    cells[side].extend((0..g.len() as u16).filter(|&c| g.coords(c).1 as i64 == r.value - 1))
                }
                (Some(n), _) => d.push(Diagnostic::error(
                    r.span.clone(),
                    format!("promotion rank {} is off the board (ranks 1..{n})", r.value),
                )),
                _ => {}
            }
        }
    }
    Some((to, cells))
}
