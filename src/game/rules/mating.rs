//! Conditions on checkmate (`rules.checkmate-only-by-loses`,
//! `rules.checkmate-needs-check-by`): Shatar's rules that a mate by the
//! knight alone is not allowed and that a mate counts only when the series
//! of checks leading to it contained a "shak" (a check by a rook, knight or
//! queen), else the game is drawn ("niol"). Fairy-Stockfish's
//! `shatarMateRule` (`checkmate_value` in its position.h), whose verdicts
//! this follows: a mate by the listed pieces alone wins for the mated side,
//! and the series is the unbroken run of positions, two plies apart, in
//! which the mated side was in check, back to the start of the game record.
//!
//! Judged only when a side has no legal move while in check, so neither
//! perft nor the move generator reads it.

use crate::game::outcome::{Outcome, Reason};
use crate::game::{code_kind, Game};
use crate::variant::diagnostics::Diagnostic;
use crate::variant::spec::Spanned;

/// The compiled conditions, as bit sets of piece kinds.
#[derive(Clone, Debug)]
pub struct MateRules {
    /// A mate given by these kinds only loses for the mating side.
    pub only_by_loses: u64,
    /// A mate counts only if a check in its series came from one of these.
    pub needs_check_by: u64,
}

/// Compiles the two keys (piece letters); `None` when neither is given.
pub fn compile(
    only_by_loses: &[Spanned<String>],
    needs_check_by: &[Spanned<String>],
    kind_of: &super::goals::KindOf<'_>,
    d: &mut Vec<Diagnostic>,
) -> Option<MateRules> {
    let mut set = |letters: &[Spanned<String>]| {
        letters.iter().filter_map(|l| kind_of(l, d)).filter(|&k| k < 64).fold(0u64, |s, k| s | 1 << k)
    };
    let rules = MateRules { only_by_loses: set(only_by_loses), needs_check_by: set(needs_check_by) };
    (rules.only_by_loses | rules.needs_check_by != 0).then_some(rules)
}

impl crate::game::Position<'_> {
    /// The kinds (bit set) of the pieces giving check to the side to move.
    pub(crate) fn checker_kinds(&self) -> u64 {
        let them = self.side() ^ 1;
        let mut kinds = 0u64;
        for &r in self.royal_cells() {
            for c in self.attackers_of(r, them) {
                kinds |= 1 << (code_kind(self.at(c)) & 63);
            }
        }
        kinds
    }
}

impl Game<'_> {
    /// The verdict on a checkmate of the side to move under `r`, when it is
    /// not the ordinary one.
    pub(crate) fn mate_verdict(&mut self, r: &MateRules) -> Option<Outcome> {
        let v = self.pos.variant();
        let stm = self.pos.side();
        let kinds = self.pos.checker_kinds();
        if r.only_by_loses != 0 && kinds != 0 && kinds & !r.only_by_loses == 0 {
            let names: Vec<&str> = (0..64).filter(|k| kinds & 1 << k != 0).map(|k| v.pieces[k].name.as_str()).collect();
            let reason = Reason::Named(format!("checkmate by {} alone", names.join(" and ")));
            return Some(Outcome { winner: Some(stm), reason });
        }
        if r.needs_check_by != 0 && !self.check_series_has(r.needs_check_by) {
            return Some(Outcome { winner: None, reason: Reason::Named("niol, a mate without a shak".into()) });
        }
        None
    }

    /// Whether, in the unbroken series of positions two plies apart (the
    /// current one first) where the side to move is in check, some check
    /// came from a piece of the kinds `wanted`. Takes moves back and plays
    /// them again.
    fn check_series_has(&mut self, wanted: u64) -> bool {
        let n = self.history.len();
        let mut undone = 0;
        let found = loop {
            let kinds = self.pos.checker_kinds();
            if kinds == 0 || kinds & wanted != 0 {
                break kinds != 0;
            }
            if n - undone < 2 {
                break false;
            }
            for _ in 0..2 {
                let (m, u) = self.history[n - 1 - undone];
                self.pos.unmake(m, u);
                undone += 1;
            }
        };
        for i in n - undone..n {
            let m = self.history[i].0;
            self.history[i].1 = self.pos.make(m);
        }
        found
    }
}
