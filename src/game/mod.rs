//! Positions and rules: state, legal moves, make/unmake, game end, perft.

pub mod fen;
mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod phase;
mod position;
pub mod rules;
mod zobrist;

pub use moves::{Move, MoveKind};
pub use outcome::{Outcome, Quick, Reason};
pub use position::{CheckCells, Game, Position, Undo};
pub use zobrist::Zobrist;

/// White (0) or Black (1).
pub type Side = u8;

/// White.
pub const WHITE: Side = 0;
/// Black.
pub const BLACK: Side = 1;

/// The board byte of a piece: 0 is empty, else `1 + kind * 2 + side`.
#[inline]
pub const fn piece_code(kind: u8, side: Side) -> u8 {
    1 + kind * 2 + side
}

/// Kind of a non-empty board byte.
#[inline]
pub const fn code_kind(code: u8) -> u8 {
    (code - 1) >> 1
}

/// Side of a non-empty board byte.
#[inline]
pub const fn code_side(code: u8) -> Side {
    (code - 1) & 1
}
