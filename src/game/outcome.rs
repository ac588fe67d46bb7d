//! How a game ends: checkmate, stalemate (with the variant's value), bare
//! king (with counter-baring), the n-move rule and n-fold repetition.

use std::fmt;

use super::{Game, Side};
use crate::variant::EndValue;

/// Why the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A piece whose capture wins was captured (its `capture-wins` name,
    /// e.g. "occupation"), or a rule module's own reason ("time").
    Named(String),
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// A side has nothing left but royal pieces.
    BareKing,
    /// n moves by each side without capture or pawn move.
    MoveRule(u32),
    /// The same position n times.
    Repetition(u32),
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Named(n) => f.write_str(n),
            Reason::Checkmate => f.write_str("checkmate"),
            Reason::Stalemate => f.write_str("stalemate"),
            Reason::BareKing => f.write_str("bare king"),
            Reason::MoveRule(n) => write!(f, "{n}-move rule"),
            Reason::Repetition(3) => f.write_str("threefold repetition"),
            Reason::Repetition(n) => write!(f, "{n}-fold repetition"),
        }
    }
}

/// A finished game's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    /// `1-0 (checkmate)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.score(), self.reason)
    }
}

impl Game<'_> {
    /// The bare-king rule's result in the current position, if any.
    fn bare_king_outcome(&self) -> Option<Outcome> {
        let v = self.pos.variant();
        if !v.rules.bare_king {
            return None;
        }
        let stm = self.pos.side();
        let bare = |s: Side| self.pos.non_royal_count(s) == 0 && self.pos.royal_count(s) > 0;
        let (me, them) = (bare(stm), bare(stm ^ 1));
        let r = Reason::BareKing;
        if me && them {
            return Some(Outcome { winner: None, reason: r });
        }
        if them {
            // The opponent was bared and has had its one move without
            // baring us (or there is no counter-baring at all).
            return Some(Outcome { winner: Some(stm), reason: r });
        }
        if me && !v.rules.counter_baring {
            return Some(Outcome { winner: Some(stm ^ 1), reason: r });
        }
        None
    }

    /// At an n-fold repetition: the side that gave check in every position
    /// of the cycle (from the earliest of the `rep` occurrences of `key` on)
    /// loses, as Fairy-Stockfish scores perpetual check; `None` when neither
    /// or both did (then the repetition is a draw).
    fn perpetual_check(&mut self, key: u64, rep: u32) -> Option<Outcome> {
        let now = self.keys.len() - 1;
        let first =
            self.keys.iter().enumerate().filter(|&(_, &k)| k == key).map(|(i, _)| i).rev().nth(rep as usize - 1)?;
        let checked = self.checks_back_to(first);
        // Positions with the side to move now: it was in check in all of
        // them, so its opponent checked perpetually (`them`); and the other
        // way round for the positions in between (`us`).
        let them = (first..=now).rev().step_by(2).all(|i| checked[i - first]);
        let us = (first + 1..now).rev().step_by(2).all(|i| checked[i - first]);
        let stm = self.pos.side();
        let winner = match (them, us) {
            (true, false) => stm,
            (false, true) => stm ^ 1,
            _ => return None,
        };
        Some(Outcome { winner: Some(winner), reason: Reason::Named("perpetual check".into()) })
    }

    /// Whether the side to move was in check, for every position from
    /// index `first` of `keys` to the current one (taking moves back and
    /// playing them again).
    fn checks_back_to(&mut self, first: usize) -> Vec<bool> {
        let now = self.keys.len() - 1;
        let mut checked = vec![false; now + 1 - first];
        checked[now - first] = self.pos.in_check();
        for i in (first..now).rev() {
            let (m, u) = self.history[i];
            self.pos.unmake(m, u);
            checked[i - first] = self.pos.in_check();
        }
        for i in first..now {
            let m = self.history[i].0;
            self.history[i].1 = self.pos.make(m);
        }
        checked
    }

    /// The result if the game is over in the current position.
    pub fn outcome(&mut self) -> Option<Outcome> {
        let v = self.pos.variant();
        let stm = self.pos.side();
        if let Some((_, u)) = self.history.last() {
            for code in [u.captured(), u.captured_extra()] {
                if code != 0 {
                    if let Some(name) = &v.pieces[super::code_kind(code) as usize].capture_wins {
                        return Some(Outcome {
                            winner: Some(super::code_side(code) ^ 1),
                            reason: Reason::Named(name.clone()),
                        });
                    }
                }
            }
        }
        if v.immediate_end {
            if let Some((winner, why)) = self.pos.goal_reached() {
                return Some(Outcome { winner: Some(winner), reason: Reason::Named(why) });
            }
        }
        if v.rules.bare_king_first {
            if let Some(o) = self.bare_king_outcome() {
                return Some(o);
            }
        }
        if self.no_legal_moves() {
            if self.pos.in_check() {
                // A mate by a drop that may not mate (shogi's uchifuzume) is an
                // illegal move, and loses for its maker (as Fairy-Stockfish
                // scores it, which also counts it as a move in perft).
                if self.history.last().is_some_and(|(m, _)| self.pos.drop_may_not_mate(*m)) {
                    let reason = Reason::Named("checkmate by a forbidden drop".into());
                    return Some(Outcome { winner: Some(stm), reason });
                }
                return Some(Outcome { winner: Some(stm ^ 1), reason: Reason::Checkmate });
            }
            let winner = match v.rules.stalemate {
                EndValue::Loss => Some(stm ^ 1),
                EndValue::Win => Some(stm),
                EndValue::Draw => None,
            };
            return Some(Outcome { winner, reason: Reason::Stalemate });
        }
        if let Some(o) = self.bare_king_outcome() {
            return Some(o);
        }
        let n = v.rules.move_rule;
        if n > 0 && self.pos.halfmove() >= 2 * n {
            return Some(Outcome { winner: None, reason: Reason::MoveRule(n) });
        }
        let rep = v.rules.repetition;
        if rep > 0 {
            let key = self.pos.key();
            let count = self.keys.iter().filter(|&&k| k == key).count() as u32;
            if count >= rep {
                if v.rules.perpetual_check_loses {
                    if let Some(o) = self.perpetual_check(key, rep) {
                        return Some(o);
                    }
                }
                return Some(Outcome { winner: None, reason: Reason::Repetition(rep) });
            }
        }
        None
    }
}
