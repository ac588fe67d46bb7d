//! `[flipping]` as Fairy-Stockfish's own flipping options, which its
//! built-in flipersi, flipello and flipello10 use (variant.cpp,
//! `flipersi_variant`), each with the meaning read from FSF's source:
//!
//! - `flipEnclosedPieces = reversi` turns the enclosed lines over,
//!   `= ataxx` the enemy pieces next to the destination;
//! - `enclosingDrop = reversi` allows only drops that enclose (position.h,
//!   `drop_region`: a queen ray through enemy pieces ending on one of the
//!   mover's pieces that is not adjacent), `= ataxx` only drops next to one
//!   of the mover's pieces;
//! - `enclosingDropStart`: while one of these squares is empty, drops go
//!   only there (`if (var->enclosingDropStart & ~pieces()) b &= …`), with
//!   no other condition, as our `first-cells`;
//! - `passOnStalemate`: a side without a move passes; two passes in a row
//!   end the game (position.cpp, `is_immediate_game_end`);
//! - `adjudicateFullBoard`: a full board ends the game;
//! - both ends are decided by `materialCounting = unweighted` (more pieces
//!   on the board wins, equal draws), our count.

use super::rules::squares;
use crate::game::rules::flipping::{DropRule, FlipRule};
use crate::variant::Variant;

/// The flipping lines of `v` (none without `[flipping]`); `problems` gets
/// what FSF cannot give with them.
pub(super) fn lines(v: &Variant, problems: &mut Vec<String>) -> Vec<String> {
    let Some(f) = &v.flipping else { return Vec::new() };
    let flip = match f.flip {
        FlipRule::Enclosed => "reversi",
        FlipRule::Adjacent => "ataxx",
    };
    let mut out = vec![format!("flipEnclosedPieces = {flip}")];
    match f.drops {
        DropRule::Any => {}
        DropRule::MustFlip if f.flip == FlipRule::Enclosed => out.push("enclosingDrop = reversi".into()),
        DropRule::MustFlip => problems.push(
            "flipping: drops that must turn an adjacent piece over (FSF's enclosingDrop has the Reversi line rule and Ataxx's next-to-own rule only)".into(),
        ),
        DropRule::NextToOwn => out.push("enclosingDrop = ataxx".into()),
    }
    if !f.first.is_empty() {
        if f.drops == DropRule::Any {
            // FSF reads enclosingDropStart only inside its enclosingDrop rule.
            problems.push(
                "flipping: first cells without a drop condition (FSF reads enclosingDropStart only with enclosingDrop)"
                    .into(),
            );
        }
        out.push(format!("enclosingDropStart = {}", squares(v, f.first.iter().copied())));
    }
    if f.pass_when_stuck {
        out.push("passOnStalemate = true".into());
    }
    if f.full_board_ends {
        out.push("adjudicateFullBoard = true".into());
    }
    out.push("materialCounting = unweighted".into());
    out
}
