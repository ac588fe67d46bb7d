//! Making and unmaking moves, with the incremental bookkeeping (royals,
//! occupancy bits, hash key) kept by `take` and `put`.

use super::{Position, Undo, MAX_ROYALS};
use crate::board::Cell;
use crate::game::{code_side, piece_code, Move, MoveKind, Side};

impl<'v> Position<'v> {
    /// Forgets the royal piece of `side` on `c` (the last one fills its slot).
    pub(super) fn remove_royal(&mut self, side: usize, c: Cell) {
        let n = self.nroyal[side] as usize;
        if let Some(i) = self.royals[side][..n].iter().position(|&x| x == c) {
            self.royals[side][i] = self.royals[side][n - 1];
            self.nroyal[side] -= 1;
        }
    }

    /// Records a royal piece of `side` on `c`; a full list (`MAX_ROYALS`, which
    /// the FEN reader refuses to exceed) stays as it is.
    pub(super) fn add_royal(&mut self, side: usize, c: Cell) {
        let n = self.nroyal[side] as usize;
        if n < MAX_ROYALS {
            self.royals[side][n] = c;
            self.nroyal[side] += 1;
        }
    }

    /// Lifts the piece on `c` (0 if empty) and returns it, keeping the hash
    /// key, royal list, piece counts and occupancy words in step.
    pub(in crate::game) fn take(&mut self, c: Cell) -> u8 {
        let code = self.board[c as usize];
        if code != 0 {
            let z = &self.v.tables.zobrist;
            self.key ^= z.piece(code, c);
            let s = code_side(code) as usize;
            if self.v.tables.code_royal[code as usize] {
                self.remove_royal(s, c);
            } else {
                self.nonroyal[s] -= 1;
            }
            self.board[c as usize] = 0;
            let w = self.v.tables.words;
            self.occ[s * w + c as usize / 64] &= !(1 << (c % 64));
        }
        code
    }

    /// Puts `code` on the empty cell `c`, keeping the same bookkeeping as `take`.
    pub(in crate::game) fn put(&mut self, c: Cell, code: u8) {
        debug_assert!(self.board[c as usize] == 0);
        self.key ^= self.v.tables.zobrist.piece(code, c);
        let s = code_side(code) as usize;
        if self.v.tables.code_royal[code as usize] {
            self.add_royal(s, c);
        } else {
            self.nonroyal[s] += 1;
        }
        self.board[c as usize] = code;
        let w = self.v.tables.words;
        self.occ[s * w + c as usize / 64] |= 1 << (c % 64);
    }

    /// Sets the unmoved flag of `c`, keeping the hash key in step.
    pub(in crate::game) fn set_virgin(&mut self, c: Cell, v: bool) {
        if self.virgin[c as usize] != v {
            self.virgin[c as usize] = v;
            self.key ^= self.v.tables.zobrist.virgin(c);
        }
    }

    /// Plays a (pseudo-legal) move; returns what `unmake` needs.
    pub fn make(&mut self, m: Move) -> Undo {
        let mut u = self.undo_for(m);
        if m.kind == MoveKind::Drop {
            if let Some(d) = &self.v.drops {
                return self.make_drop(d, m, u);
            }
            self.post(m);
            return u;
        }
        self.clear_ep();
        let piece = self.take(m.from);
        let side = code_side(piece);
        let capture = self.relocate(m, piece, side, &mut u);
        if let Some(d) = &self.v.drops {
            self.drops_after_move(d, m, &mut u);
        }
        if self.v.gating.is_some() {
            self.gate_in(&m, side);
        }
        self.set_virgin(m.from, false);
        self.set_virgin(m.to, false);
        if let Some(rule) = &self.v.unmoved_loss {
            self.lose_unmoved(rule, crate::game::code_kind(piece), m.to, &mut u.lost_unmoved);
        }
        self.end_move(m, piece, side, capture);
        u
    }

    /// What `unmake` needs to restore before `m` changes anything.
    #[inline]
    fn undo_for(&self, m: Move) -> Undo {
        Undo {
            captured: 0,
            captured_extra: 0,
            virgin_from: self.virgin[m.from as usize],
            virgin_to: self.virgin[m.to as usize],
            virgin_extra: false,
            ep: self.ep,
            ep_n: self.ep_n,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            key: self.key,
            moved: self.board[m.from as usize],
            side: self.side,
            once_used: self.once_used,
            checks_left: self.checks_left,
            promoted: [0; 3],
            lost_unmoved: [super::NO_CELL; 2],
            blasted: 0,
            pass_state: self.pass_state,
        }
    }

    /// Forgets the en-passant squares (every move but a double step does).
    #[inline]
    fn clear_ep(&mut self) {
        if self.ep_n > 0 {
            self.key ^= self.v.tables.zobrist.ep(self.ep[0]);
            self.ep_n = 0;
        }
    }

    /// A posting of the deployment phase: the piece leaves the hand for its
    /// cell. Next to post: the other side if it has something left, else
    /// the same side; after the last posting, the side that plays first.
    fn post(&mut self, m: Move) {
        self.clear_ep();
        let kind = m.promo - 1;
        let side = self.side;
        let count = self.in_hand(side, kind);
        self.set_hand(side, kind, count - 1);
        self.put(m.to, piece_code(kind, side));
        let next = if self.in_hand == 0 {
            self.v.deployment.as_ref().map_or(side ^ 1, |d| d.then)
        } else if self.hand[(side ^ 1) as usize * self.v.pieces.len()..][..self.v.pieces.len()].iter().any(|&c| c > 0) {
            side ^ 1
        } else {
            side
        };
        self.set_side(next);
    }

    /// Moves `piece` (of `side`, already lifted from `m.from`) and its
    /// castling partner or victims on the board; whether it captured.
    #[inline]
    fn relocate(&mut self, m: Move, piece: u8, side: Side, u: &mut Undo) -> bool {
        let mut capture = false;
        match m.kind {
            MoveKind::Castle => {
                u.virgin_extra = self.virgin[m.extra as usize];
                let partner = self.take(m.extra);
                self.set_virgin(m.extra, false);
                self.put(m.to, piece);
                self.put(crate::game::rules::walls::partner_to(self.v, piece, m), partner);
            }
            _ => {
                if m.kind != MoveKind::Normal && m.kind != MoveKind::Gate {
                    u.virgin_extra = self.virgin[m.extra as usize];
                    u.captured_extra = self.take(m.extra);
                    self.set_virgin(m.extra, false);
                    capture = true;
                }
                u.captured = self.take(m.to);
                capture |= u.captured != 0;
                // A gating move's `promo` is the piece it gates in.
                let promo = if m.kind == MoveKind::Gate { 0 } else { m.promo };
                let placed = if promo != 0 { piece_code(promo - 1, side) } else { piece };
                if promo != 0 && self.v.zones.iter().any(|z| z.once.contains(&(promo - 1))) {
                    self.once_used[side as usize] |= 1 << (m.promo - 1);
                }
                self.put(m.to, placed);
                if capture {
                    if let Some(x) = &self.v.explosions {
                        u.blasted = self.explode(x, m.to);
                    } else if let Some(p) = &self.v.petrify {
                        self.petrify(p, piece, m.to);
                    }
                }
            }
        }
        capture
    }

    /// The bookkeeping after the pieces moved: en-passant squares, clocks,
    /// side to move, n-check counters and passes.
    #[inline]
    fn end_move(&mut self, m: Move, piece: u8, side: Side, capture: bool) {
        let pawn = self.v.tables.code_pawn[piece as usize];
        if pawn && !capture && self.v.tables.has_ep && m.kind == MoveKind::Normal {
            self.set_ep_squares(m.from, m.to, piece);
        }
        if let Some(w) = &self.v.walls {
            self.put_wall(w, m);
        }
        // A promotion resets the clock too (shogi pieces are not pawns), as in
        // FSF; gating a piece in does not.
        let promoted = m.promo != 0 && m.kind != MoveKind::Gate && m.kind != MoveKind::Castle;
        let resets = self.v.tables.move_rule.resets(piece, m.from, m.to);
        self.halfmove = if capture || resets || promoted { 0 } else { self.halfmove + 1 };
        if self.side == 1 {
            self.fullmove += 1;
        }
        self.side ^= 1;
        self.key ^= self.v.tables.zobrist.black;
        if self.v.rules.check_limit > 0 {
            self.count_check(side as usize);
        }
        if self.v.tracks_passes {
            self.note_pass(&m);
        }
    }

    /// n-check: a move that gives check uses up one of the mover's checks.
    pub(in crate::game) fn count_check(&mut self, mover: usize) {
        if self.in_check() && self.checks_left[mover] > 0 {
            use crate::game::rules::goals::check_key;
            self.key ^= check_key(mover, self.checks_left[mover]);
            self.checks_left[mover] -= 1;
            self.key ^= check_key(mover, self.checks_left[mover]);
        }
    }

    /// A straight pawn move of two or more squares leaves the squares it
    /// passed as en-passant squares; a chess pawn's only where an enemy
    /// pawn could take there (`MoveTables::ep_needs_taker`), as FSF does.
    pub(super) fn set_ep_squares(&mut self, from: Cell, to: Cell, piece: u8) {
        let g = &self.v.grid;
        let (fx, fy) = g.coords(from);
        let (tx, ty) = g.coords(to);
        let (dx, dy) = (tx as i32 - fx as i32, ty as i32 - fy as i32);
        let len = dx.abs().max(dy.abs());
        if len < 2 || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return;
        }
        let (sx, sy) = (dx.signum(), dy.signum());
        let mut n = 0;
        // Only inside the capturing side's part of `rules.en-passant-region`.
        let capturer = 1 - self.side as usize;
        let region = self.v.rules.ep_region.map(|r| &self.v.regions[r as usize]);
        let needs_taker = self.v.tables.ep_needs_taker && self.v.tables.code_chess_pawn[piece as usize];
        for i in 1..len.min(5) {
            let (x, y) = (fx as i32 + sx * i, fy as i32 + sy * i);
            if let Some(c) = g.at(x, y).filter(|&c| region.is_none_or(|r| r.contains(capturer, c))) {
                if !needs_taker || self.pawn_beside(x, y + sy, capturer as Side) {
                    self.ep[n] = c;
                    n += 1;
                }
            }
        }
        if n > 0 {
            self.ep_n = n as u8;
            self.ep_victim = to;
            self.key ^= self.v.tables.zobrist.ep(self.ep[0]);
        }
    }

    /// Whether a chess pawn of `side` stands on a file next to `x` on rank
    /// `y`: one that could take en passant on the square in front of it.
    #[inline]
    fn pawn_beside(&self, x: i32, y: i32, side: Side) -> bool {
        let t = &self.v.tables;
        [x - 1, x + 1].iter().any(|&x| {
            self.v.grid.at(x, y).is_some_and(|c| {
                let code = self.board[c as usize];
                code != 0 && code_side(code) == side && t.code_chess_pawn[code as usize]
            })
        })
    }

    /// Takes back `m`, given what `make` returned.
    pub fn unmake(&mut self, m: Move, u: Undo) {
        if m.kind == MoveKind::Drop {
            if let Some(d) = &self.v.drops {
                return self.unmake_drop(d, m, u);
            }
            return self.unpost(m, u);
        }
        if let Some(w) = &self.v.walls {
            self.lift_wall(w, m);
        }
        self.once_used = u.once_used;
        self.checks_left = u.checks_left;
        self.pass_state = u.pass_state;
        if self.v.gating.is_some() {
            self.gate_out(&m);
        }
        if let Some(d) = &self.v.drops {
            self.drops_unmake_move(d, m, &u);
        }
        self.side ^= 1;
        if self.side == 1 {
            self.fullmove -= 1;
        }
        self.put_back(m, &u);
        self.virgin[m.to as usize] = u.virgin_to;
        if m.kind != MoveKind::Normal && m.kind != MoveKind::Gate {
            self.virgin[m.extra as usize] = u.virgin_extra;
        }
        self.virgin[m.from as usize] = u.virgin_from;
        if u.lost_unmoved[0] != super::NO_CELL {
            for c in u.lost_unmoved.into_iter().filter(|&c| c != super::NO_CELL) {
                self.virgin[c as usize] = true;
            }
        }
        self.ep = u.ep;
        self.ep_n = u.ep_n;
        self.ep_victim = u.ep_victim;
        self.halfmove = u.halfmove;
        self.key = u.key;
    }

    /// Takes back a posting of the deployment phase: the piece goes back
    /// to its side's hand.
    fn unpost(&mut self, m: Move, u: Undo) {
        self.take(m.to);
        let i = u.side as usize * self.v.pieces.len() + (m.promo - 1) as usize;
        self.hand[i] += 1;
        self.in_hand += 1;
        self.side = u.side;
        self.ep = u.ep;
        self.ep_n = u.ep_n;
        self.ep_victim = u.ep_victim;
        self.key = u.key;
    }

    /// Puts the moved piece, its castling partner and its victims back
    /// where they stood before `m`.
    #[inline]
    fn put_back(&mut self, m: Move, u: &Undo) {
        match m.kind {
            MoveKind::Castle => {
                let partner = self.take(crate::game::rules::walls::partner_to(self.v, u.moved, m));
                let king = self.take(m.to);
                self.put(m.extra, partner);
                self.put(m.from, king);
            }
            _ => {
                if u.blasted > 0 {
                    self.unexplode(u.blasted);
                }
                self.take(m.to);
                if u.captured != 0 {
                    self.put(m.to, u.captured);
                }
                if m.kind != MoveKind::Normal && m.kind != MoveKind::Gate && u.captured_extra != 0 {
                    self.put(m.extra, u.captured_extra);
                }
                self.put(m.from, u.moved);
            }
        }
    }
}
