//! Fairy-Stockfish options for the rule families beyond moves and pawn
//! promotion: shogi-style piece promotion, promotion limits, mobility
//! regions, the xiangqi soldier, flag goals, check counting, the flying
//! general and explosions (hands and drops are in `drops.rs`). Each writer
//! returns the `variants.ini` lines that make FSF play the rule exactly, or
//! pushes the reason it cannot onto `problems`. The option semantics are
//! FSF's own (`src/variants.ini` documentation and `position.h`/`movegen.cpp`
//! of its source).

use crate::board::Cell;
use crate::game::fen::Placement;
use crate::game::rules::promotion::{dead_cells, PiecePromotion, NONE};
use crate::variant::Variant;

/// FSF's name of the piece kind in the section (`pawn`, `king`,
/// `customPiece3`, …), per kind; `mobilityRegion` options are named after it.
pub(super) type Keys = [String];

/// `cells` as an FSF `Bitboard` value: `*5` for a whole rank, square
/// names otherwise, space separated, rank by rank.
pub(super) fn squares(v: &Variant, cells: impl IntoIterator<Item = Cell>) -> String {
    let g = &v.grid;
    let cells: Vec<Cell> = cells.into_iter().collect();
    let mut out = Vec::new();
    for y in 0..g.ranks() {
        let rank: Vec<Cell> = (0..g.files()).filter_map(|x| g.at(x as i32, y as i32)).collect();
        let ours: Vec<Cell> = rank.iter().copied().filter(|c| cells.contains(c)).collect();
        if !ours.is_empty() && ours.len() == rank.len() {
            out.push(format!("*{}", y + 1));
        } else {
            out.extend(ours.iter().map(|&c| g.label(c).to_string()));
        }
    }
    out.join(" ")
}

/// Whether bit `c` is set in `words` u64 starting at `set[at]`.
pub(super) fn has(set: &[u64], at: usize, c: usize) -> bool {
    set[at + c / 64] & (1 << (c % 64)) != 0
}

/// FSF's key with an upper-case first letter (`customPiece1` →
/// `CustomPiece1`), as FSF's parser builds the `mobilityRegion` names.
fn capitalized(key: &str) -> String {
    let mut cs = key.chars();
    cs.next().map(|c| c.to_ascii_uppercase().to_string() + cs.as_str()).unwrap_or_default()
}

/// The xiangqi soldier: a piece moving `fW` that also steps sideways (`sW`)
/// only in a region made of whole ranks from some rank `r` to the far side
/// (Black's mirrored). FSF's built-in `soldier` is exactly that with
/// `soldierPromotionRank = r`. Returns `r` (1-based).
pub(super) fn soldier_rank(v: &Variant, k: usize) -> Option<u32> {
    let p = &v.pieces[k];
    if !super::same_moves(&p.betza, "fW") || p.specials.len() != 1 || p.betza_black.is_some() {
        return None;
    }
    let (Some(r), (_, b)) = (p.special_regions[0], &p.specials[0]) else { return None };
    if !super::same_moves(b, "sW") {
        return None;
    }
    let g = &v.grid;
    let region = &v.regions[r as usize];
    let first = region.cells(0).map(|c| g.coords(c).1).min()?;
    let top = g.ranks() - 1;
    let whole = (0..g.len() as Cell).all(|c| {
        let y = g.coords(c).1;
        region.contains(0, c) == (y >= first) && region.contains(1, c) == (y <= top - first)
    });
    whole.then_some(first + 1)
}

/// A pawn whose double step is a region-bound special move (`fmnD` in a
/// region), as Chessgi's, Horde's and Wolf's: FSF's own pawn (when it moves
/// `fmWfceF`, else a piece with that `i` move, as Pawn Sideways's), whose
/// `i` moves FSF gives where it stands in its side's `doubleStepRegion`
/// (position.h, `moves_from`: `if (double_step_region(c) & s)`), any set
/// of squares a side. Returns the region.
pub(super) fn region_pawn_rank(v: &Variant, k: usize) -> Option<u8> {
    let p = &v.pieces[k];
    if !p.pawn || p.specials.len() != 1 || p.betza_black.is_some() || p.betza.contains('i') {
        return None;
    }
    let (Some(r), (_, b)) = (p.special_regions[0], &p.specials[0]) else { return None };
    let region = &v.regions[r as usize];
    let sides = region.cells(0).next().is_some() && region.cells(1).next().is_some();
    (super::same_moves(b, "fmnD") && sides).then_some(r)
}

/// The flying general as FSF's `flyingGeneral`, which watches ranks as
/// well as files (its `Position::legal`: `attacks_bb(~us, ROOK, s, …) &
/// pieces(~us, KING)`): exact for `"lines"`, and for `"files"` (xiangqi)
/// only while the two sides' royal pieces can never stand on one rank
/// (both kept to palaces on different ranks by `confined-to`).
pub(super) fn flying_general_lines(v: &Variant, problems: &mut Vec<String>) -> Vec<String> {
    if !v.rules.flying_general {
        return Vec::new();
    }
    if !v.rules.flying_general_ranks {
        let [white, black] = [0, 1].map(|side| royal_ranks(v, side));
        if white.iter().any(|r| black.contains(r)) {
            problems.push("the flying general on files only while the royal pieces may share a rank: FSF's flyingGeneral also forbids them to face each other on an open rank (position.cpp: `attacks_bb(~us, ROOK, …) & pieces(~us, KING)`)".into());
        }
    }
    vec!["flyingGeneral = true".into()]
}

/// The ranks on which `side`'s royal pieces may stand (their `confined-to`
/// region, else every rank).
fn royal_ranks(v: &Variant, side: usize) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    for p in v.pieces.iter().filter(|p| p.royal) {
        match p.confined_to {
            Some(r) => out.extend(v.regions[r as usize].cells(side).map(|c| v.grid.coords(c).1)),
            None => out.extend(0..v.grid.ranks()),
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Mobility regions (`confined-to`) and region-bound special moves.
pub(super) fn region_lines(v: &Variant, keys: &Keys, problems: &mut Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    for (k, p) in v.pieces.iter().enumerate() {
        if let Some(r) = p.confined_to {
            let region = &v.regions[r as usize];
            for (side, colour) in [(0, "White"), (1, "Black")] {
                let key = capitalized(&keys[k]);
                out.push(format!("mobilityRegion{colour}{key} = {}", squares(v, region.cells(side))));
            }
        }
        for ((name, b), r) in p.specials.iter().zip(&p.special_regions) {
            let Some(r) = r else { continue };
            match (soldier_rank(v, k), region_pawn_rank(v, k)) {
                (Some(rank), _) => out.push(format!("soldierPromotionRank = {rank}")),
                (_, Some(region)) => {
                    // One region for every such kind (Wolf's pawn and
                    // sergeant): written once; two differ in `conflicting_keys`.
                    for (side, colour) in [(0, "White"), (1, "Black")] {
                        let line = format!("doubleStepRegion{colour} = {}", squares(v, v.regions[region as usize].cells(side)));
                        if !out.contains(&line) {
                            out.push(line);
                        }
                    }
                }
                _ => problems.push(format!(
                    "the {}'s {name} (`{b}`) only in the region `{}`: FSF's region-bound moves are the xiangqi soldier's sideways step (`fW`, plus `sW` from a rank on) and the pawn's double step by rank",
                    p.name,
                    v.regions[*r as usize].name
                )),
            }
        }
    }
    out
}

/// A region goal as FSF's flag rule (one flag piece and region per side).
pub(super) fn goal_lines(v: &Variant, problems: &mut Vec<String>) -> Vec<String> {
    match v.goals.as_slice() {
        [] => Vec::new(),
        [g] => {
            let region = &v.regions[g.region as usize];
            let mut lines = vec![
                format!("flagPiece = {}", v.pieces[g.kind as usize].letter.to_ascii_lowercase()),
                format!("flagRegionWhite = {}", squares(v, region.cells(0))),
                format!("flagRegionBlack = {}", squares(v, region.cells(1))),
            ];
            if g.safe {
                lines.push("flagPieceSafe = true".into());
            }
            if g.held {
                // FSF's flagMove is this rule for a piece that is not royal.
                if v.pieces[g.kind as usize].royal {
                    problems.push("a royal piece's goal that counts only after the opponent's reply".into());
                }
                lines.push("flagMove = true".into());
            }
            lines
        }
        gs => {
            problems.push(format!("{} region goals (FSF has one flag piece and one flag region per side)", gs.len()));
            Vec::new()
        }
    }
}

/// The n-check rule: FSF's `checkCounting`, which reads the checks still to
/// give from the start FEN's `3+3` field, or, without the field, takes one
/// check each (`Position::set` in FSF's position.cpp: "If check count is
/// not provided, assume that the next check wins"), as Kar Ouk needs.
pub(super) fn check_lines(v: &Variant, pl: &Placement, problems: &mut Vec<String>) -> Vec<String> {
    if v.rules.check_limit == 0 {
        return Vec::new();
    }
    if v.rules.check_limit != 1
        && !v.setup_fen.split_whitespace().any(|f| f.contains('+') && f.chars().all(|c| c.is_ascii_digit() || c == '+'))
    {
        problems.push(format!(
            "the n-check rule without the checks-to-give field in the setup FEN (FSF reads the counts from it, one check each when it is missing; ours: {:?})",
            pl.checks
        ));
        return Vec::new();
    }
    vec!["checkCounting = true".into()]
}

/// Petrification: FSF's `petrifyOnCaptureTypes` (parser.cpp), the letters
/// of the kinds that turn into a wall (`*`) where they capture. Our king
/// that never captures is written as FSF's king with its own Betza
/// (`king = k:mK`, `pieces`), not as FSF's petrified pseudo-royal commoner,
/// whose steps FSF counts as attacks even where it may not capture (it
/// would petrify): the custom king gives our game, checked with the FSF
/// binary (tests/data/export-fsf-petrified.*).
pub(super) fn petrify_lines(v: &Variant) -> Vec<String> {
    let Some(p) = &v.petrify else { return Vec::new() };
    let letters: String = (0..v.pieces.len())
        .filter(|&k| k < 64 && p.kinds & (1 << k) != 0)
        .map(|k| v.pieces[k].letter.to_ascii_lowercase())
        .collect();
    vec![format!("petrifyOnCaptureTypes = {letters}")]
}

/// Shogi-style promotion: `promotedPieceType`, the zone as the promotion
/// region, and `immobilityIllegal` for "forced where it could not move
/// again". FSF applies `immobilityIllegal` to every piece, so it is exact
/// only when no piece without a promotion has a cell with no move.
pub(super) fn piece_promotion_lines(v: &Variant, problems: &mut Vec<String>) -> Vec<String> {
    let Some(pp) = &v.piece_promotion else { return Vec::new() };
    if flips(pp) {
        return flip_lines(v, pp, problems);
    }
    let mut out = vec![promoted_types(v, pp)];
    if pp.on_capture {
        problems.push("promotion only by a capture without turning over (`promotion.on-capture` without `flip`): not mapped to FSF's piecePromotionOnCapture here".into());
    }
    if pp.dead_allowed {
        problems.push("unpromoted pieces allowed where they have no move (`promotion.allow-dead-squares`) without `flip`: not mapped by this exporter".into());
    }
    let zone = |side: usize| (0..v.grid.len() as Cell).filter(move |&c| has(&pp.zone, side * pp.words, c as usize));
    if v.zones.is_empty() {
        for (side, colour) in [(0usize, "White"), (1, "Black")] {
            out.push(format!("promotionRegion{colour} = {}", squares(v, zone(side))));
        }
    } else if !(0..2).all(|side| zone(side).eq(super::drops::promotion_cells(v, side))) {
        problems.push("pawn promotion zones and a piece-promotion zone on different squares (FSF has one promotion region a side)".into());
    }
    let kinds = v.pieces.len();
    let dead = dead_cells(&v.tables, kinds, pp.words);
    let is_dead = |k: usize, side: usize, c: usize| has(&dead, (k * 2 + side) * pp.words, c);
    // Where every promoting kind has no move anywhere in its zone (Dobutsu's
    // chick on the far rank), our promotion is forced on every move into the
    // zone: FSF's `mandatoryPiecePromotion`, without `immobilityIllegal`
    // (FSF's own dobutsu), so a piece may still be dropped where it cannot
    // move, as ours may.
    let forced = (0..kinds).filter(|&k| pp.to[k] != NONE).all(|k| {
        (0..2).all(|s| (0..v.grid.len()).filter(|&c| has(&pp.zone, s * pp.words, c)).all(|c| is_dead(k, s, c)))
    });
    if forced {
        out.push("mandatoryPiecePromotion = true".into());
        return out;
    }
    for k in (0..kinds).filter(|&k| pp.to[k] == NONE && !v.pieces[k].immobile) {
        if (0..2).any(|s| dead[(k * 2 + s) * pp.words..][..pp.words].iter().any(|&w| w != 0)) {
            problems.push(format!(
                "the {} has cells with no move and no promotion; FSF's `immobilityIllegal` (which gives the shogi rule that a piece must promote where it could not move again) would forbid moving it there",
                v.pieces[k].name
            ));
        }
    }
    out.push("immobilityIllegal = true".into());
    if pp.mandatory {
        out.push("mandatoryPiecePromotion = true".into());
    }
    out
}

/// `promotedPieceType` for the kinds that promote from their own face
/// (with `flip` a promoted kind "promotes" back to its base: not written).
fn promoted_types(v: &Variant, pp: &PiecePromotion) -> String {
    let pairs: Vec<String> = (0..pp.to.len())
        .filter(|&k| pp.to[k] != NONE && pp.base[k] as usize == k)
        .map(|k| {
            let letter = |k: usize| v.pieces[k].letter.to_ascii_lowercase();
            format!("{}:{}", letter(k), letter(pp.to[k] as usize))
        })
        .collect();
    format!("promotedPieceType = {}", pairs.join(" "))
}

/// `promotion.flip` (kyoto shogi): some promoted kind turns back into its
/// base when it moves.
fn flips(pp: &PiecePromotion) -> bool {
    (0..pp.to.len()).any(|k| pp.to[k] != NONE && pp.base[k] as usize != k)
}

/// Pieces turned over on every move as FSF's own kyotoshogi writes it:
/// `mandatoryPiecePromotion` with `pieceDemotion`, the promotion region the
/// whole board (FSF demotes on any move, `generate_moves`: `b3 =
/// pos.piece_demotion() && pos.is_promoted(from) ? b1`), and no
/// `immobilityIllegal` (a turned-over piece may stand where it cannot move).
fn flip_lines(v: &Variant, pp: &PiecePromotion, problems: &mut Vec<String>) -> Vec<String> {
    let whole = (0..2).all(|side| (0..v.grid.len()).all(|c| has(&pp.zone, side * pp.words, c)));
    if !whole {
        problems.push("pieces turned over only inside a zone: FSF's pieceDemotion turns a promoted piece back on every move, wherever it goes (movegen.cpp: `b3 = pos.piece_demotion() && pos.is_promoted(from) ? b1`)".into());
    }
    if !v.zones.is_empty() {
        problems.push("both pawn promotion zones and a piece-promotion zone (FSF has one promotion region)".into());
    }
    let all: Vec<String> = (1..=v.grid.ranks()).map(|r| format!("*{r}")).collect();
    let mut out = vec![
        promoted_types(v, pp),
        format!("promotionRegionWhite = {}", all.join(" ")),
        format!("promotionRegionBlack = {}", all.join(" ")),
        "mandatoryPiecePromotion = true".into(),
        "pieceDemotion = true".into(),
    ];
    if pp.on_capture {
        // Micro shogi: only a capture turns a piece over (FSF's own
        // microshogi).
        out.push("piecePromotionOnCapture = true".into());
    }
    out
}

/// Promotion limited by the setup's counts: FSF's `promotionLimit`
/// (promotion to a kind only while the side has fewer than the limit; 0
/// means no limit, so a choice absent from the setup cannot be written).
/// One count for both sides: only the sides that may promote to a kind
/// must agree (Spartan: only Black promotes to a king, limited to its 2).
pub(super) fn limit_lines(v: &Variant, problems: &mut Vec<String>) -> Vec<String> {
    let limited: Vec<_> = v.zones.iter().filter(|z| z.limit.is_some()).collect();
    let Some(z) = limited.first() else { return Vec::new() };
    if limited.iter().any(|y| y.limit != z.limit) {
        problems.push("promotion zones with different setup limits (FSF has one promotionLimit)".into());
        return Vec::new();
    }
    let limit = z.limit.as_ref().expect("found with a limit");
    let mut kinds: Vec<u8> = limited.iter().flat_map(|z| z.choices.iter().copied()).collect();
    kinds.sort();
    kinds.dedup();
    if v.zones.iter().any(|y| y.limit.is_none() && y.choices.iter().any(|k| kinds.contains(k))) {
        problems.push("a promotion choice limited by the setup in one zone and not in another (FSF's promotionLimit holds everywhere)".into());
    }
    let mut pairs = Vec::new();
    for k in kinds {
        let sides: Vec<usize> =
            (0..2).filter(|&s| limited.iter().any(|z| !z.ranks[s].is_empty() && z.choices.contains(&k))).collect();
        let counts: Vec<_> = sides.iter().map(|&s| limit[k as usize][s]).collect();
        let name = &v.pieces[k as usize].name;
        let Some(&n) = counts.first().filter(|&&n| n != 0 && counts.iter().all(|&c| c == n)) else {
            let [w, b] = limit[k as usize];
            problems.push(format!(
                "promotion to the {name} limited by the setup's {w} (White) and {b} (Black): FSF's promotionLimit is one positive count for both sides"
            ));
            continue;
        };
        pairs.push(format!("{}:{n}", v.pieces[k as usize].letter.to_ascii_lowercase()));
    }
    vec![format!("promotionLimit = {}", pairs.join(" "))]
}

/// Explosions as FSF's `blastOnCapture`: a capture removes the capturer,
/// the captured piece and every piece on the 8 cells around except pawns.
/// FSF allows no king with it, so the royal piece is a commoner made royal
/// by `extinctionPseudoRoyal` (FSF's own atomic). Exact only for a radius of
/// one cell and exactly the pawns spared.
pub(super) fn explosion_lines(v: &Variant, keys: &Keys, problems: &mut Vec<String>) -> Vec<String> {
    let Some(x) = &v.explosions else { return Vec::new() };
    let g = &v.grid;
    let neighbours = |c: Cell| {
        let (cx, cy) = g.coords(c);
        let mut out: Vec<Cell> = (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
            .filter(|&d| d != (0, 0))
            .filter_map(|(dx, dy)| g.at(cx as i32 + dx, cy as i32 + dy))
            .collect();
        out.sort();
        out
    };
    let radius_one = (0..g.len() as Cell).all(|c| {
        let mut around = x.around(c).to_vec();
        around.sort();
        around == neighbours(c)
    });
    if !radius_one {
        problems.push("explosions reaching other cells than the 8 around the capture (FSF's blast is those 8)".into());
    }
    for (k, p) in v.pieces.iter().enumerate() {
        if x.spared[k] != (keys[k] == "pawn") {
            problems.push(format!(
                "the {} is {}spared by explosions; FSF's blast spares exactly its pawns",
                p.name,
                if x.spared[k] { "" } else { "not " }
            ));
        }
    }
    let immune: String =
        v.pieces.iter().zip(&x.immune).filter(|(_, &i)| i).map(|(p, _)| p.letter.to_ascii_lowercase()).collect();
    if v.pieces.iter().zip(&x.immune).any(|(p, &i)| i && p.royal) {
        // FSF's parser: "Can not use kings or pseudo-royal with blastImmuneTypes."
        problems
            .push("a royal kind immune to explosions (FSF's parser refuses blastImmuneTypes for royal kinds)".into());
    }
    if v.rules.bare_king || v.pieces.iter().any(|p| p.capture_wins.is_some()) {
        problems.push("explosions together with another extinction rule (FSF's atomic king is one)".into());
    }
    let royal: String = v.pieces.iter().filter(|p| p.royal).map(|p| p.letter.to_ascii_lowercase()).collect();
    let mut out = vec!["blastOnCapture = true".to_string()];
    if !immune.is_empty() {
        out.push(format!("blastImmuneTypes = {immune}"));
    }
    if !royal.is_empty() {
        // Without a royal piece (nocheckatomic, atomar) `[extinction]` says
        // how it ends. The castling king (a commoner here) is written with
        // the castling.
        out.extend([
            "extinctionValue = loss".to_string(),
            format!("extinctionPieceTypes = {royal}"),
            "extinctionPseudoRoyal = true".into(),
        ]);
    }
    out
}
