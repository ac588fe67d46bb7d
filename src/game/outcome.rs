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

    /// Who wins a stalemate: by the variant's value, or, with
    /// `rules.stalemate-by-count`, the side with fewer pieces gets the value
    /// and the other its opposite (equal counts draw), as Fairy-Stockfish's
    /// `stalematePieceCount`.
    fn stalemate_winner(&self) -> Option<Side> {
        let v = self.pos.variant();
        let stm = self.pos.side();
        if !v.rules.stalemate_by_count {
            return value_for(stm, v.rules.stalemate);
        }
        let count = |s: Side| self.pos.royal_count(s) + self.pos.non_royal_count(s);
        match count(stm).cmp(&count(stm ^ 1)) {
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Less => value_for(stm, v.rules.stalemate),
            std::cmp::Ordering::Greater => value_for(stm ^ 1, v.rules.stalemate),
        }
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
                return Some(Outcome { winner, reason: Reason::Named(why) });
            }
        }
        if v.rules.bare_king_first {
            if let Some(o) = self.bare_king_outcome() {
                return Some(o);
            }
        }
        let mut moves = Vec::new();
        self.pos.legal_moves(&mut moves);
        if moves.is_empty() {
            if self.pos.in_check() {
                // A mate by a drop that may not mate (shogi's uchifuzume) is an
                // illegal move, and loses for its maker (as Fairy-Stockfish
                // scores it, which also counts it as a move in perft).
                if self.history.last().is_some_and(|(m, _)| self.pos.drop_may_not_mate(*m)) {
                    let reason = Reason::Named("checkmate by a forbidden drop".into());
                    return Some(Outcome { winner: Some(stm), reason });
                }
                return Some(Outcome { winner: value_for(stm, v.rules.checkmate), reason: Reason::Checkmate });
            }
            return Some(Outcome { winner: self.stalemate_winner(), reason: Reason::Stalemate });
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
                return Some(Outcome { winner: None, reason: Reason::Repetition(rep) });
            }
        }
        None
    }
}

/// The winner when `side` gets `value`.
fn value_for(side: Side, value: EndValue) -> Option<Side> {
    match value {
        EndValue::Loss => Some(side ^ 1),
        EndValue::Win => Some(side),
        EndValue::Draw => None,
    }
}
