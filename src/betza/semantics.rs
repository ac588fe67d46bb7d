//! Meaning of a Betza AST: abstract move paths, independent of any board.
//!
//! A [`Path`] is a chain of [`Leg`]s. A leg steps with a [`Family`] of eight
//! vectors in clockwise order; the first leg names absolute family indices
//! (for White — Black adds 4, a 180° turn), later legs name turns relative to
//! the previous leg. The compiler unrolls paths on a concrete board.

use super::ast::{self, AtomKind, Link, Modifiers, Span};
use super::BetzaError;

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
    fn line(k: i8, class: Class) -> Family {
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

/// How far a leg may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// At most this many steps (1 = leaper).
    Steps(u8),
    /// Unlimited (a slider or rider).
    Unlimited,
    /// Exactly as many steps as the previous leg made (`i` in a later leg).
    Iso,
}

impl Reach {
    fn toggled(self) -> Reach {
        match self {
            Reach::Steps(1) => Reach::Unlimited,
            _ => Reach::Steps(1),
        }
    }
}

/// The path a leg's successive steps follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// Every step in the same direction.
    Straight,
    /// `z`: alternate 90° turns (crooked rider), both senses.
    Crooked,
    /// `q`: turn 45° after every step (circular rider, the Rose), both senses.
    Circular,
}

/// What a leg may do on the square it reaches. Bit flags.
pub mod mode {
    /// `m`: may stop on (or pass on from) an empty square.
    pub const MOVE: u16 = 1;
    /// `c`: may capture an enemy (in a non-final leg: locust capture, go on).
    pub const CAPTURE: u16 = 2;
    /// `d`: may capture a friend.
    pub const DESTROY: u16 = 4;
    /// `e`: may capture en passant on an empty square.
    pub const EP: u16 = 8;
    /// `p`: hops over an occupied square.
    pub const HOP: u16 = 16;
    /// `g`: hops, and toggles leaper/slider for what follows.
    pub const GRASS: u16 = 32;
    /// `y`: like `m`, and toggles leaper/slider for the following legs.
    pub const TOGGLE: u16 = 64;
    /// `n`: the leap is lame (passed squares must be empty).
    pub const LAME: u16 = 128;
    /// `j`: jumping leaper (passed square must be occupied) or ski step.
    pub const JUMP: u16 = 256;
}

/// One leg of a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    /// The step vectors.
    pub family: Family,
    /// First leg: absolute family indices (for White). Later legs: turns
    /// relative to the previous leg's direction (bit 0 = straight on,
    /// clockwise). Ignored when `default_dirs` is set.
    pub dirs: u8,
    /// Bracket continuation with no direction letters: the "most similar"
    /// directions of this leg's atom, decided when compiling.
    pub default_dirs: bool,
    /// Whether `dirs` are relative turns.
    pub relative: bool,
    /// For relative legs of bracket moves: turns in K-directions, and the
    /// family indices must also be in `family.own`.
    pub kdir_turns: bool,
    /// The relative directions name `q`/`z` (the bend of the previous
    /// oblique leg): stored for a clockwise bend, mirrored for the other.
    pub bend_relative: bool,
    /// How far the leg goes.
    pub reach: Reach,
    /// [`mode`] flags.
    pub mode: u16,
    /// Step pattern.
    pub motion: Motion,
    /// The move may end after this leg.
    pub may_stop: bool,
    /// The move may go on with the next leg.
    pub may_continue: bool,
}

impl Leg {
    /// Absolute family indices of this (continuation) leg after a previous
    /// leg that stepped along `prev.vecs[pidx]`: relative turns for a-chains;
    /// K-direction turns (with the previous bend for `q`/`z`) filtered by
    /// the leg's own atom for bracket legs, or the "most similar" directions
    /// when the bracket leg names none.
    pub fn continuation_dirs(&self, prev: &Family, pidx: u8) -> u8 {
        if !self.kdir_turns {
            return rotate(self.dirs, pidx);
        }
        let (kd, bend) = prev.kdir(pidx);
        if self.default_dirs {
            return most_similar(&self.family, prev.vecs[pidx as usize]);
        }
        let turns = if self.bend_relative && bend < 0 {
            mirror_turns(self.dirs)
        } else if self.bend_relative && bend == 0 {
            self.dirs | mirror_turns(self.dirs)
        } else {
            self.dirs
        };
        rotate(turns, kd) & self.family.own
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

/// The directions of `f`'s own atom closest in angle to the step `prev`.
fn most_similar(f: &Family, prev: (i8, i8)) -> u8 {
    let (px, py) = (prev.0 as f64, prev.1 as f64);
    let pl = (px * px + py * py).sqrt();
    let mut best = f64::MIN;
    let mut mask = 0;
    for i in 0..8 {
        if f.own & (1 << i) == 0 {
            continue;
        }
        let (x, y) = (f.vecs[i].0 as f64, f.vecs[i].1 as f64);
        let cos = (x * px + y * py) / ((x * x + y * y).sqrt() * pl);
        if cos > best + 1e-9 {
            best = cos;
            mask = 1 << i;
        } else if (cos - best).abs() <= 1e-9 {
            mask |= 1 << i;
        }
    }
    mask
}

/// A whole move: legs plus move-wide options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The legs, first one first.
    pub legs: Vec<Leg>,
    /// `i` on the first leg: only an unmoved piece may make it.
    pub initial: bool,
    /// `o`: files wrap around (cylinder board).
    pub cylinder: bool,
    /// Castling (`O` atom): the king's travel and directions.
    pub castle: Option<Castle>,
    /// The first leg's direction letters as written (polygon boards read
    /// them directly: there are no vectors to select).
    pub letters: String,
    /// Where the move was written.
    pub span: Span,
}

/// Castling as written with the `O` atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castle {
    /// How many squares the king moves.
    pub travel: u8,
    /// Directions (absolute K-direction bits for White).
    pub dirs: u8,
}

/// Turns a parsed piece into paths, or reports every construct that has no
/// meaning (or that we do not support) with its span.
pub fn paths(piece: &ast::Piece) -> Result<Vec<Path>, Vec<BetzaError>> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for m in &piece.moves {
        let r = match m {
            ast::Move::Chain(c) => chain(c),
            ast::Move::Bracket(b) => bracket(b),
        };
        match r {
            Ok(p) => out.push(p),
            Err(e) => errors.extend(e),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

const DIR_LETTERS: &str = "fblrvsh";

struct AtomInfo {
    family: Family,
    default_reach: Reach,
    castle: bool,
}

fn atom_info(atom: &ast::Atom) -> Result<AtomInfo, BetzaError> {
    let err = |m: &str| BetzaError::new(atom.span.start, atom.span.end, m.to_string());
    let (letter, ext) = match &atom.kind {
        AtomKind::Leap(a, b) => {
            let family = Family::leap(*a, *b).ok_or_else(|| err("the leap (0,0) goes nowhere"))?;
            return Ok(AtomInfo { family, default_reach: Reach::Steps(1), castle: false });
        }
        AtomKind::Letter { letter, extensions } => (*letter, extensions.as_str()),
    };
    let (mut a, mut b, slider, k) =
        match letter {
            'W' => (0, 1, false, false),
            'F' => (1, 1, false, false),
            'D' => (0, 2, false, false),
            'N' => (1, 2, false, false),
            'A' => (2, 2, false, false),
            'H' => (0, 3, false, false),
            'C' | 'L' => (1, 3, false, false),
            'Z' | 'J' => (2, 3, false, false),
            'G' => (3, 3, false, false),
            'K' => (1, 1, false, true),
            'R' => (0, 1, true, false),
            'B' => (1, 1, true, false),
            'Q' => (1, 1, true, true),
            'O' => {
                if !ext.is_empty() {
                    return Err(err("castling (O) takes no X/Y extension"));
                }
                return Ok(AtomInfo {
                    family: Family::line(1, Class::KSystem),
                    default_reach: Reach::Steps(1),
                    castle: true,
                });
            }
            'U' => return Err(err(
                "the universal leaper U is not supported (it has no move generator in the Interactive Diagram either)",
            )),
            'I' => return Err(err("the imitator I is not supported")),
            _ => return Err(err("unknown atom")),
        };
    if k && !ext.is_empty() {
        return Err(err("X/Y extensions do not apply to K or Q"));
    }
    for e in ext.chars() {
        match e {
            'X' => b += 3,
            _ => {
                a += 2;
                b += 2;
            }
        }
    }
    if a > 15 || b > 15 {
        return Err(err("leap too long"));
    }
    let family = if k { Family::line(1, Class::KSystem) } else { Family::leap(a, b).expect("non-zero") };
    (a, b) = (0, 0);
    let _ = (a, b);
    Ok(AtomInfo { family, default_reach: if slider { Reach::Unlimited } else { Reach::Steps(1) }, castle: false })
}

fn range_reach(r: Option<&ast::Range>, default: Reach) -> Result<Reach, BetzaError> {
    Ok(match r {
        None => default,
        Some(ast::Range::Count(0, _)) | Some(ast::Range::Doubled(_)) => Reach::Unlimited,
        Some(ast::Range::Count(n, _)) => Reach::Steps(*n),
        Some(ast::Range::Star(s)) => {
            return Err(BetzaError::new(
                s.start,
                s.end,
                "the range '*' (up to the middle of the board) is not supported; give a number",
            ))
        }
    })
}

/// Direction letters of a modifier group, in order.
fn dir_letters(m: &Modifiers) -> Vec<char> {
    m.letters.iter().map(|l| l.letter).filter(|c| DIR_LETTERS.contains(*c)).collect()
}

fn check_letters(m: &Modifiers, first: bool, bracket_cont: bool) -> Result<(), Vec<BetzaError>> {
    let mut errs = Vec::new();
    for l in &m.letters {
        let bad = match l.letter {
            'x' => Some("relay moves (x) are not supported"),
            'u' => Some("unload moves (u) are not supported"),
            't' => Some("'tame' moves (t, XBoard only) are not supported"),
            'k' => Some("royal-only captures (k) are not supported"),
            'o' if !first => Some("'o' (cylinder) belongs on the first leg"),
            'z' | 'q' if !first && !bracket_cont => {
                Some("z/q in a continuation leg of an a-chain is not supported; use the bracket form")
            }
            _ => None,
        };
        if let Some(msg) = bad {
            errs.push(BetzaError::new(l.span.start, l.span.end, msg));
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

fn leg_mode(m: &Modifiers, is_final: bool) -> u16 {
    let mut f = 0;
    for l in &m.letters {
        f |= match l.letter {
            'm' => mode::MOVE,
            'c' => mode::CAPTURE,
            'd' => mode::DESTROY,
            'e' => mode::EP,
            'p' => mode::HOP,
            'g' => mode::GRASS,
            'y' => mode::TOGGLE | mode::MOVE,
            'n' => mode::LAME,
            'j' => mode::JUMP,
            _ => 0,
        };
    }
    if f & (mode::MOVE | mode::CAPTURE | mode::DESTROY | mode::EP) == 0 {
        f |= if is_final { mode::MOVE | mode::CAPTURE } else { mode::MOVE };
        if !is_final && f & (mode::HOP | mode::GRASS) != 0 {
            // `pa…`: a non-final hop leg must end on the hurdle, not on an empty square.
            f &= !mode::MOVE;
        }
    }
    f
}

fn motion(m: &Modifiers, first: bool) -> Motion {
    if first && m.has('z') {
        Motion::Crooked
    } else if first && m.has('q') {
        Motion::Circular
    } else {
        Motion::Straight
    }
}

fn chain(c: &ast::ChainMove) -> Result<Path, Vec<BetzaError>> {
    let info = atom_info(&c.atom).map_err(|e| vec![e])?;
    // Crooked and circular riders ride unless a range says otherwise.
    let bent = c.legs[0].has('z') || c.legs[0].has('q');
    let default_reach = if bent { Reach::Unlimited } else { info.default_reach };
    let mut reach = range_reach(c.range.as_ref(), default_reach).map_err(|e| vec![e])?;
    let mut errs = Vec::new();
    for (i, m) in c.legs.iter().enumerate() {
        if let Err(e) = check_letters(m, i == 0, false) {
            errs.extend(e);
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let first = &c.legs[0];
    if info.castle {
        if c.legs.len() > 1 {
            return Err(vec![BetzaError::new(
                c.span.start,
                c.span.end,
                "castling (O) cannot be part of a multi-leg move",
            )]);
        }
        let travel = match c.range {
            None => 1,
            Some(ast::Range::Count(0, s)) => return Err(vec![BetzaError::new(s.start, s.end, "O0 castles nowhere")]),
            Some(ast::Range::Count(n, _)) => n,
            Some(ast::Range::Doubled(s) | ast::Range::Star(s)) => {
                return Err(vec![BetzaError::new(s.start, s.end, "castling takes a plain number")])
            }
        };
        let letters = dir_letters(first);
        let dirs = if letters.is_empty() { 0b0100_0100 } else { k_system(&letters) & 0b0100_0100 };
        return Ok(Path {
            legs: Vec::new(),
            initial: true,
            cylinder: false,
            castle: Some(Castle { travel, dirs }),
            letters: letters.iter().collect(),
            span: c.span,
        });
    }
    let n = c.legs.len();
    let mut legs = Vec::with_capacity(n);
    for (i, m) in c.legs.iter().enumerate() {
        let is_final = i + 1 == n;
        let letters = dir_letters(m);
        let (dirs, relative) = if i == 0 {
            (first_leg_dirs(&letters, &info.family), false)
        } else if letters.is_empty() {
            // The Interactive Diagram's default: every direction but straight back.
            (0xEF, true)
        } else {
            (k_system(&letters), true)
        };
        let leg_reach = if i > 0 && m.has('i') { Reach::Iso } else { reach };
        let md = leg_mode(m, is_final);
        legs.push(Leg {
            family: info.family,
            dirs,
            default_dirs: false,
            relative,
            kdir_turns: false,
            bend_relative: false,
            reach: leg_reach,
            mode: md,
            motion: motion(m, i == 0),
            may_stop: is_final,
            may_continue: !is_final,
        });
        if md & (mode::TOGGLE | mode::GRASS) != 0 && !is_final {
            reach = reach.toggled();
        }
    }
    let letters = dir_letters(first).into_iter().collect();
    Ok(Path { legs, initial: first.has('i'), cylinder: first.has('o'), castle: None, letters, span: c.span })
}

fn bracket(b: &ast::BracketMove) -> Result<Path, Vec<BetzaError>> {
    let mut errs = Vec::new();
    if let Err(e) = check_letters(&b.prefix, true, false) {
        errs.extend(e);
    }
    let n = b.legs.len();
    let mut legs = Vec::with_capacity(n);
    for (i, l) in b.legs.iter().enumerate() {
        if let Err(e) = check_letters(&l.modifiers, i == 0, i > 0) {
            errs.extend(e);
            continue;
        }
        let info = match atom_info(&l.atom) {
            Ok(x) if x.castle => {
                errs.push(BetzaError::new(l.atom.span.start, l.atom.span.end, "castling (O) cannot be a bracket leg"));
                continue;
            }
            Ok(x) => x,
            Err(e) => {
                errs.push(e);
                continue;
            }
        };
        let reach = match range_reach(l.range.as_ref(), info.default_reach) {
            Ok(r) => r,
            Err(e) => {
                errs.push(e);
                continue;
            }
        };
        let may_stop = i + 1 == n || b.legs[i + 1].link == Some(Link::Optional);
        let may_continue = i + 1 < n;
        let mut letters = dir_letters(&l.modifiers);
        if i == 0 {
            let mut pre = dir_letters(&b.prefix);
            if !pre.is_empty() && !letters.is_empty() {
                errs.push(BetzaError::new(
                    b.prefix.span.start,
                    b.prefix.span.end,
                    "give the first leg's directions either before the bracket or inside it, not both",
                ));
            }
            pre.append(&mut letters);
            letters = pre;
        }
        let (dirs, relative, default_dirs) = if i == 0 {
            (first_leg_dirs(&letters, &info.family), false, false)
        } else {
            if info.family.class == Class::Oblique {
                errs.push(BetzaError::new(
                    l.atom.span.start,
                    l.atom.span.end,
                    "an oblique atom in a bracket continuation leg is not supported",
                ));
                continue;
            }
            let q: Vec<char> =
                l.modifiers.letters.iter().map(|m| m.letter).filter(|c| "fblrvshqz".contains(*c)).collect();
            if q.is_empty() {
                (0, true, true)
            } else {
                (0, true, false)
            }
        };
        let mut md = leg_mode(&l.modifiers, may_stop);
        if i == 0 {
            md |= leg_mode(&b.prefix, may_stop) & !(mode::MOVE | mode::CAPTURE);
        }
        // A bracket leg with '?' after it is final and non-final at once: as
        // a final leg it defaults to m+c, as a non-final leg it goes on from
        // empty squares only (unless it says otherwise).
        legs.push(Leg {
            family: info.family,
            dirs,
            default_dirs,
            relative,
            kdir_turns: i > 0,
            bend_relative: l.modifiers.has('q') || l.modifiers.has('z'),
            reach,
            mode: md,
            motion: motion(&l.modifiers, i == 0),
            may_stop,
            may_continue,
        });
        // Relative letters with q/z need the previous bend; keep the raw
        // letters in the dirs field by resolving them at compile time.
        if i > 0 && !default_dirs {
            let letters: Vec<char> =
                l.modifiers.letters.iter().map(|m| m.letter).filter(|c| "fblrvshqz".contains(*c)).collect();
            let last = legs.last_mut().expect("just pushed");
            last.dirs = encode_qz(&letters);
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let first = &b.legs[0].modifiers;
    let initial = first.has('i') || b.prefix.has('i');
    let cylinder = first.has('o') || b.prefix.has('o');
    let letters = dir_letters(&b.prefix).into_iter().chain(dir_letters(first)).collect();
    Ok(Path { legs, initial, cylinder, castle: None, letters, span: b.span })
}

/// Relative directions of a bracket continuation: the two bends `q`/`z`
/// depend on the previous leg, so we compute both variants now and pick one
/// when compiling: low nibble pair = bend clockwise, high = anticlockwise.
/// Encoded as `k_system` with q→r,z→l (bend +1) in the low byte … but a u8
/// has room for one mask only, so we store the clockwise variant and mirror
/// it for an anticlockwise bend (q/z are the only letters that depend on
/// the bend, and mirroring turns r into l).
fn encode_qz(letters: &[char]) -> u8 {
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

/// Direction set of a K-system move (K, Q, and every continuation leg,
/// relative to the previous leg): single letters are the one direction,
/// two perpendicular letters the diagonal between them, `h` the half plane.
pub fn k_system(letters: &[char]) -> u8 {
    if letters.is_empty() {
        return 0xFF;
    }
    let vecs: Vec<(i8, i8)> = KDIRS.to_vec();
    combine(letters, &vecs, 0xFF, true)
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

fn combine(letters: &[char], vecs: &[(i8, i8)], own: u8, ksys: bool) -> u8 {
    let select = |pred: &dyn Fn((i8, i8)) -> bool| -> u8 {
        let mut m = 0;
        for (i, &v) in vecs.iter().enumerate() {
            if own & (1 << i) != 0 && pred(v) {
                m |= 1 << i;
            }
        }
        m
    };
    let ext = |f: &dyn Fn((i8, i8)) -> i8| -> i8 {
        let mut best = i8::MIN;
        for (i, &v) in vecs.iter().enumerate() {
            if own & (1 << i) != 0 {
                best = best.max(f(v));
            }
        }
        best
    };
    let wide = |c: char| -> u8 {
        match c {
            'f' => select(&|v| v.1 > 0),
            'b' => select(&|v| v.1 < 0),
            'l' => select(&|v| v.0 < 0),
            'r' => select(&|v| v.0 > 0),
            'v' if ksys => select(&|v| v.1 != 0),
            's' if ksys => select(&|v| v.0 != 0),
            _ => 0,
        }
    };
    let narrow = |c: char| -> u8 {
        let maxy = ext(&|v| v.1);
        let miny = -ext(&|v| -v.1);
        let maxx = ext(&|v| v.0);
        let minx = -ext(&|v| -v.0);
        // In the K-system a single letter is the one orthogonal direction.
        let f = select(&|v| v.1 > 0 && v.1 == maxy && (!ksys || v.0 == 0));
        let b = select(&|v| v.1 < 0 && v.1 == miny && (!ksys || v.0 == 0));
        let l = select(&|v| v.0 < 0 && v.0 == minx && (!ksys || v.1 == 0));
        let r = select(&|v| v.0 > 0 && v.0 == maxx && (!ksys || v.1 == 0));
        match c {
            'f' => f,
            'b' => b,
            'l' => l,
            'r' => r,
            'v' => f | b,
            's' => l | r,
            _ => own,
        }
    };
    let wide_of = |c: char| -> u8 {
        match c {
            'v' | 's' if !ksys => narrow(c),
            _ => wide(c),
        }
    };
    let mut out = 0u8;
    let mut i = 0;
    while i < letters.len() {
        let x = letters[i];
        if i + 1 < letters.len() {
            let y = letters[i + 1];
            let pair = if x == 'h' && (y == 'l' || y == 'r') {
                // Chiral: every other image, starting at index 0 for r.
                let start = if y == 'r' { 0 } else { 1 };
                let m = select(&|_| true);
                let mut sel = 0;
                let mut k = start;
                while k < 8 {
                    sel |= 1 << k;
                    k += 2;
                }
                Some(m & sel)
            } else if y == 'h' && x != 'h' {
                Some(wide_of(x))
            } else if x == y {
                Some(narrow(x))
            } else if x != 'h' {
                let other = if ksys { wide_of(y) } else { narrow(y) };
                let both = wide_of(x) & other;
                (both != 0).then_some(both)
            } else {
                None
            };
            if let Some(p) = pair {
                out |= p;
                i += 2;
                continue;
            }
        }
        out |= if x == 'h' { own } else { narrow(x) };
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza::parse;

    fn vecs(s: &str) -> Vec<(i8, i8)> {
        let p = &paths(&parse(s).unwrap()).unwrap()[0];
        let leg = &p.legs[0];
        (0..8).filter(|i| leg.dirs & (1 << i) != 0).map(|i| leg.family.vecs[i]).collect()
    }

    fn sorted(mut v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
        v.sort();
        v
    }

    #[test]
    fn oblique_direction_pairs() {
        assert_eq!(vecs("frN"), vec![(2, 1)]);
        assert_eq!(vecs("rfN"), vec![(1, 2)]);
        assert_eq!(sorted(vecs("fsN")), vec![(-2, 1), (2, 1)]);
        assert_eq!(sorted(vecs("lvN")), vec![(-1, -2), (-1, 2)]);
        assert_eq!(vecs("vlN").len(), 6);
        assert_eq!(vecs("fhN").len(), 4);
        assert_eq!(sorted(vecs("ffrrN")), sorted(vec![(1, 2), (-1, 2), (2, 1), (2, -1)]));
        assert_eq!(sorted(vecs("hrN")), sorted(vec![(1, 2), (2, -1), (-1, -2), (-2, 1)]));
    }

    #[test]
    fn k_system_directions() {
        assert_eq!(vecs("fK"), vec![(0, 1)]);
        assert_eq!(vecs("frK"), vec![(1, 1)]);
        assert_eq!(sorted(vecs("fsK")), vec![(-1, 1), (1, 1)]);
        assert_eq!(sorted(vecs("vK")), vec![(0, -1), (0, 1)]);
        assert_eq!(vecs("fhK").len(), 3);
        assert_eq!(sorted(vecs("lvK")), vec![(-1, -1), (-1, 1)]);
    }

    #[test]
    fn orthogonal_and_diagonal_letters() {
        assert_eq!(sorted(vecs("fsW")), vec![(-1, 0), (0, 1), (1, 0)]);
        assert_eq!(sorted(vecs("fF")), vec![(-1, 1), (1, 1)]);
        assert_eq!(vecs("frF"), vec![(1, 1)]);
        assert_eq!(vecs("fsF").len(), 2);
    }

    #[test]
    fn oblique_kdir_and_bend() {
        let n = Family::leap(1, 2).unwrap();
        assert_eq!(n.kdir(0), (0, 1), "(1,2) starts forward and bends right");
        assert_eq!(n.kdir(7), (0, -1), "(-1,2) bends left");
        assert_eq!(n.kdir(1), (2, -1), "(2,1) starts right and bends anticlockwise (up)");
    }

    #[test]
    fn toggles_make_later_legs_slide() {
        let p = &paths(&parse("yafsF").unwrap()).unwrap()[0];
        assert_eq!(p.legs[0].reach, Reach::Steps(1));
        assert_eq!(p.legs[1].reach, Reach::Unlimited);
    }

    #[test]
    fn unsupported_letters_are_errors_with_spans() {
        let e = paths(&parse("xW").unwrap()).unwrap_err();
        assert_eq!(e[0].start, 0);
        let e = paths(&parse("W*").unwrap()).unwrap_err();
        assert_eq!(e[0].start, 1);
    }
}
