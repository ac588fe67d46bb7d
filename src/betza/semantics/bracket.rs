//! The bracket form (`[mW-cF]`, `[W?F]`): each leg names its own atom;
//! continuation legs turn in K-directions relative to the previous step,
//! and `-`/`?` links say whether the move must or may go on.

use super::atom::{atom_info, range_reach, AtomInfo};
use super::directions::{encode_qz, first_leg_dirs};
use super::family::Class;
use super::leg::{mode, Leg, Path};
use super::modifiers::{check_letters, dir_letters, leg_mode, motion};
use crate::betza::ast::{self, Link};
use crate::betza::BetzaError;

/// The path of a bracket move, or every problem in its legs with its span.
pub(super) fn bracket(b: &ast::BracketMove) -> Result<Path, Vec<BetzaError>> {
    let mut errs = Vec::new();
    if let Err(e) = check_letters(&b.prefix, true, false) {
        errs.extend(e);
    }
    let mut legs = Vec::with_capacity(b.legs.len());
    for i in 0..b.legs.len() {
        match leg(b, i) {
            Ok(l) => legs.push(l),
            Err(e) => errs.extend(e),
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

/// Leg `i` of a bracket move. The letters before the bracket belong to the
/// first leg (directions, and modes other than `m`/`c`).
fn leg(b: &ast::BracketMove, i: usize) -> Result<Leg, Vec<BetzaError>> {
    let l = &b.legs[i];
    let n = b.legs.len();
    check_letters(&l.modifiers, i == 0, i > 0)?;
    let info = leg_atom(l).map_err(|e| vec![e])?;
    let reach = range_reach(l.range.as_ref(), info.default_reach).map_err(|e| vec![e])?;
    let may_stop = i + 1 == n || b.legs[i + 1].link == Some(Link::Optional);
    let (dirs, default_dirs) = if i == 0 {
        (first_leg_dirs(&first_letters(b).map_err(|e| vec![e])?, &info.family), false)
    } else {
        continuation_dirs(l, &info).map_err(|e| vec![e])?
    };
    let mut md = leg_mode(&l.modifiers, may_stop);
    if i == 0 {
        md |= leg_mode(&b.prefix, may_stop) & !(mode::MOVE | mode::CAPTURE);
    }
    // A bracket leg with '?' after it is final and non-final at once: as
    // a final leg it defaults to m+c, as a non-final leg it goes on from
    // empty squares only (unless it says otherwise).
    Ok(Leg {
        family: info.family,
        dirs,
        default_dirs,
        relative: i > 0,
        kdir_turns: i > 0,
        bend_relative: l.modifiers.has('q') || l.modifiers.has('z'),
        reach,
        mode: md,
        motion: motion(&l.modifiers, i == 0),
        may_stop,
        may_continue: i + 1 < n,
    })
}

/// The atom of a bracket leg; castling cannot be one.
fn leg_atom(l: &ast::BracketLeg) -> Result<AtomInfo, BetzaError> {
    let info = atom_info(&l.atom)?;
    if info.castle {
        return Err(BetzaError::new(l.atom.span.start, l.atom.span.end, "castling (O) cannot be a bracket leg"));
    }
    Ok(info)
}

/// The first leg's direction letters: written before the bracket or inside
/// it, but not both.
fn first_letters(b: &ast::BracketMove) -> Result<Vec<char>, BetzaError> {
    let mut pre = dir_letters(&b.prefix);
    let mut letters = dir_letters(&b.legs[0].modifiers);
    if !pre.is_empty() && !letters.is_empty() {
        return Err(BetzaError::new(
            b.prefix.span.start,
            b.prefix.span.end,
            "give the first leg's directions either before the bracket or inside it, not both",
        ));
    }
    pre.append(&mut letters);
    Ok(pre)
}

/// The relative directions of a continuation leg and whether it names none
/// (then the compiler picks the "most similar" ones). Letters with `q`/`z`
/// depend on the previous leg's bend: see [`encode_qz`].
fn continuation_dirs(l: &ast::BracketLeg, info: &AtomInfo) -> Result<(u8, bool), BetzaError> {
    if info.family.class == Class::Oblique {
        return Err(BetzaError::new(
            l.atom.span.start,
            l.atom.span.end,
            "an oblique atom in a bracket continuation leg is not supported",
        ));
    }
    let letters: Vec<char> =
        l.modifiers.letters.iter().map(|m| m.letter).filter(|c| "fblrvshqz".contains(*c)).collect();
    if letters.is_empty() {
        Ok((0, true))
    } else {
        Ok((encode_qz(&letters), false))
    }
}
