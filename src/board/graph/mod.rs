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

//!
//! The work is split by concept: `plane` (angles, areas, crossings),
//! `vertices` (merging shared corners), `checks` (what a board must
//! satisfy), `adjacency` (edge and corner neighbours), `colouring`
//! (cells for pictures) and `steps` (rays, king, knight, forward).

mod adjacency;
mod checks;
mod colouring;
mod plane;
mod steps;
mod vertices;

use plane::area_centroid;
use vertices::VertexPool;

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
        checks::check_cells(&cells)?;
        let mean_edge = checks::mean_edge(&cells)?;
        // The tolerance scales with the board so that any unit works.
        let tol = 1e-5 * mean_edge;
        let mut pool = VertexPool::new(tol);
        let vid: Vec<Vec<u32>> = cells.iter().map(|c| c.polygon.iter().map(|&p| pool.id(p)).collect()).collect();
        let ccw = checks::check_polygons(&cells, &vid, tol, mean_edge)?;
        checks::check_overlaps(&cells, tol)?;
        let users = adjacency::edge_users(&vid);
        let edges = adjacency::edge_links(&cells, &vid, &ccw, &users)?;
        let corners = adjacency::corner_links(&cells, &vid, &ccw, &pool.points, &users, &edges);
        let centroids = cells.iter().map(|c| area_centroid(&c.polygon)).collect();
        let colours = colouring::colour_cells(&edges);
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
}
