//! The move type.

use crate::board::Cell;

/// What kind of move it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A plain move or capture on the destination.
    Normal,
    /// Also captures the piece on `extra` (a locust capture).
    Locust,
    /// Captures en passant the piece on `extra`.
    EnPassant,
    /// Castling: the piece on `extra` goes to `extra2`. With gating
    /// (`promo != 0`, see `game::rules::gating`) a piece from the hand enters
    /// on the king's start, or on the partner's when `promo` has bit 0x80.
    Castle,
    /// Posting a piece from the hand (kind `promo - 1`) on `to`; `from == to`.
    Drop,
    /// A plain move or capture after which a piece from the hand (kind
    /// `promo - 1`) enters on the cell left, `from` (Seirawan gating).
    Gate,
}

/// A move. `promo` is 0 or `kind + 1` of the piece promoted to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Start cell.
    pub from: Cell,
    /// Destination cell.
    pub to: Cell,
    /// Locust/en-passant victim, or the castling partner's start.
    pub extra: Cell,
    /// The castling partner's destination.
    pub extra2: Cell,
    /// Promotion (kind + 1), or 0.
    pub promo: u8,
    /// What kind of move.
    pub kind: MoveKind,
}

impl Move {
    /// A plain move.
    pub const fn normal(from: Cell, to: Cell) -> Move {
        Move { from, to, extra: 0, extra2: 0, promo: 0, kind: MoveKind::Normal }
    }
}
