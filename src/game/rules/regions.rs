//! Regions: named cell sets of the board, one per side (`[regions.NAME]`).
//!
//! A region is written for White by ranks, files and cells; Black's is
//! White's mirrored across the middle rank unless the definition says
//! otherwise (`symmetry`, or an explicit `black` table). Rules refer to a
//! region by name: a piece confined to it (`pieces.*.confined-to`), moves
//! that apply only while the piece stands in it (`special[].region`), goals.
//! Everything is resolved at load time into one bit set per side, so a rule
//! asks "is this cell in the region?" with one shift and mask.

use std::ops::Range;

use toml_edit::Table;

use crate::board::{Cell, Grid};
use crate::variant::diagnostics::Diagnostic;
use crate::variant::spec::{Reader, Spanned};

/// One side's part of a region as written.
#[derive(Clone, Debug, Default)]
pub struct AreaSpec {
    /// `ranks` (numbered from 1 on White's side).
    pub ranks: Vec<Spanned<i64>>,
    /// `files` (letters).
    pub files: Vec<Spanned<String>>,
    /// `cells`.
    pub cells: Vec<Spanned<String>>,
}

/// `[regions.NAME]` as written.
#[derive(Clone, Debug)]
pub struct RegionSpec {
    /// The region's name.
    pub name: Spanned<String>,
    /// White's cells.
    pub white: AreaSpec,
    /// Black's cells, when not derived from White's.
    pub black: Option<AreaSpec>,
    /// `symmetry`.
    pub symmetry: Option<Spanned<String>>,
    /// The table.
    pub span: Range<usize>,
}

/// A compiled region: a bit set of cells per side.
#[derive(Clone, Debug)]
pub struct Region {
    /// The name the definition gives it.
    pub name: String,
    /// Per side, `words` u64 of cell bits.
    bits: [Vec<u64>; 2],
}

impl Region {
    /// Whether `c` belongs to `side`'s part of the region.
    #[inline]
    pub fn contains(&self, side: usize, c: Cell) -> bool {
        self.bits[side][c as usize / 64] & (1 << (c % 64)) != 0
    }

    /// Word `w` of `side`'s cell bits.
    #[inline]
    pub fn word(&self, side: usize, w: usize) -> u64 {
        self.bits[side][w]
    }

    /// The cells of `side`'s part, in board order.
    pub fn cells(&self, side: usize) -> impl Iterator<Item = Cell> + '_ {
        let n = self.bits[side].len() * 64;
        (0..n as Cell).filter(move |&c| self.contains(side, c))
    }
}

impl Reader<'_> {
    /// Reads `[regions]`: one table per region.
    pub(crate) fn regions(&mut self, t: &Table) -> Vec<RegionSpec> {
        let mut out = Vec::new();
        for (name, item) in t.iter() {
            let span = t.key(name).and_then(|k| k.span()).unwrap_or(0..0);
            let path = format!("regions.{name}");
            let Some(rt) = self.inline_or_table(t, name, &path) else { continue };
            self.allow_keys(&rt, &path, &["ranks", "files", "cells", "black", "symmetry"], &span);
            let white = self.area(&rt, &path);
            let black = match rt.get("black") {
                None => None,
                Some(_) => self.inline_or_table(&rt, "black", &format!("{path}.black")).map(|b| {
                    self.allow_keys(&b, &format!("{path}.black"), &["ranks", "files", "cells"], &span);
                    self.area(&b, &format!("{path}.black"))
                }),
            };
            let symmetry = self.string(&rt, "symmetry", &format!("{path}.symmetry"), false, &span);
            let _ = item;
            out.push(RegionSpec {
                name: Spanned { value: name.to_string(), span: span.clone() },
                white,
                black,
                symmetry,
                span,
            });
        }
        out
    }

    fn area(&mut self, t: &Table, path: &str) -> AreaSpec {
        AreaSpec {
            ranks: self.array(t, "ranks", &format!("{path}.ranks"), |r, v| r.int_elem(v, "ranks")),
            files: self.array(t, "files", &format!("{path}.files"), |r, v| r.str_elem(v, "files")),
            cells: self.array(t, "cells", &format!("{path}.cells"), |r, v| r.str_elem(v, "cells")),
        }
    }

    fn allow_keys(&mut self, t: &Table, path: &str, known: &[&str], owner: &Range<usize>) {
        for (k, _) in t.iter() {
            if !known.contains(&k) {
                let span = t.key(k).and_then(|k| k.span()).unwrap_or(owner.clone());
                self.push_error(span, format!("unknown key `{k}` in `{path}`; known keys: {}", known.join(", ")));
            }
        }
    }
}

/// Compiles the regions onto the board, reporting every bad rank, file or
/// cell and every duplicate name.
pub fn compile(specs: &[RegionSpec], grid: &Grid, d: &mut Vec<Diagnostic>) -> Vec<Region> {
    let words = grid.len().div_ceil(64);
    let mut out: Vec<Region> = Vec::new();
    for s in specs {
        let white = area_cells(&s.white, grid, d);
        let black = match (&s.black, s.symmetry.as_ref().map(|x| x.value.as_str())) {
            (Some(b), _) => area_cells(b, grid, d),
            (None, None | Some("mirror")) => white.iter().filter_map(|&c| turned(grid, c, false)).collect(),
            (None, Some("rotate")) => white.iter().filter_map(|&c| turned(grid, c, true)).collect(),
            (None, Some("none")) => white.clone(),
            (None, Some(other)) => {
                let span = s.symmetry.as_ref().expect("given").span.clone();
                d.push(Diagnostic::error(
                    span,
                    format!("`regions.{}.symmetry` is {other:?}; use \"mirror\", \"rotate\" or \"none\"", s.name.value),
                ));
                Vec::new()
            }
        };
        if out.iter().any(|r| r.name == s.name.value) {
            d.push(Diagnostic::error(s.name.span.clone(), format!("region `{}` is defined twice", s.name.value)));
            continue;
        }
        let mut bits = [vec![0u64; words], vec![0u64; words]];
        for (side, cells) in [(0, &white), (1, &black)] {
            for &c in cells {
                bits[side][c as usize / 64] |= 1 << (c % 64);
            }
        }
        out.push(Region { name: s.name.value.clone(), bits });
    }
    out
}

/// A cell mirrored across the middle rank (same file), or rotated by 180°.
fn turned(grid: &Grid, c: Cell, rotate: bool) -> Option<Cell> {
    if grid.graph().is_some() {
        return Some(c);
    }
    let (x, y) = grid.coords(c);
    let nx = if rotate { grid.files() - 1 - x } else { x };
    grid.at(nx as i32, (grid.ranks() - 1 - y) as i32)
}

/// The cells of one side's part: (ranks ∩ files, a missing list meaning
/// every rank or file) when either is given, plus the listed cells.
fn area_cells(a: &AreaSpec, grid: &Grid, d: &mut Vec<Diagnostic>) -> Vec<Cell> {
    let mut ranks = Vec::new();
    for r in &a.ranks {
        if r.value < 1 || r.value > grid.ranks() as i64 || grid.graph().is_some() {
            d.push(Diagnostic::error(r.span.clone(), format!("region rank {} is not a rank of the board", r.value)));
        } else {
            ranks.push(r.value as u32 - 1);
        }
    }
    let mut files = Vec::new();
    for f in &a.files {
        match (0..grid.files()).find(|&x| crate::board::file_label(x) == f.value) {
            Some(x) if grid.graph().is_none() => files.push(x),
            _ => d.push(Diagnostic::error(
                f.span.clone(),
                format!("region file {:?} is not a file of the board", f.value),
            )),
        }
    }
    let mut out = Vec::new();
    if !a.ranks.is_empty() || !a.files.is_empty() {
        for c in 0..grid.len() as Cell {
            let (x, y) = grid.coords(c);
            if (a.ranks.is_empty() || ranks.contains(&y)) && (a.files.is_empty() || files.contains(&x)) {
                out.push(c);
            }
        }
    }
    for c in &a.cells {
        match grid.parse(&c.value) {
            Some(cell) => out.push(cell),
            None => d.push(Diagnostic::error(
                c.span.clone(),
                format!("region cell {:?} is not a cell of the board", c.value),
            )),
        }
    }
    out
}

/// Looks a region up by name (for the rules that name one), reporting an
/// unknown name at its place.
pub fn find(regions: &[Region], name: &Spanned<String>, d: &mut Vec<Diagnostic>) -> Option<u8> {
    match regions.iter().position(|r| r.name == name.value) {
        Some(i) => Some(i as u8),
        None => {
            let known: Vec<&str> = regions.iter().map(|r| r.name.as_str()).collect();
            let hint = if known.is_empty() {
                "no region is defined".to_string()
            } else {
                format!("known: {}", known.join(", "))
            };
            d.push(Diagnostic::error(name.span.clone(), format!("unknown region `{}` ({hint})", name.value)));
            None
        }
    }
}

/// Confines a compiled program to a region of `side`: no move may end
/// outside it (the walk still passes through, as a leap passes over), and
/// no castling may put the piece outside it.
pub fn confine(
    prog: &mut crate::compile::Program,
    castles: &mut Vec<crate::compile::CastleRule>,
    r: &Region,
    side: usize,
) {
    use crate::compile::flag;
    for nd in &mut prog.nodes {
        if !r.contains(side, nd.cell) {
            nd.flags &= !flag::ANY_EMIT;
        }
    }
    castles.retain(|c| r.contains(side, c.king_to));
}

/// The region rules of `v` in words, for exporters whose format cannot
/// express them.
pub fn export_problems(v: &crate::variant::Variant) -> Vec<String> {
    let mut out = Vec::new();
    for p in &v.pieces {
        if let Some(r) = p.confined_to {
            out.push(format!("the {} may not leave the region `{}`", p.name, v.regions[r as usize].name));
        }
        for ((name, _), r) in p.specials.iter().zip(&p.special_regions) {
            if let Some(r) = r {
                out.push(format!("the {}'s {name} only in the region `{}`", p.name, v.regions[*r as usize].name));
            }
        }
    }
    out
}

/// Promotion zones given as single cells (Legan's corner edges, Troitzky's
/// last cell of each file), in words: some exporters write zones as whole
/// ranks only.
pub fn zone_cell_problems(v: &crate::variant::Variant) -> Vec<String> {
    let mut out = Vec::new();
    for z in v.zones.iter().filter(|z| z.cells.iter().any(|c| !c.is_empty())) {
        let side = |s: usize| z.cells[s].iter().map(|&c| v.grid.label(c)).collect::<Vec<_>>().join(" ");
        out.push(format!("promotion on single cells (White: {}; Black: {})", side(0), side(1)));
    }
    out
}
