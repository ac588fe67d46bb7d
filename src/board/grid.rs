//! Rectangular boards with holes.

use super::{parse_square, square_label, Cell};

/// A files × ranks board; holes are squares that are not cells.
#[derive(Clone, Debug)]
pub struct Grid {
    files: u32,
    ranks: u32,
    /// Cell at `x + y * files`, or `None` for a hole.
    index: Vec<Option<Cell>>,
    /// (file, rank) of every cell.
    coords: Vec<(u32, u32)>,
    labels: Vec<String>,
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
        Grid { files, ranks, index, coords, labels }
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

    /// Whether (file, rank) is on the board but a hole.
    pub fn is_hole(&self, x: u32, y: u32) -> bool {
        x < self.files && y < self.ranks && self.index[(x + y * self.files) as usize].is_none()
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
        let (x, y) = parse_square(s)?;
        self.at(x as i32, y as i32)
    }
}
