//! The a-chain form (`mafsW`, `cabK`, `O2`): one atom for every leg, legs
//! joined by `a`, later legs turning relative to the one before.

use super::atom::{atom_info, range_reach, AtomInfo};
use super::directions::{first_leg_dirs, k_system};
use super::leg::{mode, Castle, Leg, Path, Reach};
use super::modifiers::{check_letters, dir_letters, leg_mode, motion};
use crate::betza::ast;
use crate::betza::BetzaError;

/// The path of an a-chain, or every problem in it with its span.
pub(super) fn chain(c: &ast::ChainMove) -> Result<Path, Vec<BetzaError>> {
    let info = atom_info(&c.atom).map_err(|e| vec![e])?;
    // Crooked and circular riders ride unless a range says otherwise.
    let bent = c.legs[0].has('z') || c.legs[0].has('q');
    let default_reach = if bent { Reach::Unlimited } else { info.default_reach };
    let reach = range_reach(c.range.as_ref(), default_reach).map_err(|e| vec![e])?;
    check_all_letters(c)?;
    if info.castle {
        return castle(c);
    }
    let first = &c.legs[0];
    let legs = legs(c, &info, reach);
    let letters = dir_letters(first).into_iter().collect();
    Ok(Path { legs, initial: first.has('i'), cylinder: first.has('o'), castle: None, letters, span: c.span })
}

/// Refuses the letters no leg may carry, reporting all of them.
fn check_all_letters(c: &ast::ChainMove) -> Result<(), Vec<BetzaError>> {
    let mut errs = Vec::new();
    for (i, m) in c.legs.iter().enumerate() {
        if let Err(e) = check_letters(m, i == 0, false) {
            errs.extend(e);
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

/// Castling (`O`, `O2`, `lO3`…): a path with no legs, made by an unmoved
/// piece; the number is how far the king travels, sideways only.
fn castle(c: &ast::ChainMove) -> Result<Path, Vec<BetzaError>> {
    if c.legs.len() > 1 {
        return Err(vec![BetzaError::new(c.span.start, c.span.end, "castling (O) cannot be part of a multi-leg move")]);
    }
    let travel = match c.range {
        None => 1,
        Some(ast::Range::Count(0, s)) => return Err(vec![BetzaError::new(s.start, s.end, "O0 castles nowhere")]),
        Some(ast::Range::Count(n, _)) => n,
        Some(ast::Range::Doubled(s) | ast::Range::Star(s)) => {
            return Err(vec![BetzaError::new(s.start, s.end, "castling takes a plain number")])
        }
    };
    let letters = dir_letters(&c.legs[0]);
    let dirs = if letters.is_empty() { 0b0100_0100 } else { k_system(&letters) & 0b0100_0100 };
    Ok(Path {
        legs: Vec::new(),
        initial: true,
        cylinder: false,
        castle: Some(Castle { travel, dirs }),
        letters: letters.iter().collect(),
        span: c.span,
    })
}

/// The legs of an a-chain. A `y` or `g` leg toggles leaper/slider for the
/// legs after it; an `i` on a later leg repeats the previous leg's length.
fn legs(c: &ast::ChainMove, info: &AtomInfo, mut reach: Reach) -> Vec<Leg> {
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
    legs
}
