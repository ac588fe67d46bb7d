//! Initial moves (`i`) as Fairy-Stockfish reads them: FSF gives a piece its
//! `i` moves while it stands in its side's `doubleStepRegion`
//! (`Position::moves_from`), ours while it has not moved. They agree for a
//! kind whose every move goes strictly forward (it can never come back to
//! its start rank) and whose pieces of a side all start on one rank, when
//! every such kind of that side starts on the same rank: the region is that
//! rank. [`double_step_lines`] writes the regions or says why not.

use crate::board::Cell;
use crate::game::fen::Placement;
use crate::variant::Variant;

/// Whether a piece of kind `k` can never come back to its start rank:
/// its moves from every cell, and its initial moves from its setup cells,
/// all go strictly forward (for either side that has it).
fn forward_only(v: &Variant, pl: &Placement, k: usize) -> bool {
    let g = &v.grid;
    let letter = v.pieces[k].letter;
    let forward = |c: Cell, black: bool, virgin: bool| {
        let y = g.coords(c).1 as i64;
        let Ok(prep) = crate::probe::prepare_on(v, letter, g.label(c), black, &[], &[]) else {
            return false;
        };
        crate::probe::destinations(&prep, virgin).iter().all(|m| {
            (0..g.len() as Cell).find(|&d| g.label(d) == m.to).is_some_and(|d| {
                let dy = g.coords(d).1 as i64 - y;
                if black {
                    dy < 0
                } else {
                    dy > 0
                }
            })
        })
    };
    (0..2u8).all(|side| {
        let home: Vec<Cell> =
            (0..pl.cells.len()).filter(|&c| pl.cells[c] == Some((k as u8, side))).map(|c| c as Cell).collect();
        home.is_empty()
            || ((0..g.len() as Cell).all(|c| forward(c, side == 1, false))
                && home.iter().all(|&c| forward(c, side == 1, true)))
    })
}

/// The start ranks (1-based, White's numbering) of `kinds` for `side`.
fn start_ranks(v: &Variant, pl: &Placement, kinds: &[usize], side: u8) -> Vec<u32> {
    let mut rs: Vec<u32> = (0..pl.cells.len())
        .filter(|&c| pl.cells[c].is_some_and(|(k, s)| s == side && kinds.contains(&(k as usize))))
        .map(|c| v.grid.coords(c as Cell).1 + 1)
        .collect();
    rs.sort();
    rs.dedup();
    rs
}

/// `doubleStepRegionWhite/Black` for the kinds whose initial moves FSF
/// gives by region: `pawns` (FSF's own pawn, whose double step is `i`
/// too) and `initial` (other kinds with `i` moves, which must move forward
/// only). Empty when there are none.
pub(super) fn double_step_lines(
    v: &Variant,
    pl: &Placement,
    pawns: &[usize],
    initial: &[usize],
    problems: &mut Vec<String>,
) -> Vec<String> {
    for &k in initial.iter().filter(|&&k| !forward_only(v, pl, k)) {
        problems.push(format!(
            "piece {} ({}): an initial (`i`) move of a piece that can come back to its start rank; FSF's `i` means 'on the double-step ranks', not 'not moved yet'",
            v.pieces[k].name, v.pieces[k].letter
        ));
    }
    let kinds: Vec<usize> = pawns.iter().chain(initial).copied().collect();
    if kinds.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (side, key) in [(0u8, "White"), (1u8, "Black")] {
        match start_ranks(v, pl, &kinds, side).as_slice() {
            [] => {}
            [r] => out.push(format!("doubleStepRegion{key} = *{r}")),
            rs => problems.push(format!(
                "{key}'s pieces with initial moves start on several ranks ({rs:?}): their initial moves ('not moved yet') differ from FSF's rank-based ones"
            )),
        }
    }
    out
}
