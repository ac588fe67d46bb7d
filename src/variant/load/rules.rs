//! `[rules]`: stalemate value, bare king, the n-move rule and repetition.

use super::super::diagnostics::Diagnostic;
use super::super::spec::{Spanned, VariantSpec};
use super::super::{EndValue, Rules};
use crate::game::outcome::EndRule;

/// Checks `[rules]`; invalid values are reported and replaced by defaults.
pub(super) fn check(spec: &VariantSpec, d: &mut Vec<Diagnostic>) -> Rules {
    // (Checked in the order their diagnostics have always been reported.)
    let stalemate = end_value(&spec.stalemate, "stalemate", EndValue::Draw, d);
    let checkmate = end_value(&spec.checkmate, "checkmate", EndValue::Loss, d);
    let draw_odds = match choice(&spec.draw_odds, "draw-odds", &["none", "white", "black"], d) {
        0 => None,
        i => Some(i as u8 - 1),
    };
    let end_order = end_order(spec, d);
    let royal_check = choice(&spec.royal_check, "royal-check", &["any", "all", "last"], d);
    let evasion_capture_only = choice(&spec.royal_evasion, "royal-evasion", &["any", "capture-only"], d) == 1;
    Rules {
        stalemate,
        stalemate_by_count: spec.stalemate_by_count,
        checkmate,
        must_capture: spec.must_capture,
        draw_odds,
        dead_position: dead_position(spec),
        end_order,
        ep_region: None,
        move_filters: move_filters(spec, evasion_capture_only),
        royal_check_all: royal_check == 1,
        royal_check_last: royal_check == 2,
        no_checks: spec.no_checks,
        evasion_capture_only,
        bare_king: bare_king(spec, d),
        counter_baring: spec.counter_baring,
        bare_king_first: spec.bare_king_first,
        move_rule: count(&spec.move_rule, "move-rule", 50, d),
        repetition: repetition(spec, d),
        perpetual_check_loses: spec.perpetual_check_loses,
        move_repetition_loses: spec.move_repetition_loses,
        flying_general: spec.flying_general,
        flying_general_ranks: spec.flying_general_ranks,
        repetition_value: end_value(&spec.repetition_value, "repetition-value", EndValue::Draw, d),
        check_limit: check_limit(spec, d),
    }
}

/// `rules.dead-position`. By default wherever kings are royal, no goal
/// could still be reached by a lone king (king of the hill, racing kings)
/// and there are no drops (shogi's rules have no such draw).
fn dead_position(spec: &VariantSpec) -> bool {
    spec.dead_position.unwrap_or(spec.pieces.iter().any(|p| p.royal) && spec.goals.is_empty() && spec.drops.is_none())
}

/// Whether some rule narrows the legal moves after the royal-safety test,
/// so that the hot path tests one flag instead of each rule.
fn move_filters(spec: &VariantSpec, evasion_capture_only: bool) -> bool {
    spec.must_capture
        || spec.no_checks
        || spec.drops.as_ref().is_some_and(|d| d.no_checks)
        || evasion_capture_only
        || spec.promotion_move.as_ref().is_some_and(|p| p.no_check)
}

/// `rules.bare-king`: "none" (the default) or "loss".
fn bare_king(spec: &VariantSpec, d: &mut Vec<Diagnostic>) -> bool {
    let Some(s) = &spec.bare_king else { return false };
    match s.value.as_str() {
        "none" => false,
        "loss" => true,
        other => {
            d.push(Diagnostic::error(
                s.span.clone(),
                format!("`rules.bare-king` is {other:?}; use \"none\" or \"loss\""),
            ));
            false
        }
    }
}

/// `rules.repetition`, refusing 1, which would end every game at its start.
fn repetition(spec: &VariantSpec, d: &mut Vec<Diagnostic>) -> u32 {
    if let Some(r) = spec.repetition.as_ref().filter(|r| r.value == 1) {
        d.push(Diagnostic::error(
            r.span.clone(),
            "`rules.repetition` = 1 would end every game at once; use 0 for none",
        ));
    }
    count(&spec.repetition, "repetition", 3, d)
}

/// `rules.check-limit` (n-check): 0 (no such rule) to 99.
fn check_limit(spec: &VariantSpec, d: &mut Vec<Diagnostic>) -> u8 {
    match &spec.check_limit {
        None => 0,
        Some(c) if (0..=99).contains(&c.value) => c.value as u8,
        Some(c) => {
            d.push(Diagnostic::error(c.span.clone(), format!("`rules.check-limit` is {}; use 0 to 99", c.value)));
            0
        }
    }
}

/// `rules.<what>` as a result for the side concerned, or `default`.
fn end_value(s: &Option<Spanned<String>>, what: &str, default: EndValue, d: &mut Vec<Diagnostic>) -> EndValue {
    match s {
        None => default,
        Some(s) => match s.value.as_str() {
            "draw" => EndValue::Draw,
            "loss" => EndValue::Loss,
            "win" => EndValue::Win,
            other => {
                d.push(Diagnostic::error(
                    s.span.clone(),
                    format!("`rules.{what}` is {other:?}; use \"draw\", \"loss\" or \"win\""),
                ));
                default
            }
        },
    }
}

/// The index of `rules.<what>` among `options` (0, the default, when absent
/// or invalid; an invalid value is reported).
fn choice(s: &Option<Spanned<String>>, what: &str, options: &[&str], d: &mut Vec<Diagnostic>) -> usize {
    let Some(s) = s else { return 0 };
    options.iter().position(|o| *o == s.value).unwrap_or_else(|| {
        let list: Vec<String> = options.iter().map(|o| format!("{o:?}")).collect();
        d.push(Diagnostic::error(
            s.span.clone(),
            format!("`rules.{what}` is {:?}; use {}", s.value, list.join(" or ")),
        ));
        0
    })
}

/// `rules.end-order`: the listed rules first, in that order, then the
/// others in the default order; `bare-king-first` puts the bare-king rule
/// before checkmate and stalemate.
fn end_order(spec: &VariantSpec, d: &mut Vec<Diagnostic>) -> Vec<EndRule> {
    let mut order = Vec::new();
    for name in &spec.end_order {
        match EndRule::DEFAULT.iter().find(|(n, _)| *n == name.value) {
            Some(&(_, r)) if !order.contains(&r) => order.push(r),
            Some(_) => {
                d.push(Diagnostic::error(name.span.clone(), format!("`rules.end-order` lists {:?} twice", name.value)))
            }
            None => {
                let names: Vec<&str> = EndRule::DEFAULT.iter().map(|(n, _)| *n).collect();
                d.push(Diagnostic::error(
                    name.span.clone(),
                    format!("`rules.end-order`: {:?} is no end rule; use {}", name.value, names.join(", ")),
                ));
            }
        }
    }
    if spec.bare_king_first && !order.contains(&EndRule::BareKing) {
        let at = order.iter().position(|r| *r == EndRule::NoMoves).unwrap_or(order.len());
        let at = if order.is_empty() { 2 } else { at };
        let mut rest: Vec<EndRule> = EndRule::DEFAULT.iter().map(|&(_, r)| r).filter(|r| !order.contains(r)).collect();
        if order.is_empty() {
            rest.retain(|r| *r != EndRule::BareKing);
            rest.insert(at, EndRule::BareKing);
            return rest;
        }
        order.insert(at, EndRule::BareKing);
    }
    for (_, r) in EndRule::DEFAULT {
        if !order.contains(&r) {
            order.push(r);
        }
    }
    order
}

/// A count between 0 and 100,000, or `default` when not given.
fn count(s: &Option<Spanned<i64>>, what: &str, default: u32, d: &mut Vec<Diagnostic>) -> u32 {
    match s {
        None => default,
        Some(s) if (0..=100_000).contains(&s.value) => s.value as u32,
        Some(s) => {
            d.push(Diagnostic::error(s.span.clone(), format!("`rules.{what}` is {}; it must be 0 or more", s.value)));
            default
        }
    }
}
