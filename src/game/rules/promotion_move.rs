//! Promotion as a move of its own (`[promotion.by-move]`, sittuyin): instead
//! of moving, a piece of a listed kind standing on one of its side's
//! promotion cells turns into one of the choices, where it stands or (with
//! `step`) on an empty cell the new piece could move to from there. The
//! side's last such piece may promote anywhere (`last-anywhere`); the new
//! piece may not attack an enemy piece where it appears (`no-attack`); the
//! promotion may not give check (`no-check`, a legality filter); a choice is
//! open only while the side has fewer than `limit` of it on the board.
//! Written as Fairy-Stockfish writes it: `c4c4f` in place, `c4d5f` with a step.
//!
//! Fairy-Stockfish's `sittuyinPromotion` with `promotionLimit`. Variants
//! without the table pay one branch per move generation.

use crate::board::{Cell, Grid};
use crate::compile::Occupancy;
use crate::game::{code_kind, code_side, piece_code, Move, MoveKind, Position, Side};
use crate::variant::diagnostics::Diagnostic;
use crate::variant::spec::{Reader, Spanned};

/// `[promotion.by-move]` as written.
#[derive(Clone, Debug, Default)]
pub struct PromotionMoveSpec {
    /// `pieces`: the letters of the kinds that may promote so.
    pub pieces: Vec<Spanned<String>>,
    /// `choices`: what they may become.
    pub choices: Vec<Spanned<String>>,
    /// `cells`: White's and Black's promotion cells.
    pub cells: [Vec<Spanned<String>>; 2],
    /// `last-anywhere`.
    pub last_anywhere: bool,
    /// `step`.
    pub step: bool,
    /// `no-attack`.
    pub no_attack: bool,
    /// `no-check`.
    pub no_check: bool,
    /// `limit`: (letter, count).
    pub limit: Vec<(Spanned<String>, Spanned<i64>)>,
    /// The table.
    pub span: std::ops::Range<usize>,
}

/// The compiled rule.
#[derive(Clone, Debug)]
pub struct PromotionMove {
    /// Kinds (bits) that may promote by a move of their own.
    pub pieces: u64,
    /// The kinds they may become.
    pub choices: Vec<u8>,
    /// `words` u64 per side: the promotion cells.
    pub zone: Vec<u64>,
    /// u64 words per cell set.
    pub words: usize,
    /// The side's last piece of `pieces` may promote on any cell.
    pub last_anywhere: bool,
    /// The new piece may appear on an empty cell it could move to.
    pub step: bool,
    /// The new piece may not attack an enemy piece where it appears.
    pub no_attack: bool,
    /// A promotion may not give check.
    pub no_check: bool,
    /// Per kind: a choice is open only while the side has fewer than this
    /// many on the board (0: no limit).
    pub limit: Vec<u8>,
}

const KEYS: [&str; 8] = ["pieces", "choices", "cells", "last-anywhere", "step", "no-attack", "no-check", "limit"];

impl Reader<'_> {
    /// Reads `[promotion.by-move]` from the `[promotion]` table.
    pub(crate) fn promotion_move(&mut self, p: &toml_edit::Table) -> Option<PromotionMoveSpec> {
        let t = self.inline_or_table(p, "by-move", "promotion.by-move")?;
        let span = t.span().unwrap_or(0..0);
        for (k, _) in t.iter() {
            if !KEYS.contains(&k) {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                let msg = format!("unknown key `{k}` in [promotion.by-move]; known keys: {}", KEYS.join(", "));
                self.push_error(ks, msg);
            }
        }
        let letters = |r: &mut Self, key: &str| {
            let path = format!("promotion.by-move.{key}");
            r.array(&t, key, &path, |r, v| r.str_elem(v, &path))
        };
        let (pieces, choices) = (letters(self, "pieces"), letters(self, "choices"));
        for (key, list) in [("pieces", &pieces), ("choices", &choices)] {
            if list.is_empty() {
                self.push_error(span.clone(), format!("`promotion.by-move.{key}` must list at least one piece letter"));
            }
        }
        let mut cells: [Vec<Spanned<String>>; 2] = Default::default();
        if let Some(c) = self.inline_or_table(&t, "cells", "promotion.by-move.cells") {
            for (i, side) in ["white", "black"].into_iter().enumerate() {
                let path = format!("promotion.by-move.cells.{side}");
                cells[i] = self.array(&c, side, &path, |r, v| r.str_elem(v, &path));
            }
        }
        let mut limit = Vec::new();
        if let Some(l) = self.inline_or_table(&t, "limit", "promotion.by-move.limit") {
            for (k, v) in l.iter() {
                let ks = l.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                match v.as_value().and_then(|v| self.int_elem(v, "promotion.by-move.limit")) {
                    Some(n) if (1..=255).contains(&n.value) => {
                        limit.push((Spanned { value: k.to_string(), span: ks }, n))
                    }
                    _ => self.push_error(ks, "`promotion.by-move.limit` values must be integers 1..=255"),
                }
            }
        }
        Some(PromotionMoveSpec {
            pieces,
            choices,
            cells,
            last_anywhere: self.bool(&t, "last-anywhere", "promotion.by-move.last-anywhere", false),
            step: self.bool(&t, "step", "promotion.by-move.step", false),
            no_attack: self.bool(&t, "no-attack", "promotion.by-move.no-attack", false),
            no_check: self.bool(&t, "no-check", "promotion.by-move.no-check", false),
            limit,
            span,
        })
    }
}

/// Compiles the rule: letters resolved (`kind_of` reports a bad one), cells
/// parsed on `grid`.
pub fn compile(
    s: &PromotionMoveSpec,
    grid: &Grid,
    kinds: usize,
    kind_of: &super::goals::KindOf<'_>,
    d: &mut Vec<Diagnostic>,
) -> Option<PromotionMove> {
    let words = grid.len().div_ceil(64);
    let pieces = s.pieces.iter().filter_map(|l| kind_of(l, d)).fold(0u64, |m, k| m | 1 << k);
    let choices: Vec<u8> = s.choices.iter().filter_map(|l| kind_of(l, d)).collect();
    let mut zone = vec![0u64; 2 * words];
    for (side, list) in s.cells.iter().enumerate() {
        for c in list {
            match grid.parse(&c.value) {
                Some(cell) => zone[side * words + cell as usize / 64] |= 1 << (cell % 64),
                None => d.push(Diagnostic::error(
                    c.span.clone(),
                    format!("promotion cell {:?} is not a cell of the board", c.value),
                )),
            }
        }
    }
    let mut limit = vec![0u8; kinds];
    for (l, n) in &s.limit {
        if let Some(k) = kind_of(l, d) {
            limit[k as usize] = n.value as u8;
        }
    }
    Some(PromotionMove {
        pieces,
        choices,
        zone,
        words,
        last_anywhere: s.last_anywhere,
        step: s.step,
        no_attack: s.no_attack,
        no_check: s.no_check,
        limit,
    })
}

impl PromotionMove {
    /// Whether `c` is one of `side`'s promotion cells.
    fn in_zone(&self, side: Side, c: Cell) -> bool {
        self.zone[side as usize * self.words + c as usize / 64] & (1 << (c % 64)) != 0
    }
}

impl Position<'_> {
    /// The promotion moves of the side to move, appended to `out`. Kept out
    /// of line, so that move generation in other variants stays as it was.
    #[inline(never)]
    #[cold]
    pub(crate) fn promotion_moves(&mut self, pm: &PromotionMove, out: &mut Vec<Move>) {
        let side = self.side();
        let promoters: Vec<Cell> = (0..self.board.len() as Cell)
            .filter(|&c| {
                let b = self.board[c as usize];
                b != 0 && code_side(b) == side && pm.pieces & (1 << code_kind(b)) != 0
            })
            .collect();
        let anywhere = pm.last_anywhere && promoters.len() == 1;
        for &from in promoters.iter().filter(|&&c| anywhere || pm.in_zone(side, c)) {
            for &k in &pm.choices {
                let code = piece_code(k, side);
                let limit = pm.limit[k as usize];
                if limit > 0 && self.board.iter().filter(|&&b| b == code).count() >= limit as usize {
                    continue;
                }
                let mover = self.board[from as usize];
                self.board[from as usize] = 0;
                let mut to = vec![from];
                if pm.step {
                    self.reach(k, from, Occupancy::Empty, &mut to);
                }
                for t in to {
                    if !pm.no_attack || !self.attacks_enemy(k, t) {
                        out.push(Move { from, to: t, extra: 0, extra2: 0, promo: k + 1, kind: MoveKind::Normal });
                    }
                }
                self.board[from as usize] = mover;
            }
        }
    }

    /// Appends to `out` the cells holding `want` that a piece of `kind` of
    /// the side to move standing on `at` reaches on the current board.
    fn reach(&self, kind: u8, at: Cell, want: Occupancy, out: &mut Vec<Cell>) {
        self.walk_program(kind, self.side(), at, None, |e| {
            if e.target == want && !out.contains(&e.to) {
                out.push(e.to);
            }
        });
    }

    /// Whether a piece of `kind` of the side to move on `at` would attack
    /// an enemy piece (`board[at]` is empty while this is asked).
    fn attacks_enemy(&mut self, kind: u8, at: Cell) -> bool {
        self.board[at as usize] = piece_code(kind, self.side());
        let mut hits = Vec::new();
        self.reach(kind, at, Occupancy::Enemy, &mut hits);
        self.board[at as usize] = 0;
        !hits.is_empty()
    }

    /// `no-check`: removes the promotion moves that give check.
    pub(crate) fn drop_checking_promotions(&mut self, out: &mut Vec<Move>) {
        out.retain(|&m| {
            if m.promo == 0 || m.kind != MoveKind::Normal || !self.is_promotion_move(m) {
                return true;
            }
            let u = self.make(m);
            let check = self.in_check();
            self.unmake(m, u);
            !check
        });
    }

    /// Whether `m` (a move with `promo`) is a promotion by a move of its own:
    /// the piece on `from` is one of the listed kinds.
    fn is_promotion_move(&self, m: Move) -> bool {
        let b = self.board[m.from as usize];
        self.v.promotion_move.as_ref().is_some_and(|pm| pm.pieces & (1 << code_kind(b)) != 0)
    }
}
