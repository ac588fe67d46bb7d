//! Move ordering and its memory: the hash move, MVV-LVA captures,
//! killers and the history table (rewarded on cut-offs).

use super::*;

impl Searcher {
    /// A quiet move caused a cut-off: remember it as a killer and in the
    /// history table.
    /// The quiet moves tried before it, which did not cut, lose history.
    /// The move also becomes the answer to the last move (`counter`:
    /// its countermove slot).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn reward(
        &mut self,
        pos: &Position<'_>,
        m: Move,
        depth: i32,
        ply: usize,
        tried: &QuietList,
        counter: Option<usize>,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some(slot) = counter {
            self.counter[slot] = Some(m);
        }
        let bonus = (24 * depth * depth).min(3000);
        for q in tried.moves() {
            let code = mover_code(pos, q) as usize;
            let h = &mut self.history[code * self.cells + q.to as usize];
            let b = if *q == m { bonus } else { -bonus };
            // History gravity: the nearer the bound, the less a bonus
            // adds, so old successes fade as new ones come.
            *h += b - *h * b.abs() / HISTORY_MAX;
        }
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

    /// Scores moves for ordering: hash move, then captures by MVV-LVA and
    /// promotions, killers, the countermove, then quiet moves by history.
    /// `judged`: every capture and promotion in `moves` is known not to
    /// lose material in the exchange (quiescence kept no other), so the
    /// exchange is not worked out a second time.
    pub(super) fn order(
        &self,
        pos: &mut Position<'_>,
        moves: &[Move],
        scores: &mut Vec<i32>,
        (hash, counter): (Option<Move>, Option<Move>),
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
                self.history[mover_code(pos, m) as usize * self.cells + m.to as usize]
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

/// Bound of a history score (see `reward`).
const HISTORY_MAX: i32 = 1 << 14;

/// The quiet moves a node tried, for the history malus (the first 64).
pub(super) struct QuietList {
    list: [Option<Move>; 64],
    len: usize,
}

impl QuietList {
    pub(super) fn new() -> QuietList {
        QuietList { list: [None; 64], len: 0 }
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
