//! Rules that narrow the legal moves after the royal-safety test:
//! compulsory capture (`rules.must-capture`: while a legal capture exists,
//! only captures are legal — antichess, giveaway, losers). Run only when
//! `Rules::move_filters` is set, so other variants pay one branch.

use crate::game::{code_side, Move, MoveKind, Position};

impl Position<'_> {
    /// Whether `m` captures an enemy piece (en passant and locust captures
    /// included; castling and drops never do).
    pub fn is_capture(&self, m: Move) -> bool {
        match m.kind {
            MoveKind::Castle | MoveKind::Drop => false,
            MoveKind::EnPassant => true,
            _ => {
                let enemy = |c: crate::board::Cell| {
                    let code = self.at(c);
                    code != 0 && code_side(code) != self.side()
                };
                enemy(m.to) || (m.kind == MoveKind::Locust && enemy(m.extra))
            }
        }
    }

    /// Applies the variant's move filters to the royal-safe moves in `out`.
    pub(crate) fn filter_moves(&mut self, out: &mut Vec<Move>) {
        if self.variant().rules.must_capture && out.iter().any(|&m| self.is_capture(m)) {
            out.retain(|&m| self.is_capture(m));
        }
    }
}
