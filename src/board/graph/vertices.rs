//! Shared corners: points closer than the tolerance become one numbered
//! vertex, so that adjacency can be read from vertex numbers.

use std::collections::HashMap;

/// Merges points closer than a tolerance into one vertex, so that the corners
/// two cells share get the same number even when the coordinates were rounded
/// separately.
pub(super) struct VertexPool {
    /// Points within this distance are one vertex.
    tol: f64,
    /// Every vertex, by its number.
    pub(super) points: Vec<(f64, f64)>,
    /// Vertex numbers by the tolerance-sized grid square they lie in, so a
    /// lookup compares with nearby points only.
    grid: HashMap<(i64, i64), Vec<u32>>,
}

impl VertexPool {
    /// An empty pool merging points within `tol`.
    pub(super) fn new(tol: f64) -> VertexPool {
        VertexPool { tol, points: Vec::new(), grid: HashMap::new() }
    }

    /// The grid square of `p`.
    fn key(&self, p: (f64, f64)) -> (i64, i64) {
        ((p.0 / self.tol).floor() as i64, (p.1 / self.tol).floor() as i64)
    }

    /// The number of the vertex at `p`, creating it if no vertex is within the tolerance.
    pub(super) fn id(&mut self, p: (f64, f64)) -> u32 {
        let (kx, ky) = self.key(p);
        // A point within tol lies in the same grid cell or one of the 8 around it.
        for dx in -1..=1 {
            for dy in -1..=1 {
                if let Some(ids) = self.grid.get(&(kx + dx, ky + dy)) {
                    for &id in ids {
                        let q = self.points[id as usize];
                        if (p.0 - q.0).hypot(p.1 - q.1) <= self.tol {
                            return id;
                        }
                    }
                }
            }
        }
        let id = self.points.len() as u32;
        self.points.push(p);
        self.grid.entry((kx, ky)).or_default().push(id);
        id
    }
}
