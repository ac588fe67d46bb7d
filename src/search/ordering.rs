//! Move ordering and its memory: the hash move, MVV-LVA captures,
//! killers and the history table (rewarded on cut-offs).

use super::conthist::Slot;
use super::*;

impl Searcher {
    /// A quiet move caused a cut-off: remember it as a killer, in the
    /// history table and in the continuation history after the moves one
    /// and two plies before (`conts`). The quiet moves tried before it,
    /// which did not cut, lose as much. The move also becomes the answer
    /// to the last move (`counter`: its countermove slot).
    pub(super) fn reward(
        &mut self,
        pos: &Position<'_>,
        m: Move,
        (depth, ply): (i32, usize),
        tried: &TriedMoves,
        (counter, conts): (Option<usize>, [Option<Slot>; 2]),
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some(slot) = counter {
            self.counter[slot] = Some(m);
        }
        let bonus = history_bonus(depth);
        for q in tried.moves() {
            let slot = self.slot_of(pos, q);
            let b = if *q == m { bonus } else { -bonus };
            gravity(&mut self.history[slot], b, HISTORY_MAX);
            for prev in conts {
                self.cont.update(prev, slot, b);
            }
        }
    }

    /// Capture history after a cut-off at `depth`: a bonus to the capture
    /// `best` that made it (none when a quiet move did), a malus to the
    /// other captures and promotions searched before it. (Its bonus grows
    /// with the square of the depth, as the quiet history's did before
    /// [`history_bonus`]: the two were measured so.)
    pub(super) fn reward_captures(&mut self, pos: &Position<'_>, best: Option<Move>, depth: i32, tried: &TriedMoves) {
        let bonus = (24 * depth * depth).min(3000);
        for q in tried.moves() {
            let b = if Some(*q) == best { bonus } else { -bonus };
            let slot = self.capture_slot(pos, q);
            gravity(&mut self.capture_history[slot], b, HISTORY_MAX);
        }
    }

    /// A capture's history slot: its history slot and the kind it takes
    /// ([`victim_kind`]; the last kind for a promotion that takes nothing).
    #[inline]
    pub(super) fn capture_slot(&self, pos: &Position<'_>, m: &Move) -> usize {
        let kind = victim_kind(pos, m).map_or(self.victims - 1, |k| k as usize);
        self.slot_of(pos, m) * self.victims + kind
    }

    /// A move's history slot: its mover and its destination.
    #[inline]
    pub(super) fn slot_of(&self, pos: &Position<'_>, m: &Move) -> Slot {
        mover_code(pos, m) as usize * self.cells + m.to as usize
    }

    /// The slots of the moves made one and two plies before `ply` in the
    /// current line (none before the root, nor for a null move).
    pub(super) fn earlier_moves(&self, ply: usize) -> [Option<Slot>; 2] {
        let at = |back: usize| if ply >= back { self.moved[ply - back] } else { None };
        [at(1), at(2)]
    }

    /// The countermove slot of the position: the piece that made the last
    /// move and where it went (`None` at the root of a game).
    pub(super) fn counter_slot(&self, game: &Game<'_>) -> Option<usize> {
        let (last, _) = game.history.last()?;
        let code = game.pos.at(last.to) as usize;
        (code != 0).then_some(code * self.cells + last.to as usize)
    }

    pub(super) fn is_quiet(&self, pos: &Position<'_>, m: &Move) -> bool {
        m.promo == 0 && victim_value(pos, m, &self.eval.values) == 0 && !is_capture(pos, m)
    }

    /// Scores moves for ordering: hash move, then captures and promotions
    /// by MVV-LVA plus their capture history, killers, the countermove,
    /// then quiet moves by history and continuation history after the
    /// moves `conts`.
    /// `judged`: every capture and promotion in `moves` is known not to
    /// lose material in the exchange (quiescence kept no other), so the
    /// exchange is not worked out a second time.
    pub(super) fn order(
        &self,
        pos: &mut Position<'_>,
        moves: &[Move],
        scores: &mut Vec<i32>,
        (hash, counter, conts): (Option<Move>, Option<Move>, [Option<Slot>; 2]),
        ply: usize,
        judged: bool,
    ) {
        scores.clear();
        let vals = &self.eval.values;
        for m in moves {
            let s = if Some(*m) == hash {
                HASH_ORDER
            } else if is_capture(pos, m) || m.promo != 0 && m.kind != MoveKind::Drop {
                let attacker = vals[code_kind(mover_code(pos, m)) as usize];
                // A promotion gains its piece; so does a gating move (the piece entering).
                let promo = match crate::game::rules::gating::gate(m) {
                    Some((k, _)) => vals[k as usize],
                    None if m.promo != 0 && m.kind != MoveKind::Drop => vals[m.promo as usize - 1],
                    None => 0,
                };
                let gain = (victim_value(pos, m, vals) + promo) * 64 - attacker;
                // A likely losing trade (a dearer piece onto a defended
                // cell) is tried after the quiet moves.
                let gated = m.kind == MoveKind::Gate && promo != 0;
                let losing = !gated && !judged && self.see_below(pos, m, 0);
                let gain = gain + self.capture_history[self.capture_slot(pos, m)];
                if losing {
                    -(1 << 24) + gain
                } else {
                    (1 << 24) + gain
                }
            } else if self.killers[ply][0] == Some(*m) {
                (1 << 23) + 1
            } else if self.killers[ply][1] == Some(*m) {
                1 << 23
            } else if counter == Some(*m) {
                (1 << 23) - 1
            } else {
                let slot = self.slot_of(pos, m);
                self.history[slot] + self.cont.get(conts[0], slot) + self.cont.get(conts[1], slot)
            };
            scores.push(s);
        }
    }
}

impl Searcher {
    /// Whether the static exchange of `m` falls below `threshold`
    /// (never where exchanges are not judged, see `see_on`).
    pub(super) fn see_below(&self, pos: &mut Position<'_>, m: &Move, threshold: i32) -> bool {
        if !self.see_on {
            return false;
        }
        // Whatever follows, the mover loses at most itself.
        let floor = victim_value(pos, m, &self.see_values) - self.see_values[code_kind(mover_code(pos, m)) as usize];
        if floor >= threshold && (m.promo == 0 || m.kind == MoveKind::Drop) {
            return false;
        }
        pos.see(*m, &self.see_values) < threshold
    }
}

/// What a quiet move that cut off at `depth` adds to its history (the
/// others tried lose as much): Stockfish's `stat_bonus`, mostly linear in
/// the depth, so the many cut-offs near the leaves teach the tables too
/// (a square law gave a depth-1 cut 24, a depth-8 one 1 536).
pub(super) fn history_bonus(depth: i32) -> i32 {
    (6 * depth * depth + 229 * depth - 215).clamp(20, 3000)
}

/// Adds `bonus` (negative: a malus) to the history entry `h`, the less
/// the nearer `h` is to its bound `max` (history gravity): old successes
/// fade as new ones come, and no entry leaves `-max..=max`. Every history
/// table (plain, capture, continuation) learns so.
#[inline]
pub(super) fn gravity(h: &mut i32, bonus: i32, max: i32) {
    *h += bonus - *h * bonus.abs() / max;
}

/// Bound of a history score (see `reward`).
const HISTORY_MAX: i32 = 1 << 14;

/// Moves a node tried, the first 64: its quiet ones for the history
/// malus, its captures and promotions for the capture history's.
pub(super) struct TriedMoves {
    list: [Option<Move>; 64],
    len: usize,
}

impl TriedMoves {
    pub(super) fn new() -> TriedMoves {
        TriedMoves { list: [None; 64], len: 0 }
    }

    pub(super) fn push(&mut self, m: Move) {
        if self.len < self.list.len() {
            self.list[self.len] = Some(m);
            self.len += 1;
        }
    }

    pub(super) fn moves(&self) -> impl Iterator<Item = &Move> {
        self.list[..self.len].iter().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{builtin, load_str};

    #[test]
    fn a_quiet_move_that_cut_after_a_move_is_ordered_first_after_that_move_only() {
        let (v, _) = load_str(builtin::text("chess").unwrap()).unwrap();
        let mut s = Searcher::new(&v, 1);
        let start = Position::from_fen(&v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        let mut white = Vec::new();
        start.clone().legal_moves(&mut white);
        let find = |list: &[Move], from: u16, to: u16| *list.iter().find(|m| m.from == from && m.to == to).unwrap();
        let cell = |name: &str| v.grid.parse(name).unwrap();
        let (e4, d4) = (find(&white, cell("e2"), cell("e4")), find(&white, cell("d2"), cell("d4")));
        let (after_e4, after_d4) = (s.slot_of(&start, &e4), s.slot_of(&start, &d4));
        let mut pos = Position::from_fen(&v, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        let mut black = Vec::new();
        pos.legal_moves(&mut black);
        let h6 = find(&black, cell("h7"), cell("h6"));
        let mut tried = TriedMoves::new();
        tried.push(h6);
        // h6 refuted 1.e4 (at ply 1, searched well: depth 8) several times.
        for _ in 0..4 {
            s.reward(&pos, h6, (8, 1), &tried, (None, [Some(after_e4), None]));
        }
        let rank = |s: &Searcher, pos: &mut Position<'_>, prev: usize| {
            let mut scores = Vec::new();
            s.order(pos, &black, &mut scores, (None, None, [Some(prev), None]), 5, false);
            let h = scores[black.iter().position(|m| *m == h6).unwrap()];
            (h, scores.iter().filter(|&&x| x > h).count())
        };
        let (after_e, first) = rank(&s, &mut pos, after_e4);
        let (after_d, _) = rank(&s, &mut pos, after_d4);
        assert_eq!(first, 0, "h6 is tried first after e4");
        assert!(after_e > after_d, "the lesson belongs to e4: {after_e} vs {after_d}");
    }

    #[test]
    fn the_history_bonus_is_mostly_linear_in_the_depth_and_bounded() {
        assert_eq!(history_bonus(1), 20);
        assert_eq!(history_bonus(2), 267);
        assert_eq!(history_bonus(3), 526);
        assert_eq!(history_bonus(8), 2001);
        assert_eq!(history_bonus(30), 3000);
        assert!((1..10).all(|d| history_bonus(d + 1) > history_bonus(d)));
    }

    #[test]
    fn a_capture_that_cut_is_ordered_before_an_equal_trade_that_did_not() {
        let (v, _) = load_str(builtin::text("chess").unwrap()).unwrap();
        let mut s = Searcher::new(&v, 1);
        // The white knight can take either black knight: the same victim
        // and attacker, so MVV-LVA cannot tell the two apart.
        let mut pos = Position::from_fen(&v, "4k3/8/8/3n1n2/8/4N3/8/4K3 w - - 0 1").unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let cell = |name: &str| v.grid.parse(name).unwrap();
        let take = |to| *moves.iter().find(|m| m.from == cell("e3") && m.to == cell(to)).unwrap();
        let (takes_d5, takes_f5) = (take("d5"), take("f5"));
        let score = |s: &Searcher, pos: &mut Position<'_>, m: Move| {
            let mut scores = Vec::new();
            s.order(pos, &moves, &mut scores, (None, None, [None; 2]), 3, false);
            scores[moves.iter().position(|x| *x == m).unwrap()]
        };
        assert_eq!(score(&s, &mut pos, takes_d5), score(&s, &mut pos, takes_f5));
        let mut tried = TriedMoves::new();
        tried.push(takes_d5);
        tried.push(takes_f5);
        // Nxf5 cut off after Nxd5 had been searched.
        s.reward_captures(&pos, Some(takes_f5), 6, &tried);
        let (d5, f5) = (score(&s, &mut pos, takes_d5), score(&s, &mut pos, takes_f5));
        assert!(f5 > d5, "{f5} vs {d5}");
        // A quiet move's cut-off teaches the capture history only a malus.
        s.reward_captures(&pos, None, 6, &tried);
        assert!(score(&s, &mut pos, takes_f5) < f5);
        // Both stay above every quiet move: a winning capture is still a capture.
        assert!(score(&s, &mut pos, takes_d5) > 1 << 23);
        // A new game forgets it.
        s.clear();
        assert_eq!(score(&s, &mut pos, takes_d5), score(&s, &mut pos, takes_f5));
    }
}
