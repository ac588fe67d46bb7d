//! Petrification, as Fairy-Stockfish's `petrifyOnCaptureTypes` (its
//! `petrified`): a piece with `pieces.*.petrify-on-capture = true` turns
//! into a wall on the cell where it captured. The wall is the walls family's
//! piece (`*`: immobile, White's, capturable by nobody, see
//! `game::rules::walls`), added by the loader when no `[walls]` table has
//! added it already, so it blocks lines and screens hoppers with the
//! existing move code and the FEN writes it as FSF does.
//!
//! Only captures change: `make` swaps the capturer on its destination for a
//! wall, and `unmake` needs nothing new (it lifts whatever stands on the
//! destination). Legality needs nothing new either: the wall fills the same
//! cell the capturer would, so it shields and blocks the same lines. A
//! capture by a pawn that promotes does not petrify (FSF judges the kind
//! that moved). Variants without it pay one branch per capture in `make`.
//!
//! A royal piece may not petrify: it would vanish by its own capture. FSF's
//! petrified king is a pseudo-royal that therefore never captures; Rookery
//! writes that king as a move-only king (`mK`), see `definitions/petrified.toml`.

use crate::game::{code_kind, piece_code, Position, WHITE};
use crate::variant::diagnostics::Diagnostic;
use crate::variant::spec::PieceSpec;

/// Compiled petrification.
#[derive(Clone, Copy, Debug)]
pub struct Petrify {
    /// The kinds (bits) that turn into a wall after capturing.
    pub kinds: u64,
    /// The board byte of a wall.
    pub wall: u8,
}

/// The kinds of `pieces` (in definition order) marked
/// `petrify-on-capture`, as bits; royal ones are refused with an error.
pub fn kinds(pieces: &[PieceSpec], d: &mut Vec<Diagnostic>) -> u64 {
    let mut bits = 0u64;
    for (k, p) in pieces.iter().enumerate() {
        let Some(flag) = p.petrify_on_capture.as_ref().filter(|f| f.value) else { continue };
        if p.royal {
            d.push(Diagnostic::error(
                flag.span.clone(),
                format!(
                    "`{}` is royal and may not petrify: it would vanish by its own capture (a royal piece that never captures is written with move-only steps, `mK`)",
                    p.id.value
                ),
            ));
        } else if k < 64 {
            bits |= 1 << k;
        }
    }
    bits
}

impl Petrify {
    /// Compiled from the kind bits and the wall's kind.
    pub fn new(kinds: u64, wall_kind: u8) -> Petrify {
        Petrify { kinds, wall: piece_code(wall_kind, WHITE) }
    }

    /// The wall's kind.
    pub fn wall_kind(&self) -> u8 {
        code_kind(self.wall)
    }
}

impl Position<'_> {
    /// After a capture on `to` by `piece` (its board byte before any
    /// promotion): a petrifying kind turns into a wall there.
    #[inline]
    pub(in crate::game) fn petrify(&mut self, p: &Petrify, piece: u8, to: crate::board::Cell) {
        if p.kinds & (1 << code_kind(piece)) != 0 {
            self.take(to);
            self.put(to, p.wall);
        }
    }
}

/// Petrification in words, for the exporters (one line, or none).
pub fn export_problems(v: &crate::variant::Variant) -> Vec<String> {
    let Some(p) = &v.petrify else { return Vec::new() };
    let names: Vec<&str> =
        v.pieces.iter().enumerate().filter(|(k, _)| p.kinds & (1 << k) != 0).map(|(_, q)| q.name.as_str()).collect();
    vec![format!("petrification (a capturing {} turns into a wall, `*`)", names.join(", "))]
}
