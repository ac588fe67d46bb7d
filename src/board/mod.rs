//! Boards: cells, their labels and their geometry.

mod coords;
pub mod glinski;
pub mod graph;
mod grid;

pub use coords::{file_label, parse_square, square_label};
pub use grid::{Graph, Grid};

/// A playable cell of a board, numbered densely from 0. Holes have no cell.
pub type Cell = u16;
