//! Threats on pieces, from the attacks the activity walk already makes
//! (`activity.rs` walks every piece's own compiled moves over the board):
//! an enemy piece that a lower-valued piece can capture, and an enemy piece
//! that can be captured and that nothing of its side guards (hanging).
//! Stockfish's classical evaluation found such threats a large term; here
//! the weights follow from the pieces' values alone, so nothing is per
//! variant. The quiescence search settles the side to move's own captures,
//! but not two pieces attacked at once, nor what the side to move must
//! answer: that is what this term sees.

use super::weights::Weights;
use crate::game::{code_kind, Position};

/// Words of a cell set (boards up to 256 cells; larger boards get no
/// threat term).
pub(super) const WORDS: usize = 4;

/// A set of cells, one bit each.
pub(super) type Bits = [u64; WORDS];

/// What a threat on each piece code is worth (see [`Weights`]): attacked by
/// a lower-valued piece, `lower_base` plus `lower_share` of the victim's
/// value, at most `lower_max` (a threat is met by moving away, so it is
/// worth a tempo, not the piece); attacked and unguarded (hanging),
/// `hanging_base` plus `hanging_share` of its value. Royal pieces 0: checks
/// are the search's business.
#[derive(Clone, Debug)]
pub(super) struct Bonus {
    lower: Vec<i32>,
    hanging: Vec<i32>,
}

impl Bonus {
    /// The bonuses for pieces worth `values` (per code, royal pieces 0).
    pub(super) fn new(values: &[i32], w: &Weights) -> Bonus {
        let of = |v: i32, base: f64, share: f64| {
            if v == 0 {
                0
            } else {
                Weights::int(base) + (v as f64 * share + 1e-9).floor() as i32
            }
        };
        let max = Weights::int(w.lower_max);
        Bonus {
            lower: values.iter().map(|&v| of(v, w.lower_base, w.lower_share).min(max)).collect(),
            hanging: values.iter().map(|&v| of(v, w.hanging_base, w.hanging_share)).collect(),
        }
    }
}

/// Attacks on pieces found by one evaluation's walk, per attacking side.
#[derive(Default)]
pub(super) struct Attacks {
    /// Enemy pieces this side can capture.
    attacked: [Bits; 2],
    /// Enemy pieces this side can capture with a lower-valued piece.
    weak: [Bits; 2],
    /// Own pieces this side guards (could recapture on).
    guarded: [Bits; 2],
}

/// Sets bit `c` of `b`.
#[inline]
fn set(b: &mut Bits, c: usize) {
    // (`c` is below `64 * WORDS`: the `% WORDS` only spares a bounds check.)
    b[c / 64 % WORDS] |= 1 << (c % 64);
}

impl Attacks {
    /// Notes that a piece of side `s` worth `value` can capture on `c`,
    /// which holds `victim` (a piece code) worth `victim_value`, or guards
    /// it when the victim is its own (`own`). `c` is below `64 * WORDS`.
    #[inline]
    pub(super) fn note(&mut self, s: usize, c: usize, own: bool, value: i32, victim_value: i32) {
        if own {
            set(&mut self.guarded[s], c);
        } else {
            set(&mut self.attacked[s], c);
            if value < victim_value {
                set(&mut self.weak[s], c);
            }
        }
    }

    /// The threat bonus of each side (what its attacks on the other side's
    /// pieces are worth).
    pub(super) fn score(&self, pos: &Position<'_>, bonus: &Bonus) -> [i32; 2] {
        let mut out = [0; 2];
        for (s, total) in out.iter_mut().enumerate() {
            for w in 0..WORDS {
                let weak = self.weak[s][w];
                let mut hit = weak | (self.attacked[s][w] & !self.guarded[s ^ 1][w]);
                while hit != 0 {
                    let b = hit.trailing_zeros();
                    hit &= hit - 1;
                    let code = pos.at((w * 64) as u16 + b as u16) as usize;
                    *total += if weak >> b & 1 != 0 { bonus.lower[code] } else { bonus.hanging[code] };
                }
            }
        }
        out
    }
}

/// Each piece code's value for the threat terms: the kind's value, royal
/// pieces 0 as victims (see [`Bonus`]).
pub(super) fn code_values(values: &[i32], codes: usize) -> Vec<i32> {
    (0..codes).map(|code| if code == 0 { 0 } else { values[code_kind(code as u8) as usize] }).collect()
}

#[cfg(test)]
mod tests {
    use super::super::activity::Activity;
    use super::super::eval::piece_values;
    use super::*;
    use crate::variant::{builtin, load_str, Variant};

    fn chess() -> Variant {
        load_str(builtin::text("chess").unwrap()).unwrap().0
    }

    /// White's activity minus Black's (threats included), middlegame.
    fn white_minus_black(v: &Variant, fen: &str) -> i32 {
        let a = Activity::new(v, &piece_values(v), &Weights::DEFAULT).unwrap();
        a.score(&Position::from_fen(v, fen).unwrap(), 0, [256, 256])
    }

    fn value(v: &Variant, letter: char) -> i32 {
        piece_values(v)[v.kind_of_letter(letter).unwrap() as usize]
    }

    #[test]
    fn a_piece_attacked_by_a_pawn_is_a_threat() {
        let v = chess();
        // The pawn on e3 attacks the knight on d4; on h3 it does not. No
        // other attack or mobility differs between the two.
        let attacked = white_minus_black(&v, "4k3/8/8/8/3n4/4P3/8/4K3 w - - 0 1");
        let apart = white_minus_black(&v, "4k3/8/8/8/3n4/7P/8/4K3 w - - 0 1");
        let w = Weights::DEFAULT;
        let bonus = (w.lower_base as i32 + (value(&v, 'N') as f64 * w.lower_share) as i32).min(w.lower_max as i32);
        assert_eq!(attacked - apart, bonus);
        // The mirror image: Black's pawn threatens White's knight.
        let mirrored = white_minus_black(&v, "4k3/8/4p3/3N4/8/8/8/4K3 w - - 0 1");
        let mirrored_apart = white_minus_black(&v, "4k3/8/7p/3N4/8/8/8/4K3 w - - 0 1");
        assert_eq!(mirrored - mirrored_apart, -bonus);
    }

    #[test]
    fn an_unguarded_piece_is_hanging_and_a_guard_removes_it() {
        let v = chess();
        // The rook on a1 attacks the knight on a4: a rook is worth more, so
        // only an unguarded knight is a target.
        let hanging = white_minus_black(&v, "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1");
        let guarded = white_minus_black(&v, "4k3/8/8/1p6/n7/8/8/R3K3 w - - 0 1");
        let w = Weights::DEFAULT;
        assert_eq!(hanging - guarded, w.hanging_base as i32 + (value(&v, 'N') as f64 * w.hanging_share) as i32);
    }

    #[test]
    fn royal_pieces_are_no_victims_and_no_cheap_attackers() {
        let v = chess();
        // The king on e1 next to a guarded knight on d2: no threat; the
        // knight unguarded: hanging (not "attacked by a lower piece").
        let guarded = white_minus_black(&v, "4k3/8/8/8/8/4p3/3n4/4K3 w - - 0 1");
        let alone = white_minus_black(&v, "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1");
        let pawn_only = white_minus_black(&v, "4k3/8/8/8/8/4p3/8/4K3 w - - 0 1");
        let nothing = white_minus_black(&v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let knight = value(&v, 'N');
        // The pawn on e3 alone is attacked by nothing; it only guards d2.
        assert_eq!(pawn_only, nothing);
        let w = Weights::DEFAULT;
        let hanging = w.hanging_base as i32 + (knight as f64 * w.hanging_share) as i32;
        assert_eq!((alone - guarded) - (nothing - pawn_only), hanging);
        // A check on a king is no threat term: a rook giving check.
        let check = white_minus_black(&v, "4k3/8/8/8/8/8/8/K3R3 b - - 0 1");
        let beside = white_minus_black(&v, "3k4/8/8/8/8/8/8/K3R3 b - - 0 1");
        assert_eq!(check, beside);
    }
}
