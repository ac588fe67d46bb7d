//! Game ends and royalty as Fairy-Stockfish options: extinction
//! (`extinctionValue`, `extinctionPieceTypes`, `extinctionPieceCount`),
//! compulsory capture (`mustCapture`), the checkmate value, stalemate by
//! piece count, draw odds (`materialCounting`), the en-passant region,
//! royal pieces other than one king per side (pseudo-royal extinction,
//! `dupleCheck`), no checks (`checking = false`), Makpong's rule
//! (`makpongRule`) and Racing Kings' equalizing move (`flagMove`).
//!
//! The mapping follows FSF's own definitions of the games these rules come
//! from (`variant.cpp`: antichess, losers, suicide, extinction, threekings,
//! coregal, spartan, horde, armageddon, racingkings, makpong); each exported
//! section is checked against the FSF binary by `tools/fsf_export_check.py`.

use crate::game::fen::Placement;
use crate::variant::{EndValue, Variant};

/// FSF's name of an end value.
fn value(e: EndValue) -> &'static str {
    match e {
        EndValue::Loss => "loss",
        EndValue::Draw => "draw",
        EndValue::Win => "win",
    }
}

/// The royal kinds.
fn royals(v: &Variant) -> Vec<usize> {
    (0..v.pieces.len()).filter(|&k| v.pieces[k].royal).collect()
}

/// The royal kind written as FSF's `king`: the only royal kind, or among
/// several the one each side starts with at most one of (the castling one
/// first), unless every royal must be attacked for check (duple check:
/// then all are pseudo-royal, as FSF's spartan) or explosions make the
/// king a commoner (atomic). `None`: FSF's `king = -`.
pub(super) fn king_kind(v: &Variant, pl: &Placement) -> Option<usize> {
    if v.rules.royal_check_all || v.explosions.is_some() {
        return None;
    }
    // At most one a side, on the board or in hand (Horde's White has none).
    let count = |k: usize, s: u8| {
        pl.cells.iter().filter(|c| **c == Some((k as u8, s))).count()
            + pl.hand.iter().filter(|h| **h == (k as u8, s)).count()
    };
    let one_each = |k: usize| (0..2u8).all(|s| count(k, s) <= 1) && (0..2u8).any(|s| count(k, s) == 1);
    let mut cands: Vec<usize> = royals(v).into_iter().filter(|&k| one_each(k)).collect();
    cands.sort_by_key(|&k| super::castle::castling_kind(v) != Some(k));
    cands.first().copied()
}

/// Royal kinds other than the king: FSF's pseudo-royal extinction pieces.
/// With duple check only the last one is royal and check is all of them
/// attacked (`extinctionPieceCount = 0`, `dupleCheck`, FSF's spartan);
/// otherwise every one is royal (`extinctionPieceCount = 64`, FSF's coregal).
fn pseudo_royal_lines(v: &Variant, king: Option<usize>, problems: &mut Vec<String>) -> Vec<String> {
    let pseudo: Vec<usize> = royals(v).into_iter().filter(|&k| Some(k) != king).collect();
    if pseudo.is_empty() || v.explosions.is_some() {
        return Vec::new();
    }
    if v.extinction.is_some() || v.rules.bare_king || v.pieces.iter().any(|p| p.capture_wins.is_some()) {
        problems.push("royal pieces besides one king per side together with another extinction rule (FSF writes both as its one extinction rule)".into());
        return Vec::new();
    }
    let letters: String = pseudo.iter().map(|&k| v.pieces[k].letter.to_ascii_lowercase()).collect();
    let mut out = vec![
        "extinctionValue = loss".to_string(),
        format!("extinctionPieceTypes = {letters}"),
        "extinctionPseudoRoyal = true".into(),
    ];
    if v.rules.royal_check_all {
        out.push("extinctionPieceCount = 0".into());
        out.push("dupleCheck = true".into());
    } else {
        out.push("extinctionPieceCount = 64".into());
    }
    out
}

/// `[extinction]` as FSF's extinction rule.
fn extinction_lines(v: &Variant, problems: &mut Vec<String>) -> Vec<String> {
    let Some(e) = &v.extinction else { return Vec::new() };
    // Explosions write an extinction rule of their own only for a royal
    // piece (`rules::explosion_lines`); without one (nocheckatomic) this is it.
    let royal_blast = v.explosions.is_some() && v.pieces.iter().any(|p| p.royal);
    if v.rules.bare_king || royal_blast || v.pieces.iter().any(|p| p.capture_wins.is_some()) {
        problems.push(
            "extinction together with a bare-king, royal explosion or capture-to-win rule (FSF has one extinction rule)"
                .into(),
        );
        return Vec::new();
    }
    let kinds = if e.all {
        "*".to_string()
    } else {
        e.kinds.iter().map(|&k| v.pieces[k as usize].letter.to_ascii_lowercase()).collect()
    };
    let mut out = vec![
        format!("extinctionValue = {}", value(e.value)),
        format!("extinctionPieceTypes = {kinds}"),
        format!("extinctionPieceCount = {}", e.count),
    ];
    // Our opponent count and claim are FSF's options of the same names
    // (`Position::is_immediate_game_end`: the side is extinct only while the opponent
    // has `extinctionOpponentPieceCount` pieces, one more for the side to
    // move with `extinctionClaim`), as in FSF's shatranj and courier.
    if e.opponent_count > 0 {
        out.push(format!("extinctionOpponentPieceCount = {}", e.opponent_count));
    }
    if e.claim {
        out.push("extinctionClaim = true".into());
    }
    out
}

/// Every option of this module for `v`; `king`: [`king_kind`].
pub(super) fn end_rule_lines(v: &Variant, king: Option<usize>, problems: &mut Vec<String>) -> Vec<String> {
    let r = &v.rules;
    let mut out = extinction_lines(v, problems);
    out.extend(pseudo_royal_lines(v, king, problems));
    if r.must_capture {
        out.push("mustCapture = true".into());
    }
    if r.checkmate != EndValue::Loss {
        out.push(format!("checkmateValue = {}", value(r.checkmate)));
    }
    if r.stalemate_by_count {
        out.push("stalematePieceCount = true".into());
    }
    if let Some(s) = r.draw_odds {
        out.push(format!("materialCounting = {}drawodds", if s == 0 { "white" } else { "black" }));
    }
    if let Some(ep) = r.ep_region {
        let region = &v.regions[ep as usize];
        out.push(format!("enPassantRegionWhite = {}", super::rules::squares(v, region.cells(0))));
        out.push(format!("enPassantRegionBlack = {}", super::rules::squares(v, region.cells(1))));
    }
    if r.no_checks {
        out.push("checking = false".into());
    }
    if r.evasion_capture_only {
        out.push("makpongRule = true".into());
    }
    if v.goals.iter().any(|g| g.equalize) {
        out.push("flagMove = true".into());
    }
    out
}

/// Capture-to-win pieces as FSF extinction: a side that has lost its only
/// piece of such a kind loses. Exact only when each side starts with
/// exactly one of each such kind (otherwise a refusal).
fn capture_wins_lines(v: &Variant, pl: &Placement, wins: &[usize], problems: &mut Vec<String>) -> Vec<String> {
    if wins.is_empty() {
        return Vec::new();
    }
    for &k in wins {
        for side in 0..2u8 {
            let n = pl.cells.iter().filter(|c| **c == Some((k as u8, side))).count();
            if n == 0 && v.deployment.is_some() {
                problems.push(format!(
                    "capturing the {} wins, but it enters only in the deployment phase: FSF's extinction (extinctionPieceTypes) would end the game at the start, with none on the board",
                    v.pieces[k].name
                ));
                return Vec::new();
            }
            if n != 1 {
                problems.push(format!(
                    "capturing the {} wins, but a side starts with {n} of them (FSF's extinction counts all of a kind)",
                    v.pieces[k].name
                ));
                return Vec::new();
            }
        }
    }
    let letters: String = wins.iter().map(|&k| v.pieces[k].letter.to_ascii_lowercase()).collect();
    vec![
        "extinctionValue = loss".into(),
        format!("extinctionPieceTypes = {letters}"),
        "extinctionPieceCount = 0".into(),
    ]
}

/// The first end lines: capture-to-win pieces as extinction, the
/// stalemate value and the bare-king rule.
pub(super) fn result_lines(v: &Variant, pl: &Placement, problems: &mut Vec<String>) -> Vec<String> {
    let wins: Vec<usize> = (0..v.pieces.len()).filter(|&k| v.pieces[k].capture_wins.is_some()).collect();
    let mut out = capture_wins_lines(v, pl, &wins, problems);
    out.push(format!("stalemateValue = {}", value(v.rules.stalemate)));
    if v.rules.bare_king {
        if v.rules.counter_baring {
            problems.push(
                "bare king with counter-baring (the bared side's one last move, a draw if it bares the opponent): FSF's nearest settings, Shatranj's `extinctionOpponentPieceCount = 2` with `extinctionClaim`, end the game at once when the bared side faces two or more pieces and go on after a counter-baring instead of drawing"
                    .into(),
            );
        }
        if !wins.is_empty() {
            problems.push("both a bare-king rule and capture-to-win pieces (FSF has one extinction rule)".into());
        }
        out.push("extinctionValue = loss".into());
        out.push("extinctionPieceTypes = *".into());
        out.push("extinctionPieceCount = 1".into());
    }
    out
}

/// The n-move and repetition rules (FSF always has a repetition rule).
pub(super) fn draw_rule_lines(v: &Variant, problems: &mut Vec<String>) -> Vec<String> {
    let mut out = vec![format!("nMoveRule = {}", v.rules.move_rule)];
    if v.rules.repetition == 0 {
        problems.push("no repetition rule (FSF always has one)".into());
    } else {
        out.push(format!("nFoldRule = {}", v.rules.repetition));
    }
    out
}
