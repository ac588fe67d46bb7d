//! A variant-agnostic game-tree search: iterative deepening with aspiration
//! windows, principal-variation search, a transposition table on the
//! positions' Zobrist keys, quiescence over captures (locust and en passant
//! included) and promotions, move ordering (hash move, MVV-LVA, killers,
//! history), check extensions, late-move reductions, null-move pruning
//! where the variant's rules are not zugzwang-prone, and time management.
//!
//! The search knows no game: it asks [`Game::outcome`] whether a position
//! is over (so every end rule of the definition is scored as the game
//! scores it) and [`Position::legal_moves`] what can be played.

#[macro_use]
mod stats;
mod activity;
mod conthist;
pub mod eval;
mod goals;
mod limits;
mod moveloop;
mod ordering;
mod pruning;
mod quiesce;
mod structure;
mod terminal;
mod threats;
mod tt;
pub mod tune;
pub mod weights;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

pub use eval::Eval;
pub use limits::{Limits, OVERHEAD_MAX_MS, OVERHEAD_MS};
pub use weights::Weights;

use crate::game::{code_kind, code_side, Game, Move, MoveKind, Outcome, Position, Quick};
use crate::variant::{EndValue, Variant};
use moveloop::{LoopState, Node};
use pruning::{is_capture, mover_code, pick, reverse_futile, victim_kind, victim_value};
use tt::{Bound, Entry, Table};

/// Score of a won game at the root; a mate found `n` plies deep scores
/// `MATE - n`.
pub const MATE: i32 = 30_000;
/// Deepest ply the search goes (quiescence included).
const MAX_PLY: usize = 96;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32 - 1;
/// What a draw costs the side the search plays for, in centipawns.
const CONTEMPT: i32 = 20;
/// A royal piece's worth in a static exchange: more than any army.
const ROYAL_SEE: i32 = 20_000;
/// No static evaluation (the node is in check).
const NO_EVAL: i32 = i32::MIN;
/// Aspiration window half-width in centipawns.
const WINDOW: i32 = 40;

/// A score as the protocols print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// The protocol form of an internal score.
    pub fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Score::Mate(-((MATE + s + 1) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

/// What the search reports after each completed iteration.
#[derive(Clone, Debug)]
pub struct Report {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score for the side to move, internal units (see [`Score::from_internal`]).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// Search state kept between moves of one game (table, eval tables).
pub struct Searcher {
    eval: Eval,
    table: Table,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    /// Capture history: how often a capture (mover, destination, victim
    /// kind) cut off, beside the plain MVV-LVA order (Stockfish's
    /// `captureHistory`). Kept whole from one search to the next, as
    /// Stockfish keeps it; a new game clears it.
    capture_history: Vec<i32>,
    /// Victim kinds per capture-history slot (piece kinds, plus one for
    /// a promotion that takes nothing).
    victims: usize,
    /// Per (piece code, cell) of the last move: the quiet move that last
    /// refuted it.
    counter: Vec<Option<Move>>,
    /// Quiet moves' success after the moves one and two plies earlier.
    cont: conthist::ContHistory,
    /// The slot (mover, destination) of the move made at each ply of the
    /// current line (`None` for a null move), for `cont`.
    moved: Vec<Option<conthist::Slot>>,
    cells: usize,
    /// Null-move pruning here: none, or checked by a reduced search of
    /// the side's own moves where passing may be what it cannot do.
    null: NullMove,
    /// The variant counts repetitions (so a repeat inside the search is a draw).
    repetition: bool,
    /// The side the current search plays for (see `draw_score`).
    root_side: u8,
    /// Piece values for the static exchange (royal pieces dear, so that
    /// they recapture last), and whether exchanges are judged at all (not
    /// where material counts against its owner, captures are compulsory
    /// or explosions decide them).
    see_values: Vec<i32>,
    see_on: bool,
    /// The variant's pawn value (100 if it has no pawn): pruning margins
    /// scale with it.
    pawn: i32,
    /// Having no move is a goal here (stalemate or checkmate not scored as
    /// in chess): every node learns it before anything else, quiescence
    /// included. Elsewhere a node finds it out from its own move list.
    eager_end: bool,
    /// Every move captures (no move ends on an empty cell, no drop, no
    /// castling: Clobber): quiescence would be the whole tree, so it only
    /// stands pat, and the main search treats captures as quiet moves
    /// (reduced and pruned late, ordered by history).
    all_capture: bool,
    /// The hash move may be searched before the moves are generated: the
    /// ordinary legality applies (no rule decides it otherwise) and the
    /// node does not have its moves already (see `eager_end`).
    staged: bool,
    moves: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    /// The key of the position the last move searched led to, and whether
    /// it gave check (see `in_check`).
    known_check: (u64, bool),
    /// The static evaluation of the node at each ply of the current line
    /// (`NO_EVAL` in check), to tell whether the side is improving.
    evals: Vec<i32>,
    pv: Vec<Vec<Move>>,
    nodes: u64,
    seldepth: usize,
    start: Instant,
    limits: Limits,
    stop: Arc<AtomicBool>,
    aborted: bool,
    #[cfg(feature = "search-stats")]
    stats: stats::Stats,
    #[cfg(feature = "search-stats")]
    off: u32,
}

impl Searcher {
    /// A searcher for `v` with a transposition table of `hash_mb` megabytes.
    pub fn new(v: &Variant, hash_mb: usize) -> Searcher {
        let codes = 1 + 2 * v.pieces.len();
        let cells = v.tables.cells;
        // Null-move pruning assumes that passing never helps. That fails
        // in a deployment phase and under compulsory capture or extinction
        // (zugzwang is the game there): no null move. Where being
        // stalemated or bared loses, zugzwang decides some endgames: the
        // null move's cut is verified by a reduced search of real moves.
        let null = if v.deployment.is_some() || v.rules.must_capture || v.extinction.is_some() {
            NullMove::Off
        } else if v.rules.stalemate != EndValue::Draw || v.rules.bare_king {
            NullMove::Verified
        } else {
            NullMove::On
        };
        let eval = Eval::new(v);
        let see_values = v.pieces.iter().zip(&eval.values).map(|(p, &x)| if p.royal { ROYAL_SEE } else { x }).collect();
        let losing_wins = v.extinction.as_ref().is_some_and(|e| e.all && e.value == EndValue::Win);
        // (A petrifying capturer leaves a wall, not a piece to win back.)
        let see_on = !losing_wins && !v.rules.must_capture && v.explosions.is_none() && v.petrify.is_none();
        let pawn = v.pieces.iter().zip(&eval.values).filter(|(p, _)| p.pawn).map(|(_, &x)| x).min().unwrap_or(100);
        let eager_end = v.rules.stalemate != EndValue::Draw
            || v.rules.stalemate_by_count
            || v.rules.checkmate != EndValue::Loss
            || v.mating.is_some();
        let unusual_legality = v.explosions.is_some()
            || v.passing.is_some()
            || v.flipping.is_some()
            || v.walls.is_some()
            || v.deployment.is_some()
            || v.rules.move_filters
            || v.immediate_end
            || v.tracks_passes;
        Searcher {
            staged: !eager_end && !unusual_legality,
            see_values,
            see_on,
            pawn: pawn.clamp(50, 400),
            eval,
            table: Table::new(hash_mb),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; codes * cells],
            capture_history: vec![0; codes * cells * (v.pieces.len() + 1)],
            victims: v.pieces.len() + 1,
            counter: vec![None; codes * cells],
            cont: conthist::ContHistory::new(codes * cells),
            moved: vec![None; MAX_PLY + 2],
            cells,
            null,
            repetition: v.rules.repetition > 0,
            root_side: 0,
            eager_end,
            all_capture: every_move_captures(v),
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            scores: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            evals: vec![NO_EVAL; MAX_PLY + 2],
            known_check: (0, false),
            pv: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            nodes: 0,
            seldepth: 0,
            start: Instant::now(),
            limits: Limits::depth(1),
            stop: Arc::new(AtomicBool::new(false)),
            aborted: false,
            #[cfg(feature = "search-stats")]
            stats: stats::Stats::default(),
            #[cfg(feature = "search-stats")]
            off: std::env::var("ROOKERY_OFF").ok().and_then(|x| x.parse().ok()).unwrap_or(0),
        }
    }

    /// The evaluation tables (piece values etc.).
    pub fn eval(&self) -> &Eval {
        &self.eval
    }

    /// A flag that stops the running search when set (UCI `stop`).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// The same searcher, stopped by `flag` instead of its own.
    pub fn with_stop(mut self, flag: Arc<AtomicBool>) -> Searcher {
        self.stop = flag;
        self
    }

    /// Forgets what was learnt (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.capture_history.iter_mut().for_each(|h| *h = 0);
        self.counter.iter_mut().for_each(|c| *c = None);
        self.cont.clear();
    }

    /// Searches the game's current position within `limits`; calls
    /// `report` after every completed iteration. Returns the best move and
    /// the last report (`None` when the game is over or has no move).
    pub fn search(
        &mut self,
        game: &mut Game<'_>,
        limits: Limits,
        report: &mut dyn FnMut(&Report),
    ) -> Option<(Move, Report)> {
        self.start = Instant::now();
        self.root_side = game.pos.side();
        self.limits = limits;
        self.nodes = 0;
        self.aborted = false;
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 8);
        self.table.new_search();
        if game.outcome().is_some() {
            return None;
        }
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let mut best: Option<(Move, Report)> = None;
        let mut score = 0;
        // Iterations in a row that kept the best move (time management).
        let mut stable = 0;
        for depth in 1..=limits.depth.min(MAX_PLY as u32 - 1) {
            self.seldepth = 0;
            #[cfg(feature = "search-stats")]
            {
                self.stats = stats::Stats::default();
            }
            let s = self.aspiration(game, depth as i32, score);
            #[cfg(feature = "search-stats")]
            eprintln!("{}", self.stats.line(depth));
            if self.aborted && best.is_some() {
                // A root move that the cut-off iteration searched fully and
                // found better than the last best (the first one searched)
                // is taken.
                if let (Some(&m), Some(b)) = (self.pv[0].first(), best.as_mut()) {
                    b.0 = m;
                    b.1.pv = self.pv[0].clone();
                }
                break;
            }
            score = s;
            let pv = if self.pv[0].is_empty() { vec![legal[0]] } else { self.pv[0].clone() };
            let r = Report {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.nodes,
                time_ms: self.start.elapsed().as_millis() as u64,
                pv,
            };
            report(&r);
            stable = if best.as_ref().is_some_and(|b| b.0 == r.pv[0]) { stable + 1 } else { 0 };
            best = Some((r.pv[0], r));
            if self.aborted || self.soft_time_up(stable) || score.abs() > MATE_BOUND && depth > 2 {
                break;
            }
        }
        best
    }

    /// One iteration inside a window around the last score, widened on a
    /// fail-low or fail-high.
    fn aspiration(&mut self, game: &mut Game<'_>, depth: i32, prev: i32) -> i32 {
        let mut delta = WINDOW;
        let (mut alpha, mut beta) = if depth < 4 { (-MATE - 1, MATE + 1) } else { (prev - delta, prev + delta) };
        loop {
            let s = self.negamax(game, depth, alpha, beta, 0, false);
            if self.aborted {
                return s;
            }
            if s <= alpha {
                stat!(self.asp_low);
                alpha = (alpha - delta).max(-MATE - 1);
            } else if s >= beta {
                stat!(self.asp_high);
                beta = (beta + delta).min(MATE + 1);
            } else {
                return s;
            }
            delta *= 3;
        }
    }

    /// Whether to start no new iteration, `stable` iterations after the
    /// best move last changed ([`Limits::iteration_time_up`]).
    fn soft_time_up(&self, stable: u32) -> bool {
        self.limits.iteration_time_up(self.start.elapsed().as_millis() as u64, stable)
    }

    /// Whether to stop now: hard time, node budget or the stop flag.
    fn check_abort(&mut self) -> bool {
        if self.nodes & 1023 == 0 {
            let hard = self.limits.hard_ms.is_some_and(|ms| self.start.elapsed().as_millis() as u64 >= ms);
            if hard || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        if self.nodes >= self.limits.nodes {
            self.aborted = true;
        }
        self.aborted
    }

    fn negamax(&mut self, game: &mut Game<'_>, mut depth: i32, alpha: i32, beta: i32, ply: usize, null: bool) -> i32 {
        self.pv[ply].clear();
        if ply > 0 {
            if let Some(s) = self.terminal(game, ply) {
                return s;
            }
            if self.repeats(game) {
                return self.draw_score(game.pos.side());
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(game, alpha, beta, ply);
        }
        self.nodes += 1;
        stat!(self.main);
        self.seldepth = self.seldepth.max(ply);
        if self.check_abort() {
            return 0;
        }
        let key = game.pos.key();
        let entry = self.table.probe(key);
        let pv_node = beta - alpha > 1;
        if let Some(e) = entry {
            stat!(self.tt_hits);
            let s = from_tt(e.score, ply);
            // (Not at a PV node: its line is what the search reports, and a
            // stored result would cut it short.)
            if ply > 0 && !pv_node && e.depth as i32 >= depth && cutoff(e.bound, s, alpha, beta) && !self.off(1) {
                stat!(self.tt_cuts);
                return s;
            }
        }
        let hash_move = entry.and_then(|e| e.mv);
        // On a principal variation now or at some earlier search: late
        // moves are reduced less there and more elsewhere (Stockfish's
        // `ttPv`, see `late_reduction`).
        let tt_pv = pv_node || entry.is_some_and(|e| e.pv);
        let in_check = self.in_check(&game.pos);
        // (A check is extended by the move that gives it, see
        // `check_extension`.)
        if !in_check && hash_move.is_none() && depth >= 4 {
            // Internal iterative reduction: with no hash move the ordering
            // is poor, so the node is searched a ply shallower (it comes
            // back with a move in the table on the next iteration).
            depth -= 1;
        }
        // The static evaluation, for the pruning decisions (none in check).
        let stand = if in_check { -MATE } else { self.node_eval(&game.pos, entry) };
        self.evals[ply] = if in_check { NO_EVAL } else { stand };
        let improving = self.improving(ply);
        if !pv_node
            && !in_check
            && ply > 0
            && reverse_futile(stand, depth - improving as i32, beta, self.pawn)
            && !self.off(2)
        {
            stat!(self.rfp);
            return stand;
        }
        // (No razoring: quiescence has no quiet moves, so it would miss a
        // quiet mate such as 1.Ra6 bxa6 2.b7# far behind on material;
        // futility pruning near the leaves keeps the checking moves.)
        if !self.off(8) && self.try_null(game, depth, beta, ply, null, in_check, stand) {
            stat!(self.null_cuts);
            return beta;
        }
        let slot = self.counter_slot(game);
        let conts = self.earlier_moves(ply);
        let node = Node { depth, ply, in_check, pv: pv_node, tt_pv, stand, slot, conts, beta, improving };
        let mut st = LoopState::new(alpha);
        // Staged generation: the hash move is tried before the moves are
        // generated, which a cut-off by it saves.
        let early = hash_move.filter(|m| self.staged && plausible(&game.pos, m));
        if let Some(m) = early {
            self.try_move(game, m, 0, HASH_ORDER, node, &mut st);
        }
        if !st.cut && !self.aborted {
            self.rest_of_moves(game, node, hash_move, early, &mut st);
            if st.searched == usize::MAX {
                return self.no_move_score(game, ply);
            }
        }
        if self.aborted {
            return 0;
        }
        self.store(key, st.best, st.best_score, (alpha, beta), (depth, ply, tt_pv));
        st.best_score
    }

    /// Whether a search feature is switched off for tuning (`ROOKERY_OFF`
    /// bits, `search-stats` builds only).
    #[inline]
    fn off(&self, _bit: u32) -> bool {
        #[cfg(feature = "search-stats")]
        {
            self.off & _bit != 0
        }
        #[cfg(not(feature = "search-stats"))]
        false
    }

    /// Whether the side to move is in check: known already when the node
    /// is the one the last move searched led to (the move loop asked
    /// whether that move gives check), else worked out.
    fn in_check(&self, pos: &Position<'_>) -> bool {
        let (key, check) = self.known_check;
        if key == pos.key() && key != 0 {
            check
        } else {
            pos.in_check()
        }
    }

    /// Whether the side to move stands better by its static evaluation
    /// than two plies before (where that is unknown, in check, it is taken
    /// as improving: pruned less).
    fn improving(&self, ply: usize) -> bool {
        let now = self.evals[ply];
        now != NO_EVAL && (ply < 2 || self.evals[ply - 2] == NO_EVAL || now > self.evals[ply - 2])
    }

    /// The static evaluation of a node, made more exact by a stored bound
    /// on its value where that bound lies on the right side of it.
    fn node_eval(&self, pos: &Position<'_>, entry: Option<Entry>) -> i32 {
        let e = self.eval.evaluate(pos);
        match entry {
            Some(t) if t.score.abs() < MATE_BOUND => match t.bound {
                Bound::Exact => t.score,
                Bound::Lower if t.score > e => t.score,
                Bound::Upper if t.score < e => t.score,
                _ => e,
            },
            _ => e,
        }
    }

    /// Stores a node's result: a bound or exact value by where `score`
    /// fell in the node's window; `pv` marks a node that is or has been
    /// on a principal variation.
    fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        (alpha, beta): (i32, i32),
        (depth, ply, pv): (i32, usize, bool),
    ) {
        let bound = if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Entry { key, mv, score: to_tt(score, ply), depth: depth as i16, bound, pv });
    }

    /// Null-move pruning: if passing still leaves us at or above beta after
    /// a reduced search, the position is good enough to cut.
    #[allow(clippy::too_many_arguments)]
    fn try_null(
        &mut self,
        game: &mut Game<'_>,
        depth: i32,
        beta: i32,
        ply: usize,
        null: bool,
        in_check: bool,
        stand: i32,
    ) -> bool {
        if self.null == NullMove::Off || null || in_check || depth < 3 || ply == 0 || beta.abs() > MATE_BOUND {
            return false;
        }
        let pos = &game.pos;
        // En-passant cells left by the last move would be offered to the
        // wrong side after a pass: no null move then.
        if pos.has_ep() || pos.deploying() || stand < beta || !self.has_pieces(pos) {
            return false;
        }
        stat!(self.null_tries);
        let side = pos.side();
        self.moved[ply] = None;
        game.pos.set_side(side ^ 1);
        game.keys.push(game.pos.key());
        // Deeper and further above beta: a larger reduction.
        let r = 3 + depth / 3 + ((stand - beta) / 200).min(3);
        let s = -self.negamax(game, depth - 1 - r, -beta, -beta + 1, ply + 1, true);
        game.keys.pop();
        game.pos.set_side(side);
        if self.aborted || s < beta {
            return false;
        }
        // Verification: the side's own moves, searched as deep as the null
        // move was (at least one ply, so that having no move at all, or
        // only bad ones, shows), with no null move below, must hold beta too.
        let verify = (depth - 1 - r).max(1);
        self.null != NullMove::Verified || self.negamax(game, verify, beta - 1, beta, ply, true) >= beta
    }

    /// Whether the side to move has two pieces other than royals and
    /// pawns. With one or none, zugzwang is likely and the null move is
    /// not tried: in Morphy's 1.Ra6! (`kbK5/pp6/1P6/8/8/8/8/R7 w`) every
    /// reply of Black's lone bishop and pawns loses, yet passing holds,
    /// so a null move there refutes the winning move at every depth
    /// (`tests/search.rs`, with the tuned weights).
    fn has_pieces(&self, pos: &Position<'_>) -> bool {
        let t = &pos.variant().tables;
        (0..self.cells as u16)
            .filter(|&c| {
                let code = pos.at(c);
                code != 0
                    && code_side(code) == pos.side()
                    && !t.code_royal[code as usize]
                    && !t.code_pawn[code as usize]
            })
            .nth(1)
            .is_some()
    }
}

/// Whether no move of `v` can end on an empty cell (so every move
/// captures): no move program emits on an empty cell or en passant, and
/// there are no drops, castling, passes, flips or walls.
fn every_move_captures(v: &Variant) -> bool {
    use crate::compile::flag;
    let quiet_emit = flag::EMPTY_EMIT | flag::EP;
    let t = &v.tables;
    let quiet_rule = v.drops.is_some()
        || v.passing.is_some()
        || v.flipping.is_some()
        || v.walls.is_some()
        || v.deployment.is_some()
        || v.gating.is_some()
        || v.promotion_move.is_some()
        || t.castles.iter().any(|c| !c.is_empty());
    !quiet_rule && !t.nodes.is_empty() && t.nodes.iter().all(|n| n.flags & quiet_emit == 0)
}

/// Whether and how the search prunes with a null move (see [`Searcher::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NullMove {
    Off,
    On,
    Verified,
}

/// The ordering score of the hash move.
const HASH_ORDER: i32 = 1 << 30;

/// Whether a stored move can be played here before the moves are
/// generated: its mover is a piece of the side to move (for a drop: the
/// hand holds the piece). The full key matched already, so only a key
/// collision would make it illegal; this keeps such a move from touching
/// an empty cell, and the generated list then has the last word.
fn plausible(pos: &Position<'_>, m: &Move) -> bool {
    if m.kind == MoveKind::Drop {
        return m.promo > 0 && pos.in_hand(pos.side(), m.promo - 1) > 0;
    }
    let code = pos.at(m.from);
    code != 0 && code_side(code) == pos.side()
}

/// Whether a stored bound settles the node for this window.
fn cutoff(b: Bound, s: i32, alpha: i32, beta: i32) -> bool {
    match b {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    }
}

/// Mate scores are stored relative to the node, so they stay right when
/// the position is reached at another ply.
fn to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
