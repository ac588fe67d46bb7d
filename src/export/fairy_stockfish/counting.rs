//! Counting rules and Shatar's mate rules as Fairy-Stockfish options.
//!
//! FSF's `countingRule` (`Position::count_limit` in its position.cpp) and
//! `shatarMateRule` (`Position::checkmate_value` in position.h) have their
//! limits and pieces built in: the count looks at FSF's own `pawn`, `rook`,
//! `khon` (= `silver`, Betza `FfW`) and `knight` types, the mate rule at
//! `knight` (a mate by knights alone) and `knight`, `rook`, `bers` (a
//! "shak"). So a definition with these rules has those kinds written as
//! these types ([`typed`], used by `pieces`), and the options are written
//! only when our tables are exactly FSF's with our kinds in FSF's places.

use crate::game::rules::counting::{Counting, Style};
use crate::variant::Variant;

/// FSF types written for the kinds that move as them, besides the usual
/// ones of `pieces`, when a counting or mate rule needs FSF to know them:
/// the khon and the bers.
pub(super) const TYPED: &[(&str, &str)] = &[("silver", "FfW"), ("bers", "RF")];

/// The Betza of the South-East Asian pawn, FSF's `pawn` type without the
/// double step (`doubleStep = false`).
pub(super) const BIA: &str = "fmWfcF";

/// Whether `v` has a rule that counts FSF's piece types.
pub(super) fn typed(v: &Variant) -> bool {
    v.counting.is_some() || v.mating.is_some()
}

/// FSF's fixed table of a counting rule: its name, the board's honour, the
/// pieces' honour rows (FSF type, at least, moves) and the limit otherwise.
fn fsf_table(style: Style) -> (&'static str, u32, Vec<(&'static str, u32, u32)>, u32) {
    match style {
        Style::Makruk => (
            "makruk",
            64,
            vec![("rook", 2, 8), ("rook", 1, 16), ("silver", 2, 22), ("knight", 2, 32), ("silver", 1, 44)],
            64,
        ),
        Style::Cambodian => (
            "cambodian",
            63,
            vec![("rook", 2, 7), ("rook", 1, 15), ("silver", 2, 21), ("knight", 2, 31), ("silver", 1, 43)],
            63,
        ),
        Style::Asean => ("asean", 0, vec![("rook", 1, 16), ("silver", 1, 44), ("knight", 1, 64)], 0),
    }
}

/// `countingRule = …` when our counting rule is FSF's with our kinds as
/// its types; else the difference.
fn counting_line(c: &Counting, keys: &[String]) -> Result<String, String> {
    let (name, board, rows, otherwise) = fsf_table(c.style);
    let fsf_pawns: Vec<usize> = (0..keys.len()).filter(|&k| keys[k] == "pawn").collect();
    let our_pawns: Vec<usize> = (0..c.pawn.len()).filter(|&k| c.pawn[k]).collect();
    if fsf_pawns != our_pawns {
        return Err(format!(
            "the {name} counting rule stops counts while a pawn stands: FSF's counts its `pawn` type, here {} kind(s), ours {} kind(s)",
            fsf_pawns.len(),
            our_pawns.len()
        ));
    }
    let ours: Vec<(&str, u32, u32)> =
        c.honour.iter().map(|h| (keys[h.kind as usize].as_str(), h.at_least, h.moves)).collect();
    if ours != rows || c.board_honour != board || c.otherwise != otherwise {
        let piece = |(t, n, m): &(&str, u32, u32)| format!("{n}+ {t} {m}");
        return Err(format!(
            "the {name} counting rule with other limits than FSF's fixed ones (FSF: board's honour {board}, pieces' honour {}, else {otherwise}; ours: {}, {}, else {})",
            rows.iter().map(piece).collect::<Vec<_>>().join(", "),
            c.board_honour,
            ours.iter().map(piece).collect::<Vec<_>>().join(", "),
            c.otherwise
        ));
    }
    Ok(format!("countingRule = {name}"))
}

/// The kinds (bit set) written as one of the FSF `types`.
fn kinds_of(keys: &[String], types: &[&str]) -> u64 {
    (0..keys.len().min(64)).filter(|&k| types.contains(&keys[k].as_str())).fold(0, |s, k| s | 1 << k)
}

/// `shatarMateRule = true` when our mate conditions are FSF's: a mate by
/// knights alone loses, and a mate needs a check by a knight, rook or bers
/// in its series.
fn mating_line(v: &Variant, keys: &[String]) -> Result<Option<String>, String> {
    let Some(m) = &v.mating else { return Ok(None) };
    if m.only_by_loses != kinds_of(keys, &["knight"]) || m.needs_check_by != kinds_of(keys, &["knight", "rook", "bers"])
    {
        return Err("conditions on checkmate other than FSF's shatarMateRule (no mate by `knight`s alone; a check by a `knight`, `rook` or `bers` in the series of checks)".into());
    }
    Ok(Some("shatarMateRule = true".into()))
}

/// The counting and mate-rule lines for `v`; `keys`: FSF's key per kind.
pub(super) fn lines(v: &Variant, keys: &[String], problems: &mut Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(c) = &v.counting {
        match counting_line(c, keys) {
            Ok(l) => out.push(l),
            Err(e) => problems.push(e),
        }
    }
    match mating_line(v, keys) {
        Ok(l) => out.extend(l),
        Err(e) => problems.push(e),
    }
    out
}
