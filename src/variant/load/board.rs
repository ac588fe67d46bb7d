//! `[board]`: a rectangle with holes, or polygon cells with rows and a
//! forward direction.

use super::super::diagnostics::Diagnostic;
use super::super::spec::{Spanned, VariantSpec};
use crate::board::{parse_square, Grid};

/// What the board section yields for the later sections.
pub(super) struct Board {
    /// The board, when it could be built.
    pub grid: Option<Grid>,
    /// `board.ranks`, when valid (promotion ranks are checked against it).
    pub ranks: Option<u32>,
    /// A polygon board (Betza paths must fit its graph).
    pub polygons: bool,
}

/// Checks `[board]` and builds the grid, reporting every problem.
pub(super) fn check(spec: &VariantSpec, d: &mut Vec<Diagnostic>) -> Board {
    let files = size(&spec.files, "files", d);
    let ranks = size(&spec.ranks, "ranks", d);
    let holes = match (files, ranks) {
        (Some(f), Some(r)) => holes(spec, f, r, d),
        _ => Vec::new(),
    };
    let polygons = match &spec.board_kind {
        None => false,
        Some(k) if k.value == "grid" => false,
        Some(k) if k.value == "polygons" => true,
        Some(k) => {
            d.push(Diagnostic::error(
                k.span.clone(),
                format!("`board.kind` is {:?}; use \"grid\" or \"polygons\"", k.value),
            ));
            false
        }
    };
    let grid = if polygons {
        polygon_grid(spec, d)
    } else {
        match (files, ranks) {
            (Some(f), Some(r)) => Some(Grid::new(f, r, &holes)),
            _ => None,
        }
    };
    // A board of holes only has nowhere to stand: every later stage assumes a cell.
    let grid = grid.filter(|g| {
        let empty = g.is_empty();
        if empty {
            d.push(Diagnostic::error(
                spec.board_span.clone(),
                "the board has no playable cell (every square is a hole)",
            ));
        }
        !empty
    });
    Board { grid, ranks, polygons }
}

/// `board.files` / `board.ranks`: 1 to 32.
fn size(s: &Option<Spanned<i64>>, what: &str, d: &mut Vec<Diagnostic>) -> Option<u32> {
    let s = s.as_ref()?;
    if (1..=32).contains(&s.value) {
        Some(s.value as u32)
    } else {
        d.push(Diagnostic::error(
            s.span.clone(),
            format!("`board.{what}` is {}; it must be between 1 and 32", s.value),
        ));
        None
    }
}

/// `board.holes` on an `f`x`r` rectangle: square names, on the board, once each.
fn holes(spec: &VariantSpec, f: u32, r: u32, d: &mut Vec<Diagnostic>) -> Vec<(u32, u32)> {
    let mut holes = Vec::new();
    for h in &spec.holes {
        match parse_square(&h.value) {
            None => d.push(Diagnostic::error(
                h.span.clone(),
                format!("{:?} is not a square name (like e4 or a10)", h.value),
            )),
            Some((x, y)) if x >= f || y >= r => {
                d.push(Diagnostic::error(h.span.clone(), format!("hole {} is off the {f}x{r} board", h.value)))
            }
            Some(sq) if holes.contains(&sq) => {
                d.push(Diagnostic::error(h.span.clone(), format!("hole {} is listed twice", h.value)))
            }
            Some(sq) => holes.push(sq),
        }
    }
    holes
}

/// Builds a polygon board from `board.cells`, `board.rows` and
/// `board.forward`, reporting every problem.
fn polygon_grid(spec: &VariantSpec, d: &mut Vec<Diagnostic>) -> Option<Grid> {
    use crate::board::graph::{GraphGeometry, PolyCell};
    if !spec.holes.is_empty() {
        d.push(Diagnostic::error(
            spec.holes[0].span.clone(),
            "a polygon board has no holes: leave the cell out instead",
        ));
    }
    if spec.cells.is_empty() || !finite_geometry(spec, d) {
        return None;
    }
    let cells: Vec<PolyCell> =
        spec.cells.iter().map(|(l, pts, _)| PolyCell { label: l.value.clone(), polygon: pts.clone() }).collect();
    let geometry = match GraphGeometry::from_polygons(cells) {
        Ok(g) => g,
        Err(e) => {
            d.push(Diagnostic::error(spec.cells_span.clone(), format!("board.cells: {e}")));
            return None;
        }
    };
    if geometry.len() > 1024 {
        d.push(Diagnostic::error(spec.cells_span.clone(), "a board may have at most 1024 cells"));
        return None;
    }
    let rows = polygon_rows(spec, &geometry, d)?;
    let (w, b) = spec.forward.unwrap_or((90.0, 270.0));
    Some(Grid::from_graph(geometry, &rows, [w, b]))
}

/// Corner coordinates and forward directions must be finite numbers: the
/// geometry (adjacency, slides, forward) is derived from them.
fn finite_geometry(spec: &VariantSpec, d: &mut Vec<Diagnostic>) -> bool {
    let mut ok = true;
    for (label, pts, span) in &spec.cells {
        if pts.iter().any(|&(x, y)| !x.is_finite() || !y.is_finite()) {
            d.push(Diagnostic::error(
                span.clone(),
                format!("cell {}: every corner must be a finite number (not nan or inf)", label.value),
            ));
            ok = false;
        }
    }
    if let Some((w, b)) = spec.forward {
        if !w.is_finite() || !b.is_finite() {
            d.push(Diagnostic::error(
                spec.board_span.clone(),
                format!("`board.forward` must be finite angles in degrees, not {w} and {b}"),
            ));
            ok = false;
        }
    }
    ok
}

/// `board.rows`: every cell exactly once, by label.
fn polygon_rows(
    spec: &VariantSpec,
    geometry: &crate::board::graph::GraphGeometry,
    d: &mut Vec<Diagnostic>,
) -> Option<Vec<Vec<u16>>> {
    let mut seen = vec![false; geometry.len()];
    let mut rows = Vec::new();
    let mut ok = true;
    for row in &spec.rows {
        let mut r = Vec::new();
        for l in row {
            match geometry.cell_index(&l.value) {
                Some(c) if seen[c as usize] => {
                    d.push(Diagnostic::error(
                        l.span.clone(),
                        format!("cell {} is listed twice in `board.rows`", l.value),
                    ));
                    ok = false;
                }
                Some(c) => {
                    seen[c as usize] = true;
                    r.push(c);
                }
                None => {
                    d.push(Diagnostic::error(l.span.clone(), format!("{:?} is not the label of a cell", l.value)));
                    ok = false;
                }
            }
        }
        rows.push(r);
    }
    let missing: Vec<&str> = (0..geometry.len()).filter(|&c| !seen[c]).map(|c| geometry.label(c as u16)).collect();
    if !missing.is_empty() && !spec.rows.is_empty() {
        d.push(Diagnostic::error(
            spec.board_span.clone(),
            format!("`board.rows` leaves out the cells {}", missing.join(", ")),
        ));
        ok = false;
    }
    (ok && !rows.is_empty()).then_some(rows)
}
