//! The search's pruning margins (reverse futility, futility,
//! move count, late-move reductions), in units of the variant's pawn, and
//! the move facts they and the ordering read (mover, capture, victim
//! value): kept apart so the tree walk in `mod.rs` reads at once.

use super::{MATE, MATE_BOUND};
use crate::game::{code_kind, code_side, Move, MoveKind, Position};

/// Reverse futility (static null move): far enough above beta near the
/// leaves, a quiet position is not searched further.
pub(super) fn reverse_futile(stand: i32, depth: i32, beta: i32, pawn: i32) -> bool {
    depth <= 6 && beta.abs() < MATE_BOUND && stand - pawn * 9 / 10 * depth >= beta
}

/// How far below alpha a quiet move near the leaves may start and still
/// be searched.
pub(super) fn futility_margin(depth: i32, pawn: i32) -> i32 {
    if depth <= 3 {
        pawn + pawn * 6 / 5 * depth
    } else {
        MATE
    }
}

/// Whether a check given at `depth` is extended a ply: deep in the tree
/// only, and only where the static score (`stand`, `-MATE` in check) is
/// ¾ pawn or more from level (Fairy-Stockfish's `depth > 6 &&
/// abs(staticEval) > 100`). Extending every check let checking sequences
/// eat the node budget of tactical positions (docs/tuning.md).
pub(super) fn extends_check(depth: i32, stand: i32, pawn: i32) -> bool {
    depth > 6 && stand.abs() > pawn * 3 / 4
}

/// Move-count pruning: at shallow depth, quiet moves late in the ordering
/// are skipped, half as many kept where the side is not improving.
pub(super) fn late_move(depth: i32, i: usize, improving: bool) -> bool {
    depth <= 5 && i >= (3 + (depth * depth) as usize) * (1 + improving as usize)
}

/// Late-move reduction for the `i`-th move at `depth`: grows with the
/// logarithms of both, less at PV nodes; at least one ply is left.
pub(super) fn reduction(depth: i32, i: usize, pv: bool) -> i32 {
    let r = 0.5 + (depth as f64).ln() * (i as f64).ln() / 2.25;
    let r = r as i32 - pv as i32;
    r.clamp(1, (depth - 2).max(1))
}

/// Ordering scores at or above this are killers (see `Searcher::order`).
const KILLER: i32 = 1 << 23;
/// Ordering scores below this are captures that likely lose material.
const LOSING: i32 = -(1 << 23);

/// The reduction of a late move given its ordering score and where its
/// node stands: [`by_order`], then, for a move reduced at all, a ply more
/// where the node has never been on a principal variation (`tt_pv`
/// false), and a ply less at a zero-window node that has been on one
/// (Stockfish's `ttPv`): the search spends its depth on the lines it has
/// found best before, and less on the rest (docs/tuning.md, "Where
/// Fairy-Stockfish's nodes go"). At least one ply is left.
pub(super) fn late_reduction(
    depth: i32,
    i: usize,
    (pv, tt_pv, improving): (bool, bool, bool),
    quiet: bool,
    order: i32,
) -> i32 {
    let r = by_order(depth, i, (pv, improving), quiet, order);
    let r = match (r > 0, tt_pv) {
        (false, _) => return 0,
        (true, false) => r + 1,
        (true, true) => r - !pv as i32,
    };
    r.clamp(0, (depth - 2).max(0))
}

/// The reduction of a late move by its ordering score: a quiet move
/// by [`reduction`], one ply less for a killer or the countermove, up to two plies less or
/// more by its history (the plain and the two continuation tables together:
/// a ply per 1024, since near the leaves that sum mostly lies within
/// ±2 500, see docs/tuning.md); a capture likely to lose material like a quiet
/// move; other captures and promotions not at all. A quiet move where the
/// side is not improving is reduced a ply more.
fn by_order(depth: i32, i: usize, (pv, improving): (bool, bool), quiet: bool, order: i32) -> i32 {
    if !quiet {
        return if order < LOSING { reduction(depth, i, pv) } else { 0 };
    }
    let r = reduction(depth, i, pv) + !improving as i32;
    let r = if order >= KILLER - 1 { r - 1 } else { r - (order / 1024).clamp(-2, 2) };
    r.clamp(0, (depth - 2).max(0))
}

/// Moves the best-scored remaining move to index `i` (selection sort: most
/// nodes cut after a move or two).
pub(super) fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let mut b = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[b] {
            b = j;
        }
    }
    moves.swap(i, b);
    scores.swap(i, b);
}

/// The code of the piece making `m` (for drops: the dropped piece).
pub(super) fn mover_code(pos: &Position<'_>, m: &Move) -> u8 {
    if m.kind == MoveKind::Drop {
        crate::game::piece_code(m.promo - 1, pos.side())
    } else {
        pos.at(m.from)
    }
}

/// Whether `m` captures something (on its destination or elsewhere).
pub(super) fn is_capture(pos: &Position<'_>, m: &Move) -> bool {
    match m.kind {
        MoveKind::Locust | MoveKind::EnPassant => true,
        MoveKind::Castle | MoveKind::Drop => false,
        MoveKind::Normal | MoveKind::Gate => {
            let c = pos.at(m.to);
            c != 0 && code_side(c) != pos.side()
        }
    }
}

/// Value of what `m` captures.
pub(super) fn victim_value(pos: &Position<'_>, m: &Move, vals: &[i32]) -> i32 {
    let v = |c: u8| if c != 0 && code_side(c) != pos.side() { vals[code_kind(c) as usize].max(1) } else { 0 };
    match m.kind {
        MoveKind::Castle | MoveKind::Drop => 0,
        MoveKind::Normal | MoveKind::Gate => v(pos.at(m.to)),
        MoveKind::Locust | MoveKind::EnPassant => v(pos.at(m.to)) + v(pos.at(m.extra)),
    }
}

/// The kind of the enemy piece `m` captures (for a locust or en-passant
/// capture that takes on both cells, the one on its destination), if any.
pub(super) fn victim_kind(pos: &Position<'_>, m: &Move) -> Option<u8> {
    let enemy = |c: u16| Some(pos.at(c)).filter(|&x| x != 0 && code_side(x) != pos.side()).map(code_kind);
    match m.kind {
        MoveKind::Castle | MoveKind::Drop => None,
        MoveKind::Normal | MoveKind::Gate => enemy(m.to),
        MoveKind::Locust | MoveKind::EnPassant => enemy(m.to).or_else(|| enemy(m.extra)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_moves_a_quiet_late_moves_reduction_by_up_to_two_plies() {
        let r = |order| late_reduction(10, 12, (false, true, true), true, order);
        let plain = r(0);
        assert!((2..=6).contains(&plain), "{plain}");
        // A poor record (about the worst sixth of the quiet moves near the leaves)
        // reduces more, a good one less, a typical one not at all.
        assert_eq!(r(-1100), plain + 1);
        assert_eq!(r(-2500), plain + 2);
        assert_eq!(r(-40000), plain + 2);
        assert_eq!(r(2500), plain - 2);
        assert_eq!(r(-400), plain);
        // A killer is reduced a ply less whatever its history.
        assert_eq!(r(KILLER), plain - 1);
    }

    #[test]
    fn only_deep_checks_away_from_level_are_extended() {
        assert!(!extends_check(6, 500, 100), "not at depth 6");
        assert!(!extends_check(9, 75, 100), "not at level");
        assert!(!extends_check(9, -60, 100));
        assert!(extends_check(7, 76, 100));
        assert!(extends_check(7, -200, 100));
        assert!(extends_check(12, -MATE, 100), "a check given out of check");
    }

    #[test]
    fn a_node_never_on_the_principal_variation_is_reduced_a_ply_more() {
        // A late quiet move with a typical history at depth 10.
        let r = |pv, tt_pv| late_reduction(10, 12, (pv, tt_pv, true), true, 0);
        let once_pv = r(false, true);
        assert!(once_pv >= 1, "{once_pv}");
        assert_eq!(r(false, false), once_pv + 2, "never on the PV: a ply more than plain, two more than once on it");
        // A PV node is reduced a ply less by `reduction` already, and no more.
        assert_eq!(r(true, true), once_pv);
        // A move not reduced at all stays so: no ply is added to it.
        assert_eq!(late_reduction(10, 12, (false, false, true), false, 0), 0);
        // Near the leaves the child keeps at least one ply.
        assert!(late_reduction(3, 40, (false, false, false), true, -40000) <= 1);
    }
}
