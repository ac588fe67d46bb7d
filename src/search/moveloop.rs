//! The move loop of one node: the moves generated, ordered and searched
//! one by one (PVS, late-move reductions, pruning near the leaves), and
//! what the loop knows as it goes. The node's own decisions before its
//! moves (table cut, null move, reverse futility) stay in `mod.rs`.

use super::ordering::TriedMoves;
use super::pruning::{extends_check, futility_margin, late_move, late_reduction, pick};
use super::*;
use crate::game::CheckCells;

impl Searcher {
    /// Generates, orders and searches the moves of a node after the
    /// hash move `early` if that was searched already (it is left out of
    /// the list, or forgotten if the list lacks it). Sets `st.searched` to
    /// `usize::MAX` when the side to move has no move at all.
    pub(super) fn rest_of_moves(
        &mut self,
        game: &mut Game<'_>,
        node: Node,
        hash_move: Option<Move>,
        early: Option<Move>,
        st: &mut LoopState,
    ) {
        let ply = node.ply;
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        game.legal_moves(&mut moves);
        let mut offset = 0;
        if let Some(m) = early {
            match moves.iter().position(|x| *x == m) {
                Some(i) => {
                    moves.swap_remove(i);
                    offset = 1;
                }
                // Not legal here after all (a key collision): forgotten.
                None => {
                    *st = LoopState::new(st.alpha0);
                    self.pv[ply].clear();
                }
            }
        }
        if moves.is_empty() && offset == 0 {
            st.searched = usize::MAX;
        } else {
            let counter = node.slot.and_then(|s| self.counter[s]);
            self.order(&mut game.pos, &moves, &mut scores, (hash_move, counter, node.conts), ply, false);
            for i in 0..moves.len() {
                pick(&mut moves, &mut scores, i);
                self.try_move(game, moves[i], i + offset, scores[i], node, st);
                if st.cut || self.aborted {
                    break;
                }
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
    }

    /// Searches one move of a node, the `i`-th in its order (`order`: its
    /// ordering score), with PVS and late-move reductions; near the leaves
    /// of non-PV nodes, futile, late or losing moves are pruned instead.
    /// Updates the node's best score, move, window and cut-off in `st`.
    pub(super) fn try_move(
        &mut self,
        game: &mut Game<'_>,
        m: Move,
        i: usize,
        order: i32,
        node: Node,
        st: &mut LoopState,
    ) {
        let Node { depth, ply, in_check, pv, tt_pv, stand, slot, conts, beta, improving } = node;
        let quiet = self.all_capture || self.is_quiet(&game.pos, &m);
        // Near the leaves of a non-PV node, a move that loses material
        // in the exchange on its destination is not searched.
        // (A quiet move that late or futile goes unless it checks,
        // whatever the exchange.)
        let shallow = !pv && !in_check && depth <= 6 && st.best_score > -MATE_BOUND;
        let doomed = quiet
            && shallow
            && (late_move(depth, i, improving) || stand + futility_margin(depth, self.pawn) <= st.alpha);
        let losing = shallow && !doomed && self.see_below(&mut game.pos, &m, self.see_margin(quiet, depth));
        // Such a move is searched only if it gives check: where the cells
        // it touches show that it cannot, it goes without being played.
        if (doomed || losing) && !self.off(16) && !st.may_check(&game.pos, &m) {
            if doomed {
                stat!(self.pruned_quiet);
            } else {
                stat!(self.pruned_see);
            }
            return;
        }
        self.moved[ply] = Some(self.slot_of(&game.pos, &m));
        game.play(m);
        let gives_check = game.pos.in_check();
        // The node searched next asks the same question first.
        self.known_check = (game.pos.key(), gives_check);
        if (doomed || losing) && !gives_check && !self.off(16) {
            if doomed {
                stat!(self.pruned_quiet);
            } else {
                stat!(self.pruned_see);
            }
            game.undo();
            return;
        }
        if quiet {
            st.quiets.push(m);
        } else {
            st.captures.push(m);
        }
        let depth = depth + self.check_extension(game, m, gives_check && extends_check(depth, stand, self.pawn), ply);
        let alpha = st.alpha;
        let mut s;
        if i == 0 {
            s = -self.negamax(game, depth - 1, -beta, -alpha, ply + 1, false);
        } else {
            // (At a non-PV node from the second move on, at a PV node
            // from the third; checks and moves out of check as well, as
            // Stockfish reduces them: a late check is rarely the best move.)
            let reduce = if depth >= 3 && i > pv as usize {
                late_reduction(depth, i, (pv, tt_pv, improving), quiet, order) * !self.off(32) as i32
            } else {
                0
            };
            s = -self.negamax(game, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1, false);
            if s > alpha && (reduce > 0 || s < beta) {
                if reduce > 0 {
                    stat!(self.lmr_research);
                } else {
                    stat!(self.pvs_research);
                }
                s = -self.negamax(game, depth - 1, -beta, -alpha, ply + 1, false);
            }
        }
        game.undo();
        #[cfg(feature = "search-stats")]
        if ply == 0 && std::env::var_os("ROOKERY_ROOT").is_some() {
            eprintln!("root d{depth} #{i} {m:?} order {order} -> {s} (window {alpha} {beta})");
        }
        st.searched += 1;
        if self.aborted {
            return;
        }
        if s > st.best_score {
            st.best_score = s;
            st.best = Some(m);
            if s > st.alpha {
                st.alpha = s;
                self.update_pv(ply, m);
            }
        }
        if s >= beta {
            if quiet {
                self.reward(&game.pos, m, (depth, ply), &st.quiets, (slot, conts));
            }
            self.reward_captures(&game.pos, (!quiet).then_some(m), depth, &st.captures);
            stat!(self.cuts);
            if st.searched == 1 {
                stat!(self.first_cuts);
            }
            st.cut = true;
        }
    }

    /// A ply more for a move that gives check where [`extends_check`]
    /// allows it (`eligible`), without giving material away in the
    /// exchange on its destination (a check that loses the checking piece
    /// rarely leads anywhere, and extending every check lets checking
    /// sequences eat the node budget). `m` has been played.
    fn check_extension(&mut self, game: &mut Game<'_>, m: Move, eligible: bool, ply: usize) -> i32 {
        if !eligible || ply >= 2 * MAX_PLY / 3 {
            return 0;
        }
        game.undo();
        let losing = self.see_below(&mut game.pos, &m, 0);
        game.play(m);
        self.known_check = (game.pos.key(), true);
        if losing {
            return 0;
        }
        stat!(self.check_ext);
        1
    }

    /// How much material a move near the leaves may lose in the exchange
    /// on its destination and still be searched: a pawn per ply for a
    /// capture, a quarter pawn per ply squared for a quiet move.
    pub(super) fn see_margin(&self, quiet: bool, depth: i32) -> i32 {
        if quiet {
            -self.pawn * depth * depth / 4
        } else {
            -self.pawn * depth
        }
    }

    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }
}

/// What a node's move loop knows so far.
pub(super) struct LoopState {
    /// The node's alpha on entry.
    pub(super) alpha0: i32,
    /// The window's lower bound, raised by the moves searched.
    pub(super) alpha: i32,
    pub(super) best_score: i32,
    pub(super) best: Option<Move>,
    /// Moves searched (not pruned).
    pub(super) searched: usize,
    /// A move reached beta.
    pub(super) cut: bool,
    /// The quiet moves searched, for the history malus.
    pub(super) quiets: TriedMoves,
    /// The captures and promotions searched, for the capture history.
    pub(super) captures: TriedMoves,
    /// What a move must touch to give check, once a pruning candidate
    /// asked (`Some(None)`: the position cannot tell).
    checks: Option<Option<CheckCells>>,
}

impl LoopState {
    pub(super) fn new(alpha: i32) -> LoopState {
        LoopState {
            alpha0: alpha,
            alpha,
            best_score: -MATE - 1,
            best: None,
            searched: 0,
            cut: false,
            quiets: TriedMoves::new(),
            captures: TriedMoves::new(),
            checks: None,
        }
    }

    /// Whether `m` may give check, as the cells it touches tell
    /// ([`Position::check_cells`], found at the node's first question).
    fn may_check(&mut self, pos: &Position<'_>, m: &Move) -> bool {
        let cells = self.checks.get_or_insert_with(|| pos.check_cells());
        cells.as_ref().is_none_or(|c| c.may_check(m))
    }
}

/// What a node's move loop needs to know about the node.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) depth: i32,
    pub(super) ply: usize,
    pub(super) in_check: bool,
    /// A principal-variation node (open window): nothing is pruned.
    pub(super) pv: bool,
    /// The node is or has been on a principal variation: it is one, or
    /// its table entry was stored by one (Stockfish's `ttPv`).
    pub(super) tt_pv: bool,
    /// The static evaluation (`-MATE` in check).
    pub(super) stand: i32,
    /// The countermove slot of the last move (see `counter_slot`).
    pub(super) slot: Option<usize>,
    /// The slots of the moves one and two plies before (see `earlier_moves`).
    pub(super) conts: [Option<conthist::Slot>; 2],
    /// The side stands better than two plies before (see `Searcher::improving`).
    pub(super) improving: bool,
    /// The window's upper bound.
    pub(super) beta: i32,
}
