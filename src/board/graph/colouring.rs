//! Colouring polygon boards for pictures: neighbouring cells (sharing an
//! edge) get different colours, with as few colours as we can find.

use super::Link;
use std::collections::{HashMap, VecDeque};

/// Work limit for the exact colouring search; beyond it the greedy colouring stands.
const COLOUR_BUDGET: u64 = 2_000_000;

/// A proper colouring of the edge-adjacency graph with as few colours as we
/// can find: a greedy colouring first, then an exact search for fewer colours
/// within a work budget. Colours are renumbered by first appearance, so cell 0
/// gets colour 0 and equal partitions give equal vectors.
pub(super) fn colour_cells(edges: &[Vec<Option<Link>>]) -> Vec<u8> {
    let n = edges.len();
    let adj = neighbours(edges);
    let order = breadth_first(&adj);
    let mut best = greedy(&adj, &order);
    let greedy_count = best.iter().max().map_or(0, |m| m + 1);
    let lower = if adj.iter().any(|a| !a.is_empty()) { 2 } else { 1 };
    // Try fewer colours, smallest first, so the first success is the minimum.
    for k in lower..greedy_count {
        let mut col = vec![usize::MAX; n];
        let mut budget = COLOUR_BUDGET;
        match search(&order, &adj, k, 0, 0, &mut col, &mut budget) {
            Some(true) => {
                best = col;
                break;
            }
            Some(false) => continue,
            None => break, // out of budget: keep the greedy colouring
        }
    }
    // Renumber by first appearance in cell order.
    let mut map: HashMap<usize, u8> = HashMap::new();
    best.iter()
        .map(|&c| {
            let next = map.len() as u8;
            *map.entry(c).or_insert(next)
        })
        .collect()
}

/// Each cell's edge neighbours, sorted, without itself or repeats.
fn neighbours(edges: &[Vec<Option<Link>>]) -> Vec<Vec<usize>> {
    edges
        .iter()
        .enumerate()
        .map(|(i, es)| {
            let mut v: Vec<usize> = es.iter().flatten().map(|l| l.cell as usize).filter(|&d| d != i).collect();
            v.sort_unstable();
            v.dedup();
            v
        })
        .collect()
}

/// Breadth-first order: every cell after the first of its component has an
/// already-coloured neighbour, which prunes the search early.
fn breadth_first(adj: &[Vec<usize>]) -> Vec<usize> {
    let n = adj.len();
    let mut order = Vec::with_capacity(n);
    let mut placed = vec![false; n];
    for s in 0..n {
        if placed[s] {
            continue;
        }
        placed[s] = true;
        let mut queue = VecDeque::from([s]);
        while let Some(c) = queue.pop_front() {
            order.push(c);
            for &d in &adj[c] {
                if !placed[d] {
                    placed[d] = true;
                    queue.push_back(d);
                }
            }
        }
    }
    order
}

/// Greedy colouring along `order`: the smallest colour no coloured neighbour has.
fn greedy(adj: &[Vec<usize>], order: &[usize]) -> Vec<usize> {
    let n = adj.len();
    let mut best = vec![0usize; n];
    let mut done = vec![false; n];
    for &c in order {
        let mut k = 0;
        while adj[c].iter().any(|&d| done[d] && best[d] == k) {
            k += 1;
        }
        best[c] = k;
        done[c] = true;
    }
    best
}

/// Backtracking k-colouring along `order`. A cell may take at most one colour
/// more than the highest used so far (colour permutations are equivalent).
/// Some(true): found (left in `col`); Some(false): impossible; None: out of budget.
fn search(
    order: &[usize],
    adj: &[Vec<usize>],
    k: usize,
    pos: usize,
    max_used: usize,
    col: &mut [usize],
    budget: &mut u64,
) -> Option<bool> {
    if pos == order.len() {
        return Some(true);
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let c = order[pos];
    let limit = (max_used + 1).min(k);
    let limit = if pos == 0 { 1 } else { limit };
    for colour in 0..limit {
        if adj[c].iter().any(|&d| col[d] == colour) {
            continue;
        }
        col[c] = colour;
        match search(order, adj, k, pos + 1, max_used.max(colour + 1), col, budget) {
            Some(true) => return Some(true),
            Some(false) => {}
            None => {
                col[c] = usize::MAX;
                return None;
            }
        }
        col[c] = usize::MAX;
    }
    Some(false)
}
