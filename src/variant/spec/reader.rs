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

    pub(crate) fn string(
        &mut self,
        t: &Table,
        key: &str,
        path: &str,
        required: bool,
        owner: &Range<usize>,
    ) -> Option<Spanned<String>> {
        match t.get(key) {
            None => {
                if required {
                    self.err(owner.clone(), format!("missing required key `{path}`"));
                }
                None
            }
            Some(Item::Value(Value::String(s))) => {
                Some(Spanned { value: s.value().clone(), span: s.span().unwrap_or(0..0) })
            }
            Some(other) => {
                self.err(item_span(other), format!("`{path}` must be a string, not {}", type_name(other)));
                None
            }
        }
    }

    pub(crate) fn int(
        &mut self,
        t: &Table,
        key: &str,
        path: &str,
        required: bool,
        owner: &Range<usize>,
    ) -> Option<Spanned<i64>> {
        match t.get(key) {
            None => {
                if required {
                    self.err(owner.clone(), format!("missing required key `{path}`"));
                }
                None
            }
            Some(Item::Value(Value::Integer(i))) => Some(Spanned { value: *i.value(), span: i.span().unwrap_or(0..0) }),
            Some(other) => {
                self.err(item_span(other), format!("`{path}` must be an integer, not {}", type_name(other)));
                None
            }
        }
    }

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

    pub(crate) fn str_elem(&mut self, v: &Value, path: &str) -> Option<Spanned<String>> {
        match v {
            Value::String(s) => Some(Spanned { value: s.value().clone(), span: s.span().unwrap_or(0..0) }),
            other => {
                self.err(other.span().unwrap_or(0..0), format!("elements of `{path}` must be strings"));
                None
            }
        }
    }

    pub(crate) fn int_elem(&mut self, v: &Value, path: &str) -> Option<Spanned<i64>> {
        match v {
            Value::Integer(i) => Some(Spanned { value: *i.value(), span: i.span().unwrap_or(0..0) }),
            other => {
                self.err(other.span().unwrap_or(0..0), format!("elements of `{path}` must be integers"));
                None
            }
        }
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
