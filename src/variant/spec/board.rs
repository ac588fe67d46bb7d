//! The `[board]` table as written: a grid (`files`, `ranks`, `holes`) or a
//! polygon board (`kind = "polygons"` with `cells`, `rows`, `forward`), and
//! the picture options (`a1-light`, `[board.picture]`).

use std::ops::Range;

use toml_edit::{Item, Table, Value};

use super::reader::item_span;
use super::{Reader, VariantSpec};

/// `board.cells[]`: label, corner points, span of the table.
pub type CellSpec = (super::Spanned<String>, Vec<(f64, f64)>, Range<usize>);

impl Reader<'_> {
    /// Reads `[board]` into `spec`.
    pub(super) fn board_section(&mut self, b: &Table, spec: &mut VariantSpec) {
        self.known_keys(b, "board");
        let s = super::reader::table_span(b);
        spec.board_span = s.clone();
        spec.board_kind = self.string(b, "kind", "board.kind", false, &s);
        let polygons = spec.board_kind.as_ref().is_some_and(|k| k.value == "polygons");
        spec.files = self.int(b, "files", "board.files", !polygons, &s);
        spec.ranks = self.int(b, "ranks", "board.ranks", !polygons, &s);
        if polygons {
            self.polygon_board(b, spec, &s);
        }
        spec.holes = self.array(b, "holes", "board.holes", |r, v| r.str_elem(v, "board.holes"));
        spec.a1_light = self.bool(b, "a1-light", "board.a1-light", false);
        if let Some(p) = self.inline_or_table(b, "picture", "board.picture") {
            let span = b.get("picture").map_or(s.clone(), item_span);
            spec.picture = Some(self.picture(&p, span));
        }
    }

    /// A polygon board's `cells`, `rows` and `forward` (`owner`: the span of
    /// `[board]`, where a missing key is reported).
    fn polygon_board(&mut self, b: &Table, spec: &mut VariantSpec, owner: &Range<usize>) {
        spec.cells_span = owner.clone();
        match b.get("cells") {
            None => self.err(owner.clone(), "missing required key `board.cells` (a polygon board lists its cells)"),
            Some(Item::ArrayOfTables(a)) => {
                spec.cells_span = a.span().unwrap_or(owner.clone());
                for t in a.iter() {
                    if let Some(cell) = self.board_cell(t, owner) {
                        spec.cells.push(cell);
                    }
                }
            }
            Some(other) => self.err(item_span(other), "`board.cells` must be an array of tables ([[board.cells]])"),
        }
        self.board_rows(b, spec, owner);
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

    /// One `[[board.cells]]` table; `None` when it has no label (reported).
    fn board_cell(&mut self, t: &Table, owner: &Range<usize>) -> Option<CellSpec> {
        let ts = t.span().unwrap_or(owner.clone());
        for (k, _) in t.iter() {
            if k != "label" && k != "polygon" {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(ts.clone());
                self.err(ks, format!("unknown key `{k}` in `board.cells`; known keys: label, polygon"));
            }
        }
        let label = self.string(t, "label", "board.cells.label", true, &ts);
        let pts = self.cell_polygon(t, &ts);
        label.map(|l| (l, pts, ts))
    }

    /// A cell's `polygon`: its `[x, y]` points, each bad point reported.
    fn cell_polygon(&mut self, t: &Table, ts: &Range<usize>) -> Vec<(f64, f64)> {
        let mut pts = Vec::new();
        match t.get("polygon") {
            Some(Item::Value(Value::Array(a))) => {
                for p in a.iter() {
                    let pt = match p {
                        Value::Array(xy) if xy.len() == 2 => {
                            Self::number(xy.get(0).expect("len 2")).zip(Self::number(xy.get(1).expect("len 2")))
                        }
                        _ => None,
                    };
                    match pt {
                        Some(pt) => pts.push(pt),
                        None => self.err(p.span().unwrap_or(ts.clone()), "a polygon point must be [x, y] numbers"),
                    }
                }
            }
            Some(other) => self.err(item_span(other), "`board.cells.polygon` must be an array of [x, y] points"),
            None => self.err(ts.clone(), "missing required key `board.cells.polygon`"),
        }
        pts
    }

    /// `board.rows`: the cell labels row by row, as a FEN lists them.
    fn board_rows(&mut self, b: &Table, spec: &mut VariantSpec, owner: &Range<usize>) {
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
    }

    /// A TOML number (integer or float) as `f64`.
    fn number(v: &Value) -> Option<f64> {
        match v {
            Value::Float(f) => Some(*f.value()),
            Value::Integer(i) => Some(*i.value() as f64),
            _ => None,
        }
    }
}
