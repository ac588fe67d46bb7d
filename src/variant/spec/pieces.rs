//! The `[pieces]` table as written: one table per piece (name, letter,
//! Betza moves, royalty, values, special moves, castling partners).

use std::ops::Range;

use toml_edit::{Item, Table, Value};

use super::reader::{item_span, type_name};
use super::{Reader, Spanned, VariantSpec, KEYS};

/// `pieces.<id>`.
#[derive(Clone, Debug)]
pub struct PieceSpec {
    /// The table key.
    pub id: Spanned<String>,
    /// `name`.
    pub name: Option<Spanned<String>>,
    /// `letter`.
    pub letter: Option<Spanned<String>>,
    /// `betza`, with the byte offset of the string's first character.
    pub betza: Option<BetzaText>,
    /// `betza-black`.
    pub betza_black: Option<BetzaText>,
    /// `royal`.
    pub royal: bool,
    /// `pawn`.
    pub pawn: bool,
    /// `image`.
    pub image: Option<Spanned<String>>,
    /// `immobile`.
    pub immobile: bool,
    /// `capturable-by`.
    pub capturable_by: Option<Vec<Spanned<String>>>,
    /// `capture-wins`.
    pub capture_wins: Option<Spanned<String>>,
    /// `value` (centipawns), checked to be 1..=100000.
    pub value: Option<Spanned<i64>>,
    /// `special`.
    pub special: Vec<SpecialSpec>,
    /// `promotes-to`.
    pub promotes_to: Option<Spanned<String>>,
    /// `confined-to`: the region the piece may never leave.
    pub confined_to: Option<Spanned<String>>,
    /// `castling-partners`: piece letters or White's start cells.
    pub castling_partners: Vec<Spanned<String>>,
    /// `unmoved-lost-on-line-with`: piece letters.
    pub unmoved_lost_on_line_with: Vec<Spanned<String>>,
    /// `castling-960`: Chess960 castling from any cell of the home rank.
    pub castling_960: bool,
    /// `resets-move-rule`: "always", "unless-reversible" or "never".
    pub resets_move_rule: Option<Spanned<String>>,
    /// `petrify-on-capture`: turns into a wall after capturing.
    pub petrify_on_capture: Option<Spanned<bool>>,
}

/// A Betza string and where its text starts in the file, so that errors
/// inside it get the right column.
#[derive(Clone, Debug)]
pub struct BetzaText {
    /// The string.
    pub text: String,
    /// The whole TOML value (with quotes).
    pub span: Range<usize>,
    /// Byte offset of the first character of `text` in the file, when the
    /// value is a plain string whose text appears verbatim.
    pub content_start: Option<usize>,
}

/// `pieces.<id>.special[]`.
#[derive(Clone, Debug)]
pub struct SpecialSpec {
    /// `name`.
    pub name: Option<Spanned<String>>,
    /// `betza`.
    pub betza: Option<BetzaText>,
    /// `when`.
    pub when: Option<Spanned<String>>,
    /// `region` (with `when = "in-region"`).
    pub region: Option<Spanned<String>>,
    /// The table.
    pub span: Range<usize>,
}

impl Reader<'_> {
    /// Reads `[pieces]` into `spec`; a table with no piece is an error.
    pub(super) fn pieces_section(&mut self, p: &Table, spec: &mut VariantSpec) {
        spec.pieces_span = p.span().unwrap_or(0..0);
        for (id, item) in p.iter() {
            let id_span = p.key(id).and_then(|k| k.span()).unwrap_or_else(|| item_span(item));
            let id = Spanned { value: id.to_string(), span: id_span };
            let Some(t) = self.inline_or_table(p, &id.value, &format!("pieces.{}", id.value)) else { continue };
            spec.pieces.push(self.piece(id, &t));
        }
        if spec.pieces.is_empty() {
            self.err(spec.pieces_span.clone(), "[pieces] defines no piece");
        }
    }

    /// One piece's table (`id`: its key in `[pieces]`).
    fn piece(&mut self, id: Spanned<String>, t: &Table) -> PieceSpec {
        self.piece_keys(&id, t);
        let p = format!("pieces.{}", id.value);
        let owner = id.span.clone();
        let promotes_to = self.string(t, "promotes-to", &format!("{p}.promotes-to"), false, &owner);
        let name = self.string(t, "name", &format!("{p}.name"), false, &owner);
        let letter = self.string(t, "letter", &format!("{p}.letter"), true, &owner);
        let immobile = self.bool(t, "immobile", &format!("{p}.immobile"), false);
        let betza = self.betza(t, "betza", &format!("{p}.betza"), !immobile, &owner);
        let capturable_by = t.get("capturable-by").map(|_| {
            self.array(t, "capturable-by", &format!("{p}.capturable-by"), |r, v| r.str_elem(v, "capturable-by"))
        });
        let capture_wins = self.string(t, "capture-wins", &format!("{p}.capture-wins"), false, &owner);
        let value = self.int(t, "value", &format!("{p}.value"), false, &owner);
        if let Some(v) = value.as_ref().filter(|v| !(1..=100_000).contains(&v.value)) {
            self.err(v.span.clone(), format!("`{p}.value` must be between 1 and 100000 (centipawns), not {}", v.value));
        }
        let betza_black = self.betza(t, "betza-black", &format!("{p}.betza-black"), false, &owner);
        let royal = self.bool(t, "royal", &format!("{p}.royal"), false);
        let pawn = self.bool(t, "pawn", &format!("{p}.pawn"), false);
        let image = self.string(t, "image", &format!("{p}.image"), false, &owner);
        let confined_to = self.string(t, "confined-to", &format!("{p}.confined-to"), false, &owner);
        let castling_partners = self.array(t, "castling-partners", &format!("{p}.castling-partners"), |r, v| {
            r.str_elem(v, "castling-partners")
        });
        let unmoved_lost_on_line_with =
            self.array(t, "unmoved-lost-on-line-with", &format!("{p}.unmoved-lost-on-line-with"), |r, v| {
                r.str_elem(v, "unmoved-lost-on-line-with")
            });
        let castling_960 = self.bool(t, "castling-960", &format!("{p}.castling-960"), false);
        let resets_move_rule = self.string(t, "resets-move-rule", &format!("{p}.resets-move-rule"), false, &owner);
        let special = self.piece_specials(&p, t);
        let petrify_on_capture = self.spanned_bool(t, "petrify-on-capture", &format!("{p}.petrify-on-capture"));
        PieceSpec {
            id,
            name,
            letter,
            betza,
            betza_black,
            royal,
            pawn,
            image,
            immobile,
            capturable_by,
            capture_wins,
            value,
            special,
            promotes_to,
            confined_to,
            castling_partners,
            unmoved_lost_on_line_with,
            castling_960,
            resets_move_rule,
            petrify_on_capture,
        }
    }

    /// Reports the keys of a piece table that the schema does not list.
    fn piece_keys(&mut self, id: &Spanned<String>, t: &Table) {
        for (k, _) in t.iter() {
            let path = format!("pieces.*.{k}");
            if !KEYS.iter().any(|d| d.path == path) {
                let span = t.key(k).and_then(|k| k.span()).unwrap_or(id.span.clone());
                self.err(span, format!("unknown key `{k}` in piece `{}`; known keys: name, letter, betza, betza-black, royal, pawn, promotes-to, image, immobile, capturable-by, capture-wins, value, special, confined-to, castling-partners, unmoved-lost-on-line-with, castling-960, resets-move-rule, petrify-on-capture", id.value));
            }
        }
    }

    /// `pieces.<id>.special`: an array of tables (or of inline tables).
    fn piece_specials(&mut self, p: &str, t: &Table) -> Vec<SpecialSpec> {
        let mut special = Vec::new();
        match t.get("special") {
            None => {}
            Some(Item::ArrayOfTables(a)) => {
                for st in a.iter() {
                    special.push(self.special(p, st));
                }
            }
            Some(Item::Value(Value::Array(a))) => {
                for v in a.iter() {
                    if let Value::InlineTable(it) = v {
                        let st = it.clone().into_table();
                        special.push(self.special(p, &st));
                    } else {
                        self.err(v.span().unwrap_or(0..0), format!("`{p}.special` must hold tables"));
                    }
                }
            }
            Some(other) => self
                .err(item_span(other), format!("`{p}.special` must be an array of tables, not {}", type_name(other))),
        }
        special
    }

    /// One special move of piece `p`.
    fn special(&mut self, p: &str, t: &Table) -> SpecialSpec {
        let span = t.span().unwrap_or(0..0);
        for (k, _) in t.iter() {
            if !["name", "betza", "when", "region"].contains(&k) {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                self.err(ks, format!("unknown key `{k}` in `{p}.special`; known keys: name, betza, when, region"));
            }
        }
        SpecialSpec {
            name: self.string(t, "name", &format!("{p}.special.name"), false, &span),
            betza: self.betza(t, "betza", &format!("{p}.special.betza"), true, &span),
            when: self.string(t, "when", &format!("{p}.special.when"), true, &span),
            region: self.string(t, "region", &format!("{p}.special.region"), false, &span),
            span,
        }
    }
}
