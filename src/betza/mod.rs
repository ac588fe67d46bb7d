//! XBetza: grammar, typed AST, canonical printing and semantics.
//!
//! `parse` turns text into an [`ast::Piece`]; [`semantics::paths`] gives
//! its meaning as board-independent paths, which `crate::compile` unrolls.

pub mod ast;
mod display;
mod parse;
pub mod semantics;

pub use parse::parse;
pub use semantics::{paths, Path};

use std::fmt;

/// A problem in a Betza string, located by byte offsets into that string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// First byte of the offending text.
    pub start: usize,
    /// One past its last byte (equal to `start` at the end of the string).
    pub end: usize,
    /// What is wrong, in words.
    pub message: String,
}

impl BetzaError {
    /// A new error at `start..end`.
    pub fn new(start: usize, end: usize, message: impl Into<String>) -> Self {
        BetzaError { start, end, message: message.into() }
    }

    /// A one-line rendering with the column and a caret under the text:
    /// ```text
    /// error: unexpected 'w': not a modifier letter; … at column 3
    ///   fWw
    ///     ^
    /// ```
    pub fn render(&self, text: &str) -> String {
        let col = text[..self.start.min(text.len())].chars().count() + 1;
        let width = text[self.start.min(text.len())..self.end.min(text.len())].chars().count().max(1);
        format!("error: {} (column {col})\n  {text}\n  {}{}", self.message, " ".repeat(col - 1), "^".repeat(width))
    }
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.message, self.start)
    }
}

impl std::error::Error for BetzaError {}

/// Parses and interprets a Betza string in one go, returning every problem.
pub fn compile_paths(text: &str) -> Result<Vec<Path>, Vec<BetzaError>> {
    let piece = parse(text).map_err(|e| vec![e])?;
    paths(&piece)
}
