//! Search counters for tuning, compiled only with the cargo feature
//! `search-stats` (`cargo build --release --features search-stats`): the
//! `stat!` macro is empty otherwise, so an ordinary build pays nothing.
//! Each iteration's counts go to standard error when it completes.
//! In such a build, the environment variable `ROOKERY_OFF` (a sum of
//! bits: 1 table cut-offs, 2 reverse futility, 8 null move, 16 move
//! pruning near the leaves, 32 late-move reductions) switches search
//! features off, to find which one loses a line; `ROOKERY_ROOT` prints
//! every root move's result.

/// Counts `$s.stats.$f` up by one when the feature is on.
macro_rules! stat {
    ($s:ident . $f:ident) => {
        #[cfg(feature = "search-stats")]
        {
            $s.stats.$f += 1;
        }
    };
}

/// What one iteration did, node by node.
#[cfg(feature = "search-stats")]
#[derive(Clone, Debug, Default)]
pub(super) struct Stats {
    /// Main-search nodes.
    pub main: u64,
    /// Quiescence nodes.
    pub quiesce: u64,
    /// Main-search nodes that cut off, and those cut by their first move.
    pub cuts: u64,
    pub first_cuts: u64,
    /// Aspiration re-searches after a fail low and a fail high.
    pub asp_low: u64,
    pub asp_high: u64,
    /// Zero-window searches re-searched with the full window (PVS), and
    /// reduced searches re-searched at full depth (LMR).
    pub pvs_research: u64,
    pub lmr_research: u64,
    /// Null moves tried and those that cut (after verification).
    pub null_tries: u64,
    pub null_cuts: u64,
    /// Main-search table probes that found the position, and that cut.
    pub tt_hits: u64,
    pub tt_cuts: u64,
    /// Quiescence table cuts.
    pub q_tt_cuts: u64,
    /// Reverse-futility cuts.
    pub rfp: u64,
    /// Moves pruned as futile or late, and as losing exchanges.
    pub pruned_quiet: u64,
    pub pruned_see: u64,
    /// Check extensions.
    pub check_ext: u64,
}

#[cfg(feature = "search-stats")]
impl Stats {
    /// One line for standard error after iteration `depth`.
    pub(super) fn line(&self, depth: u32) -> String {
        let pc = |a: u64, b: u64| if b == 0 { 0.0 } else { 100.0 * a as f64 / b as f64 };
        format!(
            "stats depth {depth} main {} q {} ({:.0}% q) cuts {} first {:.0}% asp low {} high {} \
             pvs-re {} lmr-re {} null {} cut {:.0}% tt hit {:.0}% cut {:.0}% qtt-cut {} rfp {} \
             pruned quiet {} see {} check-ext {}",
            self.main,
            self.quiesce,
            pc(self.quiesce, self.main + self.quiesce),
            self.cuts,
            pc(self.first_cuts, self.cuts),
            self.asp_low,
            self.asp_high,
            self.pvs_research,
            self.lmr_research,
            self.null_tries,
            pc(self.null_cuts, self.null_tries),
            pc(self.tt_hits, self.main),
            pc(self.tt_cuts, self.main),
            self.q_tt_cuts,
            self.rfp,
            self.pruned_quiet,
            self.pruned_see,
            self.check_ext,
        )
    }
}
