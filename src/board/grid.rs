//! Boards: rectangular grids with holes, and polygon boards (cells given as
//! polygons, adjacency derived from geometry) laid out in FEN rows.

use super::graph::GraphGeometry;
use super::{parse_square, square_label, Cell};

/// A board. A files × ranks grid (holes are squares that are not cells), or
/// a polygon board whose cells are arranged in rows for FEN purposes: then
/// "file" is the position within a row and "rank" counts rows from the last
/// one listed, so the first row listed is the top rank of a FEN.
#[derive(Clone, Debug)]
pub struct Grid {
    files: u32,
    ranks: u32,
    /// Cell at `x + y * files`, or `None` for a hole.
    index: Vec<Option<Cell>>,
    /// (file, rank) of every cell.
    coords: Vec<(u32, u32)>,
    labels: Vec<String>,
    /// The polygon board, if this is one.
    graph: Option<Box<Graph>>,
}

/// A polygon board's geometry and layout.
#[derive(Clone, Debug)]
pub struct Graph {
    /// Cells, neighbours, slides.
    pub geometry: GraphGeometry,
    /// Forward direction (degrees) for White and Black.
    pub forward: [f64; 2],
    /// Length of each FEN row, top row first.
    pub row_lens: Vec<u32>,
}

impl Grid {
    /// A board of `files` × `ranks` (each 1..=32) without the `holes` (0-based (file, rank)).
    pub fn new(files: u32, ranks: u32, holes: &[(u32, u32)]) -> Grid {
        assert!((1..=32).contains(&files) && (1..=32).contains(&ranks), "board size checked by the caller");
        let mut index = vec![None; (files * ranks) as usize];
        let mut coords = Vec::new();
        let mut labels = Vec::new();
        for y in 0..ranks {
            for x in 0..files {
                if holes.contains(&(x, y)) {
                    continue;
                }
                index[(x + y * files) as usize] = Some(coords.len() as Cell);
                coords.push((x, y));
                labels.push(square_label(x, y));
            }
        }
        Grid { files, ranks, index, coords, labels, graph: None }
    }

    /// A polygon board. `rows` lists the cells (indices into the geometry)
    /// of each FEN row, top row first; every cell must be in exactly one row
    /// (the caller checks). Cells are renumbered in row order.
    pub fn from_graph(geometry: GraphGeometry, rows: &[Vec<Cell>], forward: [f64; 2]) -> Grid {
        let ranks = rows.len() as u32;
        let files = rows.iter().map(|r| r.len() as u32).max().unwrap_or(1).max(1);
        let mut index = vec![None; (files * ranks) as usize];
        let mut coords = Vec::new();
        let mut labels = Vec::new();
        // New numbering: row by row. Map old geometry indices to new cells.
        let mut order = Vec::new();
        for (ri, row) in rows.iter().enumerate() {
            let y = ranks - 1 - ri as u32;
            for (x, &old) in row.iter().enumerate() {
                index[(x as u32 + y * files) as usize] = Some(coords.len() as Cell);
                coords.push((x as u32, y));
                labels.push(geometry.label(old).to_string());
                order.push(old);
            }
        }
        let geometry = geometry.renumbered(&order);
        let row_lens = rows.iter().map(|r| r.len() as u32).collect();
        Grid { files, ranks, index, coords, labels, graph: Some(Box::new(Graph { geometry, forward, row_lens })) }
    }

    /// The polygon board, if this is one.
    pub fn graph(&self) -> Option<&Graph> {
        self.graph.as_deref()
    }

    /// Number of positions in FEN row `y` (counted from the bottom).
    pub fn row_len(&self, y: u32) -> u32 {
        match &self.graph {
            None => self.files,
            Some(g) => g.row_lens.get((self.ranks - 1 - y) as usize).copied().unwrap_or(0),
        }
    }

    /// The polygon of a cell (polygon boards only).
    pub fn polygon(&self, c: Cell) -> Option<&[(f64, f64)]> {
        self.graph.as_ref().map(|g| g.geometry.cells[c as usize].polygon.as_slice())
    }

    /// Colour class of a cell: on grids 0 for a1's colour and alternating;
    /// on polygon boards the derived colouring.
    pub fn colour(&self, c: Cell) -> u8 {
        match &self.graph {
            Some(g) => g.geometry.colours[c as usize],
            None => {
                let (x, y) = self.coords[c as usize];
                ((x + y) % 2) as u8
            }
        }
    }

    /// Number of files.
    pub fn files(&self) -> u32 {
        self.files
    }

    /// Number of ranks.
    pub fn ranks(&self) -> u32 {
        self.ranks
    }

    /// Number of cells (squares that are not holes).
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// Whether the board has no cells at all.
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// The cell at (file, rank), or `None` off the board or on a hole.
    pub fn at(&self, x: i32, y: i32) -> Option<Cell> {
        if x < 0 || y < 0 || x >= self.files as i32 || y >= self.ranks as i32 {
            return None;
        }
        self.index[(x + y * self.files as i32) as usize]
    }

    /// Whether (file, rank) is on the board but a hole (never on polygon boards).
    pub fn is_hole(&self, x: u32, y: u32) -> bool {
        self.graph.is_none() && x < self.files && y < self.ranks && self.index[(x + y * self.files) as usize].is_none()
    }

    /// (file, rank) of a cell.
    pub fn coords(&self, c: Cell) -> (u32, u32) {
        self.coords[c as usize]
    }

    /// The label of a cell (`e4`).
    pub fn label(&self, c: Cell) -> &str {
        &self.labels[c as usize]
    }

    /// The cell named `s`, if it is one of this board's cells.
    pub fn parse(&self, s: &str) -> Option<Cell> {
        if self.graph.is_some() {
            return self.labels.iter().position(|l| l == s).map(|i| i as Cell);
        }
        let (x, y) = parse_square(s)?;
        self.at(x as i32, y as i32)
    }
}
