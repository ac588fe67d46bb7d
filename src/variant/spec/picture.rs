//! The raw `[board.picture]` table (validated in `load/picture.rs`).

use std::ops::Range;

use toml_edit::Table;

use super::{Reader, Spanned};

/// `[board.picture]`.
#[derive(Clone, Debug, Default)]
pub struct PictureSpec {
    /// `style`.
    pub style: Option<Spanned<String>>,
    /// `river`.
    pub river: Option<Spanned<i64>>,
    /// `diagonals`: region names.
    pub diagonals: Vec<Spanned<String>>,
    /// The table.
    pub span: Range<usize>,
}

impl Reader<'_> {
    /// Reads `[board.picture]`.
    pub(super) fn picture(&mut self, t: &Table, span: Range<usize>) -> PictureSpec {
        self.known_keys(t, "board.picture");
        let style = self.string(t, "style", "board.picture.style", false, &span);
        let river = self.int(t, "river", "board.picture.river", false, &span);
        let diagonals =
            self.array(t, "diagonals", "board.picture.diagonals", |r, v| r.str_elem(v, "board.picture.diagonals"));
        PictureSpec { style, river, diagonals, span }
    }
}
