//! The `[setup]` table as written: the start position as a FEN or as lists
//! of squares per piece, with symmetry, side to move and castling rights.

use toml_edit::Table;

use super::{Reader, Spanned, VariantSpec};

impl Reader<'_> {
    /// Reads `[setup]` into `spec`.
    pub(super) fn setup_section(&mut self, s: &Table, spec: &mut VariantSpec) {
        self.known_keys(s, "setup");
        let sp = super::reader::table_span(s);
        spec.setup_span = sp.clone();
        let listed = s.get("pieces").is_some();
        spec.fen = self.string(s, "fen", "setup.fen", !listed, &sp);
        if let Some(p) = self.inline_or_table(s, "pieces", "setup.pieces") {
            for (k, _) in p.iter() {
                let ks = p.key(k).and_then(|k| k.span()).unwrap_or(sp.clone());
                let squares = self.array(&p, k, "setup.pieces", |r, v| r.str_elem(v, "setup.pieces"));
                spec.setup_pieces.push((Spanned { value: k.to_string(), span: ks }, squares));
            }
        }
        spec.symmetry = self.string(s, "symmetry", "setup.symmetry", false, &sp);
        spec.setup_side = self.string(s, "side", "setup.side", false, &sp);
        spec.setup_castling = self.string(s, "castling", "setup.castling", false, &sp);
        spec.reconstructed = self.string(s, "reconstructed", "setup.reconstructed", false, &sp);
    }
}
