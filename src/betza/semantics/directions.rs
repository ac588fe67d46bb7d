//! Direction letters (`f b l r v s h`, and `q z` in bracket legs) turned
//! into direction masks: absolute family indices for a first leg, turns
//! relative to the previous step for later legs.

use super::family::{Class, Family, KDIRS};

/// Relative directions of a bracket continuation leg whose letters may name
/// `q`/`z`, the two bends that depend on the previous oblique leg. A mask has
/// room for one reading only, so we store the one for a clockwise bend
/// (`q` → `r`, `z` → `l`); [`Leg::continuation_dirs`] mirrors it for an
/// anticlockwise bend when compiling.
///
/// [`Leg::continuation_dirs`]: super::Leg::continuation_dirs
pub(super) fn encode_qz(letters: &[char]) -> u8 {
    let mapped: Vec<char> = letters
        .iter()
        .map(|&c| match c {
            'q' => 'r',
            'z' => 'l',
            c => c,
        })
        .collect();
    k_system(&mapped)
}

/// Direction set of a K-system move (K, Q, and every continuation leg,
/// relative to the previous leg): single letters are the one direction,
/// two perpendicular letters the diagonal between them, `h` the half plane.
pub fn k_system(letters: &[char]) -> u8 {
    if letters.is_empty() {
        return 0xFF;
    }
    combine(letters, &KDIRS, 0xFF, true)
}

/// Direction set (family index bits) of a first leg.
pub fn first_leg_dirs(letters: &[char], family: &Family) -> u8 {
    if letters.is_empty() {
        return family.own;
    }
    if family.class == Class::KSystem {
        return k_system(letters);
    }
    combine(letters, &family.vecs, family.own, false)
}

/// Reads a letter string over one family: pairs of letters that combine
/// (`fr`, `fs`, `hl`, `vh`, `ff`) select together, any other letter alone.
fn combine(letters: &[char], vecs: &[(i8, i8)], own: u8, ksys: bool) -> u8 {
    let reader = Reader { vecs, own, ksys };
    let mut out = 0u8;
    let mut i = 0;
    while i < letters.len() {
        let x = letters[i];
        if let Some(p) = letters.get(i + 1).and_then(|&y| reader.pair(x, y)) {
            out |= p;
            i += 2;
            continue;
        }
        out |= if x == 'h' { own } else { reader.narrow(x) };
        i += 1;
    }
    out
}

/// The vectors the letters choose among: only the `own` indices count, and
/// in the K system (`ksys`) a single letter is one orthogonal direction.
struct Reader<'a> {
    vecs: &'a [(i8, i8)],
    own: u8,
    ksys: bool,
}

impl Reader<'_> {
    /// The owned indices whose vector satisfies `pred`.
    fn select(&self, pred: impl Fn((i8, i8)) -> bool) -> u8 {
        let mut m = 0;
        for (i, &v) in self.vecs.iter().enumerate() {
            if self.own & (1 << i) != 0 && pred(v) {
                m |= 1 << i;
            }
        }
        m
    }

    /// The largest `f(v)` over the owned vectors.
    fn most(&self, f: impl Fn((i8, i8)) -> i8) -> i8 {
        let mut best = i8::MIN;
        for (i, &v) in self.vecs.iter().enumerate() {
            if self.own & (1 << i) != 0 {
                best = best.max(f(v));
            }
        }
        best
    }

    /// A letter read wide: every vector with a component that way.
    fn wide(&self, c: char) -> u8 {
        match c {
            'f' => self.select(|v| v.1 > 0),
            'b' => self.select(|v| v.1 < 0),
            'l' => self.select(|v| v.0 < 0),
            'r' => self.select(|v| v.0 > 0),
            'v' if self.ksys => self.select(|v| v.1 != 0),
            's' if self.ksys => self.select(|v| v.0 != 0),
            _ => 0,
        }
    }

    /// A letter read narrow: only the vectors furthest that way (an unknown
    /// letter selects every owned vector).
    fn narrow(&self, c: char) -> u8 {
        let ksys = self.ksys;
        let maxy = self.most(|v| v.1);
        let miny = -self.most(|v| -v.1);
        let maxx = self.most(|v| v.0);
        let minx = -self.most(|v| -v.0);
        // In the K-system a single letter is the one orthogonal direction.
        let f = self.select(|v| v.1 > 0 && v.1 == maxy && (!ksys || v.0 == 0));
        let b = self.select(|v| v.1 < 0 && v.1 == miny && (!ksys || v.0 == 0));
        let l = self.select(|v| v.0 < 0 && v.0 == minx && (!ksys || v.1 == 0));
        let r = self.select(|v| v.0 > 0 && v.0 == maxx && (!ksys || v.1 == 0));
        match c {
            'f' => f,
            'b' => b,
            'l' => l,
            'r' => r,
            'v' => f | b,
            's' => l | r,
            _ => self.own,
        }
    }

    /// The wide reading, except that outside the K system `v` and `s` keep
    /// their narrow meaning (forward-and-back, left-and-right).
    fn wide_of(&self, c: char) -> u8 {
        match c {
            'v' | 's' if !self.ksys => self.narrow(c),
            _ => self.wide(c),
        }
    }

    /// Two letters read together, or `None` when they do not combine (then
    /// the first is read alone): `hl`/`hr` the chiral half, `xh` the wide
    /// reading of `x`, a doubled letter the narrow one, two different
    /// letters the intersection of their readings.
    fn pair(&self, x: char, y: char) -> Option<u8> {
        if x == 'h' && (y == 'l' || y == 'r') {
            // Chiral: every other image, starting at index 0 for r.
            let every_other = if y == 'r' { 0b0101_0101 } else { 0b1010_1010 };
            Some(self.select(|_| true) & every_other)
        } else if y == 'h' && x != 'h' {
            Some(self.wide_of(x))
        } else if x == y {
            Some(self.narrow(x))
        } else if x != 'h' {
            let other = if self.ksys { self.wide_of(y) } else { self.narrow(y) };
            let both = self.wide_of(x) & other;
            (both != 0).then_some(both)
        } else {
            None
        }
    }
}
