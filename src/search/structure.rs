//! Pawn structure and royal shelter, for any rectangular board: pieces the
//! definition marks as pawns are passed (no enemy pawn ahead on their own or
//! a neighbouring file, toward their promotion ranks), doubled or isolated;
//! a royal piece is sheltered by its own pieces on the cells around it.
//! Polygon boards (no files) and boards over 32 files or 64 ranks get none of
//! it. Directions come from the promotion zones, so nothing is per variant.

use crate::game::{code_side, Position};
use crate::variant::Variant;

use super::weights::Weights;

/// Most steps between a royal piece and a passed pawn that the escort terms
/// ([`Weights::escort_enemy`], [`Weights::escort_own`]) count.
const ESCORT_FAR: i32 = 5;

/// Per-variant tables.
#[derive(Clone, Debug)]
pub struct Structure {
    file: Vec<u8>,
    rank: Vec<u8>,
    files: usize,
    /// The rank each side's pawns promote on (the zone rank nearest to the
    /// far side); pawns move toward it.
    goal: [u8; 2],
    ranks: i32,
    /// Per cell: the range of `near` holding its neighbours.
    near_start: Vec<u32>,
    near: Vec<u16>,
    /// The weights, rounded once (see [`Weights`]).
    w: StructureWeights,
}

/// The weights [`Structure`] reads, rounded once.
#[derive(Clone, Debug)]
struct StructureWeights {
    passed_min: i32,
    passed_max: i32,
    doubled: i32,
    isolated: i32,
    connected_min: i32,
    connected_max: i32,
    shelter: i32,
    shield: i32,
    escort_enemy: i32,
    escort_own: i32,
    free_path: i32,
}

impl StructureWeights {
    fn new(w: &Weights) -> StructureWeights {
        let int = Weights::int;
        StructureWeights {
            passed_min: int(w.passed_min),
            passed_max: int(w.passed_max),
            doubled: int(w.doubled),
            isolated: int(w.isolated),
            connected_min: int(w.connected_min),
            connected_max: int(w.connected_max),
            shelter: int(w.shelter),
            shield: int(w.shield),
            escort_enemy: int(w.escort_enemy),
            escort_own: int(w.escort_own),
            free_path: int(w.free_path),
        }
    }
}

impl Structure {
    /// The tables for `v` with the weights `w`, or `None` where the terms
    /// do not apply.
    pub fn new(v: &Variant, w: &Weights) -> Option<Structure> {
        let g = &v.grid;
        if g.graph().is_some() || g.files() > 32 || g.ranks() > 64 || !v.pieces.iter().any(|p| p.pawn || p.royal) {
            return None;
        }
        let cells = g.len();
        let (file, rank): (Vec<u8>, Vec<u8>) =
            (0..cells as u16).map(|c| g.coords(c)).map(|(x, y)| (x as u8, y as u8)).unzip();
        let top = g.ranks() as u8 - 1;
        let goal_of = |s: usize, default: u8| {
            let far = v.zones.iter().flat_map(|z| z.ranks[s].iter().copied());
            if s == 0 { far.max() } else { far.min() }.map_or(default, |r| r as u8)
        };
        let goal = [goal_of(0, top), goal_of(1, 0)];
        let mut near_start = vec![0u32];
        let mut near = Vec::new();
        for c in 0..cells as u16 {
            let (x, y) = (file[c as usize] as i32, rank[c as usize] as i32);
            for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                near.extend(g.at(x + dx, y + dy));
            }
            near_start.push(near.len() as u32);
        }
        let (files, ranks, w) = (g.files() as usize, g.ranks() as i32, StructureWeights::new(w));
        Some(Structure { file, rank, files, goal, ranks, near_start, near, w })
    }

    /// The structure score of `side` minus the other side's; `mg` (0..=256)
    /// is how much of the middlegame is left.
    pub fn score(&self, pos: &Position<'_>, side: usize, mg: [i32; 2]) -> i32 {
        let t = &pos.variant().tables;
        let mut masks = [[0u64; 32]; 2];
        // Every occupied cell, file by file (the passed pawns' paths).
        let mut occupied = [0u64; 32];
        // Each side's first royal piece (the escort of passed pawns).
        let mut royal = [None; 2];
        // Files with pawns, per side (bit per file).
        let mut pawn_files = [0u32; 2];
        super::eval::each_occupied(pos, |c| {
            let code = pos.at(c as u16);
            // (Files are below 32, see `new`: `% 32` spares bounds checks.)
            let (x, bit) = (self.file[c] as usize % 32, 1 << self.rank[c]);
            occupied[x] |= bit;
            if t.code_pawn[code as usize] {
                let s = code_side(code) as usize;
                masks[s][x] |= bit;
                pawn_files[s] |= 1 << x;
            } else if code != 0 && t.code_royal[code as usize] {
                royal[code_side(code) as usize].get_or_insert(c);
            }
        });
        let mut total = [0i32; 2];
        for (s, score) in total.iter_mut().enumerate() {
            *score += self.pawns(&masks, &occupied, (s, pawn_files[s]), mg[s], royal);
            if let Some(c) = royal[s] {
                let shelter = self.shelter(pos, c, s as u8) + self.shield(&masks[s], c, s);
                *score += shelter * mg[s] / 256;
            }
        }
        total[side] - total[side ^ 1]
    }

    /// The pawn terms of side `s`, file by file (`files`: bit per file
    /// holding one of its pawns): doubled and isolated pawns from the
    /// file's and its neighbours' masks, then each pawn's passed bonus.
    fn pawns(
        &self,
        masks: &[[u64; 32]; 2],
        occupied: &[u64; 32],
        (s, mut files): (usize, u32),
        mg: i32,
        royal: [Option<usize>; 2],
    ) -> i32 {
        let mut score = 0;
        let own = &masks[s];
        while files != 0 {
            let x = files.trailing_zeros() as usize;
            files &= files - 1;
            let mut file = own[x];
            let n = file.count_ones() as i32;
            if n > 1 {
                score -= self.w.doubled * n;
            }
            let (left, right) = (x.saturating_sub(1), (x + 1).min(self.files - 1));
            if (left == x || own[left] == 0) && (right == x || own[right] == 0) {
                score -= self.w.isolated * n;
            }
            let enemy = masks[s ^ 1][left] | masks[s ^ 1][x] | masks[s ^ 1][right];
            let beside = if left < x { own[left] } else { 0 } | if right > x { own[right] } else { 0 };
            let connected = file & self.connected_cells(beside, s);
            while file != 0 {
                let y = file.trailing_zeros();
                score += self.passed((enemy, occupied[x]), x, y, s, mg, royal);
                if connected & file & file.wrapping_neg() != 0 {
                    score += self.connected(y, s);
                }
                file &= file - 1;
            }
        }
        score
    }

    /// The ranks on a file where a pawn of side `s` is connected, given
    /// `beside`, the own pawns on both neighbouring files: level with one of
    /// them (a phalanx) or a rank ahead of one (defended by it).
    fn connected_cells(&self, beside: u64, s: usize) -> u64 {
        // White's pawns move up the ranks, Black's down (see `goal`).
        beside | if s == 0 { beside << 1 } else { beside >> 1 }
    }

    /// The bonus of a connected pawn of side `s` on rank `y`, growing with
    /// the square of the ranks it has travelled.
    fn connected(&self, y: u32, s: usize) -> i32 {
        let frac = self.travelled(y, s);
        self.w.connected_min + (self.w.connected_max - self.w.connected_min) * frac * frac / 65536
    }

    /// How far a pawn of side `s` on rank `y` has come from the far end
    /// toward its promotion rank, in 256ths of the board's length.
    fn travelled(&self, y: u32, s: usize) -> i32 {
        let travelled = self.ranks - 1 - (self.goal[s] as i32 - y as i32).abs();
        travelled.max(0) * 256 / (self.ranks - 1).max(1)
    }

    /// The bonus of side `s`'s pawn on file `x`, rank `y`, if no pawn in
    /// `enemy` (the enemy's pawns on its own and the neighbouring files)
    /// stands ahead of it; `occupied` is the file's occupied cells.
    fn passed(
        &self,
        (enemy, occupied): (u64, u64),
        x: usize,
        y: u32,
        s: usize,
        mg: i32,
        royal: [Option<usize>; 2],
    ) -> i32 {
        let goal = self.goal[s] as u32;
        let ahead = if goal > y { bits_from(y + 1) & !bits_from(goal + 1) } else { !bits_from(y) & bits_from(goal) };
        if enemy & ahead != 0 {
            return 0;
        }
        let frac = self.travelled(y, s);
        let bonus = self.w.passed_min + (self.w.passed_max - self.w.passed_min) * frac * frac / 65536;
        // Worth most in the endgame, when nothing stops it.
        let front = if goal > y { y + 1 } else { y.saturating_sub(1) };
        let free = if occupied & ahead == 0 {
            self.w.free_path
        } else if occupied & ahead & (1 << front) == 0 {
            self.w.free_path / 2
        } else {
            0
        };
        let late = (self.escort(x, front, s, royal) + free) * frac * frac / 65536;
        bonus * (512 - mg) / 512 + late * (256 - mg) / 256
    }

    /// How well the royal pieces escort a passed pawn of side `s` whose
    /// next cell is (`x`, `front`): the enemy's far from it, its own near.
    fn escort(&self, x: usize, front: u32, s: usize, royal: [Option<usize>; 2]) -> i32 {
        let dist = |r: Option<usize>| {
            r.map_or(ESCORT_FAR, |r| {
                let dx = (self.file[r] as i32 - x as i32).abs();
                let dy = (self.rank[r] as i32 - front as i32).abs();
                dx.max(dy).min(ESCORT_FAR)
            })
        };
        self.w.escort_enemy * dist(royal[s ^ 1]) - self.w.escort_own * dist(royal[s])
    }

    /// The pawn shield of side `s`'s royal piece on `c`: its own pawns on
    /// the three cells in front of it (toward where its pawns promote) and,
    /// counting half, the three cells beyond.
    fn shield(&self, own: &[u64; 32], c: usize, s: usize) -> i32 {
        let (x, y) = (self.file[c] as usize, self.rank[c] as i32);
        let dir = (self.goal[s] as i32 - y).signum();
        let row = |r: i32| if dir == 0 || !(0..self.ranks).contains(&r) { 0 } else { 1u64 << r };
        let (near, far) = (row(y + dir), row(y + 2 * dir));
        let files = x.saturating_sub(1)..=(x + 1).min(self.files - 1);
        files
            .map(|f| {
                let (n, f) = ((own[f] & near).count_ones() as i32, (own[f] & far).count_ones() as i32);
                n * self.w.shield + f * self.w.shield / 2
            })
            .sum()
    }

    /// Own pieces around a royal piece on `c` (at most three count).
    fn shelter(&self, pos: &Position<'_>, c: usize, side: u8) -> i32 {
        let near = &self.near[self.near_start[c] as usize..self.near_start[c + 1] as usize];
        let own = near.iter().filter(|&&n| pos.at(n) != 0 && code_side(pos.at(n)) == side).count();
        own.min(3) as i32 * self.w.shelter
    }
}

/// The bits of ranks `r` and above.
fn bits_from(r: u32) -> u64 {
    if r >= 64 {
        0
    } else {
        !0u64 << r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{builtin, load_str};

    /// White's structure score minus Black's in `fen` (chess), endgame.
    fn white_minus_black(fen: &str) -> i32 {
        let (v, _) = load_str(builtin::text("chess").unwrap()).unwrap();
        let st = Structure::new(&v, &Weights::DEFAULT).unwrap();
        let pos = Position::from_fen(&v, fen).unwrap();
        st.score(&pos, 0, [0, 0])
    }

    #[test]
    fn passed_pawns_count_more_the_further_they_are() {
        // Kings alone: zero; a white passed pawn: positive, larger on the
        // 6th (the kings in the corners, about as far from both cells).
        assert_eq!(white_minus_black("k7/8/8/8/8/8/8/K7 w - - 0 1"), 0);
        let e3 = white_minus_black("k7/8/8/8/8/4P3/8/K7 w - - 0 1");
        let e6 = white_minus_black("k7/8/4P3/8/8/8/8/K7 w - - 0 1");
        assert!(e3 > 0 && e6 > e3, "{e3} {e6}");
        // A black pawn ahead on a neighbouring file stops it being passed.
        let stopped = white_minus_black("k7/3p4/8/8/8/4P3/8/K7 w - - 0 1");
        let black_alone = white_minus_black("k7/3p4/8/8/8/8/8/K7 w - - 0 1");
        assert!(stopped - black_alone < e3, "{stopped} {black_alone} {e3}");
        // The same for Black, mirrored.
        assert_eq!(white_minus_black("k7/8/4p3/8/8/8/8/K7 w - - 0 1"), -e3);
    }

    #[test]
    fn a_passed_pawn_with_an_empty_path_counts_more() {
        let free = white_minus_black("k7/8/4P3/8/8/8/8/K7 w - - 0 1");
        let next_free = white_minus_black("k3n3/8/4P3/8/8/8/8/K7 w - - 0 1");
        let blocked = white_minus_black("k7/4n3/4P3/8/8/8/8/K7 w - - 0 1");
        assert!(free > next_free && next_free > blocked, "{free} {next_free} {blocked}");
        // Black's, mirrored: the same amounts.
        assert_eq!(white_minus_black("k7/8/8/8/8/4p3/4N3/K7 w - - 0 1"), -blocked);
    }

    #[test]
    fn a_passed_pawn_wants_the_enemy_royal_far_and_its_own_near() {
        let near_enemy = white_minus_black("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1");
        let far_enemy = white_minus_black("8/8/4P3/8/8/8/8/k3K3 w - - 0 1");
        let own_near = white_minus_black("8/8/3KP3/8/8/8/8/k7 w - - 0 1");
        assert!(far_enemy > near_enemy, "{far_enemy} {near_enemy}");
        assert!(own_near > far_enemy, "{own_near} {far_enemy}");
        // Black's pawn, mirrored: the same amounts.
        assert_eq!(white_minus_black("K7/8/8/8/8/3kp3/8/8 w - - 0 1"), -own_near);
    }

    #[test]
    fn connected_pawns_count_side_by_side_and_defended() {
        // Black's pawns block White's (none passed) and stay the same.
        let phalanx = white_minus_black("4k3/3pp3/8/8/8/3PP3/8/4K3 w - - 0 1");
        let defended = white_minus_black("4k3/3pp3/8/8/3P4/4P3/8/4K3 w - - 0 1");
        let apart = white_minus_black("4k3/3pp3/8/8/3P4/8/4P3/4K3 w - - 0 1");
        let (v, _) = load_str(builtin::text("chess").unwrap()).unwrap();
        let st = Structure::new(&v, &Weights::DEFAULT).unwrap();
        // Rank 3 is index 2: both pawns of the phalanx count there; only
        // d4, defended by e3, counts in the second; neither in the third.
        assert!(st.connected(2, 0) > 0);
        assert_eq!(phalanx - apart, 2 * st.connected(2, 0), "{phalanx} {apart}");
        assert_eq!(defended - apart, st.connected(3, 0), "{defended} {apart}");
        assert!(st.connected(3, 0) > st.connected(2, 0));
        // Mirrored for Black.
        assert_eq!(white_minus_black("4k3/8/3pp3/8/8/8/3PP3/4K3 w - - 0 1"), -phalanx);
    }

    #[test]
    fn doubled_and_isolated_pawns_cost() {
        let pair = white_minus_black("4k3/p7/8/8/8/8/3PP3/4K3 w - - 0 1");
        let doubled = white_minus_black("4k3/p7/8/8/8/4P3/4P3/4K3 w - - 0 1");
        assert!(doubled < pair, "{doubled} {pair}");
    }

    #[test]
    fn a_sheltered_royal_counts_in_the_middlegame_only() {
        let (v, _) = load_str(builtin::text("chess").unwrap()).unwrap();
        let st = Structure::new(&v, &Weights::DEFAULT).unwrap();
        let fen = "4k3/8/8/8/8/8/3NBN2/4K3 w - - 0 1";
        let pos = Position::from_fen(&v, fen).unwrap();
        let bare = Position::from_fen(&v, "4k3/8/8/8/3NBN2/8/8/4K3 w - - 0 1").unwrap();
        let (mid, end) = ([256, 256], [0, 0]);
        assert_eq!(st.score(&pos, 0, mid) - st.score(&bare, 0, mid), 3 * st.w.shelter);
        assert_eq!(st.score(&pos, 0, end), st.score(&bare, 0, end));
    }
}

#[cfg(test)]
mod shield_tests {
    use super::*;
    use crate::variant::{builtin, load_str};

    #[test]
    fn pawns_in_front_of_the_royal_shield_it_toward_the_promotion_side() {
        let (v, _) = load_str(builtin::text("chess").unwrap()).unwrap();
        let st = Structure::new(&v, &Weights::DEFAULT).unwrap();
        let cell = |name: &str| v.grid.parse(name).unwrap() as usize;
        let pawns = |cells: &[&str]| {
            let mut own = [0u64; 32];
            for c in cells.iter().map(|c| cell(c)) {
                own[st.file[c] as usize] |= 1 << st.rank[c];
            }
            own
        };
        let front = pawns(&["f2", "g2", "h2"]);
        let beyond = pawns(&["f3", "g3", "h3"]);
        let far = pawns(&["f4", "g4", "h4"]);
        assert_eq!(st.shield(&front, cell("g1"), 0), 3 * st.w.shield);
        assert_eq!(st.shield(&beyond, cell("g1"), 0), 3 * (st.w.shield / 2));
        assert_eq!(st.shield(&far, cell("g1"), 0), 0);
        // Black's pawns shield toward rank 1: the same pawns behind a black
        // king on g3 shield it, in front of a white one they do not.
        assert_eq!(st.shield(&front, cell("g3"), 1), 3 * st.w.shield);
        assert_eq!(st.shield(&front, cell("g3"), 0), 0);
    }
}
