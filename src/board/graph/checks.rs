//! What a polygon board must satisfy before adjacency means anything: sane
//! labels and polygon sizes, simple polygons with area, and no overlaps.
//! Each check returns the first problem as a sentence naming the cells.

use super::plane::{area_centroid, segments_cross, signed_area2, strictly_inside};
use super::PolyCell;
use std::collections::HashMap;

/// Rejects an empty board, too many cells, empty or duplicate labels, and
/// polygons with too few or too many corners or non-finite coordinates.
pub(super) fn check_cells(cells: &[PolyCell]) -> Result<(), String> {
    let n = cells.len();
    if n == 0 {
        return Err("a polygon board needs at least one cell".into());
    }
    if n > u16::MAX as usize {
        return Err(format!("{n} cells: at most {} are supported", u16::MAX));
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, c) in cells.iter().enumerate() {
        if c.label.is_empty() {
            return Err(format!("cell #{i} has an empty label"));
        }
        if let Some(first) = seen.insert(c.label.as_str(), i) {
            return Err(format!("duplicate label {:?} (cells #{first} and #{i})", c.label));
        }
        if c.polygon.len() < 3 {
            return Err(format!("cell {}: a polygon needs at least 3 corners, got {}", c.label, c.polygon.len()));
        }
        if c.polygon.len() > u8::MAX as usize {
            return Err(format!("cell {}: at most {} corners are supported", c.label, u8::MAX));
        }
        if c.polygon.iter().any(|p| !p.0.is_finite() || !p.1.is_finite()) {
            return Err(format!("cell {}: coordinates must be finite numbers", c.label));
        }
    }
    Ok(())
}

/// The mean edge length of the board, which scales every tolerance so that
/// any unit works; an error when every polygon is degenerate.
pub(super) fn mean_edge(cells: &[PolyCell]) -> Result<f64, String> {
    let (mut total, mut count) = (0.0, 0usize);
    for c in cells {
        let m = c.polygon.len();
        for j in 0..m {
            let (a, b) = (c.polygon[j], c.polygon[(j + 1) % m]);
            total += (b.0 - a.0).hypot(b.1 - a.1);
            count += 1;
        }
    }
    let mean_edge = total / count as f64;
    if mean_edge <= 0.0 || !mean_edge.is_finite() {
        return Err("all polygons are degenerate".into());
    }
    Ok(mean_edge)
}

/// Checks that every cell is a simple polygon with area and no repeated
/// corner (`vid`: its corners' vertex numbers); returns for each cell
/// whether its corners run counter-clockwise.
pub(super) fn check_polygons(
    cells: &[PolyCell],
    vid: &[Vec<u32>],
    tol: f64,
    mean_edge: f64,
) -> Result<Vec<bool>, String> {
    let mut ccw = Vec::with_capacity(cells.len());
    for (i, c) in cells.iter().enumerate() {
        let mut sorted = vid[i].clone();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err(format!("cell {}: a corner is repeated", c.label));
        }
        let a2 = signed_area2(&c.polygon);
        if a2.abs() <= tol * mean_edge {
            return Err(format!("cell {}: the polygon has no area", c.label));
        }
        ccw.push(a2 > 0.0);
        check_simple(c, tol)?;
    }
    Ok(ccw)
}

/// Rejects a polygon whose edges cross one another.
fn check_simple(c: &PolyCell, tol: f64) -> Result<(), String> {
    let m = c.polygon.len();
    for j in 0..m {
        for k in j + 1..m {
            let (a, b) = (c.polygon[j], c.polygon[(j + 1) % m]);
            let (p, q) = (c.polygon[k], c.polygon[(k + 1) % m]);
            if segments_cross(a, b, p, q, tol) {
                return Err(format!("cell {}: the polygon crosses itself (edges {j} and {k})", c.label));
            }
        }
    }
    Ok(())
}

/// Rejects cells that overlap: crossing edges, or a corner or the centroid of
/// one cell strictly inside another. Cells are swept in order of their left
/// end so that only cells whose bounding boxes meet are compared.
pub(super) fn check_overlaps(cells: &[PolyCell], tol: f64) -> Result<(), String> {
    let bbox: Vec<(f64, f64, f64, f64)> = cells
        .iter()
        .map(|c| {
            c.polygon.iter().fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, p| {
                (b.0.min(p.0), b.1.min(p.1), b.2.max(p.0), b.3.max(p.1))
            })
        })
        .collect();
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by(|&a, &b| bbox[a].0.total_cmp(&bbox[b].0));
    for (k, &a) in order.iter().enumerate() {
        for &b in &order[k + 1..] {
            if bbox[b].0 >= bbox[a].2 - tol {
                break;
            }
            if bbox[b].1 >= bbox[a].3 - tol || bbox[a].1 >= bbox[b].3 - tol {
                continue;
            }
            let (pa, pb) = (&cells[a].polygon, &cells[b].polygon);
            let overlap = pa.iter().any(|&p| strictly_inside(p, pb, tol))
                || pb.iter().any(|&p| strictly_inside(p, pa, tol))
                || strictly_inside(area_centroid(pa), pb, tol)
                || strictly_inside(area_centroid(pb), pa, tol)
                || (0..pa.len()).any(|i| {
                    (0..pb.len())
                        .any(|j| segments_cross(pa[i], pa[(i + 1) % pa.len()], pb[j], pb[(j + 1) % pb.len()], tol))
                });
            if overlap {
                return Err(format!("cells {} and {} overlap", cells[a].label, cells[b].label));
            }
        }
    }
    Ok(())
}
