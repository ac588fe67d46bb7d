//! Legality: which pseudo-legal moves leave no royal piece attacked.

use super::Position;
use crate::board::Cell;
use crate::game::{piece_code, Move, MoveKind, Side};

impl<'v> Position<'v> {
    /// Whether the side to move is in check; also collects in `danger` every
    /// cell whose occupancy matters to some attack on one of its royals by a
    /// piece that stands where it could make that attack (the cells on the
    /// way, screens included). Only moves touching those cells need a trial.
    pub(in crate::game) fn royal_danger(&self, danger: &mut [u64; 16]) -> bool {
        let s = self.side as usize;
        let by = self.side ^ 1;
        let t = &self.v.tables;
        let n = self.nroyal[s] as usize;
        let (mut any, mut all) = (false, true);
        for r in 0..n {
            let mut hit = false;
            self.each_attacker(self.royals[s][r], by, |e| {
                hit = hit || self.attack_holds(e.node, e.from, by);
                let mut a = t.parents[e.node as usize];
                while a != u32::MAX {
                    let c = t.nodes[a as usize].cell;
                    if c != e.from {
                        danger[c as usize / 64] |= 1 << (c % 64);
                    }
                    a = t.parents[a as usize];
                }
                false
            });
            any |= hit;
            all &= hit;
        }
        // Duple check (several royals, `royal-check = "all"`): in check only
        // when every royal is attacked.
        if n > 1 && self.v.rules.royal_check_all {
            all
        } else if n > 1 && self.v.rules.royal_check_last {
            false
        } else {
            any
        }
    }

    /// Whether the royals `0..n` count as lost or in check, by the
    /// variant's rule: any of them (the default) or all of them (duple
    /// check); `hit(i)` says whether royal `i` is attacked or gone.
    #[inline]
    pub(super) fn royals_hit(&self, n: usize, hit: impl FnMut(usize) -> bool) -> bool {
        if n > 1 && self.v.rules.royal_check_all {
            (0..n).all(hit)
        } else if n > 1 && self.v.rules.royal_check_last {
            false
        } else {
            (0..n).any(hit)
        }
    }

    /// Legal moves into `out` (cleared first).
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        // A game ended at once by a goal has no moves (FSF's perft convention).
        if self.v.immediate_end && self.goal_reached().is_some() {
            out.clear();
            return;
        }
        self.royal_safe_moves(out);
        // Rules that narrow the moves further (compulsory capture, no
        // checks, Makpong), in `game::rules`; one branch for the others.
        if self.v.rules.move_filters {
            self.filter_moves(out);
        }
    }

    /// Whether the side to move has a legal move: the same answer as
    /// [`Position::legal_moves`] leaving `scratch` non-empty. Where the
    /// ordinary legality applies it is found piece by piece, so that most
    /// positions stop at the first piece, and where passing is a move, by
    /// the pass: a search asks this at every node of a variant where
    /// having no move is a goal (shogi, xiangqi, janggi), and generating
    /// every move there cost more than the rest of the node.
    /// Returns whether there is a move and whether `scratch` holds all the
    /// legal moves (else only some of them).
    pub(crate) fn any_legal_move(&mut self, scratch: &mut Vec<Move>) -> (bool, bool) {
        let v = self.v;
        let unusual = v.explosions.is_some()
            || v.flipping.is_some()
            || v.walls.is_some()
            || v.rules.move_filters
            || v.drops.as_ref().is_some_and(|d| d.must_drop)
            || self.deploying()
            || v.immediate_end && self.goal_reached().is_some();
        if !unusual && v.passing.is_some() {
            // Where passing is a move (janggi), it is mostly legal.
            if self.pass_is_legal() {
                return (true, false);
            }
        } else if !unusual {
            let mut danger = [0u64; 16];
            let in_check = self.royal_danger(&mut danger);
            let found = self.each_own_piece(|pos, from| {
                scratch.clear();
                pos.piece_moves(from, scratch, in_check);
                pos.retain_royal_safe(scratch, in_check, &danger);
                !scratch.is_empty()
            });
            if found {
                return (true, false);
            }
            // No piece can move: the moves of the rules (drops, gating,
            // promotion moves) decide, with the whole list.
        }
        self.legal_moves(scratch);
        (!scratch.is_empty(), true)
    }

    /// Pseudo-legal moves that leave no royal piece attacked (the goals
    /// not judged).
    #[inline]
    pub(crate) fn royal_safe_moves(&mut self, out: &mut Vec<Move>) {
        out.clear();
        // Atomic: explosions decide legality (see `game::rules::effects`).
        if self.v.explosions.is_some() {
            return self.explosive_legal(out);
        }
        if self.v.passing.is_some() {
            return self.passing_legal(out);
        }
        if let Some(f) = &self.v.flipping {
            return self.flipping_legal(f, out);
        }
        if let Some(w) = &self.v.walls {
            return self.walled_legal(w, out);
        }
        self.standard_legal(out);
    }

    /// The ordinary legal moves: the pseudo-legal moves that leave no royal
    /// piece attacked (appended to `out`).
    pub(in crate::game) fn standard_legal(&mut self, out: &mut Vec<Move>) {
        // Cells whose change could expose one of our royals: a move touching
        // none of them (and not moving a royal) cannot be illegal unless we
        // are in check already.
        let mut danger = [0u64; 16];
        let in_check = self.royal_danger(&mut danger);
        self.pseudo_moves(out, in_check);
        self.retain_royal_safe(out, in_check, &danger);
    }

    /// Keeps the moves of `out` that leave no royal piece attacked, given
    /// whether the side is in check and the `danger` cells of
    /// [`Position::royal_danger`].
    #[inline(always)]
    pub(super) fn retain_royal_safe(&mut self, out: &mut Vec<Move>, in_check: bool, danger: &[u64; 16]) {
        let s = self.side as usize;
        if self.nroyal[s] == 0 {
            return;
        }
        let t = &self.v.tables;
        let enemy = (self.side ^ 1) as usize;
        let touches = |c: Cell| danger[c as usize / 64] & (1 << (c % 64)) != 0;
        let mut i = 0;
        while i < out.len() {
            let m = out[i];
            if m.kind == MoveKind::Drop {
                // A posting removes nothing, so it can only matter when in
                // check, when it posts a royal piece, or when it lands on a
                // cell an attack depends on (a cannon's new screen); a drop
                // that may not mate (uchifuzume) is refused when it does.
                if (in_check || self.makes_royal(m) || touches(m.to)) && self.exposes_royal(m)
                    || self.refused_mating_drop(m)
                {
                    out.swap_remove(i);
                } else {
                    i += 1;
                }
                continue;
            }
            let mover = self.board[m.from as usize];
            let royal = t.code_royal[mover as usize];
            if royal && !in_check && m.kind == MoveKind::Normal && self.nroyal[s] == 1 {
                // A lone king stepping away: its destination must not be
                // attacked once it has left its square.
                self.board[m.from as usize] = 0;
                let attacked = self.is_attacked(m.to, enemy as Side);
                self.board[m.from as usize] = mover;
                if attacked {
                    out.swap_remove(i);
                } else {
                    i += 1;
                }
                continue;
            }
            let risky = in_check
                || royal
                || m.kind == MoveKind::Castle
                || touches(m.from)
                || touches(m.to)
                || (m.kind != MoveKind::Normal && touches(m.extra))
                || (m.promo != 0 && self.makes_royal(m));
            let legal = !risky || !self.exposes_royal(m);
            if legal {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Whether `m` puts a new royal piece on the board (a promotion to a
    /// royal piece: coregal's queen, Spartan's second king; or its drop).
    #[inline]
    fn makes_royal(&self, m: Move) -> bool {
        m.promo != 0 && self.v.tables.code_royal[piece_code(m.promo - 1, self.side) as usize]
    }

    /// Whether `m` would leave one of the mover's royal pieces attacked.
    /// Only the board bytes the move changes are touched (and put back):
    /// attacks depend on nothing else, so this is much cheaper than make.
    pub(in crate::game) fn exposes_royal(&mut self, m: Move) -> bool {
        if m.kind == MoveKind::Gate {
            // Judged as the plain move: the piece gated in does not shield
            // the king (Fairy-Stockfish's rule); castling ignores it too.
            return self.exposes_royal(Move { kind: MoveKind::Normal, promo: 0, ..m });
        }
        let s = self.side as usize;
        let enemy = self.side ^ 1;
        let (from, to, x, x2) = (m.from as usize, m.to as usize, m.extra as usize, m.extra2 as usize);
        let mover = self.board[from];
        let royals = self.royals[s];
        let n = self.nroyal[s] as usize;
        let moved = |r: Cell| if r == m.from && m.kind != MoveKind::Drop { m.to } else { r };
        if m.kind == MoveKind::Drop {
            self.board[to] = piece_code(m.promo - 1, self.side);
            let n2 = n + self.makes_royal(m) as usize;
            let hit = self.royals_hit(n2, |i| self.is_attacked(if i < n { royals[i] } else { m.to }, enemy));
            self.board[to] = 0;
            return hit;
        }
        if m.kind == MoveKind::Castle {
            let partner = self.board[x];
            self.board[from] = 0;
            self.board[x] = 0;
            self.board[to] = mover;
            self.board[x2] = partner;
            let hit = self.royals_hit(n, |i| self.is_attacked(moved(royals[i]), enemy));
            self.board[x2] = 0;
            self.board[to] = 0;
            self.board[x] = partner;
            self.board[from] = mover;
            return hit;
        }
        let saved_to = self.board[to];
        let saved_x = if m.kind == MoveKind::Normal { 0 } else { self.board[x] };
        self.board[from] = 0;
        if m.kind != MoveKind::Normal {
            self.board[x] = 0;
        }
        self.board[to] = mover;
        // A promotion to a royal piece adds one more royal on `to`; under
        // `royal-check = "last"` the royals of the position before the move
        // are judged (FSF: a shogi-style promotion leaves pseudo-royalty
        // as it was).
        let n2 = n + (self.makes_royal(m) && !self.v.rules.royal_check_last) as usize;
        let hit = self.royals_hit(n2, |i| {
            let r = if i < n { moved(royals[i]) } else { m.to };
            // A royal captured by its own side's move (d) counts as lost.
            self.board[r as usize] == 0 || self.is_attacked(r, enemy)
        });
        self.board[to] = saved_to;
        if m.kind != MoveKind::Normal {
            self.board[x] = saved_x;
        }
        self.board[from] = mover;
        hit
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, Position};
    use crate::hooks::rng::Rng;
    use crate::variant::{builtin, load_str};

    /// `any_legal_move` answers as the full list does, in random games of
    /// every built-in played to their end (checkmates and stalemates
    /// included), and its complete list is the full list.
    #[test]
    fn any_legal_move_agrees_with_the_full_list_in_every_builtin() {
        let (mut legal, mut scratch) = (Vec::new(), Vec::new());
        let (mut positions, mut without) = (0, 0);
        for (i, (name, text)) in builtin::BUILTIN.iter().enumerate() {
            let (v, _) = load_str(text).unwrap();
            let mut rng = Rng::new(500 + i as u64);
            for _game in 0..6 {
                let mut game = Game::new(Position::start(&v));
                for _ply in 0..300 {
                    game.pos.legal_moves(&mut legal);
                    let (any, complete) = game.pos.any_legal_move(&mut scratch);
                    assert_eq!(any, !legal.is_empty(), "{name}: {}", game.pos.fen());
                    if complete {
                        assert_eq!(scratch, legal, "{name}: {}", game.pos.fen());
                    }
                    positions += 1;
                    if legal.is_empty() {
                        without += 1;
                        break;
                    }
                    game.play(legal[rng.below(legal.len() as u64) as usize]);
                }
            }
        }
        eprintln!("{without} positions without a move of {positions}");
        // The games must reach positions without a move, or the test
        // would not see the answer that matters.
        assert!(without > 50, "{without} positions without a move of {positions}");
    }
}
