//! The raw `[drops]` table (validated by `game::rules::drops`).

use std::ops::Range;

use toml_edit::Table;

use super::{Reader, Spanned};

/// `[drops]`.
#[derive(Clone, Debug, Default)]
pub struct DropsSpec {
    /// `captures-to-hand`.
    pub captures_to_hand: bool,
    /// `promoted-captured`.
    pub promoted_captured: Option<Spanned<String>>,
    /// `where[]`.
    pub places: Vec<DropPlaceSpec>,
    /// `no-dead-squares`.
    pub no_dead_squares: bool,
    /// `max-per-file`: (letter, limit).
    pub max_per_file: Vec<(Spanned<String>, Spanned<i64>)>,
    /// `no-mate`.
    pub no_mate: Vec<Spanned<String>>,
    /// `hand-order`.
    pub hand_order: Vec<Spanned<String>>,
    /// `must-drop`.
    pub must_drop: bool,
    /// `must-drop-pieces`.
    pub must_drop_pieces: Vec<Spanned<String>>,
    /// `no-checks`.
    pub no_checks: bool,
    /// `two-boards`.
    pub two_boards: bool,
    /// `no-mate-rule`.
    pub no_mate_rule: Option<Spanned<String>>,
    /// `drop-promoted`.
    pub drop_promoted: bool,
    /// `opposite-colours`.
    pub opposite_colours: Vec<Spanned<String>>,
    /// `unmoved[]`: where a dropped piece counts as unmoved.
    pub unmoved: Vec<DropPlaceSpec>,
    /// `unlimited`: letters of the kinds a hand never runs out of.
    pub unlimited: Vec<Spanned<String>>,
    /// The table.
    pub span: Range<usize>,
}

/// `[gating]`: the gate cells per side.
#[derive(Clone, Debug, Default)]
pub struct GatingSpec {
    /// `ranks.white` / `ranks.black`.
    pub ranks: [Vec<Spanned<i64>>; 2],
    /// `cells.white` / `cells.black`.
    pub cells: [Vec<Spanned<String>>; 2],
    /// The table.
    pub span: Range<usize>,
}

/// `drops.where[]`: the only cells where some pieces may be dropped.
#[derive(Clone, Debug, Default)]
pub struct DropPlaceSpec {
    /// `pieces`.
    pub pieces: Vec<Spanned<String>>,
    /// `ranks.white` / `ranks.black`.
    pub ranks: [Vec<Spanned<i64>>; 2],
    /// `cells.white` / `cells.black`.
    pub cells: [Vec<Spanned<String>>; 2],
    /// The table.
    pub span: Range<usize>,
}

impl Reader<'_> {
    /// Reads `[drops]`.
    pub(super) fn drops(&mut self, t: &Table) -> DropsSpec {
        self.known_keys(t, "drops");
        let span = t.span().unwrap_or(0..0);
        let captures_to_hand = self.bool(t, "captures-to-hand", "drops.captures-to-hand", false);
        let promoted_captured = self.string(t, "promoted-captured", "drops.promoted-captured", false, &span);
        let places = self.tables(t, "where", "drops.where").iter().map(|p| self.drop_place(p, &span)).collect();
        let no_dead_squares = self.bool(t, "no-dead-squares", "drops.no-dead-squares", false);
        let mut max_per_file = Vec::new();
        if let Some(m) = self.inline_or_table(t, "max-per-file", "drops.max-per-file") {
            for (k, _) in m.iter() {
                let ks = m.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                let letter = Spanned { value: k.to_string(), span: ks };
                if let Some(n) = self.int(&m, k, "drops.max-per-file", true, &span) {
                    max_per_file.push((letter, n));
                }
            }
        }
        let no_mate = self.array(t, "no-mate", "drops.no-mate", |s, v| s.str_elem(v, "drops.no-mate"));
        let hand_order = self.array(t, "hand-order", "drops.hand-order", |s, v| s.str_elem(v, "drops.hand-order"));
        let must_drop = self.bool(t, "must-drop", "drops.must-drop", false);
        let must_drop_pieces =
            self.array(t, "must-drop-pieces", "drops.must-drop-pieces", |s, v| s.str_elem(v, "drops.must-drop-pieces"));
        let no_checks = self.bool(t, "no-checks", "drops.no-checks", false);
        let two_boards = self.bool(t, "two-boards", "drops.two-boards", false);
        let no_mate_rule = self.string(t, "no-mate-rule", "drops.no-mate-rule", false, &span);
        let drop_promoted = self.bool(t, "drop-promoted", "drops.drop-promoted", false);
        let unlimited = self.array(t, "unlimited", "drops.unlimited", |s, v| s.str_elem(v, "drops.unlimited"));
        let opposite_colours =
            self.array(t, "opposite-colours", "drops.opposite-colours", |s, v| s.str_elem(v, "drops.opposite-colours"));
        let unmoved = self.tables(t, "unmoved", "drops.unmoved").iter().map(|p| self.drop_place(p, &span)).collect();
        DropsSpec {
            captures_to_hand,
            promoted_captured,
            places,
            no_dead_squares,
            max_per_file,
            no_mate,
            hand_order,
            must_drop,
            must_drop_pieces,
            no_checks,
            two_boards,
            no_mate_rule,
            unlimited,
            drop_promoted,
            opposite_colours,
            unmoved,
            span,
        }
    }

    /// Reads `[gating]`.
    pub(super) fn gating(&mut self, t: &Table) -> GatingSpec {
        self.known_keys(t, "gating");
        let mut g = GatingSpec { span: t.span().unwrap_or(0..0), ..Default::default() };
        if let Some(r) = self.inline_or_table(t, "ranks", "gating.ranks") {
            g.ranks[0] = self.array(&r, "white", "gating.ranks.white", |s, v| s.int_elem(v, "ranks.white"));
            g.ranks[1] = self.array(&r, "black", "gating.ranks.black", |s, v| s.int_elem(v, "ranks.black"));
        }
        if let Some(c) = self.inline_or_table(t, "cells", "gating.cells") {
            g.cells[0] = self.array(&c, "white", "gating.cells.white", |s, v| s.str_elem(v, "cells.white"));
            g.cells[1] = self.array(&c, "black", "gating.cells.black", |s, v| s.str_elem(v, "cells.black"));
        }
        if t.get("ranks").is_none() && t.get("cells").is_none() {
            self.err(g.span.clone(), "`[gating]` needs `ranks` or `cells`");
        }
        g
    }

    /// One `[[drops.where]]` entry.
    fn drop_place(&mut self, t: &Table, owner: &Range<usize>) -> DropPlaceSpec {
        let span = t.span().unwrap_or(owner.clone());
        self.known_keys(t, "drops.where[]");
        let pieces = self.array(t, "pieces", "drops.where.pieces", |s, v| s.str_elem(v, "drops.where.pieces"));
        let mut p = DropPlaceSpec { pieces, span: span.clone(), ..Default::default() };
        if let Some(r) = self.inline_or_table(t, "ranks", "drops.where.ranks") {
            p.ranks[0] = self.array(&r, "white", "drops.where.ranks.white", |s, v| s.int_elem(v, "ranks.white"));
            p.ranks[1] = self.array(&r, "black", "drops.where.ranks.black", |s, v| s.int_elem(v, "ranks.black"));
        }
        if let Some(c) = self.inline_or_table(t, "cells", "drops.where.cells") {
            p.cells[0] = self.array(&c, "white", "drops.where.cells.white", |s, v| s.str_elem(v, "cells.white"));
            p.cells[1] = self.array(&c, "black", "drops.where.cells.black", |s, v| s.str_elem(v, "cells.black"));
        }
        if p.pieces.is_empty() {
            self.err(span.clone(), "`drops.where` needs `pieces`");
        }
        if t.get("ranks").is_none() && t.get("cells").is_none() {
            self.err(span, "`drops.where` needs `ranks` or `cells`");
        }
        p
    }
}
