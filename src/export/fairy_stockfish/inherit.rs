//! Sections that inherit from one of Fairy-Stockfish's built-ins
//! (`[rookery-NAME:PARENT]`, FSF's `variants.ini` inheritance), for games
//! whose pieces need FSF's built-in move types: FSF gives the janggi palace
//! diagonals only to its built-in wazir, soldier, rook and janggi cannon
//! (position.h, `Position::moves_from`: `if (diagonal_lines() & s)`), and
//! the janggi elephant is a built-in type, none of which a general option
//! or a custom piece's Betza can give.
//!
//! A variant inherits when its board, pieces, regions and every rule other
//! than the end rules listed in [`rule_lines`] are those of the Rookery
//! built-in of the parent's name, whose moves are frozen equal to FSF's
//! (`tests/perft/fsf-PARENT.perft`); the end rules that differ are written
//! as the parent's options, and any other difference is refused.

use crate::game::rules::passing::Passing;
use crate::variant::{builtin, load_str, Rules, Variant};
use std::fmt::Write as _;

/// FSF built-ins a section may inherit from (each also a Rookery built-in
/// of the same name).
const PARENTS: &[&str] = &["janggi"];

/// The section of `v` as a child of one of [`PARENTS`]; `None` when `v` is
/// not such a child, `Err` with the rules the parent's options cannot give.
pub(super) fn section(v: &Variant) -> Option<Result<String, Vec<String>>> {
    // Every parent passes (FSF's `pass`): others need not load the parents.
    v.passing.as_ref()?;
    for &parent in PARENTS {
        let Some(Ok((reference, _))) = builtin::text(parent).map(load_str) else { continue };
        if fingerprint(v) != fingerprint(&reference) {
            continue;
        }
        return Some(rule_lines(v, &reference, parent).map(|lines| write(v, parent, &lines)));
    }
    None
}

/// Everything that decides the moves and the rules outside the end rules:
/// equal fingerprints are the same game up to [`rule_lines`]'s options.
fn fingerprint(v: &Variant) -> String {
    format!(
        "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}",
        v.grid,
        v.pieces,
        v.regions,
        v.hop_bans,
        v.zones,
        v.piece_promotion,
        v.drops,
        v.extinction,
        v.goals,
        v.explosions,
        v.walls,
        v.mating,
        v.counting,
        v.flipping,
        v.deployment,
        v.hook,
        v.gating,
        v.free_castling,
        v.castling_partners,
        v.unmoved_loss,
        v.promotion_move,
    )
}

/// The parent's options for the end rules in which `v` differs from the
/// reference: bikjang (`bikjangRule`), the count deciding a game ended by
/// passing (`materialCounting`), the n-move and repetition rules
/// (`nMoveRule`, `nFoldRule`), perpetual check (`perpetualCheckIllegal`) and
/// the move-repetition loss (`moveRepetitionIllegal`).
fn rule_lines(v: &Variant, reference: &Variant, parent: &str) -> Result<Vec<String>, Vec<String>> {
    let (Some(ours), Some(theirs)) = (&v.passing, &reference.passing) else {
        return Err(vec![format!("no passing, which FSF's `{parent}` has (`pass`)")]);
    };
    let (r, p) = (&v.rules, &reference.rules);
    let mut lines = Vec::new();
    let mut problems = Vec::new();
    if ours.bikjang != theirs.bikjang {
        lines.push(format!("bikjangRule = {}", ours.bikjang));
    }
    match counting_line(ours, theirs, r, parent) {
        Ok(Some(line)) => lines.push(line),
        Ok(None) => {}
        Err(e) => problems.push(e),
    }
    if r.move_rule != p.move_rule {
        lines.push(format!("nMoveRule = {}", r.move_rule));
    }
    if r.repetition != p.repetition {
        lines.push(format!("nFoldRule = {}", r.repetition));
    }
    if r.perpetual_check_loses != p.perpetual_check_loses {
        lines.push(format!("perpetualCheckIllegal = {}", r.perpetual_check_loses));
    }
    if r.move_repetition_loses != p.move_repetition_loses {
        // FSF's janggimodern (variant.cpp): the same rule, judged in
        // `is_immediate_game_end` as ours is.
        lines.push(format!("moveRepetitionIllegal = {}", r.move_repetition_loses));
    }
    if !same_other_rules(r, p) {
        problems.push(format!(
            "end rules that differ from FSF's `{parent}` in more than bikjang, the count, the n-move and repetition rules, perpetual check and move repetition (not mapped)"
        ));
    }
    if problems.is_empty() {
        Ok(lines)
    } else {
        Err(problems)
    }
}

/// `materialCounting` when it differs from the parent's: FSF's janggi
/// count (`material_counting_result`, position.h: the reference's points,
/// White needing a margin over the handicap) also decides a game the
/// n-move rule or a repetition would draw (position.cpp,
/// `is_optional_game_end`), so ours must too.
fn counting_line(ours: &Passing, theirs: &Passing, r: &Rules, parent: &str) -> Result<Option<String>, String> {
    match (&ours.counting, &theirs.counting) {
        (None, None) => Ok(None),
        (None, Some(_)) => Ok(Some("materialCounting = none".into())),
        (Some(_), None) => Err(format!("a count deciding passing, which FSF's `{parent}` does not have")),
        (Some(c), Some(t)) if (&c.points, c.handicap) != (&t.points, t.handicap) => {
            Err(format!("a count with other points than FSF's `{parent}` count"))
        }
        (Some(c), Some(_)) if (r.move_rule > 0 && !c.move_rule) || (r.repetition > 0 && !c.repetition) => Err(format!(
            "a count that decides passing only: FSF's `{parent}` count also decides the n-move rule and a repetition that would be drawn (position.cpp, `is_optional_game_end`: `result = var->materialCounting ? … : VALUE_DRAW`)"
        )),
        (Some(_), Some(_)) => Ok(None),
    }
}

/// Whether the rules other than those [`rule_lines`] writes are equal.
fn same_other_rules(r: &Rules, p: &Rules) -> bool {
    let mut n = r.clone();
    n.move_rule = p.move_rule;
    n.repetition = p.repetition;
    n.perpetual_check_loses = p.perpetual_check_loses;
    n.move_repetition_loses = p.move_repetition_loses;
    format!("{n:?}") == format!("{p:?}")
}

/// The section text.
fn write(v: &Variant, parent: &str, lines: &[String]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {} for Fairy-Stockfish.", v.title);
    let _ = writeln!(out, "# Generated by `rookery export {} --format fairy-stockfish`; FSF plays it exactly.", v.name);
    let _ = writeln!(
        out,
        "# Inherits board, pieces, palace lines and passing from FSF's built-in `{parent}` (Rookery's `{parent}`"
    );
    let _ = writeln!(
        out,
        "# has the same, frozen in tests/perft/fsf-{parent}.perft); the options are the end rules that differ."
    );
    let _ = writeln!(out, "[rookery-{}:{parent}]", v.name);
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(out, "startFen = {}", v.setup_fen);
    out
}
