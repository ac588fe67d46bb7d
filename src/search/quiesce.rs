//! Quiescence search: the horizon never falls in the middle of an
//! exchange.

use super::*;

impl Searcher {
    /// Quiescence: stand pat, then captures and promotions only (all
    /// moves when in check), so the horizon never falls mid-exchange.
    pub(super) fn quiesce(&mut self, game: &mut Game<'_>, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        stat!(self.quiesce);
        self.seldepth = self.seldepth.max(ply);
        if self.check_abort() {
            return 0;
        }
        // Any stored result settles a quiescence node whose bound it meets
        // (every stored depth is at least quiescence's own).
        let key = game.pos.key();
        let hash_move = match self.table.probe(key) {
            Some(e) => {
                let s = from_tt(e.score, ply);
                if cutoff(e.bound, s, alpha, beta) {
                    stat!(self.q_tt_cuts);
                    return s;
                }
                e.mv
            }
            None => None,
        };
        let alpha0 = alpha;
        let in_check = self.in_check(&game.pos);
        if ply >= MAX_PLY - 1 {
            return self.eval.evaluate_within(&game.pos, alpha, beta);
        }
        // In check there is no standing pat: every evasion is searched, so
        // the (dear) static score would go unused.
        let stand = if in_check { -MATE + ply as i32 } else { self.eval.evaluate_within(&game.pos, alpha, beta) };
        // Where every move captures, quiescence would search the whole
        // tree: the position is taken as it stands.
        if self.all_capture && !in_check {
            return stand;
        }
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        // Out of check, the captures and promotions alone where the
        // position can list them (having none then proves nothing).
        let noisy = !in_check && game.pos.noisy_moves(&mut moves);
        if !noisy {
            game.legal_moves(&mut moves);
        }
        if moves.is_empty() && !noisy {
            self.moves[ply] = moves;
            self.scores[ply] = scores;
            return self.no_move_score(game, ply);
        }
        if !in_check {
            let mut i = 0;
            while i < moves.len() {
                if self.worth_trying(&mut game.pos, &moves[i], stand, alpha) {
                    i += 1;
                } else {
                    moves.swap_remove(i);
                }
            }
        }
        // Out of check, `worth_trying` kept only moves whose exchange loses
        // nothing: the ordering need not judge it again.
        self.order(&mut game.pos, &moves, &mut scores, (hash_move, None, [None; 2]), ply, !in_check);
        let mut best = if in_check { -MATE + ply as i32 } else { stand };
        let mut best_move = None;
        for i in 0..moves.len() {
            pick(&mut moves, &mut scores, i);
            let m = moves[i];
            game.play(m);
            let s = -match self.terminal(game, ply + 1) {
                Some(s) => s,
                None => self.quiesce(game, -beta, -alpha, ply + 1),
            };
            game.undo();
            if self.aborted {
                break;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                alpha = alpha.max(s);
                if s >= beta {
                    break;
                }
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        if !self.aborted {
            self.store(key, best_move, best, (alpha0, beta), (0, ply, false));
        }
        best
    }

    /// Quiescence keeps a capture or promotion unless it cannot reach
    /// alpha even winning its victim (delta pruning) or it loses material
    /// in the exchange that follows on its destination.
    fn worth_trying(&self, pos: &mut Position<'_>, m: &Move, stand: i32, alpha: i32) -> bool {
        let promo = m.promo != 0 && m.kind != MoveKind::Drop;
        if !promo && !is_capture(pos, m) {
            return false;
        }
        if !promo && stand + victim_value(pos, m, &self.eval.values) + 2 * self.pawn < alpha {
            return false;
        }
        !self.see_below(pos, m, 0)
    }
}
