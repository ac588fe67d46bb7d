//! Walking a move program over a position.

use super::{flag, Node};
use crate::board::Cell;

/// What stands on a cell, seen from the moving side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupancy {
    /// Nothing.
    Empty,
    /// A piece of the other side.
    Enemy,
    /// A piece of the mover's side.
    Friend,
}

/// A move found by [`walk`].
#[derive(Clone, Copy, Debug)]
pub struct Emit<'a> {
    /// Destination cell.
    pub to: Cell,
    /// What stands on the destination (`Enemy` = capture, `Friend` = destroy).
    pub target: Occupancy,
    /// Cells whose pieces are captured on the way (locust captures).
    pub victims: &'a [Cell],
    /// An en-passant capture onto the empty destination.
    pub en_passant: bool,
}

/// Most locust victims one move can collect.
const MAX_VICTIMS: usize = 8;

/// Walks `nodes` and calls `emit` for every move. `occ` tells what stands on
/// a cell (the mover itself must already count as `Empty` if the program
/// visits its origin), `is_ep` whether a cell is an en-passant square.
#[inline]
pub fn walk<O, E, F>(nodes: &[Node], occ: O, virgin: bool, in_check: bool, is_ep: E, mut emit: F)
where
    O: Fn(Cell) -> Occupancy,
    E: Fn(Cell) -> bool,
    F: FnMut(Emit<'_>),
{
    let mut victims = [0 as Cell; MAX_VICTIMS];
    let mut until = [0u32; MAX_VICTIMS];
    let mut nv = 0;
    let mut i = 0usize;
    let end = nodes.len();
    while i < end {
        while nv > 0 && i as u32 >= until[nv - 1] {
            nv -= 1;
        }
        let n = nodes[i];
        if n.flags & (flag::VIRGIN | flag::UNCHECKED | flag::ATTACK_ONLY) != 0
            && (n.flags & flag::VIRGIN != 0 && !virgin
                || n.flags & flag::UNCHECKED != 0 && in_check
                || n.flags & flag::ATTACK_ONLY != 0)
        {
            i = n.skip as usize;
            continue;
        }
        let o = occ(n.cell);
        let (emit_bit, desc_bit) = match o {
            Occupancy::Empty => (flag::EMPTY_EMIT, flag::EMPTY_DESC),
            Occupancy::Enemy => (flag::ENEMY_EMIT, flag::ENEMY_DESC),
            Occupancy::Friend => (flag::FRIEND_EMIT, flag::FRIEND_DESC),
        };
        if n.flags & emit_bit != 0 {
            emit(Emit { to: n.cell, target: o, victims: &victims[..nv], en_passant: false });
        } else if o == Occupancy::Empty && n.flags & flag::EP != 0 && is_ep(n.cell) {
            emit(Emit { to: n.cell, target: o, victims: &victims[..nv], en_passant: true });
        }
        if n.flags & desc_bit != 0 {
            if o != Occupancy::Empty && n.flags & flag::VICTIM != 0 && nv < MAX_VICTIMS {
                victims[nv] = n.cell;
                until[nv] = n.skip;
                nv += 1;
            }
            i += 1;
        } else {
            i = n.skip as usize;
        }
    }
}

/// [`walk`] for a program whose nodes look at nothing but occupancy (no
/// locust victims, en passant, initial-only, not-in-check or attack-only
/// subtrees): the common pieces of most games. `shift` gives 0, 2 or 4 for
/// an empty, enemy or friendly cell, the distance of that occupancy's
/// emit/descend pair from bit 0 of [`flag`]; `emit` gets each destination.
/// Kept apart from `walk` because the move generator spends most of its
/// time here and the general walk's bookkeeping would cost every node.
#[inline]
pub fn walk_plain<S, F>(nodes: &[Node], shift: S, mut emit: F)
where
    S: Fn(Cell) -> u16,
    F: FnMut(Cell),
{
    let mut i = 0usize;
    while let Some(n) = nodes.get(i) {
        let bits = n.flags >> shift(n.cell);
        if bits & flag::EMPTY_EMIT != 0 {
            emit(n.cell);
        }
        i = if bits & flag::EMPTY_DESC != 0 { i + 1 } else { n.skip as usize };
    }
}
