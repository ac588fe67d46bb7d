//! Fairy-Stockfish options for hands and drops: `pieceDrops`,
//! `capturesToHand`, `dropLoop`, nifu and uchifuzume, the drop limits and
//! the drop squares. FSF's drop squares are `dropRegion` ∩ the piece's
//! `mobilityRegion`, minus, for the `pawn` type, the promotion zone and the
//! first rank unless `promotionZonePawnDrops` / `firstRankPawnDrops`, minus
//! squares where the piece has no move when `immobilityIllegal` is set;
//! [`drop_lines`] computes that set for every piece that can be in hand and
//! writes the drops only when it equals ours.

use super::rules::{has, region_pawn_rank, squares, Keys};
use crate::board::Cell;
use crate::game::fen::Placement;
use crate::game::rules::promotion::{dead_cells, NONE};
use crate::variant::Variant;

/// Drops: `pieceDrops`, `capturesToHand`, `dropLoop` (a captured promoted
/// piece keeps its kind), nifu as `dropNoDoubled`, uchifuzume as
/// `shogiPawnDropMateIllegal`, and the drop squares (see the module doc).
/// `immobility`: the section sets `immobilityIllegal`; `pawn_zone`: the pawn
/// promotion region per side.
pub(super) fn drop_lines(
    v: &Variant,
    pl: &Placement,
    keys: &Keys,
    immobility: bool,
    problems: &mut Vec<String>,
) -> Vec<String> {
    let Some(d) = &v.drops else { return Vec::new() };
    let mut out = vec![
        "pieceDrops = true".to_string(),
        format!("capturesToHand = {}", d.to_hand),
        format!("dropLoop = {}", d.keep_promoted),
    ];
    let in_hand = droppable(v, pl);
    let places = DropPlaces::new(v, keys, immobility, &in_hand);
    out.extend(places.lines(v));
    for &k in &in_hand {
        for side in 0..2 {
            let theirs = places.fsf(v, k, side);
            let at = (k * 2 + side) * d.words;
            let ours: Vec<Cell> = (0..v.grid.len() as Cell).filter(|&c| has(&d.cells, at, c as usize)).collect();
            if theirs != ours {
                problems.push(format!(
                    "where the {} may be dropped ({} cells for {}): FSF's drop options (dropRegion, firstRankPawnDrops, promotionZonePawnDrops, immobilityIllegal, sittuyinRookDrop) give {} other cells",
                    v.pieces[k].name,
                    ours.len(),
                    if side == 0 { "White" } else { "Black" },
                    theirs.iter().filter(|c| !ours.contains(c)).count() + ours.iter().filter(|c| !theirs.contains(c)).count()
                ));
            }
        }
    }
    out.extend(drop_limits(v, keys, problems));
    problems.extend(double_step_problems(v, pl, keys, &in_hand));
    // FSF's `mustDrop` (every kind: `mustDropType` stays `*`) and its
    // opposite-coloured bishops, for the one kind written as its `bishop`.
    if d.must_drop {
        out.push("mustDrop = true".into());
        out.extend(must_drop_type(v, d, problems));
    }
    if d.two_boards {
        out.push("twoBoards = true".into());
    }
    if d.no_checks {
        out.push("dropChecks = false".into());
    }
    if d.drop_as.iter().any(|&k| k != NONE) {
        // Either face up, as FSF's `dropPromoted` (its kyotoshogi).
        out.push("dropPromoted = true".into());
    }
    if d.unlimited != 0 {
        // FSF's ataxx has hands that never run out (`freeDrops`), but its
        // variant parser has no key that sets it.
        problems.push("hands that never run out (`drops.unlimited`): FSF's `freeDrops` is not an ini option (parser.cpp reads none)".into());
    }
    let twins: Vec<usize> = (0..v.pieces.len()).filter(|&k| d.opposite_colours & (1 << k) != 0).collect();
    match twins.as_slice() {
        [] => {}
        [k] if keys[*k] == "bishop" => out.push("dropOppositeColoredBishop = true".into()),
        _ => problems.push(
            "pieces to be dropped on both square colours other than the one kind FSF writes as its bishop (FSF's dropOppositeColoredBishop is about bishops only)".into(),
        ),
    }
    out
}

/// `mustDropType`: FSF names one kind (or every kind, its default `*`).
fn must_drop_type(v: &Variant, d: &crate::game::rules::drops::Drops, problems: &mut Vec<String>) -> Option<String> {
    if d.must_drop_kinds == u64::MAX {
        return None;
    }
    let kinds: Vec<usize> = (0..v.pieces.len()).filter(|&k| d.must_drop_kinds >> k & 1 != 0).collect();
    match kinds.as_slice() {
        [k] => Some(format!("mustDropType = {}", v.pieces[*k].letter.to_ascii_lowercase())),
        _ => {
            problems.push(
                "a drop forced by several kinds (`drops.must-drop-pieces`): FSF's mustDropType is one kind".into(),
            );
            None
        }
    }
}

/// FSF's pawn double step is by rank (`doubleStepRegion`), ours needs a
/// pawn that has not moved (a dropped pawn counts as unmoved only on a setup
/// cell of its kind). With drops they agree only when no pawn can be
/// dropped behind its double-step rank (it could step onto it and then
/// double-step in FSF: Chessgi's first-rank drops) or on a cell of that rank
/// where no pawn of its side starts.
fn double_step_problems(v: &Variant, pl: &Placement, keys: &Keys, in_hand: &[usize]) -> Vec<String> {
    let d = v.drops.as_ref().expect("called with drops");
    let mut out = Vec::new();
    for &k in in_hand.iter().filter(|&&k| keys[k] == "pawn" && region_pawn_rank(v, k).is_none()) {
        for side in 0..2 {
            let home = |c: usize| pl.cells[c] == Some((k as u8, side as u8));
            let Some(rank) = (0..pl.cells.len()).filter(|&c| home(c)).map(|c| relative_rank(v, side, c as Cell)).min()
            else {
                continue;
            };
            let at = (k * 2 + side) * d.words;
            let bad = (0..v.grid.len()).filter(|&c| has(&d.cells, at, c)).any(|c| {
                let r = relative_rank(v, side, c as Cell);
                r < rank || (r == rank && !home(c))
            });
            if bad {
                out.push(format!(
                    "the {} may be dropped behind or beside its starting pawns: FSF lets any pawn on the double-step rank make the double step, ours only one that has not moved (a pawn dropped on rank {} and stepped to rank {} could double-step in FSF)",
                    v.pieces[k].name,
                    rank,
                    rank + 1
                ));
                break;
            }
        }
    }
    out
}

/// Nifu and uchifuzume.
fn drop_limits(v: &Variant, keys: &Keys, problems: &mut Vec<String>) -> Vec<String> {
    let d = v.drops.as_ref().expect("called with drops");
    let mut out = Vec::new();
    let doubled: Vec<usize> = (0..v.pieces.len()).filter(|&k| d.max_per_file[k] > 0).collect();
    match doubled.as_slice() {
        [] => {}
        [k] => {
            out.push(format!("dropNoDoubled = {}", v.pieces[*k].letter.to_ascii_lowercase()));
            out.push(format!("dropNoDoubledCount = {}", d.max_per_file[*k]));
        }
        ks => problems.push(format!("{} kinds limited per file (FSF's dropNoDoubled takes one)", ks.len())),
    }
    for k in (0..v.pieces.len()).filter(|&k| d.no_mate & (1 << k) != 0) {
        if keys[k] == "shogiPawn" {
            out.push("shogiPawnDropMateIllegal = true".into());
        } else {
            problems.push(format!(
                "a drop of the {} may not give mate: FSF forbids that only for its shogi pawn (`fW`)",
                v.pieces[k].name
            ));
        }
    }
    out
}

/// Non-royal kinds that can be in a hand: those in the setup's hand, and,
/// when captures go to the hand, what every kind becomes there.
fn droppable(v: &Variant, pl: &Placement) -> Vec<usize> {
    let d = v.drops.as_ref().expect("called with drops");
    let mut ks: Vec<usize> = pl.hand.iter().map(|&(k, _)| k as usize).collect();
    if d.to_hand {
        ks.extend((0..v.pieces.len()).map(|k| d.demote[k] as usize));
    }
    // One board of a pair: the partner may pass any piece.
    if d.two_boards {
        ks.extend(0..v.pieces.len());
    }
    ks.retain(|&k| !v.pieces[k].royal);
    ks.sort();
    ks.dedup();
    ks
}

/// The drop options chosen for a section and FSF's drop squares under them.
struct DropPlaces {
    /// Per side, the `dropRegion` cells (`None`: the whole board).
    region: [Option<Vec<Cell>>; 2],
    /// `firstRankPawnDrops`.
    first_rank: bool,
    /// `promotionZonePawnDrops`.
    zone: bool,
    /// FSF's key per kind.
    keys: Vec<String>,
    /// `immobilityIllegal` is set.
    immobility: bool,
    /// `sittuyinRookDrop`: FSF's `rook` only on its first rank
    /// (`Position::drop_region`: `b &= rank_bb(relative_rank(c, RANK_1, …))`).
    rook_first_rank: bool,
}

impl DropPlaces {
    /// Options that give our drop squares where FSF can: `dropRegion` is the
    /// union of our squares over the kinds in hand, the pawn options are set
    /// when a pawn may be dropped on its first rank or in its zone.
    fn new(v: &Variant, keys: &Keys, immobility: bool, in_hand: &[usize]) -> DropPlaces {
        let d = v.drops.as_ref().expect("called with drops");
        let n = v.grid.len() as Cell;
        let ours = |k: usize, side: usize, c: Cell| has(&d.cells, (k * 2 + side) * d.words, c as usize);
        let region = [0, 1].map(|side| {
            let cells: Vec<Cell> = (0..n).filter(|&c| in_hand.iter().any(|&k| ours(k, side, c))).collect();
            (cells.len() != n as usize).then_some(cells)
        });
        let pawns: Vec<usize> = in_hand.iter().copied().filter(|&k| keys[k] == "pawn").collect();
        let any = |f: &dyn Fn(usize, Cell) -> bool| {
            pawns.iter().any(|&k| (0..2).any(|s| (0..n).any(|c| ours(k, s, c) && f(s, c))))
        };
        let first_rank = any(&|s, c| relative_rank(v, s, c) == 0);
        let zone = any(&|s, c| pawn_zone(v, s, c));
        // The rook may be dropped on its first rank only, where others may
        // go further (sittuyin's chariot).
        let rook_first_rank = in_hand.iter().any(|&k| {
            keys[k] == "rook"
                && (0..2).all(|s| (0..n).filter(|&c| ours(k, s, c)).all(|c| relative_rank(v, s, c) == 0))
                && (0..2).any(|s| region[s].as_ref().is_none_or(|r| r.iter().any(|&c| relative_rank(v, s, c) != 0)))
        });
        DropPlaces { region, first_rank, zone, keys: keys.to_vec(), immobility, rook_first_rank }
    }

    /// The option lines.
    fn lines(&self, v: &Variant) -> Vec<String> {
        let mut out = Vec::new();
        for (side, colour) in [(0usize, "White"), (1, "Black")] {
            if let Some(cells) = &self.region[side] {
                out.push(format!("dropRegion{colour} = {}", squares(v, cells.iter().copied())));
            }
        }
        if self.first_rank {
            out.push("firstRankPawnDrops = true".into());
        }
        if self.zone {
            out.push("promotionZonePawnDrops = true".into());
        }
        if self.rook_first_rank {
            out.push("sittuyinRookDrop = true".into());
        }
        out
    }

    /// FSF's drop squares for kind `k` of `side` (FSF's `drop_region` and
    /// its `immobilityIllegal` test in `Position::legal`).
    fn fsf(&self, v: &Variant, k: usize, side: usize) -> Vec<Cell> {
        let words = v.grid.len().div_ceil(64);
        let dead = dead_cells(&v.tables, v.pieces.len(), words);
        let confined = v.pieces[k].confined_to.map(|r| &v.regions[r as usize]);
        (0..v.grid.len() as Cell)
            .filter(|&c| self.region[side].as_ref().is_none_or(|r| r.contains(&c)))
            .filter(|&c| confined.is_none_or(|r| r.contains(side, c)))
            .filter(|&c| {
                self.keys[k] != "pawn"
                    || ((self.zone || !pawn_zone(v, side, c)) && (self.first_rank || relative_rank(v, side, c) != 0))
            })
            .filter(|&c| !self.immobility || !has(&dead, (k * 2 + side) * words, c as usize))
            .filter(|&c| !self.rook_first_rank || self.keys[k] != "rook" || relative_rank(v, side, c) == 0)
            .collect()
    }
}

/// The rank of `c` counted from `side`'s own edge (0 = its first rank).
fn relative_rank(v: &Variant, side: usize, c: Cell) -> u32 {
    let y = v.grid.coords(c).1;
    if side == 0 {
        y
    } else {
        v.grid.ranks() - 1 - y
    }
}

/// The cells of `side`'s pawn promotion zones (ranks and cells), as
/// `promotion::promotion_lines` writes them.
pub(super) fn promotion_cells(v: &Variant, side: usize) -> impl Iterator<Item = Cell> + '_ {
    (0..v.grid.len() as Cell).filter(move |&c| {
        let y = v.grid.coords(c).1;
        v.zones.iter().any(|z| z.cells[side].contains(&c) || z.ranks[side].contains(&y))
    })
}

/// Whether `c` is in `side`'s pawn promotion region as the section writes
/// it (the union of the zones' ranks).
fn pawn_zone(v: &Variant, side: usize, c: Cell) -> bool {
    let y = v.grid.coords(c).1;
    v.zones.iter().any(|z| z.ranks[side].contains(&y))
}
