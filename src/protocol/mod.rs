//! Engine protocols for GUIs and match tools: UCI ([`uci`], as
//! Fairy-Stockfish is driven) and XBoard/WinBoard CECP v2 ([`xboard`]).
//!
//! Both read commands line by line from a channel fed by a reader thread
//! (which also raises the stop flag at once for `stop`, `quit` and the
//! like, so a running search ends promptly) and write replies to a shared
//! writer.

pub mod san;
pub mod uci;
pub mod xboard;

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};

use crate::game::notation::move_text;
use crate::game::{Game, Move};
use crate::variant::{builtin, load_str, Variant};

/// Where replies go; shared with the reader thread (which answers pings).
pub type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes one line and flushes (a GUI waits for whole lines).
pub fn say(out: &Out, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// The variants a session can play: the built-ins, plus definitions loaded
/// from files. Each is compiled once and kept for the whole session.
pub struct Registry {
    loaded: BTreeMap<String, &'static Variant>,
    /// Definition names from files (`VariantPath`, command-line arguments),
    /// in the order given.
    pub extra: Vec<String>,
    files: BTreeMap<String, String>,
}

impl Default for Registry {
    fn default() -> Self {
        Registry::new()
    }
}

impl Registry {
    /// Only the built-ins.
    pub fn new() -> Registry {
        Registry { loaded: BTreeMap::new(), extra: Vec::new(), files: BTreeMap::new() }
    }

    /// Every variant name offered, built-ins first.
    pub fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = builtin::BUILTIN.iter().map(|(n, _)| n.to_string()).collect();
        v.extend(self.extra.iter().filter(|n| !v.contains(n)).cloned().collect::<Vec<_>>());
        v
    }

    /// Adds a TOML file, or every `*.toml` in a folder; returns the names
    /// added, or what went wrong.
    pub fn add_path(&mut self, path: &str) -> Result<Vec<String>, String> {
        let p = std::path::Path::new(path);
        let files: Vec<std::path::PathBuf> = if p.is_dir() {
            let mut fs: Vec<_> = std::fs::read_dir(p)
                .map_err(|e| format!("{path}: {e}"))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "toml"))
                .collect();
            fs.sort();
            fs
        } else {
            vec![p.to_path_buf()]
        };
        let mut added = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
            let (v, _) = load_str(&text).map_err(|e| {
                let first = e.diagnostics.first().map_or(String::new(), |d| d.render(&f.display().to_string(), &text));
                format!("{} is not a valid definition: {}", f.display(), first.lines().next().unwrap_or(""))
            })?;
            let name = v.name.clone();
            self.loaded.insert(name.clone(), Box::leak(Box::new(v)));
            self.files.insert(name.clone(), text);
            if !self.extra.contains(&name) {
                self.extra.push(name.clone());
            }
            added.push(name);
        }
        Ok(added)
    }

    /// The compiled variant called `name` (compiling a built-in on first use).
    pub fn get(&mut self, name: &str) -> Option<&'static Variant> {
        if let Some(v) = self.loaded.get(name) {
            return Some(v);
        }
        let (v, _) = load_str(builtin::text(name)?).ok()?;
        let v: &'static Variant = Box::leak(Box::new(v));
        self.loaded.insert(name.to_string(), v);
        Some(v)
    }
}

/// Whether a search is running, and the flag that stops it.
#[derive(Clone, Default)]
pub struct Flags {
    /// Set by the session while it searches.
    pub searching: Arc<AtomicBool>,
    /// The searcher's stop flag.
    pub stop: Arc<AtomicBool>,
    /// While a `go ponder` search runs: the milliseconds it may go on
    /// after `ponderhit` (0: none, `ponderhit` stops it like `stop`).
    pub ponder_ms: Arc<AtomicU64>,
    /// While an XBoard ponder search runs: any line from the GUI stops it
    /// (the opponent moved, or the GUI wants something else first).
    pub pondering: Arc<AtomicBool>,
    /// While an XBoard ponder search runs: the move text (as XBoard
    /// sends it) that is the expected reply. That line, alone or after
    /// `usermove`, is a ponder hit: the search goes on for
    /// [`Flags::ponder_ms`] instead of stopping; the clock lines XBoard
    /// sends before it (`time`, `otim`) do not stop it either.
    pub hit_text: Arc<Mutex<Option<String>>>,
    /// Raised by the reader on a ponder hit (see [`Flags::hit_text`]).
    pub hit: Arc<AtomicBool>,
    /// While XBoard's analysis mode is on: lines that change nothing the
    /// analysis depends on ([`AFTER_ANALYSIS`]) are queued without
    /// stopping the search, so that XBoard's clock and option lines do not
    /// make it start again from depth 1.
    pub analysing: Arc<AtomicBool>,
    /// Counts searches, so that a timer set for one never stops the next.
    generation: Arc<AtomicU64>,
}

impl Flags {
    /// Marks the start of a search.
    pub fn begin(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.searching.store(true, Ordering::SeqCst);
    }

    /// Ends a search run under [`Flags::pondering`]: takes the flag down
    /// and, if the reader took it first (a line arrived), waits for the
    /// stop the reader raises right after, so that no stale stop is left
    /// to end the next search at once; then [`Flags::end`].
    /// Returns whether the reader saw a ponder hit (its search then
    /// went on on the engine's own time).
    pub fn settle(&self) -> bool {
        if !self.pondering.swap(false, Ordering::SeqCst) {
            while !self.stop.load(Ordering::SeqCst) && !self.hit.load(Ordering::SeqCst) {
                std::hint::spin_loop();
            }
        }
        let hit = self.hit.swap(false, Ordering::SeqCst);
        self.end();
        hit
    }

    /// Marks its end; a stop that arrived too late is forgotten.
    pub fn end(&self) {
        self.searching.store(false, Ordering::SeqCst);
        self.stop.store(false, Ordering::SeqCst);
        self.ponder_ms.store(0, Ordering::SeqCst);
        self.hit.store(false, Ordering::SeqCst);
        *self.hit_text.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// What `line` is to an XBoard ponder search armed with
    /// [`Flags::hit_text`]: `Some(true)` the hit, `Some(false)` a clock
    /// line that comes before the opponent's move, `None` anything else
    /// (or no hit armed).
    fn ponder_line(&self, line: &str) -> Option<bool> {
        let text = self.hit_text.lock().unwrap_or_else(|e| e.into_inner());
        let text = text.as_deref()?;
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("");
        let mv = if first == "usermove" { words.next() } else { Some(first) };
        match first {
            "time" | "otim" => Some(false),
            _ if mv == Some(text) && words.next().is_none() => Some(true),
            _ => None,
        }
    }

    /// A ponder hit: the running search goes on for [`Flags::ponder_ms`]
    /// (stopped at once if none was set).
    fn on_hit(&self) {
        match self.ponder_ms.swap(0, Ordering::SeqCst) {
            0 => self.stop.store(true, Ordering::SeqCst),
            ms => {
                self.hit.store(true, Ordering::SeqCst);
                self.stop_after(ms);
            }
        }
    }

    /// Stops the running search after `ms` milliseconds (a thread that
    /// sleeps), unless it has ended by then.
    fn stop_after(&self, ms: u64) {
        let flags = self.clone();
        let generation = self.generation.load(Ordering::SeqCst);
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(ms));
            if flags.generation.load(Ordering::SeqCst) == generation && flags.searching.load(Ordering::SeqCst) {
                flags.stop.store(true, Ordering::SeqCst);
            }
        });
    }

    /// What a stopping word does to a running search: `ponderhit` during
    /// a ponder search starts the move's own time instead of stopping it.
    fn on_stopper(&self, word: &str) {
        let ponder_ms = self.ponder_ms.swap(0, Ordering::SeqCst);
        if word == "ponderhit" && ponder_ms > 0 {
            self.stop_after(ponder_ms);
        } else {
            self.stop.store(true, Ordering::SeqCst);
        }
    }
}

/// XBoard commands that change neither the position nor what the engine
/// does with it while it analyses (clock, thinking output, pondering,
/// the opponent's name): queued, handled once another line stops the
/// analysis (see [`Flags::analysing`]).
pub const AFTER_ANALYSIS: &[&str] = &[
    "time", "otim", "post", "nopost", "hard", "easy", "computer", "name", "rating", "ics", "random", "accepted",
    "rejected",
];

/// Lines from `input`, through a reader thread. A line whose first word is
/// one of `stoppers` stops a running search as soon as it arrives (the line
/// is still passed on). With `ready`, an `isready` that arrives during a
/// search is answered `readyok` at once (UCI requires it without stopping
/// the search) instead of being passed on, and a `go` marks the search as
/// running as soon as it is read, so that a `stop` or `ponderhit` sent
/// right behind it is not lost before the session begins the search.
/// While [`Flags::pondering`] is up, every line stops the search, and the
/// reader takes the flag down as it does so. With `pong` (XBoard), while a
/// search runs under that flag (pondering, analysing), `ping N` is answered
/// by the reader and XBoard's status request `.` is dropped, so neither
/// interrupts the search: there is nothing queued for them to wait for.
pub fn spawn_reader(
    input: Box<dyn std::io::BufRead + Send>,
    flags: Flags,
    stoppers: &'static [&'static str],
    ready: Option<Out>,
    pong: Option<Out>,
) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in std::io::BufRead::lines(input) {
            let Ok(line) = line else { break };
            let word = line.split_whitespace().next().unwrap_or("");
            if ready.is_some() && word == "go" {
                flags.searching.store(true, Ordering::SeqCst);
            }
            let searching = flags.searching.load(Ordering::SeqCst);
            if stoppers.contains(&word) && searching {
                flags.on_stopper(word);
            }
            if let (Some(out), "isready", true) = (&ready, word, searching) {
                say(out, "readyok");
                continue;
            }
            // `searching` is raised only after the session found the
            // channel empty: no earlier line is still waiting.
            if let (Some(out), true) = (&pong, searching && flags.pondering.load(Ordering::SeqCst)) {
                match word {
                    "." => continue,
                    "ping" => {
                        let n = line.trim().strip_prefix("ping").unwrap_or("").trim();
                        say(out, &format!("pong {n}"));
                        continue;
                    }
                    _ => {}
                }
            }
            let ponder_line = if searching { flags.ponder_line(&line) } else { None };
            let deferred = searching && flags.analysing.load(Ordering::SeqCst) && AFTER_ANALYSIS.contains(&word);
            if tx.send(line).is_err() {
                break;
            }
            if deferred {
                continue;
            }
            match ponder_line {
                // XBoard's clock lines before the opponent's move.
                Some(false) => continue,
                // The expected reply: a session still pondering goes on.
                Some(true) => {
                    if flags.pondering.swap(false, Ordering::SeqCst) {
                        flags.on_hit();
                    }
                    continue;
                }
                None => {}
            }
            // Tested after the send: a session that raised `pondering` and
            // then found the channel empty cannot miss this line.
            if flags.pondering.swap(false, Ordering::SeqCst) {
                flags.stop.store(true, Ordering::SeqCst);
            }
        }
        // `quit` queued before the stop: a session whose search ends now
        // finds it and does not start another (analysis restarts at once).
        let _ = tx.send("quit".to_string());
        flags.pondering.store(false, Ordering::SeqCst);
        flags.stop.store(true, Ordering::SeqCst);
    });
    rx
}

/// The principal variation in coordinate notation, as far as it is legal
/// from the game's position.
pub fn pv_text(game: &Game<'_>, pv: &[Move]) -> String {
    let mut g = game.clone();
    let mut legal = Vec::new();
    let mut out = Vec::new();
    for m in pv {
        g.pos.legal_moves(&mut legal);
        if !legal.contains(m) {
            break;
        }
        out.push(move_text(&g.pos, m, &legal));
        g.play(*m);
    }
    out.join(" ")
}

/// The value of the `Move Overhead` option (UCI and XBoard alike):
/// milliseconds, at most [`crate::search::OVERHEAD_MAX_MS`]; `None` for
/// anything but a whole number.
fn move_overhead(value: &str) -> Option<u64> {
    value.trim().parse::<u64>().ok().map(|ms| ms.min(crate::search::OVERHEAD_MAX_MS))
}
