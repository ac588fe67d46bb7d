//! Attack detection: whether a cell is attacked, and check.

use super::Position;
use crate::board::Cell;
use crate::compile::{walk, Emit, Occupancy};
use crate::game::{code_kind, code_side, Side};

impl<'v> Position<'v> {
    #[inline]
    pub(in crate::game) fn occ(board: &[u8], side: Side, c: Cell) -> Occupancy {
        let code = board[c as usize];
        if code == 0 {
            Occupancy::Empty
        } else if code_side(code) == side {
            Occupancy::Friend
        } else {
            Occupancy::Enemy
        }
    }

    /// Walks the compiled moves of a piece of `kind` and `side` standing on
    /// `at` over the current board, with `vacated` (the cell it has just
    /// left, if any) counted empty: unmoved, not in check, no en passant.
    /// For the rules that ask where a piece could go outside move
    /// generation: promotion by move (does the promoted piece attack?) and
    /// the arrow of `[walls]` (where can the piece shoot?).
    pub(crate) fn walk_program(
        &self,
        kind: u8,
        side: Side,
        at: Cell,
        vacated: Option<Cell>,
        emit: impl FnMut(Emit<'_>),
    ) {
        let t = &self.v.tables;
        let pr = t.progs[(kind as usize * 2 + side as usize) * t.cells + at as usize];
        let board = &self.board;
        let occ = |c: Cell| if Some(c) == vacated { Occupancy::Empty } else { Self::occ(board, side, c) };
        walk(&t.nodes[pr.start as usize..pr.end as usize], occ, false, false, |_| false, emit);
    }

    /// Whether `target` is attacked by `by` (a piece of `by` could capture a
    /// piece of the other side standing there).
    pub fn is_attacked(&self, target: Cell, by: Side) -> bool {
        self.each_attacker(target, by, |e| self.attack_holds(e.node, e.from, by))
    }

    /// Calls `f` with every attack entry on `target` whose attacker (a piece
    /// of `by` of the right kind) stands on its cell, until `f` says stop.
    /// Returns whether it stopped.
    #[inline]
    pub(super) fn each_attacker(
        &self,
        target: Cell,
        by: Side,
        mut f: impl FnMut(&crate::variant::AttackEntry) -> bool,
    ) -> bool {
        let t = &self.v.tables;
        let w = t.words;
        let i = by as usize * t.cells + target as usize;
        let groups = &t.attack_groups[t.groups_start[i] as usize..t.groups_start[i + 1] as usize];
        for k in 0..w {
            let mask = t.attacker_cells[i * w + k];
            let mut bits = mask & self.occ[by as usize * w + k];
            while bits != 0 {
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                let rank = t.attacker_rank[i * w + k] + (mask & ((1u64 << b) - 1)).count_ones();
                let g = groups[rank as usize];
                // The bit sets lag behind `exposes_royal`'s trial moves, so
                // the board has the last word.
                let code = self.board[g.from as usize];
                if code == 0 || code_side(code) != by || g.kinds & (1 << code_kind(code)) == 0 {
                    continue;
                }
                for e in &t.attack_entries[g.start as usize..g.end as usize] {
                    if e.code == code && f(e) {
                        return true;
                    }
                }
            }
        }
        false
    }

    pub(super) fn attack_holds(&self, node: u32, from: Cell, by: Side) -> bool {
        use crate::compile::flag;
        let t = &self.v.tables;
        if t.nodes[node as usize].flags & flag::VIRGIN != 0 && !self.virgin[from as usize] {
            return false;
        }
        let mut a = t.parents[node as usize];
        while a != u32::MAX {
            let nd = t.nodes[a as usize];
            let o = if nd.cell == from { Occupancy::Empty } else { Self::occ(&self.board, by, nd.cell) };
            let ok = match o {
                Occupancy::Empty => nd.flags & flag::EMPTY_DESC != 0,
                Occupancy::Enemy => nd.flags & flag::ENEMY_DESC != 0,
                Occupancy::Friend => nd.flags & flag::FRIEND_DESC != 0,
            };
            if !ok || nd.flags & flag::VIRGIN != 0 && !self.virgin[from as usize] {
                return false;
            }
            a = t.parents[a as usize];
        }
        // The janggi cannon's rule: no hop over the kinds it may not hop over.
        self.v.hop_bans.is_empty() || !self.attack_hops_banned(node, from)
    }

    /// Whether the side to move has a royal piece under attack.
    pub fn in_check(&self) -> bool {
        self.side_in_check(self.side)
    }

    /// Whether `side` is in check under the variant's royal-check rule
    /// (any royal attacked, all of them — spartan's duple check — or the
    /// last one), as the legality test judges it.
    pub fn side_in_check(&self, side: Side) -> bool {
        let s = side as usize;
        self.royals_hit(self.nroyal[s] as usize, |i| {
            let r = self.royals[s][i];
            self.is_attacked(r, side ^ 1) && !self.blast_immune(r, side)
        })
    }

    /// The cells of the pieces of `by` that attack `target` (Makpong's rule
    /// needs the checkers).
    pub(crate) fn attackers_of(&self, target: Cell, by: Side) -> Vec<Cell> {
        let mut out = Vec::new();
        self.each_attacker(target, by, |e| {
            if !out.contains(&e.from) && self.attack_holds(e.node, e.from, by) {
                out.push(e.from);
            }
            false
        });
        out
    }

    /// The cells of the side to move's royal pieces.
    pub(crate) fn royal_cells(&self) -> &[Cell] {
        let s = self.side as usize;
        &self.royals[s][..self.nroyal[s] as usize]
    }
}
