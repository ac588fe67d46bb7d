//! Counting rules (`[counting]`): the South-East Asian endgame draws of
//! Makruk, Ouk Chatrang, Sittuyin and ASEAN chess. When one side is down to
//! its king (pieces' honour) or, without pawns, a count has begun by the
//! board's honour, the weaker side counts the stronger side's moves; once
//! the count passes the limit the game may be claimed drawn.
//!
//! This is Fairy-Stockfish's `countingRule` (`makruk`, `cambodian`,
//! `asean`: `Position::count_limit` and the counting part of `do_move` in
//! its position.cpp), with the limits written in the definition instead of
//! being fixed per piece type. As in FSF the count is an optional end: it
//! never changes the moves (perft is unaffected), it is kept by
//! `Game::play` (not by `Position::make`, so the move generator's hot path
//! pays nothing), it travels in the FEN where FSF writes it (the limit in
//! plies in the en-passant field, the count in plies in the halfmove field:
//! `8/8/8/4k3/8/8/R7/4K3 b - 32 6 40`), and `Game::outcome` names it
//! `1/2-1/2 (counting rule)`.

use crate::game::{code_kind, code_side, Move, MoveKind, Position, Side, Undo};
use crate::variant::diagnostics::Diagnostic;
use crate::variant::spec::{Reader, Spanned};

/// The keys of `[counting]`.
const KEYS: [&str; 5] = ["rule", "pawns", "board-honour", "pieces-honour", "pieces-honour-otherwise"];

/// `[counting]` as written.
#[derive(Clone, Debug, Default)]
pub struct CountingSpec {
    /// `rule`.
    pub rule: Option<Spanned<String>>,
    /// `pawns`: piece letters.
    pub pawns: Vec<Spanned<String>>,
    /// `board-honour` (moves).
    pub board_honour: Option<Spanned<i64>>,
    /// `pieces-honour`: (piece letter, at-least, moves).
    pub pieces_honour: Vec<(Spanned<String>, Spanned<i64>, Spanned<i64>)>,
    /// `pieces-honour-otherwise` (moves).
    pub otherwise: Option<Spanned<i64>>,
    /// The table.
    pub span: std::ops::Range<usize>,
}

/// When a count starts and restarts: Fairy-Stockfish's three counting rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Makruk: no count while any pawn stands; board's honour for a side
    /// that still has pieces, pieces' honour for a lone king, which counts
    /// on from the number of pieces on the board.
    Makruk,
    /// Ouk Chatrang: board's honour also with pawns, but only for a side
    /// with at most three pieces (king included).
    Cambodian,
    /// ASEAN chess: only pieces' honour, from zero.
    Asean,
}

/// One row of the pieces' honour table: the limit when the stronger side
/// has at least `at_least` of `kind`.
#[derive(Clone, Copy, Debug)]
pub struct Honour {
    /// The piece kind.
    pub kind: u8,
    /// How many of them the stronger side has at least.
    pub at_least: u32,
    /// The limit in moves.
    pub moves: u32,
}

/// A compiled counting rule.
#[derive(Clone, Debug)]
pub struct Counting {
    /// When counts start.
    pub style: Style,
    /// Per kind: whether it is a pawn for the rule (its presence stops counts).
    pub pawn: Vec<bool>,
    /// The board's honour limit in moves (0: none).
    pub board_honour: u32,
    /// The pieces' honour table, first matching row wins.
    pub honour: Vec<Honour>,
    /// The limit when no row matches (0: no count).
    pub otherwise: u32,
}

impl Reader<'_> {
    /// Reads `[counting]`.
    pub(crate) fn counting(&mut self, root: &toml_edit::Table) -> Option<CountingSpec> {
        let t = self.inline_or_table(root, "counting", "counting")?;
        let span = t.span().unwrap_or(0..0);
        for (k, _) in t.iter() {
            if !KEYS.contains(&k) {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                self.push_error(ks, format!("unknown key `{k}` in [counting]; known keys: {}", KEYS.join(", ")));
            }
        }
        let pieces_honour = self.array(&t, "pieces-honour", "counting.pieces-honour", |r, v| r.honour_row(v));
        Some(CountingSpec {
            rule: self.string(&t, "rule", "counting.rule", true, &span),
            pawns: self.array(&t, "pawns", "counting.pawns", |r, v| r.str_elem(v, "counting.pawns")),
            board_honour: self.int(&t, "board-honour", "counting.board-honour", false, &span),
            pieces_honour,
            otherwise: self.int(&t, "pieces-honour-otherwise", "counting.pieces-honour-otherwise", false, &span),
            span,
        })
    }

    /// One `{ piece = "R", at-least = 2, moves = 8 }` of `pieces-honour`.
    fn honour_row(&mut self, v: &toml_edit::Value) -> Option<(Spanned<String>, Spanned<i64>, Spanned<i64>)> {
        let span = v.span().unwrap_or(0..0);
        let Some(t) = v.as_inline_table().map(|t| t.clone().into_table()) else {
            self.push_error(span, "elements of `counting.pieces-honour` must be tables { piece, at-least, moves }");
            return None;
        };
        for (k, _) in t.iter() {
            if !["piece", "at-least", "moves"].contains(&k) {
                self.push_error(
                    span.clone(),
                    format!("unknown key `{k}` in `counting.pieces-honour`; known keys: piece, at-least, moves"),
                );
            }
        }
        let piece = self.string(&t, "piece", "counting.pieces-honour.piece", true, &span);
        let at_least = self.int(&t, "at-least", "counting.pieces-honour.at-least", false, &span);
        let moves = self.int(&t, "moves", "counting.pieces-honour.moves", true, &span);
        let at_least = at_least.unwrap_or(Spanned { value: 1, span: span.clone() });
        Some((piece?, at_least, moves?))
    }
}

/// A limit in moves between 0 and 1000, else an error and 0.
fn moves(s: &Spanned<i64>, what: &str, d: &mut Vec<Diagnostic>) -> u32 {
    if (0..=1000).contains(&s.value) {
        return s.value as u32;
    }
    d.push(Diagnostic::error(s.span.clone(), format!("`counting.{what}` is {}; use 0 to 1000 moves", s.value)));
    0
}

/// Compiles `[counting]`: the rule named, letters resolved, limits checked.
pub fn compile(
    spec: &CountingSpec,
    kinds: usize,
    kind_of: &super::goals::KindOf<'_>,
    d: &mut Vec<Diagnostic>,
) -> Option<Counting> {
    let style = match spec.rule.as_ref().map(|r| (r, r.value.as_str())) {
        Some((_, "makruk")) => Style::Makruk,
        Some((_, "cambodian")) => Style::Cambodian,
        Some((_, "asean")) => Style::Asean,
        Some((r, other)) => {
            let msg = format!("`counting.rule` is {other:?}; use \"makruk\", \"cambodian\" or \"asean\"");
            d.push(Diagnostic::error(r.span.clone(), msg));
            return None;
        }
        None => return None,
    };
    let mut pawn = vec![false; kinds];
    // (A kind beyond the list can only come from a definition with other
    // errors; it is skipped rather than trusted.)
    for k in spec.pawns.iter().filter_map(|p| kind_of(p, d)) {
        if let Some(p) = pawn.get_mut(k as usize) {
            *p = true;
        }
    }
    let honour = spec
        .pieces_honour
        .iter()
        .filter_map(|(p, n, m)| {
            let at_least = moves(n, "pieces-honour.at-least", d).max(1);
            Some(Honour { kind: kind_of(p, d)?, at_least, moves: moves(m, "pieces-honour.moves", d) })
        })
        .collect();
    let board_honour = spec.board_honour.as_ref().map_or(0, |b| moves(b, "board-honour", d));
    if style == Style::Asean && board_honour > 0 {
        let span = spec.board_honour.as_ref().map_or(spec.span.clone(), |b| b.span.clone());
        d.push(Diagnostic::error(span, "the \"asean\" counting rule has no board's honour; leave out `board-honour`"));
    }
    let otherwise = spec.otherwise.as_ref().map_or(0, |o| moves(o, "pieces-honour-otherwise", d));
    Some(Counting { style, pawn, board_honour, honour, otherwise })
}

/// Piece counts on the board (hands do not count), as the rule reads them.
struct Material {
    /// All pieces of each side, royals included.
    all: [u32; 2],
    /// Pawns (of the rule) of both sides.
    pawns: u32,
}

impl Position<'_> {
    /// The counting state: (limit, count), both in plies; limit 0 means no
    /// count is running.
    pub fn counting(&self) -> (u32, u32) {
        (self.count[0], self.count[1])
    }

    /// Sets the counting state read from a FEN (Fairy-Stockfish: a limit in
    /// the en-passant field moves the halfmove field into the count).
    pub(in crate::game) fn set_counting(&mut self, limit: u32) {
        self.count = [limit, if limit > 0 { std::mem::take(&mut self.halfmove) } else { 0 }];
    }

    fn material(&self, c: &Counting) -> Material {
        let mut m = Material { all: [0; 2], pawns: 0 };
        for &code in self.board.iter().filter(|&&x| x != 0) {
            m.all[code_side(code) as usize] += 1;
            m.pawns += c.pawn[code_kind(code) as usize] as u32;
        }
        m
    }

    /// How many pieces of `kind` `side` has on the board.
    fn on_board(&self, side: Side, kind: u8) -> u32 {
        let code = crate::game::piece_code(kind, side);
        self.board.iter().filter(|&&x| x == code).count() as u32
    }

    /// The limit in moves under which `side` would count now (0: it may
    /// not count): FSF's `count_limit`.
    fn count_limit(&self, c: &Counting, m: &Material, side: Side) -> u32 {
        let (me, them) = (m.all[side as usize], m.all[side as usize ^ 1]);
        let pieces = |d: &Self| c.honour.iter().find(|h| d.on_board(side ^ 1, h.kind) >= h.at_least);
        let honour = |d: &Self| pieces(d).map_or(c.otherwise, |h| h.moves);
        match c.style {
            Style::Makruk if m.pawns > 0 || them == 1 => 0,
            Style::Makruk if me > 1 => c.board_honour,
            Style::Makruk => honour(self),
            Style::Cambodian if me > 3 || them == 1 => 0,
            Style::Cambodian if me > 1 => c.board_honour,
            Style::Cambodian if m.pawns > 0 => 0,
            Style::Cambodian => honour(self),
            Style::Asean if m.pawns > 0 || me > 1 => 0,
            Style::Asean => pieces(self).map_or(c.otherwise, |h| h.moves),
        }
    }

    /// Brings the count up to date after `m` was made (`u` its undo
    /// record): one more ply, and a count started or restarted as FSF's
    /// `do_move` does.
    pub(in crate::game) fn count_after(&mut self, c: &Counting, m: Move, u: &Undo) {
        if self.count[0] > 0 {
            self.count[1] += 1;
        }
        let mat = self.material(c);
        let (stm, mover) = (self.side, self.side ^ 1);
        let captured = [u.captured(), u.captured_extra()].into_iter().find(|&x| x != 0);
        let pawn_taken = captured.is_some_and(|x| c.pawn[code_kind(x) as usize]);
        if c.style != Style::Asean && pawn_taken && mat.all[mover as usize] == 1 && mat.pawns == 0 {
            // A lone king took the last pawn: it counts from here.
            let limit = self.count_limit(c, &mat, mover);
            if limit > 0 {
                self.count = [2 * limit, 2 * (mat.all[0] + mat.all[1]) - 1];
            }
        }
        let promoted = m.promo != 0 && m.kind != MoveKind::Gate && m.kind != MoveKind::Castle;
        let bared = (captured.is_some() || promoted) && mat.all[stm as usize] == 1;
        if self.count[0] == 0 || bared {
            let limit = self.count_limit(c, &mat, stm);
            if limit > 0 {
                let from_pieces = c.style != Style::Asean && mat.all[stm as usize] == 1;
                self.count = [2 * limit, if from_pieces { 2 * (mat.all[0] + mat.all[1]) } else { 0 }];
            }
        }
    }

    /// Whether the count has run out (the game may be drawn), FSF's test
    /// in `is_optional_game_end`: past the limit, and not checkmated.
    pub fn count_expired(&mut self) -> bool {
        let (limit, ply) = self.counting();
        if limit == 0 || ply <= limit {
            return false;
        }
        if !self.in_check() {
            return true;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        !moves.is_empty()
    }
}

/// The rules of this module and of `mating` that no exporter writes yet,
/// one line each (Fairy-Stockfish could express them, with its own piece
/// types for the honour table, which the exporter does not map).
pub fn export_problems(v: &crate::variant::Variant) -> Vec<String> {
    let mut out: Vec<String> = v.counting.iter().map(describe).collect();
    if v.mating.is_some() {
        out.push("conditions on checkmate (Shatar's: no mate by the knight alone, a shak in the series of checks), which this exporter does not write".into());
    }
    out
}

/// The counting rule in words, for the exporters' list of what a format
/// cannot express.
pub fn describe(c: &Counting) -> String {
    let style = match c.style {
        Style::Makruk => "makruk",
        Style::Cambodian => "cambodian",
        Style::Asean => "asean",
    };
    format!("the {style} counting rule (board's and pieces' honour draws), which this exporter does not write")
}
