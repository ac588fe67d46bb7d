//! Pictures of boards and positions.
//!
//! [`board_svg`] draws a position of any variant as a self-contained SVG:
//! rectangular boards (with holes) and polygon boards alike, with
//! coordinates, piece glyphs and move highlights. [`grid_svg`] draws a bare
//! [`Grid`](crate::board::Grid) with pieces given by letter, for boards that
//! have no loaded variant. The output is deterministic (fixed two-decimal
//! numbers, no timestamps), so it can be snapshot-tested.

pub mod picture;
pub mod svg;

pub use picture::BoardPicture;
pub use svg::{board_svg, grid_svg, marks_from_probe, Mark, SvgOptions};
