//! Neighbours read from shared geometry: orthogonal links across shared
//! edges and diagonal links across corners, by the rule documented at
//! [`GraphGeometry::from_polygons`](super::GraphGeometry::from_polygons).

use super::plane::{norm_rad, Sector};
use super::{Link, PolyCell};
use std::collections::HashMap;
use std::f64::consts::PI;

/// For every edge, keyed by its end vertices (smaller number first), the
/// cells that have it and the edge's index in each.
pub(super) type EdgeUsers = HashMap<(u32, u32), Vec<(u16, u8)>>;

/// Links per cell and per edge (or corner) index.
pub(super) type Links = Vec<Vec<Option<Link>>>;

/// Who uses each edge; `vid` holds each cell's corners as vertex numbers.
pub(super) fn edge_users(vid: &[Vec<u32>]) -> EdgeUsers {
    let mut edge_map: EdgeUsers = HashMap::new();
    for (i, ids) in vid.iter().enumerate() {
        let m = ids.len();
        for j in 0..m {
            let (a, b) = (ids[j], ids[(j + 1) % m]);
            edge_map.entry((a.min(b), a.max(b))).or_default().push((i as u16, j as u8));
        }
    }
    edge_map
}

/// The orthogonal links: the two cells of a shared edge see each other
/// through it. An edge of three or more cells, or two cells on the same
/// side of their shared edge (`ccw`: orientation of each cell), is an error.
pub(super) fn edge_links(
    cells: &[PolyCell],
    vid: &[Vec<u32>],
    ccw: &[bool],
    users: &EdgeUsers,
) -> Result<Links, String> {
    let mut edges: Links = cells.iter().map(|c| vec![None; c.polygon.len()]).collect();
    for (&(a, _), users) in users {
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
    Ok(edges)
}

/// The diagonal links of every corner of every cell (`points`: where each
/// vertex lies; `edges`: the orthogonal links, which a diagonal never repeats).
pub(super) fn corner_links(
    cells: &[PolyCell],
    vid: &[Vec<u32>],
    ccw: &[bool],
    points: &[(f64, f64)],
    users: &EdgeUsers,
    edges: &Links,
) -> Links {
    let star = Stars::new(cells, vid, ccw, points, users, edges);
    let mut corners: Links = cells.iter().map(|c| vec![None; c.polygon.len()]).collect();
    for (i, row) in corners.iter_mut().enumerate() {
        for (j, link) in row.iter_mut().enumerate() {
            *link = star.corner_link(i, j);
        }
    }
    corners
}

/// What meets at each vertex: the diagonal rule looks at the cells and
/// edges around a corner.
struct Stars<'a> {
    /// Each cell's corners as vertex numbers.
    vid: &'a [Vec<u32>],
    /// Where each vertex lies.
    points: &'a [(f64, f64)],
    /// The cells at each edge.
    users: &'a EdgeUsers,
    /// The orthogonal links.
    edges: &'a Links,
    /// At each vertex, the cells with a corner there (cell, corner index,
    /// the angle it covers), sorted by the angle's start.
    incident: Vec<Vec<(u16, u8, Sector)>>,
    /// At each vertex, the vertices at the other end of its edges.
    spokes: Vec<Vec<u32>>,
    /// Whether each vertex is inside the board: every edge there has cells
    /// on both sides and the angles close up.
    interior: Vec<bool>,
}

impl<'a> Stars<'a> {
    /// Gathers the cells and edges around every vertex.
    fn new(
        cells: &[PolyCell],
        vid: &'a [Vec<u32>],
        ccw: &[bool],
        points: &'a [(f64, f64)],
        users: &'a EdgeUsers,
        edges: &'a Links,
    ) -> Stars<'a> {
        let incident = incident(cells, vid, ccw, points.len());
        let spokes = spokes(vid, points.len());
        let interior: Vec<bool> = (0..points.len())
            .map(|v| {
                let v32 = v as u32;
                let closed = spokes[v].iter().all(|&w| users[&(v32.min(w), v32.max(w))].len() == 2);
                let sum: f64 = incident[v].iter().map(|x| x.2.size).sum();
                closed && (sum - 2.0 * PI).abs() < 1e-4
            })
            .collect();
        Stars { vid, points, users, edges, incident, spokes, interior }
    }

    /// The diagonal neighbour through corner `j` of cell `i`: none on the
    /// rim; across the connecting edge when three cells meet there; the
    /// opposite cell when four or more do.
    fn corner_link(&self, i: usize, j: usize) -> Option<Link> {
        let m = self.vid[i].len();
        let v = self.vid[i][j] as usize;
        if !self.interior[v] {
            return None;
        }
        let own = [self.vid[i][(j + 1) % m], self.vid[i][(j + m - 1) % m]];
        let others: Vec<u32> = self.spokes[v].iter().copied().filter(|w| !own.contains(w)).collect();
        match others.as_slice() {
            [] => None,
            [w] => self.beyond_edge(i, v, *w as usize),
            _ => self.opposite(i, j, v),
        }
    }

    /// Three cells at `v`: follow the one edge `v`–`w` that is not a side of
    /// cell `i`; the neighbour is the cell at `w` whose angle strictly
    /// contains the edge's continued direction (none on the rim).
    fn beyond_edge(&self, i: usize, v: usize, w: usize) -> Option<Link> {
        if !self.interior[w] {
            return None;
        }
        let key = (v.min(w) as u32, v.max(w) as u32);
        let sharing: Vec<u16> = self.users[&key].iter().map(|x| x.0).collect();
        let (pv, pw) = (self.points[v], self.points[w]);
        let theta = (pw.1 - pv.1).atan2(pw.0 - pv.0);
        let hits: Vec<&(u16, u8, Sector)> = self.incident[w]
            .iter()
            .filter(|x| !sharing.contains(&x.0) && x.0 != i as u16 && x.2.contains(theta))
            .collect();
        match hits.as_slice() {
            [x] => Some(Link { cell: x.0, entry: x.1 }),
            _ => None,
        }
    }

    /// Four or more cells at `v`: the cell opposite corner `j` of cell `i`
    /// across the point (half way round for an even count, else the one
    /// containing the direction opposite the corner's bisector), never one
    /// that shares an edge with `i`.
    fn opposite(&self, i: usize, j: usize, v: usize) -> Option<Link> {
        let inc = &self.incident[v];
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
            let touches = self.edges[i].iter().flatten().any(|l| l.cell == x.0);
            (x.0 != i as u16 && !touches).then_some(Link { cell: x.0, entry: x.1 })
        })
    }
}

/// The cells with a corner at each of `nv` vertices and the angle each
/// covers there, sorted by the angle's start.
fn incident(cells: &[PolyCell], vid: &[Vec<u32>], ccw: &[bool], nv: usize) -> Vec<Vec<(u16, u8, Sector)>> {
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
    incident
}

/// The vertices at the other end of every edge at each of `nv` vertices.
fn spokes(vid: &[Vec<u32>], nv: usize) -> Vec<Vec<u32>> {
    let mut spokes: Vec<Vec<u32>> = vec![Vec::new(); nv];
    for ids in vid {
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
    spokes
}
