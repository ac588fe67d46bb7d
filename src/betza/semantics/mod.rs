//! Meaning of a Betza AST: abstract move paths, independent of any board.
//!
//! A [`Path`] is a chain of [`Leg`]s. A leg steps with a [`Family`] of eight
//! vectors in clockwise order; the first leg names absolute family indices
//! (for White — Black adds 4, a 180° turn), later legs name turns relative to
//! the previous leg. The compiler unrolls paths on a concrete board.
//!
//! One file per concept: `family` (step vectors and turns), `leg` (the
//! path types), `atom` (what a capital letter means), `modifiers` (what the
//! small letters mean), `directions` (direction letters as masks), and the
//! two written forms, `chain` (`mafsW`) and `bracket` (`[mW-cF]`).

mod atom;
mod bracket;
mod chain;
mod directions;
mod family;
mod leg;
mod modifiers;

pub use directions::{first_leg_dirs, k_system};
pub use family::{mirror_turns, passed_offsets, rotate, Class, Family, KDIRS};
pub use leg::{mode, Castle, Leg, Motion, Path, Reach};

use super::ast;
use super::BetzaError;

/// Turns a parsed piece into paths, or reports every construct that has no
/// meaning (or that we do not support) with its span.
pub fn paths(piece: &ast::Piece) -> Result<Vec<Path>, Vec<BetzaError>> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for m in &piece.moves {
        let r = match m {
            ast::Move::Chain(c) => chain::chain(c),
            ast::Move::Bracket(b) => bracket::bracket(b),
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
    fn many_extensions_are_too_long_not_wrapped() {
        let text = format!("W{}", "X".repeat(86));
        let e = paths(&parse(&text).unwrap()).unwrap_err();
        assert_eq!(e[0].message, "leap too long");
        let text = format!("F{}", "Y".repeat(130));
        assert_eq!(paths(&parse(&text).unwrap()).unwrap_err()[0].message, "leap too long");
    }

    #[test]
    fn unsupported_letters_are_errors_with_spans() {
        let e = paths(&parse("xW").unwrap()).unwrap_err();
        assert_eq!(e[0].start, 0);
        let e = paths(&parse("W*").unwrap()).unwrap_err();
        assert_eq!(e[0].start, 1);
    }
}
