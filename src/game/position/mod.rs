//! Position state: the board, side to move, unmoved flags, en passant,
//! clocks, hands and hash key, with its accessors. The other concerns live
//! in files named after them: `setup` (FEN in), `write` (FEN out),
//! `attacks`, `movegen` (pseudo-legal moves), `legal` (legality), `make`
//! (make/unmake).

mod attacks;
mod checks;
mod legal;
mod make;
mod movegen;
mod noisy;
mod see;
mod setup;
mod write;

pub use checks::CheckCells;

use super::{fen, piece_code, Move, Side};
use crate::board::Cell;
use crate::variant::Variant;

/// No cell: an unset e.p. victim (with e.p. squares: squares only echoed, see `ep_echo`).
pub(in crate::game) const NO_CELL: Cell = Cell::MAX;
const MAX_ROYALS: usize = 16;

/// A position of a variant: board, side to move, unmoved flags, en passant,
/// clocks and hash key. Borrows its (immutable, compiled) variant.
#[derive(Clone, Debug)]
pub struct Position<'v> {
    pub(in crate::game) v: &'v Variant,
    pub(in crate::game) board: Vec<u8>,
    pub(in crate::game) virgin: Vec<bool>,
    pub(in crate::game) side: Side,
    pub(in crate::game) ep: [Cell; 4],
    pub(in crate::game) ep_n: u8,
    pub(in crate::game) ep_victim: Cell,
    /// The e.p. squares of the FEN, in board order, when FSF keeps them as
    /// written but no en-passant capture follows from them: they are
    /// written back (and hashed) while `ep_victim` is [`NO_CELL`] with
    /// `ep_n > 0`, and offer no capture.
    pub(in crate::game) ep_echo: Vec<Cell>,
    pub(in crate::game) halfmove: u32,
    pub(in crate::game) fullmove: u32,
    pub(in crate::game) key: u64,
    pub(in crate::game) royals: [[Cell; MAX_ROYALS]; 2],
    pub(in crate::game) nroyal: [u8; 2],
    pub(in crate::game) nonroyal: [u32; 2],
    /// Cells holding each side's pieces, `words` u64 per side (kept by
    /// `take`/`put`; attack tests intersect it with the attacker cells).
    pub(in crate::game) occ: Vec<u64>,
    /// Pieces in hand: index `side * kinds + kind`.
    pub(in crate::game) hand: Vec<u8>,
    /// Pieces in both hands (the deployment phase lasts while this is > 0).
    pub(in crate::game) in_hand: u32,
    /// Per side, the once-per-side promotion choices already taken (kind bits).
    pub(in crate::game) once_used: [u64; 2],
    /// Per cell, 0 or the kind + 1 a promoted piece came from (FEN `Q~`);
    /// kept only in variants with drops, where it decides what a captured
    /// piece becomes in hand.
    pub(in crate::game) promoted: Vec<u8>,
    /// Constraints on postings (set by a rule module).
    pub posting: super::phase::PostingRules,
    /// n-check: the checks each side still has to give.
    pub(in crate::game) checks_left: [u8; 2],
    /// Pieces removed by explosions (cell, piece, unmoved flag), newest
    /// last, for `unmake` (see `rules::effects`).
    pub(in crate::game) blasts: Vec<(Cell, u8, bool)>,
    /// Pieces turned over by flipping moves, each move's cells followed by
    /// their number, for `unmake` (see `rules::flipping`).
    pub(in crate::game) flips: Vec<Cell>,
    /// Which of the last moves were passes (see `rules::passing`).
    pub(in crate::game) pass_state: u8,
    /// The duck and the ducks lifted, for `unmake` (see `rules::walls`).
    pub(in crate::game) wall_state: crate::game::rules::walls::WallState,
    /// The counting rule's (limit, count) in plies, limit 0 when no count
    /// runs; kept by `Game::play`, never by `make` (see `rules::counting`).
    pub(in crate::game) count: [u32; 2],
}

/// What `make` changed, for `unmake`.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    pub(in crate::game) captured: u8,
    pub(in crate::game) captured_extra: u8,
    pub(in crate::game) virgin_from: bool,
    pub(in crate::game) virgin_to: bool,
    pub(in crate::game) virgin_extra: bool,
    pub(in crate::game) ep: [Cell; 4],
    pub(in crate::game) ep_n: u8,
    pub(in crate::game) ep_victim: Cell,
    pub(in crate::game) halfmove: u32,
    pub(in crate::game) key: u64,
    pub(in crate::game) moved: u8,
    pub(in crate::game) side: Side,
    pub(in crate::game) once_used: [u64; 2],
    /// Promoted marks of the from, to and extra cells (variants with drops).
    pub(in crate::game) promoted: [u8; 3],
    /// n-check counters before the move.
    pub(in crate::game) checks_left: [u8; 2],
    /// Cells whose pieces lost their unmoved state by this move
    /// (`unmoved-lost-on-line-with`), `NO_CELL` when unused.
    pub(in crate::game) lost_unmoved: [Cell; 2],
    /// How many pieces the move's explosion removed.
    pub(in crate::game) blasted: u8,
    /// `pass_state` before the move.
    pub(in crate::game) pass_state: u8,
}

impl Undo {
    /// The piece the move captured on its destination (0 for none).
    pub fn captured(&self) -> u8 {
        self.captured
    }

    /// The piece captured elsewhere (locust, en passant), 0 for none.
    pub fn captured_extra(&self) -> u8 {
        self.captured_extra
    }
}

/// Why a FEN cannot be a position of this variant.
#[derive(Debug, thiserror::Error)]
#[error("invalid FEN: {}", .0.iter().map(|(_, m)| m.as_str()).collect::<Vec<_>>().join("; "))]
pub struct FenError(pub fen::FenErrors);

impl FenError {
    /// Every problem rendered against the FEN it was found in, located by
    /// column as a definition's problems are by line and column:
    /// `--> FEN:1:12`, the FEN, a caret under the field.
    pub fn render(&self, fen: &str) -> String {
        let one = |(span, msg): &(std::ops::Range<usize>, String)| {
            crate::variant::Diagnostic::error(span.clone(), format!("invalid FEN: {msg}")).render("FEN", fen)
        };
        self.0.iter().map(one).collect::<String>().trim_end().to_string()
    }

    /// The same problems, those found without a place (after reading the
    /// fields) put at `span`.
    fn at(mut self, span: std::ops::Range<usize>) -> FenError {
        for (s, _) in self.0.iter_mut().filter(|(s, _)| s.is_empty()) {
            *s = span.clone();
        }
        self
    }
}

impl<'v> Position<'v> {
    /// The variant's start position.
    pub fn start(v: &'v Variant) -> Position<'v> {
        Position::from_fen(v, &v.setup_fen).expect("the loader validated the setup")
    }

    /// How many pieces of `kind` `side` holds in hand.
    pub fn in_hand(&self, side: Side, kind: u8) -> u8 {
        self.hand[side as usize * self.v.pieces.len() + kind as usize]
    }

    /// How many pieces both hands hold together.
    pub fn pieces_in_hand(&self) -> u32 {
        self.in_hand
    }

    /// Whether the deployment phase is on (some hand still holds a piece).
    pub fn deploying(&self) -> bool {
        self.in_hand > 0 && self.v.drops.is_none() && self.v.gating.is_none()
    }

    /// Sets a side's hand count of `kind` (rule modules use this to decide
    /// what is posted, e.g. Royal Guards only in the TigerVariation).
    pub fn set_hand(&mut self, side: Side, kind: u8, count: u8) {
        let i = side as usize * self.v.pieces.len() + kind as usize;
        let z = &self.v.tables.zobrist;
        let code = piece_code(kind, side);
        if self.hand[i] > 0 {
            self.key ^= z.hand(code, self.hand[i]);
        }
        self.in_hand = self.in_hand + count as u32 - self.hand[i] as u32;
        self.hand[i] = count;
        if count > 0 {
            self.key ^= z.hand(code, count);
        }
        if self.in_hand == 0 {
            if let Some(d) = &self.v.deployment {
                if self.side != d.then {
                    self.side = d.then;
                    self.key ^= z.black;
                }
            }
        }
    }

    /// Sets the side to move (rule modules: who posts first).
    pub fn set_side(&mut self, side: Side) {
        if self.side != side {
            self.side = side;
            self.key ^= self.v.tables.zobrist.black;
        }
    }

    /// The variant.
    pub fn variant(&self) -> &'v Variant {
        self.v
    }

    /// Side to move.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The board byte of a cell (0 empty, else a piece code).
    pub fn at(&self, c: Cell) -> u8 {
        self.board[c as usize]
    }

    /// The kind + 1 the piece on `c` promoted from, or 0 (variants with
    /// drops keep this; FEN `Q~`).
    pub fn promoted_from(&self, c: Cell) -> u8 {
        self.promoted[c as usize]
    }

    /// Whether the piece on `c` has not moved.
    pub fn is_virgin(&self, c: Cell) -> bool {
        self.virgin[c as usize]
    }

    /// Hash key of the position.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Halfmove clock (plies since the last capture or pawn move).
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// Whether the last move left en-passant cells (a search's null move
    /// must not pass over them: the capture would be offered to the wrong
    /// side).
    pub fn has_ep(&self) -> bool {
        self.ep_n > 0
    }

    /// Number of non-royal pieces of a side.
    pub fn non_royal_count(&self, side: Side) -> u32 {
        self.nonroyal[side as usize]
    }

    /// The cells holding `side`'s pieces, as `words` u64 of bits.
    pub fn side_cells(&self, side: Side) -> &[u64] {
        let w = self.v.tables.words;
        &self.occ[side as usize * w..][..w]
    }

    /// n-check: the checks `side` still has to give.
    pub fn checks_left(&self, side: Side) -> u8 {
        self.checks_left[side as usize]
    }

    /// The cells of `side`'s royal pieces, in no particular order.
    pub fn royals(&self, side: Side) -> &[Cell] {
        &self.royals[side as usize][..self.nroyal[side as usize] as usize]
    }

    /// Number of royal pieces of a side.
    pub fn royal_count(&self, side: Side) -> u32 {
        self.nroyal[side as usize] as u32
    }
}

/// A game: a position plus the moves that led to it (for repetition and
/// take-backs).
#[derive(Clone, Debug)]
pub struct Game<'v> {
    /// The current position.
    pub pos: Position<'v>,
    /// Moves played, with their undo records.
    pub history: Vec<(Move, Undo)>,
    /// Hash keys of every position so far, the current one last.
    pub keys: Vec<u64>,
    /// The legal moves the last [`Game::outcome`] call generated, with the
    /// position they belong to (key, plies played): the search reads them
    /// back instead of generating them a second time.
    legal: (u64, usize, Vec<Move>),
    /// The counting state before each move played (variants with a
    /// counting rule only), for `undo`.
    counts: Vec<[u32; 2]>,
}

impl<'v> Game<'v> {
    /// A game starting from `pos`.
    pub fn new(pos: Position<'v>) -> Game<'v> {
        let keys = vec![pos.key()];
        Game { pos, history: Vec::new(), keys, legal: (0, usize::MAX, Vec::new()), counts: Vec::new() }
    }

    /// The legal moves of the current position into `out`: copied from the
    /// last [`Game::outcome`] call if it was made in this very position,
    /// else generated.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        let (key, plies, moves) = &self.legal;
        if *key == self.pos.key() && *plies == self.history.len() {
            out.clear();
            out.extend_from_slice(moves);
        } else {
            self.pos.legal_moves(out);
        }
    }

    /// Whether the side to move has no legal move; where that took the
    /// whole list, it is kept for [`Game::legal_moves`].
    pub(crate) fn no_legal_moves(&mut self) -> bool {
        let mut moves = std::mem::take(&mut self.legal.2);
        let (any, complete) = self.pos.any_legal_move(&mut moves);
        self.legal = if complete { (self.pos.key(), self.history.len(), moves) } else { (0, usize::MAX, moves) };
        !any
    }

    /// Plays a move (the caller checks legality).
    pub fn play(&mut self, m: Move) {
        let u = self.pos.make(m);
        if let Some(c) = &self.pos.v.counting {
            // The counting rule lives here rather than in `make`, so perft
            // and the move generator never pay for it.
            self.counts.push(self.pos.count);
            self.pos.count_after(c, m, &u);
        }
        self.history.push((m, u));
        self.keys.push(self.pos.key());
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let (m, u) = self.history.pop()?;
        self.keys.pop();
        self.pos.unmake(m, u);
        if let Some(count) = self.counts.pop() {
            self.pos.count = count;
        }
        Some(m)
    }
}
