//! Step vectors: the eight K-directions, the [`Family`] of eight images of
//! an atom, and the turns (rotate, mirror) that relate directions to one
//! another. Everything here is plain geometry, independent of any board.

/// The eight K-directions, clockwise from "forward": index 0 = (0,1),
/// 1 = (1,1), 2 = (1,0) … 7 = (-1,1).
pub const KDIRS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// Geometric class of an atom, which decides how direction letters combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// W, D, H, R, WX…: four orthogonal moves.
    Orthogonal,
    /// F, A, G, B: four diagonal moves.
    Diagonal,
    /// K, Q: eight moves, orthogonal and diagonal.
    KSystem,
    /// N, C, Z and other (a,b) leaps with 0 < a < b: eight moves.
    Oblique,
}

/// Eight step vectors in clockwise order. For orthogonal/diagonal/K atoms of
/// length k the vectors are k × [`KDIRS`] (so a W step turned 45° becomes an F
/// step, as XBetza's `a` chains require); for oblique (a,b) atoms index 0 is
/// (a,b) and each index turns to the next image clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Family {
    /// The vectors, (file, rank) offsets for White.
    pub vecs: [(i8, i8); 8],
    /// The class of the atom that named the family.
    pub class: Class,
    /// Which indices the atom itself moves along (W: even ones, F: odd ones).
    pub own: u8,
}

impl Family {
    /// The family of a line atom of length `k` (W/F/D/A…, K): `k` × [`KDIRS`],
    /// owning the even (orthogonal) or odd (diagonal) indices, or all for K.
    pub(super) fn line(k: i8, class: Class) -> Family {
        let mut vecs = [(0, 0); 8];
        for (v, d) in vecs.iter_mut().zip(KDIRS) {
            *v = (d.0 * k, d.1 * k);
        }
        let own = match class {
            Class::Orthogonal => 0b0101_0101,
            Class::Diagonal => 0b1010_1010,
            _ => 0xFF,
        };
        Family { vecs, class, own }
    }

    /// The family of a leap (a,b) (order and signs do not matter).
    pub fn leap(a: u8, b: u8) -> Option<Family> {
        let (a, b) = (a.min(b) as i8, a.max(b) as i8);
        if b == 0 {
            return None;
        }
        if a == 0 {
            return Some(Family::line(b, Class::Orthogonal));
        }
        if a == b {
            return Some(Family::line(a, Class::Diagonal));
        }
        let vecs = [(a, b), (b, a), (b, -a), (a, -b), (-a, -b), (-b, -a), (-b, a), (-a, b)];
        Some(Family { vecs, class: Class::Oblique, own: 0xFF })
    }

    /// Index of the K-direction nearest to vector `idx`, and the side the
    /// vector bends to from it (+1 clockwise, -1 anticlockwise, 0 none).
    /// An oblique step counts as starting in its longer direction.
    pub fn kdir(&self, idx: u8) -> (u8, i8) {
        let (x, y) = self.vecs[idx as usize];
        let (sx, sy) = (x.signum(), y.signum());
        let long = if x.abs() > y.abs() {
            (sx, 0)
        } else if y.abs() > x.abs() {
            (0, sy)
        } else {
            (sx, sy)
        };
        let k = KDIRS.iter().position(|&d| d == long).expect("a unit direction") as u8;
        if x.abs() == y.abs() || x == 0 || y == 0 {
            return (k, 0);
        }
        let diag = KDIRS.iter().position(|&d| d == (sx, sy)).expect("a diagonal") as u8;
        let bend = if (k + 1) % 8 == diag { 1 } else { -1 };
        (k, bend)
    }
}

/// The squares a leap `v` passes over, relative to its start, in order: on
/// a line the squares strictly between; for an oblique leap straight steps
/// along the longer axis, then diagonal ones (so `nN` is the Xiangqi horse
/// and `nZ` the Janggi elephant).
pub fn passed_offsets(v: (i8, i8)) -> Vec<(i32, i32)> {
    let (dx, dy) = (v.0 as i32, v.1 as i32);
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let mut pts = Vec::new();
    if ax == 0 || ay == 0 || ax == ay {
        for i in 1..ax.max(ay) {
            pts.push((sx * i, sy * i));
        }
    } else {
        let (long, short) = (ax.max(ay), ax.min(ay));
        let (mut x, mut y) = (0, 0);
        for i in 0..long - 1 {
            if i < long - short {
                if ax > ay {
                    x += sx
                } else {
                    y += sy
                }
            } else {
                x += sx;
                y += sy;
            }
            pts.push((x, y));
        }
    }
    pts
}

/// Turns a direction mask by `by` eighths clockwise.
pub fn rotate(mask: u8, by: u8) -> u8 {
    mask.rotate_left((by % 8) as u32)
}

/// Mirror a relative turn mask left↔right (turn t becomes -t).
pub fn mirror_turns(mask: u8) -> u8 {
    let mut out = 0;
    for t in 0..8u8 {
        if mask & (1 << t) != 0 {
            out |= 1 << ((8 - t) % 8);
        }
    }
    out
}
