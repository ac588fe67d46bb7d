//! `[board.picture]`: squares or points, the river and the palace
//! diagonals, checked against the board and the regions.

use super::super::diagnostics::Diagnostic;
use super::super::spec::{PictureSpec, VariantSpec};
use crate::board::{Cell, Grid};
use crate::game::rules::regions::Region;
use crate::render::BoardPicture;

/// Checks `[board.picture]` and builds the picture (squares when absent).
pub(super) fn check(
    spec: &VariantSpec,
    grid: Option<&Grid>,
    regions: &[Region],
    d: &mut Vec<Diagnostic>,
) -> BoardPicture {
    let Some(p) = &spec.picture else { return BoardPicture::default() };
    let points = match &p.style {
        None => false,
        Some(s) if s.value == "squares" => false,
        Some(s) if s.value == "points" => true,
        Some(s) => {
            d.push(Diagnostic::error(
                s.span.clone(),
                format!("`board.picture.style` is {:?}; use \"squares\" or \"points\"", s.value),
            ));
            false
        }
    };
    let Some(grid) = grid else { return BoardPicture::default() };
    if points && grid.graph().is_some() {
        let span = p.style.as_ref().map_or(p.span.clone(), |s| s.span.clone());
        d.push(Diagnostic::error(span, "a polygon board cannot be drawn with points: use style = \"squares\""));
        return BoardPicture::default();
    }
    if !points {
        only_with_points(p, d);
        return BoardPicture::default();
    }
    let river = river(p, grid, d);
    let diagonals = diagonals(p, grid, regions, d);
    BoardPicture { points: true, river, diagonals }
}

/// `board.picture.river`: the rank (0-based) the river runs after.
fn river(p: &PictureSpec, grid: &Grid, d: &mut Vec<Diagnostic>) -> Option<u32> {
    let r = p.river.as_ref()?;
    let ok = r.value >= 1 && r.value < grid.ranks() as i64;
    if !ok {
        d.push(Diagnostic::error(
            r.span.clone(),
            format!("`board.picture.river` is {}; the river runs after a rank from 1 to {}", r.value, grid.ranks() - 1),
        ));
    }
    ok.then(|| r.value as u32 - 1)
}

/// `board.picture.diagonals`: the diagonals of the named regions (each a
/// rectangle per side, as a palace), each line once.
fn diagonals(p: &PictureSpec, grid: &Grid, regions: &[Region], d: &mut Vec<Diagnostic>) -> Vec<(Cell, Cell)> {
    let mut diagonals = Vec::new();
    for name in &p.diagonals {
        let Some(region) = regions.iter().find(|r| r.name == name.value) else {
            let known: Vec<&str> = regions.iter().map(|r| r.name.as_str()).collect();
            let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
            d.push(Diagnostic::error(
                name.span.clone(),
                format!("no region named {:?} (regions: {known})", name.value),
            ));
            continue;
        };
        for side in 0..2 {
            match corners(grid, region, side) {
                Ok(pair) => {
                    for diag in pair {
                        if !diagonals.contains(&diag) && !diagonals.contains(&(diag.1, diag.0)) {
                            diagonals.push(diag);
                        }
                    }
                }
                Err(why) => {
                    let who = ["White", "Black"][side];
                    let msg = format!("region {:?} cannot carry diagonals: {who}'s part {why}", name.value);
                    d.push(Diagnostic::error(name.span.clone(), msg));
                    break;
                }
            }
        }
    }
    diagonals
}

/// River and diagonals are drawn only on a points picture.
fn only_with_points(p: &PictureSpec, d: &mut Vec<Diagnostic>) {
    let spans = p.river.iter().map(|r| r.span.clone()).chain(p.diagonals.first().map(|x| x.span.clone()));
    for span in spans {
        d.push(Diagnostic::error(span, "a river and diagonals are drawn only with `style = \"points\"`"));
    }
}

/// The two diagonals of one side's part of a region: the part must fill a
/// rectangle of at least 2x2 cells.
fn corners(grid: &Grid, region: &Region, side: usize) -> Result<[(Cell, Cell); 2], String> {
    let cells: Vec<(u32, u32)> = region.cells(side).map(|c| grid.coords(c)).collect();
    let (Some(x0), Some(x1)) = (cells.iter().map(|c| c.0).min(), cells.iter().map(|c| c.0).max()) else {
        return Err("is empty".to_string());
    };
    let (y0, y1) = (cells.iter().map(|c| c.1).min().unwrap_or(0), cells.iter().map(|c| c.1).max().unwrap_or(0));
    let area = ((x1 - x0 + 1) * (y1 - y0 + 1)) as usize;
    if x0 == x1 || y0 == y1 || area != cells.len() {
        return Err("is not a filled rectangle of at least 2x2 cells".to_string());
    }
    let at = |x: u32, y: u32| grid.at(x as i32, y as i32).ok_or("has a hole".to_string());
    Ok([(at(x0, y0)?, at(x1, y1)?), (at(x0, y1)?, at(x1, y0)?)])
}
