//! `[[checks]]`: the documented facts a definition carries (read here, as
//! written; checked against the compiled variant by `crate::verify`).

use std::ops::Range;

use toml_edit::{Item, Table, Value};

use super::{item_span, Reader, Spanned, KEYS};

/// `checks[]`: one documented fact, as written.
#[derive(Clone, Debug, Default)]
pub struct CheckSpec {
    /// `kind`: "perft", "moves" or "line".
    pub kind: Option<Spanned<String>>,
    /// `name`.
    pub name: Option<Spanned<String>>,
    /// `source`.
    pub source: Option<Spanned<String>>,
    /// `note`.
    pub note: Option<Spanned<String>>,
    /// `fen`.
    pub fen: Option<Spanned<String>>,
    /// `depth` (perft).
    pub depth: Option<Spanned<i64>>,
    /// `nodes` (perft).
    pub nodes: Option<Spanned<i64>>,
    /// `piece` (moves).
    pub piece: Option<Spanned<String>>,
    /// `at` (moves).
    pub at: Option<Spanned<String>>,
    /// `unmoved` (moves).
    pub unmoved: Option<bool>,
    /// `count` (moves).
    pub count: Option<Spanned<i64>>,
    /// `counts` (moves): (cell, count) pairs.
    pub counts: Vec<(Spanned<String>, Spanned<i64>)>,
    /// `destinations` (moves); `None` when absent.
    pub destinations: Option<Vec<Spanned<String>>>,
    /// `diagram` (moves).
    pub diagram: Option<Spanned<String>>,
    /// `moves` (line).
    pub moves: Option<Vec<Spanned<String>>>,
    /// `result` (line).
    pub result: Option<Spanned<String>>,
    /// The check's table.
    pub span: Range<usize>,
}

impl Reader<'_> {
    /// Reads `[[checks]]` (an array of tables, or an array of inline tables).
    pub(super) fn checks(&mut self, root: &Table) -> Vec<CheckSpec> {
        let tables = self.tables(root, "checks", "checks");
        tables.iter().map(|t| self.check(t)).collect()
    }

    fn check(&mut self, t: &Table) -> CheckSpec {
        let span = t.span().unwrap_or(0..0);
        // The key list is the schema's own (KEYS), so the reference and the
        // reader cannot disagree.
        let known: Vec<&str> = KEYS.iter().filter_map(|d| d.path.strip_prefix("checks[].")).collect();
        for (k, _) in t.iter() {
            if !known.contains(&k) {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                self.err(ks, format!("unknown key `{k}` in a check; known keys: {}", known.join(", ")));
            }
        }
        let s = |r: &mut Self, key: &str| r.string(t, key, &format!("checks.{key}"), false, &span);
        let i = |r: &mut Self, key: &str| r.int(t, key, &format!("checks.{key}"), false, &span);
        let list = |r: &mut Self, key: &str| {
            t.get(key)
                .map(|_| r.array(t, key, &format!("checks.{key}"), |r, v| r.str_elem(v, &format!("checks.{key}"))))
        };
        let mut counts = Vec::new();
        if let Some(c) = self.inline_or_table(t, "counts", "checks.counts") {
            for (cell, item) in c.iter() {
                let ks = c.key(cell).and_then(|k| k.span()).unwrap_or(span.clone());
                match item {
                    Item::Value(Value::Integer(n)) => counts.push((
                        Spanned { value: cell.to_string(), span: ks },
                        Spanned { value: *n.value(), span: n.span().unwrap_or(0..0) },
                    )),
                    other => self.err(item_span(other), "`checks.counts` maps cells to integers (`e5 = 12`)"),
                }
            }
        }
        CheckSpec {
            kind: self.string(t, "kind", "checks.kind", true, &span),
            name: s(self, "name"),
            source: s(self, "source"),
            note: s(self, "note"),
            fen: s(self, "fen"),
            depth: i(self, "depth"),
            nodes: i(self, "nodes"),
            piece: s(self, "piece"),
            at: s(self, "at"),
            unmoved: t.get("unmoved").map(|_| self.bool(t, "unmoved", "checks.unmoved", false)),
            count: i(self, "count"),
            counts,
            destinations: list(self, "destinations"),
            diagram: s(self, "diagram"),
            moves: list(self, "moves"),
            result: s(self, "result"),
            span,
        }
    }
}
