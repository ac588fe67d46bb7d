//! Sections that inherit from one of Fairy-Stockfish's built-ins
//! (`[rookery-NAME:PARENT]`, FSF's `variants.ini` inheritance), for games
//! that need what only FSF's built-ins have: FSF gives the janggi palace
//! diagonals only to its built-in wazir, soldier, rook and janggi cannon
//! (position.h, `Position::moves_from`: `if (diagonal_lines() & s)`), and
//! the janggi elephant is a built-in type, none of which a general option
//! or a custom piece's Betza can give; Ataxx's hand that never runs out is
//! `freeDrops`, which only FSF's `ataxx` sets (variant.cpp, `ataxx_variant`;
//! parser.cpp reads no `freeDrops`); Supply's drops land in the mobility
//! regions FSF's `supply` narrows in C++ (variant.cpp, `supply_variant`:
//! the advisor's five points, the elephant's seven, the soldier's files),
//! which FSF's options can only give as whole mobility regions.
//!
//! A variant inherits when its board, pieces, regions and every rule other
//! than the end rules listed in [`rule_lines`] are those of the Rookery
//! built-in of the parent's name, whose moves are frozen equal to FSF's
//! (`tests/perft/fsf-PARENT.perft`); the end rules that differ are written
//! as the parent's options, and any other difference is refused.

use crate::game::rules::passing::Passing;
use crate::variant::{builtin, load_str, Rules, Variant};
use std::fmt::Write as _;

/// An FSF built-in a section may inherit from (also a Rookery built-in of
/// the same name).
struct Parent {
    /// The name, FSF's and Rookery's.
    name: &'static str,
    /// What the section inherits, for its comment.
    inherits: &'static str,
    /// A cheap test that `v` may be a child, so that other variants need
    /// not load the parent.
    may_be_child: fn(&Variant) -> bool,
}

/// The parents, each recognised by the rule it needs FSF's built-in for.
const PARENTS: &[Parent] = &[
    Parent {
        name: "janggi",
        inherits: "board, pieces, palace lines and passing",
        may_be_child: |v| v.passing.is_some(),
    },
    Parent {
        name: "ataxx",
        inherits: "board, stones, cloning drops (`freeDrops`), flipping and the count",
        may_be_child: |v| v.drops.as_ref().is_some_and(|d| d.unlimited != 0),
    },
    Parent {
        name: "supply",
        inherits: "board, pieces, palace, two-board drops and the narrowed drop regions",
        may_be_child: |v| v.drops.as_ref().is_some_and(|d| d.two_boards) && v.grid.files() == 9,
    },
];

/// The section of `v` as a child of one of [`PARENTS`]; `None` when `v` is
/// not such a child, `Err` with the rules the parent's options cannot give.
pub(super) fn section(v: &Variant) -> Option<Result<String, Vec<String>>> {
    for parent in PARENTS.iter().filter(|p| (p.may_be_child)(v)) {
        let Some(Ok((reference, _))) = builtin::text(parent.name).map(load_str) else { continue };
        if fingerprint(v) != fingerprint(&reference) {
            continue;
        }
        return Some(rule_lines(v, &reference, parent.name).map(|lines| write(v, parent, &lines)));
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
    let (r, p) = (&v.rules, &reference.rules);
    let mut lines = Vec::new();
    let mut problems = Vec::new();
    match (&v.passing, &reference.passing) {
        (Some(ours), Some(theirs)) => passing_lines(ours, theirs, r, parent, &mut lines, &mut problems),
        (None, None) => {}
        (None, Some(_)) => problems.push(format!("no passing, which FSF's `{parent}` has (`pass`)")),
        (Some(_), None) => problems.push(format!("passing, which FSF's `{parent}` does not have")),
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

/// The passing rules that differ from the parent's: bikjang
/// (`bikjangRule`) and the count deciding a game ended by passing
/// (`materialCounting`).
fn passing_lines(
    ours: &Passing,
    theirs: &Passing,
    r: &Rules,
    parent: &str,
    lines: &mut Vec<String>,
    problems: &mut Vec<String>,
) {
    if ours.bikjang != theirs.bikjang {
        lines.push(format!("bikjangRule = {}", ours.bikjang));
    }
    match counting_line(ours, theirs, r, parent) {
        Ok(Some(line)) => lines.push(line),
        Ok(None) => {}
        Err(e) => problems.push(e),
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
fn write(v: &Variant, parent: &Parent, lines: &[String]) -> String {
    let name = parent.name;
    let mut out = String::new();
    let _ = writeln!(out, "# {} for Fairy-Stockfish.", v.title);
    let _ = writeln!(out, "# Generated by `rookery export {} --format fairy-stockfish`; FSF plays it exactly.", v.name);
    let _ = writeln!(out, "# Inherits {} from FSF's built-in `{name}` (Rookery's `{name}`", parent.inherits);
    let _ = writeln!(
        out,
        "# has the same, frozen in tests/perft/fsf-{name}.perft); the options are the end rules that differ."
    );
    let _ = writeln!(out, "[rookery-{}:{name}]", v.name);
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(out, "startFen = {}", v.setup_fen);
    out
}
