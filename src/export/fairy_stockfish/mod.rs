//! A Fairy-Stockfish (FSF) `variants.ini` section — only where FSF can play
//! the game exactly. Otherwise an [`ExportError`] lists every feature FSF
//! cannot express, each with the reason.
//!
//! What FSF can express (checked against FSF's `variants.ini` documentation
//! and its source; see `docs/research/fairy-stockfish.md`): boards up to 12
//! files × 10 ranks (large-board build), holes as `*` wall squares (exact
//! for pieces that do not hop), pieces built from leapers, R/B/Q riders with
//! a one-digit range, the N rider, R/B hoppers and lame N/A/D/Z leapers with
//! direction and m/c modifiers, promotion zones by rank with one choice list
//! (compulsory, or Grand Chess's optional zones with a compulsory last rank
//! as `immobilityIllegal`), stalemate values, a bare-king loss without
//! counter-baring, capture-to-win pieces (one a side) as extinction, the
//! n-move and repetition rules; written by [`castle`]: castling by one kind
//! (royal or not) with a partner kind on any relative rank, and S-Chess
//! gating; by [`ends`]: extinction, compulsory capture, checkmate and
//! stalemate values, draw odds, the en-passant region, several royals
//! (pseudo-royal extinction, duple check), no checks, Makpong's rule and
//! the equalizing flag move; and by [`rules`]: hands and drops
//! (`pieceDrops`, `capturesToHand`, `dropLoop`, drop squares, nifu,
//! uchifuzume), shogi-style promotion (`promotedPieceType`), promotion
//! limited by the setup (`promotionLimit`), mobility regions, the xiangqi
//! soldier, pawn double steps by rank, the flying general, one flag goal
//! and check counting.
//!
//! What it cannot: FSF's Betza parser *silently* drops what it does not
//! understand (multi-leg `a` chains, brackets, `j`/`o`/`z`/`q`/`y`…, D/A/H
//! riders, two-digit ranges, direction pairs it has no entry for), so
//! every such construct is refused here
//! instead of being written into an ini that would quietly mean something
//! else. Also refused: boards over 12x10, holes together with hoppers
//! (FSF hoppers may use a wall as a screen), per-side Betza, conditional
//! special moves, promotion choices that differ by rank, counter-baring
//! (FSF's nearest, Shatranj's settings, ends and goes on at other moments),
//! deployment phases, rule modules, capture restrictions, graph boards, and
//! drop squares or region moves FSF's options cannot give (each with the
//! difference).
//!
//! `tools/fsf_export_check.py` loads every section this writes for a
//! built-in (and for the test definitions) into pyffish and into the FSF
//! binary (`check`, then `go perft`), and freezes FSF's perft and legal
//! moves; `tests/export.rs` compares them with our engine.

use std::fmt::Write as _;

mod castle;
mod ends;
mod rules;

use super::{setup_placement, ExportError, Feature, Format};
use crate::betza::ast::{AtomKind, Move, Range};
use crate::betza::{compile_paths, parse};
use crate::game::fen::Placement;
use crate::variant::{EndValue, Variant};

/// FSF's built-in piece types we map to, with their Betza.
const BUILTIN: &[(&str, &str)] = &[
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("dragonHorse", "BW"),
    ("fers", "F"),
    ("wazir", "W"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("cannon", "mRcpR"),
    ("commoner", "K"),
    ("centaur", "KN"),
    // FSF's shogi pawn: the piece `shogiPawnDropMateIllegal` is about.
    ("shogiPawn", "fW"),
];

/// Rule families this exporter writes as FSF options (the others are refused).
const WRITTEN: &[Feature] = &[
    Feature::CaptureWins,
    Feature::Drops,
    Feature::Region,
    Feature::CheckLimit,
    Feature::Goal,
    Feature::FlyingGeneral,
    Feature::PiecePromotion,
    Feature::PromotionLimit,
    Feature::Effects,
    Feature::Castling,
    Feature::Extinction,
    Feature::Royalty,
];

/// The orthodox pawn: FSF's built-in `pawn`.
const PAWN: &str = "fmWfceFifmnD";

/// Largest board of FSF's large-board build.
const MAX_FILES: u32 = 12;
const MAX_RANKS: u32 = 10;

/// Whether two Betza strings mean the same moves (same paths, any order).
fn same_moves(a: &str, b: &str) -> bool {
    match (compile_paths(a), compile_paths(b)) {
        (Ok(x), Ok(y)) => x.len() == y.len() && x.iter().all(|p| y.contains(p)) && y.iter().all(|p| x.contains(p)),
        _ => false,
    }
}

/// Problems FSF has with a Betza string (empty: FSF reads it as we do).
/// `castle_ok`: the `O` atom may appear (royal piece). Returns the problems
/// and whether the string has an `i` move and an `e` capture.
fn betza_problems(what: &str, text: &str, castle_ok: bool) -> (Vec<String>, bool, bool) {
    let mut out = Vec::new();
    let (mut has_i, mut has_e) = (false, false);
    let piece = match parse(text) {
        Ok(p) => p,
        Err(e) => return (vec![format!("{what}: Betza {text:?} does not parse: {}", e.message)], false, false),
    };
    for m in &piece.moves {
        let c = match m {
            Move::Bracket(b) => {
                out.push(format!(
                    "{what}: `{}` is a multi-leg bracket move (FSF's Betza has no multi-leg moves and would drop it silently)",
                    &text[b.span.start..b.span.end]
                ));
                continue;
            }
            Move::Chain(c) => c,
        };
        let written = &text[c.span.start..c.span.end];
        if c.legs.len() > 1 {
            out.push(format!(
                "{what}: `{written}` is a multi-leg move ({} legs; FSF ignores `a` and would read something else)",
                c.legs.len()
            ));
            continue;
        }
        let (letter, ext) = match &c.atom.kind {
            AtomKind::Letter { letter, extensions } => (*letter, extensions.as_str()),
            AtomKind::Leap(a, b) => {
                out.push(format!("{what}: `{written}` uses an explicit leap ({a},{b}), which FSF's Betza lacks"));
                continue;
            }
        };
        if !ext.is_empty() {
            out.push(format!("{what}: `{written}` uses X/Y atom extensions, which FSF's Betza lacks"));
            continue;
        }
        let slider = matches!(letter, 'R' | 'B' | 'Q');
        match c.range {
            Some(Range::Count(n, _)) if n >= 10 => {
                out.push(format!("{what}: `{written}` has a two-digit range (FSF reads only the first digit)"))
            }
            Some(Range::Star(_)) => out.push(format!("{what}: `{written}` has the range `*`")),
            Some(Range::Count(1, _)) | None => {}
            Some(_) if slider || letter == 'N' => {}
            Some(_) if letter == 'O' => {}
            Some(_) => out.push(format!(
                "{what}: `{written}` is a {letter}-rider (FSF has rider tables only for R, B and N rays; it would generate no moves for it)"
            )),
        }
        if letter == 'O' && !castle_ok {
            out.push(format!("{what}: castling (`{written}`) by a second kind (FSF castles one kind)"));
        }
        let letters: Vec<char> = c.legs[0].letters.iter().map(|l| l.letter).collect();
        out.extend(direction_problems(what, written, letter, &letters));
        let has_m = letters.contains(&'m');
        let has_c = letters.contains(&'c');
        for &l in &letters {
            match l {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' | 'm' | 'c' => {}
                'i' => {
                    has_i |= letter != 'O';
                    if letter != 'O' && (has_c || !has_m) {
                        out.push(format!("{what}: `{written}` is an initial move that may capture (FSF's `i` allows quiet moves only)"));
                    }
                }
                'e' => has_e = true,
                'n' if matches!(letter, 'N' | 'A' | 'D' | 'Z') && c.range.is_none() => {}
                'n' => {
                    out.push(format!("{what}: `{written}` is a lame {letter} (FSF has lame N, A, D and Z leaps only)"))
                }
                'p' | 'g' if matches!(letter, 'R' | 'B') => {}
                'p' | 'g' => out
                    .push(format!("{what}: `{written}` hops along {letter} lines (FSF hops along R and B lines only)")),
                other => out.push(format!(
                    "{what}: `{written}` uses the modifier `{other}`, which FSF's Betza parser skips without a warning"
                )),
            }
        }
    }
    (out, has_i, has_e)
}

/// Directions FSF reads as we do, checked one by one against pyffish on a
/// lone piece (W, F, D, N, A, C, Z atoms, the R, B and N riders): single
/// letters, which FSF's parser doubles (`f` → `ff`), and these pairs.
const FSF_DIRECTIONS: &[&str] =
    &["ff", "bb", "ll", "rr", "vv", "ss", "fr", "rf", "fl", "lf", "br", "rb", "bl", "lb", "fs", "bs"];

/// Where FSF's Betza parser (`from_betza` in its `piece.cpp`) reads the
/// direction modifiers of a move differently from ours. FSF pairs a
/// direction letter with the next one when they repeat or one is vertical
/// (`fbvh`) and the other horizontal (`rlsh`), doubles a lone letter, and
/// looks the pairs up in a fixed list: a pair absent from it (`sf`, `vs`,
/// any with `h`) gives no move at all; and on the compound atoms K and Q it
/// applies the pair to the W and F parts separately (`fK` is three moves in
/// FSF, one in ours).
fn direction_problems(what: &str, written: &str, atom: char, letters: &[char]) -> Vec<String> {
    const VERT: &str = "fbvh";
    const HORI: &str = "rlsh";
    let dirs: Vec<char> = letters.iter().copied().filter(|c| VERT.contains(*c) || HORI.contains(*c)).collect();
    if dirs.is_empty() {
        return Vec::new();
    }
    if matches!(atom, 'K' | 'Q') {
        return vec![format!(
            "{what}: `{written}` restricts the directions of a {atom}, which FSF applies to its W and F parts separately (a different set of moves)"
        )];
    }
    let mut groups = Vec::new();
    let mut i = 0;
    while i < dirs.len() {
        let (c, next) = (dirs[i], dirs.get(i + 1).copied());
        let pairs = next.is_some_and(|d| {
            d == c || (VERT.contains(c) && HORI.contains(d)) || (HORI.contains(c) && VERT.contains(d))
        });
        let g: String = if pairs { [c, next.unwrap_or(c)].iter().collect() } else { [c, c].iter().collect() };
        i += if pairs { 2 } else { 1 };
        groups.push(g);
    }
    groups
        .into_iter()
        .filter(|g| !FSF_DIRECTIONS.contains(&g.as_str()))
        .map(|g| format!("{what}: `{written}`: FSF's Betza parser reads the directions as `{g}`, which it does not give the moves we do"))
        .collect()
}

/// The `variants.ini` section for `v`, or every reason FSF cannot play it.
pub fn export(v: &Variant) -> Result<String, ExportError> {
    if let Some(e) = super::graph_board(v, Format::FairyStockfish) {
        return Err(e);
    }
    let mut problems = Vec::new();
    let g = &v.grid;
    let (files, ranks) = (g.files(), g.ranks());
    if files > MAX_FILES || ranks > MAX_RANKS {
        problems.push(format!(
            "board {files}x{ranks} is larger than FSF's maximum of {MAX_FILES} files x {MAX_RANKS} ranks (large-board build)"
        ));
    }
    // Capture-to-win pieces are written as extinction below, the families
    // of `rules` as their FSF options; every other rule outside the move
    // model is a refusal.
    let wins: Vec<usize> = (0..v.pieces.len()).filter(|&k| v.pieces[k].capture_wins.is_some()).collect();
    problems.extend(super::special_rule_items(v).into_iter().filter(|(f, _)| !WRITTEN.contains(f)).map(|(_, s)| s));
    let has_holes = !super::holes(v).is_empty();
    let pl = setup_placement(v);

    let king = ends::king_kind(v, &pl);
    let castler = castle::castling_kind(v);
    let cambodian = castle::cambodian(v);

    let mut lines: Vec<String> = Vec::new();
    // FSF's key of each kind (`pawn`, `customPiece2`, …), in kind order.
    let mut keys: Vec<String> = Vec::new();
    let mut used_builtin: Vec<&str> = Vec::new();
    let mut custom = 0;
    let mut any_e = false;
    let mut std_pawn = false;
    let mut hoppers = false;
    if king.is_none() && v.explosions.is_none() {
        lines.push("king = -".into());
    }
    for (k, p) in v.pieces.iter().enumerate() {
        let what = format!("piece {} ({})", p.name, p.letter);
        let letter = p.letter.to_ascii_lowercase();
        if p.betza_black.is_some() {
            problems.push(format!("{what}: Black's moves are given separately (`betza-black`); FSF mirrors White's"));
        }
        // Region-bound special moves are reported with the region rules.
        let leaps = cambodian.is_some_and(|(kk, _)| kk == k);
        for ((name, b), _) in p.specials.iter().zip(&p.special_regions).filter(|(_, r)| r.is_none() && !leaps) {
            problems.push(format!(
                "{what}: the special move {name:?} (`{b}`) is allowed only under a condition, which FSF cannot express"
            ));
        }
        if p.immobile && !p.royal {
            lines.push(format!("immobile = {letter}"));
            keys.push("immobile".into());
            continue;
        }
        if rules::region_pawn_rank(v, k).is_some() {
            lines.push(format!("pawn = {letter}"));
            keys.push("pawn".into());
            std_pawn = true;
            any_e = true;
            continue;
        }
        if rules::soldier_rank(v, k).is_some() {
            lines.push(format!("soldier = {letter}"));
            keys.push("soldier".into());
            continue;
        }
        let castles = castler == Some(k);
        let (mut probs, has_i, has_e) = betza_problems(&what, &p.betza, castles);
        if let Ok(paths) = compile_paths(&p.betza) {
            hoppers |= paths.iter().any(|pa| {
                pa.legs
                    .iter()
                    .any(|l| l.mode & (crate::betza::semantics::mode::HOP | crate::betza::semantics::mode::GRASS) != 0)
            });
        }
        let is_std_pawn = p.pawn && same_moves(&p.betza, PAWN);
        if cambodian.is_some_and(|(_, met)| met == k) {
            // Its double step is FSF's cambodianMoves (castle::cambodian).
            probs.clear();
            used_builtin.push("fers");
            lines.push(format!("fers = {letter}"));
            keys.push("fers".into());
        } else if is_std_pawn {
            std_pawn = true;
            any_e = true;
            probs.clear();
            lines.push(format!("pawn = {letter}"));
            keys.push("pawn".into());
        } else if p.royal && v.explosions.is_some() {
            // FSF allows no king with blastOnCapture: atomic's king is a
            // commoner made royal by extinction (`rules::explosion_lines`).
            keys.push("commoner".into());
            used_builtin.push("commoner");
            lines.push("king = -".into());
            lines.push(format!("commoner = {letter}"));
            if !same_moves(&strip_castling(&p.betza), "K") {
                problems.push(format!(
                    "{what}: a royal piece with explosions that does not move as a king (FSF's is a commoner)"
                ));
            }
        } else if king == Some(k) {
            let moves: String = strip_castling(&p.betza);
            keys.push("king".into());
            if same_moves(&moves, "K") {
                lines.push(format!("king = {letter}"));
            } else {
                lines.push(format!("king = {letter}:{moves}"));
            }
        } else if let Some((name, _)) =
            BUILTIN.iter().find(|(n, b)| !used_builtin.contains(n) && same_moves(&own_moves(&p.betza, castles), b))
        {
            used_builtin.push(name);
            lines.push(format!("{name} = {letter}"));
            keys.push(name.to_string());
        } else {
            custom += 1;
            lines.push(format!("customPiece{custom} = {letter}:{}", own_moves(&p.betza, castles)));
            keys.push(format!("customPiece{custom}"));
        }
        if has_e && !is_std_pawn {
            probs.push(format!(
                "{what}: en-passant capture (`e`) by a piece other than the orthodox pawn is not mapped to FSF"
            ));
        }
        if has_i && !is_std_pawn && cambodian.is_none_or(|(_, met)| met != k) {
            probs.push(format!(
                "{what}: an initial (`i`) move; FSF's `i` means 'on the double-step ranks', not 'not moved yet'"
            ));
        }
        problems.extend(probs);
    }
    if custom > 25 {
        problems.push(format!("{custom} custom pieces (FSF allows 25)"));
    }
    if has_holes && hoppers {
        problems.push(
            "holes together with hoppers: FSF's holes are wall squares that a hopper may use as its screen; ours are off the board"
                .into(),
        );
    }

    // Pawns: FSF's `i` = standing on the double-step ranks, ours = not moved
    // yet. They agree when every orthodox pawn starts on one rank per side.
    let mut double_step: Vec<String> = Vec::new();
    let pawn_kinds: Vec<usize> = (0..v.pieces.len()).filter(|&k| v.pieces[k].pawn).collect();
    if std_pawn {
        for (side, key) in [(0u8, "White"), (1u8, "Black")] {
            let mut rs: Vec<u32> = Vec::new();
            for (c, cell) in pl.cells.iter().enumerate() {
                if let Some((kind, s)) = *cell {
                    if s == side && v.pieces[kind as usize].pawn && same_moves(&v.pieces[kind as usize].betza, PAWN) {
                        let y = g.coords(c as u16).1 + 1;
                        if !rs.contains(&y) {
                            rs.push(y);
                        }
                    }
                }
            }
            match rs.len() {
                0 => {}
                1 => double_step.push(format!("doubleStepRegion{key} = *{}", rs[0])),
                _ => problems.push(format!(
                    "{key}'s pawns start on several ranks ({rs:?}): their initial double step ('not moved yet') differs from FSF's rank-based one"
                )),
            }
        }
    }

    // Castling and gating.
    let mut castle_lines = castle::castle_lines(v, &pl, &keys, &mut problems);
    castle_lines.extend(castle::gating_lines(v, &mut problems));
    if cambodian.is_some() {
        castle_lines.extend(["gating = true".to_string(), "cambodianMoves = true".into()]);
    }

    // Promotion.
    let mut promo_lines = Vec::new();
    let pawn_letters: String = pawn_kinds.iter().map(|&k| v.pieces[k].letter.to_ascii_lowercase()).collect();
    promo_lines.push(format!("pawnTypes = {}", if pawn_letters.is_empty() { "-".to_string() } else { pawn_letters }));
    match v.zones.len() {
        0 => promo_lines.push("promotionPieceTypes = -".into()),
        _ => {
            let z0 = &v.zones[0];
            if v.zones.iter().any(|z| z.choices != z0.choices) {
                problems.push(format!(
                    "{} promotion zones with different choices (FSF has one promotion region and one set of choices)",
                    v.zones.len()
                ));
            }
            if v.zones.iter().any(|z| !z.cells[0].is_empty() || !z.cells[1].is_empty()) {
                problems.push("promotion zones given by cells (written here by ranks only)".into());
            }
            for (side, key) in [(0usize, "White"), (1usize, "Black")] {
                let mut rs: Vec<u32> = v.zones.iter().flat_map(|z| z.ranks[side].iter().map(|r| r + 1)).collect();
                rs.sort();
                rs.dedup();
                let spec: Vec<String> = rs.iter().map(|r| format!("*{r}")).collect();
                promo_lines.push(format!("promotionRegion{key} = {}", spec.join(" ")));
            }
            let choices: String =
                z0.choices.iter().map(|&k| v.pieces[k as usize].letter.to_ascii_lowercase()).collect();
            promo_lines.push(format!("promotionPieceTypes = {choices}"));
            match promotion_compulsion(v) {
                Ok(lines) => promo_lines.extend(lines),
                Err(e) => problems.push(e),
            }
        }
    }

    // Game end.
    let mut end_lines = capture_wins_lines(v, &pl, &wins, &mut problems);
    end_lines.push(format!(
        "stalemateValue = {}",
        match v.rules.stalemate {
            EndValue::Loss => "loss",
            EndValue::Draw => "draw",
            EndValue::Win => "win",
        }
    ));
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
        end_lines.push("extinctionValue = loss".into());
        end_lines.push("extinctionPieceTypes = *".into());
        end_lines.push("extinctionPieceCount = 1".into());
    }
    let mut rule_lines = rule_lines(v, &pl, &keys, &promo_lines, &mut problems);
    rule_lines.extend(rules::explosion_lines(v, &keys, &mut problems));
    end_lines.extend(ends::end_rule_lines(v, king, &mut problems));
    end_lines.push(format!("nMoveRule = {}", v.rules.move_rule));
    if v.rules.repetition == 0 {
        problems.push("no repetition rule (FSF always has one)".into());
    } else {
        end_lines.push(format!("nFoldRule = {}", v.rules.repetition));
    }

    if !problems.is_empty() {
        return Err(ExportError { format: Format::FairyStockfish, variant: v.name.clone(), problems });
    }

    let mut out = String::new();
    let _ = writeln!(out, "# {} for Fairy-Stockfish.", v.title);
    let _ = writeln!(out, "# Generated by `rookery export {} --format fairy-stockfish`; FSF plays it exactly.", v.name);
    if files > 8 || ranks > 8 {
        let _ = writeln!(
            out,
            "# The board is {files}x{ranks}: this needs FSF's large-board build (the pyffish wheel is one)."
        );
    }
    if has_holes {
        let _ = writeln!(out, "# Holes are written as FSF wall squares `*` in startFen.");
    }
    let _ = writeln!(out, "[rookery-{}]", v.name);
    let _ = writeln!(out, "maxFile = {files}");
    let _ = writeln!(out, "maxRank = {ranks}");
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    for l in promo_lines {
        let _ = writeln!(out, "{l}");
    }
    if !std_pawn {
        let _ = writeln!(out, "doubleStep = false");
    }
    for l in double_step {
        let _ = writeln!(out, "{l}");
    }
    if !any_e {
        let _ = writeln!(out, "enPassantTypes = -");
    }
    for l in castle_lines {
        let _ = writeln!(out, "{l}");
    }
    for l in rule_lines {
        let _ = writeln!(out, "{l}");
    }
    for l in end_lines {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(out, "startFen = {}", v.setup_fen);
    Ok(out)
}

/// The lines of the rule families in [`rules`]: regions, goals, check
/// counting, the flying general, piece promotion, promotion limits, drops.
fn rule_lines(
    v: &Variant,
    pl: &Placement,
    keys: &[String],
    promo: &[String],
    problems: &mut Vec<String>,
) -> Vec<String> {
    let mut out = rules::region_lines(v, keys, problems);
    out.extend(rules::goal_lines(v, problems));
    out.extend(rules::check_lines(v, pl, problems));
    if v.rules.flying_general {
        out.push("flyingGeneral = true".into());
    }
    out.extend(rules::piece_promotion_lines(v, problems));
    out.extend(rules::limit_lines(v, problems));
    let immobility = promo.iter().chain(&out).any(|l| l == "immobilityIllegal = true");
    out.extend(rules::drop_lines(v, pl, keys, immobility, problems));
    // Written once, though both pawn and piece promotion may ask for it.
    if promo.iter().any(|l| l == "immobilityIllegal = true") {
        out.retain(|l| l != "immobilityIllegal = true");
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

/// Capture-to-win pieces as FSF extinction: a side that has lost its only
/// piece of such a kind loses. Exact only when each side starts with
/// exactly one of each such kind (otherwise a refusal).
fn capture_wins_lines(
    v: &Variant,
    pl: &crate::game::fen::Placement,
    wins: &[usize],
    problems: &mut Vec<String>,
) -> Vec<String> {
    if wins.is_empty() {
        return Vec::new();
    }
    for &k in wins {
        for side in 0..2u8 {
            let n = pl.cells.iter().filter(|c| **c == Some((k as u8, side))).count();
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

/// A piece's Betza as written in the section: without its castling moves
/// when it castles (FSF's castling is options, not Betza).
fn own_moves(betza: &str, castles: bool) -> String {
    if castles {
        strip_castling(betza)
    } else {
        betza.to_string()
    }
}

/// The Betza of a royal piece without its castling moves (`KisO2` → `K`).
fn strip_castling(betza: &str) -> String {
    let Ok(piece) = parse(betza) else { return betza.to_string() };
    let mut out = String::new();
    for m in &piece.moves {
        let castle = matches!(m, Move::Chain(c) if matches!(c.atom.kind, AtomKind::Letter { letter: 'O', .. }));
        if !castle {
            out.push_str(&m.to_string());
        }
    }
    out
}
