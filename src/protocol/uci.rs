//! UCI, compatible with the way Fairy-Stockfish is driven: `UCI_Variant`
//! names any built-in (or a definition loaded through `VariantPath`),
//! positions and moves use Rookery's coordinate notation (drops `P@e4`).

use std::sync::mpsc::Receiver;

use super::{pv_text, say, Out, Registry};
use crate::game::notation::{move_text, parse_move};
use crate::game::{Game, Position};
use crate::search::{Limits, Report, Score, Searcher, OVERHEAD_MAX_MS, OVERHEAD_MS};
use crate::variant::Variant;

/// Words that stop a running search at once.
pub const STOPPERS: &[&str] = &["stop", "quit", "ponderhit"];

/// A UCI session: the selected variant, the game and the searcher.
pub struct Uci {
    reg: Registry,
    out: Out,
    variant: &'static Variant,
    game: Game<'static>,
    searcher: Searcher,
    hash_mb: usize,
    /// Milliseconds kept in hand per move to go on a clock (`Move Overhead`).
    overhead_ms: u64,
    flags: super::Flags,
}

impl Uci {
    /// A session starting in `variant` (a built-in or a name in `reg`).
    pub fn new(mut reg: Registry, out: Out, variant: &str) -> Result<Uci, String> {
        let v = reg.get(variant).ok_or_else(|| format!("unknown variant {variant:?}"))?;
        let flags = super::Flags::default();
        let searcher = Searcher::new(v, 16).with_stop(flags.stop.clone());
        Ok(Uci {
            reg,
            out,
            variant: v,
            game: Game::new(Position::start(v)),
            searcher,
            hash_mb: 16,
            overhead_ms: OVERHEAD_MS,
            flags,
        })
    }

    /// Reads commands from `input` until `quit` or its end.
    pub fn serve(&mut self, input: Box<dyn std::io::BufRead + Send>) {
        let rx = super::spawn_reader(input, self.flags.clone(), STOPPERS, Some(self.out.clone()), None);
        self.run(&rx);
    }

    /// Runs until `quit` or the end of input.
    pub fn run(&mut self, rx: &Receiver<String>) {
        while let Ok(line) = rx.recv() {
            if !self.command(line.trim(), rx) {
                break;
            }
        }
    }

    /// Handles one command; false on `quit`.
    fn command(&mut self, line: &str, rx: &Receiver<String>) -> bool {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "uci" => self.identify(),
            "isready" => say(&self.out, "readyok"),
            "setoption" => self.set_option(rest),
            "ucinewgame" => {
                self.searcher.clear();
                self.game = Game::new(Position::start(self.variant));
            }
            "position" => self.position(rest),
            "go" => return self.go(rest, rx),
            "d" => say(&self.out, &format!("info string fen {}", self.game.pos.fen())),
            "eval" => self.static_eval(),
            "quit" => return false,
            // `debug on|off` and `register` (UCI) change nothing here.
            "stop" | "ponderhit" | "debug" | "register" | "" => {}
            _ => say(&self.out, &format!("info string unknown command {word}")),
        }
        true
    }

    /// `eval` (as Fairy-Stockfish's): the static evaluation of the
    /// current position for the side to move, and its parts.
    fn static_eval(&self) {
        let [base, structure, activity] = self.searcher.eval().parts(&self.game.pos);
        let total = base + structure + activity;
        say(
            &self.out,
            &format!("info string eval {total} material {base} structure {structure} activity {activity} (centipawns, side to move)"),
        );
    }

    fn identify(&self) {
        say(&self.out, &format!("id name Rookery {}", env!("CARGO_PKG_VERSION")));
        say(&self.out, "id author the Rookery authors");
        let vars = self.reg.names().iter().map(|n| format!(" var {n}")).collect::<String>();
        say(&self.out, &format!("option name UCI_Variant type combo default {}{vars}", self.variant.name));
        say(&self.out, "option name VariantPath type string default <empty>");
        say(&self.out, &format!("option name Hash type spin default {} min 1 max 4096", self.hash_mb));
        say(&self.out, "option name Clear Hash type button");
        say(
            &self.out,
            &format!("option name Move Overhead type spin default {OVERHEAD_MS} min 0 max {OVERHEAD_MAX_MS}"),
        );
        // The GUI's permission to ponder: `go ponder` works either way.
        say(&self.out, "option name Ponder type check default false");
        say(&self.out, "uciok");
    }

    fn set_option(&mut self, rest: &str) {
        let rest = rest.strip_prefix("name ").unwrap_or(rest);
        let (name, value) = rest.split_once(" value ").unwrap_or((rest, ""));
        let value = value.trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "uci_variant" => match self.reg.get(value) {
                Some(v) => self.select(v),
                None => say(&self.out, &format!("info string unknown variant {value}")),
            },
            "variantpath" if value.is_empty() || value == "<empty>" => {}
            "variantpath" => match self.reg.add_path(value) {
                Ok(names) => say(&self.out, &format!("info string loaded {}", names.join(" "))),
                Err(e) => say(&self.out, &format!("info string {e}")),
            },
            "hash" => {
                self.hash_mb = value.parse().unwrap_or(self.hash_mb).clamp(1, 4096);
                self.searcher = Searcher::new(self.variant, self.hash_mb).with_stop(self.flags.stop.clone());
            }
            "clear hash" => self.searcher.clear(),
            "move overhead" => match super::move_overhead(value) {
                Some(ms) => self.overhead_ms = ms,
                None => say(&self.out, &format!("info string Move Overhead wants milliseconds, not {value:?}")),
            },
            "ponder" => {}
            other => say(&self.out, &format!("info string unknown option {other}")),
        }
    }

    fn select(&mut self, v: &'static Variant) {
        self.variant = v;
        self.searcher = Searcher::new(v, self.hash_mb).with_stop(self.flags.stop.clone());
        self.game = Game::new(Position::start(v));
    }

    /// `position startpos|fen FEN [moves M…]`; a bad FEN or move is
    /// reported and leaves the position at the last good point.
    fn position(&mut self, rest: &str) {
        let (setup, moves) = match rest.split_once(" moves") {
            Some((s, m)) => (s.trim(), m.trim()),
            None => (rest.trim(), ""),
        };
        let pos = if let Some(fen) = setup.strip_prefix("fen ") {
            match Position::from_fen(self.variant, fen.trim()) {
                Ok(p) => p,
                Err(e) => return say(&self.out, &format!("info string {e}")),
            }
        } else {
            Position::start(self.variant)
        };
        self.game = Game::new(pos);
        let mut legal = Vec::new();
        for text in moves.split_whitespace() {
            self.game.pos.legal_moves(&mut legal);
            match parse_move(&self.game.pos, text, &legal) {
                Some(m) => self.game.play(m),
                None => return say(&self.out, &format!("info string illegal move {text}")),
            }
        }
    }

    /// `go` with wtime/btime/winc/binc/movestogo/movetime/depth/nodes/
    /// infinite/ponder; false if a `quit` came while it waited for `stop`.
    /// `go ponder` searches without limit until `ponderhit`, then for the
    /// time the clock gives the move ([`Limits::clock`]'s soft share).
    fn go(&mut self, rest: &str, rx: &Receiver<String>) -> bool {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let ponder = words.contains(&"ponder");
        let infinite = words.contains(&"infinite") || ponder;
        let timed = go_limits(&words, self.game.pos.side(), self.overhead_ms);
        // Depth and node caps still apply to an infinite search.
        let limits = if infinite { Limits { soft_ms: None, hard_ms: None, ..timed } } else { timed };
        if ponder {
            let after_hit = timed.soft_ms.unwrap_or(0).max(1);
            self.flags.ponder_ms.store(after_hit, std::sync::atomic::Ordering::SeqCst);
        }
        let out = self.out.clone();
        let start = self.game.clone();
        let mut report = |r: &Report| say(&out, &info_line(&start, r));
        self.flags.begin();
        let best = self.searcher.search(&mut self.game, limits, &mut report);
        self.flags.end();
        // UCI: no bestmove before `stop` in infinite/ponder mode.
        let go_on = !infinite || self.wait_for_stop(rx);
        say(&self.out, &bestmove_line(&self.game, best.as_ref()));
        go_on
    }

    /// After an infinite search ended by itself (a mate found, the depth
    /// cap): answers `isready` and waits for `stop`/`ponderhit` (true) or
    /// `quit` and the end of input (false).
    fn wait_for_stop(&self, rx: &Receiver<String>) -> bool {
        while let Ok(l) = rx.recv() {
            match l.split_whitespace().next().unwrap_or("") {
                "isready" => say(&self.out, "readyok"),
                "stop" | "ponderhit" => return true,
                "quit" => return false,
                _ => {}
            }
        }
        false
    }
}

/// The limits a `go` command's `words` set for `side` (0 White): a fixed
/// time, the side's clock (time, increment, `movestogo`, keeping
/// `overhead_ms` in hand per move to go), or none; with the `depth` and
/// `nodes` caps. Without a time limit it is unbounded (a depth or node
/// cap, or `stop`, ends it).
fn go_limits(words: &[&str], side: u8, overhead_ms: u64) -> Limits {
    let num = |key: &str| -> Option<u64> {
        let i = words.iter().position(|w| *w == key)?;
        words.get(i + 1)?.parse::<i64>().ok().map(|x| x.max(0) as u64)
    };
    let (time, inc) = if side == 0 { (num("wtime"), num("winc")) } else { (num("btime"), num("binc")) };
    let base = match (num("movetime"), time) {
        (Some(ms), _) => Limits::movetime(ms),
        (None, Some(t)) => {
            Limits::clock_with_overhead(t, inc.unwrap_or(0), num("movestogo").map(|x| x.min(1000) as u32), overhead_ms)
        }
        (None, None) => Limits::infinite(),
    };
    base.with_depth(num("depth").map(|d| d.min(1000) as u32)).with_nodes(num("nodes"))
}

/// `bestmove M [ponder P]` (the reply the search expects, from its
/// principal variation), or `bestmove (none)` when there is no move.
fn bestmove_line(game: &Game<'_>, best: Option<&(crate::game::Move, Report)>) -> String {
    let Some((m, r)) = best else { return "bestmove (none)".to_string() };
    let mut g = game.clone();
    let mut legal = Vec::new();
    g.pos.legal_moves(&mut legal);
    let text = move_text(&g.pos, m, &legal);
    g.play(*m);
    match r.pv.get(1).filter(|_| r.pv.first() == Some(m)) {
        Some(p) => {
            g.pos.legal_moves(&mut legal);
            if legal.contains(p) {
                format!("bestmove {text} ponder {}", move_text(&g.pos, p, &legal))
            } else {
                format!("bestmove {text}")
            }
        }
        None => format!("bestmove {text}"),
    }
}

/// `info depth … seldepth … score cp|mate … nodes … nps … time … pv …`.
fn info_line(game: &Game<'_>, r: &Report) -> String {
    let score = match Score::from_internal(r.score) {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let nps = r.nodes * 1000 / r.time_ms.max(1);
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {nps} time {} pv {}",
        r.depth,
        r.seldepth,
        r.nodes,
        r.time_ms,
        pv_text(game, &r.pv)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(go: &str, side: u8) -> Limits {
        go_limits(&go.split_whitespace().collect::<Vec<_>>(), side, OVERHEAD_MS)
    }

    #[test]
    fn go_takes_the_movers_clock_increment_and_movestogo() {
        let go = "wtime 20000 btime 1000 winc 500 binc 100 movestogo 2";
        assert_eq!(limits(go, 0).hard_ms, Limits::clock(20_000, 500, Some(2)).hard_ms);
        assert_eq!(limits(go, 1).soft_ms, Limits::clock(1_000, 100, Some(2)).soft_ms);
        assert_ne!(limits(go, 1).soft_ms, Limits::clock(1_000, 100, None).soft_ms);
        let l = limits("movetime 500 wtime 100 depth 7 nodes 900", 0);
        assert_eq!((l.hard_ms, l.depth, l.nodes), (Limits::movetime(500).hard_ms, 7, 900));
        assert_eq!(limits("depth 3", 1).hard_ms, None);
        assert_eq!(limits("wtime -40", 0).hard_ms, Some(1), "a flag already fallen still moves");
        // `Move Overhead` reaches the clock's arithmetic.
        let words: Vec<&str> = "wtime 10000 winc 100".split_whitespace().collect();
        assert_eq!(go_limits(&words, 0, 50).soft_ms, Limits::clock_with_overhead(10_000, 100, None, 50).soft_ms);
        assert!(go_limits(&words, 0, 50).soft_ms < limits("wtime 10000 winc 100", 0).soft_ms);
    }
}
