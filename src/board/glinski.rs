//! Glinski's hexagonal chess board (Władysław Gliński, 1936/1949): 91 regular
//! hexagons in a hexagon of side 6.
//!
//! Layout (the standard one): 11 vertical files lettered a–l without j, from
//! White's left. Cells of a file are stacked on top of each other, so the
//! hexagons have horizontal top and bottom edges (corners point left and
//! right). Files a…f hold 6…11 cells and g…l hold 10…6; rank 1 of every file
//! is its bottom cell, so rank 1 runs a1…f1 down to the bottom corner f1 and up
//! again to l1. White sits at the bottom and moves towards +y (90 degrees).
//!
//! Coordinates use unit edge length with the centre of f6, the middle cell,
//! at the origin: neighbouring files are 1.5 apart in x, cells of a file √3
//! apart in y, and each file starts √3/2 higher than the next one towards f.
//! The board is symmetric in both axes.

use super::graph::PolyCell;

/// File letters from White's left; Glinski's board has no file j.
pub const GLINSKI_FILES: [char; 11] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k', 'l'];

/// Number of cells of file `file` (0 = a … 10 = l): 6 on the edge files, 11 on f.
pub fn glinski_file_len(file: usize) -> usize {
    11 - file.abs_diff(5)
}

/// Centre of the cell on `file` (0 = a … 10 = l) and `rank` (1-based), edge length 1.
pub fn glinski_centre(file: usize, rank: usize) -> (f64, f64) {
    let s3 = 3f64.sqrt();
    let off = file.abs_diff(5) as f64;
    let x = 1.5 * (file as f64 - 5.0);
    // A file one step further from f starts half a cell higher.
    let y = -5.0 * s3 + off * s3 / 2.0 + (rank as f64 - 1.0) * s3;
    (x, y)
}

/// The 91 cells of Glinski's board, file by file (a…l without j), each file
/// from rank 1 (bottom) up. Every polygon is counter-clockwise starting with
/// the corner pointing right (0 degrees), so edge 1 is the top edge (White's
/// straight forward) and edge 4 the bottom one.
pub fn glinski_cells() -> Vec<PolyCell> {
    let h = 3f64.sqrt() / 2.0;
    // Corners at 0, 60, …, 300 degrees, written exactly rather than with cos/sin.
    let corners = [(1.0, 0.0), (0.5, h), (-0.5, h), (-1.0, 0.0), (-0.5, -h), (0.5, -h)];
    let mut out = Vec::with_capacity(91);
    for (f, letter) in GLINSKI_FILES.iter().enumerate() {
        for r in 1..=glinski_file_len(f) {
            let (cx, cy) = glinski_centre(f, r);
            out.push(PolyCell {
                label: format!("{letter}{r}"),
                polygon: corners.iter().map(|&(dx, dy)| (cx + dx, cy + dy)).collect(),
            });
        }
    }
    out
}
