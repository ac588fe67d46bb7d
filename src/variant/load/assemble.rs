//! Checked sections → `Variant`: the move tables, then what the setup
//! position decides (castling partners, promotion limits, gates, hands).

use super::super::diagnostics::Diagnostic;
use super::super::spec::VariantSpec;
use super::super::{MoveTables, PieceDef, Variant, Zone};
use super::{deployment, setup, Sections};
use crate::board::Grid;
use crate::game::fen::Placement;
use crate::game::rules as rules_mod;
use rules_mod::promotion::{PiecePromotion, NONE};

/// What the tables and the setup make of the sections.
struct Compiled {
    grid: Grid,
    tables: MoveTables,
    setup_fen: String,
    zones: Vec<Zone>,
    gating: Option<rules_mod::gating::Gating>,
    piece_promotion: Option<PiecePromotion>,
    drops: Option<rules_mod::drops::Drops>,
    free_castling: Option<rules_mod::castling::Free>,
    flipping: Option<rules_mod::flipping::Flipping>,
}

/// Compiles sections that were checked without an error.
pub(super) fn variant(spec: &VariantSpec, mut s: Sections, d: &mut Vec<Diagnostic>) -> Option<Variant> {
    let grid = s.grid.take()?;
    let mut tables = build_tables(spec, &grid, &s, d)?;
    let setup_fen = match &spec.fen {
        Some(f) => f.value.clone(),
        None => s.listed_fen.clone()?,
    };
    let setup = read_setup(&grid, &s, &setup_fen)?;
    if let Some(dep) = &s.deployment {
        let before = d.len();
        deployment::agree_with_setup(dep, &setup, &s.pieces, &setup_span(spec), d);
        if d.len() > before {
            return None;
        }
    }
    let free_castling = fit_tables_to_setup(&mut tables, &grid, &s, &setup);
    let zones = promotion_limits(std::mem::take(&mut s.zones), &setup, s.pieces.len());
    let gating = gating(&mut s, &grid, &mut tables, &setup);
    let piece_promotion = piece_promotion(spec, &mut s, &grid, &mut tables);
    let has_drops = s.hands_and_ends.drops.is_some();
    let flipping = spec.flipping.as_ref().and_then(|f| rules_mod::flipping::compile(f, Some(&grid), has_drops, d));
    if spec.flipping.is_some() && flipping.is_none() {
        return None;
    }
    let drops = drops(&mut s, &grid, &tables, &setup, piece_promotion.as_ref(), gating.as_ref());
    // A side without royals is expected where an extinction goal ends the game
    // (horde), and in the walling and flipping games, which end when a side
    // cannot move or by the count.
    if spec.extinction.is_none() && spec.walls.is_none() && spec.flipping.is_none() {
        setup::royal_warnings(&setup, &s.pieces, &setup_span(spec), d);
    }
    let parts = Compiled { grid, tables, setup_fen, zones, gating, piece_promotion, drops, free_castling, flipping };
    into_variant(spec, s, parts)
}

/// Where a problem of the setup is reported: the FEN, or the piece lists.
fn setup_span(spec: &VariantSpec) -> std::ops::Range<usize> {
    spec.fen.as_ref().map_or(spec.setup_span.clone(), |f| f.span.clone())
}

/// The move tables of every piece; a program too large (or a Betza that
/// does not compile) is reported at its Betza string.
fn build_tables(spec: &VariantSpec, grid: &Grid, s: &Sections, d: &mut Vec<Diagnostic>) -> Option<MoveTables> {
    let flying = rules_mod::royalty::flying_general_paths(&s.moves.rules);
    match MoveTables::build(grid, &s.pieces, &s.zones, &s.regions, &flying) {
        Ok(t) => Some(t),
        Err(e) => {
            d.push(super::table_error(spec, grid, &s.pieces, e));
            None
        }
    }
}

/// The setup FEN read against the board (`+X` for a piece's promoted form).
fn read_setup(grid: &Grid, s: &Sections, setup_fen: &str) -> Option<Placement> {
    let kind_of = |c: char| s.pieces.iter().position(|p| p.letter == c.to_ascii_uppercase()).map(|k| k as u8);
    let plus = |k: u8| {
        let to = s.moves.piece_promotion.as_ref()?.0[k as usize];
        (to != NONE).then_some(to)
    };
    crate::game::fen::parse_placement_with(grid, &kind_of, &plus, setup_fen).ok()
}

/// Castling moves aimed at the partners standing in the setup, and the
/// programs that need the general move path (castling, hop restrictions);
/// Chess960 castling, if any kind has it.
fn fit_tables_to_setup(
    tables: &mut MoveTables,
    grid: &Grid,
    s: &Sections,
    setup: &Placement,
) -> Option<rules_mod::castling::Free> {
    for (kind, ps) in &s.moves.partners {
        // (kept in the variant for the exporters, which refuse them)
        rules_mod::castling::retarget(&mut tables.castles, grid.len(), *kind, ps, &setup.cells);
    }
    tables.mark_castling_partners(&setup.cells);
    // After the partners are marked: only the setup's castling cells name
    // the partner kinds, not every cell of the rank.
    let mut free = rules_mod::castling::Free::default();
    for &kind in &s.moves.free_castlers {
        free.kings |= 1 << kind;
        free.partners |= rules_mod::castling::free_rules(&mut tables.castles, grid, kind, &setup.cells);
    }
    for (p, c) in tables.progs.iter_mut().zip(&tables.castles) {
        p.castles = !c.is_empty();
    }
    // Hop restrictions are checked on the slow path of move generation,
    // which `may_repeat` selects.
    for (kind, _) in s.moves.hop_bans.iter().enumerate().filter(|(_, &b)| b != 0) {
        let n = tables.cells;
        for p in &mut tables.progs[kind * 2 * n..(kind + 1) * 2 * n] {
            p.hop_ban = true;
            p.may_repeat = true;
            p.plain = false;
        }
    }
    (free.kings != 0).then_some(free)
}

/// A zone with a promotion limit counts each side's pieces of the setup.
fn promotion_limits(mut zones: Vec<Zone>, setup: &Placement, kinds: usize) -> Vec<Zone> {
    for z in zones.iter_mut().filter(|z| z.limit.is_some()) {
        let mut counts = vec![[0u8; 2]; kinds];
        for &(k, side) in setup.cells.iter().flatten() {
            counts[k as usize][side as usize] = counts[k as usize][side as usize].saturating_add(1);
        }
        z.limit = Some(counts);
    }
    zones
}

/// The gates; a piece standing on one carries its unmoved flag, which is
/// the gate's right.
fn gating(
    s: &mut Sections,
    grid: &Grid,
    tables: &mut MoveTables,
    setup: &Placement,
) -> Option<rules_mod::gating::Gating> {
    let g = rules_mod::gating::Gating::new(&s.hands_and_ends.gate_cells.take()?, grid.len());
    for (c, &(kind, side)) in setup.cells.iter().enumerate().filter_map(|(c, x)| Some((c, x.as_ref()?))) {
        if g.is_gate(side, c as u16) {
            tables.virgin_matters[kind as usize] = true;
        }
    }
    Some(g)
}

/// Promotion by piece; such a piece (or kyoto's flip) needs the general
/// move path.
fn piece_promotion(
    spec: &VariantSpec,
    s: &mut Sections,
    grid: &Grid,
    tables: &mut MoveTables,
) -> Option<PiecePromotion> {
    let (to, zone) = s.moves.piece_promotion.take()?;
    let mut pp = PiecePromotion::compile(grid, to, &zone, tables, spec.promotion_flip, spec.promotion_piece_mandatory);
    pp.on_capture = spec.promotion_on_capture;
    if spec.promotion_allow_dead {
        pp.allow_dead_squares();
    }
    let n = tables.cells;
    for kind in (0..s.pieces.len()).filter(|&k| pp.to[k] != NONE) {
        tables.progs[kind * 2 * n..(kind + 1) * 2 * n].iter_mut().for_each(|p| p.plain = false);
    }
    Some(pp)
}

/// The hands; a piece dropped on a gate opens no gate (FSF).
fn drops(
    s: &mut Sections,
    grid: &Grid,
    tables: &MoveTables,
    setup: &Placement,
    piece_promotion: Option<&PiecePromotion>,
    gating: Option<&rules_mod::gating::Gating>,
) -> Option<rules_mod::drops::Drops> {
    let pawns: Vec<bool> = s.pieces.iter().map(|p: &PieceDef| p.pawn).collect();
    let mut drops = s.hands_and_ends.drops.take()?.compile(grid, &pawns, &setup.cells, tables, piece_promotion);
    if let Some(g) = gating {
        g.close_drops(&mut drops.virgin, s.pieces.len());
    }
    Some(drops)
}

/// The finished variant: the definition's texts, the sections and what was
/// compiled from them.
fn into_variant(spec: &VariantSpec, s: Sections, c: Compiled) -> Option<Variant> {
    let (h, m) = (s.hands_and_ends, s.moves);
    let immediate_end = m.rules.check_limit > 0
        || !h.goals.is_empty()
        || h.extinction.is_some()
        || m.explosions.is_some()
        || m.passing.is_some()
        || c.flipping.is_some();
    let tracks_passes = m.passing.is_some() || c.flipping.as_ref().is_some_and(|f| f.pass_when_stuck);
    Some(Variant {
        name: spec.name.as_ref()?.value.clone(),
        title: spec.title.as_ref()?.value.clone(),
        author: spec.author.as_ref()?.value.clone(),
        year: spec.year.as_ref().map(|y| y.value),
        rules_url: spec.rules_url.as_ref()?.value.clone(),
        description: spec.description.as_ref().map(|s| s.value.clone()),
        reconstructed: spec.reconstructed.as_ref().map(|s| s.value.clone()),
        grid: c.grid,
        a1_light: spec.a1_light,
        picture: s.picture,
        pieces: s.pieces,
        setup_fen: c.setup_fen,
        zones: c.zones,
        rules: m.rules,
        tables: c.tables,
        unmoved_loss: m.unmoved_loss,
        castling_partners: m.partners,
        free_castling: c.free_castling,
        gating: c.gating,
        hook: spec.hook.as_ref().map(|h| h.value.clone()),
        module: spec.hook.as_ref().and_then(|h| crate::hooks::module(&h.value)),
        deployment: s.deployment,
        drops: c.drops,
        piece_promotion: c.piece_promotion,
        promotion_move: m.promotion_move,
        regions: s.regions,
        immediate_end,
        extinction: h.extinction,
        goals: h.goals,
        checks: Vec::new(),
        explosions: m.explosions,
        passing: m.passing,
        hop_bans: m.hop_bans,
        walls: s.walls,
        petrify: s.petrify,
        counting: h.counting,
        mating: h.mating,
        flipping: c.flipping,
        tracks_passes,
    })
}
