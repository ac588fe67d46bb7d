//! The TOML schema of a variant definition, as written (raw, unvalidated).
//!
//! [`KEYS`] documents every key; the reader rejects keys it does not list and
//! the reference in `docs/toml-reference.md` is generated from it, so the
//! documentation cannot drift from what the loader accepts.

//! Each table of the schema is read in its own file: `board`, `pieces`,
//! `setup`, `promotion`, `deployment`, `drops` (with gating), `rules`,
//! `picture` and `checks`; the rule modules in `game::rules` read theirs
//! (regions, goals, extinction, effects, walls). This file holds the whole
//! definition's type and the reader's entry point.

use std::ops::Range;

use toml_edit::{ImDocument, Table};

use super::diagnostics::Diagnostic;

mod board;
mod deployment;
mod drops;
mod pieces;
mod promotion;
mod rules;
mod setup;
pub use board::CellSpec;
pub use deployment::{DeploymentSpec, PostSpec};
pub use drops::{DropPlaceSpec, DropsSpec, GatingSpec};
pub use pieces::{BetzaText, PieceSpec, SpecialSpec};
pub use promotion::ZoneSpec;
mod checks;
mod keys;
mod picture;
mod reader;
pub use checks::CheckSpec;
pub use keys::{reference_markdown, KeyDoc, KEYS};
pub use picture::PictureSpec;

/// A value with the byte range it came from in the TOML text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it stands in the file.
    pub span: Range<usize>,
}

/// A definition as written.
#[derive(Clone, Debug, Default)]
pub struct VariantSpec {
    /// `variant.name`.
    pub name: Option<Spanned<String>>,
    /// `variant.title`.
    pub title: Option<Spanned<String>>,
    /// `variant.author`.
    pub author: Option<Spanned<String>>,
    /// `variant.year`.
    pub year: Option<Spanned<i64>>,
    /// `variant.rules-url`.
    pub rules_url: Option<Spanned<String>>,
    /// `variant.description`.
    pub description: Option<Spanned<String>>,
    /// `board.files`.
    pub files: Option<Spanned<i64>>,
    /// `board.ranks`.
    pub ranks: Option<Spanned<i64>>,
    /// `board.holes`.
    pub holes: Vec<Spanned<String>>,
    /// `board.a1-light`.
    pub a1_light: bool,
    /// `[board.picture]`, if present.
    pub picture: Option<PictureSpec>,
    /// `board.kind`.
    pub board_kind: Option<Spanned<String>>,
    /// `board.cells` (polygon boards).
    pub cells: Vec<CellSpec>,
    /// Span of the `board.cells` array (or the board table).
    pub cells_span: Range<usize>,
    /// `board.rows`.
    pub rows: Vec<Vec<Spanned<String>>>,
    /// `board.forward` (white, black) in degrees.
    pub forward: Option<(f64, f64)>,
    /// Span of the `[board]` table.
    pub board_span: Range<usize>,
    /// `variant.hook`.
    pub hook: Option<Spanned<String>>,
    /// `[deployment]`, if present.
    pub deployment: Option<DeploymentSpec>,
    /// `[drops]`, if present.
    pub drops: Option<DropsSpec>,
    /// `[gating]`, if present.
    pub gating: Option<GatingSpec>,
    /// `pieces.*`.
    pub pieces: Vec<PieceSpec>,
    /// Span of the `[pieces]` table header (or the file start).
    pub pieces_span: Range<usize>,
    /// `setup.fen`.
    pub fen: Option<Spanned<String>>,
    /// `setup.pieces`: (letter, squares).
    pub setup_pieces: Vec<(Spanned<String>, Vec<Spanned<String>>)>,
    /// `setup.symmetry`.
    pub symmetry: Option<Spanned<String>>,
    /// `setup.side`.
    pub setup_side: Option<Spanned<String>>,
    /// `setup.castling`.
    pub setup_castling: Option<Spanned<String>>,
    /// Span of the `[setup]` table.
    pub setup_span: Range<usize>,
    /// `setup.reconstructed`.
    pub reconstructed: Option<Spanned<String>>,
    /// `promotion.zones`.
    pub zones: Vec<ZoneSpec>,
    /// `promotion.piece-zone` (white, black ranks).
    pub piece_zone: [Vec<Spanned<i64>>; 2],
    /// `promotion.flip`.
    pub promotion_flip: bool,
    /// `promotion.piece-mandatory`.
    pub promotion_piece_mandatory: bool,
    /// `promotion.on-capture`.
    pub promotion_on_capture: bool,
    /// `promotion.allow-dead-squares`.
    pub promotion_allow_dead: bool,
    /// `[promotion.by-move]`: promotion as a move of its own (sittuyin).
    pub promotion_move: Option<crate::game::rules::promotion_move::PromotionMoveSpec>,
    /// `rules.stalemate`.
    pub stalemate: Option<Spanned<String>>,
    /// `rules.bare-king`.
    pub bare_king: Option<Spanned<String>>,
    /// `rules.counter-baring`.
    pub counter_baring: bool,
    /// `rules.bare-king-first`.
    pub bare_king_first: bool,
    /// `rules.move-rule`.
    pub move_rule: Option<Spanned<i64>>,
    /// `rules.repetition`.
    pub repetition: Option<Spanned<i64>>,
    /// `rules.perpetual-check-loses`.
    pub perpetual_check_loses: bool,
    /// `rules.move-repetition-loses`.
    pub move_repetition_loses: bool,
    /// `[regions]`.
    pub regions: Vec<crate::game::rules::regions::RegionSpec>,
    /// `rules.flying-general`.
    pub flying_general: bool,
    /// `rules.flying-general = "lines"`: ranks are watched too.
    pub flying_general_ranks: bool,
    /// `rules.repetition-value`.
    pub repetition_value: Option<Spanned<String>>,
    /// `rules.check-limit`.
    pub check_limit: Option<Spanned<i64>>,
    /// `rules.checkmate`.
    pub checkmate: Option<Spanned<String>>,
    /// `rules.stalemate-by-count`.
    pub stalemate_by_count: bool,
    /// `rules.must-capture`.
    pub must_capture: bool,
    /// `rules.draw-odds`.
    pub draw_odds: Option<Spanned<String>>,
    /// `rules.dead-position`.
    pub dead_position: Option<bool>,
    /// `rules.end-order`.
    pub end_order: Vec<Spanned<String>>,
    /// `rules.en-passant-region`.
    pub ep_region: Option<Spanned<String>>,
    /// `rules.royal-check`.
    pub royal_check: Option<Spanned<String>>,
    /// `rules.royal-evasion`.
    pub royal_evasion: Option<Spanned<String>>,
    /// `rules.no-checks`.
    pub no_checks: bool,
    /// `[extinction]`.
    pub extinction: Option<crate::game::rules::extinction::ExtinctionSpec>,
    /// `[[goals]]`.
    pub goals: Vec<crate::game::rules::goals::GoalSpec>,
    /// `[effects]`: capture side effects and extra moves.
    pub effects: Option<crate::game::rules::effects::EffectsSpec>,
    /// `[walls]`: a wall placed after every move.
    pub walls: Option<crate::game::rules::walls::WallsSpec>,
    /// `[flipping]`: pieces turned over by moves and drops (Reversi, Ataxx).
    pub flipping: Option<crate::game::rules::flipping::FlippingSpec>,
    /// `rules.checkmate-only-by-loses`: piece letters.
    pub mate_only_by_loses: Vec<Spanned<String>>,
    /// `rules.checkmate-needs-check-by`: piece letters.
    pub mate_needs_check_by: Vec<Spanned<String>>,
    /// `[counting]`: the counting rules (makruk family).
    pub counting: Option<crate::game::rules::counting::CountingSpec>,
    /// `[[checks]]`: documented facts.
    pub checks: Vec<CheckSpec>,
}

/// Reads a definition's TOML text. Structural problems (unknown keys,
/// missing keys, wrong types) are all returned, each with its location; a
/// TOML syntax error stops reading.
pub fn read(text: &str) -> Result<(VariantSpec, Vec<Diagnostic>), Diagnostic> {
    let doc = ImDocument::parse(text.to_string()).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        Diagnostic::error(span, format!("TOML syntax: {}", e.message().trim().replace('\n', ": ")))
    })?;
    let mut r = Reader { text, errs: Vec::new() };
    let spec = r.document(doc.as_table());
    Ok((spec, r.errs))
}

use reader::item_span;
/// The TOML reader and its value helpers (`spec/reader.rs`).
pub(crate) use reader::Reader;

impl Reader<'_> {
    /// Reports top-level tables the schema does not know.
    fn unknown_tables(&mut self, root: &Table) {
        for (k, item) in root.iter() {
            if ![
                "variant",
                "board",
                "regions",
                "pieces",
                "setup",
                "promotion",
                "deployment",
                "drops",
                "gating",
                "rules",
                "goals",
                "extinction",
                "checks",
                "effects",
                "walls",
                "counting",
                "flipping",
            ]
            .contains(&k)
            {
                let span = root.key(k).and_then(|k| k.span()).unwrap_or_else(|| item_span(item));
                self.err(
                    span,
                    format!("unknown table `[{k}]`; known tables: variant, board, regions, pieces, setup, promotion, deployment, drops, gating, rules, goals, extinction, checks, effects, walls, counting, flipping"),
                );
            }
        }
    }

    /// Reads every table of the document; a missing required table is
    /// reported at the start of the file.
    fn document(&mut self, root: &Table) -> VariantSpec {
        self.unknown_tables(root);
        let mut spec = VariantSpec::default();
        let whole = 0..0;
        match self.table(root, "variant", "variant") {
            Some(v) => self.variant_section(v, &mut spec),
            None => self.err(whole.clone(), "missing table [variant]"),
        }
        match self.table(root, "board", "board") {
            Some(b) => self.board_section(b, &mut spec),
            None => self.err(whole.clone(), "missing table [board]"),
        }
        if let Some(r) = self.table(root, "regions", "regions") {
            spec.regions = self.regions(r);
        }
        match self.table(root, "pieces", "pieces") {
            Some(p) => self.pieces_section(p, &mut spec),
            None => self.err(whole.clone(), "missing table [pieces]"),
        }
        match self.table(root, "setup", "setup") {
            Some(s) => self.setup_section(s, &mut spec),
            None => self.err(whole.clone(), "missing table [setup]"),
        }
        if let Some(p) = self.table(root, "promotion", "promotion") {
            self.promotion_section(p, &mut spec);
        }
        if let Some(d) = self.table(root, "deployment", "deployment") {
            spec.deployment = Some(self.deployment(d));
        }
        if let Some(t) = self.table(root, "drops", "drops") {
            spec.drops = Some(self.drops(t));
        }
        if let Some(t) = self.table(root, "gating", "gating") {
            spec.gating = Some(self.gating(t));
        }
        if let Some(r) = self.table(root, "rules", "rules") {
            self.rules_section(r, &mut spec);
        }
        spec.checks = self.checks(root);
        spec.goals = self.goals(root);
        spec.extinction = self.extinction(root);
        spec.effects = self.effects(root);
        spec.walls = self.walls(root);
        spec.flipping = self.flipping(root);
        spec.counting = self.counting(root);
        spec
    }

    /// Reads `[variant]`: the name and the bibliographic facts.
    fn variant_section(&mut self, v: &Table, spec: &mut VariantSpec) {
        self.known_keys(v, "variant");
        let s = reader::table_span(v);
        spec.name = self.string(v, "name", "variant.name", true, &s);
        spec.title = self.string(v, "title", "variant.title", true, &s);
        spec.author = self.string(v, "author", "variant.author", true, &s);
        spec.year = self.int(v, "year", "variant.year", false, &s);
        spec.rules_url = self.string(v, "rules-url", "variant.rules-url", true, &s);
        spec.description = self.string(v, "description", "variant.description", false, &s);
        spec.hook = self.string(v, "hook", "variant.hook", false, &s);
    }
}
