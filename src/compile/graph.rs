//! Betza on polygon boards. Only moves built from orthogonal steps (across
//! an edge) and diagonal steps (through a corner) have a meaning there: W, F,
//! K and their riders R, B, Q (a slide leaves each cell by the side opposite
//! the one it entered by), and N (an orthogonal step, then a diagonal step
//! continuing away; a leap). Direction letters f, b, s and v select steps by
//! the board's forward direction for the mover; modality m, c and i work as
//! on grids. Everything else is refused by [`check_path`].

use super::{flag, Node, Program};
use crate::betza::semantics::{mode, Class, Motion, Path, Reach};
use crate::board::graph::GraphGeometry;
use crate::board::{Cell, Graph};

/// Step kinds of a path on a polygon board.
struct Shape {
    orth: bool,
    diag: bool,
    knight: bool,
    slide: u32,
}

fn shape(p: &Path) -> Result<Shape, String> {
    if p.castle.is_some() {
        return Err("castling (O) has no meaning on a polygon board".into());
    }
    if p.legs.len() != 1 {
        return Err("multi-leg moves have no meaning on a polygon board".into());
    }
    let leg = &p.legs[0];
    if p.cylinder || leg.motion != Motion::Straight {
        return Err("o, z and q have no meaning on a polygon board".into());
    }
    if leg.mode & (mode::HOP | mode::GRASS | mode::TOGGLE | mode::LAME | mode::JUMP | mode::DESTROY | mode::EP) != 0 {
        return Err("only the modifiers m, c, i and f, b, s, v work on a polygon board".into());
    }
    let (x, y) = leg.family.vecs[0];
    let slide = match leg.reach {
        Reach::Steps(n) => n as u32,
        Reach::Unlimited => 64,
        Reach::Iso => return Err("iso legs have no meaning on a polygon board".into()),
    };
    let unit = x.abs().max(y.abs()) == 1;
    let own = leg.family.own & leg.dirs;
    match leg.family.class {
        Class::Orthogonal if unit => Ok(Shape { orth: true, diag: false, knight: false, slide }),
        Class::Diagonal if unit => Ok(Shape { orth: false, diag: true, knight: false, slide }),
        Class::KSystem => {
            Ok(Shape { orth: own & 0b0101_0101 != 0, diag: own & 0b1010_1010 != 0, knight: false, slide })
        }
        Class::Oblique if (x.abs(), y.abs()) == (1, 2) && slide == 1 => {
            Ok(Shape { orth: false, diag: false, knight: true, slide: 1 })
        }
        _ => Err("only the atoms W, F, K, R, B, Q and N have a meaning on a polygon board".into()),
    }
}

/// Whether a path can be compiled on a polygon board; the error names what
/// has no meaning there.
pub fn check_path(p: &Path) -> Result<(), String> {
    shape(p).map(|_| ())
}

/// How a step relates to the mover's forward direction.
#[derive(Clone, Copy)]
struct Heading {
    forward: bool,
    /// Among the forward steps of its kind from this cell, the closest to
    /// straight ahead.
    straight: bool,
    backward: bool,
    straight_back: bool,
}

/// Whether the first leg's letters select a step. On a polygon board `f`
/// is every forward step, `ff` the straightest of them, `fs` the others;
/// `b`, `bb`, `bs` likewise backwards; `s` the steps neither forward nor
/// backward; `v` both ways; no letter, everything.
fn selects(letters: &str, h: Heading) -> bool {
    if letters.is_empty() {
        return true;
    }
    let l: Vec<char> = letters.chars().collect();
    let mut i = 0;
    while i < l.len() {
        let pair = l.get(i + 1).copied();
        let (hit, used) = match (l[i], pair) {
            ('f', Some('f')) => (h.straight, 2),
            ('f', Some('s')) => (h.forward && !h.straight, 2),
            ('b', Some('b')) => (h.straight_back, 2),
            ('b', Some('s')) => (h.backward && !h.straight_back, 2),
            ('f', _) => (h.forward, 1),
            ('b', _) => (h.backward, 1),
            ('v', _) => (h.forward || h.backward, 1),
            ('s' | 'l' | 'r', _) => (!h.forward && !h.backward, 1),
            _ => (true, 1),
        };
        if hit {
            return true;
        }
        i += used;
    }
    false
}

/// Headings of the edge (or corner) steps out of `c` for a side.
fn headings(geo: &GraphGeometry, c: Cell, corner: bool, fwd: f64) -> Vec<Heading> {
    let n = geo.cells[c as usize].polygon.len() as u8;
    let back = fwd + 180.0;
    let angle = |j: u8| if corner { geo.corner_dir(c, j) } else { geo.edge_dir(c, j) };
    let off = |a: f64, to: f64| ((a - to).rem_euclid(360.0)).min((to - a).rem_euclid(360.0));
    let fw: Vec<bool> = (0..n).map(|j| geo.is_forward(c, j, corner, fwd)).collect();
    let bw: Vec<bool> = (0..n).map(|j| geo.is_forward(c, j, corner, back)).collect();
    let best =
        |set: &[bool], to: f64| (0..n).filter(|&j| set[j as usize]).map(|j| off(angle(j), to)).fold(f64::MAX, f64::min);
    let (bf, bb) = (best(&fw, fwd), best(&bw, back));
    (0..n)
        .map(|j| Heading {
            forward: fw[j as usize],
            straight: fw[j as usize] && off(angle(j), fwd) <= bf + 1e-6,
            backward: bw[j as usize],
            straight_back: bw[j as usize] && off(angle(j), back) <= bb + 1e-6,
        })
        .collect()
}

/// Compiles paths (already checked) for a piece on `from`.
pub fn compile(g: &Graph, paths: &[Path], from: Cell, black: bool) -> Program {
    let geo = &g.geometry;
    let fwd = g.forward[black as usize];
    let mut prog = Program::default();
    for p in paths {
        let Ok(sh) = shape(p) else { continue };
        let emits = emit_flags(p.legs[0].mode);
        let mut part = Program::default();
        let edge_heads = headings(geo, from, false, fwd);
        let corner_heads = headings(geo, from, true, fwd);
        let n_sides = geo.cells[from as usize].polygon.len() as u8;
        for j in 0..n_sides {
            if sh.orth && geo.edges[from as usize][j as usize].is_some() && selects(&p.letters, edge_heads[j as usize])
            {
                push_ray(&geo.ray(from, j, false), sh.slide, emits, &mut part);
            }
            if sh.diag
                && geo.corners[from as usize][j as usize].is_some()
                && selects(&p.letters, corner_heads[j as usize])
            {
                push_ray(&geo.ray(from, j, true), sh.slide, emits, &mut part);
            }
        }
        if sh.knight {
            push_knight(geo, from, fwd, &p.letters, emits, &mut part);
        }
        if p.initial {
            part.mark_roots(flag::VIRGIN);
        }
        prog.append(&part);
    }
    prog.finish();
    prog
}

/// The node flags of a leg's modality: emit onto an empty cell (move), an
/// enemy one (capture), or both.
fn emit_flags(leg_mode: u16) -> u16 {
    let mut emits = 0;
    if leg_mode & mode::MOVE != 0 {
        emits |= flag::EMPTY_EMIT;
    }
    if leg_mode & mode::CAPTURE != 0 {
        emits |= flag::ENEMY_EMIT;
    }
    emits
}

/// A slide along `cells` of at most `slide` steps: each node descends to
/// the next while its cell is empty.
fn push_ray(cells: &[u16], slide: u32, emits: u16, part: &mut Program) {
    let mut opened = Vec::new();
    for (i, &c) in cells.iter().enumerate().take(slide as usize) {
        let more = i + 1 < cells.len().min(slide as usize);
        let n = part.nodes.len();
        part.nodes.push(Node { cell: c, flags: emits | if more { flag::EMPTY_DESC } else { 0 }, skip: 0 });
        opened.push(n);
        if !more {
            break;
        }
    }
    let end = part.nodes.len() as u32;
    for n in opened {
        part.nodes[n].skip = end;
    }
}

/// The knight's leaps from `from` that the direction letters select,
/// forward or backward judged by the piece's forward direction `fwd`.
fn push_knight(geo: &GraphGeometry, from: Cell, fwd: f64, letters: &str, emits: u16, part: &mut Program) {
    let (fx, fy) = geo.centroids[from as usize];
    let (ux, uy) = (fwd.to_radians().cos(), fwd.to_radians().sin());
    for t in geo.knight(from) {
        let (tx, ty) = geo.centroids[t as usize];
        let along = (tx - fx) * ux + (ty - fy) * uy;
        let h = Heading { forward: along > 1e-6, straight: false, backward: along < -1e-6, straight_back: false };
        if selects(letters, h) {
            part.nodes.push(Node { cell: t, flags: emits, skip: part.nodes.len() as u32 + 1 });
        }
    }
}
