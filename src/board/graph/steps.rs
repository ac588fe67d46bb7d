//! Moving on a polygon board: how a slide leaves a cell, the direction of
//! an edge or corner, rays, king and knight moves, and which steps count as
//! forward for pawns.

use super::plane::{ang_diff_deg, norm_deg, signed_area2};
use super::GraphGeometry;

/// Degrees of slack when comparing directions: coordinates rounded to six
/// decimals move directions by ~1e-4 degrees, far below any real difference.
const ANGLE_TOL_DEG: f64 = 1e-3;

impl GraphGeometry {
    /// Slide continuation: having entered cell `c` through edge (or corner)
    /// `entry`, the edge (corner) to leave by: the opposite one,
    /// `(entry + n/2) % n` for cells with an even number `n` of sides; `None`
    /// for odd `n`, which have no opposite side, so slides stop there.
    pub fn exit_index(&self, c: u16, entry: u8) -> Option<u8> {
        let n = self.cells[c as usize].polygon.len();
        n.is_multiple_of(2).then(|| ((entry as usize + n / 2) % n) as u8)
    }

    /// Direction (degrees in [0, 360), 0 = +x, counter-clockwise) of edge `j`'s outward normal.
    pub fn edge_dir(&self, c: u16, j: u8) -> f64 {
        let p = &self.cells[c as usize].polygon;
        let m = p.len();
        let (a, b) = (p[j as usize], p[(j as usize + 1) % m]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        // The outside lies to the right of a counter-clockwise boundary.
        let (nx, ny) = if signed_area2(p) > 0.0 { (dy, -dx) } else { (-dy, dx) };
        norm_deg(ny.atan2(nx).to_degrees())
    }

    /// Direction (degrees in [0, 360), 0 = +x, counter-clockwise) of corner `j` seen from the cell's centroid.
    pub fn corner_dir(&self, c: u16, j: u8) -> f64 {
        let p = self.cells[c as usize].polygon[j as usize];
        let o = self.centroids[c as usize];
        norm_deg((p.1 - o.1).atan2(p.0 - o.0).to_degrees())
    }

    /// The cells a slide reaches from `c` leaving through edge `j`
    /// (`corner = false`, a rook line) or corner `j` (`corner = true`, a
    /// bishop line) on an empty board, nearest first. It stops at the rim, at
    /// a cell with an odd number of sides, and before it would come back to
    /// `c` or repeat itself.
    pub fn ray(&self, c: u16, j: u8, corner: bool) -> Vec<u16> {
        let table = if corner { &self.corners } else { &self.edges };
        let mut out = Vec::new();
        let mut seen = Vec::new();
        let (mut cur, mut idx) = (c, j);
        while let Some(link) = table[cur as usize][idx as usize] {
            if link.cell == c || seen.contains(&link) {
                break;
            }
            seen.push(link);
            out.push(link.cell);
            match self.exit_index(link.cell, link.entry) {
                Some(e) => (cur, idx) = (link.cell, e),
                None => break,
            }
        }
        out
    }

    /// King moves of cell `c`: every orthogonal and diagonal neighbour. Deduplicated, sorted.
    pub fn king(&self, c: u16) -> Vec<u16> {
        let mut out: Vec<u16> = self.edges[c as usize]
            .iter()
            .chain(self.corners[c as usize].iter())
            .flatten()
            .map(|l| l.cell)
            .filter(|&d| d != c)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Knight moves of cell `c`: one orthogonal step into M (through some
    /// edge), then a diagonal step out of M through either end-vertex of the
    /// edge of M opposite the one entered by ("continuing away"). M must have
    /// an even number of sides. Deduplicated, sorted.
    pub fn knight(&self, c: u16) -> Vec<u16> {
        let mut out = Vec::new();
        for link in self.edges[c as usize].iter().flatten() {
            let Some(ex) = self.exit_index(link.cell, link.entry) else { continue };
            let m = self.cells[link.cell as usize].polygon.len();
            for k in [ex as usize, (ex as usize + 1) % m] {
                if let Some(d) = self.corners[link.cell as usize][k] {
                    if d.cell != c {
                        out.push(d.cell);
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether a step from `c` through edge `j` (`corner = false`) or corner
    /// `j` (`corner = true`) is "forward" for a side whose forward direction is
    /// `fwd_deg`: the crossed edge's outward normal / the corner's direction
    /// from the centroid is within 60 degrees (inclusive) of forward, AND the
    /// destination's centroid is further forward than `c`'s. (The research's
    /// `geometric60_advancing` model: the cone alone lets some Tiger Lily pawns
    /// step sideways or back, the advance test alone ignores which face is
    /// crossed.) False when there is no step there.
    pub fn is_forward(&self, c: u16, j: u8, corner: bool, fwd_deg: f64) -> bool {
        let link = if corner { self.corners[c as usize][j as usize] } else { self.edges[c as usize][j as usize] };
        let Some(link) = link else { return false };
        let dir = if corner { self.corner_dir(c, j) } else { self.edge_dir(c, j) };
        if ang_diff_deg(dir, fwd_deg) > 60.0 + ANGLE_TOL_DEG {
            return false;
        }
        let (a, b) = (self.centroids[c as usize], self.centroids[link.cell as usize]);
        let f = fwd_deg.to_radians();
        (b.0 - a.0) * f.cos() + (b.1 - a.1) * f.sin() > self.tol
    }
}
