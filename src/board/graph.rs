//! Boards made of arbitrary polygons, with their adjacency derived from the
//! geometry alone.
//!
//! A definition lists every cell as a polygon; nothing else about the board's
//! connectivity is written down, because hand-written neighbour tables for
//! boards like Tiger Lily (72 irregular hexagons) or Glinski's hexagonal board
//! (91 hexagons) are exactly where mistakes hide. From the polygons we derive:
//!
//! * **orthogonal** steps: across an edge shared by two cells;
//! * **diagonal** steps: across a corner (see [`GraphGeometry::from_polygons`]
//!   for the precise rule, which covers the square grid, hexagonal boards and
//!   Tiger Lily's 150-150-60 vertices with one rule);
//! * **slides**: a line of steps of one kind, each leaving a cell through the
//!   edge or corner opposite the one it entered by;
//! * a **knight** (one orthogonal step, then a diagonal step continuing away),
//!   a **forward** test for pawns and a **colouring** for pictures.
//!
//! Indices follow the polygon order as written: edge `j` of a cell joins its
//! vertices `j` and `j + 1`, corner `j` is vertex `j`. Every step records the
//! edge or corner of the *destination* through which it entered, because the
//! next step of a slide depends on it.

use std::collections::{HashMap, VecDeque};
use std::f64::consts::PI;

/// One cell of a polygon board as written in the TOML.
#[derive(Clone, Debug, PartialEq)]
pub struct PolyCell {
    /// The cell's name, as used in FEN groups, moves and promotion zones.
    pub label: String,
    /// The corners in order around the cell (either orientation), `(x, y)` with
    /// `+y` pointing away from White.
    pub polygon: Vec<(f64, f64)>,
}

/// Where a step lands: the neighbour cell and the index of ITS edge (for edge
/// steps) or corner (for corner steps) through which the step entered it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    /// The destination cell.
    pub cell: u16,
    /// The destination's edge (orthogonal step) or corner (diagonal step) crossed on the way in.
    pub entry: u8,
}

/// The derived geometry of a polygon board.
#[derive(Clone, Debug)]
pub struct GraphGeometry {
    /// The cells, in the order given; a cell's number is its index here.
    pub cells: Vec<PolyCell>,
    /// `edges[c][j]`: the cell across edge `j` of cell `c` (edge `j` joins
    /// vertex `j` and vertex `j + 1` of the polygon, polygon order as given).
    pub edges: Vec<Vec<Option<Link>>>,
    /// `corners[c][j]`: the diagonal neighbour through vertex `j` of cell `c`
    /// (the rule is described at [`GraphGeometry::from_polygons`]).
    pub corners: Vec<Vec<Option<Link>>>,
    /// Area centroid of every cell.
    pub centroids: Vec<(f64, f64)>,
    /// A proper colouring of the edge-adjacency graph with the fewest colours
    /// found (greedy, then backtracking for fewer), colour of cell 0 = 0;
    /// colours are numbered in order of first appearance by cell number.
    pub colours: Vec<u8>,
    /// Length below which two points count as the same (relative to the mean
    /// edge length), so that coordinates rounded to 6 decimals still match.
    tol: f64,
}

/// Degrees of slack when comparing directions: coordinates rounded to six
/// decimals move directions by ~1e-4 degrees, far below any real difference.
const ANGLE_TOL_DEG: f64 = 1e-3;

/// Radians of slack for "strictly inside a corner's angle".
const SECTOR_TOL: f64 = 1e-6;

/// Work limit for the exact colouring search; beyond it the greedy colouring stands.
const COLOUR_BUDGET: u64 = 2_000_000;

/// The angle of a corner of a cell seen from that corner: the cell covers the
/// directions from `start` counter-clockwise through `size` (radians).
#[derive(Clone, Copy, Debug)]
struct Sector {
    start: f64,
    size: f64,
}

impl Sector {
    /// Whether direction `theta` lies strictly inside the angle (not on its sides).
    fn contains(&self, theta: f64) -> bool {
        let d = norm_rad(theta - self.start);
        d > SECTOR_TOL && d < self.size - SECTOR_TOL
    }
}

/// Angle in [0, 2π).
fn norm_rad(a: f64) -> f64 {
    let r = a.rem_euclid(2.0 * PI);
    if r >= 2.0 * PI {
        0.0
    } else {
        r
    }
}

/// Angle in [0, 360).
fn norm_deg(a: f64) -> f64 {
    let r = a.rem_euclid(360.0);
    if r >= 360.0 {
        0.0
    } else {
        r
    }
}

/// Unsigned difference of two directions in degrees, in [0, 180].
fn ang_diff_deg(a: f64, b: f64) -> f64 {
    let d = norm_deg(a - b);
    d.min(360.0 - d)
}

/// Twice the signed area (positive: counter-clockwise).
fn signed_area2(p: &[(f64, f64)]) -> f64 {
    let n = p.len();
    (0..n).map(|i| p[i].0 * p[(i + 1) % n].1 - p[(i + 1) % n].0 * p[i].1).sum()
}

/// Area centroid of a simple polygon.
fn area_centroid(p: &[(f64, f64)]) -> (f64, f64) {
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
fn orient(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> f64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// Whether segments ab and cd cross at a single point inside both (touching at
/// or near an endpoint does not count: neighbouring cells touch that way).
fn segments_cross(a: (f64, f64), b: (f64, f64), c: (f64, f64), d: (f64, f64), tol: f64) -> bool {
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
fn dist_to_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    let (qx, qy) = (a.0 + t * dx, a.1 + t * dy);
    ((p.0 - qx).powi(2) + (p.1 - qy).powi(2)).sqrt()
}

/// Whether p lies inside the polygon and farther than `tol` from its boundary
/// (points on a shared boundary are not overlaps).
fn strictly_inside(p: (f64, f64), poly: &[(f64, f64)], tol: f64) -> bool {
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

/// Merges points closer than a tolerance into one vertex, so that the corners
/// two cells share get the same number even when the coordinates were rounded
/// separately.
struct VertexPool {
    tol: f64,
    points: Vec<(f64, f64)>,
    grid: HashMap<(i64, i64), Vec<u32>>,
}

impl VertexPool {
    fn new(tol: f64) -> VertexPool {
        VertexPool { tol, points: Vec::new(), grid: HashMap::new() }
    }

    fn key(&self, p: (f64, f64)) -> (i64, i64) {
        ((p.0 / self.tol).floor() as i64, (p.1 / self.tol).floor() as i64)
    }

    /// The number of the vertex at `p`, creating it if no vertex is within the tolerance.
    fn id(&mut self, p: (f64, f64)) -> u32 {
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

impl GraphGeometry {
    /// Derives the geometry of the board made of `cells`.
    ///
    /// **Orthogonal neighbour** through edge `j`: the cell that has the same
    /// edge (both endpoints within a small tolerance); cells must meet edge to
    /// edge.
    ///
    /// **Diagonal neighbour** through corner `j` (vertex `v`) of cell `c`:
    /// * none when `v` is on the rim (an edge at `v` has a cell on one side
    ///   only, or the cells around `v` leave a gap);
    /// * when exactly one edge at `v` is not a side of `c` (three cells meet at
    ///   `v`, as on a hexagonal board or at Tiger Lily's 150-150-60 vertices):
    ///   follow that *connecting edge* to its far end `w`; the neighbour is the
    ///   cell at `w` that lies straight beyond it, i.e. whose angle at `w`
    ///   strictly contains the edge's continued direction. None when `w` is on
    ///   the rim or no cell lies straight beyond (e.g. `w` is Tiger Lily's
    ///   centre point, where the continuation runs along another edge);
    /// * when more edges meet at `v` (four or more cells, e.g. the square grid
    ///   or Tiger Lily's centre, where six 60-degree tips meet): the cell
    ///   opposite across the point. With an even number `k` of cells that is
    ///   the one `k / 2` places round; with an odd number, the cell whose angle
    ///   strictly contains the direction opposite `c`'s own angle bisector.
    ///   Never a cell that shares an edge with `c`.
    ///
    /// Errors: no cells, more than 65535 cells, empty or duplicate labels,
    /// polygons with fewer than 3 or more than 255 corners, non-finite
    /// coordinates, repeated corners, zero area, self-intersecting polygons,
    /// an edge shared by more than two cells, and overlapping cells (detected
    /// when edges cross, a corner or centroid of one cell lies inside another,
    /// or two cells lie on the same side of a shared edge).
    pub fn from_polygons(cells: Vec<PolyCell>) -> Result<GraphGeometry, String> {
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

        // The tolerance scales with the board so that any unit works.
        let (mut total, mut count) = (0.0, 0usize);
        for c in &cells {
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
        let tol = 1e-5 * mean_edge;

        let mut pool = VertexPool::new(tol);
        let vid: Vec<Vec<u32>> = cells.iter().map(|c| c.polygon.iter().map(|&p| pool.id(p)).collect()).collect();
        let mut ccw = Vec::with_capacity(n);
        for (i, c) in cells.iter().enumerate() {
            let m = c.polygon.len();
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
            for j in 0..m {
                for k in j + 1..m {
                    let (a, b) = (c.polygon[j], c.polygon[(j + 1) % m]);
                    let (p, q) = (c.polygon[k], c.polygon[(k + 1) % m]);
                    if segments_cross(a, b, p, q, tol) {
                        return Err(format!("cell {}: the polygon crosses itself (edges {j} and {k})", c.label));
                    }
                }
            }
        }
        check_overlaps(&cells, tol)?;

        // Edges by their (unordered) endpoints.
        let mut edge_map: HashMap<(u32, u32), Vec<(u16, u8)>> = HashMap::new();
        for (i, ids) in vid.iter().enumerate() {
            let m = ids.len();
            for j in 0..m {
                let (a, b) = (ids[j], ids[(j + 1) % m]);
                edge_map.entry((a.min(b), a.max(b))).or_default().push((i as u16, j as u8));
            }
        }
        let mut edges: Vec<Vec<Option<Link>>> = cells.iter().map(|c| vec![None; c.polygon.len()]).collect();
        for (&(a, _), users) in &edge_map {
            match users.as_slice() {
                [_] => {}
                &[(c1, j1), (c2, j2)] => {
                    // The interior of a cell lies left of its edges when it is
                    // counter-clockwise; two cells on the same side overlap.
                    let left_of_ab = |c: u16, j: u8| ccw[c as usize] == (vid[c as usize][j as usize] == a);
                    if left_of_ab(c1, j1) == left_of_ab(c2, j2) {
                        return Err(format!(
                            "cells {} and {} overlap along their shared edge",
                            cells[c1 as usize].label, cells[c2 as usize].label
                        ));
                    }
                    edges[c1 as usize][j1 as usize] = Some(Link { cell: c2, entry: j2 });
                    edges[c2 as usize][j2 as usize] = Some(Link { cell: c1, entry: j1 });
                }
                more => {
                    let names: Vec<&str> = more.iter().map(|&(c, _)| cells[c as usize].label.as_str()).collect();
                    return Err(format!("an edge is shared by more than two cells: {}", names.join(", ")));
                }
            }
        }

        // Which cells meet at each vertex, with the angle each one covers there.
        let nv = pool.points.len();
        let mut incident: Vec<Vec<(u16, u8, Sector)>> = vec![Vec::new(); nv];
        for (i, c) in cells.iter().enumerate() {
            let m = c.polygon.len();
            for j in 0..m {
                let p = c.polygon[j];
                let next = c.polygon[(j + 1) % m];
                let prev = c.polygon[(j + m - 1) % m];
                let a_next = (next.1 - p.1).atan2(next.0 - p.0);
                let a_prev = (prev.1 - p.1).atan2(prev.0 - p.0);
                let (start, end) = if ccw[i] { (a_next, a_prev) } else { (a_prev, a_next) };
                let sector = Sector { start: norm_rad(start), size: norm_rad(end - start) };
                incident[vid[i][j] as usize].push((i as u16, j as u8, sector));
            }
        }
        for inc in &mut incident {
            inc.sort_by(|x, y| x.2.start.total_cmp(&y.2.start));
        }
        // Vertex ids at the other end of every edge at each vertex.
        let mut spokes: Vec<Vec<u32>> = vec![Vec::new(); nv];
        for ids in &vid {
            let m = ids.len();
            for j in 0..m {
                let (a, b) = (ids[j], ids[(j + 1) % m]);
                if !spokes[a as usize].contains(&b) {
                    spokes[a as usize].push(b);
                }
                if !spokes[b as usize].contains(&a) {
                    spokes[b as usize].push(a);
                }
            }
        }
        // Interior vertex: every edge there has cells on both sides and the angles close up.
        let interior: Vec<bool> = (0..nv)
            .map(|v| {
                let v32 = v as u32;
                let closed = spokes[v].iter().all(|&w| edge_map[&(v32.min(w), v32.max(w))].len() == 2);
                let sum: f64 = incident[v].iter().map(|x| x.2.size).sum();
                closed && (sum - 2.0 * PI).abs() < 1e-4
            })
            .collect();

        let mut corners: Vec<Vec<Option<Link>>> = cells.iter().map(|c| vec![None; c.polygon.len()]).collect();
        for i in 0..n {
            let m = vid[i].len();
            for j in 0..m {
                let v = vid[i][j] as usize;
                if !interior[v] {
                    continue;
                }
                let own = [vid[i][(j + 1) % m], vid[i][(j + m - 1) % m]];
                let others: Vec<u32> = spokes[v].iter().copied().filter(|w| !own.contains(w)).collect();
                let link = if others.len() == 1 {
                    let w = others[0] as usize;
                    let key = (v.min(w) as u32, v.max(w) as u32);
                    let sharing: Vec<u16> = edge_map[&key].iter().map(|x| x.0).collect();
                    if !interior[w] {
                        None
                    } else {
                        let pv = pool.points[v];
                        let pw = pool.points[w];
                        let theta = (pw.1 - pv.1).atan2(pw.0 - pv.0);
                        let hits: Vec<&(u16, u8, Sector)> = incident[w]
                            .iter()
                            .filter(|x| !sharing.contains(&x.0) && x.0 != i as u16 && x.2.contains(theta))
                            .collect();
                        match hits.as_slice() {
                            [x] => Some(Link { cell: x.0, entry: x.1 }),
                            _ => None,
                        }
                    }
                } else if others.len() >= 2 {
                    let inc = &incident[v];
                    let k = inc.len();
                    let p = inc.iter().position(|x| x.0 == i as u16 && x.1 == j as u8).expect("own corner");
                    let target = if k.is_multiple_of(2) {
                        Some(inc[(p + k / 2) % k])
                    } else {
                        let s = inc[p].2;
                        let theta = s.start + s.size / 2.0 + PI;
                        inc.iter().copied().find(|x| x.2.contains(theta))
                    };
                    target.and_then(|x| {
                        let touches = edges[i].iter().flatten().any(|l| l.cell == x.0);
                        (x.0 != i as u16 && !touches).then_some(Link { cell: x.0, entry: x.1 })
                    })
                } else {
                    None
                };
                corners[i][j] = link;
            }
        }

        let centroids = cells.iter().map(|c| area_centroid(&c.polygon)).collect();
        let colours = colour_cells(&edges);
        Ok(GraphGeometry { cells, edges, corners, centroids, colours, tol })
    }

    /// The same geometry with cells renumbered: new cell `i` is old cell
    /// `order[i]` (`order` must be a permutation).
    pub fn renumbered(&self, order: &[u16]) -> GraphGeometry {
        let mut new_of = vec![0u16; order.len()];
        for (i, &old) in order.iter().enumerate() {
            new_of[old as usize] = i as u16;
        }
        let remap = |links: &Vec<Option<Link>>| -> Vec<Option<Link>> {
            links.iter().map(|l| l.map(|l| Link { cell: new_of[l.cell as usize], entry: l.entry })).collect()
        };
        GraphGeometry {
            cells: order.iter().map(|&o| self.cells[o as usize].clone()).collect(),
            edges: order.iter().map(|&o| remap(&self.edges[o as usize])).collect(),
            corners: order.iter().map(|&o| remap(&self.corners[o as usize])).collect(),
            centroids: order.iter().map(|&o| self.centroids[o as usize]).collect(),
            colours: order.iter().map(|&o| self.colours[o as usize]).collect(),
            tol: self.tol,
        }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the board has no cells (never true for a geometry that was built).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The number of the cell called `label`.
    pub fn cell_index(&self, label: &str) -> Option<u16> {
        self.cells.iter().position(|c| c.label == label).map(|i| i as u16)
    }

    /// The label of cell `c`.
    pub fn label(&self, c: u16) -> &str {
        &self.cells[c as usize].label
    }

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

/// Rejects cells that overlap: crossing edges, or a corner or the centroid of
/// one cell strictly inside another. Cells are swept in order of their left
/// end so that only cells whose bounding boxes meet are compared.
fn check_overlaps(cells: &[PolyCell], tol: f64) -> Result<(), String> {
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

/// A proper colouring of the edge-adjacency graph with as few colours as we
/// can find: a greedy colouring first, then an exact search for fewer colours
/// within a work budget. Colours are renumbered by first appearance, so cell 0
/// gets colour 0 and equal partitions give equal vectors.
fn colour_cells(edges: &[Vec<Option<Link>>]) -> Vec<u8> {
    let n = edges.len();
    let adj: Vec<Vec<usize>> = edges
        .iter()
        .enumerate()
        .map(|(i, es)| {
            let mut v: Vec<usize> = es.iter().flatten().map(|l| l.cell as usize).filter(|&d| d != i).collect();
            v.sort_unstable();
            v.dedup();
            v
        })
        .collect();
    // Breadth-first order: every cell after the first of its component has an
    // already-coloured neighbour, which prunes the search early.
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
    // Greedy: the smallest colour no coloured neighbour has.
    let mut best = vec![0usize; n];
    let mut done = vec![false; n];
    for &c in &order {
        let mut k = 0;
        while adj[c].iter().any(|&d| done[d] && best[d] == k) {
            k += 1;
        }
        best[c] = k;
        done[c] = true;
    }
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
