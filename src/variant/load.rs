//! Spec → Variant: every check, every error with its location, then compile.

//! One file per section of the definition under `load/`; this file runs
//! them in order and compiles the result.

mod board;
mod castling;
mod deployment;
mod drops;
mod picture;
mod pieces;
mod promotion;
mod rules;
mod setup;

use super::diagnostics::Diagnostic;
use super::spec::{self, BetzaText, Spanned, VariantSpec};

use super::Variant;
use crate::betza;

/// A definition that could not be loaded: all its problems.
#[derive(Debug)]
pub struct LoadError {
    /// Errors (and warnings) found, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Loads a definition from its TOML text. On success also returns the
/// warnings.
pub fn load_str(text: &str) -> Result<(Variant, Vec<Diagnostic>), LoadError> {
    let (spec, mut diags) = match spec::read(text) {
        Ok(x) => x,
        Err(d) => return Err(LoadError { diagnostics: vec![d] }),
    };
    let mut v = validate(&spec, &mut diags);
    // The setup must also make sense as a position of the finished variant
    // (castling rights with their partners, at most eight royals a side).
    if let Some(var) = &v {
        if let Err(e) = crate::game::Position::from_fen(var, &var.setup_fen) {
            let span = spec.fen.as_ref().map_or(spec.setup_span.clone(), |f| f.span.clone());
            for (_, msg) in e.0 {
                diags.push(Diagnostic::error(span.clone(), format!("setup: {msg}")));
            }
            v = None;
        }
    }
    // The documented facts need the finished variant (cells, letters, FENs).
    if let Some(var) = &mut v {
        let checks = crate::verify::compile(&spec.checks, var, &mut diags);
        var.checks = checks;
    }
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    match v {
        Some(v) if diags.iter().all(|d| d.severity == super::Severity::Warning) => Ok((v, diags)),
        _ => Err(LoadError { diagnostics: diags }),
    }
}

fn betza_errors(b: &BetzaText, errs: Vec<betza::BetzaError>, out: &mut Vec<Diagnostic>, what: &str) {
    for e in errs {
        let span = match b.content_start {
            Some(s) => s + e.start..s + e.end.max(e.start + 1).min(b.text.len().max(e.start + 1)),
            None => b.span.clone(),
        };
        out.push(Diagnostic::error(span, format!("{what}: {}", e.message)));
    }
}

fn text_offset(s: &Spanned<String>, text_len: usize) -> Option<usize> {
    // Strings without escapes: the content starts right after the quote.
    let start = s.span.start + 1;
    (s.span.end >= start + text_len).then_some(start)
}

/// Checks every section, reporting all problems; compiles the variant when
/// there are none.
fn validate(spec: &VariantSpec, d: &mut Vec<Diagnostic>) -> Option<Variant> {
    check_name(spec, d);
    let board = board::check(spec, d);
    let regions = match &board.grid {
        Some(g) => crate::game::rules::regions::compile(&spec.regions, g, d),
        None => Vec::new(),
    };
    let picture = picture::check(spec, board.grid.as_ref(), &regions, d);
    let (mut pieces, letters, ok) = pieces::check(spec, board.polygons, &regions, d);
    // A wall is a piece kind of its own, after the definition's pieces.
    let walls = spec.walls.as_ref().and_then(|w| {
        let compiled = crate::game::rules::walls::compile(w, board.grid.as_ref(), &regions, pieces.len(), d)?;
        pieces.push(crate::game::rules::walls::wall_piece(w));
        Some(compiled)
    });
    let listed_fen = setup::check(spec, board.grid.as_ref(), &letters, d);
    let zones = promotion::check(spec, &board, &letters, d);
    let deployment = deployment::check(spec, board.grid.as_ref(), &letters, d);
    let goals =
        crate::game::rules::goals::compile(&spec.goals, &|l, d| letters.kind_of(l, "goal piece", d), &regions, d);
    let drops = drops::check(spec, board.grid.as_ref(), &letters, d);
    let gate_cells = drops::gating(spec, board.grid.as_ref(), d);
    let extinction = spec
        .extinction
        .as_ref()
        .and_then(|e| crate::game::rules::extinction::compile(e, &|l, d| letters.kind_of(l, "extinction piece", d), d));
    let counting = spec.counting.as_ref().and_then(|c| {
        crate::game::rules::counting::compile(c, pieces.len(), &|l, d| letters.kind_of(l, "counting piece", d), d)
    });
    let mating = crate::game::rules::mating::compile(
        &spec.mate_only_by_loses,
        &spec.mate_needs_check_by,
        &|l, d| letters.kind_of(l, "checkmate piece", d),
        d,
    );
    let piece_promotion = promotion::piece_rules(spec, &board, &letters, d);
    let promotion_move = match (&spec.promotion_move, board.grid.as_ref()) {
        (Some(s), Some(g)) => {
            let kind_of = |l: &Spanned<String>, d: &mut Vec<Diagnostic>| letters.kind_of(l, "promotion piece", d);
            crate::game::rules::promotion_move::compile(s, g, pieces.len(), &kind_of, d)
        }
        _ => None,
    };
    check_hook(spec, d);
    let mut rules = rules::check(spec, d);
    rules.ep_region = spec.ep_region.as_ref().and_then(|r| crate::game::rules::regions::find(&regions, r, d));
    let partners = castling::check(spec, board.grid.as_ref(), &letters, d);
    let unmoved_loss = castling::unmoved_loss(spec, &letters, d);
    let explosions = effects(spec, board.grid.as_ref(), &pieces, &letters, d);
    let kind = |l: &Spanned<String>, d: &mut Vec<Diagnostic>| letters.kind_of(l, "piece", d);
    let (passing, hop_bans) = match &spec.effects {
        Some(e) => (
            crate::game::rules::effects::compile_passing(e, pieces.len(), &kind, d),
            crate::game::rules::effects::compile_hop_bans(e, pieces.len(), &kind, d),
        ),
        None => (None, Vec::new()),
    };

    if !ok || d.iter().any(|x| x.severity == super::Severity::Error) {
        return None;
    }
    let grid = board.grid?;
    let immediate_end =
        rules.check_limit > 0 || !goals.is_empty() || extinction.is_some() || explosions.is_some() || passing.is_some();
    let mut tables = match super::tables::MoveTables::build(
        &grid,
        &pieces,
        &zones,
        &regions,
        &crate::game::rules::royalty::flying_general_paths(&rules),
    ) {
        Ok(t) => t,
        Err(e) => {
            d.push(too_large(spec, &grid, &pieces, e));
            return None;
        }
    };
    let kind_of = |c: char| pieces.iter().position(|p| p.letter == c.to_ascii_uppercase()).map(|k| k as u8);
    let setup_fen = match &spec.fen {
        Some(f) => f.value.clone(),
        None => listed_fen?,
    };
    let plus = |k: u8| {
        let to = piece_promotion.as_ref()?.0[k as usize];
        (to != crate::game::rules::promotion::NONE).then_some(to)
    };
    let setup = crate::game::fen::parse_placement_with(&grid, &kind_of, &plus, &setup_fen).ok()?;
    if let Some(dep) = &deployment {
        let span = spec.fen.as_ref().map_or(spec.setup_span.clone(), |f| f.span.clone());
        let before = d.len();
        deployment::agree_with_setup(dep, &setup, &pieces, &span, d);
        if d.len() > before {
            return None;
        }
    }
    for (kind, ps) in &partners {
        // (kept in the variant for the exporters, which refuse them)
        crate::game::rules::castling::retarget(&mut tables.castles, grid.len(), *kind, ps, &setup.cells);
    }
    tables.mark_castling_partners(&setup.cells);
    for (p, c) in tables.progs.iter_mut().zip(&tables.castles) {
        p.castles = !c.is_empty();
    }
    // Hop restrictions are checked on the slow path of move generation,
    // which `may_repeat` selects.
    for (kind, _) in hop_bans.iter().enumerate().filter(|(_, &b)| b != 0) {
        let n = tables.cells;
        for p in &mut tables.progs[kind * 2 * n..(kind + 1) * 2 * n] {
            p.hop_ban = true;
            p.may_repeat = true;
            p.plain = false;
        }
    }
    let mut zones = zones;
    for z in zones.iter_mut().filter(|z| z.limit.is_some()) {
        let mut counts = vec![[0u8; 2]; pieces.len()];
        for &(k, side) in setup.cells.iter().flatten() {
            counts[k as usize][side as usize] = counts[k as usize][side as usize].saturating_add(1);
        }
        z.limit = Some(counts);
    }
    let gating = gate_cells.map(|cells| crate::game::rules::gating::Gating::new(&cells, grid.len()));
    if let Some(g) = &gating {
        // A piece on a gate carries its unmoved flag: the gate's right.
        for (c, &(kind, side)) in setup.cells.iter().enumerate().filter_map(|(c, x)| Some((c, x.as_ref()?))) {
            if g.is_gate(side, c as u16) {
                tables.virgin_matters[kind as usize] = true;
            }
        }
    }
    let pawns: Vec<bool> = pieces.iter().map(|p| p.pawn).collect();
    let piece_promotion = piece_promotion.map(|(to, zone)| {
        crate::game::rules::promotion::PiecePromotion::compile(
            &grid,
            to,
            &zone,
            &tables,
            spec.promotion_flip,
            spec.promotion_piece_mandatory,
        )
    });
    // A piece with its own promotion (or kyoto's flip) needs the general path.
    if let Some(pp) = &piece_promotion {
        let n = tables.cells;
        for kind in (0..pieces.len()).filter(|&k| pp.to[k] != crate::game::rules::promotion::NONE) {
            tables.progs[kind * 2 * n..(kind + 1) * 2 * n].iter_mut().for_each(|p| p.plain = false);
        }
    }
    let mut drops = drops.map(|r| r.compile(&grid, &pawns, &setup.cells, &tables, piece_promotion.as_ref()));
    if let (Some(d), Some(g)) = (&mut drops, &gating) {
        // A piece dropped on a gate opens no gate (FSF).
        g.close_drops(&mut d.virgin, pieces.len());
    }
    // A side without royals is expected where an extinction goal ends the game
    // (horde), and in the walling games, which end when a side cannot move.
    if spec.extinction.is_none() && spec.walls.is_none() {
        setup::royal_warnings(
            &setup,
            &pieces,
            &spec.fen.as_ref().map_or(spec.setup_span.clone(), |f| f.span.clone()),
            d,
        );
    }
    let v = Variant {
        name: spec.name.as_ref()?.value.clone(),
        title: spec.title.as_ref()?.value.clone(),
        author: spec.author.as_ref()?.value.clone(),
        year: spec.year.as_ref().map(|y| y.value),
        rules_url: spec.rules_url.as_ref()?.value.clone(),
        description: spec.description.as_ref().map(|s| s.value.clone()),
        reconstructed: spec.reconstructed.as_ref().map(|s| s.value.clone()),
        grid,
        a1_light: spec.a1_light,
        picture,
        pieces,
        setup_fen,
        zones,
        rules,
        tables,
        unmoved_loss,
        castling_partners: partners,
        gating,
        hook: spec.hook.as_ref().map(|h| h.value.clone()),
        module: spec.hook.as_ref().and_then(|h| crate::hooks::module(&h.value)),
        deployment,
        drops,
        piece_promotion,
        promotion_move,
        regions,
        immediate_end,
        extinction,
        goals,
        checks: Vec::new(),
        explosions,
        passing,
        hop_bans,
        walls,
        counting,
        mating,
    };
    if let Some(w) = &spec.walls {
        crate::game::rules::walls::check_combination(w, &v, d);
    }
    (hook_fits(spec, &v, d) && d.iter().all(|x| x.severity != super::Severity::Error)).then_some(v)
}

/// `[effects]`: the explosions, refused together with hands (a blast would
/// have to send pieces to hand, which is not implemented).
fn effects(
    spec: &VariantSpec,
    grid: Option<&crate::board::Grid>,
    pieces: &[super::PieceDef],
    letters: &pieces::Letters,
    d: &mut Vec<Diagnostic>,
) -> Option<crate::game::rules::effects::Explosions> {
    let e = spec.effects.as_ref()?;
    let x = crate::game::rules::effects::compile(e, grid?, pieces.len(), &|l, d| letters.kind_of(l, "piece", d), d)?;
    if spec.drops.is_some() || spec.deployment.is_some() {
        d.push(Diagnostic::error(e.span.clone(), "explosions cannot be combined with [drops] or [deployment] yet"));
    }
    Some(x)
}

/// A named rule module must fit the definition it is named on.
fn hook_fits(spec: &VariantSpec, v: &Variant, d: &mut Vec<Diagnostic>) -> bool {
    let Some(h) = &spec.hook else { return true };
    let fits = crate::hooks::module(&h.value).map_or(Ok(()), |m| m.fits(v));
    if let Err(msg) = fits {
        d.push(Diagnostic::error(h.span.clone(), msg));
        return false;
    }
    true
}

/// The error for a piece whose move programs would be too large, at its
/// Betza string.
fn too_large(
    spec: &VariantSpec,
    grid: &crate::board::Grid,
    pieces: &[super::PieceDef],
    e: super::TooLargeProgram,
) -> Diagnostic {
    let p = &pieces[e.kind];
    let ps = spec.pieces.iter().find(|s| s.id.value == p.id);
    let betza = ps.and_then(|s| if e.black { s.betza_black.as_ref().or(s.betza.as_ref()) } else { s.betza.as_ref() });
    let span = betza.map(|b| b.span.clone()).or_else(|| ps.map(|s| s.id.span.clone())).unwrap_or(0..0);
    let side = if e.black { "Black" } else { "White" };
    let msg = match e.cell {
        Some(c) => format!(
            "piece `{}`: the move program would have more than {} nodes (for {side} from {}); multi-leg slides multiply, so limit their range (e.g. `mamaR4` instead of `mamaR`)",
            p.id,
            crate::compile::MAX_PROGRAM_NODES,
            grid.label(c)
        ),
        None => format!(
            "piece `{}`: the move programs of all pieces would have more than {} nodes together on this board; limit the range of the multi-leg moves",
            p.id,
            super::MAX_TABLE_NODES
        ),
    };
    Diagnostic::error(span, msg)
}

/// `variant.name`: lowercase letters, digits and hyphens.
fn check_name(spec: &VariantSpec, d: &mut Vec<Diagnostic>) {
    if let Some(n) = &spec.name {
        if n.value.is_empty() || !n.value.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            d.push(Diagnostic::error(
                n.span.clone(),
                format!("`variant.name` {:?} must be lowercase letters, digits and hyphens", n.value),
            ));
        }
    }
}

/// `variant.hook`: a known rule module.
fn check_hook(spec: &VariantSpec, d: &mut Vec<Diagnostic>) {
    if let Some(h) = &spec.hook {
        if crate::hooks::module(&h.value).is_none() {
            let known: Vec<String> = crate::hooks::names().iter().map(|n| format!("{n:?}")).collect();
            d.push(Diagnostic::error(
                h.span.clone(),
                format!("unknown hook {:?}; known: {}", h.value, known.join(", ")),
            ));
        }
    }
}
