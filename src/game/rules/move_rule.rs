//! Which moves reset the n-move counter (`rules.move-rule`), per piece:
//! `pieces.*.resets-move-rule`. Captures, promotions and drops always
//! reset it; a piece's own move resets it `always`, `never`, or
//! `unless-reversible` (the default for pawns): unless the piece could
//! step straight back with a non-capturing move from where it lands, as
//! Fairy-Stockfish judges it (`nMoveRuleTypes` and its reversibility test
//! in `Position::do_move`): a sideways pawn step is reversible, a forward
//! step is not.
//!
//! Load time compiles this to one byte per piece code and, for a piece whose
//! moves can be reversible at all, one bit per (from, to) pair, so that
//! making a move costs one table read.

use crate::board::Cell;
use crate::compile::{walk, Occupancy};
use crate::variant::spec::Spanned;
use crate::variant::{Diagnostic, MoveTables, PieceDef};

/// How a piece's own moves treat the n-move counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reset {
    /// Every move of the piece resets it.
    Always,
    /// A move resets it unless the piece could move straight back.
    UnlessReversible,
    /// No move of the piece resets it (a capture or promotion still does).
    Never,
}

/// The spellings of [`Reset`] in the TOML.
const NAMES: [(&str, Reset); 3] =
    [("always", Reset::Always), ("unless-reversible", Reset::UnlessReversible), ("never", Reset::Never)];

/// `pieces.<id>.resets-move-rule`, or the default: `unless-reversible`
/// for a pawn, `never` for any other piece.
pub fn read(value: Option<&Spanned<String>>, pawn: bool, d: &mut Vec<Diagnostic>) -> Reset {
    let default = if pawn { Reset::UnlessReversible } else { Reset::Never };
    let Some(s) = value else { return default };
    match NAMES.iter().find(|(n, _)| *n == s.value) {
        Some(&(_, r)) => r,
        None => {
            let msg =
                format!("`resets-move-rule` is {:?}; use \"always\", \"unless-reversible\" or \"never\"", s.value);
            d.push(Diagnostic::error(s.span.clone(), msg));
            default
        }
    }
}

/// How a move of a piece code is judged (see [`Resets::resets`]).
const NEVER: u8 = 0;
const ALWAYS: u8 = 1;
const LOOK_UP: u8 = 2;

/// The compiled rule: per piece code, never / always / look up its
/// reversible (from, to) pairs.
#[derive(Clone, Debug, Default)]
pub struct Resets {
    mode: Vec<u8>,
    /// Per piece code in `LOOK_UP` mode: bit `from * cells + to` is set
    /// when the move from `from` to `to` is reversible.
    reversible: Vec<Vec<u64>>,
    cells: usize,
}

impl Resets {
    /// Whether a non-capturing, non-promoting move of `code` from `from`
    /// to `to` resets the counter.
    #[inline]
    pub fn resets(&self, code: u8, from: Cell, to: Cell) -> bool {
        match self.mode[code as usize] {
            NEVER => false,
            ALWAYS => true,
            _ => {
                let i = from as usize * self.cells + to as usize;
                self.reversible[code as usize][i / 64] >> (i % 64) & 1 == 0
            }
        }
    }
}

/// Compiles every piece's rule against its move programs: a move from A
/// to B is reversible when the piece's non-initial, non-capturing moves
/// from B on an empty board reach A. A piece none of whose moves is
/// reversible (a chess pawn) is `always`: nothing is looked up.
pub fn compile(pieces: &[PieceDef], tables: &MoveTables) -> Resets {
    let n = tables.cells;
    let codes = 1 + pieces.len() * 2;
    let mut r = Resets { mode: vec![NEVER; codes], reversible: vec![Vec::new(); codes], cells: n };
    for (kind, p) in pieces.iter().enumerate() {
        for side in 0..2usize {
            let code = crate::game::piece_code(kind as u8, side as u8) as usize;
            r.mode[code] = match p.move_rule_reset {
                Reset::Never => NEVER,
                Reset::Always => ALWAYS,
                Reset::UnlessReversible => {
                    r.reversible[code] = reversible_pairs(tables, kind, side);
                    if r.reversible[code].iter().all(|&w| w == 0) {
                        ALWAYS
                    } else {
                        LOOK_UP
                    }
                }
            };
        }
    }
    r
}

/// The bit set of the (from, to) pairs of `kind` for `side` whose move is
/// reversible.
fn reversible_pairs(tables: &MoveTables, kind: usize, side: usize) -> Vec<u64> {
    let n = tables.cells;
    let mut bits = vec![0u64; (n * n).div_ceil(64)];
    for back_from in 0..n {
        let pr = tables.progs[(kind * 2 + side) * n + back_from];
        let nodes = &tables.nodes[pr.start as usize..pr.end as usize];
        walk(
            nodes,
            |_| Occupancy::Empty,
            false,
            false,
            |_| false,
            |e| {
                // The piece goes back_from -> e.to, so e.to -> back_from is reversible.
                let i = e.to as usize * n + back_from;
                bits[i / 64] |= 1 << (i % 64);
            },
        );
    }
    bits
}
