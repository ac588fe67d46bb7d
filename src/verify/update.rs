//! `rookery verify --update`: the expected values of failed checks
//! rewritten from what was found, in the file's own text (toml_edit keeps
//! comments, key order and spacing), like a snapshot review.

use toml_edit::{Array, DocumentMut, Item, TableLike, Value};

use super::{Got, Status};

/// `text` with the expected values of every failed check replaced by what
/// was found. `results` are in `[[checks]]` order (as [`super::run_checks`]
/// returns them); checks that passed or could not run are left alone.
pub fn update(text: &str, results: &[super::CheckResult]) -> Result<String, String> {
    let mut doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| e.to_string())?;
    let Some(checks) = doc.get_mut("checks") else {
        return Ok(text.to_string());
    };
    for (i, r) in results.iter().enumerate() {
        if !matches!(r.status, Status::Fail(_)) {
            continue;
        }
        let (Some(got), Some(table)) = (&r.got, nth(checks, i)) else {
            return Err(format!("check {} is not in the file's [[checks]]", i + 1));
        };
        write(table, got);
    }
    Ok(doc.to_string())
}

/// The i-th check table, whether written `[[checks]]` or as inline tables.
fn nth(checks: &mut Item, i: usize) -> Option<&mut dyn TableLike> {
    match checks {
        Item::ArrayOfTables(a) => a.get_mut(i).map(|t| t as &mut dyn TableLike),
        Item::Value(Value::Array(a)) => match a.get_mut(i) {
            Some(Value::InlineTable(t)) => Some(t as &mut dyn TableLike),
            _ => None,
        },
        _ => None,
    }
}

fn write(t: &mut dyn TableLike, got: &Got) {
    match got {
        Got::Nodes(n) => set(t, "nodes", Value::from(*n as i64)),
        Got::Moves { destinations, diagram } => {
            set(t, "count", Value::from(destinations.len() as i64));
            set(t, "destinations", Value::Array(destinations.iter().map(String::as_str).collect::<Array>()));
            if let Ok(v) = format!("'''\n{diagram}'''").parse::<Value>() {
                set(t, "diagram", v);
            }
        }
        Got::Counts(counts) => {
            if let Some(c) = t.get_mut("counts").and_then(|c| c.as_table_like_mut()) {
                for (cell, n) in counts {
                    set(c, cell, Value::from(*n as i64));
                }
            }
        }
        Got::Line(r, _) => set(t, "result", Value::from(r.to_string())),
    }
}

/// Replaces the value of `key` if the table has it, keeping the comments
/// and spacing around the old value.
fn set(t: &mut dyn TableLike, key: &str, mut new: Value) {
    if let Some(Item::Value(old)) = t.get_mut(key) {
        *new.decor_mut() = old.decor().clone();
        *old = new;
    }
}

/// A unified diff of two texts (the change `--update` makes), with `name`
/// in the header.
pub fn diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new).unified_diff().context_radius(2).header(name, name).to_string()
}
