//! Modifier letters: the lower-case letters before an atom (or inside a
//! bracket leg) that pick directions, say what the leg may do where it
//! lands, and how its steps bend; unsupported letters are refused here.

use super::leg::{mode, Motion};
use crate::betza::ast::Modifiers;
use crate::betza::BetzaError;

/// The letters that name directions (the rest name modes or motions).
const DIR_LETTERS: &str = "fblrvsh";

/// Direction letters of a modifier group, in order.
pub(super) fn dir_letters(m: &Modifiers) -> Vec<char> {
    m.letters.iter().map(|l| l.letter).filter(|c| DIR_LETTERS.contains(*c)).collect()
}

/// Refuses the letters with no meaning here: the unsupported ones anywhere,
/// `o` after the first leg, `z`/`q` in a continuation leg of an a-chain.
pub(super) fn check_letters(m: &Modifiers, first: bool, bracket_cont: bool) -> Result<(), Vec<BetzaError>> {
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

/// The [`mode`] flags of a leg: its letters, or the defaults (a final leg
/// moves and captures, a non-final one moves, a non-final hop ends on the
/// hurdle).
pub(super) fn leg_mode(m: &Modifiers, is_final: bool) -> u16 {
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

/// How the steps of a leg bend: only a first leg may be crooked or circular.
pub(super) fn motion(m: &Modifiers, first: bool) -> Motion {
    if first && m.has('z') {
        Motion::Crooked
    } else if first && m.has('q') {
        Motion::Circular
    } else {
        Motion::Straight
    }
}
