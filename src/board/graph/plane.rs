//! Plane geometry for polygon boards: angles, areas, centroids, segment
//! crossings and point-in-polygon tests, all with an explicit tolerance
//! because coordinates come rounded from a TOML file.

use std::f64::consts::PI;

/// Radians of slack for "strictly inside a corner's angle".
const SECTOR_TOL: f64 = 1e-6;

/// The angle of a corner of a cell seen from that corner: the cell covers the
/// directions from `start` counter-clockwise through `size` (radians).
#[derive(Clone, Copy, Debug)]
pub(super) struct Sector {
    /// First direction of the angle (radians, in [0, 2π)).
    pub(super) start: f64,
    /// Its opening (radians).
    pub(super) size: f64,
}

impl Sector {
    /// Whether direction `theta` lies strictly inside the angle (not on its sides).
    pub(super) fn contains(&self, theta: f64) -> bool {
        let d = norm_rad(theta - self.start);
        d > SECTOR_TOL && d < self.size - SECTOR_TOL
    }
}

/// Angle in [0, 2π).
pub(super) fn norm_rad(a: f64) -> f64 {
    let r = a.rem_euclid(2.0 * PI);
    if r >= 2.0 * PI {
        0.0
    } else {
        r
    }
}

/// Angle in [0, 360).
pub(super) fn norm_deg(a: f64) -> f64 {
    let r = a.rem_euclid(360.0);
    if r >= 360.0 {
        0.0
    } else {
        r
    }
}

/// Unsigned difference of two directions in degrees, in [0, 180].
pub(super) fn ang_diff_deg(a: f64, b: f64) -> f64 {
    let d = norm_deg(a - b);
    d.min(360.0 - d)
}

/// Twice the signed area (positive: counter-clockwise).
pub(super) fn signed_area2(p: &[(f64, f64)]) -> f64 {
    let n = p.len();
    (0..n).map(|i| p[i].0 * p[(i + 1) % n].1 - p[(i + 1) % n].0 * p[i].1).sum()
}

/// Area centroid of a simple polygon.
pub(super) fn area_centroid(p: &[(f64, f64)]) -> (f64, f64) {
    let n = p.len();
    let a2 = signed_area2(p);
    let (mut cx, mut cy) = (0.0, 0.0);
    for i in 0..n {
        let (x0, y0) = p[i];
        let (x1, y1) = p[(i + 1) % n];
        let cross = x0 * y1 - x1 * y0;
        cx += (x0 + x1) * cross;
        cy += (y0 + y1) * cross;
    }
    (cx / (3.0 * a2), cy / (3.0 * a2))
}

/// Cross product of (b - a) and (c - a).
pub(super) fn orient(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> f64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// Whether segments ab and cd cross at a single point inside both (touching at
/// or near an endpoint does not count: neighbouring cells touch that way).
pub(super) fn segments_cross(a: (f64, f64), b: (f64, f64), c: (f64, f64), d: (f64, f64), tol: f64) -> bool {
    // Distances of c, d from line ab and of a, b from line cd, signed.
    let lab = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let lcd = ((d.0 - c.0).powi(2) + (d.1 - c.1).powi(2)).sqrt();
    let dc = orient(a, b, c) / lab;
    let dd = orient(a, b, d) / lab;
    let da = orient(c, d, a) / lcd;
    let db = orient(c, d, b) / lcd;
    ((dc > tol && dd < -tol) || (dc < -tol && dd > tol)) && ((da > tol && db < -tol) || (da < -tol && db > tol))
}

/// Distance from p to segment ab.
pub(super) fn dist_to_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    let (qx, qy) = (a.0 + t * dx, a.1 + t * dy);
    ((p.0 - qx).powi(2) + (p.1 - qy).powi(2)).sqrt()
}

/// Whether p lies inside the polygon and farther than `tol` from its boundary
/// (points on a shared boundary are not overlaps).
pub(super) fn strictly_inside(p: (f64, f64), poly: &[(f64, f64)], tol: f64) -> bool {
    let n = poly.len();
    if (0..n).any(|i| dist_to_segment(p, poly[i], poly[(i + 1) % n]) <= tol) {
        return false;
    }
    // Even-odd ray casting; the boundary case was excluded above.
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if (a.1 > p.1) != (b.1 > p.1) {
            let x = a.0 + (p.1 - a.1) / (b.1 - a.1) * (b.0 - a.0);
            if x > p.0 {
                inside = !inside;
            }
        }
    }
    inside
}
