//! Pawn promotion as Fairy-Stockfish options: the promotion region and
//! choices (one set for both sides, or per side), and the compulsion
//! (`mandatoryPawnPromotion`, Grand Chess's `immobilityIllegal`).

use super::rules::squares;
use crate::board::Cell;
use crate::game::rules::promotion_move::PromotionMove;
use crate::variant::Variant;

/// The promotion lines: FSF's promotion region and choices, one set for
/// both sides when every zone offers the same choices (the union of their
/// ranks), else per side (`promotionPieceTypesWhite/Black`) when each side's
/// zones cover the same ranks (Spartan's Black: its two zones on rank 1).
pub(super) fn promotion_lines(v: &Variant, problems: &mut Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    if v.zones.is_empty() {
        return vec!["promotionPieceTypes = -".into()];
    }
    let letters =
        |ks: &[u8]| -> String { ks.iter().map(|&k| v.pieces[k as usize].letter.to_ascii_lowercase()).collect() };
    if v.zones.iter().any(|z| !z.cells[0].is_empty() || !z.cells[1].is_empty()) {
        out.extend(cell_regions(v, problems));
    } else {
        for (side, key) in [(0usize, "White"), (1usize, "Black")] {
            let mut rs: Vec<u32> = v.zones.iter().flat_map(|z| z.ranks[side].iter().map(|r| r + 1)).collect();
            rs.sort();
            rs.dedup();
            let spec: Vec<String> = rs.iter().map(|r| format!("*{r}")).collect();
            out.push(format!("promotionRegion{key} = {}", spec.join(" ")));
        }
    }
    let z0 = &v.zones[0];
    if v.zones.iter().all(|z| z.choices == z0.choices) {
        out.push(format!("promotionPieceTypes = {}", letters(&z0.choices)));
    } else {
        for (side, key) in [(0usize, "White"), (1usize, "Black")] {
            let zones: Vec<_> = v.zones.iter().filter(|z| !z.ranks[side].is_empty()).collect();
            if zones.iter().any(|z| z.ranks[side] != zones[0].ranks[side]) {
                problems.push(format!(
                    "{key}'s promotion zones offer different choices on different ranks (FSF has one promotion region and one set of choices a side)"
                ));
            }
            let mut ks: Vec<u8> = Vec::new();
            for k in zones.iter().flat_map(|z| z.choices.iter().copied()) {
                if !ks.contains(&k) {
                    ks.push(k);
                }
            }
            out.push(format!("promotionPieceTypes{key} = {}", if ks.is_empty() { "-".into() } else { letters(&ks) }));
        }
    }
    match promotion_compulsion(v) {
        Ok(lines) => out.extend(lines),
        Err(e) => problems.push(e),
    }
    out
}

/// Promotion regions with zones given by cells (Legan's corner edges): FSF's
/// `promotionRegion` takes squares, the union of every zone's cells and
/// ranks. The rank-based checks elsewhere (optional zones' compulsion, pawn
/// drops into the zone) do not read cells, so those combinations are refused.
fn cell_regions(v: &Variant, problems: &mut Vec<String>) -> Vec<String> {
    if v.zones.iter().any(|z| !z.mandatory) || v.drops.is_some() {
        problems.push("promotion zones given by cells together with optional promotion or drops (written here for compulsory zones without drops only)".into());
    }
    let mut out = Vec::new();
    for (side, key) in [(0usize, "White"), (1usize, "Black")] {
        let cells = (0..v.grid.len() as Cell).filter(|&c| {
            let y = v.grid.coords(c).1;
            v.zones.iter().any(|z| z.cells[side].contains(&c) || z.ranks[side].contains(&y))
        });
        out.push(format!("promotionRegion{key} = {}", squares(v, cells)));
    }
    out
}

/// FSF's promotion compulsion for the zones: all compulsory gives
/// `mandatoryPawnPromotion = true`. Optional zones with a compulsory last
/// rank are Grand Chess's rule, which FSF writes `mandatoryPawnPromotion =
/// false` with `immobilityIllegal = true` (a pawn may not stay where it has
/// no move; checked with pyffish: FSF's `grand` has no non-promoting e9e10,
/// while without `immobilityIllegal` FSF lets a pawn stop on the last rank).
/// That is exact only when the cells where a piece has no move on an empty
/// board are exactly the compulsory zone's cells for the pawns, and none
/// for every other piece. Anything else cannot be written.
fn promotion_compulsion(v: &Variant) -> Result<Vec<String>, String> {
    if v.zones.iter().all(|z| z.mandatory) {
        return Ok(vec!["mandatoryPawnPromotion = true".into()]);
    }
    for (k, p) in v.pieces.iter().enumerate() {
        for side in 0..2usize {
            let stuck = stuck_cells(v, p.letter, side == 1);
            let want: Vec<u16> = if p.pawn {
                (0..v.grid.len() as u16)
                    .filter(|&c| {
                        let y = v.grid.coords(c).1;
                        v.zones.iter().any(|z| z.mandatory && z.ranks[side].contains(&y))
                    })
                    .collect()
            } else {
                Vec::new()
            };
            if stuck != want {
                return Err(format!(
                    "optional promotion with a compulsory zone: FSF writes it as `immobilityIllegal`, which forbids every move to a cell where a piece has no move, and the {} ({}) has no move on {} cells outside the compulsory zone",
                    p.name,
                    v.pieces[k].letter,
                    stuck.iter().filter(|c| !want.contains(c)).count().max(1)
                ));
            }
        }
    }
    Ok(vec!["mandatoryPawnPromotion = false".into(), "immobilityIllegal = true".into()])
}

/// Cells where the piece `letter` (Black's if `black`) has no move on an
/// otherwise empty board, having moved already.
fn stuck_cells(v: &Variant, letter: char, black: bool) -> Vec<u16> {
    (0..v.grid.len() as u16)
        .filter(|&c| {
            let at = v.grid.label(c).to_string();
            crate::probe::prepare_on(v, letter, &at, black, &[], &[])
                .map(|prep| crate::probe::destinations(&prep, false).is_empty())
                .unwrap_or(false)
        })
        .collect()
}

/// Promotion as a move of its own (`[promotion.by-move]`, sittuyin) as
/// FSF's `sittuyinPromotion` (its `generate_pawn_moves` and
/// `Position::legal`): FSF's pawns promote on the promotion region, or
/// anywhere when one is left, in place or onto an empty cell the new piece
/// attacks, where it attacks no enemy, without check, within
/// `promotionLimit`, and never by the ordinary promotion. `keys`: FSF's key
/// per kind.
pub(super) fn by_move_lines(
    v: &Variant,
    pm: &PromotionMove,
    keys: &[String],
    problems: &mut Vec<String>,
) -> Vec<String> {
    let movers: Vec<usize> = (0..v.pieces.len()).filter(|&k| pm.pieces & (1 << k) != 0).collect();
    let pawns: Vec<usize> = (0..v.pieces.len()).filter(|&k| keys[k] == "pawn").collect();
    if movers != pawns {
        problems.push("promotion as a move by other kinds than those written as FSF's `pawn` (sittuyinPromotion promotes `pos.pieces(Us, PAWN)`, movegen.cpp)".into());
    }
    if !v.zones.is_empty() {
        problems.push("promotion as a move together with promotion zones (FSF's sittuyinPromotion turns the ordinary promotion off: `standardPromotionZone = 0`)".into());
    }
    for (has, key) in
        [(pm.last_anywhere, "last-anywhere"), (pm.step, "step"), (pm.no_attack, "no-attack"), (pm.no_check, "no-check")]
    {
        if !has {
            problems.push(format!("promotion as a move without `{key}`: FSF's sittuyinPromotion always has it (movegen.cpp, Position::legal)"));
        }
    }
    let letter = |k: usize| v.pieces[k].letter.to_ascii_lowercase();
    let choices: String = pm.choices.iter().map(|&k| letter(k as usize)).collect();
    let mut out = vec!["sittuyinPromotion = true".to_string(), format!("promotionPieceTypes = {choices}")];
    for (side, colour) in [(0usize, "White"), (1, "Black")] {
        let cells =
            (0..v.grid.len() as Cell).filter(|&c| pm.zone[side * pm.words + c as usize / 64] >> (c % 64) & 1 != 0);
        out.push(format!("promotionRegion{colour} = {}", squares(v, cells)));
    }
    let limits: Vec<String> =
        (0..pm.limit.len()).filter(|&k| pm.limit[k] > 0).map(|k| format!("{}:{}", letter(k), pm.limit[k])).collect();
    if !limits.is_empty() {
        out.push(format!("promotionLimit = {}", limits.join(" ")));
    }
    out
}
