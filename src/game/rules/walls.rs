//! Walls, as Fairy-Stockfish's `wallingRule`: after every move the mover
//! walls off one empty cell (`[walls]`). The rule says which cells qualify:
//!
//! - `duck`: any; the walls already standing are lifted first, so the single
//!   wall is a neutral duck that moves every turn (duck chess);
//! - `arrow`: a cell the moved piece could move to from its destination
//!   (the Game of the Amazons);
//! - `past`: the cell the piece left (snailtrail, joust);
//! - `static`: any (isolation);
//! - `edge`: a cell on the board's edge or orthogonally next to a wall.
//!
//! "Empty" is judged as Fairy-Stockfish judges it: empty before the move,
//! or left by the move's own pieces (its start, a castling partner's start,
//! an en-passant victim), and never a cell the move lands on. `region`
//! narrows the choice further (FSF's `wallingRegion`).
//!
//! A wall is a piece of its own kind, added by the loader after the
//! definition's pieces: immobile, White's, and capturable by nobody
//! (`capturable-by = []`), so it blocks every line, stops every slider and
//! screens every hopper with the existing move code. The FEN writes it `*`.
//! The cell walled off travels in the move's `extra2` (a castling partner's
//! destination then follows from the castling rule: [`partner_to`]), so a
//! move stays as small as in any other variant, and the only costs to
//! variants without walls are one branch in `make`, `unmake` and the legal
//! move generator.

use super::regions::{self, Region};
use crate::board::{Cell, Grid};
use crate::compile::Occupancy;
use crate::game::{code_kind, code_side, piece_code, Move, MoveKind, Position, WHITE};
use crate::variant::diagnostics::Diagnostic;
use crate::variant::spec::{Reader, Spanned};
use crate::variant::{PieceDef, Variant};

/// The most u64 words of cell bits a board has (32 × 32 cells).
const MAX_WORDS: usize = 16;

/// Which cells a wall may go to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallRule {
    /// Any empty cell; earlier walls are lifted (the duck).
    Duck,
    /// A cell the moved piece could move to from where it landed.
    Arrow,
    /// The cell the moved piece left.
    Past,
    /// Any empty cell.
    Static,
    /// A cell on the edge of the board or orthogonally next to a wall.
    Edge,
}

const RULES: [(&str, WallRule); 5] = [
    ("duck", WallRule::Duck),
    ("arrow", WallRule::Arrow),
    ("past", WallRule::Past),
    ("static", WallRule::Static),
    ("edge", WallRule::Edge),
];

/// `[walls]` as written.
#[derive(Clone, Debug, Default)]
pub struct WallsSpec {
    /// `rule`.
    pub rule: Option<Spanned<String>>,
    /// `region`: where walls may be placed.
    pub region: Option<Spanned<String>>,
    /// `name`: what the wall piece is called.
    pub name: Option<Spanned<String>>,
    /// The table.
    pub span: std::ops::Range<usize>,
}

/// Compiled walls.
#[derive(Clone, Debug)]
pub struct Walls {
    /// Which cells qualify.
    pub rule: WallRule,
    /// The kind that stands for a wall on the board.
    pub kind: u8,
    /// Per side, the cells walls may be placed on (`words` u64 each).
    allowed: [Vec<u64>; 2],
    /// `edge`: the cells on the board's edge.
    border: Vec<u64>,
    /// `edge`: per cell, its orthogonal neighbours.
    orthogonal: Vec<Vec<Cell>>,
}

/// The duck rule's memory: the walls standing now, and those each move
/// lifted (each group followed by its size), for `unmake`.
#[derive(Clone, Debug, Default)]
pub struct WallState {
    ducks: Vec<Cell>,
    trail: Vec<Cell>,
}

impl Reader<'_> {
    /// Reads `[walls]`.
    pub(crate) fn walls(&mut self, root: &toml_edit::Table) -> Option<WallsSpec> {
        let t = self.inline_or_table(root, "walls", "walls")?;
        let span = t.span().unwrap_or(0..0);
        for (k, _) in t.iter() {
            if !["rule", "region", "name"].contains(&k) {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                self.push_error(ks, format!("unknown key `{k}` in [walls]; known keys: name, region, rule"));
            }
        }
        Some(WallsSpec {
            rule: self.string(&t, "rule", "walls.rule", true, &span),
            region: self.string(&t, "region", "walls.region", false, &span),
            name: self.string(&t, "name", "walls.name", false, &span),
            span,
        })
    }
}

/// Compiles `[walls]`; `kind` is the kind the wall piece will get.
pub fn compile(
    spec: &WallsSpec,
    grid: Option<&Grid>,
    regions: &[Region],
    kind: usize,
    d: &mut Vec<Diagnostic>,
) -> Option<Walls> {
    let r = spec.rule.as_ref()?;
    let Some(&(_, rule)) = RULES.iter().find(|(n, _)| *n == r.value) else {
        let names: Vec<&str> = RULES.iter().map(|(n, _)| *n).collect();
        d.push(Diagnostic::error(
            r.span.clone(),
            format!("unknown wall rule `{}`; known: {}", r.value, names.join(", ")),
        ));
        return None;
    };
    if kind >= 64 {
        d.push(Diagnostic::error(spec.span.clone(), "walls need a piece kind of their own: at most 63 pieces"));
        return None;
    }
    let grid = grid?;
    if rule == WallRule::Edge && grid.graph().is_some() {
        d.push(Diagnostic::error(r.span.clone(), "the `edge` wall rule needs a rectangular board"));
        return None;
    }
    let region = match &spec.region {
        Some(name) => Some(regions::find(regions, name, d)?),
        None => None,
    };
    let n = grid.len();
    let words = n.div_ceil(64);
    let bit = |bits: &mut Vec<u64>, c: usize| bits[c / 64] |= 1 << (c % 64);
    let mut allowed = [vec![0u64; words], vec![0u64; words]];
    let mut border = vec![0u64; words];
    let mut orthogonal = Vec::with_capacity(n);
    for c in 0..n {
        for (side, bits) in allowed.iter_mut().enumerate() {
            if region.is_none_or(|r| regions[r as usize].contains(side, c as Cell)) {
                bit(bits, c);
            }
        }
        let (x, y) = grid.coords(c as Cell);
        let (x, y) = (x as i32, y as i32);
        let near: Vec<Cell> =
            [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().filter_map(|&(dx, dy)| grid.at(x + dx, y + dy)).collect();
        if x == 0 || y == 0 || x + 1 == grid.files() as i32 || y + 1 == grid.ranks() as i32 {
            bit(&mut border, c);
        }
        orthogonal.push(near);
    }
    Some(Walls { rule, kind: kind as u8, allowed, border, orthogonal })
}

impl Walls {
    /// Whether `side` may wall off cell `c` (the `region`; all cells
    /// without one), for the exporters.
    pub fn allows(&self, side: usize, c: Cell) -> bool {
        self.allowed[side].get(c as usize / 64).is_some_and(|w| w >> (c as usize % 64) & 1 != 0)
    }
}

/// The piece a wall is: immobile, capturable by nobody, written `*`.
pub fn wall_piece(spec: &WallsSpec) -> PieceDef {
    let duck = spec.rule.as_ref().is_some_and(|r| r.value == "duck");
    let default = if duck { "Duck" } else { "Wall" };
    PieceDef {
        id: "wall".into(),
        name: spec.name.as_ref().map_or(default.into(), |n| n.value.clone()),
        letter: '*',
        betza: String::new(),
        betza_black: None,
        royal: false,
        pawn: false,
        image: None,
        specials: Vec::new(),
        immobile: true,
        capturable_by: Some(Vec::new()),
        capture_wins: None,
        special_regions: Vec::new(),
        confined_to: None,
        value: Some(0),
        move_rule_reset: crate::game::rules::move_rule::Reset::Never,
    }
}

/// Why a definition's other rules cannot go with walls (yet): each as an
/// error on the `[walls]` table.
pub fn check_combination(spec: &WallsSpec, v: &Variant, d: &mut Vec<Diagnostic>) {
    let mut clash = |what: &str| {
        d.push(Diagnostic::error(spec.span.clone(), format!("walls cannot be combined with {what} yet")));
    };
    if v.pieces.iter().any(|p| p.royal) {
        // A wall could then shield a royal: legality would have to place it.
        clash("royal pieces (use a non-royal king and `[extinction]`, as duck chess does)");
    }
    if v.drops.is_some() || v.deployment.is_some() || v.gating.is_some() {
        clash("hands ([drops], [deployment] or [gating])");
    }
    if v.explosions.is_some() || v.passing.is_some() {
        clash("[effects] explosions or passing");
    }
}

/// The walls rule in words, for the exporters (none of which writes it yet).
pub fn export_problems(v: &Variant) -> Vec<String> {
    let Some(w) = &v.walls else { return Vec::new() };
    let name = &v.pieces[w.kind as usize].name;
    let what = match w.rule {
        WallRule::Duck => "moved to another empty cell by the mover after every move",
        WallRule::Arrow => "placed after every move where the moved piece could move next",
        WallRule::Past => "left on the cell every moving piece leaves",
        WallRule::Static => "placed on an empty cell after every move",
        WallRule::Edge => "placed after every move on the edge or next to a wall",
    };
    vec![format!("walls (the {name}, `*`): {what}; nothing may pass, enter or capture it")]
}

/// The destination of a castling partner: `m.extra2`, except with walls,
/// where `extra2` is the walled cell and the castling rule of the king
/// (`king`, its board byte) names the partner's destination.
pub fn partner_to(v: &Variant, king: u8, m: Move) -> Cell {
    if v.walls.is_none() {
        return m.extra2;
    }
    let t = &v.tables;
    let idx = (code_kind(king) as usize * 2 + code_side(king) as usize) * t.cells + m.from as usize;
    t.castles[idx].iter().find(|r| r.king_to == m.to && r.partner == m.extra).map_or(m.extra2, |r| r.partner_to)
}

/// The cell `m` walls off, if the variant has walls.
pub fn wall_of(v: &Variant, m: &Move) -> Option<Cell> {
    v.walls.as_ref().map(|_| m.extra2)
}

#[inline]
fn set(bits: &mut [u64], c: Cell) {
    bits[c as usize / 64] |= 1 << (c % 64);
}

#[inline]
fn clear(bits: &mut [u64], c: Cell) {
    bits[c as usize / 64] &= !(1 << (c % 64));
}

impl Position<'_> {
    /// The legal moves of a variant with walls: each move once per cell its
    /// rule lets the mover wall off (none, and the move is not legal, when no
    /// cell qualifies, as in FSF).
    pub(in crate::game) fn walled_legal(&mut self, w: &Walls, out: &mut Vec<Move>) {
        self.standard_legal(out);
        let words = self.v.tables.words;
        let side = self.side as usize;
        let mut empty = [0u64; MAX_WORDS];
        for (i, e) in empty[..words].iter_mut().enumerate() {
            *e = !(self.occ[i] | self.occ[words + i]) & w.allowed[side][i];
        }
        let mut edge = [0u64; MAX_WORDS];
        if w.rule == WallRule::Edge {
            self.edge_cells(w, &mut edge[..words]);
        }
        let base = out.len();
        for i in 0..base {
            let m = out[i];
            let mut b = empty;
            self.cells_left(w, m, &mut b[..words]);
            match w.rule {
                WallRule::Past => {
                    let keep = b[m.from as usize / 64] & (1 << (m.from % 64));
                    b = [0; MAX_WORDS];
                    b[m.from as usize / 64] = keep;
                }
                WallRule::Arrow => self.arrow_cells(m, &mut b[..words]),
                WallRule::Edge => b.iter_mut().zip(edge).for_each(|(x, e)| *x &= e),
                WallRule::Duck | WallRule::Static => {}
            }
            for (k, &word) in b[..words].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let c = (k * 64) as Cell + bits.trailing_zeros() as Cell;
                    bits &= bits - 1;
                    out.push(Move { extra2: c, ..m });
                }
            }
        }
        out.drain(..base);
    }

    /// Adds to `b` the allowed cells `m` empties (its start, a castling
    /// partner's start, a victim elsewhere) and removes those it lands on.
    fn cells_left(&self, w: &Walls, m: Move, b: &mut [u64]) {
        let allowed = &w.allowed[self.side as usize];
        let mut free = |c: Cell| {
            if allowed[c as usize / 64] & (1 << (c % 64)) != 0 {
                set(b, c);
            }
        };
        match m.kind {
            MoveKind::Drop => {}
            MoveKind::Castle => {
                free(m.from);
                free(m.extra);
                clear(b, m.to);
                clear(b, m.extra2);
            }
            MoveKind::EnPassant | MoveKind::Locust => {
                free(m.from);
                free(m.extra);
            }
            MoveKind::Normal | MoveKind::Gate => free(m.from),
        }
        clear(b, m.to);
    }

    /// Keeps in `b` only the cells the piece moved by `m` could move to
    /// (without capturing) from its destination, its start left empty.
    fn arrow_cells(&self, m: Move, b: &mut [u64]) {
        let kind = code_kind(self.board[m.from as usize]);
        let mut reach = [0u64; MAX_WORDS];
        // A route that captures on its way (a locust leg) is no arrow flight.
        self.walk_program(kind, self.side, m.to, Some(m.from), |e| {
            if e.target == Occupancy::Empty && e.victims.is_empty() {
                set(&mut reach, e.to);
            }
        });
        b.iter_mut().zip(reach).for_each(|(x, r)| *x &= r);
    }

    /// `edge`: the cells on the edge of the board or next to a wall.
    fn edge_cells(&self, w: &Walls, out: &mut [u64]) {
        out.copy_from_slice(&w.border);
        let wall = piece_code(w.kind, WHITE);
        for (c, _) in self.board.iter().enumerate().filter(|(_, &b)| b == wall) {
            for &n in &w.orthogonal[c] {
                set(out, n);
            }
        }
    }

    /// After a move: lifts the duck (rule `duck`), walls off `m.extra2`,
    /// and drops an en-passant square under the wall (as FSF does).
    pub(in crate::game) fn put_wall(&mut self, w: &Walls, m: Move) {
        if w.rule == WallRule::Duck {
            let n = self.wall_state.ducks.len();
            for i in 0..n {
                let c = self.wall_state.ducks[i];
                self.take(c);
                self.wall_state.trail.push(c);
            }
            self.wall_state.trail.push(n as Cell);
            self.wall_state.ducks.clear();
            self.wall_state.ducks.push(m.extra2);
        }
        self.put(m.extra2, piece_code(w.kind, WHITE));
        let n = self.ep_n as usize;
        if let Some(i) = self.ep[..n].iter().position(|&c| c == m.extra2) {
            let z = &self.v.tables.zobrist;
            self.key ^= z.ep(self.ep[0]);
            self.ep.copy_within(i + 1..n, i);
            self.ep_n -= 1;
            if self.ep_n > 0 {
                self.key ^= z.ep(self.ep[0]);
            }
        }
    }

    /// Before unmaking `m`: takes its wall away and puts back the duck it
    /// lifted (`unmake` restores the hash key).
    pub(in crate::game) fn lift_wall(&mut self, w: &Walls, m: Move) {
        self.take(m.extra2);
        if w.rule == WallRule::Duck {
            self.wall_state.ducks.clear();
            let n = self.wall_state.trail.pop().unwrap_or(0);
            for _ in 0..n {
                if let Some(c) = self.wall_state.trail.pop() {
                    self.put(c, piece_code(w.kind, WHITE));
                    self.wall_state.ducks.push(c);
                }
            }
        }
    }

    /// The duck rule's walls of a position read from a FEN.
    pub(in crate::game) fn find_ducks(&mut self) {
        if let Some(w) = self.v.walls.as_ref().filter(|w| w.rule == WallRule::Duck) {
            let wall = piece_code(w.kind, WHITE);
            self.wall_state.ducks =
                (0..self.board.len()).filter(|&c| self.board[c] == wall).map(|c| c as Cell).collect();
        }
    }
}
