//! Typed syntax tree of an XBetza string. Every node carries the span of the
//! text it came from, so later passes can point at the exact character.

use std::fmt;

/// A byte range in the parsed Betza string.
///
/// Spans are metadata, not identity: two trees that differ only in where
/// their nodes came from compare equal. That is what the round-trip law
/// `parse(print(ast)) == ast` needs.
#[derive(Clone, Copy, Default)]
pub struct Span {
    /// First byte of the node.
    pub start: usize,
    /// One past the last byte of the node.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end` (bytes).
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
}

impl PartialEq for Span {
    fn eq(&self, _: &Span) -> bool {
        true
    }
}
impl Eq for Span {}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// A whole piece: the union of its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The moves, in the order written.
    pub moves: Vec<Move>,
    /// The whole string.
    pub span: Span,
}

/// One move: a classic `a` chain or a bracket chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// `mpafsW`: modifier groups separated by `a`, one atom shared by all legs.
    Chain(ChainMove),
    /// `[F?fsR]`: each leg has its own atom.
    Bracket(BracketMove),
}

/// A classic XBetza move, possibly multi-leg (`a`-separated modifier groups).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainMove {
    /// One modifier group per leg, first leg first (at least one, maybe empty).
    pub legs: Vec<Modifiers>,
    /// The atom shared by all legs.
    pub atom: Atom,
    /// Range suffix, if any.
    pub range: Option<Range>,
    /// The move's text.
    pub span: Span,
}

/// A bracket move `prefix[leg link leg …]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BracketMove {
    /// Modifiers written before the bracket; they apply to the first leg.
    pub prefix: Modifiers,
    /// The legs (at least one).
    pub legs: Vec<BracketLeg>,
    /// The move's text.
    pub span: Span,
}

/// One leg of a bracket move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BracketLeg {
    /// How this leg is joined to the previous one (`None` for the first leg).
    pub link: Option<Link>,
    /// The leg's modifiers.
    pub modifiers: Modifiers,
    /// The leg's atom.
    pub atom: Atom,
    /// The leg's range.
    pub range: Option<Range>,
    /// The leg's text (without the link).
    pub span: Span,
}

/// The joint between two bracket legs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// `?`: the move may stop before this leg.
    Optional,
    /// `-`: the move must go on with this leg.
    Mandatory,
}

/// A group of modifier letters, in the order written (order matters for
/// direction pairs: `fr` is not `rf` on oblique atoms).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// The letters.
    pub letters: Vec<Modifier>,
    /// The group's text.
    pub span: Span,
}

impl Modifiers {
    /// Whether `c` occurs in the group.
    pub fn has(&self, c: char) -> bool {
        self.letters.iter().any(|m| m.letter == c)
    }
}

/// A single lower-case modifier letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modifier {
    /// The letter (`f`, `m`, `p`, …).
    pub letter: char,
    /// Where it stands.
    pub span: Span,
}

/// The atom of a move: a letter (with `X`/`Y` extensions) or an explicit leap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    /// What the atom is.
    pub kind: AtomKind,
    /// The atom's text.
    pub span: Span,
}

/// The kinds of atom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AtomKind {
    /// A capital letter with its extension letters (`N`, `FX`, `NY`).
    Letter {
        /// The base letter.
        letter: char,
        /// `X`/`Y` extension letters, in order.
        extensions: String,
    },
    /// `(a,b)`: an explicit leap.
    Leap(u8, u8),
}

/// The range suffix of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range {
    /// `3`, `10`, `0` (0 = unlimited).
    Count(u8, Span),
    /// The atom letter written twice (`NN`): unlimited rider.
    Doubled(Span),
    /// `*`: up to the middle of the board (Interactive Diagram only).
    Star(Span),
}
