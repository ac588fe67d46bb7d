//! The `[promotion]` table as written: the zones (ranks or cells, choices,
//! mandatory or optional, limits), piece-specific zones and `flip`.

use std::ops::Range;

use toml_edit::{Item, Table, Value};

use super::reader::{item_span, type_name};
use super::{Reader, Spanned, VariantSpec};

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

impl Reader<'_> {
    /// Reads `[promotion]` into `spec`.
    pub(super) fn promotion_section(&mut self, p: &Table, spec: &mut VariantSpec) {
        self.known_keys(p, "promotion");
        spec.promotion_flip = self.bool(p, "flip", "promotion.flip", false);
        spec.promotion_piece_mandatory = self.bool(p, "piece-mandatory", "promotion.piece-mandatory", false);
        spec.promotion_on_capture = self.bool(p, "on-capture", "promotion.on-capture", false);
        spec.promotion_allow_dead = self.bool(p, "allow-dead-squares", "promotion.allow-dead-squares", false);
        spec.promotion_move = self.promotion_move(p);
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

    /// One promotion zone.
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
        let [white, black] = self.zone_ranks(t, &span);
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

    /// A zone's `ranks.white` and `ranks.black`; a zone with neither
    /// `ranks` nor `cells` is an error.
    fn zone_ranks(&mut self, t: &Table, span: &Range<usize>) -> [Vec<Spanned<i64>>; 2] {
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
        [white, black]
    }
}
