//! What the evaluation learns from the definition's goals, so that it
//! steers toward the way this variant is won: where losing every piece wins
//! (antichess, giveaway, suicide, losers: an extinction rule of all pieces
//! with the value "win"), material counts against its owner; a piece that
//! wins by reaching a region (king of the hill, racing kings) gains as it
//! comes nearer; under n-check every check given is worth more the fewer
//! remain. Nothing here names a variant.

use crate::game::{code_kind, Position};
use crate::variant::{EndValue, Variant};

use super::weights::Weights;

/// The goal terms of one variant.
#[derive(Clone, Debug)]
pub struct GoalTerms {
    /// +1, or -1 where losing all one's pieces wins.
    pub material_sign: i32,
    /// Per (piece code, cell): the bonus for nearness to the piece's goal
    /// region; empty when the variant has no region goal.
    near: Vec<i32>,
    cells: usize,
    /// n-check: the number of checks that wins (0: no such rule).
    check_limit: i32,
    /// What the last check but one is worth ([`Weights::check_near`]).
    check_near: i32,
}

impl GoalTerms {
    /// The terms for `v` with the weights `w`.
    pub fn new(v: &Variant, w: &Weights) -> GoalTerms {
        let losing_wins = v.extinction.as_ref().is_some_and(|e| e.all && e.value == EndValue::Win);
        GoalTerms {
            material_sign: if losing_wins { -1 } else { 1 },
            near: region_nearness(v, Weights::int(w.goal_near)),
            cells: v.tables.cells,
            check_limit: v.rules.check_limit as i32,
            check_near: Weights::int(w.check_near),
        }
    }

    /// The goal bonus of `side` (region nearness and checks given).
    pub fn score(&self, pos: &Position<'_>, side: usize) -> i32 {
        let mut s = 0;
        if !self.near.is_empty() {
            for c in 0..self.cells {
                let code = pos.at(c as u16);
                if code != 0 && (code - 1) as usize & 1 == side {
                    s += self.near[code as usize * self.cells + c];
                }
            }
        }
        if self.check_limit > 1 {
            let given = self.check_limit - pos.checks_left(side as u8) as i32;
            s += self.check_near * given * given / ((self.check_limit - 1) * (self.check_limit - 1));
        }
        s
    }

    /// Whether any goal term applies (else [`GoalTerms::score`] is 0).
    pub fn any(&self) -> bool {
        !self.near.is_empty() || self.check_limit > 1
    }
}

/// Per (piece code, cell): `goal_near` (what standing next to the region
/// is worth) scaled by the square of how near
/// (in king steps) the cell is to the nearest cell of the piece's goal
/// region for its side; 0 on the region itself (arriving ends the game).
fn region_nearness(v: &Variant, goal_near: i32) -> Vec<i32> {
    if v.goals.is_empty() {
        return Vec::new();
    }
    let cells = v.tables.cells;
    let span = v.grid.files().max(v.grid.ranks()).max(2) as i32;
    let mut near = vec![0; (1 + 2 * v.pieces.len()) * cells];
    for g in &v.goals {
        let region = &v.regions[g.region as usize];
        for side in 0..2usize {
            let code = crate::game::piece_code(g.kind, side as u8) as usize;
            debug_assert_eq!(code_kind(code as u8), g.kind);
            for c in 0..cells as u16 {
                let (x, y) = v.grid.coords(c);
                let dist = region
                    .cells(side)
                    .map(|r| {
                        let (rx, ry) = v.grid.coords(r);
                        (rx as i32 - x as i32).abs().max((ry as i32 - y as i32).abs())
                    })
                    .min();
                let Some(dist) = dist.filter(|&d| d > 0) else { continue };
                let closeness = (span - dist).max(0);
                near[code * cells + c as usize] += goal_near * closeness * closeness / ((span - 1) * (span - 1));
            }
        }
    }
    near
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{builtin, load_str};

    fn terms(name: &str) -> (Variant, GoalTerms) {
        let (v, _) = load_str(builtin::text(name).unwrap()).unwrap();
        let t = GoalTerms::new(&v, &Weights::DEFAULT);
        (v, t)
    }

    #[test]
    fn material_counts_against_its_owner_only_where_losing_everything_wins() {
        for (name, sign) in [("antichess", -1), ("giveaway", -1), ("suicide", -1), ("losers", -1), ("chess", 1)] {
            assert_eq!(terms(name).1.material_sign, sign, "{name}");
        }
        // Extinction that loses (of the kings, or of all pieces) is no reason to give material away.
        assert_eq!(terms("extinction").1.material_sign, 1);
    }

    #[test]
    fn a_king_heading_for_the_hill_gains_as_it_nears() {
        let (v, t) = terms("kingofthehill");
        let k = crate::game::piece_code(v.kind_of_letter('K').unwrap(), 0) as usize;
        let at = |cell: &str| t.near[k * t.cells + v.grid.parse(cell).unwrap() as usize];
        assert!(at("e1") < at("e2") && at("e2") < at("e3"), "{} {} {}", at("e1"), at("e2"), at("e3"));
        assert_eq!(at("e4"), 0, "on the hill the game is over");
        assert!(terms("chess").1.near.is_empty(), "no goal, no table");
    }
}
