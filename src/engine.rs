//! A small built-in opponent: alpha-beta to a fixed depth over material,
//! with piece values derived from mobility (no variant-specific knowledge).
//! Good enough to play any definition to a result; not a strong engine.

use crate::game::{code_kind, code_side, Move, MoveKind, Position};
use crate::hooks::rng::Rng;
use crate::variant::{EndValue, Variant};

const MATE: i32 = 1_000_000;

/// Value of each piece kind: 10 × its average number of destinations on an
/// empty board (royal pieces 0: they are never traded).
pub fn piece_values(v: &Variant) -> Vec<i32> {
    let t = &v.tables;
    let n = t.cells;
    v.pieces
        .iter()
        .enumerate()
        .map(|(k, p)| {
            if p.royal {
                return 0;
            }
            let mut total = 0usize;
            for c in 0..n {
                let pr = t.progs[(k * 2) * n + c];
                let nodes = &t.nodes[pr.start as usize..pr.end as usize];
                let mut cells: Vec<u16> = nodes
                    .iter()
                    .filter(|nd| nd.flags & crate::compile::flag::ANY_EMIT != 0)
                    .map(|nd| nd.cell)
                    .collect();
                cells.sort_unstable();
                cells.dedup();
                total += cells.len();
            }
            (10 * total / n.max(1)).max(5) as i32
        })
        .collect()
}

fn eval(pos: &Position<'_>, values: &[i32]) -> i32 {
    let v = pos.variant();
    let mut score = 0;
    for c in 0..v.grid.len() as u16 {
        let code = pos.at(c);
        if code != 0 {
            let val = values[code_kind(code) as usize];
            score += if code_side(code) == pos.side() { val } else { -val };
        }
    }
    score
}

fn search(
    pos: &mut Position<'_>,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    values: &[i32],
    bufs: &mut [Vec<Move>],
) -> i32 {
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    pos.legal_moves(buf);
    if buf.is_empty() {
        if pos.in_check() {
            return -MATE;
        }
        return match pos.variant().rules.stalemate {
            EndValue::Loss => -MATE,
            EndValue::Win => MATE,
            EndValue::Draw => 0,
        };
    }
    if depth == 0 {
        return eval(pos, values);
    }
    let moves = buf.clone();
    for m in moves {
        if let Some(w) = wins_at_once(pos, &m) {
            if w {
                return MATE;
            }
        }
        let u = pos.make(m);
        let score = -search(pos, depth - 1, -beta, -alpha, values, rest);
        pos.unmake(m, u);
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// Whether `m` captures a piece whose capture wins (TigerChess's Occupation).
fn wins_at_once(pos: &Position<'_>, m: &Move) -> Option<bool> {
    if m.kind == MoveKind::Drop {
        return None;
    }
    let code = pos.at(m.to);
    (code != 0 && code_side(code) != pos.side())
        .then(|| pos.variant().pieces[code_kind(code) as usize].capture_wins.is_some())
}

/// The engine's move in `pos` (`None` when there is none): the best by a
/// `depth`-ply search, ties broken by `rng` so games differ by seed.
pub fn choose(pos: &mut Position<'_>, depth: u32, values: &[i32], rng: &mut Rng) -> Option<Move> {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    if legal.is_empty() {
        return None;
    }
    rng.shuffle(&mut legal);
    let mut bufs: Vec<Vec<Move>> = (0..depth + 1).map(|_| Vec::with_capacity(128)).collect();
    let mut best = legal[0];
    let mut best_score = i32::MIN;
    for m in legal {
        if wins_at_once(pos, &m) == Some(true) {
            return Some(m);
        }
        let u = pos.make(m);
        let score = -search(pos, depth.saturating_sub(1), -MATE - 1, MATE + 1, values, &mut bufs);
        pos.unmake(m, u);
        if score > best_score {
            best_score = score;
            best = m;
        }
    }
    Some(best)
}
