//! Continuation history: how often a quiet move (piece, destination) cut
//! off right after a given move one or two plies earlier. It orders the
//! quiet moves and steers their reductions more finely than the plain
//! history table, which knows nothing of what came before.

/// A move's slot: its mover's piece code times the board's cells plus its
/// destination (the same numbering as the plain history table).
pub(super) type Slot = usize;

/// Most entries a table may hold (8 MB of `i16`): larger games (many
/// pieces on a large board) share entries by a hash of the pair.
const MAX_ENTRIES: usize = 1 << 22;

/// Bound of an entry (gravity keeps it inside).
pub(super) const CONT_MAX: i32 = 1 << 14;

/// One table of scores for (earlier move's slot, quiet move's slot) pairs.
pub(super) struct ContHistory {
    table: Vec<i16>,
    /// Slots per board (pieces codes × cells).
    slots: usize,
    /// The pairs fit one entry each (else they are hashed).
    direct: bool,
}

impl ContHistory {
    /// A table for `slots` move slots.
    pub(super) fn new(slots: usize) -> ContHistory {
        let pairs = slots.saturating_mul(slots);
        let direct = pairs <= MAX_ENTRIES;
        let len = if direct { pairs.max(1) } else { MAX_ENTRIES };
        ContHistory { table: vec![0; len], slots, direct }
    }

    #[inline]
    fn index(&self, prev: Slot, cur: Slot) -> usize {
        if self.direct {
            prev * self.slots + cur
        } else {
            // Fibonacci hashing of the pair into the table.
            let h = ((prev * self.slots + cur) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            (h >> (64 - MAX_ENTRIES.trailing_zeros())) as usize
        }
    }

    /// The score of `cur` after `prev` (0 when there was no earlier move).
    #[inline]
    pub(super) fn get(&self, prev: Option<Slot>, cur: Slot) -> i32 {
        prev.map_or(0, |p| self.table[self.index(p, cur)] as i32)
    }

    /// Adds `bonus` (negative: a malus) to `cur` after `prev`, less the
    /// nearer the entry is to its bound, so old lessons fade.
    #[inline]
    pub(super) fn update(&mut self, prev: Option<Slot>, cur: Slot, bonus: i32) {
        if let Some(p) = prev {
            let i = self.index(p, cur);
            let mut h = self.table[i] as i32;
            super::ordering::gravity(&mut h, bonus, CONT_MAX);
            self.table[i] = h as i16;
        }
    }

    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.table.iter_mut().for_each(|h| *h = 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_learns_and_stays_within_its_bound() {
        let mut c = ContHistory::new(100);
        for _ in 0..1000 {
            c.update(Some(7), 42, 3000);
        }
        let v = c.get(Some(7), 42);
        assert!(v > CONT_MAX / 2 && v <= CONT_MAX, "{v}");
        assert_eq!(c.get(Some(42), 7), 0, "the order of the pair matters");
        assert_eq!(c.get(None, 42), 0);
        c.update(Some(7), 42, -3000);
        assert!(c.get(Some(7), 42) < v);
        c.clear();
        assert_eq!(c.get(Some(7), 42), 0);
    }

    #[test]
    fn a_huge_game_hashes_into_a_bounded_table() {
        let mut c = ContHistory::new(100_000);
        assert_eq!(c.table.len(), MAX_ENTRIES);
        c.update(Some(99_999), 99_998, 500);
        assert_eq!(c.get(Some(99_999), 99_998), 500);
    }
}
