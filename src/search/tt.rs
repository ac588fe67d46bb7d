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
    /// The position is or has been on a principal variation (kept once
    /// set: see [`Table::store`]).
    pub pv: bool,
}

/// A stored result with the search that stored it.
#[derive(Clone, Copy, Debug)]
struct Slot {
    e: Entry,
    /// [`Table::new_search`]'s count when stored: results of earlier
    /// searches (other root positions) give way first.
    age: u8,
}

/// A fixed-size table of two-slot buckets: a position is stored in either
/// slot of its bucket; a new position replaces the slot holding the result
/// of an older search, else the shallower one.
pub struct Table {
    slots: Vec<Slot>,
    /// Mask of a bucket's first slot (even indices).
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Table {
        let want = (mb.max(1) << 20) / std::mem::size_of::<Slot>();
        let size = if want.is_power_of_two() { want } else { want.next_power_of_two() >> 1 }.max(2);
        let e = Entry { key: 0, mv: None, score: 0, depth: 0, bound: Bound::Upper, pv: false };
        Table { slots: vec![Slot { e, age: 0 }; size], mask: (size - 1) & !1, age: 0 }
    }

    /// A new search starts (a new root position): what is stored from now
    /// on is preferred to what is stored already.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask;
        let hit = |s: &Slot| s.e.key == key && key != 0;
        [&self.slots[i], &self.slots[i + 1]].into_iter().find(|s| hit(s)).map(|s| s.e)
    }

    /// Stores a result: over the same position's when deeper, exact or from
    /// an older search (keeping its move if the new result has none); for a
    /// new position, in the slot of the bucket worth least.
    #[inline]
    pub fn store(&mut self, e: Entry) {
        let i = e.key as usize & self.mask;
        let age = self.age;
        let worth = |s: &Slot| s.e.depth as i32 - if s.age == age { 0 } else { 256 };
        let j = if self.slots[i].e.key == e.key {
            i
        } else if self.slots[i + 1].e.key == e.key || worth(&self.slots[i + 1]) < worth(&self.slots[i]) {
            i + 1
        } else {
            i
        };
        let slot = &mut self.slots[j];
        if slot.e.key != e.key {
            *slot = Slot { e, age };
        } else if e.depth >= slot.e.depth || e.bound == Bound::Exact || slot.age != age {
            let (mv, pv) = (e.mv.or(slot.e.mv), e.pv || slot.e.pv);
            *slot = Slot { e: Entry { mv, pv, ..e }, age };
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        for s in &mut self.slots {
            s.e.key = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: i16) -> Entry {
        Entry { key, mv: None, score: depth as i32, depth, bound: Bound::Lower, pv: false }
    }

    #[test]
    fn a_bucket_keeps_the_deeper_result_and_prefers_the_current_search() {
        let mut t = Table::new(1);
        let stride = (t.mask + 2) as u64; // the same bucket, another key
        let (a, b, c) = (2, 2 + stride, 2 + 2 * stride);
        t.store(entry(a, 9));
        t.store(entry(b, 3));
        assert_eq!(t.probe(a).unwrap().depth, 9);
        assert_eq!(t.probe(b).unwrap().depth, 3);
        // A third position in the bucket replaces the shallower one.
        t.store(entry(c, 1));
        assert!(t.probe(a).is_some() && t.probe(b).is_none() && t.probe(c).is_some());
        // After a new search, the old deep result gives way.
        t.new_search();
        t.store(entry(b, 1));
        t.store(entry(a + 4 * stride, 1));
        assert!(t.probe(a).is_none() || t.probe(c).is_none(), "an old result was replaced");
        assert!(t.probe(b).is_some());
        // A shallower result of the same search does not replace a deeper one.
        t.store(entry(b, 0));
        assert_eq!(t.probe(b).unwrap().depth, 1);
    }

    #[test]
    fn a_position_once_on_the_principal_variation_stays_marked() {
        let mut t = Table::new(1);
        t.store(Entry { pv: true, ..entry(5, 4) });
        // A deeper result from a zero-window search replaces the entry but
        // keeps the mark; so does a later search's.
        t.store(entry(5, 6));
        assert!(t.probe(5).unwrap().pv);
        t.new_search();
        t.store(entry(5, 2));
        let e = t.probe(5).unwrap();
        assert!(e.pv && e.depth == 2);
        // Another position starts unmarked.
        t.store(entry(7, 1));
        assert!(!t.probe(7).unwrap().pv);
    }
}
