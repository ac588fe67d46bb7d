//! Gating (`[gating]`, Seirawan chess and S-House): when a piece makes its
//! first move from a gate cell (the back rank), a piece from the hand may
//! enter on the cell it leaves; when castling, on the king's or the partner's
//! start. A gate is open while the piece on it has not moved, so the rights
//! are the unmoved flags of the pieces on gate cells; the FEN carries them as
//! Fairy-Stockfish does (file letters in the castling field, while the side
//! has something to gate). Moves: `MoveKind::Gate` (a plain move or capture)
//! and `MoveKind::Castle` with `promo != 0` (bit 0x80: on the partner's start).

use crate::board::Cell;
use crate::game::{code_side, piece_code, Move, MoveKind, Position, Side};

/// Bit of `Move::promo` on a castling move: the piece enters on the
/// partner's start rather than the king's.
pub const AT_PARTNER: u8 = 0x80;

/// Gate cells per side, as bit sets of `words` u64 each.
#[derive(Clone, Debug)]
pub struct Gating {
    cells: Vec<u64>,
    words: usize,
}

impl Gating {
    /// From each side's gate cells.
    pub fn new(cells: &[Vec<Cell>; 2], n: usize) -> Gating {
        let words = n.div_ceil(64);
        let mut bits = vec![0u64; 2 * words];
        for (side, cs) in cells.iter().enumerate() {
            for &c in cs {
                bits[side * words + c as usize / 64] |= 1 << (c % 64);
            }
        }
        Gating { cells: bits, words }
    }

    /// Clears the gate cells from the drop rules' "a piece dropped here is
    /// unmoved" bits (`kinds * 2` sets of `words`): a dropped piece opens no gate.
    pub fn close_drops(&self, virgin: &mut [u64], kinds: usize) {
        for kind in 0..kinds {
            for side in 0..2 {
                let set = &mut virgin[(kind * 2 + side) * self.words..][..self.words];
                set.iter_mut().zip(&self.cells[side * self.words..]).for_each(|(v, g)| *v &= !g);
            }
        }
    }

    /// Whether `c` is one of `side`'s gate cells.
    pub fn is_gate(&self, side: Side, c: Cell) -> bool {
        self.cells[side as usize * self.words + c as usize / 64] & (1 << (c % 64)) != 0
    }
}

/// The piece a move gates in and the cell it enters on, if it gates.
pub fn gate(m: &Move) -> Option<(u8, Cell)> {
    match m.kind {
        MoveKind::Gate => Some((m.promo - 1, m.from)),
        MoveKind::Castle if m.promo != 0 => {
            let at = if m.promo & AT_PARTNER != 0 { m.extra } else { m.from };
            Some(((m.promo & !AT_PARTNER) - 1, at))
        }
        _ => None,
    }
}

impl Position<'_> {
    /// Adds, for each move in `out[start..]` that leaves an open gate, the
    /// same move gating in each kind the side holds (and may place there).
    pub(in crate::game) fn gating_moves(&self, g: &Gating, out: &mut Vec<Move>, start: usize) {
        let side = self.side;
        let kinds = self.v.pieces.len();
        let held: Vec<u8> = (0..kinds as u8).filter(|&k| self.in_hand(side, k) > 0).collect();
        if held.is_empty() {
            return;
        }
        for i in start..out.len() {
            let m = out[i];
            let open = |c: Cell| g.is_gate(side, c) && self.virgin[c as usize];
            let (plain, castle) = (m.kind == MoveKind::Normal && m.promo == 0, m.kind == MoveKind::Castle);
            if !(plain || castle) {
                continue;
            }
            for &k in &held {
                let may = |c: Cell| self.may_place(k, c);
                if plain && open(m.from) && may(m.from) {
                    out.push(Move { kind: MoveKind::Gate, promo: k + 1, ..m });
                }
                // Castling: either start cell, unless the king or the partner lands on it.
                let free = |c: Cell| c != m.to && c != m.extra2;
                if castle && open(m.from) && may(m.from) && free(m.from) {
                    out.push(Move { promo: k + 1, ..m });
                }
                if castle && open(m.extra) && may(m.extra) && free(m.extra) {
                    out.push(Move { promo: (k + 1) | AT_PARTNER, ..m });
                }
            }
        }
    }

    /// Whether a piece of `kind` from the hand may stand on `c` (the drop
    /// rules' cells, where the variant has drops).
    fn may_place(&self, kind: u8, c: Cell) -> bool {
        self.v.drops.as_ref().is_none_or(|d| d.may_drop(kind, self.side, c))
    }

    /// After a gating move's own make: the piece leaves the hand for its cell.
    pub(in crate::game) fn gate_in(&mut self, m: &Move, side: Side) {
        if let Some((kind, at)) = gate(m) {
            let count = self.in_hand(side, kind);
            self.set_hand(side, kind, count - 1);
            self.put(at, piece_code(kind, side));
        }
    }

    /// Before a gating move's own unmake: the piece goes back to the hand
    /// (the key is restored by the caller).
    pub(in crate::game) fn gate_out(&mut self, m: &Move) {
        if let Some((kind, at)) = gate(m) {
            let code = self.take(at);
            let i = code_side(code) as usize * self.v.pieces.len() + kind as usize;
            self.hand[i] += 1;
            self.in_hand += 1;
        }
    }
}
