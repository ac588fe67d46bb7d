//! How long a search may run: depth, nodes, and time from the clock.

/// Limits of one search. Unset limits are unbounded.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: u32,
    /// Node budget.
    pub nodes: u64,
    /// Start no new iteration after this many milliseconds.
    pub soft_ms: Option<u64>,
    /// Stop at once after this many milliseconds.
    pub hard_ms: Option<u64>,
}

/// Kept in hand for the GUI's and the pipe's overhead (and the wait for a
/// CPU on a busy machine), per move still to go on a clock, unless the
/// GUI sets it (UCI `Move Overhead`, as in Fairy-Stockfish, whose default
/// this is). 30 before: at 4 s + 0.04 s against FSF that left Rookery more
/// than half its clock at the end of every game (docs/tuning.md, "Real
/// clocks").
pub const OVERHEAD_MS: u64 = 10;
/// The most the GUI may set [`OVERHEAD_MS`] to (the options' range).
pub const OVERHEAD_MAX_MS: u64 = 5000;
/// The same for a fixed time per move: the search stops within a
/// millisecond or two of its limit (it looks at the clock every 1024
/// nodes), so most of the move's time goes to thinking.
const MOVETIME_OVERHEAD_MS: u64 = 12;

/// Moves a game on a clock without `movestogo` is assumed to last yet.
pub const DEFAULT_MOVES_TO_GO: u64 = 30;
/// The soft limit, in percent of a move's share of the clock: the whole
/// share, since a search stops short of it more often than it runs over
/// (the best move holding shrinks it to 60%, an iteration is not begun
/// past half the hard limit). 50, then 70 before: games ended with
/// seconds unused.
pub const SOFT_PERCENT: u64 = 100;

/// The most one move may take of `left` with `mtg` moves to go: 80% for the
/// last move before the time control (the clock is refilled after it), 40%
/// with two to go, 27% otherwise, so the moves after it keep time.
fn hard_cap(left: u64, mtg: u64) -> u64 {
    left * 4 / 5 / mtg.min(3)
}

impl Limits {
    /// No limit but an explicit stop (`go infinite`).
    pub fn infinite() -> Limits {
        Limits { depth: u32::MAX, nodes: u64::MAX, soft_ms: None, hard_ms: None }
    }

    /// A fixed depth.
    pub fn depth(d: u32) -> Limits {
        Limits { depth: d.max(1), ..Limits::infinite() }
    }

    /// A node budget.
    pub fn nodes(n: u64) -> Limits {
        Limits { nodes: n.max(1), ..Limits::infinite() }
    }

    /// Exactly this long (`movetime`, XBoard `st`).
    pub fn movetime(ms: u64) -> Limits {
        let ms = ms.saturating_sub(MOVETIME_OVERHEAD_MS.min(ms / 4)).max(1);
        Limits { soft_ms: Some(ms), hard_ms: Some(ms), ..Limits::infinite() }
    }

    /// From the clock: `time_ms` left, `inc_ms` added per move and, if
    /// known, the moves until the next time control (`movestogo`, XBoard's
    /// `level`). A move's share is the clock plus the increments still to
    /// come over the moves to go (a sudden-death game is taken to last
    /// [`DEFAULT_MOVES_TO_GO`] more moves), less [`OVERHEAD_MS`] for each of
    /// them: the engine's own timer misses the pipe and the wait for a CPU,
    /// so the clock keeps that much in hand (with an increment it settles
    /// near half a second at 10 s + 0.1 s). The soft limit
    /// ([`Limits::iteration_time_up`]) plans [`SOFT_PERCENT`] of the share
    /// (at most half the hard limit); the hard limit allows three shares
    /// but never more than [`hard_cap`] of what is left.
    pub fn clock(time_ms: u64, inc_ms: u64, moves_to_go: Option<u32>) -> Limits {
        Limits::clock_with_overhead(time_ms, inc_ms, moves_to_go, OVERHEAD_MS)
    }

    /// [`Limits::clock`] keeping `overhead_ms` in hand per move to go
    /// instead of [`OVERHEAD_MS`] (UCI `Move Overhead`).
    pub fn clock_with_overhead(time_ms: u64, inc_ms: u64, moves_to_go: Option<u32>, overhead_ms: u64) -> Limits {
        let mtg = moves_to_go.map_or(DEFAULT_MOVES_TO_GO, |m| m.clamp(1, 50) as u64);
        let budget = (time_ms + inc_ms * (mtg - 1)).saturating_sub(overhead_ms * (mtg + 2));
        let share = budget / mtg;
        let left = time_ms.saturating_sub(overhead_ms);
        let hard = (share * 3).min(hard_cap(left, mtg)).max(1);
        // (No iteration begins past half the hard limit anyway; below it
        // the soft limit stays a plan the search may stretch or cut, where
        // at the hard limit it would be a fixed time.)
        let soft = (share * SOFT_PERCENT / 100).min(hard / 2).max(1);
        Limits { soft_ms: Some(soft), hard_ms: Some(hard), ..Limits::infinite() }
    }

    /// Whether to start no new iteration after `elapsed_ms`, `stable`
    /// iterations after the best move last changed. On a clock (soft
    /// below hard), the soft limit stretches to twice its length while the
    /// best move keeps changing and shrinks to 60% once it has held for
    /// four iterations; and no iteration is begun past half the hard limit
    /// (the next one takes at least as long as all before it, so it would
    /// be cut off and wasted). A fixed time per move is spent anyway.
    pub fn iteration_time_up(&self, elapsed_ms: u64, stable: u32) -> bool {
        let (Some(soft), Some(hard)) = (self.soft_ms, self.hard_ms) else {
            return self.soft_ms.is_some_and(|ms| elapsed_ms >= ms);
        };
        if soft >= hard {
            return elapsed_ms >= soft;
        }
        let percent = match stable {
            0 => 200,
            1 => 130,
            2 | 3 => 100,
            _ => 60,
        };
        elapsed_ms >= soft * percent / 100 || elapsed_ms * 2 >= hard
    }

    /// The same limits with a depth cap as well.
    pub fn with_depth(self, d: Option<u32>) -> Limits {
        Limits { depth: d.map_or(self.depth, |d| d.max(1)), ..self }
    }

    /// The same limits with a node cap as well.
    pub fn with_nodes(self, n: Option<u64>) -> Limits {
        Limits { nodes: n.map_or(self.nodes, |n| n.max(1)), ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The share by the formula: clock and increments to come, less the
    /// overhead per move to go, over the moves to go.
    fn share(time: u64, inc: u64, mtg: u64) -> u64 {
        (time + inc * (mtg - 1)).saturating_sub(OVERHEAD_MS * (mtg + 2)) / mtg
    }

    #[test]
    fn a_move_takes_its_share_of_the_clock() {
        // 10 s + 0.1 s: about a thirtieth of the clock plus the increment.
        let l = Limits::clock(10_000, 100, None);
        assert_eq!(l.hard_ms, Some(share(10_000, 100, 30) * 3));
        assert_eq!(l.soft_ms, Some(share(10_000, 100, 30) * SOFT_PERCENT / 100));
        assert!((415..=425).contains(&share(10_000, 100, 30)));
        // Low on time with an increment: less than the increment, so the
        // clock grows back.
        let low = Limits::clock(300, 100, None);
        assert!(low.soft_ms.unwrap() < 100 && low.hard_ms.unwrap() < 500 / 3, "{low:?}");
    }

    #[test]
    fn movestogo_spreads_the_clock_over_the_moves_left() {
        let forty = Limits::clock(20_000, 0, Some(40));
        assert_eq!(forty.soft_ms, Some(share(20_000, 0, 40) * SOFT_PERCENT / 100));
        // Two moves to go: 40% of the clock at most.
        let two = Limits::clock(20_000, 0, Some(2));
        assert_eq!(two.hard_ms, Some((20_000 - OVERHEAD_MS) * 4 / 5 / 2));
        assert_eq!(two.soft_ms, Some(two.hard_ms.unwrap() / 2), "the plan within half the hard limit");
        // The last move before the control may use most of the clock.
        assert_eq!(Limits::clock(20_000, 0, Some(1)).hard_ms, Some((20_000 - OVERHEAD_MS) * 4 / 5));
    }

    #[test]
    fn a_larger_overhead_keeps_more_of_the_clock_in_hand() {
        // 30 ms a move to go on a busy machine: about 20 ms less a move at
        // 10 s + 0.1 s, and the same arithmetic otherwise.
        let busy = Limits::clock_with_overhead(10_000, 100, None, 30);
        let plain = Limits::clock(10_000, 100, None);
        assert_eq!(plain.soft_ms, Limits::clock_with_overhead(10_000, 100, None, OVERHEAD_MS).soft_ms);
        let (b, p) = (busy.soft_ms.unwrap(), plain.soft_ms.unwrap());
        assert!(p > b && (19..=22).contains(&(p - b)), "{p} {b}");
    }

    #[test]
    fn little_time_left_gives_a_hard_limit_within_it() {
        for (left, inc) in [(300, 0), (300, 100), (50, 0), (0, 0), (1_000, 5_000)] {
            let l = Limits::clock(left, inc, None);
            let hard = l.hard_ms.unwrap();
            assert!(hard <= (left.saturating_sub(OVERHEAD_MS) * 4 / 15).max(1), "{left}+{inc}: {hard}");
            assert!(l.soft_ms.unwrap() <= hard);
        }
    }

    #[test]
    fn an_unstable_best_move_gets_more_time() {
        let l = Limits { soft_ms: Some(100), hard_ms: Some(1_000), ..Limits::infinite() };
        assert!(!l.iteration_time_up(150, 0));
        assert!(l.iteration_time_up(150, 2));
        assert!(l.iteration_time_up(70, 4));
        assert!(l.iteration_time_up(500, 0), "past half the hard limit");
        let fixed = Limits::movetime(100);
        assert!(!fixed.iteration_time_up(80, 9) && fixed.iteration_time_up(100, 0));
    }
}
