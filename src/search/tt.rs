//! Transposition table on the positions' Zobrist keys.

use crate::game::Move;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least this (a beta cut-off).
    Lower,
    /// At most this (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Full key (0 = empty slot).
    pub key: u64,
    /// Best or refuting move, if any.
    pub mv: Option<Move>,
    /// Score, mate scores relative to this node.
    pub score: i32,
    /// Remaining depth searched.
    pub depth: i16,
    /// Kind of bound.
    pub bound: Bound,
}

/// A fixed-size, always-replace-if-deeper-or-older table.
pub struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of about `mb` megabytes (at least one slot).
    pub fn new(mb: usize) -> Table {
        let want = (mb.max(1) << 20) / std::mem::size_of::<Entry>();
        let size = if want.is_power_of_two() { want } else { want.next_power_of_two() >> 1 };
        let empty = Entry { key: 0, mv: None, score: 0, depth: 0, bound: Bound::Upper };
        Table { slots: vec![empty; size.max(1)], mask: size.max(1) - 1 }
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.slots[key as usize & self.mask];
        (e.key == key && key != 0).then_some(e)
    }

    /// Stores a result, keeping a deeper result for the same position.
    #[inline]
    pub fn store(&mut self, e: Entry) {
        let slot = &mut self.slots[e.key as usize & self.mask];
        if slot.key != e.key || e.depth >= slot.depth || e.bound == Bound::Exact {
            let mv = e.mv.or(if slot.key == e.key { slot.mv } else { None });
            *slot = Entry { mv, ..e };
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        for s in &mut self.slots {
            s.key = 0;
        }
    }
}
