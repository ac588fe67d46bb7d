//! The TOML reader's primitives: spans, type names and the typed value
//! readers (string, integer, boolean, array, Betza text) that every section
//! of the schema uses, each reporting a located error instead of failing.

use std::ops::Range;

use toml_edit::{Item, Table, Value};

use super::super::diagnostics::Diagnostic;
use super::{BetzaText, Spanned, KEYS};

/// The TOML reader; rule modules add their own `impl Reader` for their
/// slice of the schema (e.g. `game::rules::regions`).
pub(crate) struct Reader<'a> {
    pub(super) text: &'a str,
    pub(super) errs: Vec<Diagnostic>,
}

pub(super) fn item_span(i: &Item) -> Range<usize> {
    match i {
        Item::Value(v) => v.span(),
        Item::Table(t) => t.span(),
        Item::ArrayOfTables(a) => a.span(),
        Item::None => None,
    }
    .unwrap_or(0..0)
}

/// Where a table is written: its header, or for a table only implied by
/// its sub-tables or dotted keys (`[board.picture]` with no `[board]`) the
/// first of those, so that a missing key still points somewhere; `0..0`
/// (line 1) only for a table with nothing in it.
pub(super) fn table_span(t: &Table) -> Range<usize> {
    t.span()
        .or_else(|| {
            t.iter()
                .map(|(_, i)| match i {
                    Item::Table(sub) => table_span(sub),
                    other => item_span(other),
                })
                .filter(|r| *r != (0..0))
                .min_by_key(|r| r.start)
        })
        .unwrap_or(0..0)
}

pub(super) fn type_name(i: &Item) -> &'static str {
    match i {
        Item::Value(Value::String(_)) => "a string",
        Item::Value(Value::Integer(_)) => "an integer",
        Item::Value(Value::Float(_)) => "a float",
        Item::Value(Value::Boolean(_)) => "a boolean",
        Item::Value(Value::Datetime(_)) => "a date",
        Item::Value(Value::Array(_)) => "an array",
        Item::Value(Value::InlineTable(_)) | Item::Table(_) => "a table",
        Item::ArrayOfTables(_) => "an array of tables",
        Item::None => "nothing",
    }
}

impl Reader<'_> {
    /// The tables of the array of tables `key` of `t` (`[[path]]`, or an
    /// array of inline tables); anything else there is reported, once for
    /// a value that is no array, once per entry that is no table.
    pub(super) fn tables(&mut self, t: &Table, key: &str, path: &str) -> Vec<Table> {
        match t.get(key) {
            None => Vec::new(),
            Some(Item::ArrayOfTables(a)) => a.iter().cloned().collect(),
            Some(Item::Value(Value::Array(a))) => a
                .iter()
                .filter_map(|v| match v {
                    Value::InlineTable(t) => Some(t.clone().into_table()),
                    other => {
                        self.err(other.span().unwrap_or(0..0), format!("`{path}` must hold tables"));
                        None
                    }
                })
                .collect(),
            Some(other) => {
                let msg = format!("`{path}` must be an array of tables ([[{path}]]), not {}", type_name(other));
                self.err(item_span(other), msg);
                Vec::new()
            }
        }
    }

    pub(super) fn err(&mut self, span: Range<usize>, msg: impl Into<String>) {
        self.errs.push(Diagnostic::error(span, msg));
    }

    /// Reports a problem at `span` (for rule modules' readers).
    pub(crate) fn push_error(&mut self, span: Range<usize>, msg: impl Into<String>) {
        self.err(span, msg);
    }

    /// Checks that `table` has only the keys listed for `prefix`.
    pub(super) fn known_keys(&mut self, table: &Table, prefix: &str) {
        for (k, _) in table.iter() {
            let path = format!("{prefix}.{k}");
            if !KEYS.iter().any(|d| {
                d.path == path || d.path.starts_with(&format!("{path}.")) || d.path.starts_with(&format!("{path}[]"))
            }) {
                let span = table.key(k).and_then(|k| k.span()).unwrap_or(0..0);
                let known: Vec<&str> = KEYS
                    .iter()
                    .filter_map(|d| d.path.strip_prefix(&format!("{prefix}.")))
                    .map(|rest| rest.split(['.', '[']).next().unwrap_or(rest))
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .collect();
                self.err(span, format!("unknown key `{k}` in [{prefix}]; known keys: {}", known.join(", ")));
            }
        }
    }

    pub(super) fn table<'t>(&mut self, parent: &'t Table, key: &str, path: &str) -> Option<&'t Table> {
        match parent.get(key) {
            None => None,
            Some(Item::Table(t)) => Some(t),
            Some(other) => {
                self.err(item_span(other), format!("`{path}` must be a table, not {}", type_name(other)));
                None
            }
        }
    }

    pub(crate) fn inline_or_table(&mut self, parent: &Table, key: &str, path: &str) -> Option<Table> {
        match parent.get(key) {
            None => None,
            Some(Item::Table(t)) => Some(t.clone()),
            Some(Item::Value(Value::InlineTable(t))) => Some(t.clone().into_table()),
            Some(other) => {
                self.err(item_span(other), format!("`{path}` must be a table, not {}", type_name(other)));
                None
            }
        }
    }

    /// The string at `key` (`path` names it in messages); a missing key is
    /// an error at `owner` when `required`.
    pub(crate) fn string(
        &mut self,
        t: &Table,
        key: &str,
        path: &str,
        required: bool,
        owner: &Range<usize>,
    ) -> Option<Spanned<String>> {
        self.scalar(t.get(key), path, required.then_some(owner), "a string", string_value)
    }

    /// The integer at `key`, as [`Reader::string`] reads a string.
    pub(crate) fn int(
        &mut self,
        t: &Table,
        key: &str,
        path: &str,
        required: bool,
        owner: &Range<usize>,
    ) -> Option<Spanned<i64>> {
        self.scalar(t.get(key), path, required.then_some(owner), "an integer", int_value)
    }

    /// A value `get` reads from `item`; an item of another type is reported
    /// as not being `what`, a missing one at `need` (a required key's table).
    fn scalar<T>(
        &mut self,
        item: Option<&Item>,
        path: &str,
        need: Option<&Range<usize>>,
        what: &str,
        get: fn(&Value) -> Option<Spanned<T>>,
    ) -> Option<Spanned<T>> {
        let Some(item) = item else {
            if let Some(owner) = need {
                self.err(owner.clone(), format!("missing required key `{path}`"));
            }
            return None;
        };
        let got = match item {
            Item::Value(v) => get(v),
            _ => None,
        };
        if got.is_none() {
            self.err(item_span(item), format!("`{path}` must be {what}, not {}", type_name(item)));
        }
        got
    }

    /// The boolean at `key`, or `default` when it is missing (or, reported,
    /// of another type).
    pub(crate) fn bool(&mut self, t: &Table, key: &str, path: &str, default: bool) -> bool {
        match t.get(key) {
            None => default,
            Some(Item::Value(Value::Boolean(b))) => *b.value(),
            Some(other) => {
                self.err(item_span(other), format!("`{path}` must be true or false, not {}", type_name(other)));
                default
            }
        }
    }

    /// The elements of the array at `key` that `each` reads (none when it
    /// is missing).
    pub(crate) fn array<T>(
        &mut self,
        t: &Table,
        key: &str,
        path: &str,
        mut each: impl FnMut(&mut Self, &Value) -> Option<T>,
    ) -> Vec<T> {
        match t.get(key) {
            None => Vec::new(),
            Some(Item::Value(Value::Array(a))) => a.iter().filter_map(|v| each(self, v)).collect(),
            Some(other) => {
                self.err(item_span(other), format!("`{path}` must be an array, not {}", type_name(other)));
                Vec::new()
            }
        }
    }

    /// An element of the array `path` that must be a string.
    pub(crate) fn str_elem(&mut self, v: &Value, path: &str) -> Option<Spanned<String>> {
        self.element(v, path, "strings", string_value)
    }

    /// An element of the array `path` that must be an integer.
    pub(crate) fn int_elem(&mut self, v: &Value, path: &str) -> Option<Spanned<i64>> {
        self.element(v, path, "integers", int_value)
    }

    /// An array element `get` reads; another type is reported as not being
    /// one of `what`.
    fn element<T>(
        &mut self,
        v: &Value,
        path: &str,
        what: &str,
        get: fn(&Value) -> Option<Spanned<T>>,
    ) -> Option<Spanned<T>> {
        let got = get(v);
        if got.is_none() {
            self.err(v.span().unwrap_or(0..0), format!("elements of `{path}` must be {what}"));
        }
        got
    }

    pub(super) fn betza(
        &mut self,
        t: &Table,
        key: &str,
        path: &str,
        required: bool,
        owner: &Range<usize>,
    ) -> Option<BetzaText> {
        let s = self.string(t, key, path, required, owner)?;
        let raw = &self.text[s.span.clone()];
        let quote = if raw.starts_with("\"\"\"") || raw.starts_with("'''") { 3 } else { 1 };
        let start = s.span.start + quote;
        let content_start = self.text.get(start..start + s.value.len()).filter(|t| *t == s.value).map(|_| start);
        Some(BetzaText { text: s.value, span: s.span, content_start })
    }
}

/// A TOML string with its span.
fn string_value(v: &Value) -> Option<Spanned<String>> {
    match v {
        Value::String(s) => Some(Spanned { value: s.value().clone(), span: s.span().unwrap_or(0..0) }),
        _ => None,
    }
}

/// A TOML integer with its span.
fn int_value(v: &Value) -> Option<Spanned<i64>> {
    match v {
        Value::Integer(i) => Some(Spanned { value: *i.value(), span: i.span().unwrap_or(0..0) }),
        _ => None,
    }
}
