//! What a Betza move means once parsed: a [`Path`] of [`Leg`]s, each with a
//! step family, directions, a reach, [`mode`] flags and a motion. These are
//! the types the compiler unrolls on a board and the exporters read.

use super::ast::Span;
use super::family::{mirror_turns, rotate, Family};

/// How far a leg may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// At most this many steps (1 = leaper).
    Steps(u8),
    /// Unlimited (a slider or rider).
    Unlimited,
    /// Exactly as many steps as the previous leg made (`i` in a later leg).
    Iso,
}

impl Reach {
    /// The reach after a `y`/`g` leg: a leaper becomes a slider and back.
    pub(super) fn toggled(self) -> Reach {
        match self {
            Reach::Steps(1) => Reach::Unlimited,
            _ => Reach::Steps(1),
        }
    }
}

/// The path a leg's successive steps follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// Every step in the same direction.
    Straight,
    /// `z`: alternate 90° turns (crooked rider), both senses.
    Crooked,
    /// `q`: turn 45° after every step (circular rider, the Rose), both senses.
    Circular,
}

/// What a leg may do on the square it reaches. Bit flags.
pub mod mode {
    /// `m`: may stop on (or pass on from) an empty square.
    pub const MOVE: u16 = 1;
    /// `c`: may capture an enemy (in a non-final leg: locust capture, go on).
    pub const CAPTURE: u16 = 2;
    /// `d`: may capture a friend.
    pub const DESTROY: u16 = 4;
    /// `e`: may capture en passant on an empty square.
    pub const EP: u16 = 8;
    /// `p`: hops over an occupied square.
    pub const HOP: u16 = 16;
    /// `g`: hops, and toggles leaper/slider for what follows.
    pub const GRASS: u16 = 32;
    /// `y`: like `m`, and toggles leaper/slider for the following legs.
    pub const TOGGLE: u16 = 64;
    /// `n`: the leap is lame (passed squares must be empty).
    pub const LAME: u16 = 128;
    /// `j`: jumping leaper (passed square must be occupied) or ski step.
    pub const JUMP: u16 = 256;
}

/// One leg of a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    /// The step vectors.
    pub family: Family,
    /// First leg: absolute family indices (for White). Later legs: turns
    /// relative to the previous leg's direction (bit 0 = straight on,
    /// clockwise). Ignored when `default_dirs` is set.
    pub dirs: u8,
    /// Bracket continuation with no direction letters: the "most similar"
    /// directions of this leg's atom, decided when compiling.
    pub default_dirs: bool,
    /// Whether `dirs` are relative turns.
    pub relative: bool,
    /// For relative legs of bracket moves: turns in K-directions, and the
    /// family indices must also be in `family.own`.
    pub kdir_turns: bool,
    /// The relative directions name `q`/`z` (the bend of the previous
    /// oblique leg): stored for a clockwise bend, mirrored for the other.
    pub bend_relative: bool,
    /// How far the leg goes.
    pub reach: Reach,
    /// [`mode`] flags.
    pub mode: u16,
    /// Step pattern.
    pub motion: Motion,
    /// The move may end after this leg.
    pub may_stop: bool,
    /// The move may go on with the next leg.
    pub may_continue: bool,
}

impl Leg {
    /// Absolute family indices of this (continuation) leg after a previous
    /// leg that stepped along `prev.vecs[pidx]`: relative turns for a-chains;
    /// K-direction turns (with the previous bend for `q`/`z`) filtered by
    /// the leg's own atom for bracket legs, or the "most similar" directions
    /// when the bracket leg names none.
    pub fn continuation_dirs(&self, prev: &Family, pidx: u8) -> u8 {
        if !self.kdir_turns {
            return rotate(self.dirs, pidx);
        }
        let (kd, bend) = prev.kdir(pidx);
        if self.default_dirs {
            return most_similar(&self.family, prev.vecs[pidx as usize]);
        }
        let turns = if self.bend_relative && bend < 0 {
            mirror_turns(self.dirs)
        } else if self.bend_relative && bend == 0 {
            self.dirs | mirror_turns(self.dirs)
        } else {
            self.dirs
        };
        rotate(turns, kd) & self.family.own
    }
}

/// The directions of `f`'s own atom closest in angle to the step `prev`.
fn most_similar(f: &Family, prev: (i8, i8)) -> u8 {
    let (px, py) = (prev.0 as f64, prev.1 as f64);
    let pl = (px * px + py * py).sqrt();
    let mut best = f64::MIN;
    let mut mask = 0;
    for i in 0..8 {
        if f.own & (1 << i) == 0 {
            continue;
        }
        let (x, y) = (f.vecs[i].0 as f64, f.vecs[i].1 as f64);
        let cos = (x * px + y * py) / ((x * x + y * y).sqrt() * pl);
        if cos > best + 1e-9 {
            best = cos;
            mask = 1 << i;
        } else if (cos - best).abs() <= 1e-9 {
            mask |= 1 << i;
        }
    }
    mask
}

/// A whole move: legs plus move-wide options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The legs, first one first.
    pub legs: Vec<Leg>,
    /// `i` on the first leg: only an unmoved piece may make it.
    pub initial: bool,
    /// `o`: files wrap around (cylinder board).
    pub cylinder: bool,
    /// Castling (`O` atom): the king's travel and directions.
    pub castle: Option<Castle>,
    /// The first leg's direction letters as written (polygon boards read
    /// them directly: there are no vectors to select).
    pub letters: String,
    /// Where the move was written.
    pub span: Span,
}

/// Castling as written with the `O` atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castle {
    /// How many squares the king moves.
    pub travel: u8,
    /// Directions (absolute K-direction bits for White).
    pub dirs: u8,
}
