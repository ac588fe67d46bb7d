//! Castling partners other than the corner piece
//! (`pieces.*.castling-partners`): Fairy-Stockfish's `castlingRookPieces`
//! and non-corner rook files (shako, gustav3, omicron). The `O` atom gives
//! the king's travel and directions; this module only chooses, once at load
//! time, which cell on each castling line holds the partner, and rebuilds the
//! rule around it (`CastleRule::new`), so castling costs nothing extra at
//! move time.

use crate::board::{Cell, Grid};
use crate::compile::CastleRule;

/// One entry of `castling-partners`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partner {
    /// Any piece of this kind standing on the castling line in the setup
    /// (the farthest one from the king, as FSF finds its castling rook).
    Kind(u8),
    /// A start cell: White's, and Black's (White's mirrored across the middle rank).
    Cell([Cell; 2]),
}

/// Black's counterpart of White's cell `c`: mirrored across the middle rank.
pub fn mirrored(grid: &Grid, c: Cell) -> Option<Cell> {
    let (x, y) = grid.coords(c);
    grid.at(x as i32, grid.ranks() as i32 - 1 - y as i32)
}

/// Rebuilds the castling rules of `kind` (index `(kind * 2 + side) * n +
/// cell` in `castles`) with the partner each line names: the farthest cell of
/// the line that is one of `partners`. A line without one loses its rule.
pub fn retarget(
    castles: &mut [Vec<CastleRule>],
    n: usize,
    kind: usize,
    partners: &[Partner],
    setup: &[Option<(u8, u8)>],
) {
    for side in 0..2usize {
        for from in 0..n {
            let rules = &mut castles[(kind * 2 + side) * n + from];
            if rules.is_empty() {
                continue;
            }
            let is_partner = |c: Cell| {
                partners.iter().any(|p| match *p {
                    Partner::Kind(k) => setup[c as usize] == Some((k, side as u8)),
                    Partner::Cell(cells) => cells[side] == c,
                })
            };
            *rules = std::mem::take(rules)
                .into_iter()
                .filter_map(|r| {
                    let p = r.ray.iter().rposition(|&c| is_partner(c))?;
                    let travel = r.king_path.len() - 1;
                    CastleRule::new(from as Cell, r.ray, travel, p)
                })
                .collect();
        }
    }
}
