//! Perft: counting the leaves of the legal move tree (bulk counting at the
//! last ply). A game ended at once by a goal or the n-th check has no moves
//! (Fairy-Stockfish's convention, applied by `legal_moves`); optional draws
//! (n-move rule, repetition) are not applied, as
//! in every published perft table.

use super::{Move, Position};

/// Leaf count at `depth`.
pub fn perft(pos: &mut Position<'_>, depth: u32) -> u64 {
    let mut bufs: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(256)).collect();
    count(pos, depth, &mut bufs)
}

fn count(pos: &mut Position<'_>, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    pos.legal_moves(buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut total = 0;
    for &m in buf.iter() {
        let u = pos.make(m);
        total += count(pos, depth - 1, rest);
        pos.unmake(m, u);
    }
    total
}

/// Leaf count under each legal move (depth ≥ 1).
pub fn divide(pos: &mut Position<'_>, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let u = pos.make(m);
            let n = perft(pos, depth.saturating_sub(1));
            pos.unmake(m, u);
            (m, n)
        })
        .collect()
}
