//! Reading a description into items, and the import's error.

/// Why a description cannot be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// One line per problem.
    pub problems: Vec<String>,
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for p in &self.problems {
            writeln!(f, "error: {p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ImportError {}

/// One item of a description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// `key=value`.
    Key(String, String),
    /// `name:ID:Betza:image:squares` (fields as written, maybe empty).
    Piece(Vec<String>),
}

/// Splits a description into items. A line starting with `rookery…=` is
/// one item (its value may contain spaces); otherwise items are separated
/// by whitespace, and words without `=` or `:` belong to the next piece
/// item's name (`dragon horse:H:BW:…`). Lines starting with `#` and the
/// verified-facts comment of the export are skipped.
pub fn items(text: &str) -> Vec<Item> {
    let mut out = Vec::new();
    for line in crate::export::facts::strip(text).lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if t.starts_with("rookery") {
            if let Some((k, val)) = t.split_once('=') {
                if k.chars().all(|c| c.is_ascii_alphanumeric()) {
                    out.push(Item::Key(k.to_string(), unescape(val)));
                    continue;
                }
            }
        }
        let mut pending: Vec<&str> = Vec::new();
        for w in t.split_whitespace() {
            let colon = w.find(':');
            let eq = w.find('=');
            let is_key = match (eq, colon) {
                (Some(e), None) => e > 0,
                (Some(e), Some(c)) => e < c && e > 0,
                _ => false,
            };
            if is_key && w[..eq.unwrap()].chars().all(|c| c.is_ascii_alphanumeric()) {
                let (k, val) = w.split_once('=').expect("has =");
                out.push(Item::Key(k.to_string(), val.to_string()));
                pending.clear();
            } else if colon.is_some() {
                pending.push(w);
                let whole = pending.join(" ");
                out.push(Item::Piece(whole.split(':').map(str::to_string).collect()));
                pending.clear();
            } else {
                pending.push(w);
            }
        }
    }
    out
}

/// Undoes the `\\` and `\n` escapes of a `rookery…=` value.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('n') => out.push('\n'),
                Some(o) => out.push(o),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}
