//! Piece activity, read off the current board through each piece's own
//! compiled move program: mobility (the cells a piece can move to or
//! capture on now), attacks on the cells around the enemy royal pieces
//! (royal safety), and the pair bonus of colour-bound kinds (the bishop
//! pair's analogue, for any kind whose every move keeps the cell colour).
//! Every weight is computed at load time from the definition; nothing names
//! a variant.

use super::threats::{self, Attacks};
use crate::board::Cell;
use crate::compile::flag;
use crate::game::{code_kind, code_side, piece_code, Position};
use crate::variant::Variant;

use super::weights::Weights;

/// Most royal pieces per side whose surroundings are watched.
const ROYALS: usize = 2;
/// Words of a cell set for royal safety (boards up to 256 cells).
const ZONE_WORDS: usize = threats::WORDS;

/// Activity tables of one variant.
#[derive(Clone, Debug)]
pub struct Activity {
    cells: usize,
    /// Per piece code: mobility weights (1/16 centipawn per move) in the
    /// middlegame and the endgame, and the typical count (1/16 moves);
    /// all 0 for codes not walked (royal pieces, pawns).
    mg: PerCode<i32>,
    eg: PerCode<i32>,
    typical: PerCode<i32>,
    /// Per piece code: walked for mobility.
    walked: PerCode<bool>,
    /// Per piece code: walked for its attacks on pieces (every piece, where
    /// the board has at most `64 * ZONE_WORDS` cells; see `threats.rs`).
    attacker: PerCode<bool>,
    /// Per piece code: its value as an attacker (royal pieces: above any
    /// piece, so a royal's attack is a threat only on a hanging piece), and
    /// as a victim (royal pieces 0: no threat term).
    attack_value: PerCode<i32>,
    victim_value: PerCode<i32>,
    /// Per piece code: what a threat on it is worth.
    bonus: threats::Bonus,
    /// Per cell: the bits of the cells next to it and itself, [`ZONE_WORDS`]
    /// u64 each, where the board has files and ranks and at most
    /// `64 * ZONE_WORDS` cells (royal safety); empty elsewhere.
    zones: Vec<u64>,
    /// Per piece code: index + 1 among the colour-bound kinds (0: not bound).
    bound: PerCode<u8>,
    /// Per cell: its colour (0 or 1).
    colour: Vec<u8>,
    /// The integer weights of the walk (see [`Weights`]).
    w: ActivityWeights,
}

/// A table per piece code with an entry for each value a `u8` can hold
/// (codes past the variant's last get the default): indexed by the code
/// itself, it needs no bounds check in the walk, which runs for every
/// piece at nearly every node.
#[derive(Clone, Debug)]
struct PerCode<T>(Box<[T; 256]>);

impl<T: Copy + Default> PerCode<T> {
    /// The table holding `v` from code 0 on (at most 256 entries: codes
    /// are bytes).
    fn new(v: Vec<T>) -> PerCode<T> {
        let mut table = Box::new([T::default(); 256]);
        table.iter_mut().zip(v).for_each(|(t, x)| *t = x);
        PerCode(table)
    }
}

impl<T> std::ops::Index<u8> for PerCode<T> {
    type Output = T;

    fn index(&self, code: u8) -> &T {
        &self.0[code as usize]
    }
}

/// The weights [`Activity`] reads while it walks, rounded once.
#[derive(Clone, Debug)]
struct ActivityWeights {
    unit_per_cell: i32,
    unit_per_attacker: i32,
    danger_div: i32,
    danger_max: i32,
    unit_per_hand_pawn: i32,
    unit_per_hand_piece: i32,
    hand_units_max: i32,
    pair: i32,
}

impl ActivityWeights {
    fn new(w: &Weights) -> ActivityWeights {
        let int = Weights::int;
        ActivityWeights {
            unit_per_cell: int(w.unit_per_cell),
            unit_per_attacker: int(w.unit_per_attacker),
            // (A divisor below 1 would divide by zero.)
            danger_div: int(w.danger_div).max(1),
            danger_max: int(w.danger_max),
            unit_per_hand_pawn: int(w.unit_per_hand_pawn),
            unit_per_hand_piece: int(w.unit_per_hand_piece),
            hand_units_max: int(w.hand_units_max),
            pair: int(w.pair),
        }
    }
}

/// What one evaluation's walk found, per side.
#[derive(Default)]
struct Tally {
    /// Mobility in 1/16 centipawn, middlegame and endgame.
    mg: [i32; 2],
    eg: [i32; 2],
    /// Danger units against the other side's royal pieces.
    units: [i32; 2],
    attackers: [i32; 2],
    /// Colour-bound kinds seen, bit `2 * index + colour`.
    bound: [u64; 2],
    /// Attacks on pieces (threats).
    attacks: Attacks,
}

impl Activity {
    /// The tables for `v` with piece values `values` (per kind) and the
    /// weights `w`, or `None` when no piece would be walked.
    pub fn new(v: &Variant, values: &[i32], w: &Weights) -> Option<Activity> {
        let cells = v.tables.cells;
        let codes = 1 + 2 * v.pieces.len();
        let (mut mg, mut eg, mut typical, mut walked) =
            (vec![0; codes], vec![0; codes], vec![0; codes], vec![false; codes]);
        let mut bound = vec![0u8; codes];
        let mut nbound = 0u8;
        for (k, p) in v.pieces.iter().enumerate() {
            if p.royal {
                continue;
            }
            let avg = (0..cells).map(|c| empty_board_moves(v, k, c) as f64).sum::<f64>() / cells.max(1) as f64;
            let is_bound = !p.pawn && avg > 0.0 && nbound < 32 && colour_bound(v, k);
            nbound += is_bound as u8;
            for side in 0..2u8 {
                let code = piece_code(k as u8, side) as usize;
                bound[code] = if is_bound { nbound } else { 0 };
                if p.pawn || avg <= 0.0 {
                    continue;
                }
                walked[code] = true;
                mg[code] = (16.0 * w.mobility_mg / avg.sqrt()).round() as i32;
                eg[code] = (16.0 * w.mobility_eg / avg.sqrt()).round() as i32;
                typical[code] = (16.0 * w.typical_share * avg).round() as i32;
            }
        }
        if !walked.iter().any(|&w| w) {
            return None;
        }
        let g = &v.grid;
        let colour = (0..cells as u16).map(|c| g.colour(c) & 1).collect();
        let victim_value = threats::code_values(values, codes);
        let bonus = threats::Bonus::new(&victim_value, w);
        let threats_apply = cells <= 64 * ZONE_WORDS;
        let attacker: Vec<bool> = (0..codes).map(|code| code != 0 && threats_apply).collect();
        let attack_value: Vec<i32> = (0..codes)
            .map(|code| if code != 0 && v.tables.code_royal[code] { i32::MAX } else { victim_value[code] })
            .collect();
        let zones = zones(v);
        let w = ActivityWeights::new(w);
        Some(Activity {
            cells,
            mg: PerCode::new(mg),
            eg: PerCode::new(eg),
            typical: PerCode::new(typical),
            walked: PerCode::new(walked),
            attacker: PerCode::new(attacker),
            attack_value: PerCode::new(attack_value),
            victim_value: PerCode::new(victim_value),
            bonus,
            zones,
            bound: PerCode::new(bound),
            colour,
            w,
        })
    }

    /// The activity score of `side` minus the other side's; `mg` (0..=256
    /// per side) is how much of the middlegame is left.
    pub fn score(&self, pos: &Position<'_>, side: usize, mg: [i32; 2]) -> i32 {
        // Per side: the cells next to its royal pieces.
        let mut near = [[0u64; ZONE_WORDS]; 2];
        let mut tally = Tally::default();
        if !self.zones.is_empty() {
            for (s, near) in near.iter_mut().enumerate() {
                for c in watched_royals(pos.royals(s as u8)) {
                    let zone = &self.zones[c as usize * ZONE_WORDS..][..ZONE_WORDS];
                    near.iter_mut().zip(zone).for_each(|(a, b)| *a |= b);
                }
            }
        }
        super::eval::each_occupied(pos, |c| {
            let code = pos.at(c as u16);
            if code == 0 {
                return;
            }
            let s = code_side(code) as usize;
            if self.bound[code] != 0 {
                tally.bound[s] |= 1 << (2 * (self.bound[code] as u32 - 1) + self.colour[c] as u32);
            }
            if self.walked[code] || self.attacker[code] {
                self.walk_one(pos, code, c, &near[s ^ 1], &mut tally);
            }
        });
        let threat = tally.attacks.score(pos, &self.bonus);
        if pos.pieces_in_hand() > 0 {
            self.hand_units(pos, &mut tally);
        }
        let mut total = [0i32; 2];
        for s in 0..2 {
            // Mobility tapers with the side's own phase; the danger to a
            // royal fades as its opponent's army does.
            let m = (tally.mg[s] * mg[s] + tally.eg[s] * (256 - mg[s])) / 256 / 16;
            let pair = tally.bound[s] & (tally.bound[s] >> 1) & 0x5555_5555_5555_5555;
            total[s] += m + self.w.pair * pair.count_ones() as i32 + threat[s];
            if tally.attackers[s] >= 2 {
                let u = tally.units[s];
                total[s] += (u * u / self.w.danger_div).min(self.w.danger_max) * mg[s ^ 1] / 256;
            }
        }
        total[side] - total[side ^ 1]
    }

    /// Adds the danger of each side's pieces in hand, counted as one more
    /// attacker (see [`Weights::unit_per_hand_piece`]).
    fn hand_units(&self, pos: &Position<'_>, tally: &mut Tally) {
        let t = &pos.variant().tables;
        for s in 0..2u8 {
            let units: i32 = (0..pos.variant().pieces.len() as u8)
                .map(|k| {
                    let pawn = t.code_pawn[piece_code(k, s) as usize];
                    let per = if pawn { self.w.unit_per_hand_pawn } else { self.w.unit_per_hand_piece };
                    per * pos.in_hand(s, k) as i32
                })
                .sum();
            if units > 0 {
                tally.units[s as usize] += units.min(self.w.hand_units_max);
                tally.attackers[s as usize] += 1;
            }
        }
    }

    /// Walks the piece `code` on `c` through its compiled program over the
    /// board and adds its mobility and its attacks on the cells in `near`
    /// (next to the enemy royals) to `tally`: every cell where it could end
    /// its move (an empty cell, a capture, or a cell its own piece holds
    /// that it guards). Moves for unmoved pieces only, moves out of check
    /// only and attack-only branches are left out: they say little about
    /// activity.
    fn walk_one(&self, pos: &Position<'_>, code: u8, c: usize, near: &[u64; ZONE_WORDS], tally: &mut Tally) {
        let t = &pos.variant().tables;
        let kind = code_kind(code) as usize;
        let s = code_side(code);
        let pr = t.progs[(kind * 2 + s as usize) * self.cells + c];
        let nodes = &t.nodes[pr.start as usize..pr.end as usize];
        let mut moves = 0;
        let mut hits = 0;
        let si = s as usize;
        let (attacker, value) = (self.attacker[code], self.attack_value[code]);
        let near_bit = |c: usize| {
            // (`% ZONE_WORDS` changes nothing, `near` holding no bit on
            // larger boards, but spares a bounds check in the hot loop.)
            (near[c / 64 % ZONE_WORDS] >> (c % 64) & 1) as i32
        };
        // Written out in place: this loop runs for every piece at nearly
        // every node, and as a closure passed to a walking function it kept
        // its counters in memory.
        let mut i = 0usize;
        while let Some(n) = nodes.get(i) {
            let f = n.flags;
            if f & (flag::VIRGIN | flag::UNCHECKED | flag::ATTACK_ONLY) != 0 {
                i = n.skip as usize;
                continue;
            }
            let code = pos.at(n.cell);
            let desc = if code == 0 {
                if f & flag::EMPTY_EMIT != 0 {
                    moves += 1;
                    if f & flag::ENEMY_EMIT != 0 {
                        hits += near_bit(n.cell as usize);
                    }
                }
                flag::EMPTY_DESC
            } else {
                let own = code_side(code) == s;
                if f & flag::ENEMY_EMIT != 0 {
                    moves += !own as i32;
                    hits += near_bit(n.cell as usize);
                    if attacker {
                        tally.attacks.note(si, n.cell as usize, own, value, self.victim_value[code]);
                    }
                }
                if own {
                    flag::FRIEND_DESC
                } else {
                    flag::ENEMY_DESC
                }
            };
            i = if f & desc != 0 { i + 1 } else { n.skip as usize };
        }
        if !self.walked[code] {
            return;
        }
        tally.mg[si] += self.mg[code] * (16 * moves - self.typical[code]) / 16;
        tally.eg[si] += self.eg[code] * (16 * moves - self.typical[code]) / 16;
        if hits > 0 {
            tally.units[si] += self.w.unit_per_attacker + self.w.unit_per_cell * hits;
            tally.attackers[si] += 1;
        }
    }
}

/// The royal pieces (of one side, on `cells`) whose surroundings are
/// watched: the [`ROYALS`] on the lowest cells. (Read off the position's
/// list of royals rather than a walk over the board; the list is in no
/// order, so where a side has more, they are sorted.)
fn watched_royals(cells: &[Cell]) -> impl Iterator<Item = Cell> {
    let mut low = [Cell::MAX; ROYALS];
    for &c in cells {
        if let Some(i) = low.iter().position(|&x| c < x) {
            low.copy_within(i..ROYALS - 1, i + 1);
            low[i] = c;
        }
    }
    low.into_iter().filter(|&c| c != Cell::MAX)
}

/// Per cell, the set of the cells next to it (8 neighbours) and itself,
/// [`ZONE_WORDS`] words each; empty on polygon boards and boards too large.
fn zones(v: &Variant) -> Vec<u64> {
    let g = &v.grid;
    if g.graph().is_some() || g.len() > 64 * ZONE_WORDS {
        return Vec::new();
    }
    let mut out = vec![0u64; g.len() * ZONE_WORDS];
    for c in 0..g.len() {
        let (x, y) = g.coords(c as u16);
        for dx in -1..=1 {
            for n in (-1..=1).filter_map(|dy| g.at(x as i32 + dx, y as i32 + dy)) {
                out[c * ZONE_WORDS + n as usize / 64] |= 1 << (n % 64);
            }
        }
    }
    out
}

/// Distinct cells a piece of `kind` (White) on `cell` moves to or captures
/// on over an empty board (its ordinary moves only).
fn empty_board_moves(v: &Variant, kind: usize, cell: usize) -> usize {
    let t = &v.tables;
    let pr = t.progs[kind * 2 * t.cells + cell];
    let nodes = &t.nodes[pr.start as usize..pr.end as usize];
    let mut seen = Vec::new();
    let mut i = 0usize;
    while let Some(n) = nodes.get(i) {
        if n.flags & (flag::VIRGIN | flag::UNCHECKED | flag::ATTACK_ONLY) != 0 {
            i = n.skip as usize;
            continue;
        }
        if n.flags & (flag::EMPTY_EMIT | flag::ENEMY_EMIT) != 0 && !seen.contains(&n.cell) {
            seen.push(n.cell);
        }
        i = if n.flags & flag::EMPTY_DESC != 0 { i + 1 } else { n.skip as usize };
    }
    seen.len()
}

/// Whether every ordinary move of `kind` (either side) keeps the colour of
/// its cell, so a side's pieces of this kind on one colour never reach the
/// other.
pub(super) fn colour_bound(v: &Variant, kind: usize) -> bool {
    let t = &v.tables;
    (0..2).all(|side| {
        (0..t.cells).all(|c| {
            let pr = t.progs[(kind * 2 + side) * t.cells + c];
            t.nodes[pr.start as usize..pr.end as usize]
                .iter()
                .filter(|n| n.flags & (flag::EMPTY_EMIT | flag::ENEMY_EMIT) != 0)
                .all(|n| v.grid.colour(n.cell) == v.grid.colour(c as u16))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{builtin, load_str};

    fn variant(name: &str) -> Variant {
        load_str(builtin::text(name).unwrap()).unwrap().0
    }

    /// White's activity minus Black's in a chess position, middlegame.
    fn white_minus_black(v: &Variant, fen: &str) -> i32 {
        let a = Activity::new(v, &super::super::eval::piece_values(v), &Weights::DEFAULT).unwrap();
        a.score(&Position::from_fen(v, fen).unwrap(), 0, [256, 256])
    }

    #[test]
    fn a_free_rook_scores_above_a_boxed_in_one() {
        let v = variant("chess");
        let free = white_minus_black(&v, "4k3/8/8/8/3R4/8/8/4K3 w - - 0 1");
        let boxed = white_minus_black(&v, "4k3/8/8/8/8/8/PP6/RN2K3 w - - 0 1");
        let boxed_alone = white_minus_black(&v, "4k3/8/8/8/8/8/PP6/1N2K3 w - - 0 1");
        assert!(free > 0, "{free}");
        assert!(boxed - boxed_alone < 0, "a rook with no move is below its typical count");
        // Black's mirror image scores the same, negated.
        assert_eq!(white_minus_black(&v, "4k3/8/8/3r4/8/8/8/4K3 w - - 0 1"), -free);
    }

    #[test]
    fn attacks_next_to_the_royal_cost_its_owner() {
        let v = variant("chess");
        let a = Activity::new(&v, &super::super::eval::piece_values(&v), &Weights::DEFAULT).unwrap();
        // The danger term alone: what the score loses when the defender's
        // phase says the attack has no army behind it.
        let danger = |fen: &str| {
            let pos = Position::from_fen(&v, fen).unwrap();
            a.score(&pos, 0, [256, 256]) - a.score(&pos, 0, [256, 0])
        };
        // A queen and a rook both hit g7, next to Black's king: danger.
        let two = danger("6k1/5ppp/8/8/8/8/1Q6/K5R1 w - - 0 1");
        assert!(two > 0, "{two}");
        // One attacker alone is not counted; nor are attacks far away.
        assert_eq!(danger("6k1/5ppp/8/8/8/8/1Q6/K7 w - - 0 1"), 0);
        assert_eq!(danger("k7/5ppp/8/8/8/8/1Q6/K5R1 w - - 0 1"), 0);
        // Black attacking White's king: the same amount, the other sign.
        let pos = Position::from_fen(&v, "k5r1/1q6/8/8/8/8/5PPP/6K1 w - - 0 1").unwrap();
        assert_eq!(a.score(&pos, 0, [256, 256]) - a.score(&pos, 0, [0, 256]), -two);
    }

    #[test]
    fn pieces_in_hand_add_to_an_attack() {
        let v = variant("crazyhouse");
        let a = Activity::new(&v, &super::super::eval::piece_values(&v), &Weights::DEFAULT).unwrap();
        let danger = |fen: &str| {
            let pos = Position::from_fen(&v, fen).unwrap();
            a.score(&pos, 0, [256, 256]) - a.score(&pos, 0, [256, 0])
        };
        // One queen near Black's king: no danger alone; with a knight in
        // hand it counts, and more with more in hand.
        let board = "6k1/5ppp/8/8/8/8/1Q6/K7";
        assert_eq!(danger(&format!("{board}[] w - - 0 1")), 0);
        let one = danger(&format!("{board}[N] w - - 0 1"));
        let two = danger(&format!("{board}[NN] w - - 0 1"));
        assert!(one > 0 && two > one, "{one} {two}");
        // Black's hand does not help White.
        assert_eq!(danger(&format!("{board}[n] w - - 0 1")), 0);
    }

    #[test]
    fn colour_bound_kinds_are_found_and_the_pair_counts() {
        let v = variant("chess");
        let a = Activity::new(&v, &super::super::eval::piece_values(&v), &Weights::DEFAULT).unwrap();
        let bound: Vec<char> = v
            .pieces
            .iter()
            .enumerate()
            .filter(|(k, _)| a.bound[piece_code(*k as u8, 0)] != 0)
            .map(|(_, p)| p.letter)
            .collect();
        assert_eq!(bound, vec!['B']);
        // Bishops on c1 and f1 (both colours) versus c1 and d2 (one colour),
        // seen from the same squares' mobility: the pair is worth the pair weight.
        let pair = white_minus_black(&v, "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
        let same = white_minus_black(&v, "4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 1");
        let lone_f1 = white_minus_black(&v, "4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
        let lone_g1 = white_minus_black(&v, "4k3/8/8/8/8/8/8/4K1B1 w - - 0 1");
        assert_eq!((pair - lone_f1) - (same - lone_g1), Weights::DEFAULT.pair as i32);
    }
}
