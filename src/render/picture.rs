//! How a board is pictured: chequered squares (the default), or the
//! traditional picture of xiangqi and janggi, where pieces stand on the
//! points where lines cross, a river may cut the file lines, and the palaces
//! carry their diagonals. Set by `[board.picture]` in a definition; only
//! pictures use it (SVG, the studio, the HTML export), never the rules.

use std::fmt::Write as _;

use crate::board::{Cell, Grid};

/// The picture a definition asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardPicture {
    /// Pieces on points where lines cross instead of inside squares.
    pub points: bool,
    /// The river: it runs between this rank (0-based) and the next; the file
    /// lines between them are drawn only at the board's edges.
    pub river: Option<u32>,
    /// Diagonals to draw, each between the centres of two corner cells (the
    /// corners of a palace region).
    pub diagonals: Vec<(Cell, Cell)>,
}

/// Colour of the board under the lines.
pub(super) const WOOD: &str = "#efd29c";
/// Colour of the lines.
const LINE: &str = "#5c3b1e";
/// Tint of the river band.
const RIVER: &str = "#3f8fd0";

/// Writes the lines of a points picture: one segment between every two
/// orthogonally adjacent cells (so holes break the lines), the river band
/// and gap, and the diagonals. `centres` are the cells' points on the screen.
pub(super) fn write_lines(s: &mut String, grid: &Grid, pic: &BoardPicture, centres: &[(f64, f64)]) {
    let (files, ranks) = (grid.files(), grid.ranks());
    let _ = writeln!(s, r#"<g class="lines" stroke="{LINE}" stroke-linecap="square" pointer-events="none">"#);
    if let Some(r) = pic.river {
        let (Some(lo), Some(hi)) = (row_y(grid, centres, r), row_y(grid, centres, r + 1)) else {
            s.push_str("</g>\n");
            return;
        };
        let (x0, x1) = (centres_x(grid, centres, 0), centres_x(grid, centres, files - 1));
        let _ = writeln!(
            s,
            r#"<rect class="river" x="{}" y="{}" width="{}" height="{}" fill="{RIVER}" fill-opacity="0.22" stroke="none"/>"#,
            num(x0),
            num(hi),
            num(x1 - x0),
            num(lo - hi)
        );
    }
    let edge = |a: Cell, b: Cell| {
        let ((ax, ay), (bx, by)) = (grid.coords(a), grid.coords(b));
        (ax == bx && (ax == 0 || ax == files - 1)) || (ay == by && (ay == 0 || ay == ranks - 1))
    };
    for c in 0..grid.len() as Cell {
        let (x, y) = grid.coords(c);
        let right = grid.at(x as i32 + 1, y as i32);
        let up = grid.at(x as i32, y as i32 + 1).filter(|_| !crosses_river(pic, x, y, files));
        for n in [right, up].into_iter().flatten() {
            segment(s, centres[c as usize], centres[n as usize], if edge(c, n) { 2.2 } else { 1.1 }, "");
        }
    }
    for &(a, b) in &pic.diagonals {
        if let (Some(&p), Some(&q)) = (centres.get(a as usize), centres.get(b as usize)) {
            segment(s, p, q, 1.1, r#" class="diagonal""#);
        }
    }
    s.push_str("</g>\n");
}

/// The wood under the cells of a points picture: the rectangle around all
/// cell centres, half a square beyond them.
pub(super) fn write_wood(s: &mut String, centres: &[(f64, f64)], side: f64) {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(x, y) in centres {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    if x0 > x1 {
        return;
    }
    let h = side / 2.0;
    let _ = writeln!(
        s,
        r#"<rect class="wood" x="{}" y="{}" width="{}" height="{}" fill="{WOOD}" pointer-events="none"/>"#,
        num(x0 - h),
        num(y0 - h),
        num(x1 - x0 + side),
        num(y1 - y0 + side)
    );
}

/// Whether the file line from (x, y) up is cut by the river (inner files only).
fn crosses_river(pic: &BoardPicture, x: u32, y: u32, files: u32) -> bool {
    pic.river == Some(y) && x != 0 && x + 1 != files
}

/// One line from `p` to `q`.
fn segment(s: &mut String, p: (f64, f64), q: (f64, f64), width: f64, attrs: &str) {
    let _ = writeln!(
        s,
        r#"<line{attrs} x1="{}" y1="{}" x2="{}" y2="{}" stroke-width="{}"/>"#,
        num(p.0),
        num(p.1),
        num(q.0),
        num(q.1),
        num(width)
    );
}

/// The screen y of rank `y`'s points (from any cell of that rank).
fn row_y(grid: &Grid, centres: &[(f64, f64)], y: u32) -> Option<f64> {
    (0..grid.files()).find_map(|x| grid.at(x as i32, y as i32)).map(|c| centres[c as usize].1)
}

/// The screen x of file `x`'s points, computed from the first point's
/// position and the square side so holes do not matter.
fn centres_x(grid: &Grid, centres: &[(f64, f64)], x: u32) -> f64 {
    let Some(&(px, _)) = centres.first() else { return 0.0 };
    let (cx, _) = grid.coords(0);
    px + (x as f64 - cx as f64) * super::svg::SQUARE
}

/// A number with two decimals, as everywhere in the SVG.
fn num(v: f64) -> String {
    super::svg::num(v)
}
