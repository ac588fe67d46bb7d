//! Spec → Variant: every check, every error with its location, then compile.

//! One file per section of the definition under `load/`; this file runs
//! them in order and compiles the result.

mod assemble;
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
use crate::game::rules as rules_mod;

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
    let sections = check_sections(spec, d);
    if !sections.ok || d.iter().any(|x| x.severity == super::Severity::Error) {
        return None;
    }
    let v = assemble::variant(spec, sections, d)?;
    if let Some(w) = &spec.walls {
        rules_mod::walls::check_combination(w, &v, d);
    }
    (hook_fits(spec, &v, d) && d.iter().all(|x| x.severity != super::Severity::Error)).then_some(v)
}

/// Every section of a definition, checked on its own (in file order, so
/// that problems at the same place keep their order): what the move
/// tables and the variant are then made from.
struct Sections {
    grid: Option<crate::board::Grid>,
    /// No piece had a problem that stops compiling.
    ok: bool,
    regions: Vec<rules_mod::regions::Region>,
    picture: crate::render::BoardPicture,
    pieces: Vec<super::PieceDef>,
    walls: Option<rules_mod::walls::Walls>,
    /// Pieces that turn into a wall after capturing (`petrify-on-capture`).
    petrify: Option<rules_mod::petrify::Petrify>,
    /// The setup written as piece lists, as a FEN.
    listed_fen: Option<String>,
    zones: Vec<super::Zone>,
    deployment: Option<super::Deployment>,
    hands_and_ends: HandsAndEnds,
    moves: MoveRules,
}

/// `[drops]`, gating, and the sections that end a game otherwise than by
/// checkmate.
struct HandsAndEnds {
    goals: Vec<rules_mod::goals::Goal>,
    drops: Option<rules_mod::drops::DropRules>,
    gate_cells: Option<[Vec<u16>; 2]>,
    extinction: Option<rules_mod::extinction::Extinction>,
    counting: Option<rules_mod::counting::Counting>,
    mating: Option<rules_mod::mating::MateRules>,
}

/// The sections that change how pieces move, promote and capture.
struct MoveRules {
    /// Per kind the kind it promotes to, and the zone per side.
    piece_promotion: Option<(Vec<u8>, [Vec<u16>; 2])>,
    promotion_move: Option<rules_mod::promotion_move::PromotionMove>,
    rules: super::Rules,
    partners: Vec<(usize, Vec<rules_mod::castling::Partner>)>,
    /// The kinds with Chess960 castling (`castling-960`).
    free_castlers: Vec<usize>,
    unmoved_loss: Option<rules_mod::castling::UnmovedLoss>,
    explosions: Option<rules_mod::effects::Explosions>,
    passing: Option<rules_mod::passing::Passing>,
    hop_bans: Vec<u64>,
}

/// Checks the board, pieces, setup and then every rule section.
fn check_sections(spec: &VariantSpec, d: &mut Vec<Diagnostic>) -> Sections {
    check_name(spec, d);
    let board = board::check(spec, d);
    let regions = match &board.grid {
        Some(g) => rules_mod::regions::compile(&spec.regions, g, d),
        None => Vec::new(),
    };
    let picture = picture::check(spec, board.grid.as_ref(), &regions, d);
    let (mut pieces, letters, ok) = pieces::check(spec, board.polygons, &regions, d);
    // A wall is a piece kind of its own, after the definition's pieces.
    let walls = spec.walls.as_ref().and_then(|w| {
        let compiled = rules_mod::walls::compile(w, board.grid.as_ref(), &regions, pieces.len(), d)?;
        pieces.push(rules_mod::walls::wall_piece(w));
        Some(compiled)
    });
    let petrify = petrify(spec, &walls, &mut pieces, d);
    let listed_fen = setup::check(spec, board.grid.as_ref(), &letters, d);
    let zones = promotion::check(spec, &board, &letters, d);
    let deployment = deployment::check(spec, board.grid.as_ref(), &letters, d);
    let hands_and_ends = check_hands_and_ends(spec, &board, &letters, &regions, pieces.len(), d);
    let moves = check_move_rules(spec, &board, &letters, &regions, &pieces, d);
    let grid = board.grid;
    Sections {
        grid,
        ok,
        regions,
        picture,
        pieces,
        walls,
        petrify,
        listed_fen,
        zones,
        deployment,
        hands_and_ends,
        moves,
    }
}

/// `petrify-on-capture`: the petrifying kinds, and the wall they turn into
/// (`[walls]`' piece, else one added after the definition's pieces).
fn petrify(
    spec: &VariantSpec,
    walls: &Option<rules_mod::walls::Walls>,
    pieces: &mut Vec<super::PieceDef>,
    d: &mut Vec<Diagnostic>,
) -> Option<rules_mod::petrify::Petrify> {
    let kinds = rules_mod::petrify::kinds(&spec.pieces, d);
    if kinds == 0 {
        return None;
    }
    let wall = match walls {
        Some(w) => w.kind,
        None if pieces.len() < 63 => {
            pieces.push(rules_mod::walls::wall_piece(&Default::default()));
            (pieces.len() - 1) as u8
        }
        None => {
            d.push(Diagnostic::error(
                spec.pieces_span.clone(),
                "petrification needs a wall kind of its own: at most 62 pieces",
            ));
            return None;
        }
    };
    Some(rules_mod::petrify::Petrify::new(kinds, wall))
}

/// Goals, drops, gating, extinction, counting and checkmate restrictions.
fn check_hands_and_ends(
    spec: &VariantSpec,
    board: &board::Board,
    letters: &pieces::Letters,
    regions: &[rules_mod::regions::Region],
    kinds: usize,
    d: &mut Vec<Diagnostic>,
) -> HandsAndEnds {
    let goals = rules_mod::goals::compile(&spec.goals, &|l, d| letters.kind_of(l, "goal piece", d), regions, d);
    let drops = drops::check(spec, board.grid.as_ref(), letters, d);
    let gate_cells = drops::gating(spec, board.grid.as_ref(), d);
    let extinction = spec
        .extinction
        .as_ref()
        .and_then(|e| rules_mod::extinction::compile(e, &|l, d| letters.kind_of(l, "extinction piece", d), d));
    let counting = spec
        .counting
        .as_ref()
        .and_then(|c| rules_mod::counting::compile(c, kinds, &|l, d| letters.kind_of(l, "counting piece", d), d));
    let mating = rules_mod::mating::compile(
        &spec.mate_only_by_loses,
        &spec.mate_needs_check_by,
        &|l, d| letters.kind_of(l, "checkmate piece", d),
        d,
    );
    HandsAndEnds { goals, drops, gate_cells, extinction, counting, mating }
}

/// Promotion by piece and by move, the hook, `[rules]`, castling partners,
/// and `[effects]`.
fn check_move_rules(
    spec: &VariantSpec,
    board: &board::Board,
    letters: &pieces::Letters,
    regions: &[rules_mod::regions::Region],
    pieces: &[super::PieceDef],
    d: &mut Vec<Diagnostic>,
) -> MoveRules {
    let piece_promotion = promotion::piece_rules(spec, board, letters, d);
    let promotion_move = match (&spec.promotion_move, board.grid.as_ref()) {
        (Some(s), Some(g)) => {
            let kind_of = |l: &Spanned<String>, d: &mut Vec<Diagnostic>| letters.kind_of(l, "promotion piece", d);
            rules_mod::promotion_move::compile(s, g, pieces.len(), &kind_of, d)
        }
        _ => None,
    };
    check_hook(spec, d);
    let mut rules = rules::check(spec, d);
    rules.ep_region = spec.ep_region.as_ref().and_then(|r| rules_mod::regions::find(regions, r, d));
    let partners = castling::check(spec, board.grid.as_ref(), letters, d);
    let unmoved_loss = castling::unmoved_loss(spec, letters, d);
    let free_castlers = castling::free_kinds(spec, d);
    let explosions = effects(spec, board.grid.as_ref(), pieces, letters, d);
    let kind = |l: &Spanned<String>, d: &mut Vec<Diagnostic>| letters.kind_of(l, "piece", d);
    let (passing, hop_bans) = match &spec.effects {
        Some(e) => (
            rules_mod::effects::compile_passing(e, pieces.len(), &kind, d),
            rules_mod::effects::compile_hop_bans(e, pieces.len(), &kind, d),
        ),
        None => (None, Vec::new()),
    };
    MoveRules {
        piece_promotion,
        promotion_move,
        rules,
        partners,
        free_castlers,
        unmoved_loss,
        explosions,
        passing,
        hop_bans,
    }
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
    let mut x =
        crate::game::rules::effects::compile(e, grid?, pieces.len(), &|l, d| letters.kind_of(l, "piece", d), d)?;
    x.royal_exploded = pieces.iter().find(|p| p.royal).map(|p| format!("{} exploded", p.name.to_lowercase()).into());
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

/// The error for a piece whose move tables cannot be built, at its Betza
/// string (Black's own for Black).
fn table_error(
    spec: &VariantSpec,
    grid: &crate::board::Grid,
    pieces: &[super::PieceDef],
    e: super::TableError,
) -> Diagnostic {
    let (kind, black) = match &e {
        super::TableError::TooLarge(t) => (t.kind, t.black),
        super::TableError::Betza { kind, black, .. } => (*kind, *black),
    };
    let p = &pieces[kind];
    let ps = spec.pieces.iter().find(|s| s.id.value == p.id);
    let betza = ps.and_then(|s| if black { s.betza_black.as_ref().or(s.betza.as_ref()) } else { s.betza.as_ref() });
    let span = betza.map(|b| b.span.clone()).or_else(|| ps.map(|s| s.id.span.clone())).unwrap_or(0..0);
    let msg = match e {
        super::TableError::TooLarge(t) => too_large_message(grid, p, t),
        super::TableError::Betza { message, .. } => format!("piece `{}`: {message}", p.id),
    };
    Diagnostic::error(span, msg)
}

/// What to say of a piece whose move programs would be too large.
fn too_large_message(grid: &crate::board::Grid, p: &super::PieceDef, e: super::TooLargeProgram) -> String {
    let side = if e.black { "Black" } else { "White" };
    match e.cell {
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
    }
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
