//! Move programs: Betza paths unrolled on a concrete board.
//!
//! For every start cell a path becomes a small tree of [`Node`]s stored in
//! pre-order in one flat array. Each node names a cell and says, for each
//! occupancy of that cell (empty, enemy, friend), whether the move may end
//! there and whether the walk goes on into the node's children. A node that
//! does not go on jumps to `skip`, the index after its subtree. Move
//! generation ([`walk`]) is then a single loop over the array: no Betza, no
//! vector arithmetic, no bounds checks at move time.

mod build;
pub mod graph;
mod walk;

pub use build::{compile_castles, compile_paths, CastleRule};
pub use walk::{walk, walk_plain, Emit, Occupancy};

use crate::board::Cell;

/// Most nodes one move program (one piece kind, one side, one start cell)
/// may have. Multi-leg sliders multiply: `mamamaQ` is 8 rays of up to 64
/// steps per leg, nested, so without a cap a short string could ask for
/// gigabytes. Every real piece stays far below (see docs/limits.md).
pub const MAX_PROGRAM_NODES: usize = 50_000;

/// A move program that would exceed [`MAX_PROGRAM_NODES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the move program would have more than {} nodes", MAX_PROGRAM_NODES)]
pub struct TooLarge;

/// Node flags.
pub mod flag {
    /// Empty cell: the move may end here.
    pub const EMPTY_EMIT: u16 = 1;
    /// Empty cell: go on into the children.
    pub const EMPTY_DESC: u16 = 2;
    /// Enemy: the move may end here, capturing it.
    pub const ENEMY_EMIT: u16 = 4;
    /// Enemy: go on into the children.
    pub const ENEMY_DESC: u16 = 8;
    /// Friend: the move may end here, capturing it (`d`).
    pub const FRIEND_EMIT: u16 = 16;
    /// Friend: go on into the children.
    pub const FRIEND_DESC: u16 = 32;
    /// Going on through an occupied cell captures its piece (locust).
    pub const VICTIM: u16 = 64;
    /// Empty cell: the move may end here capturing en passant, if the cell
    /// is an en-passant square.
    pub const EP: u16 = 128;
    /// The subtree applies only to an unmoved piece (`i`).
    pub const VIRGIN: u16 = 256;
    /// The subtree applies only when the mover's side is not in check.
    pub const UNCHECKED: u16 = 512;
    /// The subtree is an attack only, never a move (the flying-general rule's
    /// file slide of a royal): move generation skips it, attack tests see it.
    pub const ATTACK_ONLY: u16 = 1024;
    /// Any emission.
    pub const ANY_EMIT: u16 = EMPTY_EMIT | ENEMY_EMIT | FRIEND_EMIT | EP;
    // `walk_plain` finds an occupancy's emit/descend pair by shifting.
    const _: () = assert!(ENEMY_EMIT == EMPTY_EMIT << 2 && FRIEND_EMIT == EMPTY_EMIT << 4);
    const _: () = assert!(ENEMY_DESC == EMPTY_DESC << 2 && FRIEND_DESC == EMPTY_DESC << 4);
}

/// One step of a move program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The cell this node looks at.
    pub cell: Cell,
    /// [`flag`] bits.
    pub flags: u16,
    /// Index just after this node's subtree.
    pub skip: u32,
}

/// The compiled moves of one piece kind, for one side, from one cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    /// The nodes, pre-order, `skip` relative to this vector.
    pub nodes: Vec<Node>,
    /// Some cell can be reached by two different routes, so the generator
    /// must drop duplicate moves.
    pub may_repeat: bool,
    /// Some route passes over or returns to the start cell, so the mover
    /// must be lifted off the board while walking.
    pub visits_origin: bool,
}

impl Program {
    /// Appends another program (its `skip` indices are shifted).
    pub fn append(&mut self, other: &Program) {
        let base = self.nodes.len() as u32;
        self.nodes.extend(other.nodes.iter().map(|n| Node { skip: n.skip + base, ..*n }));
        self.may_repeat |= other.may_repeat;
        self.visits_origin |= other.visits_origin;
    }

    /// Marks every root node with `f` (e.g. [`flag::UNCHECKED`]).
    pub fn mark_roots(&mut self, f: u16) {
        let mut i = 0;
        while i < self.nodes.len() {
            self.nodes[i].flags |= f;
            i = self.nodes[i].skip as usize;
        }
    }

    /// Recomputes `may_repeat` from the emitting cells.
    pub fn finish(&mut self) {
        let mut seen = std::collections::HashSet::new();
        for n in &self.nodes {
            if n.flags & flag::ANY_EMIT != 0 && !seen.insert(n.cell) {
                self.may_repeat = true;
            }
        }
    }
}
