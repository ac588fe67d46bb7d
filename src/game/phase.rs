//! The deployment phase: posting pieces from the hand, and the optional
//! posting constraints a rule module can switch on (TigerChess's Dragon,
//! Symmetrical and Royal Guard wing rules are built from these).

use super::{code_kind, code_side, Position, Side};
use crate::board::Cell;

/// How the second poster's "before others" piece (TigerChess's Royal Guard)
/// must relate to the first poster's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WingRule {
    /// Anywhere allowed.
    #[default]
    Any,
    /// On the same wing (board half by file) as the opponent's.
    Same,
    /// On the other wing.
    Different,
}

/// Constraints on postings, beyond the cells the definition allows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PostingRules {
    /// All posted pieces (other than "before others" ones) of both sides
    /// stand on one colour family: the colour of each side's own pieces of
    /// kind `.0` (e.g. Barons), or of kind `.1` (Baronesses), whichever the
    /// first posting chose.
    pub colour_family: Option<(u8, u8)>,
    /// The second poster must mirror (same file, rank reflected) each
    /// posting of the first poster.
    pub mirror: bool,
    /// Wing rule for "before others" pieces.
    pub wing: WingRule,
}

impl PostingRules {
    /// Whether no constraint is on.
    pub fn is_free(&self) -> bool {
        *self == PostingRules::default()
    }
}

fn colour(pos: &Position<'_>, c: Cell) -> u8 {
    let (x, y) = pos.variant().grid.coords(c);
    ((x + y) % 2) as u8
}

fn mirror(pos: &Position<'_>, c: Cell) -> Option<Cell> {
    let g = &pos.variant().grid;
    let (x, y) = g.coords(c);
    g.at(x as i32, g.ranks() as i32 - 1 - y as i32)
}

/// Whether posting a piece of `kind` on `cell` by the side to move obeys
/// the position's posting rules.
pub fn posting_allowed(pos: &Position<'_>, kind: u8, cell: Cell) -> bool {
    let rules = pos.posting;
    if rules.is_free() {
        return true;
    }
    let v = pos.variant();
    let Some(dep) = &v.deployment else { return true };
    let side = pos.side();
    let before = dep.posts.iter().any(|p| p.kind == kind && p.before_others);
    let posted_kinds: Vec<u8> = dep.posts.iter().filter(|p| !p.before_others).map(|p| p.kind).collect();
    let n = v.grid.len() as Cell;
    let find =
        |k: u8, s: Side| (0..n).find(|&c| pos.at(c) != 0 && code_kind(pos.at(c)) == k && code_side(pos.at(c)) == s);
    if before {
        if rules.wing == WingRule::Any || side == dep.first {
            return true;
        }
        let Some(theirs) = find(kind, side ^ 1) else { return true };
        let half = v.grid.files() / 2;
        let wing = |c: Cell| v.grid.coords(c).0 < half;
        return match rules.wing {
            WingRule::Same => wing(cell) == wing(theirs),
            WingRule::Different => wing(cell) != wing(theirs),
            WingRule::Any => true,
        };
    }
    if let Some((a, b)) = rules.colour_family {
        // The first posted piece on the board fixes the family.
        let first_posted = (0..n).find(|&c| pos.at(c) != 0 && posted_kinds.contains(&code_kind(pos.at(c))));
        if let Some(p) = first_posted {
            let ps = code_side(pos.at(p));
            let family = match (find(a, ps), find(b, ps)) {
                (Some(ca), _) if colour(pos, ca) == colour(pos, p) => a,
                (_, Some(cb)) if colour(pos, cb) == colour(pos, p) => b,
                _ => a,
            };
            if let Some(anchor) = find(family, side) {
                if colour(pos, anchor) != colour(pos, cell) {
                    return false;
                }
            }
        }
    }
    if rules.mirror && side != dep.first {
        // Every posting of ours must answer an unanswered posting of theirs.
        let unanswered: Vec<Cell> = (0..n)
            .filter(|&c| {
                pos.at(c) != 0 && code_side(pos.at(c)) != side && posted_kinds.contains(&code_kind(pos.at(c))) && {
                    mirror(pos, c).is_some_and(|m| pos.at(m) == 0 || code_side(pos.at(m)) != side)
                }
            })
            .collect();
        if !unanswered.iter().any(|&c| mirror(pos, c) == Some(cell)) {
            return false;
        }
    }
    true
}
