//! Atoms: what the capital letter (or explicit leap) of a move contributes
//! to every leg it names, and how a range after it limits the reach.

use super::family::{Class, Family};
use super::leg::Reach;
use crate::betza::ast::{self, AtomKind};
use crate::betza::BetzaError;

/// The meaning of one atom: its step family, how far it goes when no range
/// is given, and whether it is the castling atom `O` (which has no legs).
pub(super) struct AtomInfo {
    /// The eight step vectors.
    pub(super) family: Family,
    /// One step for leapers, unlimited for sliders.
    pub(super) default_reach: Reach,
    /// The atom is `O`.
    pub(super) castle: bool,
}

/// The meaning of `atom`, or why it has none (unknown or unsupported letter,
/// an extension where none applies, a leap too long for the board vectors).
pub(super) fn atom_info(atom: &ast::Atom) -> Result<AtomInfo, BetzaError> {
    let err = |m: &str| BetzaError::new(atom.span.start, atom.span.end, m.to_string());
    let (letter, ext) = match &atom.kind {
        AtomKind::Leap(a, b) => {
            let family = Family::leap(*a, *b).ok_or_else(|| err("the leap (0,0) goes nowhere"))?;
            return Ok(AtomInfo { family, default_reach: Reach::Steps(1), castle: false });
        }
        AtomKind::Letter { letter, extensions } => (*letter, extensions.as_str()),
    };
    match letter {
        'O' if !ext.is_empty() => return Err(err("castling (O) takes no X/Y extension")),
        'O' => {
            let family = Family::line(1, Class::KSystem);
            return Ok(AtomInfo { family, default_reach: Reach::Steps(1), castle: true });
        }
        'U' => {
            return Err(err(
                "the universal leaper U is not supported (it has no move generator in the Interactive Diagram either)",
            ))
        }
        'I' => return Err(err("the imitator I is not supported")),
        _ => {}
    }
    let (a, b, slider, k) = letter_shape(letter).ok_or_else(|| err("unknown atom"))?;
    if k && !ext.is_empty() {
        return Err(err("X/Y extensions do not apply to K or Q"));
    }
    let (a, b) = extended(a, b, ext);
    if a > 15 || b > 15 {
        return Err(err("leap too long"));
    }
    let family = if k { Family::line(1, Class::KSystem) } else { Family::leap(a, b).expect("non-zero") };
    Ok(AtomInfo { family, default_reach: if slider { Reach::Unlimited } else { Reach::Steps(1) }, castle: false })
}

/// The leap (a, b) of a letter atom, whether it slides, and whether it is of
/// the K system (K, Q: orthogonal and diagonal together); `None` for a letter
/// that is no stepping atom.
fn letter_shape(letter: char) -> Option<(u8, u8, bool, bool)> {
    Some(match letter {
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
        _ => return None,
    })
}

/// The leap after the `X`/`Y` extensions: `X` adds three to the second
/// coordinate, `Y` two to both. Saturating, so that a long run of
/// extensions is refused as too long instead of wrapping round to a short
/// leap (or panicking in a debug build).
fn extended(mut a: u8, mut b: u8, ext: &str) -> (u8, u8) {
    for e in ext.chars() {
        match e {
            'X' => b = b.saturating_add(3),
            _ => {
                a = a.saturating_add(2);
                b = b.saturating_add(2);
            }
        }
    }
    (a, b)
}

/// The reach a range after the atom gives (`R4`, `N0`, `WW`), or the atom's
/// default when there is none; `*` (up to mid-board) is refused.
pub(super) fn range_reach(r: Option<&ast::Range>, default: Reach) -> Result<Reach, BetzaError> {
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
