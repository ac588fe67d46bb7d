//! Evaluation derived from the definition alone: piece values from each
//! piece's moves, centralization by mobility, pawn advancement toward the
//! promotion zone, royal safety, pieces in hand, and the variant's goals
//! (`goals.rs`). No per-variant tuning.

use std::cell::Cell;

use crate::compile::flag;
use crate::game::{code_kind, code_side, piece_code, Position};
use crate::variant::Variant;

use super::weights::Weights;

/// Static evaluation tables of one variant.
#[derive(Clone, Debug)]
pub struct Eval {
    /// Value of each piece kind in centipawns (royal pieces 0).
    pub values: Vec<i32>,
    /// Positional bonus per (piece code, cell), from the owner's view.
    pst: Vec<i32>,
    /// Per piece code: royal (scored by phase, see [`Eval::evaluate`]).
    royal: Vec<bool>,
    /// Sum of both sides' non-royal material at the start (for the phase).
    start_material: i32,
    cells: usize,
    /// Pawn structure and royal shelter, where the board has files.
    structure: Option<super::structure::Structure>,
    /// What the variant's goals add (material's sign, region nearness,
    /// checks given).
    goals: super::goals::GoalTerms,
    /// Mobility, attacks near the royal pieces and colour-bound pairs.
    activity: Option<super::activity::Activity>,
    /// Recent scores by position key (direct-mapped): the search meets the
    /// same position again and again (re-searches, each iteration's first
    /// plies), and walking every piece's moves is the dearest part.
    cache: Vec<Cell<(u64, i32)>>,
    /// How far outside the search's window material and placement alone
    /// must be for [`Eval::evaluate_within`] to skip the walked terms
    /// (structure, activity, threats): [`LAZY_PAWNS`] of the variant's
    /// pawns.
    lazy_margin: i32,
    /// Per mille of a piece's value it counts in hand.
    hand_per_mille: i32,
    /// Bonus of the side to move.
    tempo: i32,
    /// Per piece code: a pawn (its value tapers, see [`Eval::taper_pawns`]).
    pawn: Vec<bool>,
    /// Per mille of a pawn's value it counts in the middlegame and in the
    /// endgame ([`Weights::pawn_mg`], [`Weights::pawn_eg`]); `None` where
    /// both are 1000 (nothing to do).
    pawn_taper: Option<(i32, i32)>,
}

/// The lazy margin in pawns: the walked terms rarely add up to more (the
/// royal danger alone is capped at six).
const LAZY_PAWNS: i32 = 5;

/// Entries of the evaluation cache (a power of two).
const CACHE: usize = 1 << 14;

/// How a piece's empty-board destinations are weighted (see [`Weights`]):
/// by `decay` per intermediate cell; ahead by `1 + forward`, behind by
/// `1 - forward`; a leap or single step by `1 + leap`.
struct Reach {
    decay: f64,
    forward: f64,
    leap: f64,
}

impl Reach {
    /// The weighting of piece values.
    fn of_values(w: &Weights) -> Reach {
        Reach { decay: w.reach_decay, forward: w.forward_share, leap: w.leap_share }
    }

    /// The weighting of placement: distance only (a piece's forward moves
    /// say nothing about the cell it stands on).
    fn of_placement(w: &Weights) -> Reach {
        Reach { decay: w.reach_decay, forward: 0.0, leap: 0.0 }
    }
}

/// Empty-board mobility of `kind` for `side` on `cell`: destinations
/// weighted by `r`, moves and captures counted half each (a move-only or
/// capture-only step is worth less).
fn mobility(v: &Variant, kind: usize, side: usize, cell: usize, r: &Reach) -> f64 {
    let t = &v.tables;
    let pr = t.progs[(kind * 2 + side) * t.cells + cell];
    let nodes = &t.nodes[pr.start as usize..pr.end as usize];
    let mut best = std::collections::HashMap::<u16, (f64, f64)>::new();
    let mut until: Vec<u32> = Vec::new();
    let from_y = v.grid.coords(cell as u16).1 as i32;
    // White's forward is up the ranks, Black's down.
    let up = if side == 0 { 1 } else { -1 };
    for (i, n) in nodes.iter().enumerate() {
        while until.last().is_some_and(|&u| i as u32 >= u) {
            until.pop();
        }
        let mut w = r.decay.powi(until.len() as i32);
        if r.forward != 0.0 {
            let ahead = (v.grid.coords(n.cell).1 as i32 - from_y) * up;
            w *= 1.0 + r.forward * ahead.signum() as f64;
        }
        if until.is_empty() && n.flags & flag::EMPTY_DESC == 0 {
            w *= 1.0 + r.leap;
        }
        let e = best.entry(n.cell).or_insert((0.0, 0.0));
        if n.flags & flag::EMPTY_EMIT != 0 {
            e.0 = e.0.max(w);
        }
        if n.flags & (flag::ENEMY_EMIT | flag::EP) != 0 {
            e.1 = e.1.max(w);
        }
        if n.flags & flag::EMPTY_DESC != 0 {
            until.push(n.skip);
        }
    }
    best.values().map(|(m, c)| (m + c) / 2.0).sum()
}

/// Value in centipawns of each piece kind with the default weights (see
/// [`piece_values_with`]).
pub fn piece_values(v: &Variant) -> Vec<i32> {
    piece_values_with(v, &Weights::DEFAULT)
}

/// Value in centipawns of each piece kind: the definition's `value`, else
/// estimated from its average empty-board mobility `m` (weighted as
/// [`Reach::of_values`] says) as `cp_per_move * m + cp_per_move_sq * m²`,
/// less [`Weights::bound_share`] for a colour-bound kind (royal pieces 0:
/// they are never traded). Estimated pawns get a floor so they are not
/// given away.
pub fn piece_values_with(v: &Variant, w: &Weights) -> Vec<i32> {
    let n = v.tables.cells.max(1);
    let reach = Reach::of_values(w);
    v.pieces
        .iter()
        .enumerate()
        .map(|(k, p)| {
            if p.royal {
                return 0;
            }
            if let Some(value) = p.value {
                return value;
            }
            let avg = (0..n).map(|c| mobility(v, k, 0, c, &reach)).sum::<f64>() / n as f64;
            let mut value = w.cp_per_move * avg + w.cp_per_move_sq * avg * avg;
            if w.bound_share != 0.0 && !p.pawn && super::activity::colour_bound(v, k) {
                value *= 1.0 - w.bound_share;
            }
            value.round().max(if p.pawn { 90.0 } else { 30.0 }) as i32
        })
        .collect()
}

impl Eval {
    /// Builds the tables for `v` with the compiled-in weights, or with
    /// those of the file that the environment variable `ROOKERY_WEIGHTS`
    /// names (a development hook: it lets a match try tuned weights without
    /// a rebuild; see docs/tuning.md). An unreadable file is reported on
    /// standard error and the defaults are used.
    pub fn new(v: &Variant) -> Eval {
        Eval::with_weights(v, &Weights::from_env())
    }

    /// Builds the tables for `v` with the weights `w`.
    pub fn with_weights(v: &Variant, w: &Weights) -> Eval {
        let values = piece_values_with(v, w);
        let cells = v.tables.cells;
        let codes = 1 + 2 * v.pieces.len();
        let mut pst = vec![0; codes * cells];
        let mut royal = vec![false; codes];
        let mut pawn = vec![false; codes];
        // What a pawn gains by promoting: the best choice over a pawn.
        let best_choice = v.zones.iter().flat_map(|z| z.choices.iter()).map(|&k| values[k as usize]).max();
        let pawn_value = v.pieces.iter().zip(&values).filter(|(p, _)| p.pawn).map(|(_, &x)| x).min();
        let goals = super::goals::GoalTerms::new(v, w);
        // Where material counts against its owner, promoting gains nothing.
        let promo_gain =
            best_choice.zip(pawn_value).map_or(0, |(b, p)| (b - p).max(0)) * (goals.material_sign > 0) as i32;
        for (k, p) in v.pieces.iter().enumerate() {
            for side in 0..2u8 {
                let code = piece_code(k as u8, side) as usize;
                royal[code] = p.royal;
                pawn[code] = p.pawn;
                let reach = Reach::of_placement(w);
                let mob: Vec<f64> = (0..cells).map(|c| mobility(v, k, side as usize, c, &reach)).collect();
                let avg = mob.iter().sum::<f64>() / cells.max(1) as f64;
                for c in 0..cells {
                    let central = ((mob[c] - avg) * w.central_weight).round() as i32;
                    pst[code * cells + c] = if p.pawn {
                        (central as f64 * w.pawn_central) as i32 + advancement(v, side, c as u16, promo_gain, w)
                    } else {
                        central
                    };
                }
            }
        }
        let start = Position::start(v);
        let start_material = material(&start, &values, 0) + material(&start, &values, 1);
        let structure = super::structure::Structure::new(v, w);
        // Where losing material wins, activity is no asset: left out.
        let activity = super::activity::Activity::new(v, &values, w).filter(|_| goals.material_sign > 0);
        let cache = vec![Cell::new((0, 0)); CACHE];
        let lazy_margin = LAZY_PAWNS * pawn_value.unwrap_or(100);
        let start_material = start_material.max(1);
        let (hand_per_mille, tempo) = (Weights::int(1000.0 * w.hand_share), Weights::int(w.tempo));
        let taper = (Weights::int(1000.0 * w.pawn_mg), Weights::int(1000.0 * w.pawn_eg));
        let pawn_taper = Some(taper).filter(|&t| t != (1000, 1000));
        Eval {
            values,
            pst,
            royal,
            start_material,
            cells,
            structure,
            goals,
            activity,
            cache,
            lazy_margin,
            hand_per_mille,
            tempo,
            pawn,
            pawn_taper,
        }
    }

    /// The position's score for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position<'_>) -> i32 {
        self.evaluate_within(pos, -i32::MAX, i32::MAX)
    }

    /// [`Eval::evaluate`] for a search that only asks whether the score is
    /// above `beta` or below `alpha`: where material and placement alone
    /// are more than the lazy margin outside that window, that cheap score
    /// is returned and the walked terms (the dearest part) are skipped.
    pub fn evaluate_within(&self, pos: &Position<'_>, alpha: i32, beta: i32) -> i32 {
        let key = pos.key();
        let slot = &self.cache[key as usize & (CACHE - 1)];
        match slot.get() {
            (k, score) if k == key && key != 0 => score,
            _ => {
                let (base, mg) = self.base(pos);
                if base.saturating_sub(self.lazy_margin) >= beta || base.saturating_add(self.lazy_margin) <= alpha {
                    return base;
                }
                let score = base + self.walked(pos, mg);
                slot.set((key, score));
                score
            }
        }
    }

    /// [`Eval::evaluate`] without the cache and the lazy cut (tests compare
    /// the lazy score with it; the tuner scores its positions with it).
    pub fn compute(&self, pos: &Position<'_>) -> i32 {
        let (base, mg) = self.base(pos);
        base + self.walked(pos, mg)
    }

    /// The static score for the side to move split into its parts:
    /// material, placement, hands and goals with the tempo; pawn
    /// structure and royal shelter; activity (mobility, royal danger,
    /// threats, pairs). Their sum is [`Eval::compute`]. For the UCI `eval`
    /// command: a user or tuner sees which part says what.
    pub fn parts(&self, pos: &Position<'_>) -> [i32; 3] {
        let (base, mg) = self.base(pos);
        let [structure, activity] = self.walked_parts(pos, mg);
        [base, structure, activity]
    }

    /// The terms that walk the board's pieces (pawn structure, royal
    /// shelter, activity, threats), for the side to move.
    fn walked(&self, pos: &Position<'_>, mg: [i32; 2]) -> i32 {
        let [structure, activity] = self.walked_parts(pos, mg);
        structure + activity
    }

    /// The walked terms apart: pawn structure and royal shelter, activity.
    #[inline]
    fn walked_parts(&self, pos: &Position<'_>, mg: [i32; 2]) -> [i32; 2] {
        let me = pos.side() as usize;
        let structure = self.structure.as_ref().map_or(0, |st| st.score(pos, me, mg));
        let activity = self.activity.as_ref().map_or(0, |a| a.score(pos, me, mg));
        [structure, activity]
    }

    /// Material, placement, hands and goals for the side to move (with the
    /// tempo bonus), and how much of the middlegame each side has left
    /// (0..=256, from the enemy's material).
    fn base(&self, pos: &Position<'_>) -> (i32, [i32; 2]) {
        let mut side_score = [0i32; 2];
        let mut mat = [0i32; 2];
        let mut royal_pst = [0i32; 2];
        let mut pawns = [0i32; 2];
        let sign = self.goals.material_sign;
        each_occupied(pos, |c| {
            let code = pos.at(c as u16);
            if code == 0 {
                return;
            }
            let s = code_side(code) as usize;
            let p = self.pst[code as usize * self.cells + c];
            if self.royal[code as usize] {
                royal_pst[s] += p;
            } else {
                let val = self.values[code_kind(code) as usize];
                mat[s] += val;
                pawns[s] += val * self.pawn[code as usize] as i32;
                side_score[s] += sign * val + p;
            }
        });
        let hands = pos.pieces_in_hand() > 0;
        for (k, &val) in self.values.iter().enumerate().filter(|_| hands) {
            for s in 0..2u8 {
                // In hand: nearly a piece on the board (it can go anywhere),
                // and part of the army for the phase.
                let held = pos.in_hand(s, k as u8) as i32 * val;
                side_score[s as usize] += sign * held * self.hand_per_mille / 1000;
                mat[s as usize] += held;
            }
        }
        if self.goals.any() {
            for (s, score) in side_score.iter_mut().enumerate() {
                *score += self.goals.score(pos, s);
            }
        }
        if let Some(taper) = self.pawn_taper {
            self.taper_pawns(&mut side_score, pawns, &mat, taper);
        }
        let mut mg = [0; 2];
        for s in 0..2 {
            // Royal safety: while the enemy has most of its army, a royal
            // piece keeps out of the centre; in the endgame it centralizes.
            let enemy = mat[s ^ 1] * 256 / self.start_material * 2;
            mg[s] = enemy.min(256);
            side_score[s] += royal_pst[s] * (128 - mg[s]) / 128;
        }
        let me = pos.side() as usize;
        (side_score[me] - side_score[me ^ 1] + self.tempo, mg)
    }

    /// Rescales each side's pawns on the board (`pawns`: their value) to
    /// `taper.0` per mille with all the starting material on the board,
    /// `taper.1` with none, linearly between (the material `mat` of both
    /// sides, pawns and hands included, gives the phase).
    fn taper_pawns(&self, side_score: &mut [i32; 2], pawns: [i32; 2], mat: &[i32; 2], taper: (i32, i32)) {
        let phase = ((mat[0] + mat[1]) * 256 / self.start_material).min(256);
        let per_mille = (taper.0 * phase + taper.1 * (256 - phase)) / 256;
        for s in 0..2 {
            side_score[s] += self.goals.material_sign * pawns[s] * (per_mille - 1000) / 1000;
        }
    }
}

/// Calls `f` with every occupied cell, from the position's occupancy bits
/// (both sides): the evaluation runs at every node and most cells are
/// empty.
pub(super) fn each_occupied(pos: &Position<'_>, mut f: impl FnMut(usize)) {
    for s in 0..2u8 {
        for (w, &word) in pos.side_cells(s).iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                f(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
}

/// Material of one side on the board.
fn material(pos: &Position<'_>, values: &[i32], side: u8) -> i32 {
    (0..pos.variant().grid.len() as u16)
        .map(|c| pos.at(c))
        .filter(|&code| code != 0 && code_side(code) == side)
        .map(|code| values[code_kind(code) as usize])
        .sum()
}

/// Bonus of a pawn on `cell` for its nearness to the promotion zone:
/// growing with the fourth power of the ranks covered (small on the first
/// steps, large just before promoting), up to [`Weights::advance_share`]
/// of what promoting gains.
fn advancement(v: &Variant, side: u8, cell: u16, promo_gain: i32, w: &Weights) -> i32 {
    let (_, y) = v.grid.coords(cell);
    let s = side as usize;
    let dist = v.zones.iter().flat_map(|z| z.ranks[s].iter().map(move |&r| (r as i32 - y as i32).unsigned_abs())).min();
    let Some(dist) = dist else { return 0 };
    let span = v.grid.ranks().max(2) as i32;
    let near = (span - dist as i32).max(0);
    // (The small addend keeps a share of exactly a third from rounding down.)
    let top = (promo_gain as f64 * w.advance_share + 1e-9).floor() as i32;
    top * near.pow(4) / span.pow(4)
}

#[cfg(test)]
#[path = "eval_tests.rs"]
mod symmetry;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{builtin, load_str};

    fn values(name: &str) -> Vec<(char, i32)> {
        let (v, _) = load_str(builtin::text(name).unwrap()).unwrap();
        let vals = piece_values(&v);
        v.pieces.iter().zip(vals).map(|(p, x)| (p.letter, x)).collect()
    }

    #[test]
    fn chess_values_are_in_the_usual_order() {
        let vals = values("chess");
        eprintln!("{vals:?}");
        let of = |l: char| vals.iter().find(|(c, _)| *c == l).unwrap().1;
        assert!(of('P') < of('N') && of('N') <= of('B') + 40 && of('B') < of('R') && of('R') < of('Q'));
        assert!(of('Q') > of('R') + of('N'), "a queen is worth more than rook and knight");
        assert_eq!(of('K'), 0);
    }
}

#[cfg(test)]
mod value_tests {
    use super::*;
    use crate::variant::{builtin, load_str};

    #[test]
    fn a_value_in_the_definition_overrides_the_estimate() {
        let text = builtin::text("chess").unwrap().replace("[pieces.queen]", "[pieces.queen]\nvalue = 1234");
        let (v, _) = load_str(&text).unwrap();
        let q = v.kind_of_letter('Q').unwrap() as usize;
        assert_eq!(piece_values(&v)[q], 1234);
        let (plain, _) = load_str(builtin::text("chess").unwrap()).unwrap();
        assert_ne!(piece_values(&plain)[q], 1234);
    }

    #[test]
    fn a_value_out_of_range_is_a_located_error() {
        let text = builtin::text("chess").unwrap().replace("[pieces.queen]", "[pieces.queen]\nvalue = 0");
        let e = load_str(&text).unwrap_err();
        let d = e.diagnostics.iter().find(|d| d.message.contains("value")).expect("a diagnostic");
        assert!(d.message.contains("between 1 and 100000"), "{}", d.message);
        assert_eq!(&text[d.span.clone()], "0");
    }
}

#[cfg(test)]
mod taper_tests {
    use super::*;
    use crate::variant::{builtin, load_str};

    /// White's static score with `pawn_mg`/`pawn_eg` set as given and the
    /// other weights at their defaults.
    fn score(v: &Variant, fen: &str, (mg, eg): (f64, f64)) -> i32 {
        let w = Weights { pawn_mg: mg, pawn_eg: eg, ..Weights::DEFAULT };
        Eval::with_weights(v, &w).compute(&Position::from_fen(v, fen).unwrap())
    }

    #[test]
    fn a_pawn_counts_its_middlegame_share_with_every_piece_on_the_board_and_its_endgame_share_without() {
        let (v, _) = load_str(builtin::text("chess").unwrap()).unwrap();
        let pawn = piece_values(&v)[v.kind_of_letter('P').unwrap() as usize];
        // Black lacks the a-pawn: nearly all the material is on the board.
        let full = "rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let plain = score(&v, full, (1.0, 1.0));
        // Halving the pawns' middlegame value costs White's extra pawn
        // about half a pawn (the phase is just under full).
        let halved = plain - score(&v, full, (0.5, 1.0));
        assert!((pawn * 4 / 10..=pawn / 2).contains(&halved), "{halved} for a pawn of {pawn}");
        // The endgame share alone does not matter here ...
        assert!((score(&v, full, (1.0, 0.5)) - plain).abs() <= pawn / 20);
        // ... and is nearly all that matters with kings and two pawns
        // (the pawns themselves are a little material: the phase is 7/256).
        let ending = "4k3/8/8/8/8/8/PP6/4K3 w - - 0 1";
        let eg = |t| score(&v, ending, t) - score(&v, ending, (1.0, 1.0));
        assert!(eg((0.5, 1.0)).abs() <= pawn / 20, "{}", eg((0.5, 1.0)));
        assert!((eg((1.0, 0.5)) + pawn).abs() <= pawn / 20, "{} for a pawn of {pawn}", eg((1.0, 0.5)));
    }
}
