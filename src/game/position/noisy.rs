//! The legal captures and promotions alone, for the search's quiescence:
//! the quiet moves are dropped before the legality test.

use super::Position;
use crate::game::{code_side, Move, MoveKind};

impl<'v> Position<'v> {
    /// The legal moves that capture something or promote, into `out`
    /// (cleared first); `false` (and `out` unspecified) where this
    /// shortcut does not apply: when in check, in a deployment phase, under
    /// rules that decide legality otherwise (explosions, passes, walls,
    /// compulsory moves, goals that end the game at once) and where moves
    /// are made of others (gating, promotion by move). The caller then
    /// generates every legal move.
    pub fn noisy_moves(&mut self, out: &mut Vec<Move>) -> bool {
        let v = self.v;
        let unusual = v.explosions.is_some()
            || v.passing.is_some()
            || v.walls.is_some()
            || v.rules.move_filters
            || v.immediate_end
            || v.gating.is_some()
            || v.promotion_move.is_some()
            || v.drops.as_ref().is_some_and(|d| d.must_drop);
        if unusual || self.deploying() {
            return false;
        }
        let mut danger = [0u64; 16];
        if self.royal_danger(&mut danger) {
            return false;
        }
        // The generator itself is shared with perft (a second caller of its
        // inner parts would cost perft their inlining); the quiet moves are
        // dropped before the legality test, which is most of the saving.
        out.clear();
        self.pseudo_moves(out, false);
        let mut i = 0;
        while i < out.len() {
            if self.is_noisy(&out[i]) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
        self.retain_royal_safe(out, false, &danger);
        true
    }

    /// Whether a pseudo-legal move captures or promotes.
    fn is_noisy(&self, m: &Move) -> bool {
        match m.kind {
            MoveKind::Drop | MoveKind::Castle => false,
            MoveKind::Locust | MoveKind::EnPassant => true,
            _ => {
                let c = self.board[m.to as usize];
                m.promo != 0 || c != 0 && code_side(c) != self.side
            }
        }
    }
}
