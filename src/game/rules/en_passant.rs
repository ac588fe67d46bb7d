//! The en-passant field as Fairy-Stockfish writes and reads it.
//!
//! FSF treats its own chess pawn (Betza `fmWfceFifmnD`) and every other
//! double-stepping piece differently:
//! * after a chess pawn's double step it writes the square passed only when
//!   a piece of the side to move could take en passant there, else `-`;
//!   reading, it keeps such a square only under the same condition;
//! * after any other piece's double step (berolina, sideways or backward
//!   pawns) it writes every square passed and the square landed on, in
//!   board order (`c3c4`, `d3c4`, `h5h6`), whether or not a capture is possible.
//!
//! Rookery keeps the passed squares whatever the case (so making and
//! unmaking a move stays exact); only the field written and the square kept
//! from a FEN follow FSF, so that FENs are exchanged unchanged.

use crate::board::Cell;
use crate::compile::walk;
use crate::game::position::Position;
use crate::game::{code_kind, code_side};
use crate::variant::PieceDef;

/// Whether a piece moves as FSF's chess pawn: a pawn with the same moves
/// for both sides, `fmWfceF`, and a double step `fmnD` only as an initial
/// move or a special move of some ranks (FSF's `doubleStepRegion`: horde).
pub fn is_chess_pawn(p: &PieceDef) -> bool {
    let same = |a: &str, b: &str| match (crate::betza::compile_paths(a), crate::betza::compile_paths(b)) {
        (Ok(x), Ok(y)) => x.len() == y.len() && x.iter().all(|p| y.contains(p)),
        _ => false,
    };
    // Torpedo's pawn double-steps from any rank: still FSF's pawn.
    let steps = ["fmWfceF", "fmWfceFifmnD", "fmWfceFfmnD"].iter().any(|b| same(&p.betza, b));
    let double_steps = p.specials.iter().all(|(_, b)| same(b, "fmnD") || same(b, "ifmnD"));
    p.pawn && p.betza_black.is_none() && steps && double_steps
}

/// The moves of a Betza string other than castling, without where they
/// were written (so `BN` and `NB`, `K` and `KisO2` compare equal).
fn plain_moves(betza: &str) -> Option<Vec<(Vec<crate::betza::semantics::Leg>, bool, bool)>> {
    let paths = crate::betza::compile_paths(betza).ok()?;
    let mut moves: Vec<_> =
        paths.into_iter().filter(|p| p.castle.is_none()).map(|p| (p.legs, p.initial, p.cylinder)).collect();
    moves.dedup();
    Some(moves)
}

/// Whether FSF would give `p` one of its fast chess piece types: its pawn
/// (with or without the double step and e.p.), knight, bishop, rook, queen,
/// king or commoner, archbishop, chancellor, or an immobile piece. Castling
/// is no piece type, so it does not count.
fn fsf_standard_piece(p: &PieceDef) -> bool {
    if is_chess_pawn(p) || p.immobile {
        return true;
    }
    let moves_as = |betza: &str, types: &[&str]| {
        let Some(own) = plain_moves(betza) else { return false };
        types.iter().any(|b| plain_moves(b).is_some_and(|m| m.len() == own.len() && m.iter().all(|x| own.contains(x))))
    };
    let types: &[&str] = if p.pawn { &["fmWfcF", "fmWfceF"] } else { &["N", "B", "R", "Q", "K", "BN", "RN"] };
    let both = moves_as(&p.betza, types) && p.betza_black.as_ref().is_none_or(|b| moves_as(b, types));
    both && p.specials.is_empty() && p.confined_to.is_none()
}

/// Whether FSF keeps every square a FEN lists in its e.p. field, as
/// written, rather than only squares where a pawn could take: FSF does so
/// unless every piece is one of its fast chess types and a royal piece, if
/// any, moves as a king (`fastAttacks`: not for synochess's soldiers or
/// gustav3's amazon), or when `ep_by_others` (a piece other than the chess
/// pawn captures en passant). Only variants with en passant (`has_ep`):
/// where nothing captures so, FSF has no e.p. region, or no double step.
pub fn fsf_reads_any_ep(pieces: &[PieceDef], has_ep: bool, ep_by_others: bool) -> bool {
    let king = |p: &PieceDef| p.royal && plain_moves(&p.betza) == plain_moves("K");
    let fast = pieces.iter().all(fsf_standard_piece) && (pieces.iter().any(king) || !pieces.iter().any(|p| p.royal));
    has_ep && (ep_by_others || !fast)
}

impl Position<'_> {
    /// The en-passant field as FSF writes it (see the module's text).
    pub(in crate::game) fn ep_field(&self) -> String {
        let cells = self.ep_cells();
        if cells.is_empty() {
            return "-".into();
        }
        cells.iter().map(|&c| self.v.grid.label(c).to_string()).collect()
    }

    /// The squares the en-passant field lists, in board order (none: `-`).
    pub(in crate::game) fn ep_cells(&self) -> Vec<Cell> {
        let n = self.ep_n as usize;
        if n == 0 {
            return Vec::new();
        }
        if self.ep_victim == crate::game::position::NO_CELL {
            // Squares read from a FEN that FSF keeps as written (see `ep_echo`).
            return self.ep_echo.clone();
        }
        let mover = self.board[self.ep_victim as usize];
        let mut cells: Vec<Cell> = if self.v.tables.code_chess_pawn[mover as usize] {
            self.ep[..n].iter().copied().filter(|&c| self.ep_capturable(c)).collect()
        } else {
            let mut all = self.ep[..n].to_vec();
            all.push(self.ep_victim);
            all
        };
        let g = &self.v.grid;
        cells.sort_by_key(|&c| {
            let (x, y) = g.coords(c);
            (y, x)
        });
        cells
    }

    /// Whether an e.p. square read from a FEN is kept: it is empty, the
    /// piece beyond it a pawn, and for a chess pawn it could be taken there
    /// (as FSF reads it).
    pub(in crate::game) fn ep_square_kept(&self, e: Cell) -> bool {
        let t = &self.v.tables;
        let mover = self.board[self.ep_victim as usize] as usize;
        self.board[e as usize] == 0 && t.code_pawn[mover] && (!t.code_chess_pawn[mover] || self.ep_capturable(e))
    }

    /// Whether some piece of the side to move has an en-passant capture
    /// onto `sq` (its moves walked with `sq` as the e.p. square).
    fn ep_capturable(&self, sq: Cell) -> bool {
        let (v, side) = (self.v, self.side);
        let n = v.grid.len();
        (0..n).any(|from| {
            let code = self.board[from];
            if code == 0 || code_side(code) != side {
                return false;
            }
            let pr = v.tables.progs[(code_kind(code) as usize * 2 + side as usize) * n + from];
            let mut found = false;
            walk(
                &v.tables.nodes[pr.start as usize..pr.end as usize],
                |c| Self::occ(&self.board, side, c),
                false,
                false,
                |c| c == sq,
                |e| found |= e.en_passant && e.to == sq,
            );
            found
        })
    }
}
