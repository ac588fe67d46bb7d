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

/// Kept in hand for the GUI's and the pipe's overhead, per move on a clock.
const OVERHEAD_MS: u64 = 30;
/// The same for a fixed time per move: the search stops within a
/// millisecond or two of its limit (it looks at the clock every 1024
/// nodes), so most of the move's time goes to thinking.
const MOVETIME_OVERHEAD_MS: u64 = 12;

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
    /// known, the moves until the next time control. Aims at an even share
    /// of the remaining time; may run up to three shares on a hard problem
    /// but never more than a third of what is left.
    pub fn clock(time_ms: u64, inc_ms: u64, moves_to_go: Option<u32>) -> Limits {
        let mtg = moves_to_go.unwrap_or(30).clamp(1, 50) as u64;
        let left = time_ms.saturating_sub(OVERHEAD_MS);
        let share = left / (mtg + 1) + inc_ms * 3 / 4;
        let hard = (share * 3).min(left / 3).max(1);
        let soft = (share / 2).min(hard).max(1);
        Limits { soft_ms: Some(soft), hard_ms: Some(hard), ..Limits::infinite() }
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
