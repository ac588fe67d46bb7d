//! Static exchange evaluation: what a move wins or loses on its
//! destination if both sides keep recapturing there with their least
//! valuable piece, each free to stop when going on would cost it.
//!
//! It reads the definition's own attack tables, so it knows every piece.
//! The exchange is played on the board itself (and put back): sliders
//! behind a capturer join in, and a hopper gains or loses its screen as
//! the pieces leave, exactly as the attack test sees it after each step.

use super::Position;
use crate::board::Cell;
use crate::game::{code_kind, code_side, piece_code, Move, MoveKind, Side};

/// Longest exchange followed; beyond it the last gains are ignored.
const MAX_SWAPS: usize = 32;

impl<'v> Position<'v> {
    /// The material the side to move gains by `m` and the best sequence
    /// of recaptures on its destination, in the units of `value` (per
    /// piece kind; give royal pieces a large value so that they recapture
    /// only last). A castling move counts 0. Promotions on recapture and
    /// captures elsewhere than the destination during the exchange are
    /// not followed (the answer is an estimate, for ordering and pruning).
    pub fn see(&mut self, m: Move, value: &[i32]) -> i32 {
        if m.kind == MoveKind::Castle {
            return 0;
        }
        let side = self.side;
        let to = m.to as usize;
        let mover = match m.kind {
            MoveKind::Drop => piece_code(m.promo - 1, side),
            _ => self.board[m.from as usize],
        };
        let mut saved: [(Cell, u8); 3] = [(m.to, self.board[to]); 3];
        let mut n = 1;
        let mut gain = [0i32; MAX_SWAPS + 1];
        gain[0] = self.victim(self.board[to], side, value);
        if matches!(m.kind, MoveKind::Locust | MoveKind::EnPassant) {
            gain[0] += self.victim(self.board[m.extra as usize], side, value);
            saved[n] = (m.extra, self.board[m.extra as usize]);
            n += 1;
            self.board[m.extra as usize] = 0;
        }
        if m.kind != MoveKind::Drop {
            saved[n] = (m.from, mover);
            n += 1;
            self.board[m.from as usize] = 0;
        }
        // What now stands on the destination, and its worth to a recapture.
        let mut on_to = value[code_kind(mover) as usize];
        let mut placed = mover;
        if m.promo != 0 && m.kind != MoveKind::Drop {
            placed = piece_code(m.promo - 1, side);
            on_to = value[m.promo as usize - 1];
            gain[0] += on_to - value[code_kind(mover) as usize];
        }
        self.board[to] = placed;
        let result = self.swap(m.to, side ^ 1, on_to, &mut gain, value);
        for &(c, code) in saved[..n].iter().rev() {
            self.board[c as usize] = code;
        }
        result
    }

    /// Value of `code` as a victim of `side` (0 for an empty cell or a
    /// friend).
    fn victim(&self, code: u8, side: Side, value: &[i32]) -> i32 {
        if code != 0 && code_side(code) != side {
            value[code_kind(code) as usize]
        } else {
            0
        }
    }

    /// The recaptures on `to`, `by` first, with `on_to` the worth of the
    /// piece standing there; folds the speculative gains back into
    /// `gain[0]`. The board is put back as it was.
    fn swap(&mut self, to: Cell, mut by: Side, mut on_to: i32, gain: &mut [i32], value: &[i32]) -> i32 {
        let mut lifted: [(Cell, u8); MAX_SWAPS] = [(0, 0); MAX_SWAPS];
        let first = self.board[to as usize];
        let (mut d, mut made) = (0, 0);
        while d < MAX_SWAPS {
            let Some((from, code)) = self.least_attacker(to, by, value) else {
                break;
            };
            d += 1;
            gain[d] = on_to - gain[d - 1];
            // Neither standing pat nor capturing changes the outcome.
            if (-gain[d - 1]).max(gain[d]) < 0 {
                break;
            }
            lifted[made] = (from, code);
            made += 1;
            self.board[from as usize] = 0;
            self.board[to as usize] = code;
            on_to = value[code_kind(code) as usize];
            by ^= 1;
        }
        for &(c, code) in lifted[..made].iter().rev() {
            self.board[c as usize] = code;
        }
        self.board[to as usize] = first;
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0]
    }

    /// The least valuable piece of `by` that attacks `to` and may capture
    /// what stands there.
    fn least_attacker(&self, to: Cell, by: Side, value: &[i32]) -> Option<(Cell, u8)> {
        let t = &self.v.tables;
        let victim = code_kind(self.board[to as usize]) as usize;
        let mut best: Option<(Cell, u8, i32)> = None;
        self.each_attacker(to, by, |e| {
            let v = value[code_kind(e.code) as usize];
            if best.is_none_or(|b| v < b.2)
                && t.capturers[victim] & (1 << code_kind(e.code)) != 0
                && self.attack_holds(e.node, e.from, by)
            {
                best = Some((e.from, e.code, v));
            }
            false
        });
        best.map(|(c, code, _)| (c, code))
    }
}
