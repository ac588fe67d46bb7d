//! The rules that narrow the legal moves after the royal-safety test, in
//! the order they apply: checks forbidden (`rules.no-checks`, in
//! `royalty`; checking drops, `drops.no-checks`, in `drops`; checking promotions, `promotion.by-move.no-check`, in
//! `promotion_move`), Makpong's evasion rule (`rules.royal-evasion`, in
//! `royalty`), then compulsory capture (`rules.must-capture`, in `capture`),
//! which looks only at captures the other rules allow. Run only when
//! `Rules::move_filters` is set, so other variants pay one branch.

use crate::game::{Move, Position};

impl Position<'_> {
    /// Applies the variant's move filters to the royal-safe moves in `out`.
    pub(crate) fn filter_moves(&mut self, out: &mut Vec<Move>) {
        let rules = &self.variant().rules;
        if rules.no_checks {
            self.drop_checking_moves(out);
        } else if self.variant().drops.as_ref().is_some_and(|d| d.no_checks) {
            self.drop_checking_drops(out);
        }
        if self.variant().promotion_move.as_ref().is_some_and(|p| p.no_check) {
            self.drop_checking_promotions(out);
        }
        if rules.evasion_capture_only {
            self.capture_only_evasions(out);
        }
        if rules.must_capture {
            self.keep_captures(out);
        }
    }
}
