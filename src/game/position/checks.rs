//! Which moves can give check, told from the cells they touch alone: the
//! search prunes late quiet moves near the leaves unless they give check,
//! and playing a move only to learn that costs more than the test here.

use super::Position;
use crate::board::Cell;
use crate::game::{Move, MoveKind};
use crate::variant::CHECK_PATH_WORDS;

/// The cells a move of the side to move must touch (leave, enter or capture
/// on) to attack one of the enemy royal pieces: every cell an attack on one
/// of them could start from or pass through, and their own cells. Made by
/// [`Position::check_cells`].
#[derive(Clone, Copy, Debug)]
pub struct CheckCells {
    cells: [u64; CHECK_PATH_WORDS],
}

impl CheckCells {
    /// Whether `m` may leave an enemy royal piece attacked. `false` is
    /// certain: the move changes no cell of any attack on them. Castling
    /// (its partner lands on a cell the move does not name) always may.
    #[inline]
    pub fn may_check(&self, m: &Move) -> bool {
        match m.kind {
            MoveKind::Normal | MoveKind::Gate | MoveKind::Drop => self.touches(m.from) || self.touches(m.to),
            MoveKind::Locust | MoveKind::EnPassant => {
                self.touches(m.from) || self.touches(m.to) || self.touches(m.extra)
            }
            MoveKind::Castle => true,
        }
    }

    #[inline]
    fn touches(&self, c: Cell) -> bool {
        self.cells[c as usize / 64 % CHECK_PATH_WORDS] >> (c % 64) & 1 != 0
    }
}

impl Position<'_> {
    /// The cells the side to move's moves must touch to give check (see
    /// [`CheckCells`]), or `None` where the cells a move names do not tell:
    /// an enemy royal piece is attacked already (some variants allow it),
    /// a move changes other cells too (explosions, walls, flips,
    /// petrification, unmoved pieces lost), the deployment phase (a posting
    /// may leave the same side to move), or a board of over 1 024 cells.
    pub fn check_cells(&self) -> Option<CheckCells> {
        let v = self.v;
        let t = &v.tables;
        if t.check_paths.is_empty()
            || v.explosions.is_some()
            || v.walls.is_some()
            || v.flipping.is_some()
            || v.petrify.is_some()
            || v.unmoved_loss.is_some()
            || self.in_hand > 0 && v.deployment.is_some()
        {
            return None;
        }
        let (us, enemy) = (self.side, self.side ^ 1);
        let w = t.words;
        let mut cells = [0u64; CHECK_PATH_WORDS];
        for &r in self.royals(enemy) {
            if self.is_attacked(r, us) {
                return None;
            }
            let i = (us as usize * t.cells + r as usize) * w;
            cells.iter_mut().zip(&t.check_paths[i..i + w]).for_each(|(a, b)| *a |= b);
        }
        Some(CheckCells { cells })
    }
}
