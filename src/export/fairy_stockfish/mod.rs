//! A Fairy-Stockfish (FSF) `variants.ini` section — only where FSF can play
//! the game exactly. Otherwise an [`ExportError`] lists every feature FSF
//! cannot express, each with the reason.
//!
//! What FSF can express (checked against FSF's `variants.ini` documentation
//! and its source; see `docs/research/fairy-stockfish.md`): boards up to 12
//! files × 10 ranks (large-board build), holes as `*` wall squares (exact
//! for pieces that do not hop), pieces built from leapers, R/B/Q riders and
//! W/F/K atoms with a one-digit range (FSF's `from_betza` makes them R and B
//! ray sliders), the N rider, R/B/Q hoppers and lame N/A/D/Z leapers with
//! direction and m/c modifiers, en passant by other pawns than FSF's
//! (`enPassantTypes`), promotion zones by rank with one choice list
//! (compulsory, or Grand Chess's optional zones with a compulsory last rank
//! as `immobilityIllegal`), stalemate values, a bare-king loss without
//! counter-baring, capture-to-win pieces (one a side) as extinction, the
//! n-move and repetition rules; written by [`counting`]: the makruk,
//! cambodian and asean counting rules and Shatar's mate rules, with FSF's
//! types for the pieces they count; by [`castle`]: castling by one kind
//! (royal or not) with a partner kind on any relative rank, and S-Chess
//! gating; by [`ends`]: extinction, compulsory capture, checkmate and
//! stalemate values, draw odds, the en-passant region, several royals
//! (pseudo-royal extinction, duple check), Shatranj's opponent count and
//! claim, no checks, Makpong's rule and
//! the equalizing flag move; and by [`rules`]: hands and drops
//! (`pieceDrops`, `capturesToHand`, `dropLoop`, drop squares, nifu,
//! uchifuzume, sittuyin's chariot), shogi-style promotion
//! (`promotedPieceType`; kyoto shogi's turning over as `pieceDemotion`),
//! promotion as a move (`sittuyinPromotion`), promotion limited by the
//! setup (`promotionLimit`), mobility regions, the xiangqi soldier, pawn
//! double steps by rank, the flying general, one flag goal, check counting,
//! and explosions with immune and mutually immune kinds; by [`flipping`]:
//! Reversi's and Ataxx's flipping with FSF's `flipEnclosedPieces`,
//! `enclosingDrop`, `enclosingDropStart`, `passOnStalemate`,
//! `adjudicateFullBoard` and `materialCounting = unweighted`.
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

mod betza;
mod castle;
mod counting;
mod drops;
mod ends;
mod flipping;
mod inherit;
mod initial;
mod pieces;
mod promotion;
mod rules;
mod walls;

use super::{setup_placement, ExportError, Feature, Format};
use crate::betza::ast::{AtomKind, Move};
use crate::betza::{compile_paths, parse};
use crate::game::fen::Placement;
use crate::variant::Variant;

/// Rule families this exporter writes as FSF options (the others are refused).
const WRITTEN: &[Feature] = &[
    Feature::CaptureWins,
    Feature::Drops,
    Feature::Region,
    Feature::PromotionCells,
    Feature::CheckLimit,
    Feature::Goal,
    Feature::FlyingGeneral,
    Feature::PiecePromotion,
    Feature::PromotionLimit,
    Feature::Effects,
    Feature::Castling,
    Feature::Extinction,
    Feature::Royalty,
    Feature::Counting,
    Feature::Walls,
    Feature::PromotionMove,
    Feature::Flipping,
    Feature::Petrify,
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

/// The parts of a section, each written by one step of [`export`], in the
/// order they are written.
struct Section {
    /// The piece lines and keys.
    pieces: pieces::Pieces,
    /// `pawnTypes` and the promotion options.
    promotion: Vec<String>,
    /// `doubleStepRegion…` for initial moves.
    double_step: Vec<String>,
    /// Castling, gating and Ouk Chatrang's first moves.
    castling: Vec<String>,
    /// The rule families of [`rules`] and explosions.
    rules: Vec<String>,
    /// How the game ends.
    ends: Vec<String>,
}

/// The `variants.ini` section for `v`, or every reason FSF cannot play it.
pub fn export(v: &Variant) -> Result<String, ExportError> {
    if let Some(e) = super::graph_board(v, Format::FairyStockfish) {
        return Err(e);
    }
    if let Some(child) = inherit::section(v) {
        return child.map_err(|problems| ExportError {
            format: Format::FairyStockfish,
            variant: v.name.clone(),
            problems,
        });
    }
    let mut problems = outside_problems(v);
    let pl = setup_placement(v);
    let king = ends::king_kind(v, &pl);
    let pieces = pieces::map_pieces(v, king, &mut problems);
    let double_step = double_step_lines(v, &pl, &pieces, &mut problems);
    let castling = castling_lines(v, &pl, &pieces.keys, &mut problems);
    let promotion = pawn_promotion_lines(v, &pieces.keys, &mut problems);
    // The end lines are written last but checked around the rule lines, in
    // the order the refusals list them.
    let mut ends = ends::result_lines(v, &pl, &mut problems);
    let mut rules = rule_lines(v, &pl, &pieces.keys, &promotion, &mut problems);
    rules.extend(rules::explosion_lines(v, &pieces.keys, &mut problems));
    rules.extend(pieces::mutual_immunity_lines(v));
    rules.extend(walls::wall_lines(v));
    rules.extend(flipping::lines(v, &mut problems));
    ends.extend(ends::end_rule_lines(v, king, &mut problems));
    ends.extend(counting::lines(v, &pieces.keys, &mut problems));
    ends.extend(ends::draw_rule_lines(v, &mut problems));
    let section = Section { pieces, promotion, double_step, castling, rules, ends };
    problems.extend(conflicting_keys(&section));
    if !problems.is_empty() {
        problems.extend(unmapped_notes(v));
        return Err(ExportError { format: Format::FairyStockfish, variant: v.name.clone(), problems });
    }
    Ok(write_section(v, &section))
}

/// Keys two rule families would write with different values (FSF keeps the
/// last one, so the section would quietly lose one rule).
fn conflicting_keys(s: &Section) -> Vec<String> {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    let mut out = Vec::new();
    let all = s.promotion.iter().chain(&s.double_step).chain(&s.castling).chain(&s.rules).chain(&s.ends);
    for (key, value) in all.filter_map(|l| l.split_once(" = ")) {
        match seen.iter().find(|(k, _)| *k == key) {
            Some((_, old)) if *old != value => {
                out.push(format!("two rules need `{key}` with different values (`{old}` and `{value}`); FSF has one"))
            }
            Some(_) => {}
            None => seen.push((key, value)),
        }
    }
    out
}

/// What the refusal of a game like one of [`inherit`]'s parents owes to
/// FSF's built-ins, which the items above describe in terms of the general
/// options only.
fn unmapped_notes(v: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    if v.passing.is_some() {
        out.push("FSF's palace lines (`diagonalLines`) and janggi elephant exist only for its built-in types (position.h, `moves_from`); a section inherits them from FSF's `janggi` only when the board, pieces, regions and rules other than the end rules are those of Rookery's `janggi`, and these differ".into());
    }
    if v.drops.as_ref().is_some_and(|d| d.unlimited != 0) {
        out.push("FSF's `freeDrops` is set only by its built-in `ataxx` (variant.cpp); a section inherits it from FSF's `ataxx` only when the board, pieces and rules other than the end rules are those of Rookery's `ataxx`, and these differ".into());
    }
    if v.drops.as_ref().is_some_and(|d| d.two_boards) && v.grid.files() == 9 {
        out.push("FSF's `supply` narrows the drop points in C++ (variant.cpp, `supply_variant`); a section inherits them from FSF's `supply` only when the board, pieces and rules other than the end rules are those of Rookery's `supply`, and these differ".into());
    }
    out
}

/// What FSF cannot give outside the pieces and the rules written here: a
/// board over its size, and the special rules of families not in
/// [`WRITTEN`].
fn outside_problems(v: &Variant) -> Vec<String> {
    let mut problems = Vec::new();
    let (files, ranks) = (v.grid.files(), v.grid.ranks());
    if files > MAX_FILES || ranks > MAX_RANKS {
        problems.push(format!(
            "board {files}x{ranks} is larger than FSF's maximum of {MAX_FILES} files x {MAX_RANKS} ranks (large-board build)"
        ));
    }
    // Capture-to-win pieces are written as extinction, the families of
    // `rules` as their FSF options; every other rule outside the move
    // model is a refusal.
    let answered = pieces::answered_items(v, &pieces::janggi_cannons(v), &pieces::mutually_immune(v));
    problems.extend(
        super::special_rule_items(v)
            .into_iter()
            .filter(|(f, s)| !WRITTEN.contains(f) && !answered.contains(s))
            .map(|(_, s)| s),
    );
    problems
}

/// Pawns and other pieces with initial moves: FSF's `i` = standing on the
/// double-step ranks, ours = not moved yet (see `initial`); Torpedo's
/// pawns double-step from every rank.
fn double_step_lines(v: &Variant, pl: &Placement, pieces: &pieces::Pieces, problems: &mut Vec<String>) -> Vec<String> {
    let std_pawns: Vec<usize> = (0..v.pieces.len())
        .filter(|&k| v.pieces[k].pawn && pieces.keys[k] == "pawn" && same_moves(&v.pieces[k].betza, PAWN))
        .collect();
    if pieces.torpedo {
        if !std_pawns.is_empty() || !pieces.initial_kinds.is_empty() {
            problems.push("pawns that double-step from every rank together with other initial moves (FSF's doubleStepRegion is one per side)".into());
        }
        let all: Vec<String> = (1..=v.grid.ranks()).map(|r| format!("*{r}")).collect();
        return ["White", "Black"].iter().map(|side| format!("doubleStepRegion{side} = {}", all.join(" "))).collect();
    }
    initial::double_step_lines(v, pl, &std_pawns, &pieces.initial_kinds, problems)
}

/// Castling, gating and Ouk Chatrang's first moves.
fn castling_lines(v: &Variant, pl: &Placement, keys: &[String], problems: &mut Vec<String>) -> Vec<String> {
    let mut out = castle::castle_lines(v, pl, keys, problems);
    out.extend(castle::gating_lines(v, problems));
    if castle::cambodian(v).is_some() {
        out.extend(["gating = true".to_string(), "cambodianMoves = true".into()]);
    }
    out
}

/// `pawnTypes` and the promotion options (`keys`: FSF's key per kind).
fn pawn_promotion_lines(v: &Variant, keys: &[String], problems: &mut Vec<String>) -> Vec<String> {
    let pawn_letters: String = v.pieces.iter().filter(|p| p.pawn).map(|p| p.letter.to_ascii_lowercase()).collect();
    let mut out = vec![format!("pawnTypes = {}", if pawn_letters.is_empty() { "-".to_string() } else { pawn_letters })];
    match &v.promotion_move {
        Some(pm) => out.extend(promotion::by_move_lines(v, pm, keys, problems)),
        None => out.extend(promotion::promotion_lines(v, problems)),
    }
    out
}

/// The section's text from its parts.
fn write_section(v: &Variant, s: &Section) -> String {
    let (files, ranks) = (v.grid.files(), v.grid.ranks());
    let mut out = String::new();
    let _ = writeln!(out, "# {} for Fairy-Stockfish.", v.title);
    let _ = writeln!(out, "# Generated by `rookery export {} --format fairy-stockfish`; FSF plays it exactly.", v.name);
    if files > 8 || ranks > 8 {
        let _ = writeln!(
            out,
            "# The board is {files}x{ranks}: this needs FSF's large-board build (the pyffish wheel is one)."
        );
    }
    if !super::holes(v).is_empty() {
        let _ = writeln!(out, "# Holes are written as FSF wall squares `*` in startFen.");
    }
    let _ = writeln!(out, "[rookery-{}]", v.name);
    let _ = writeln!(out, "maxFile = {files}");
    let _ = writeln!(out, "maxRank = {ranks}");
    let mut lines: Vec<&String> = s.pieces.lines.iter().chain(&s.promotion).collect();
    let no_double = "doubleStep = false".to_string();
    // Region-bound double steps are written with the regions (`rules`).
    let region_steps = s.rules.iter().any(|l| l.starts_with("doubleStepRegion"));
    if !s.pieces.std_pawn && s.double_step.is_empty() && !region_steps {
        lines.push(&no_double);
    }
    lines.extend(&s.double_step);
    let no_ep = ["enPassantTypes = -".to_string(), "enPassantRegion = -".to_string()];
    let ep_types = ep_types_line(v, &s.pieces);
    lines.extend(&ep_types);
    if !s.pieces.any_e {
        lines.push(&no_ep[0]);
        // FSF records en-passant squares after any double move of its
        // pawnTypes even when nobody may take them (Spartan's hoplites).
        if !s.double_step.is_empty() {
            lines.push(&no_ep[1]);
        }
    }
    lines.extend(s.castling.iter().chain(&s.rules).chain(&s.ends));
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(out, "startFen = {}", v.setup_fen);
    out
}

/// `enPassantTypes` when a kind other than FSF's `pawn` takes en passant,
/// or a pawn kind does not (Wolf's sergeant): the kinds that do (else FSF's
/// default, `pawnTypes`, every pawn kind).
fn ep_types_line(v: &Variant, p: &pieces::Pieces) -> Option<String> {
    let pawn_without_e = v.pieces.iter().any(|k| k.pawn && !k.betza.contains('e'));
    if p.e_kinds.is_empty() && !(p.any_e && pawn_without_e) {
        return None;
    }
    let letters: String = (0..v.pieces.len())
        .filter(|&k| p.e_kinds.contains(&k) || (p.keys[k] == "pawn" && v.pieces[k].betza.contains('e')))
        .map(|k| v.pieces[k].letter.to_ascii_lowercase())
        .collect();
    Some(format!("enPassantTypes = {letters}"))
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
    out.extend(rules::petrify_lines(v));
    out.extend(rules::flying_general_lines(v, problems));
    out.extend(rules::piece_promotion_lines(v, problems));
    out.extend(rules::limit_lines(v, problems));
    let immobility = promo.iter().chain(&out).any(|l| l == "immobilityIllegal = true");
    out.extend(drops::drop_lines(v, pl, keys, immobility, problems));
    // Written once, though both pawn and piece promotion may ask for it.
    if promo.iter().any(|l| l == "immobilityIllegal = true") {
        out.retain(|l| l != "immobilityIllegal = true");
    }
    out
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
