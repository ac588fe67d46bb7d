//! The `[rules]` table as written: how games end (stalemate, bare king,
//! move and repetition rules, check limits, checkmate value, royal rules,
//! draw odds, dead positions, the order of end rules) and en passant.

use toml_edit::Table;

use super::{Reader, VariantSpec};

impl Reader<'_> {
    /// Reads `[rules]` into `spec`.
    pub(super) fn rules_section(&mut self, r: &Table, spec: &mut VariantSpec) {
        self.known_keys(r, "rules");
        let s = super::reader::table_span(r);
        spec.stalemate = self.string(r, "stalemate", "rules.stalemate", false, &s);
        spec.bare_king = self.string(r, "bare-king", "rules.bare-king", false, &s);
        spec.counter_baring = self.bool(r, "counter-baring", "rules.counter-baring", false);
        spec.bare_king_first = self.bool(r, "bare-king-first", "rules.bare-king-first", false);
        spec.move_rule = self.int(r, "move-rule", "rules.move-rule", false, &s);
        spec.repetition = self.int(r, "repetition", "rules.repetition", false, &s);
        spec.perpetual_check_loses = self.bool(r, "perpetual-check-loses", "rules.perpetual-check-loses", false);
        spec.move_repetition_loses = self.bool(r, "move-repetition-loses", "rules.move-repetition-loses", false);
        (spec.flying_general, spec.flying_general_ranks) = self.flying_general(r);
        spec.repetition_value = self.string(r, "repetition-value", "rules.repetition-value", false, &s);
        spec.check_limit = self.int(r, "check-limit", "rules.check-limit", false, &s);
        spec.checkmate = self.string(r, "checkmate", "rules.checkmate", false, &s);
        spec.stalemate_by_count = self.bool(r, "stalemate-by-count", "rules.stalemate-by-count", false);
        spec.must_capture = self.bool(r, "must-capture", "rules.must-capture", false);
        spec.royal_check = self.string(r, "royal-check", "rules.royal-check", false, &s);
        spec.royal_evasion = self.string(r, "royal-evasion", "rules.royal-evasion", false, &s);
        spec.no_checks = self.bool(r, "no-checks", "rules.no-checks", false);
        spec.draw_odds = self.string(r, "draw-odds", "rules.draw-odds", false, &s);
        spec.dead_position =
            r.contains_key("dead-position").then(|| self.bool(r, "dead-position", "rules.dead-position", true));
        spec.end_order = self.array(r, "end-order", "rules.end-order", |rd, v| rd.str_elem(v, "rules.end-order"));
        spec.ep_region = self.string(r, "en-passant-region", "rules.en-passant-region", false, &s);
        let path = "rules.checkmate-only-by-loses";
        spec.mate_only_by_loses = self.array(r, "checkmate-only-by-loses", path, |rd, v| rd.str_elem(v, path));
        let path = "rules.checkmate-needs-check-by";
        spec.mate_needs_check_by = self.array(r, "checkmate-needs-check-by", path, |rd, v| rd.str_elem(v, path));
    }
}
