//! Problems found in a definition, located in its text, rendered the way
//! rustc renders them (`file:line:col`, the line, a caret).

use std::ops::Range;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The definition cannot be used.
    Error,
    /// Worth knowing; the definition loads.
    Warning,
}

/// One problem with its location (byte range in the file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Where (byte range).
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Error, span, message: message.into() }
    }

    /// A warning at `span`.
    pub fn warning(span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, span, message: message.into() }
    }

    /// Renders the problem against the file's text:
    /// ```text
    /// error: unknown piece letter 'x' in the setup
    ///   --> definitions/tcb.toml:57:12
    ///    |
    /// 57 | fen = "r*x*k…"
    ///    |           ^
    /// ```
    pub fn render(&self, file: &str, text: &str) -> String {
        // Spans are byte ranges; one that ends inside a character (or past
        // the text) is widened to whole characters so slicing cannot panic.
        let start = floor_char(text, self.span.start);
        let end = ceil_char(text, self.span.end.max(start));
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let line_no = text[..start].matches('\n').count() + 1;
        let col = text[line_start..start].chars().count() + 1;
        let line = &text[line_start..line_end];
        let width = text[start..end.min(line_end)].chars().count().max(1);
        let gutter = line_no.to_string().len();
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        format!(
            "{kind}: {msg}\n{pad}--> {file}:{line_no}:{col}\n{pad} |\n{line_no} | {line}\n{pad} | {sp}{carets}\n",
            msg = self.message,
            pad = " ".repeat(gutter),
            sp = " ".repeat(col - 1),
            carets = "^".repeat(width),
        )
    }
}

/// The largest character boundary of `text` at or before byte `i`.
fn floor_char(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The smallest character boundary of `text` at or after byte `i`.
fn ceil_char(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_inside_a_character_render_without_panicking() {
        let text = "fen = \"rnbqkbnr/ppp\u{e9}pppp\"\nnext = 1\n";
        let at = text.find('\u{e9}').unwrap();
        for (s, e) in [(at + 1, at + 2), (at, at + 1), (at + 1, at + 1), (999, 1000), (at + 1, 3)] {
            let out = Diagnostic::error(s..e, "x").render("f.toml", text);
            assert!(out.contains("--> f.toml:"), "{out}");
        }
        let out = Diagnostic::error(at + 1..at + 2, "x").render("f.toml", text);
        // The caret sits under the é (column 20, counted in characters).
        assert!(out.contains("f.toml:1:20"), "{out}");
    }
}
