//! Flipping games (Reversi, Othello, Ataxx): `[flipping]`.
//!
//! - `flip = "enclosed"`: a piece dropped or moved onto a cell turns to the
//!   mover's side every straight line (in the 8 queen directions) of enemy
//!   pieces that runs from that cell to one of the mover's pieces (Reversi);
//!   `"adjacent"`: every enemy piece on the 8 neighbouring cells (Ataxx).
//! - `drops = "must-flip"`: a drop must turn at least one piece;
//!   `"next-to-own"`: a drop must touch one of the mover's pieces (Ataxx's
//!   clone); `"any"` (default): no condition.
//! - `first-cells`: while one of these cells is empty, drops go only there,
//!   with no other condition (Reversi's opening).
//! - `pass-when-stuck`: a side with a piece on the board but no legal move
//!   passes, written as the cell of its first piece (a1, b1, … order) twice
//!   (`d4d4`), as Fairy-Stockfish writes it.
//! - `full-board-ends`: the game ends when no cell is empty.
//!
//! Two passes in a row or a full board end the game at once (no moves, as
//! Fairy-Stockfish's perft counts), won by the side with more pieces on the
//! board, drawn on equal counts (FSF's unweighted material counting).
//! Fairy-Stockfish's `flipEnclosedPieces`, `enclosingDrop`,
//! `enclosingDropStart`, `passOnStalemate` and `adjudicateFullBoard`.
//!
//! The flips of each move are kept on a stack in the position (the cells,
//! then their number) for `unmake`. Only variants with `[drops]` can have
//! the rule, so the hooks sit in the drop code: others pay nothing.

use crate::board::{Cell, Grid};
use crate::game::{code_kind, code_side, piece_code, Move, MoveKind, Position, Side};
use crate::variant::diagnostics::Diagnostic;
use crate::variant::spec::{Reader, Spanned};

/// No neighbour in that direction.
const OFF: Cell = Cell::MAX;

/// The 8 directions: orthogonal and diagonal steps.
const DIRS: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Which enemy pieces a move turns over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlipRule {
    /// Lines of enemy pieces closed by one of the mover's (Reversi).
    Enclosed,
    /// The enemy pieces next to the destination (Ataxx).
    Adjacent,
}

/// Where a drop may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropRule {
    /// Any cell `[drops]` allows.
    Any,
    /// Only where it turns at least one enemy piece over.
    MustFlip,
    /// Only next to one of the mover's pieces.
    NextToOwn,
}

/// `[flipping]` as written.
#[derive(Clone, Debug, Default)]
pub struct FlippingSpec {
    /// `flip`.
    pub flip: Option<Spanned<String>>,
    /// `drops`.
    pub drops: Option<Spanned<String>>,
    /// `first-cells`.
    pub first_cells: Vec<Spanned<String>>,
    /// `pass-when-stuck`.
    pub pass_when_stuck: bool,
    /// `full-board-ends`.
    pub full_board_ends: bool,
    /// The table.
    pub span: std::ops::Range<usize>,
}

/// The compiled rule.
#[derive(Clone, Debug)]
pub struct Flipping {
    /// Which pieces a move turns over.
    pub flip: FlipRule,
    /// Where drops may go.
    pub drops: DropRule,
    /// `first-cells` (read by the Fairy-Stockfish export as
    /// `enclosingDropStart`).
    pub first: Vec<Cell>,
    /// A stuck side passes.
    pub pass_when_stuck: bool,
    /// A full board ends the game.
    pub full_board_ends: bool,
    /// Per cell and direction (`cell * 8 + d`), the next cell or [`OFF`].
    step: Vec<Cell>,
}

const KEYS: [&str; 5] = ["flip", "drops", "first-cells", "pass-when-stuck", "full-board-ends"];

impl Reader<'_> {
    /// Reads `[flipping]`.
    pub(crate) fn flipping(&mut self, root: &toml_edit::Table) -> Option<FlippingSpec> {
        let t = self.inline_or_table(root, "flipping", "flipping")?;
        let span = t.span().unwrap_or(0..0);
        for (k, _) in t.iter() {
            if !KEYS.contains(&k) {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                self.push_error(ks, format!("unknown key `{k}` in [flipping]; known keys: {}", KEYS.join(", ")));
            }
        }
        Some(FlippingSpec {
            flip: self.string(&t, "flip", "flipping.flip", true, &span),
            drops: self.string(&t, "drops", "flipping.drops", false, &span),
            first_cells: self
                .array(&t, "first-cells", "flipping.first-cells", |r, v| r.str_elem(v, "flipping.first-cells")),
            pass_when_stuck: self.bool(&t, "pass-when-stuck", "flipping.pass-when-stuck", false),
            full_board_ends: self.bool(&t, "full-board-ends", "flipping.full-board-ends", false),
            span,
        })
    }
}

/// Compiles `[flipping]` on `grid` (which must be rectangular); `drops`:
/// whether the definition has `[drops]`.
pub fn compile(s: &FlippingSpec, grid: Option<&Grid>, drops: bool, d: &mut Vec<Diagnostic>) -> Option<Flipping> {
    let f = s.flip.as_ref()?;
    let flip = match f.value.as_str() {
        "enclosed" => FlipRule::Enclosed,
        "adjacent" => FlipRule::Adjacent,
        other => {
            let msg = format!("unknown flip rule `{other}`; known: enclosed, adjacent");
            d.push(Diagnostic::error(f.span.clone(), msg));
            return None;
        }
    };
    let drop_rule = match s.drops.as_ref().map(|x| (x.value.as_str(), x.span.clone())) {
        None | Some(("any", _)) => DropRule::Any,
        Some(("must-flip", _)) => DropRule::MustFlip,
        Some(("next-to-own", _)) => DropRule::NextToOwn,
        Some((other, span)) => {
            let msg = format!("unknown drop rule `{other}`; known: any, must-flip, next-to-own");
            d.push(Diagnostic::error(span, msg));
            return None;
        }
    };
    if !drops {
        d.push(Diagnostic::error(s.span.clone(), "`[flipping]` needs `[drops]` (every flipping game places pieces)"));
        return None;
    }
    let grid = grid?;
    if grid.graph().is_some() {
        d.push(Diagnostic::error(s.span.clone(), "`[flipping]` needs a rectangular board"));
        return None;
    }
    let mut first = Vec::new();
    for c in &s.first_cells {
        match grid.parse(&c.value) {
            Some(cell) => first.push(cell),
            None => d.push(Diagnostic::error(c.span.clone(), format!("{:?} is not a cell of the board", c.value))),
        }
    }
    let mut step = Vec::with_capacity(grid.len() * 8);
    for c in 0..grid.len() as Cell {
        let (x, y) = grid.coords(c);
        for (dx, dy) in DIRS {
            step.push(grid.at(x as i32 + dx, y as i32 + dy).unwrap_or(OFF));
        }
    }
    Some(Flipping {
        flip,
        drops: drop_rule,
        first,
        pass_when_stuck: s.pass_when_stuck,
        full_board_ends: s.full_board_ends,
        step,
    })
}

impl Flipping {
    /// The next cell from `c` in direction `d`, or [`OFF`].
    #[inline]
    fn next(&self, c: Cell, d: usize) -> Cell {
        self.step[c as usize * 8 + d]
    }
}

impl Position<'_> {
    /// Whether the piece on `c` is `side`'s.
    fn owns(&self, side: Side, c: Cell) -> bool {
        let b = self.board[c as usize];
        b != 0 && code_side(b) == side
    }

    /// The cells a piece of `side` arriving on `to` turns over, each passed
    /// to `each`; stops early (returning true) once `each` returns true.
    fn each_flip(&self, f: &Flipping, to: Cell, side: Side, mut each: impl FnMut(Cell) -> bool) -> bool {
        for d in 0..8 {
            let mut c = f.next(to, d);
            if f.flip == FlipRule::Adjacent {
                if c != OFF && self.owns(side ^ 1, c) && each(c) {
                    return true;
                }
                continue;
            }
            let mut run = 0;
            while c != OFF && self.owns(side ^ 1, c) {
                run += 1;
                c = f.next(c, d);
            }
            if run > 0 && c != OFF && self.owns(side, c) {
                let mut e = f.next(to, d);
                for _ in 0..run {
                    if each(e) {
                        return true;
                    }
                    e = f.next(e, d);
                }
            }
        }
        false
    }

    /// After `m` by `side`: turns the pieces over and records them for
    /// [`Position::unflip`] (none for a pass).
    pub(crate) fn flip_after(&mut self, f: &Flipping, m: &Move, side: Side) {
        let mut cells = std::mem::take(&mut self.flips);
        let start = cells.len();
        if !crate::game::rules::passing::is_pass(m) {
            self.each_flip(f, m.to, side, |c| {
                cells.push(c);
                false
            });
        }
        let n = cells.len() - start;
        for &c in &cells[start..] {
            let code = self.take(c);
            self.put(c, piece_code(code_kind(code), side));
        }
        cells.push(n as Cell);
        self.flips = cells;
    }

    /// Takes back the last [`Position::flip_after`] (the hash key is
    /// restored by the caller).
    pub(crate) fn unflip(&mut self) {
        let n = self.flips.pop().unwrap_or(0) as usize;
        for _ in 0..n {
            let Some(c) = self.flips.pop() else { break };
            let code = self.take(c);
            self.put(c, piece_code(code_kind(code), code_side(code) ^ 1));
        }
    }

    /// Whether the side to move may drop a piece on `to` (empty).
    fn may_drop_here(&self, f: &Flipping, to: Cell) -> bool {
        if f.first.iter().any(|&c| self.board[c as usize] == 0) {
            return f.first.contains(&to);
        }
        let side = self.side;
        match f.drops {
            DropRule::Any => true,
            DropRule::MustFlip => self.each_flip(f, to, side, |_| true),
            DropRule::NextToOwn => (0..8).any(|d| {
                let c = f.next(to, d);
                c != OFF && self.owns(side, c)
            }),
        }
    }

    /// Legal moves with flipping: drops only where the rule allows them,
    /// and a pass for a side that is stuck but has a piece on the board.
    pub(in crate::game) fn flipping_legal(&mut self, f: &Flipping, out: &mut Vec<Move>) {
        self.standard_legal(out);
        out.retain(|m| m.kind != MoveKind::Drop || self.may_drop_here(f, m.to));
        if out.is_empty() && f.pass_when_stuck {
            let side = self.side;
            if let Some(c) = (0..self.board.len() as Cell).find(|&c| self.owns(side, c)) {
                out.push(Move::normal(c, c));
            }
        }
    }

    /// Whether the game is over by the flipping rules (two passes in a row,
    /// or a full board), with the winner by the piece count.
    pub(crate) fn flipping_over(&self, f: &Flipping) -> Option<(Option<Side>, String)> {
        let full = f.full_board_ends && self.board.iter().all(|&b| b != 0);
        let why = if full {
            "board full"
        } else if self.passing_over() == Some("two passes") {
            "two passes"
        } else {
            return None;
        };
        let count = |s: Side| self.royal_count(s) + self.non_royal_count(s);
        let winner = match count(0).cmp(&count(1)) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        Some((winner, why.to_string()))
    }
}

/// The flipping rules in words, for the exporters (none of which writes
/// them yet).
pub fn export_problems(v: &crate::variant::Variant) -> Vec<String> {
    let Some(f) = &v.flipping else { return Vec::new() };
    let what = match f.flip {
        FlipRule::Enclosed => "pieces enclosed in a line by a piece placed or moved turn over",
        FlipRule::Adjacent => "enemy pieces next to a piece placed or moved turn over",
    };
    let mut out = vec![format!("flipping: {what}")];
    match f.drops {
        DropRule::Any => {}
        DropRule::MustFlip => out.push("flipping: a drop must turn at least one piece over".into()),
        DropRule::NextToOwn => out.push("flipping: a drop must touch one of the mover's pieces".into()),
    }
    if !f.first.is_empty() {
        out.push("flipping: the first drops fill the given cells".into());
    }
    if f.pass_when_stuck {
        out.push("flipping: a side without a move passes; two passes end the game, decided by the count".into());
    }
    if f.full_board_ends {
        out.push("flipping: a full board ends the game, decided by the count".into());
    }
    out
}
