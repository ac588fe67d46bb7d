//! What of a variant the ID cannot show, and why: every reason says what
//! the sources available here show, and no more.

use super::chains::id_betza;
use crate::export::Feature;
use crate::variant::{EndValue, Variant};

/// Promotion as the standard keys say it: `promoZone` ranks at the far end,
/// compulsory, one choice list. `None` when the variant's zones say more.
pub(super) fn standard_promotion(v: &Variant) -> Option<(u32, String)> {
    let r = v.grid.ranks();
    match v.zones.as_slice() {
        [] => Some((0, String::new())),
        [z] if z.mandatory => {
            let n = z.ranks[0].len() as u32;
            let white: Vec<u32> = (r - n..r).collect();
            let black: Vec<u32> = (0..n).collect();
            let (mut w, mut b) = (z.ranks[0].clone(), z.ranks[1].clone());
            w.sort();
            b.sort();
            (n > 0 && w == white && b == black)
                .then(|| (n, z.choices.iter().map(|&k| v.pieces[k as usize].letter).collect()))
        }
        _ => None,
    }
}

/// Whether `v` ends by Shatranj's bare-king rule in our extinction form: a
/// side left with its one royal piece alone against at least two pieces
/// loses, and the bared side may first bare the other in reply
/// (`pieces = "all"`, `count = 1`, `opponent-count = 2`, `claim`). H. G.
/// Muller wrote `baring=0` for it: "For cases like Shatranj, a short-cut
/// baring=0 is recognized as the instruction to make all non-royal pieces
/// baring" (chessvariants.com, comment of 2020-09-28 on Foolish King Chess,
/// reply 40388), where a side whose baring pieces are all gone after its
/// own move loses, unless its move bared the other side too (a draw). With
/// one royal kind and the rule applying to every piece, that is the same
/// result in every position: the bared side has one move, and loses unless
/// it takes the opponent's last piece but the royal.
pub(super) fn shatranj_baring(v: &Variant) -> bool {
    let Some(e) = &v.extinction else { return false };
    e.all
        && e.count == 1
        && e.opponent_count == 2
        && e.claim
        && e.value == EndValue::Loss
        && !v.rules.bare_king
        && v.drops.is_none()
        && v.pieces.iter().filter(|p| p.royal).count() == 1
}

/// Why a rule family is not written for the ID. Each reason says what the
/// sources available here show, and no more: the ID documentation page
/// (chessvariants.com `MSinteractive-diagrams`), real diagrams, and H. G.
/// Muller's comment with his Xiangqi diagram (chessvariants.com comments on
/// item 33312), which says zones need "a tiny bit of script" beside the
/// diagram and writes the kings' non-facing rule as an extra King move, and
/// his comment of 2023-02-03 on the ID article, which names `promoOffset`
/// for Shogi-like promotion without describing it.
fn id_reason(f: Feature) -> &'static str {
    const UNKNOWN: &str = "no ID parameter for it is documented in the sources available here (the ID documentation page, whose stored copies all stop after its table of contents, and real diagrams), and the exporter writes only what it can check";
    match f {
        Feature::Drops => "the ID has holdings (`holdingsType`, seen in real diagrams such as the ID Piece Lab), but no source available here gives how it restricts drops (pawn ranks, one pawn a file, no mate by a pawn drop, promoted pieces): the ID documentation's text is missing from every stored copy, so an export could not be checked to be the same game",
        Feature::Region => "the only way to confine pieces that the sources available here describe is a piece of JavaScript written beside the diagram (`BadZone`, H. G. Muller's Xiangqi diagram, chessvariants.com comments on item 33312); the ID documentation has a section \"Piece Confinement and Irregular Promotions\" whose text no stored copy holds, and the exporter writes no script",
        Feature::PromotionCells => "the ID's promotion zone is `promoZone`, a number of ranks at the far end of the board (the ID documentation page and real diagrams); no source available here gives a zone of single cells (the documentation's section \"Piece Confinement and Irregular Promotions\" is missing from every stored copy)",
        Feature::FlyingGeneral => "the ID has no such rule; H. G. Muller's Xiangqi diagram writes it as an extra multi-leg King capture along the file (chessvariants.com comments on item 33312), a form this exporter has not checked",
        Feature::PiecePromotion => "the ID has Shogi-style promotion, set by `promoOffset` (named in H. G. Muller's comment of 2023-02-03 on the ID article), but no source available here says how it pairs the pieces, whether promotion in the zone is optional or what a captured promoted piece becomes, so an export could not be checked to be the same game",
        _ => UNKNOWN,
    }
}

/// What of `v` the ID cannot show, one line each: the rules of
/// [`crate::export::special_rules`], separate Black moves, conditional
/// special moves, bracket moves with no `a`-chain equivalent, several
/// royal kinds, promotion beyond `promoZone`/`promoChoice`.
pub(super) fn problems(v: &Variant) -> Vec<String> {
    let baring = shatranj_baring(v);
    let mut problems: Vec<String> = crate::export::special_rule_items(v)
        .into_iter()
        // Shatranj's bare-king rule is written `baring=0`.
        .filter(|(f, s)| !(baring && *f == Feature::Extinction && s.starts_with("extinction (")))
        .map(|(f, s)| format!("{s}: {}", id_reason(f)))
        .collect();
    piece_problems(v, &mut problems);
    royal_problems(v, &mut problems);
    baring_problems(v, &mut problems);
    promotion_problems(v, &mut problems);
    problems
}

/// Moves the ID's XBetza cannot give: Black's own moves, special moves
/// allowed only out of check, bracket moves without a chain form.
fn piece_problems(v: &Variant, problems: &mut Vec<String>) {
    for p in &v.pieces {
        if p.betza_black.is_some() {
            problems.push(format!(
                "piece {} ({}): Black's moves are given separately (`betza-black`); the ID turns White's moves for Black",
                p.name, p.letter
            ));
        }
        // Region-bound special moves are reported with the region rules.
        for ((name, b), _) in p.specials.iter().zip(&p.special_regions).filter(|(_, r)| r.is_none()) {
            problems.push(format!(
                "piece {} ({}): the special move {name:?} (`{b}`) is allowed only when not in check; the ID's XBetza has no such condition",
                p.name, p.letter
            ));
        }
        if !p.immobile {
            if let Err(e) = id_betza(&p.betza) {
                problems.push(format!("piece {} ({}): {e}", p.name, p.letter));
            }
        }
    }
}

/// `royal=` names one piece type.
fn royal_problems(v: &Variant, problems: &mut Vec<String>) {
    let royals: Vec<String> = v.pieces.iter().filter(|p| p.royal).map(|p| p.name.clone()).collect();
    if royals.len() > 1 {
        problems.push(format!("{} royal piece types ({}): `royal=` names one", royals.len(), royals.join(", ")));
    }
}

/// The ID's `baring=` has one meaning (H. G. Muller, chessvariants.com
/// reply 40388): after its own move a side with no baring piece left loses,
/// unless that move bared the other side too, which draws. So the bared
/// side always has its one reply (counter-baring), and the bare king is
/// judged before a stalemate that reply gives.
fn baring_problems(v: &Variant, problems: &mut Vec<String>) {
    if !v.rules.bare_king {
        return;
    }
    const WHY: &str = "the ID's `baring=` always gives the bared side one reply that may bare back for a draw, and judges the bare king before a stalemate that reply gives (H. G. Muller, chessvariants.com reply 40388)";
    if !v.rules.counter_baring {
        problems.push(format!(
            "a bare king that loses at once, without a reply to bare back (counter-baring = false): {WHY}"
        ));
    }
    if !v.rules.bare_king_first {
        problems.push(format!("a stalemate judged before the bare king (bare-king-first = false): {WHY}"));
    }
}

/// Per-rank choice lists and optional promotion: the sources available here
/// give `promoZone`/`promoChoice` as one compulsory list for the last
/// ranks; the documentation's section on irregular promotions, which may
/// say more, is missing from every stored copy.
fn promotion_problems(v: &Variant, problems: &mut Vec<String>) {
    if standard_promotion(v).is_some() {
        return;
    }
    // A zone of single cells only is reported with the special rules.
    let zs: Vec<String> = v
        .zones
        .iter()
        .filter(|z| !z.ranks[0].is_empty() || z.cells[0].is_empty())
        .map(|z| {
            let c: String = z.choices.iter().map(|&k| v.pieces[k as usize].letter).collect();
            // A zone may hold ranks of one side only (Spartan's Black-only zones).
            let ranks = |side: usize| z.ranks[side].iter().map(|y| (y + 1).to_string()).collect::<Vec<_>>().join(",");
            let place = match (z.ranks[0].is_empty(), z.ranks[1].is_empty()) {
                (false, true) => format!("White's ranks {}", ranks(0)),
                (true, false) => format!("Black's ranks {}", ranks(1)),
                _ => format!("ranks {}", ranks(0)),
            };
            format!("{place} -> {c}{}", if z.mandatory { "" } else { " (optional)" })
        })
        .collect();
    if zs.is_empty() {
        return;
    }
    problems.push(format!(
        "promotion by rank ({}): the sources available here give `promoZone` (how many last ranks) and `promoChoice` (one list of pieces) as one compulsory choice for the whole zone; how the ID writes choices that differ by rank, or optional promotion, is in the documentation's section \"Piece Confinement and Irregular Promotions\", whose text no stored copy holds, so an export could not be checked to be the same game",
        zs.join("; ")
    ));
}
