//! Unrolling Betza paths into move programs on a grid.

use super::{flag, Node, Program, TooLarge, MAX_PROGRAM_NODES};
use crate::betza::semantics::mode;
use crate::betza::semantics::{rotate, Castle, Family, Motion, Path, Reach};
use crate::board::{Cell, Grid};

/// Longest ray we unroll: enough for a unit slider on a 32×32 board.
const UNLIMITED: u32 = 64;

/// Compiles `paths` for a piece standing on `from`, for White or (when
/// `black`) for Black, whose moves are White's turned by 180°. Fails, without
/// building it, when the program would exceed [`MAX_PROGRAM_NODES`].
pub fn compile_paths(grid: &Grid, paths: &[Path], from: Cell, black: bool) -> Result<Program, TooLarge> {
    if let Some(g) = grid.graph() {
        let prog = super::graph::compile(g, paths, from, black);
        return if prog.nodes.len() > MAX_PROGRAM_NODES { Err(TooLarge) } else { Ok(prog) };
    }
    let mut prog = Program::default();
    for p in paths.iter().filter(|p| p.castle.is_none()) {
        let budget = MAX_PROGRAM_NODES - prog.nodes.len();
        let mut b = Builder {
            g: grid,
            nodes: Vec::new(),
            origin: from,
            black,
            path: p,
            visits_origin: false,
            budget,
            over: false,
        };
        let (x, y) = grid.coords(from);
        b.leg(0, (x as i32, y as i32), None);
        if b.over {
            return Err(TooLarge);
        }
        let mut part = Program { nodes: b.nodes, may_repeat: false, visits_origin: b.visits_origin };
        if p.initial {
            part.mark_roots(flag::VIRGIN);
        }
        prog.append(&part);
    }
    prog.finish();
    Ok(prog)
}

/// One way to castle from a given king square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastleRule {
    /// Where the king lands.
    pub king_to: Cell,
    /// The piece that castles with it (by default the one in the corner).
    pub partner: Cell,
    /// Where that piece lands (next to the king, on the side it came from).
    pub partner_to: Cell,
    /// Cells that must be empty (everything the king and partner cross or
    /// land on, except their own start cells).
    pub empty: Vec<Cell>,
    /// The king's start, the squares it crosses and its destination: none
    /// may be attacked.
    pub king_path: Vec<Cell>,
    /// The cells from the king outwards in the castling direction, to the
    /// board's edge (kept so that a definition may name another partner).
    pub ray: Vec<Cell>,
}

impl CastleRule {
    /// The rule for a king on `from` travelling `travel` squares along `ray`
    /// towards the partner on `ray[p]`, as Fairy-Stockfish castles: the
    /// partner lands next to the king on the side it came from, and every
    /// cell either crosses or lands on must be empty. `None` where the king
    /// would leave the board.
    pub fn new(from: Cell, ray: Vec<Cell>, travel: usize, p: usize) -> Option<CastleRule> {
        if travel == 0 || travel > ray.len() || p >= ray.len() {
            return None;
        }
        // Positions along the line: 0 is the king's start, i + 1 is ray[i].
        let at = |i: usize| if i == 0 { from } else { ray[i - 1] };
        let (kto, pfrom, pto) = (travel, p + 1, travel - 1);
        let between = |a: usize, b: usize| if a < b { a + 1..=b } else { b..=a.saturating_sub(1) };
        let mut empty: Vec<Cell> = Vec::new();
        for i in between(pfrom, pto).chain(between(0, kto)) {
            if i != 0 && i != pfrom && !empty.contains(&at(i)) {
                empty.push(at(i));
            }
        }
        Some(CastleRule {
            king_to: at(kto),
            partner: at(pfrom),
            partner_to: at(pto),
            empty,
            king_path: (0..=kto).map(at).collect(),
            ray,
        })
    }
}

/// Castling rules (`O` atoms) of `paths` for a king on `from`.
pub fn compile_castles(grid: &Grid, paths: &[Path], from: Cell, black: bool) -> Vec<CastleRule> {
    let mut out = Vec::new();
    if grid.graph().is_some() {
        return out;
    }
    for p in paths {
        if let Some(c) = p.castle {
            castles(grid, c, from, black, &mut out);
        }
    }
    out
}

fn castles(grid: &Grid, c: Castle, from: Cell, black: bool, out: &mut Vec<CastleRule>) {
    let (x0, y0) = grid.coords(from);
    for d in 0..8 {
        if c.dirs & (1 << d) == 0 {
            continue;
        }
        let d = if black { (d + 4) % 8 } else { d };
        let (dx, dy) = crate::betza::semantics::KDIRS[d];
        let mut ray = Vec::new();
        let (mut x, mut y) = (x0 as i32, y0 as i32);
        loop {
            x += dx as i32;
            y += dy as i32;
            match grid.at(x, y) {
                Some(cell) => ray.push(cell),
                None => break,
            }
        }
        let t = c.travel as usize;
        // By default the partner is the corner piece, beyond the king's destination.
        if ray.len() <= t {
            continue;
        }
        let corner = ray.len() - 1;
        out.extend(CastleRule::new(from, ray, t, corner));
    }
}

struct Builder<'a> {
    g: &'a Grid,
    nodes: Vec<Node>,
    origin: Cell,
    black: bool,
    path: &'a Path,
    visits_origin: bool,
    /// Nodes this path may still add.
    budget: usize,
    /// The budget ran out: stop unrolling (the result is discarded).
    over: bool,
}

/// One ray being unrolled: a leg, or the part of a hopping leg after its hurdle.
#[derive(Clone, Copy)]
struct Ray {
    li: usize,
    family: Family,
    base: u8,
    turn: i8,
    motion: Motion,
    max: u32,
    exact: Option<u32>,
    mode: u16,
    may_stop: bool,
    may_continue: bool,
    /// Final hopping leg before its hurdle.
    hop_first: bool,
    /// `j` on a unit step: the first square is skipped whatever it holds.
    ski: bool,
}

impl Builder<'_> {
    fn push(&mut self, cell: Cell, flags: u16) -> usize {
        if self.nodes.len() >= self.budget {
            self.over = true;
        }
        self.nodes.push(Node { cell, flags, skip: 0 });
        self.nodes.len() - 1
    }

    fn close(&mut self, at: usize) {
        self.nodes[at].skip = self.nodes.len() as u32;
    }

    fn reach_max(r: Reach, prev_steps: u32) -> (u32, Option<u32>) {
        match r {
            Reach::Steps(n) => (n as u32, None),
            Reach::Unlimited => (UNLIMITED, None),
            Reach::Iso => (prev_steps, Some(prev_steps)),
        }
    }

    /// Starts leg `li` at `pos`; `prev` is the previous leg's family,
    /// absolute index and number of steps.
    fn leg(&mut self, li: usize, pos: (i32, i32), prev: Option<(Family, u8, u32)>) {
        let leg = &self.path.legs[li];
        let mask = match prev {
            None if self.black => rotate(leg.dirs, 4),
            None => leg.dirs,
            Some((pf, pidx, _)) => leg.continuation_dirs(&pf, pidx),
        };
        let prev_steps = prev.map_or(0, |p| p.2);
        let (max, exact) = Self::reach_max(leg.reach, prev_steps);
        let unit = leg.family.vecs[0].0.abs().max(leg.family.vecs[0].1.abs()) == 1;
        for idx in 0..8u8 {
            if mask & (1 << idx) == 0 {
                continue;
            }
            let turns: &[i8] = match leg.motion {
                Motion::Straight => &[0],
                _ => &[1, -1],
            };
            for &turn in turns {
                let ray = Ray {
                    li,
                    family: leg.family,
                    base: idx,
                    turn,
                    motion: leg.motion,
                    max,
                    exact,
                    mode: leg.mode,
                    may_stop: leg.may_stop,
                    may_continue: leg.may_continue,
                    hop_first: leg.may_stop && !leg.may_continue && leg.mode & (mode::HOP | mode::GRASS) != 0,
                    ski: leg.mode & mode::JUMP != 0 && unit,
                };
                self.ray(&ray, pos, 0);
            }
        }
    }

    fn dir_at(ray: &Ray, k: u32) -> u8 {
        let t = ray.turn as i32;
        let off = match ray.motion {
            Motion::Straight => 0,
            Motion::Crooked => (k as i32 % 2) * 2 * t,
            Motion::Circular => k as i32 * t,
        };
        (ray.base as i32 + off).rem_euclid(8) as u8
    }

    fn cell_at(&self, x: i32, y: i32) -> Option<Cell> {
        let x = if self.path.cylinder { x.rem_euclid(self.g.files() as i32) } else { x };
        self.g.at(x, y)
    }

    /// Cells a leap passes over, for `n` (must be empty) and `j` (must be occupied).
    fn passed(&self, pos: (i32, i32), v: (i8, i8)) -> Option<Vec<Cell>> {
        crate::betza::semantics::passed_offsets(v)
            .into_iter()
            .map(|(x, y)| self.cell_at(pos.0 + x, pos.1 + y))
            .collect()
    }

    fn ray(&mut self, ray: &Ray, pos: (i32, i32), k: u32) {
        if self.over {
            return;
        }
        let idx = Self::dir_at(ray, k);
        let v = ray.family.vecs[idx as usize];
        let (x, y) = (pos.0 + v.0 as i32, pos.1 + v.1 as i32);
        let Some(cell) = self.cell_at(x, y) else { return };
        let x = if self.path.cylinder { x.rem_euclid(self.g.files() as i32) } else { x };
        if cell == self.origin {
            self.visits_origin = true;
            if self.path.cylinder || ray.motion == Motion::Circular {
                return;
            }
        }
        if ray.ski {
            // Ski step: pass the first square whatever stands there.
            let n = self.push(cell, flag::EMPTY_DESC | flag::ENEMY_DESC | flag::FRIEND_DESC);
            let next = Ray { ski: false, ..*ray };
            self.ray(&next, (x, y), k);
            self.close(n);
            return;
        }
        let len = v.0.unsigned_abs().max(v.1.unsigned_abs());
        let mut wrappers = Vec::new();
        if ray.mode & (mode::LAME | mode::JUMP) != 0 && (len > 1 || v.0 != 0 && v.1 != 0 && v.0.abs() != v.1.abs()) {
            let Some(cells) = self.passed(pos, v) else { return };
            let f = if ray.mode & mode::LAME != 0 { flag::EMPTY_DESC } else { flag::ENEMY_DESC | flag::FRIEND_DESC };
            for c in cells {
                wrappers.push(self.push(c, f));
            }
        }
        self.landing(ray, cell, (x, y), k + 1, idx);
        for w in wrappers.into_iter().rev() {
            self.close(w);
        }
    }

    /// The nodes of a ray's `s`-th square `cell`: what the piece may do
    /// there (stop on an empty, enemy or own piece) and how the move goes on
    /// (further along the ray, the next leg, or after a hurdle).
    fn landing(&mut self, ray: &Ray, cell: Cell, pos: (i32, i32), s: u32, idx: u8) {
        let ray_more = s < ray.max && ray.exact.is_none_or(|e| s < e);
        let l = Landing::of(ray, s);
        let occ_cont = l.enemy_cont || l.friend_cont || l.hop;
        if !ray_more && l.empty_cont && occ_cont && !l.hop {
            // One node serves every occupant: the next leg follows on all.
            let mut f = l.emits | flag::EMPTY_DESC;
            f |= if l.enemy_cont { flag::ENEMY_DESC } else { 0 };
            f |= if l.friend_cont { flag::FRIEND_DESC } else { 0 };
            f |= if l.victim { flag::VICTIM } else { 0 };
            let n = self.push(cell, f);
            self.next_leg(ray, pos, idx, s);
            self.close(n);
            return;
        }
        let a_flags = l.emits | if l.empty_cont || ray_more { flag::EMPTY_DESC } else { 0 };
        if a_flags != 0 {
            let n = self.push(cell, a_flags);
            if l.empty_cont {
                self.next_leg(ray, pos, idx, s);
            }
            if ray_more {
                self.ray(ray, pos, s);
            }
            self.close(n);
        }
        if occ_cont {
            self.occupied(ray, &l, cell, pos, s, idx);
        }
    }

    /// The node for an occupied square the move goes on from: over a
    /// hurdle, or past a victim to the next leg.
    fn occupied(&mut self, ray: &Ray, l: &Landing, cell: Cell, pos: (i32, i32), s: u32, idx: u8) {
        let mut f = 0;
        if l.enemy_cont || l.hop {
            f |= flag::ENEMY_DESC;
        }
        if l.friend_cont || l.hop {
            f |= flag::FRIEND_DESC;
        }
        if l.victim {
            f |= flag::VICTIM;
        }
        let n = self.push(cell, f);
        if l.hop {
            if let Some(after) = self.after_hurdle(ray, s, idx) {
                self.ray(&after, pos, 0);
            }
        } else {
            self.next_leg(ray, pos, idx, s);
        }
        self.close(n);
    }

    /// The ray a hopper follows after its hurdle (a grasshopper lands right
    /// behind it), when it has any steps left.
    fn after_hurdle(&self, ray: &Ray, s: u32, idx: u8) -> Option<Ray> {
        let m = ray.mode;
        let grass = m & mode::GRASS != 0;
        let max = match (grass, self.path.legs[ray.li].reach) {
            (true, Reach::Steps(1)) => UNLIMITED,
            (true, _) => 1,
            (false, Reach::Steps(1)) => 1,
            (false, Reach::Steps(n)) => (n as u32).saturating_sub(s),
            (false, _) => UNLIMITED,
        };
        (max > 0).then_some(Ray {
            base: idx,
            turn: 0,
            motion: Motion::Straight,
            max,
            exact: None,
            mode: m & (mode::MOVE | mode::CAPTURE | mode::DESTROY | mode::EP),
            hop_first: false,
            ski: false,
            ..*ray
        })
    }

    fn next_leg(&mut self, ray: &Ray, pos: (i32, i32), idx: u8, steps: u32) {
        if ray.li + 1 < self.path.legs.len() {
            self.leg(ray.li + 1, pos, Some((ray.family, idx, steps)));
        }
    }
}

/// What a ray allows on one of its squares.
struct Landing {
    /// Emit flags: the move may end here on an empty, enemy or own piece.
    emits: u16,
    /// The move goes on from here when the square is empty.
    empty_cont: bool,
    /// It goes on from an enemy piece (a hurdle, or a locust's victim).
    enemy_cont: bool,
    /// It goes on from an own piece.
    friend_cont: bool,
    /// The piece it goes on from is captured (a locust route).
    victim: bool,
    /// The square is the hurdle of the final hopping leg.
    hop: bool,
}

impl Landing {
    /// For the `s`-th square of `ray`.
    fn of(ray: &Ray, s: u32) -> Landing {
        let m = ray.mode;
        let mut l = Landing {
            emits: 0,
            empty_cont: false,
            enemy_cont: false,
            friend_cont: false,
            victim: false,
            hop: ray.hop_first,
        };
        if ray.exact.is_some_and(|e| s != e) {
            return l;
        }
        if ray.may_stop && !ray.hop_first {
            for (bit, emit) in [
                (mode::MOVE, flag::EMPTY_EMIT),
                (mode::CAPTURE, flag::ENEMY_EMIT),
                (mode::DESTROY, flag::FRIEND_EMIT),
                (mode::EP, flag::EP),
            ] {
                if m & bit != 0 {
                    l.emits |= emit;
                }
            }
        }
        if ray.may_continue {
            let hops = m & (mode::HOP | mode::GRASS) != 0;
            let locust = !ray.may_stop;
            l.empty_cont = m & mode::MOVE != 0;
            l.enemy_cont = hops || locust && m & mode::CAPTURE != 0;
            l.friend_cont = hops || locust && m & mode::DESTROY != 0;
            l.victim = !hops && (l.enemy_cont || l.friend_cont);
        }
        l
    }
}
