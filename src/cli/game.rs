//! `rookery play`: a whole game in the terminal, human or built-in engine
//! on each side; for TigerChess from the dice roll to the result. Moves in
//! SAN or coordinates; `help`, `undo`, `flip`, `moves`, `fen`, `quit`; the
//! game record is printed (and written with `--pgn`) as PGN at the end.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use rookery::game::{code_side, Game, Outcome, Position, Reason};
use rookery::hooks::{Choices, ClockEvent, GameClock, GameHooks};
use rookery::search::{Limits, Searcher};
use rookery::variant::Variant;

use super::def::load;
use super::san;

/// Arguments of `rookery play`.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// Definition: a TOML path or a built-in name.
    def: String,
    /// Seed for dice and cards (recorded in the output).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Who plays White (Bengal in TigerChess).
    #[arg(long, default_value = "engine", value_parser = ["engine", "human"])]
    white: String,
    /// Who plays Black (Siberian in TigerChess).
    #[arg(long, default_value = "engine", value_parser = ["engine", "human"])]
    black: String,
    /// Engine: search this many plies (reproducible) instead of by time
    /// (at most 32: see docs/limits.md).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=rookery::limits::MAX_ENGINE_DEPTH as i64))]
    depth: Option<u32>,
    /// Engine: search this many nodes (reproducible) instead of by time.
    #[arg(long)]
    nodes: Option<u64>,
    /// Engine: milliseconds per move when neither --depth nor --nodes is given.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Stop after this many plies without a result.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// TigerChess: the players agree on the Open variation (no single die).
    #[arg(long)]
    open: bool,
    /// TigerChess: the Random variation (cards post the Swordsmen; no dice).
    #[arg(long)]
    random_variation: bool,
    /// Start from this FEN instead of the setup (`chess960:N` or `chess960:random:SEED`: a Chess960 start array).
    #[arg(long)]
    fen: Option<String>,
    /// Also write the game record (PGN) to this file.
    #[arg(long)]
    pgn: Option<String>,
    /// TigerChess: run the TigerClocks (Triple Countdown: 30 min deployment,
    /// 150 min engagement, 60 s reserve per move) on the real time used.
    #[arg(long)]
    clock: bool,
    /// With --clock: charge these milliseconds per move (comma-separated,
    /// the last one repeats) instead of the time really used, so a timed
    /// game can be replayed (and tested) exactly.
    #[arg(long, requires = "clock", value_delimiter = ',')]
    clock_times: Vec<u64>,
}

/// One move of the record.
struct Played {
    side: u8,
    number: u32,
    san: String,
}

/// Everything a game in the terminal keeps track of.
struct Session<'v> {
    v: &'v Variant,
    game: Game<'v>,
    record: Vec<Played>,
    /// Move number of the next move.
    number: u32,
    /// History entries not to be taken back (card postings).
    fixed: usize,
    flip: bool,
    clocks: Option<Box<dyn GameClock>>,
    /// Where the clocks' time comes from.
    time: TimeSource,
    /// The rule module's state for this game, if the variant has one.
    hooks: Option<Box<dyn GameHooks>>,
    /// Draw the board before the next prompt: not after a command that
    /// only printed something (help, moves, fen, a refused move), so the
    /// answer stays on screen above the prompt.
    show_board: bool,
}

const HELP: &str = "Enter a move in SAN (e4, Nf3, exd5, e8=Q, O-O, S@e3) or coordinates (e2e4, e7e8q);
upper or lower case. Commands: help, moves (the legal moves), undo (take back your last move), flip (turn the board),
fen (the position), quit (end the game; the record is printed).";

/// Plays the game; prints every move, the final position, `result: …` and the PGN.
pub fn play(a: PlayArgs) -> ExitCode {
    let v = match load(&a.def) {
        Ok(v) => v,
        Err(c) => return c,
    };
    let humans = [a.white == "human", a.black == "human"];
    let (mut s, start_fen) = match Session::open(&v, &a, humans) {
        Ok(s) => s,
        Err(c) => return c,
    };
    let result = s.run(&a, humans);
    s.finish(result, &start_fen, humans, a.pgn.as_deref())
}

impl<'v> Session<'v> {
    /// Prints the game's header (title, seed, the rule module's pre-game,
    /// the legend for humans) and sets the game up, chance's opening moves
    /// made; with the start FEN for the record.
    fn open(v: &'v Variant, a: &PlayArgs, humans: [bool; 2]) -> Result<(Session<'v>, String), ExitCode> {
        outln!("game: {}", v.title);
        outln!("seed: {}", a.seed);
        let choices = Choices { open: a.open, random_variation: a.random_variation };
        let hooks = v.module.filter(|_| a.fen.is_none()).map(|m| m.begin(a.seed, choices));
        for line in hooks.iter().flat_map(|h| h.pre_game_lines()) {
            outln!("{line}");
        }
        let pos = super::def::start_position(v, hooks.as_deref(), a.fen.as_deref())?;
        let start_fen = pos.fen();
        let number = start_fen.rsplit(' ').next().and_then(|n| n.parse().ok()).unwrap_or(1);
        if humans.iter().any(|h| *h) {
            outln!("{}", legend(v));
            outln!("Type help for the commands.");
        }
        let clocks = hooks.as_ref().filter(|_| a.clock).and_then(|h| h.clock());
        let mut s = Session {
            v,
            game: Game::new(pos),
            record: Vec::new(),
            number,
            fixed: 0,
            flip: !humans[0] && humans[1],
            clocks,
            time: TimeSource::new(a.clock_times.clone()),
            hooks,
            show_board: true,
        };
        for m in s.hooks.as_ref().map(|h| h.opening_moves(&s.game.pos)).unwrap_or_default() {
            s.play(m, " (card)");
        }
        s.fixed = s.game.history.len();
        Ok((s, start_fen))
    }

    /// The moves until the game ends, a human quits or `--max-plies` runs
    /// out (no outcome then).
    fn run(&mut self, a: &PlayArgs, humans: [bool; 2]) -> Option<Outcome> {
        let mut searcher = Searcher::new(self.v, 16);
        let limits = match (a.depth, a.nodes) {
            (None, None) => Limits::movetime(a.movetime),
            (d, n) => Limits::infinite().with_depth(d).with_nodes(n),
        };
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        loop {
            if let Some(o) = self.game.outcome() {
                return Some(o);
            }
            if self.game.history.len() as u32 >= a.max_plies {
                return None;
            }
            let side = self.game.pos.side() as usize;
            let t = Instant::now();
            let m = if humans[side] {
                match self.human_turn(&mut lines, humans) {
                    Turn::Move(m) => m,
                    Turn::Again => continue,
                    Turn::Quit => return None,
                }
            } else {
                match searcher.search(&mut self.game, limits, &mut |_| {}) {
                    Some((m, _)) => m,
                    None => return self.game.outcome(),
                }
            };
            let ms = self.time.move_ms(t);
            match self.spend(side as u8, ms) {
                Spent::InTime => self.play(m, ""),
                // The posting came too late: it is not made.
                Spent::TooLate => {}
                Spent::Lost(o) => return Some(o),
            }
        }
    }
}

/// What the clock says about a move just chosen.
enum Spent {
    /// Made in time (main or reserve time).
    InTime,
    /// The deployment allowance ran out first: the posting is not made.
    TooLate,
    /// All time is gone.
    Lost(Outcome),
}

/// Where the clocks' time comes from: the wall clock, or a fixed list of
/// milliseconds per move (`--clock-times`) that makes a timed game exact.
struct TimeSource {
    script: Vec<u64>,
    next: usize,
}

impl TimeSource {
    fn new(script: Vec<u64>) -> TimeSource {
        TimeSource { script, next: 0 }
    }

    /// The time the move begun at `started` took on the clock.
    fn move_ms(&mut self, started: Instant) -> u64 {
        let Some(last) = self.script.last() else { return started.elapsed().as_millis() as u64 };
        let ms = *self.script.get(self.next).unwrap_or(last);
        self.next += 1;
        ms
    }
}

/// What a human's input came to.
enum Turn {
    Move(rookery::game::Move),
    Again,
    Quit,
}

/// The pieces: letter, name and moves.
fn legend(v: &Variant) -> String {
    let mut out = String::from("pieces (White upper case, Black lower case):");
    for p in &v.pieces {
        let royal = if p.royal { ", royal" } else { "" };
        out.push_str(&format!("\n  {}  {}{royal}: {}", p.letter, p.name, if p.immobile { "-" } else { &p.betza }));
    }
    out
}

impl<'v> Session<'v> {
    fn side_name(&self, side: u8) -> &'static str {
        side_name(self.v, side)
    }

    /// Pieces the rule module shows under another name (Siege Towers).
    fn renamed_pieces(&self) -> Vec<(u16, String)> {
        self.hooks.as_ref().map(|h| h.renamed_pieces(&self.game.pos)).unwrap_or_default()
    }

    /// Plays `m`, printing it as `12. White Nf3 [g1f3]` (`12... Black …`
    /// for Black), announcing check and TigerChess events.
    fn play(&mut self, m: rookery::game::Move, note: &str) {
        self.show_board = true;
        let mut legal = Vec::new();
        self.game.pos.legal_moves(&mut legal);
        let side = self.game.pos.side();
        let text = san::san(&self.game.pos, &m, &legal);
        let coords = san::coords(&self.game.pos, &m, &legal);
        let dots = if side == 0 { "." } else { "..." };
        outln!("{}{dots} {} {text} [{coords}]{note}", self.number, self.side_name(side));
        let deploying = self.game.pos.deploying();
        let renamed = self.renamed_pieces();
        self.game.play(m);
        self.record.push(Played { side, number: self.number, san: text });
        if side == 1 && m.kind != rookery::game::MoveKind::Drop {
            self.number += 1;
        }
        for (c, name) in self.renamed_pieces() {
            // A renamed piece (a Siege Tower) that just moved was one already.
            let was = |d: u16| renamed.iter().any(|(e, _)| *e == d);
            if !(was(c) || c == m.to && was(m.from)) {
                let owner = self.side_name(code_side(self.game.pos.at(c)));
                outln!("   {owner} on {} is now a {name}", self.v.grid.label(c));
            }
        }
        if deploying && !self.game.pos.deploying() {
            self.deployment_over();
        } else if !deploying {
            if let Some(c) = &mut self.clocks {
                c.move_done(side as usize);
            }
        }
    }

    /// The deployment just ended: the module reads it, the clocks switch.
    fn deployment_over(&mut self) {
        if let Some(h) = &mut self.hooks {
            h.deployment_over(&self.game.pos);
            if let Some(phase) = h.phase_label(&self.game.pos) {
                outln!("   the deployment is over: {phase}");
            }
        }
        if let Some(c) = &mut self.clocks {
            c.start_engagement();
        }
    }

    /// Runs the mover's clock for the `ms` the move took: whether the move
    /// still counts, or the game is lost on time.
    fn spend(&mut self, side: u8, ms: u64) -> Spent {
        let Some(c) = self.clocks.as_mut() else { return Spent::InTime };
        match c.spend(side as usize, ms) {
            ClockEvent::Running => Spent::InTime,
            ClockEvent::DeployFlag => {
                outln!("   {}'s deployment time is up: no more postings", self.side_name(side));
                let deploying = self.game.pos.deploying();
                if let Some(h) = &self.hooks {
                    h.deployment_time_up(&mut self.game.pos, side);
                }
                if deploying && !self.game.pos.deploying() {
                    self.deployment_over();
                }
                Spent::TooLate
            }
            ClockEvent::OnReserve => {
                outln!("   {} is on reserve time", self.side_name(side));
                Spent::InTime
            }
            ClockEvent::Lost => Spent::Lost(Outcome { winner: Some(side ^ 1), reason: Reason::Named("time".into()) }),
        }
    }

    /// Shows the position and reads until a legal move or a command that
    /// ends the turn.
    fn human_turn(&mut self, lines: &mut impl Iterator<Item = std::io::Result<String>>, humans: [bool; 2]) -> Turn {
        if self.show_board {
            outln!("{}", self.board());
        }
        // Until something changes the position or the view.
        self.show_board = false;
        let side = self.game.pos.side();
        let dots = if side == 0 { "." } else { "..." };
        if self.game.pos.in_check() {
            outln!("{} is in check.", self.side_name(side));
        }
        out!("{}{dots} {} to move> ", self.number, self.side_name(side));
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            outln!();
            return Turn::Quit;
        };
        let line = line.trim();
        let mut legal = Vec::new();
        self.game.pos.legal_moves(&mut legal);
        match line.to_ascii_lowercase().as_str() {
            "" => Turn::Again,
            "help" | "?" => {
                outln!("{HELP}");
                outln!("{}", self.examples(&legal));
                Turn::Again
            }
            "quit" | "exit" => Turn::Quit,
            "fen" => {
                outln!("{}", self.game.pos.fen());
                Turn::Again
            }
            "flip" => {
                self.flip = !self.flip;
                self.show_board = true;
                Turn::Again
            }
            "moves" => {
                let mut all: Vec<String> = legal.iter().map(|m| san::san(&self.game.pos, m, &legal)).collect();
                all.sort();
                outln!("legal moves: {}", all.join(" "));
                Turn::Again
            }
            "undo" => {
                self.undo(humans);
                self.show_board = true;
                Turn::Again
            }
            _ => match san::parse(&self.game.pos, line, &legal) {
                Ok(Some(m)) => Turn::Move(m),
                Ok(None) => {
                    outln!("illegal: {}", san::why_illegal(&mut self.game.pos, line));
                    Turn::Again
                }
                Err(c) => {
                    outln!("ambiguous: {} could be {}", line, c.join(" or "));
                    Turn::Again
                }
            },
        }
    }

    /// Moves of this position as examples, in SAN and in coordinates (the
    /// help's are chess's, which may not exist in the variant).
    fn examples(&self, legal: &[rookery::game::Move]) -> String {
        let pos = &self.game.pos;
        let picks: Vec<&rookery::game::Move> = [0, legal.len() / 2, legal.len().saturating_sub(1)]
            .iter()
            .filter_map(|&i| legal.get(i))
            .fold(Vec::new(), |mut acc, m| {
                if !acc.contains(&m) {
                    acc.push(m);
                }
                acc
            });
        let sans: Vec<String> = picks.iter().map(|m| san::san(pos, m, legal)).collect();
        let coords: Vec<String> = picks.iter().map(|m| san::coords(pos, m, legal)).collect();
        format!("Here, for example: {} (or {}).", sans.join(", "), coords.join(", "))
    }

    /// Takes back the last move, and the engine's reply before it, so the
    /// same human is to move again.
    fn undo(&mut self, humans: [bool; 2]) {
        let me = self.game.pos.side();
        let mut taken = 0;
        while self.game.history.len() > self.fixed {
            self.game.undo();
            if let Some(p) = self.record.pop() {
                self.number = p.number;
            }
            taken += 1;
            let side = self.game.pos.side() as usize;
            if humans[side] && (self.game.pos.side() == me || !humans[me as usize]) {
                break;
            }
        }
        if taken == 0 {
            outln!("nothing to take back");
        } else {
            outln!("took back {}", plies(taken));
        }
    }

    /// The board as text, from the side at the bottom (`flip`: Black's),
    /// with the hands and the TigerChess phase and clocks when they apply.
    fn board(&self) -> String {
        let pos = &self.game.pos;
        let mut out =
            if self.v.grid.graph().is_some() { super::info::board_text(pos) } else { board_lines(pos, self.flip) };
        let hand = |side: u8| -> String {
            let mut h = String::new();
            for (k, p) in self.v.pieces.iter().enumerate() {
                let n = pos.in_hand(side, k as u8);
                let l = if side == 0 { p.letter } else { p.letter.to_ascii_lowercase() };
                h.extend(std::iter::repeat_n(l, n as usize));
            }
            h
        };
        let (w, b) = (hand(0), hand(1));
        if !w.is_empty() || !b.is_empty() {
            out.push_str(&format!("\nin hand: {} [{w}]  {} [{b}]", self.side_name(0), self.side_name(1)));
        }
        if let Some(phase) = self.hooks.as_ref().and_then(|h| h.phase_label(pos)) {
            out.push_str(&format!("\nphase: {phase}"));
        }
        if let Some(c) = &self.clocks {
            for p in 0..2 {
                out.push_str(&format!("\nclock {}: {}", self.side_name(p as u8), c.describe(p)));
            }
        }
        out
    }

    /// Prints the end: board, FEN, TigerChess designation, result and PGN.
    fn finish(
        &mut self,
        result: Option<Outcome>,
        start_fen: &str,
        humans: [bool; 2],
        pgn_path: Option<&str>,
    ) -> ExitCode {
        outln!("{}", board_lines_or_graph(&self.game.pos, self.flip));
        outln!("fen: {}", self.game.pos.fen());
        if let Some(d) = self.hooks.as_ref().and_then(|h| h.designation()) {
            outln!("designation: {d}");
        }
        if let Some(c) = &self.clocks {
            for p in 0..2 {
                outln!("clock {}: {}", self.side_name(p as u8), c.describe(p));
            }
        }
        let score = match &result {
            Some(o) => {
                outln!("result: {o}");
                o.score()
            }
            None => {
                outln!("result: * (unfinished after {})", plies(self.game.history.len()));
                "*"
            }
        };
        let who = |h: bool| if h { "Human" } else { "Rookery" };
        let pgn = pgn_text(self.v, start_fen, &self.record, score, [who(humans[0]), who(humans[1])]);
        outln!("{pgn}");
        if let Some(path) = pgn_path {
            if let Err(e) = std::fs::write(path, &pgn) {
                errln!("error: cannot write {path}: {e}");
                return ExitCode::from(2);
            }
        }
        ExitCode::SUCCESS
    }
}

fn board_lines_or_graph(pos: &Position<'_>, flip: bool) -> String {
    if pos.variant().grid.graph().is_some() {
        super::info::board_text(pos)
    } else {
        board_lines(pos, flip)
    }
}

/// A rectangular board as text, rank numbers on the left and file letters
/// below; holes `*`; turned around when `flip`.
fn board_lines(pos: &Position<'_>, flip: bool) -> String {
    let g = &pos.variant().grid;
    let (files, ranks) = (g.files(), g.ranks());
    let ys: Vec<u32> = if flip { (0..ranks).collect() } else { (0..ranks).rev().collect() };
    let xs: Vec<u32> = if flip { (0..files).rev().collect() } else { (0..files).collect() };
    let mut out = String::new();
    for y in ys {
        out.push_str(&format!("{:>3} ", y + 1));
        for &x in &xs {
            let ch = match g.at(x as i32, y as i32) {
                None => '*',
                Some(c) => piece_char(pos, c),
            };
            out.push(' ');
            out.push(ch);
        }
        out.push('\n');
    }
    out.push_str("    ");
    for &x in &xs {
        out.push(' ');
        out.push((b'a' + x as u8) as char);
    }
    out
}

fn piece_char(pos: &Position<'_>, c: u16) -> char {
    let code = pos.at(c);
    if code == 0 {
        return '.';
    }
    let l = pos.variant().pieces[rookery::game::code_kind(code) as usize].letter;
    if code_side(code) == 0 {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

/// The game record: tags (with `Variant` and `FEN`) and numbered SAN.
fn pgn_text(v: &Variant, start_fen: &str, record: &[Played], score: &str, players: [&str; 2]) -> String {
    let mut out = String::new();
    for (tag, value) in [
        ("Event", "Rookery game"),
        ("Site", "rookery play"),
        ("White", players[0]),
        ("Black", players[1]),
        ("Result", score),
        ("Variant", v.name.as_str()),
        ("SetUp", "1"),
        ("FEN", start_fen),
    ] {
        out.push_str(&format!("[{tag} \"{value}\"]\n"));
    }
    out.push('\n');
    let mut moves = Vec::new();
    let mut prev: Option<u8> = None;
    for p in record {
        if p.side == 0 {
            moves.push(format!("{}. {}", p.number, p.san));
        } else if prev == Some(0) {
            moves.push(p.san.clone());
        } else {
            moves.push(format!("{}... {}", p.number, p.san));
        }
        prev = Some(p.side);
    }
    moves.push(score.to_string());
    let mut line = String::new();
    for w in moves {
        if line.len() + w.len() + 1 > 79 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
        line.push_str(&w);
        line.push(' ');
    }
    out.push_str(line.trim_end());
    out
}

fn side_name(v: &Variant, side: u8) -> &'static str {
    rookery::hooks::side_names(v)[side as usize & 1]
}

/// "1 ply" or "N plies": a count of half-moves as a player reads it.
fn plies(n: usize) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}
