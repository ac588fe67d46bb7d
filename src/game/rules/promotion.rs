//! Piece-specific promotion (shogi style): each piece may name the piece it
//! promotes to (`pieces.*.promotes-to`); a move starting or ending in the
//! side's promotion zone (`promotion.piece-zone`) may promote, and must where
//! the unpromoted piece would have no further move (a pawn or lance on the
//! last rank, a knight on the last two). A captured promoted piece goes to
//! the hand as the piece it promoted from (see `drops`).
//!
//! Checked in `variant::load::promotion`, compiled here into per-kind tables
//! and cell bit sets; move generation asks two bit tests per destination.

use crate::board::{Cell, Grid};
use crate::compile::{walk, Occupancy};
use crate::variant::MoveTables;

/// No promotion.
pub const NONE: u8 = u8::MAX;

/// The compiled piece-promotion rules of a variant.
#[derive(Clone, Debug)]
pub struct PiecePromotion {
    /// Per kind: the kind it promotes to, or [`NONE`].
    pub to: Vec<u8>,
    /// Per kind: the kind it promoted from, or itself.
    pub base: Vec<u8>,
    /// Per side, `words` u64: the promotion zone.
    pub zone: Vec<u64>,
    /// Per (kind * 2 + side), `words` u64: cells where the kind has no move
    /// on an empty board, so an unpromoted piece may not end a move there.
    pub dead: Vec<u64>,
    /// u64 words per cell set.
    pub words: usize,
    /// Every move in the zone promotes or, for a promoted piece, demotes
    /// (`promotion.flip`, kyoto shogi, or `promotion.piece-mandatory`): no
    /// such move leaves the piece as it was.
    pub forced: bool,
    /// `promotion.piece-mandatory` as written (FSF's `mandatoryPiecePromotion`).
    pub mandatory: bool,
    /// `promotion.on-capture`: only a capture promotes (or, with `flip`,
    /// turns the piece over); other moves leave the piece as it is (micro
    /// shogi, FSF's `piecePromotionOnCapture`).
    pub on_capture: bool,
}

impl PiecePromotion {
    /// Compiles the rules: `to[kind]` from `promotes-to`, the zone as cells
    /// per side. With `flip`, a promoted piece "promotes" back to its base;
    /// with `mandatory`, a move from or into the zone must promote.
    pub fn compile(
        grid: &Grid,
        mut to: Vec<u8>,
        zone_cells: &[Vec<Cell>; 2],
        tables: &MoveTables,
        flip: bool,
        mandatory: bool,
    ) -> PiecePromotion {
        let words = grid.len().div_ceil(64);
        let mut base: Vec<u8> = (0..to.len() as u8).collect();
        for (k, &t) in to.iter().enumerate() {
            if t != NONE {
                base[t as usize] = k as u8;
            }
        }
        let mut zone = vec![0u64; 2 * words];
        for (side, cells) in zone_cells.iter().enumerate() {
            for &c in cells {
                zone[side * words + c as usize / 64] |= 1 << (c % 64);
            }
        }
        let dead = dead_cells(tables, to.len(), words);
        if flip {
            for (k, &b) in base.iter().enumerate() {
                if b as usize != k {
                    to[k] = b;
                }
            }
        }
        PiecePromotion { to, base, zone, dead, words, forced: flip || mandatory, mandatory, on_capture: false }
    }

    /// `promotion.allow-dead-squares`: an unpromoted piece may end a move
    /// where it has no further move, so no cell is dead.
    pub fn allow_dead_squares(&mut self) {
        self.dead.iter_mut().for_each(|w| *w = 0);
    }

    /// Whether a move of a piece of `side` from `from` to `to` may promote
    /// (`capture`: it takes a piece there).
    #[inline]
    pub fn promotes(&self, side: u8, from: Cell, to: Cell, capture: bool) -> bool {
        (self.in_zone(side, from) || self.in_zone(side, to)) && (capture || !self.on_capture)
    }

    /// Whether `c` is in `side`'s promotion zone.
    #[inline]
    pub fn in_zone(&self, side: u8, c: Cell) -> bool {
        self.zone[side as usize * self.words + c as usize / 64] & (1 << (c % 64)) != 0
    }

    /// Whether `kind` of `side` has no move from `c` on an empty board.
    #[inline]
    pub fn is_dead(&self, kind: usize, side: u8, c: Cell) -> bool {
        self.dead[(kind * 2 + side as usize) * self.words + c as usize / 64] & (1 << (c % 64)) != 0
    }
}

/// Per (kind * 2 + side), `words` u64: the cells from which the kind's
/// compiled moves reach nothing on an empty board.
pub fn dead_cells(tables: &MoveTables, kinds: usize, words: usize) -> Vec<u64> {
    let n = tables.cells;
    let mut dead = vec![0u64; kinds * 2 * words];
    for kind in 0..kinds {
        for side in 0..2 {
            for c in 0..n {
                let pr = tables.progs[(kind * 2 + side) * n + c];
                let mut any = false;
                walk(
                    &tables.nodes[pr.start as usize..pr.end as usize],
                    |_| Occupancy::Empty,
                    false,
                    false,
                    |_| false,
                    |_| any = true,
                );
                if !any {
                    dead[(kind * 2 + side) * words + c / 64] |= 1 << (c % 64);
                }
            }
        }
    }
    dead
}
