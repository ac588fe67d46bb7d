//! Passing moves and facing royals (janggi).
//!
//! `effects.pass = true`: a side with a royal piece may pass instead of
//! moving, but not while in check. A pass is written as the royal piece's
//! cell twice (`e2e2`, as Fairy-Stockfish writes it) and is a move from that
//! cell to itself, so make/unmake need nothing new. Two passes in a row end
//! the game.
//!
//! `effects.bikjang = true`: when the two royal pieces face each other on a
//! file with nothing between them (bikjang), the side to move must break the
//! facing or pass (it may pass even in check); passing ends the game.
//!
//! A game ended so is drawn, or decided by the points of `effects.counting`
//! (janggi's material count). Like every rule that ends the game at once, it
//! leaves the position without moves (FSF's perft convention). Which passes
//! were just played is not part of a FEN (as in FSF): a position read from a
//! FEN starts with none.

use crate::board::Cell;
use crate::game::{code_kind, Move, MoveKind, Position, Side};

/// Compiled passing rules.
#[derive(Clone, Debug)]
pub struct Passing {
    /// Facing royals must be broken or passed (bikjang).
    pub bikjang: bool,
    /// Points per kind deciding a game ended by passing (janggi counting),
    /// with White's handicap; `None`: such a game is drawn.
    pub counting: Option<Counting>,
}

/// A material count deciding a game.
#[derive(Clone, Debug)]
pub struct Counting {
    /// Points per kind.
    pub points: Vec<i32>,
    /// Subtracted from White's margin; White wins when what is left is
    /// positive, else Black wins.
    pub handicap: i32,
    /// The count also decides the n-move rule (`counting-decides`).
    pub move_rule: bool,
    /// The count also decides a repetition that would be drawn.
    pub repetition: bool,
}

/// `pass_state` bits: the last move was a pass, the move before it was one,
/// the last pass was made with the royals facing.
const LAST: u8 = 1;
const BEFORE: u8 = 2;
const FACING: u8 = 4;

/// Whether `m` is a pass (a move from a cell to itself).
#[inline]
pub fn is_pass(m: &Move) -> bool {
    m.kind == MoveKind::Normal && m.from == m.to
}

impl Position<'_> {
    /// After `make`: records whether `m` was a pass (and whether it was
    /// made with the royals facing).
    pub(in crate::game) fn note_pass(&mut self, m: &Move) {
        self.pass_state = if is_pass(m) {
            let facing = self.v.passing.as_ref().is_some_and(|p| p.bikjang) && self.royals_face();
            LAST | (self.pass_state & LAST) << 1 | if facing { FACING } else { 0 }
        } else {
            0
        };
    }

    /// Why the game is over by passing, if it is: `two passes` or `bikjang`.
    pub fn passing_over(&self) -> Option<&'static str> {
        if self.pass_state & FACING != 0 {
            Some("bikjang")
        } else if self.pass_state & (LAST | BEFORE) == LAST | BEFORE {
            Some("two passes")
        } else {
            None
        }
    }

    /// The result of a game over by passing: drawn, or decided by counting.
    pub fn passing_winner(&self) -> Option<Side> {
        let c = self.v.passing.as_ref()?.counting.as_ref()?;
        let mut margin = -c.handicap;
        for &code in &self.board {
            if code != 0 {
                let p = c.points[code_kind(code) as usize];
                margin += if code & 1 == 1 { p } else { -p };
            }
        }
        Some(if margin > 0 { 0 } else { 1 })
    }

    /// The winner by the count when `counting-decides` names the n-move
    /// rule (`repetition` false) or the repetition (true); `None` (a draw)
    /// otherwise.
    pub fn counted_winner(&self, repetition: bool) -> Option<Side> {
        let c = self.v.passing.as_ref()?.counting.as_ref()?;
        let decides = if repetition { c.repetition } else { c.move_rule };
        if decides {
            self.passing_winner()
        } else {
            None
        }
    }

    /// Legal moves with passing: none when the game is over; else the
    /// ordinary ones (only those breaking a bikjang while there is one),
    /// plus the pass when not in check or in bikjang.
    pub(in crate::game) fn passing_legal(&mut self, out: &mut Vec<Move>) {
        if self.passing_over().is_some() {
            return;
        }
        self.standard_legal(out);
        let s = self.side as usize;
        if self.nroyal[s] == 0 {
            return;
        }
        let facing = self.v.passing.as_ref().is_some_and(|p| p.bikjang) && self.royals_face();
        if facing {
            out.retain(|&m| !self.faces_after(m));
        }
        if facing || !self.in_check() {
            let k = self.royals[s][0];
            out.push(Move::normal(k, k));
        }
    }

    /// Whether the pass is among the legal moves ([`Position::passing_legal`]
    /// lists it): the game is not over by passing, the side has a royal
    /// piece, and it is not in check unless the royals face each other.
    pub(in crate::game) fn pass_is_legal(&self) -> bool {
        if self.passing_over().is_some() || self.nroyal[self.side as usize] == 0 {
            return false;
        }
        let facing = self.v.passing.as_ref().is_some_and(|p| p.bikjang) && self.royals_face();
        facing || !self.in_check()
    }

    /// Whether the first royal pieces of the two sides stand on one file
    /// with nothing between them.
    fn royals_face(&self) -> bool {
        if self.nroyal[0] == 0 || self.nroyal[1] == 0 {
            return false;
        }
        self.open_file(self.royals[0][0], self.royals[1][0])
    }

    fn open_file(&self, a: Cell, b: Cell) -> bool {
        let g = &self.v.grid;
        let ((ax, ay), (bx, by)) = (g.coords(a), g.coords(b));
        if ax != bx {
            return false;
        }
        let (lo, hi) = (ay.min(by), ay.max(by));
        (lo + 1..hi).all(|y| g.at(ax as i32, y as i32).is_none_or(|c| self.board[c as usize] == 0))
    }

    /// Whether the royals still face each other after `m` (tried on the
    /// board bytes it changes).
    fn faces_after(&mut self, m: Move) -> bool {
        if m.kind != MoveKind::Normal {
            return true;
        }
        let s = self.side as usize;
        let (mine, theirs) = (self.royals[s][0], self.royals[s ^ 1][0]);
        if m.to == theirs {
            return false;
        }
        let mover = self.board[m.from as usize];
        let saved = self.board[m.to as usize];
        self.board[m.from as usize] = 0;
        self.board[m.to as usize] = mover;
        let k = if mine == m.from { m.to } else { mine };
        let face = self.open_file(k, theirs);
        self.board[m.to as usize] = saved;
        self.board[m.from as usize] = mover;
        face
    }
}
