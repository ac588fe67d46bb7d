//! The TOML schema of a variant definition, as written (raw, unvalidated).
//!
//! [`KEYS`] documents every key; the reader rejects keys it does not list and
//! the reference in `docs/toml-reference.md` is generated from it, so the
//! documentation cannot drift from what the loader accepts.

use std::ops::Range;

use toml_edit::{ImDocument, Item, Table, Value};

use super::diagnostics::Diagnostic;

mod drops;
pub use drops::{DropPlaceSpec, DropsSpec, GatingSpec};
mod checks;
mod keys;
mod picture;
mod reader;
pub use checks::CheckSpec;
pub use keys::{KeyDoc, KEYS};
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
    /// `[regions]`.
    pub regions: Vec<crate::game::rules::regions::RegionSpec>,
    /// `rules.flying-general`.
    pub flying_general: bool,
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
    /// `rules.checkmate-only-by-loses`: piece letters.
    pub mate_only_by_loses: Vec<Spanned<String>>,
    /// `rules.checkmate-needs-check-by`: piece letters.
    pub mate_needs_check_by: Vec<Spanned<String>>,
    /// `[counting]`: the counting rules (makruk family).
    pub counting: Option<crate::game::rules::counting::CountingSpec>,
    /// `[[checks]]`: documented facts.
    pub checks: Vec<CheckSpec>,
}

/// `pieces.<id>`.
#[derive(Clone, Debug)]
pub struct PieceSpec {
    /// The table key.
    pub id: Spanned<String>,
    /// `name`.
    pub name: Option<Spanned<String>>,
    /// `letter`.
    pub letter: Option<Spanned<String>>,
    /// `betza`, with the byte offset of the string's first character.
    pub betza: Option<BetzaText>,
    /// `betza-black`.
    pub betza_black: Option<BetzaText>,
    /// `royal`.
    pub royal: bool,
    /// `pawn`.
    pub pawn: bool,
    /// `image`.
    pub image: Option<Spanned<String>>,
    /// `immobile`.
    pub immobile: bool,
    /// `capturable-by`.
    pub capturable_by: Option<Vec<Spanned<String>>>,
    /// `capture-wins`.
    pub capture_wins: Option<Spanned<String>>,
    /// `value` (centipawns), checked to be 1..=100000.
    pub value: Option<Spanned<i64>>,
    /// `special`.
    pub special: Vec<SpecialSpec>,
    /// `promotes-to`.
    pub promotes_to: Option<Spanned<String>>,
    /// `confined-to`: the region the piece may never leave.
    pub confined_to: Option<Spanned<String>>,
    /// `castling-partners`: piece letters or White's start cells.
    pub castling_partners: Vec<Spanned<String>>,
    /// `unmoved-lost-on-line-with`: piece letters.
    pub unmoved_lost_on_line_with: Vec<Spanned<String>>,
}

/// A Betza string and where its text starts in the file, so that errors
/// inside it get the right column.
#[derive(Clone, Debug)]
pub struct BetzaText {
    /// The string.
    pub text: String,
    /// The whole TOML value (with quotes).
    pub span: Range<usize>,
    /// Byte offset of the first character of `text` in the file, when the
    /// value is a plain string whose text appears verbatim.
    pub content_start: Option<usize>,
}

/// `pieces.<id>.special[]`.
#[derive(Clone, Debug)]
pub struct SpecialSpec {
    /// `name`.
    pub name: Option<Spanned<String>>,
    /// `betza`.
    pub betza: Option<BetzaText>,
    /// `when`.
    pub when: Option<Spanned<String>>,
    /// `region` (with `when = "in-region"`).
    pub region: Option<Spanned<String>>,
    /// The table.
    pub span: Range<usize>,
}

/// `promotion.zones[]`.
#[derive(Clone, Debug)]
pub struct ZoneSpec {
    /// `ranks.white`.
    pub white: Vec<Spanned<i64>>,
    /// `ranks.black`.
    pub black: Vec<Spanned<i64>>,
    /// `choices`.
    pub choices: Vec<Spanned<String>>,
    /// `cells.white` / `cells.black`.
    pub cells: [Vec<Spanned<String>>; 2],
    /// `mandatory`.
    pub mandatory: bool,
    /// `once-per-side`.
    pub once: Vec<Spanned<String>>,
    /// `limited-by-setup`.
    pub limited: bool,
    /// Whether `ranks` was given at all (a missing key is reported once).
    pub has_ranks: bool,
    /// Whether `choices` was given at all.
    pub has_choices: bool,
    /// The zone table.
    pub span: Range<usize>,
}

/// `board.cells[]`: label, corner points, span of the table.
pub type CellSpec = (Spanned<String>, Vec<(f64, f64)>, Range<usize>);

/// `[deployment]`.
#[derive(Clone, Debug)]
pub struct DeploymentSpec {
    /// `first`.
    pub first: Option<Spanned<String>>,
    /// `then`.
    pub then: Option<Spanned<String>>,
    /// `posts`.
    pub posts: Vec<PostSpec>,
    /// The table.
    pub span: Range<usize>,
}

/// `deployment.posts[]`.
#[derive(Clone, Debug)]
pub struct PostSpec {
    /// `piece`.
    pub piece: Option<Spanned<String>>,
    /// `count`.
    pub count: Option<Spanned<i64>>,
    /// `ranks.white` / `ranks.black`.
    pub ranks: [Vec<Spanned<i64>>; 2],
    /// `cells.white` / `cells.black`.
    pub cells: [Vec<Spanned<String>>; 2],
    /// `before-others`.
    pub before_others: bool,
    /// The table.
    pub span: Range<usize>,
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

/// The TOML reader and its value helpers (`spec/reader.rs`).
pub(crate) use reader::Reader;
use reader::{item_span, type_name};

impl Reader<'_> {
    fn document(&mut self, root: &Table) -> VariantSpec {
        let mut spec = VariantSpec::default();
        let whole = 0..0;
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
                "counting",
            ]
            .contains(&k)
            {
                let span = root.key(k).and_then(|k| k.span()).unwrap_or_else(|| item_span(item));
                self.err(
                    span,
                    format!("unknown table `[{k}]`; known tables: variant, board, regions, pieces, setup, promotion, deployment, drops, gating, rules, goals, extinction, checks, effects, counting"),
                );
            }
        }
        match self.table(root, "variant", "variant") {
            Some(v) => {
                self.known_keys(v, "variant");
                let s = v.span().unwrap_or(0..0);
                spec.name = self.string(v, "name", "variant.name", true, &s);
                spec.title = self.string(v, "title", "variant.title", true, &s);
                spec.author = self.string(v, "author", "variant.author", true, &s);
                spec.year = self.int(v, "year", "variant.year", false, &s);
                spec.rules_url = self.string(v, "rules-url", "variant.rules-url", true, &s);
                spec.description = self.string(v, "description", "variant.description", false, &s);
                spec.hook = self.string(v, "hook", "variant.hook", false, &s);
            }
            None => self.err(whole.clone(), "missing table [variant]"),
        }
        match self.table(root, "board", "board") {
            Some(b) => {
                self.known_keys(b, "board");
                let s = b.span().unwrap_or(0..0);
                spec.board_span = s.clone();
                spec.board_kind = self.string(b, "kind", "board.kind", false, &s);
                let polygons = spec.board_kind.as_ref().is_some_and(|k| k.value == "polygons");
                spec.files = self.int(b, "files", "board.files", !polygons, &s);
                spec.ranks = self.int(b, "ranks", "board.ranks", !polygons, &s);
                if polygons {
                    self.polygon_board(b, &mut spec, &s);
                }
                spec.holes = self.array(b, "holes", "board.holes", |r, v| r.str_elem(v, "board.holes"));
                spec.a1_light = self.bool(b, "a1-light", "board.a1-light", false);
                if let Some(p) = self.inline_or_table(b, "picture", "board.picture") {
                    let span = b.get("picture").map_or(s.clone(), item_span);
                    spec.picture = Some(self.picture(&p, span));
                }
            }
            None => self.err(whole.clone(), "missing table [board]"),
        }
        if let Some(r) = self.table(root, "regions", "regions") {
            spec.regions = self.regions(r);
        }
        match self.table(root, "pieces", "pieces") {
            Some(p) => {
                spec.pieces_span = p.span().unwrap_or(0..0);
                for (id, item) in p.iter() {
                    let id_span = p.key(id).and_then(|k| k.span()).unwrap_or_else(|| item_span(item));
                    let id = Spanned { value: id.to_string(), span: id_span };
                    let Some(t) = self.inline_or_table(p, &id.value, &format!("pieces.{}", id.value)) else { continue };
                    spec.pieces.push(self.piece(id, &t));
                }
                if spec.pieces.is_empty() {
                    self.err(spec.pieces_span.clone(), "[pieces] defines no piece");
                }
            }
            None => self.err(whole.clone(), "missing table [pieces]"),
        }
        match self.table(root, "setup", "setup") {
            Some(s) => {
                self.known_keys(s, "setup");
                let sp = s.span().unwrap_or(0..0);
                spec.setup_span = sp.clone();
                let listed = s.get("pieces").is_some();
                spec.fen = self.string(s, "fen", "setup.fen", !listed, &sp);
                if let Some(p) = self.inline_or_table(s, "pieces", "setup.pieces") {
                    for (k, _) in p.iter() {
                        let ks = p.key(k).and_then(|k| k.span()).unwrap_or(sp.clone());
                        let squares = self.array(&p, k, "setup.pieces", |r, v| r.str_elem(v, "setup.pieces"));
                        spec.setup_pieces.push((Spanned { value: k.to_string(), span: ks }, squares));
                    }
                }
                spec.symmetry = self.string(s, "symmetry", "setup.symmetry", false, &sp);
                spec.setup_side = self.string(s, "side", "setup.side", false, &sp);
                spec.setup_castling = self.string(s, "castling", "setup.castling", false, &sp);
                spec.reconstructed = self.string(s, "reconstructed", "setup.reconstructed", false, &sp);
            }
            None => self.err(whole.clone(), "missing table [setup]"),
        }
        if let Some(p) = self.table(root, "promotion", "promotion") {
            self.known_keys(p, "promotion");
            spec.promotion_flip = self.bool(p, "flip", "promotion.flip", false);
            if let Some(z) = self.inline_or_table(p, "piece-zone", "promotion.piece-zone") {
                for (i, side) in ["white", "black"].iter().enumerate() {
                    let path = format!("promotion.piece-zone.{side}");
                    spec.piece_zone[i] = self.array(&z, side, &path, |s, v| s.int_elem(v, &path));
                }
            }
            match p.get("zones") {
                None => {}
                Some(Item::ArrayOfTables(a)) => {
                    for t in a.iter() {
                        let z = self.zone(t);
                        spec.zones.push(z);
                    }
                }
                Some(Item::Value(Value::Array(a))) => {
                    for v in a.iter() {
                        match v {
                            Value::InlineTable(t) => {
                                let t = t.clone().into_table();
                                let z = self.zone(&t);
                                spec.zones.push(z);
                            }
                            other => self.err(other.span().unwrap_or(0..0), "`promotion.zones` must hold tables"),
                        }
                    }
                }
                Some(other) => self.err(
                    item_span(other),
                    format!("`promotion.zones` must be an array of tables, not {}", type_name(other)),
                ),
            }
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
            self.known_keys(r, "rules");
            let s = r.span().unwrap_or(0..0);
            spec.stalemate = self.string(r, "stalemate", "rules.stalemate", false, &s);
            spec.bare_king = self.string(r, "bare-king", "rules.bare-king", false, &s);
            spec.counter_baring = self.bool(r, "counter-baring", "rules.counter-baring", false);
            spec.bare_king_first = self.bool(r, "bare-king-first", "rules.bare-king-first", false);
            spec.move_rule = self.int(r, "move-rule", "rules.move-rule", false, &s);
            spec.repetition = self.int(r, "repetition", "rules.repetition", false, &s);
            spec.perpetual_check_loses = self.bool(r, "perpetual-check-loses", "rules.perpetual-check-loses", false);
            spec.flying_general = self.bool(r, "flying-general", "rules.flying-general", false);
            spec.check_limit = self.int(r, "check-limit", "rules.check-limit", false, &s);
            spec.checkmate = self.string(r, "checkmate", "rules.checkmate", false, &s);
            spec.stalemate_by_count = self.bool(r, "stalemate-by-count", "rules.stalemate-by-count", false);
            spec.must_capture = self.bool(r, "must-capture", "rules.must-capture", false);
            spec.royal_check = self.string(r, "royal-check", "rules.royal-check", false, &s);
            spec.royal_evasion = self.string(r, "royal-evasion", "rules.royal-evasion", false, &s);
            spec.no_checks = self.bool(r, "no-checks", "rules.no-checks", false);
            spec.draw_odds = self.string(r, "draw-odds", "rules.draw-odds", false, &s);
            spec.dead_position =
                r.contains_key("dead-position").then(|| self.bool(r, "dead-position", "rules.dead-position", true));
            spec.end_order = self.array(r, "end-order", "rules.end-order", |rd, v| rd.str_elem(v, "rules.end-order"));
            spec.ep_region = self.string(r, "en-passant-region", "rules.en-passant-region", false, &s);
            let path = "rules.checkmate-only-by-loses";
            spec.mate_only_by_loses = self.array(r, "checkmate-only-by-loses", path, |rd, v| rd.str_elem(v, path));
            let path = "rules.checkmate-needs-check-by";
            spec.mate_needs_check_by = self.array(r, "checkmate-needs-check-by", path, |rd, v| rd.str_elem(v, path));
        }
        spec.checks = self.checks(root);
        spec.goals = self.goals(root);
        spec.extinction = self.extinction(root);
        spec.effects = self.effects(root);
        spec.counting = self.counting(root);
        spec
    }

    fn number(v: &Value) -> Option<f64> {
        match v {
            Value::Float(f) => Some(*f.value()),
            Value::Integer(i) => Some(*i.value() as f64),
            _ => None,
        }
    }

    fn polygon_board(&mut self, b: &Table, spec: &mut VariantSpec, owner: &Range<usize>) {
        spec.cells_span = owner.clone();
        match b.get("cells") {
            None => self.err(owner.clone(), "missing required key `board.cells` (a polygon board lists its cells)"),
            Some(Item::ArrayOfTables(a)) => {
                spec.cells_span = a.span().unwrap_or(owner.clone());
                for t in a.iter() {
                    let ts = t.span().unwrap_or(owner.clone());
                    for (k, _) in t.iter() {
                        if k != "label" && k != "polygon" {
                            let ks = t.key(k).and_then(|k| k.span()).unwrap_or(ts.clone());
                            self.err(ks, format!("unknown key `{k}` in `board.cells`; known keys: label, polygon"));
                        }
                    }
                    let label = self.string(t, "label", "board.cells.label", true, &ts);
                    let mut pts = Vec::new();
                    match t.get("polygon") {
                        Some(Item::Value(Value::Array(a))) => {
                            for p in a.iter() {
                                let pt = match p {
                                    Value::Array(xy) if xy.len() == 2 => Self::number(xy.get(0).expect("len 2"))
                                        .zip(Self::number(xy.get(1).expect("len 2"))),
                                    _ => None,
                                };
                                match pt {
                                    Some(pt) => pts.push(pt),
                                    None => self
                                        .err(p.span().unwrap_or(ts.clone()), "a polygon point must be [x, y] numbers"),
                                }
                            }
                        }
                        Some(other) => {
                            self.err(item_span(other), "`board.cells.polygon` must be an array of [x, y] points")
                        }
                        None => self.err(ts.clone(), "missing required key `board.cells.polygon`"),
                    }
                    if let Some(l) = label {
                        spec.cells.push((l, pts, ts));
                    }
                }
            }
            Some(other) => self.err(item_span(other), "`board.cells` must be an array of tables ([[board.cells]])"),
        }
        match b.get("rows") {
            None => self.err(owner.clone(), "missing required key `board.rows` (how a FEN lists the cells)"),
            Some(Item::Value(Value::Array(a))) => {
                for row in a.iter() {
                    match row {
                        Value::Array(cells) => {
                            let r = cells.iter().filter_map(|c| self.str_elem(c, "board.rows")).collect();
                            spec.rows.push(r);
                        }
                        other => self.err(
                            other.span().unwrap_or(owner.clone()),
                            "each of `board.rows` must be an array of labels",
                        ),
                    }
                }
            }
            Some(other) => self.err(item_span(other), "`board.rows` must be an array of arrays of labels"),
        }
        if let Some(f) = self.inline_or_table(b, "forward", "board.forward") {
            let get = |k: &str| match f.get(k) {
                Some(Item::Value(v)) => Self::number(v),
                _ => None,
            };
            match (get("white"), get("black")) {
                (Some(w), Some(bl)) => spec.forward = Some((w, bl)),
                _ => self.err(owner.clone(), "`board.forward` needs numbers `white` and `black` (degrees)"),
            }
        }
    }

    fn piece(&mut self, id: Spanned<String>, t: &Table) -> PieceSpec {
        for (k, _) in t.iter() {
            let path = format!("pieces.*.{k}");
            if !KEYS.iter().any(|d| d.path == path) {
                let span = t.key(k).and_then(|k| k.span()).unwrap_or(id.span.clone());
                self.err(span, format!("unknown key `{k}` in piece `{}`; known keys: name, letter, betza, betza-black, royal, pawn, promotes-to, image, immobile, capturable-by, capture-wins, value, special, confined-to, castling-partners, unmoved-lost-on-line-with", id.value));
            }
        }
        let p = format!("pieces.{}", id.value);
        let owner = id.span.clone();
        let promotes_to = self.string(t, "promotes-to", &format!("{p}.promotes-to"), false, &owner);
        let name = self.string(t, "name", &format!("{p}.name"), false, &owner);
        let letter = self.string(t, "letter", &format!("{p}.letter"), true, &owner);
        let immobile = self.bool(t, "immobile", &format!("{p}.immobile"), false);
        let betza = self.betza(t, "betza", &format!("{p}.betza"), !immobile, &owner);
        let capturable_by = t.get("capturable-by").map(|_| {
            self.array(t, "capturable-by", &format!("{p}.capturable-by"), |r, v| r.str_elem(v, "capturable-by"))
        });
        let capture_wins = self.string(t, "capture-wins", &format!("{p}.capture-wins"), false, &owner);
        let value = self.int(t, "value", &format!("{p}.value"), false, &owner);
        if let Some(v) = value.as_ref().filter(|v| !(1..=100_000).contains(&v.value)) {
            self.err(v.span.clone(), format!("`{p}.value` must be between 1 and 100000 (centipawns), not {}", v.value));
        }
        let betza_black = self.betza(t, "betza-black", &format!("{p}.betza-black"), false, &owner);
        let royal = self.bool(t, "royal", &format!("{p}.royal"), false);
        let pawn = self.bool(t, "pawn", &format!("{p}.pawn"), false);
        let image = self.string(t, "image", &format!("{p}.image"), false, &owner);
        let confined_to = self.string(t, "confined-to", &format!("{p}.confined-to"), false, &owner);
        let castling_partners = self.array(t, "castling-partners", &format!("{p}.castling-partners"), |r, v| {
            r.str_elem(v, "castling-partners")
        });
        let unmoved_lost_on_line_with =
            self.array(t, "unmoved-lost-on-line-with", &format!("{p}.unmoved-lost-on-line-with"), |r, v| {
                r.str_elem(v, "unmoved-lost-on-line-with")
            });
        let mut special = Vec::new();
        match t.get("special") {
            None => {}
            Some(Item::ArrayOfTables(a)) => {
                for st in a.iter() {
                    special.push(self.special(&p, st));
                }
            }
            Some(Item::Value(Value::Array(a))) => {
                for v in a.iter() {
                    if let Value::InlineTable(it) = v {
                        let st = it.clone().into_table();
                        special.push(self.special(&p, &st));
                    } else {
                        self.err(v.span().unwrap_or(0..0), format!("`{p}.special` must hold tables"));
                    }
                }
            }
            Some(other) => self
                .err(item_span(other), format!("`{p}.special` must be an array of tables, not {}", type_name(other))),
        }
        PieceSpec {
            id,
            name,
            letter,
            betza,
            betza_black,
            royal,
            pawn,
            image,
            immobile,
            capturable_by,
            capture_wins,
            value,
            special,
            promotes_to,
            confined_to,
            castling_partners,
            unmoved_lost_on_line_with,
        }
    }

    fn special(&mut self, p: &str, t: &Table) -> SpecialSpec {
        let span = t.span().unwrap_or(0..0);
        for (k, _) in t.iter() {
            if !["name", "betza", "when", "region"].contains(&k) {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                self.err(ks, format!("unknown key `{k}` in `{p}.special`; known keys: name, betza, when, region"));
            }
        }
        SpecialSpec {
            name: self.string(t, "name", &format!("{p}.special.name"), false, &span),
            betza: self.betza(t, "betza", &format!("{p}.special.betza"), true, &span),
            when: self.string(t, "when", &format!("{p}.special.when"), true, &span),
            region: self.string(t, "region", &format!("{p}.special.region"), false, &span),
            span,
        }
    }

    fn deployment(&mut self, d: &Table) -> DeploymentSpec {
        self.known_keys(d, "deployment");
        let span = d.span().unwrap_or(0..0);
        let first = self.string(d, "first", "deployment.first", false, &span);
        let then = self.string(d, "then", "deployment.then", false, &span);
        let mut posts = Vec::new();
        let tables: Vec<Table> = match d.get("posts") {
            None => {
                self.err(span.clone(), "missing required key `deployment.posts`");
                Vec::new()
            }
            Some(Item::ArrayOfTables(a)) => a.iter().cloned().collect(),
            Some(Item::Value(Value::Array(a))) => a
                .iter()
                .filter_map(|v| match v {
                    Value::InlineTable(t) => Some(t.clone().into_table()),
                    _ => None,
                })
                .collect(),
            Some(other) => {
                self.err(item_span(other), "`deployment.posts` must be an array of tables");
                Vec::new()
            }
        };
        for t in &tables {
            let ps = t.span().unwrap_or(span.clone());
            for (k, _) in t.iter() {
                if !["piece", "count", "ranks", "cells", "before-others"].contains(&k) {
                    let ks = t.key(k).and_then(|k| k.span()).unwrap_or(ps.clone());
                    self.err(ks, format!("unknown key `{k}` in `deployment.posts`; known keys: piece, count, ranks, cells, before-others"));
                }
            }
            let piece = self.string(t, "piece", "deployment.posts.piece", true, &ps);
            let count = self.int(t, "count", "deployment.posts.count", true, &ps);
            let mut ranks = [Vec::new(), Vec::new()];
            let mut cells = [Vec::new(), Vec::new()];
            if let Some(r) = self.inline_or_table(t, "ranks", "deployment.posts.ranks") {
                ranks[0] = self.array(&r, "white", "deployment.posts.ranks.white", |s, v| s.int_elem(v, "ranks.white"));
                ranks[1] = self.array(&r, "black", "deployment.posts.ranks.black", |s, v| s.int_elem(v, "ranks.black"));
            }
            if let Some(c) = self.inline_or_table(t, "cells", "deployment.posts.cells") {
                cells[0] = self.array(&c, "white", "deployment.posts.cells.white", |s, v| s.str_elem(v, "cells.white"));
                cells[1] = self.array(&c, "black", "deployment.posts.cells.black", |s, v| s.str_elem(v, "cells.black"));
            }
            if t.get("ranks").is_none() && t.get("cells").is_none() {
                self.err(ps.clone(), "`deployment.posts` needs `ranks` or `cells`");
            }
            let before_others = self.bool(t, "before-others", "deployment.posts.before-others", false);
            posts.push(PostSpec { piece, count, ranks, cells, before_others, span: ps });
        }
        DeploymentSpec { first, then, posts, span }
    }

    fn zone(&mut self, t: &Table) -> ZoneSpec {
        let span = t.span().unwrap_or(0..0);
        for (k, _) in t.iter() {
            if !["ranks", "cells", "choices", "mandatory", "once-per-side", "limited-by-setup"].contains(&k) {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                self.err(
                    ks,
                    format!(
                        "unknown key `{k}` in a promotion zone; known keys: ranks, cells, choices, mandatory, once-per-side, limited-by-setup"
                    ),
                );
            }
        }
        let (mut white, mut black) = (Vec::new(), Vec::new());
        match self.inline_or_table(t, "ranks", "promotion.zones.ranks") {
            Some(r) => {
                for (k, _) in r.iter() {
                    if k != "white" && k != "black" {
                        let ks = r.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                        self.err(ks, format!("unknown key `{k}` in `promotion.zones.ranks`; known keys: white, black"));
                    }
                }
                white = self.array(&r, "white", "promotion.zones.ranks.white", |s, v| {
                    s.int_elem(v, "promotion.zones.ranks.white")
                });
                black = self.array(&r, "black", "promotion.zones.ranks.black", |s, v| {
                    s.int_elem(v, "promotion.zones.ranks.black")
                });
            }
            None => {
                if t.get("ranks").is_none() && t.get("cells").is_none() {
                    self.err(span.clone(), "missing required key `promotion.zones.ranks` (or `cells`)");
                }
            }
        }
        let mut cells = [Vec::new(), Vec::new()];
        if let Some(c) = self.inline_or_table(t, "cells", "promotion.zones.cells") {
            cells[0] = self.array(&c, "white", "promotion.zones.cells.white", |s, v| s.str_elem(v, "cells.white"));
            cells[1] = self.array(&c, "black", "promotion.zones.cells.black", |s, v| s.str_elem(v, "cells.black"));
        }
        if t.get("choices").is_none() {
            self.err(span.clone(), "missing required key `promotion.zones.choices`");
        }
        let choices =
            self.array(t, "choices", "promotion.zones.choices", |s, v| s.str_elem(v, "promotion.zones.choices"));
        let mandatory = self.bool(t, "mandatory", "promotion.zones.mandatory", true);
        let limited = self.bool(t, "limited-by-setup", "promotion.zones.limited-by-setup", false);
        let once =
            self.array(t, "once-per-side", "promotion.zones.once-per-side", |s, v| s.str_elem(v, "once-per-side"));
        ZoneSpec {
            once,
            cells,
            white,
            black,
            choices,
            mandatory,
            limited,
            has_ranks: t.get("ranks").is_some() || t.get("cells").is_some(),
            has_choices: t.get("choices").is_some(),
            span,
        }
    }
}

/// The key reference as Markdown (the content of `docs/toml-reference.md`).
pub fn reference_markdown() -> String {
    let mut out = String::from(
        "# Definition file reference\n\nGenerated from `src/variant/spec.rs` (`rookery schema`); a test keeps this file in step with the loader.\nUnknown keys are errors.\n\n| key | type | required | meaning |\n|---|---|---|---|\n",
    );
    for k in KEYS {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            k.path,
            k.ty.replace('|', "\\|"),
            k.need,
            k.doc.replace('|', "\\|")
        ));
    }
    out
}
