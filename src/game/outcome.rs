//! How a game ends: capture goals, the goals that end it at once,
//! checkmate, stalemate (with the variant's values), bare king (with
//! counter-baring), the dead position, the n-move rule and n-fold repetition,
//! the counting rule, judged in the variant's order (`rules.end-order`);
//! draw odds.

use std::fmt;

use super::{Game, Move, MoveKind, Side};
use crate::variant::EndValue;

/// Why the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A piece whose capture wins was captured (its `capture-wins` name,
    /// e.g. "occupation"), or a rule module's own reason ("time").
    Named(String),
    /// A name the definition gives (a goal's, an extinction's, "king
    /// exploded"), shared with the variant so that judging a leaf of the
    /// search allocates nothing.
    Text(std::sync::Arc<str>),
    /// A rule module's fixed reason ("board full").
    Fixed(&'static str),
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// A side has nothing left but royal pieces.
    BareKing,
    /// n moves by each side without capture or pawn move.
    MoveRule(u32),
    /// The side that gave its n-th check (`rules.check-limit`) won.
    Checks(u32),
    /// The same position n times.
    Repetition(u32),
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Named(n) => f.write_str(n),
            Reason::Text(n) => f.write_str(n),
            Reason::Fixed(n) => f.write_str(n),
            Reason::Checkmate => f.write_str("checkmate"),
            Reason::Stalemate => f.write_str("stalemate"),
            Reason::BareKing => f.write_str("bare king"),
            Reason::MoveRule(n) => write!(f, "{n}-move rule"),
            // "first check" where one check wins (check shogi, Kar Ouk).
            Reason::Checks(1) => f.write_str("first check"),
            Reason::Checks(n) => write!(f, "{n} checks"),
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

    /// Janggi's move repetition (`rules.move-repetition-loses`), as
    /// Fairy-Stockfish's `moveRepetitionIllegal` judges it: the side that
    /// just moved loses when its last five moves took one piece back and
    /// forth (or a pass and then four such moves), with no capture by the
    /// first and no check against it before any of them.
    fn move_repetition(&mut self) -> Option<Outcome> {
        let t = self.history.len();
        let end = (self.pos.halfmove() as usize).min(t);
        // M(k): the move k plies ago (M(0) the last one).
        let m = |k: usize| self.history[t - 1 - k].0;
        let plain = |a: Move| a.kind == MoveKind::Normal && a.promo == 0;
        let reverse = |a: Move, b: Move| plain(a) && plain(b) && a.from == b.to && a.to == b.from;
        if end < 8 || !plain(m(0)) || !self.reaches_enemy_royal(m(0).to) {
            return None;
        }
        let mut count = if reverse(m(2), m(0)) {
            2
        } else if plain(m(2)) && m(2).from == m(2).to {
            1
        } else {
            return None;
        };
        // The move series, back two plies at a time (FSF's loop, i = 4, 6, ...).
        // (The position `t` plies back, the first, has no move before it.)
        let mut i = 4;
        while i <= end && i < t {
            let s = i - 2;
            if count < 4 {
                if !reverse(m(i), if count == 1 { m(0) } else { m(s) }) {
                    return None;
                }
                count += 1;
            } else {
                let u = self.history[t - 1 - i].1;
                if u.captured != 0 || u.captured_extra != 0 || m(s).from != m(i).to {
                    return None;
                }
                return self.unchecked_mover(i).then(|| Outcome {
                    winner: Some(self.pos.side()),
                    reason: Reason::Named("move repetition".into()),
                });
            }
            i += 2;
        }
        None
    }

    /// The piece on `c` may stand on the cell of a royal piece of the side
    /// to move (FSF: its type's board region holds the enemy king): it is
    /// confined to no region, or its region holds one.
    fn reaches_enemy_royal(&self, c: crate::board::Cell) -> bool {
        let v = self.pos.variant();
        let code = self.pos.at(c);
        let Some(r) = v.pieces[crate::game::code_kind(code) as usize].confined_to else { return true };
        let mover = crate::game::code_side(code) as usize;
        let stm = self.pos.side();
        (0..v.grid.len() as crate::board::Cell).any(|k| {
            let p = self.pos.at(k);
            p != 0
                && crate::game::code_side(p) == stm
                && v.pieces[crate::game::code_kind(p) as usize].royal
                && v.regions[r as usize].contains(mover, k)
        })
    }

    /// The mover of the series ending `i` plies back was in check before
    /// none of its moves: the positions 1, 3, ..., i + 1 plies back (the
    /// last only where the n-move count reaches it, as in FSF).
    fn unchecked_mover(&mut self, i: usize) -> bool {
        let now = self.keys.len() - 1;
        let end = (self.pos.halfmove() as usize).min(self.history.len());
        let deepest = if i < end { i + 1 } else { i - 1 };
        let checked = self.checks_back_to(now - deepest);
        (1..=deepest).step_by(2).all(|k| !checked[deepest - k])
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

    /// The result if the game is over in the current position: the first
    /// end rule that applies, in the variant's order (`rules.end-order`),
    /// with a draw given to the side that has draw odds (`rules.draw-odds`).
    pub fn outcome(&mut self) -> Option<Outcome> {
        let v = self.pos.variant();
        let o = v.rules.end_order.iter().find_map(|&r| self.judge(r))?;
        Some(self.with_draw_odds(o))
    }

    /// [`Game::outcome`] without generating the legal moves: every end rule
    /// but checkmate and stalemate is judged. A search calls this at every
    /// node and learns whether the side to move has no move from its own
    /// move list (most nodes are cut before they generate one).
    pub fn outcome_but_no_moves(&mut self) -> Quick {
        let v = self.pos.variant();
        let mut after_no_moves = false;
        for &rule in &v.rules.end_order {
            if rule == EndRule::NoMoves {
                after_no_moves = true;
                continue;
            }
            if let Some(o) = self.judge(rule) {
                // A rule judged after the lack of moves: that rule wins
                // only if the side to move has a move.
                return if after_no_moves { Quick::NeedMoves } else { Quick::Over(self.with_draw_odds(o)) };
            }
        }
        Quick::Open
    }

    /// A draw becomes a win for the side with draw odds (`rules.draw-odds`).
    fn with_draw_odds(&self, o: Outcome) -> Outcome {
        match (o.winner, self.pos.variant().rules.draw_odds) {
            (None, Some(side)) => {
                Outcome { winner: Some(side), reason: Reason::Named(format!("{}, draw odds", o.reason)) }
            }
            _ => o,
        }
    }

    /// The result by one end rule, if it applies.
    fn judge(&mut self, rule: EndRule) -> Option<Outcome> {
        let v = self.pos.variant();
        match rule {
            EndRule::CaptureWins => self.capture_win(),
            EndRule::Goals => {
                if !v.immediate_end {
                    return None;
                }
                if let Some((winner, why)) = self.pos.goal_reached() {
                    return Some(Outcome { winner, reason: why });
                }
                // Two passes in a row, or a pass in bikjang (rules::passing).
                let why = self.pos.passing_over()?;
                Some(Outcome { winner: self.pos.passing_winner(), reason: Reason::Named(why.into()) })
            }
            EndRule::NoMoves => self.no_moves(),
            EndRule::BareKing => self.bare_king_outcome(),
            EndRule::DeadPosition => {
                let dead = v.rules.dead_position && self.pos.in_hand == 0;
                // A lone royal piece on each side (king against king).
                let bare = |s: Side| self.pos.non_royal_count(s) == 0 && self.pos.royal_count(s) == 1;
                (dead && bare(0) && bare(1))
                    .then(|| Outcome { winner: None, reason: Reason::Named("dead position".into()) })
            }
            EndRule::MoveRule => {
                let n = v.rules.move_rule;
                // Drawn, or decided by the count (`effects.counting-decides`).
                let over = n > 0 && self.pos.halfmove() >= 2 * n;
                over.then(|| Outcome { winner: self.pos.counted_winner(false), reason: Reason::MoveRule(n) })
            }
            EndRule::Repetition => {
                if v.rules.move_repetition_loses {
                    if let Some(o) = self.move_repetition() {
                        return Some(o);
                    }
                }
                let rep = v.rules.repetition;
                if rep == 0 || self.occurrences() < rep {
                    return None;
                }
                let key = self.pos.key();
                // Shogi: the side giving a perpetual check loses.
                let perpetual = if v.rules.perpetual_check_loses { self.perpetual_check(key, rep) } else { None };
                // Otherwise the variant's value for the side to move (a draw
                // unless `rules.repetition-value` says).
                let winner = value_for(self.pos.side(), v.rules.repetition_value);
                let winner = winner.or_else(|| self.pos.counted_winner(true));
                perpetual.or(Some(Outcome { winner, reason: Reason::Repetition(rep) }))
            }
            EndRule::Counting => (v.counting.is_some() && self.pos.count_expired())
                .then(|| Outcome { winner: None, reason: Reason::Named("counting rule".into()) }),
        }
    }

    /// How often the current position has occurred, counting back only to
    /// the last move that reset the n-move counter (a capture, pawn move,
    /// promotion or drop: no earlier position can recur) and only positions
    /// with the same side to move (every second one), as Fairy-Stockfish
    /// does; where captures go to the hand a capture can be undone by drops,
    /// so the whole game is searched.
    fn occurrences(&self) -> u32 {
        let key = self.pos.key();
        let now = self.keys.len() - 1;
        let to_hand = self.pos.variant().drops.as_ref().is_some_and(|d| d.to_hand);
        let back = if to_hand { now } else { (self.pos.halfmove() as usize).min(now) };
        let earlier = self.keys[now - back..now].iter().rev().skip(1).step_by(2);
        1 + earlier.filter(|&&k| k == key).count() as u32
    }

    /// A piece whose capture wins was captured by the last move.
    fn capture_win(&self) -> Option<Outcome> {
        let v = self.pos.variant();
        let (_, u) = self.history.last()?;
        [u.captured(), u.captured_extra()].into_iter().filter(|&c| c != 0).find_map(|code| {
            let name = v.pieces[super::code_kind(code) as usize].capture_wins.as_ref()?;
            Some(Outcome { winner: Some(super::code_side(code) ^ 1), reason: Reason::Named(name.clone()) })
        })
    }

    /// Checkmate or stalemate: the side to move has no legal move.
    fn no_moves(&mut self) -> Option<Outcome> {
        let v = self.pos.variant();
        let stm = self.pos.side();
        if !self.no_legal_moves() {
            return None;
        }
        if self.pos.in_check() {
            // A mate by a drop that may not mate (shogi's uchifuzume) is an
            // illegal move, and loses for its maker (as Fairy-Stockfish
            // scores it, which also counts it as a move in perft).
            if self.history.last().is_some_and(|(m, _)| self.pos.drop_may_not_mate(*m)) {
                let reason = Reason::Named("checkmate by a forbidden drop".into());
                return Some(Outcome { winner: Some(stm), reason });
            }
            if let Some(o) = v.mating.as_ref().and_then(|r| self.mate_verdict(r)) {
                return Some(o);
            }
            return Some(Outcome { winner: value_for(stm, v.rules.checkmate), reason: Reason::Checkmate });
        }
        Some(Outcome { winner: self.stalemate_winner(), reason: Reason::Stalemate })
    }
}

/// What [`Game::outcome_but_no_moves`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Quick {
    /// The game is over.
    Over(Outcome),
    /// No rule but perhaps checkmate or stalemate ends the game: over
    /// exactly when the side to move has no legal move.
    Open,
    /// A rule judged after the lack of moves applies: [`Game::outcome`]
    /// decides (it generates the moves).
    NeedMoves,
}

/// An end rule that `Game::outcome` judges, in the order the variant gives
/// (`rules.end-order`); the first that applies decides the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndRule {
    /// A piece with `capture-wins` was captured.
    CaptureWins,
    /// A goal that ends the game at once: extinction, a region, n-check,
    /// an explosion (a position so ended has no moves in perft).
    Goals,
    /// The side to move has no legal move: checkmate or stalemate.
    NoMoves,
    /// The bare-king rule.
    BareKing,
    /// Nothing but royal pieces on both sides (king against king).
    DeadPosition,
    /// The n-move rule.
    MoveRule,
    /// n-fold repetition.
    Repetition,
    /// The counting rule's count has run out (`[counting]`).
    Counting,
}

impl EndRule {
    /// Every end rule with its TOML name, in the default order.
    pub const DEFAULT: [(&'static str, EndRule); 8] = [
        ("capture-wins", EndRule::CaptureWins),
        ("goals", EndRule::Goals),
        ("no-moves", EndRule::NoMoves),
        ("bare-king", EndRule::BareKing),
        ("dead-position", EndRule::DeadPosition),
        ("move-rule", EndRule::MoveRule),
        ("repetition", EndRule::Repetition),
        ("counting", EndRule::Counting),
    ];
}

/// The winner when `side` gets `value`.
fn value_for(side: Side, value: EndValue) -> Option<Side> {
    match value {
        EndValue::Loss => Some(side ^ 1),
        EndValue::Win => Some(side),
        EndValue::Draw => None,
    }
}
