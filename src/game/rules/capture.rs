//! Compulsory capture (`rules.must-capture`): while a legal capture exists,
//! only captures are legal (antichess, giveaway, losers).

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

    /// Keeps only the captures in `out` when there is one.
    pub(crate) fn keep_captures(&self, out: &mut Vec<Move>) {
        if out.iter().any(|&m| self.is_capture(m)) {
            out.retain(|&m| self.is_capture(m));
        }
    }
}
