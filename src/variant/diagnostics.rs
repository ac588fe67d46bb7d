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
        let start = self.span.start.min(text.len());
        let end = self.span.end.clamp(start, text.len());
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
