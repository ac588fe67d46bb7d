//! How the search scores a finished game: wins and losses by distance
//! from the root, draws with contempt, repetitions since the last
//! irreversible move.

use super::*;

impl Searcher {
    /// The score of a finished game for the side to move, `ply` plies from
    /// the root (a quicker win scores higher).
    pub(super) fn outcome_score(&self, o: &Outcome, side: u8, ply: usize) -> i32 {
        match o.winner {
            None => self.draw_score(side),
            Some(w) if w == side => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// The score of the position if the game is over by a rule other than
    /// the lack of moves (or by any rule where that is a goal, see
    /// `eager_end`).
    pub(super) fn terminal(&mut self, game: &mut Game<'_>, ply: usize) -> Option<i32> {
        let o = if self.eager_end {
            game.outcome()
        } else {
            match game.outcome_but_no_moves() {
                Quick::Over(o) => Some(o),
                Quick::Open => None,
                Quick::NeedMoves => game.outcome(),
            }
        };
        o.map(|o| self.outcome_score(&o, game.pos.side(), ply))
    }

    /// The score where the side to move has no legal move (the game's own
    /// verdict: checkmate, stalemate, a forbidden mating drop…).
    pub(super) fn no_move_score(&mut self, game: &mut Game<'_>, ply: usize) -> i32 {
        game.outcome().map_or(0, |o| self.outcome_score(&o, game.pos.side(), ply))
    }

    /// A draw for `side` to move: a little below zero for the side the
    /// search is for (contempt), so that it prefers any line that keeps
    /// play going at an even score to repeating or drawing.
    pub(super) fn draw_score(&self, side: u8) -> i32 {
        if side == self.root_side {
            -CONTEMPT
        } else {
            CONTEMPT
        }
    }

    /// Whether the position repeats one since the last irreversible move.
    pub(super) fn repeats(&self, game: &Game<'_>) -> bool {
        if !self.repetition {
            return false;
        }
        let key = game.pos.key();
        let n = game.keys.len();
        let back = (game.pos.halfmove() as usize).min(n.saturating_sub(1));
        game.keys[n - 1 - back..n - 1].iter().rev().skip(1).step_by(2).any(|&k| k == key)
    }
}
