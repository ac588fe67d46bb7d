//! Goals that end the game at once, judged on the position after a move:
//! n-check (`rules.check-limit`: the side that gives its n-th check wins,
//! the counters travel in the FEN as FSF writes them, `3+3`), and reaching a
//! region (`[[goals]]` with `piece` and `region`: king of the hill,
//! breakthrough).
//!
//! A position whose game has ended this way has no legal moves (FSF's perft
//! convention), and `Game::outcome` names the goal. Variants without goals
//! pay one predictable branch per move generation.

use crate::board::Cell;
use crate::game::outcome::Reason;
use crate::game::Side;
use crate::variant::diagnostics::Diagnostic;
use crate::variant::spec::{Reader, Spanned};

/// `[[goals]]` as written.
#[derive(Clone, Debug)]
pub struct GoalSpec {
    /// `piece`: the letter of the piece that must arrive.
    pub piece: Option<Spanned<String>>,
    /// `region`: where it must arrive.
    pub region: Option<Spanned<String>>,
    /// `name`: the reason shown in the result.
    pub name: Option<Spanned<String>>,
    /// `equalize`: Black may answer White's arrival by arriving too.
    pub equalize: bool,
    /// `safe`: the piece counts only while the opponent does not attack it.
    pub safe: bool,
    /// `held`: the piece counts once it has survived the opponent's reply.
    pub held: bool,
    /// The table.
    pub span: std::ops::Range<usize>,
}

/// A compiled region goal: a piece of `kind` of a side standing in that
/// side's part of `region` wins for that side.
#[derive(Clone, Debug)]
pub struct Goal {
    /// The piece kind.
    pub kind: u8,
    /// The region (index into `Variant::regions`).
    pub region: u8,
    /// The reason shown (`king of the hill`).
    pub name: std::sync::Arc<str>,
    /// The reason of a draw where both sides reached it (`… by both`).
    pub by_both: std::sync::Arc<str>,
    /// White's arrival gives Black one more move, and Black arriving with
    /// it draws (racing kings; Fairy-Stockfish's `flagMove`).
    pub equalize: bool,
    /// The arrived piece counts only while the opponent does not attack it
    /// (dobutsu's try; Fairy-Stockfish's `flagPieceSafe`).
    pub safe: bool,
    /// The arrived piece counts only when it still stands there at its
    /// side's next turn (Jeson Mor; Fairy-Stockfish's `flagMove` for a
    /// piece other than the king).
    pub held: bool,
}

impl Reader<'_> {
    /// Reads `[[goals]]`.
    pub(crate) fn goals(&mut self, root: &toml_edit::Table) -> Vec<GoalSpec> {
        let tables: Vec<toml_edit::Table> = match root.get("goals") {
            None => return Vec::new(),
            Some(toml_edit::Item::ArrayOfTables(a)) => a.iter().cloned().collect(),
            Some(other) => {
                let span = other.as_value().and_then(|v| v.span()).unwrap_or(0..0);
                self.push_error(span, "`goals` must be an array of tables ([[goals]])");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for t in &tables {
            let span = t.span().unwrap_or(0..0);
            for (k, _) in t.iter() {
                if !["piece", "region", "name", "equalize", "safe", "held"].contains(&k) {
                    let ks = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                    self.push_error(
                        ks,
                        format!("unknown key `{k}` in `goals`; known keys: piece, region, name, equalize, safe, held"),
                    );
                }
            }
            out.push(GoalSpec {
                piece: self.string(t, "piece", "goals.piece", true, &span),
                region: self.string(t, "region", "goals.region", true, &span),
                name: self.string(t, "name", "goals.name", false, &span),
                equalize: self.bool(t, "equalize", "goals.equalize", false),
                safe: self.bool(t, "safe", "goals.safe", false),
                held: self.bool(t, "held", "goals.held", false),
                span,
            });
        }
        out
    }
}

/// Resolves a piece letter to its kind, reporting a bad one.
pub type KindOf<'a> = dyn Fn(&Spanned<String>, &mut Vec<Diagnostic>) -> Option<u8> + 'a;

/// Compiles the goals: piece letters and region names resolved.
pub fn compile(
    specs: &[GoalSpec],
    kind_of: &KindOf<'_>,
    regions: &[super::regions::Region],
    d: &mut Vec<Diagnostic>,
) -> Vec<Goal> {
    let mut out = Vec::new();
    for g in specs {
        let kind = g.piece.as_ref().and_then(|p| kind_of(p, d));
        let region = g.region.as_ref().and_then(|r| super::regions::find(regions, r, d));
        if let (Some(kind), Some(region)) = (kind, region) {
            let name = g
                .name
                .as_ref()
                .map_or_else(|| format!("{} reached", regions[region as usize].name), |n| n.value.clone());
            let by_both = format!("{name} by both").into();
            out.push(Goal {
                kind,
                region,
                name: name.into(),
                by_both,
                equalize: g.equalize,
                safe: g.safe,
                held: g.held,
            });
        }
    }
    out
}

/// A hash key for "side `side` still has to give `left` checks", so that
/// positions differing only in the counters are different positions.
pub fn check_key(side: usize, left: u8) -> u64 {
    // splitmix64 of a value no other key uses.
    let mut z = 0xC4EC_0000_0000_0000u64 ^ ((side as u64) << 8) ^ left as u64;
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Whether some piece of `kind` and `side` stands in `region`'s part for
/// `side`: the cells of `occ` (that side's pieces) are tested one by one.
pub fn reached(
    region: &super::regions::Region,
    side: usize,
    occ: &[u64],
    kind_at: impl Fn(Cell) -> u8,
    kind: u8,
) -> bool {
    for (w, &bits) in occ.iter().enumerate() {
        let mut b = bits & region.word(side, w);
        while b != 0 {
            let c = (w * 64) as Cell + b.trailing_zeros() as Cell;
            b &= b - 1;
            if kind_at(c) == kind {
                return true;
            }
        }
    }
    false
}

impl crate::game::Position<'_> {
    /// Whether the game has ended at once by a goal: extinction of either
    /// side (`[extinction]`), an answered race (`equalize`), or, for the
    /// side that has just moved, its last check under `rules.check-limit`
    /// or a `[[goals]]` region. Returns the winner (`None`: drawn) and the
    /// reason shown, judged in Fairy-Stockfish's order.
    pub fn goal_reached(&mut self) -> Option<(Option<Side>, Reason)> {
        if let Some((w, why)) = self.extinction_reached() {
            return Some((w, Reason::Text(why)));
        }
        let v = self.variant();
        let stm = self.side();
        let mover = stm ^ 1;
        if let Some(f) = &v.flipping {
            return self.flipping_over(f).map(|(w, why)| (w, Reason::Fixed(why)));
        }
        if v.explosions.is_some() {
            return self.explosion_end().map(|(w, why)| (Some(w), Reason::Text(why)));
        }
        for g in v.goals.iter().filter(|g| g.equalize) {
            // The side to move arrived before the last move: that move was
            // the answer, and it drew only if it arrived too.
            if self.goal_holds(g, stm) {
                let both = stm == 0 && self.goal_holds(g, 1);
                return Some(if both {
                    (None, Reason::Text(g.by_both.clone()))
                } else {
                    (Some(stm), Reason::Text(g.name.clone()))
                });
            }
        }
        for g in v.goals.iter().filter(|g| g.safe) {
            // The side to move's piece arrived earlier, attacked, and is
            // safe now: it wins, unless the mover's is safe too (a draw).
            if self.goal_holds(g, stm) {
                let both = self.goal_holds(g, mover);
                return Some(if both {
                    (None, Reason::Text(g.by_both.clone()))
                } else {
                    (Some(stm), Reason::Text(g.name.clone()))
                });
            }
        }
        for g in v.goals.iter().filter(|g| g.held) {
            // The side to move's piece arrived earlier and is still there.
            if self.goal_holds(g, stm) {
                return Some((Some(stm), Reason::Text(g.name.clone())));
            }
        }
        if v.rules.check_limit > 0 && self.checks_left(mover) == 0 {
            // No text is made here: the search meets this end at many leaves.
            return Some((Some(mover), Reason::Checks(v.rules.check_limit as u32)));
        }
        for g in v.goals.iter().filter(|g| !g.held) {
            if self.goal_holds(g, mover) {
                // White arrived: Black may answer if it can arrive too.
                if g.equalize && mover == 0 && !self.in_check() && self.can_arrive(g) {
                    continue;
                }
                return Some((Some(mover), Reason::Text(g.name.clone())));
            }
        }
        None
    }

    /// Whether a piece of `g`'s kind of `side` stands in its part of the
    /// region (with `safe`: one that the other side does not attack).
    fn goal_holds(&self, g: &Goal, side: Side) -> bool {
        let kind_at = |c: Cell| crate::game::code_kind(self.at(c));
        let region = &self.variant().regions[g.region as usize];
        if !g.safe {
            return reached(region, side as usize, self.side_cells(side), kind_at, g.kind);
        }
        self.side_cells(side).iter().enumerate().any(|(w, &bits)| {
            let mut b = bits & region.word(side as usize, w);
            while b != 0 {
                let c = (w * 64) as Cell + b.trailing_zeros() as Cell;
                b &= b - 1;
                if kind_at(c) == g.kind && !self.is_attacked(c, side ^ 1) {
                    return true;
                }
            }
            false
        })
    }

    /// Whether the side to move has a legal move of `g`'s piece into its
    /// part of the region (the goals themselves not judged).
    fn can_arrive(&mut self, g: &Goal) -> bool {
        let mut moves = Vec::new();
        self.royal_safe_moves(&mut moves);
        if self.variant().rules.move_filters {
            self.filter_moves(&mut moves);
        }
        let region = &self.variant().regions[g.region as usize];
        let side = self.side() as usize;
        moves.iter().any(|m| {
            m.kind != crate::game::MoveKind::Drop
                && crate::game::code_kind(self.at(m.from)) == g.kind
                && region.contains(side, m.to)
        })
    }
}
