//! XBoard/WinBoard CECP v2. Every variant the GUI does not know natively is
//! taught to it with a `setup` command (board size, holdings, start FEN and
//! the letter-to-piece table) and one `piece` command per piece with its
//! Betza string, so XBoard draws the board, tests legality and highlights
//! moves itself. Polygon boards, which XBoard cannot draw, are not offered.

use std::sync::mpsc::Receiver;

use super::{say, Flags, Out, Registry};
use crate::game::notation::{move_text, parse_move};
use crate::game::{Game, Move, Position, Reason};
use crate::search::{Limits, Report, Score, Searcher, OVERHEAD_MAX_MS, OVERHEAD_MS};
use crate::variant::Variant;

mod analyze;
mod guard;
mod offer;
mod ponder;
mod teach;
use offer::initial_special;
pub use offer::{drawable, unteachable, NATIVE};
pub use teach::setup_lines;
use teach::*;

/// Words that stop a running search at once (`?` is "move now").
pub const STOPPERS: &[&str] = &["?", "quit", "result", "force", "new", "exit"];

/// XBoard's piece types in its internal order (the first 22 of them, as in
/// its `pieceToCharTable`), by the moves of each where it has fixed ones:
/// a piece moving the same way gets that type, hence its picture (Pawn,
/// Knight, Bishop, Rook, Queen, Ferz, Alfil, Archbishop, Chancellor, Wazir,
/// Man, Cannon, Nightrider, Dragon Horse, Dragon King, Grasshopper, Silver,
/// Falcon, Lance, Cobra, Unicorn, King).
const SLOT_BETZA: [&str; 22] = [
    "fmWfceF", "N", "B", "R", "Q", "F", "A", "BN", "RN", "W", "K", "mRcpR", "NN", "BW", "RF", "gQ", "FfW", "", "fR",
    "", "", "",
];

/// The clock as XBoard sets it.
#[derive(Clone, Copy, Debug, Default)]
struct Clock {
    /// Moves per session (0: the whole game).
    mps: u32,
    /// Increment per move, milliseconds.
    inc_ms: u64,
    /// Our time left (from `time`), milliseconds.
    left_ms: Option<u64>,
    /// The base time of `level`, milliseconds: the clock until a `time`.
    base_ms: Option<u64>,
    /// Fixed time per move (`st`), milliseconds.
    per_move_ms: Option<u64>,
    /// Depth cap (`sd`).
    depth: Option<u32>,
}

/// A CECP session.
pub struct Xboard {
    reg: Registry,
    out: Out,
    variant: &'static Variant,
    game: Game<'static>,
    searcher: Searcher,
    flags: Flags,
    /// The side the engine plays, `None` in force mode.
    engine: Option<u8>,
    post: bool,
    clock: Clock,
    hash_mb: usize,
    /// Milliseconds kept in hand per move to go on a clock (the engine
    /// option `Move Overhead`, as in UCI).
    overhead_ms: u64,
    /// The opponent is an engine (`computer`, sent by XBoard for a game
    /// between two engines): see [`Xboard::claim_result`].
    computer: bool,
    /// Pondering allowed (`hard`; `easy` turns it off).
    hard: bool,
    /// The opponent's reply our last search expects, while the position is
    /// the one right after our move: what a ponder search assumes
    /// (`ponder.rs`). Cleared whenever the position changes otherwise.
    expected: Option<Move>,
    /// A ponder search's answer for the position of the key it holds (the
    /// expected reply played): played at once if the opponent's move
    /// leads there (`ponder.rs`).
    answer: Option<(u64, (Move, Report))>,
    /// In analysis mode (`analyze` until `exit`, `analyze.rs`).
    analysing: bool,
    /// The analysis of the current position ended by itself (mate found,
    /// depth cap): not searched again until a command arrives.
    analysed: bool,
}

/// The name XBoard uses for a variant (its own for orthodox chess).
fn gui_name(v: &Variant) -> &str {
    if v.name == "chess" {
        "normal"
    } else {
        &v.name
    }
}

impl Xboard {
    /// A session starting in `variant`.
    pub fn new(mut reg: Registry, out: Out, variant: &str) -> Result<Xboard, String> {
        let v = reg.get(variant).ok_or_else(|| format!("unknown variant {variant:?}"))?;
        let flags = Flags::default();
        let searcher = Searcher::new(v, 16).with_stop(flags.stop.clone());
        Ok(Xboard {
            reg,
            out,
            variant: v,
            game: Game::new(Position::start(v)),
            searcher,
            flags,
            engine: Some(1),
            post: false,
            clock: Clock::default(),
            hash_mb: 16,
            overhead_ms: OVERHEAD_MS,
            computer: false,
            hard: false,
            expected: None,
            answer: None,
            analysing: false,
            analysed: false,
        })
    }

    /// Reads commands from `input` until `quit` or its end.
    pub fn serve(&mut self, input: Box<dyn std::io::BufRead + Send>) {
        let rx = super::spawn_reader(input, self.flags.clone(), STOPPERS, None, Some(self.out.clone()));
        self.run(&rx);
    }

    /// Runs until `quit` or the end of input. While no command waits, it
    /// analyses in analysis mode (`analyze.rs`) and, with pondering on,
    /// thinks on the opponent's time (`ponder.rs`).
    pub fn run(&mut self, rx: &Receiver<String>) {
        loop {
            let line = match rx.try_recv() {
                Ok(line) => line,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => break,
                Err(std::sync::mpsc::TryRecvError::Empty) => {
                    match self.analyse_until_input(rx).or_else(|| self.ponder_until_input(rx)) {
                        Some(line) => line,
                        None => match rx.recv() {
                            Ok(line) => line,
                            Err(_) => break,
                        },
                    }
                }
            };
            if !self.command(line.trim()) {
                break;
            }
        }
    }

    /// Handles one command; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        // Anything but these may change the position or the side the
        // engine plays: the expected reply is pondered on no longer.
        if !matches!(word, "time" | "otim" | "ping" | "post" | "nopost" | "hard" | "computer" | "name" | "rating") {
            self.expected = None;
        }
        // (Nor is a finished analysis begun again for a line that changes
        // nothing analysed.)
        if !matches!(word, "." | "ping") && !super::AFTER_ANALYSIS.contains(&word) {
            self.analysed = false;
        }
        // The opponent's move the answer waits for comes after the clock.
        if !matches!(word, "." | "ping" | "time" | "otim" | "usermove") && !self.looks_like_move(word) {
            self.answer = None;
        }
        match word {
            "hard" => self.hard = true,
            "easy" => self.hard = false,
            "xboard" | "" | "random" | "accepted" | "rejected" | "draw" | "name" | "rating" | "ics" | "otim"
            | "cores" | "?" | "white" | "black" | "." | "bk" | "hint" => {}
            "analyze" => self.enter_analysis(),
            "exit" => self.leave_analysis(),
            "computer" => self.computer = true,
            "protover" => self.features(),
            "new" => {
                self.select_name("chess");
                self.engine = (!self.analysing).then_some(1);
                self.computer = false;
                self.clock.depth = None;
                self.clock.per_move_ms = None;
            }
            "variant" => self.select_name(rest),
            "force" => self.engine = None,
            // In analysis mode the engine never plays.
            "go" if self.analysing => {}
            "go" => {
                self.engine = Some(self.game.pos.side());
                self.think();
            }
            "playother" if self.analysing => {}
            "playother" => self.engine = Some(self.game.pos.side() ^ 1),
            "usermove" => self.user_move(rest),
            "setboard" => self.set_board(rest),
            "undo" => {
                self.game.undo();
            }
            "remove" => {
                self.game.undo();
                self.game.undo();
            }
            "ping" => say(&self.out, &format!("pong {rest}")),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "level" => self.level(rest),
            "st" => self.clock.per_move_ms = rest.parse::<f64>().ok().map(|s| (s * 1000.0) as u64),
            "sd" => self.clock.depth = rest.parse().ok(),
            // A fallen flag (XBoard sends the clock negative) leaves no time.
            "time" => self.clock.left_ms = rest.parse::<i64>().ok().map(|cs| cs.max(0) as u64 * 10),
            "memory" => {
                self.hash_mb = rest.parse().unwrap_or(self.hash_mb).clamp(1, 4096);
                self.searcher = Searcher::new(self.variant, self.hash_mb).with_stop(self.flags.stop.clone());
            }
            "option" => self.option(rest),
            "result" => self.engine = None,
            "quit" => return false,
            _ if self.looks_like_move(word) => self.user_move(word),
            _ => say(&self.out, &format!("Error (unknown command): {word}")),
        }
        true
    }

    fn features(&mut self) {
        let all = self.reg.names();
        let mut names: Vec<String> = Vec::new();
        for v in all.iter().filter_map(|n| self.reg.get(n)).filter(|v| drawable(v)) {
            // Chess and its alias `normal` are both XBoard's "normal".
            if !names.iter().any(|n| n == gui_name(v)) {
                names.push(gui_name(v).to_string());
            }
        }
        say(
            &self.out,
            &format!(
                "feature myname=\"Rookery {}\" setboard=1 usermove=1 ping=1 sigint=0 sigterm=0 colors=0 \
                 san=0 analyze=1 memory=1 variants=\"{}\" option=\"Move Overhead -spin {OVERHEAD_MS} 0 {OVERHEAD_MAX_MS}\" done=1",
                env!("CARGO_PKG_VERSION"),
                names.join(",")
            ),
        );
    }

    /// `option NAME=VALUE`, for the options offered in [`Xboard::features`].
    fn option(&mut self, rest: &str) {
        match rest.split_once('=') {
            Some((name, value)) if name.trim() == "Move Overhead" => match super::move_overhead(value) {
                Some(ms) => self.overhead_ms = ms,
                None => say(&self.out, &format!("Error (Move Overhead wants milliseconds): {rest}")),
            },
            _ => say(&self.out, &format!("Error (unknown option): {rest}")),
        }
    }

    /// Selects a variant by XBoard name and teaches it to the GUI.
    fn select_name(&mut self, name: &str) {
        let name = if name == "normal" { "chess" } else { name };
        let Some(v) = self.reg.get(name) else {
            return say(&self.out, &format!("Error (unknown variant): {name}"));
        };
        if !std::ptr::eq(v, self.variant) {
            self.searcher = Searcher::new(v, self.hash_mb).with_stop(self.flags.stop.clone());
        } else {
            self.searcher.clear();
        }
        self.variant = v;
        self.game = Game::new(Position::start(v));
        if !NATIVE.contains(&v.name.as_str()) {
            for line in setup_lines(v) {
                say(&self.out, &line);
            }
        }
    }

    fn set_board(&mut self, fen: &str) {
        let padded = start_castling(self.variant, &xboard_fen(fen));
        let parsed = Position::from_fen(self.variant, &padded).or_else(|e| {
            // Not XBoard's short form after all: the text as it came.
            if padded != fen {
                Position::from_fen(self.variant, fen)
            } else {
                Err(e)
            }
        });
        match parsed {
            Ok(p) => self.game = Game::new(p),
            Err(e) => say(&self.out, &format!("tellusererror Illegal position: {e}")),
        }
    }

    /// `level MPS BASE INC`: BASE in minutes or `m:ss`, INC in seconds.
    fn level(&mut self, rest: &str) {
        let w: Vec<&str> = rest.split_whitespace().collect();
        if w.len() != 3 {
            return say(&self.out, &format!("Error (wrong number of parameters): level {rest}"));
        }
        self.clock.mps = w[0].parse().unwrap_or(0);
        self.clock.base_ms = base_ms(w[1]);
        self.clock.left_ms = None;
        self.clock.inc_ms = (w[2].parse::<f64>().unwrap_or(0.0) * 1000.0) as u64;
        self.clock.per_move_ms = None;
    }

    fn looks_like_move(&self, word: &str) -> bool {
        parse_gui_move(self.variant, word).is_some()
    }

    /// A move from the user (or the other engine): play it, then answer if
    /// it is our turn.
    fn user_move(&mut self, text: &str) {
        let mut legal = Vec::new();
        self.game.pos.legal_moves(&mut legal);
        let m = parse_gui_move(self.variant, text).and_then(|t| parse_move(&self.game.pos, &t, &legal));
        let Some(m) = m else {
            return say(&self.out, &format!("Illegal move: {text}"));
        };
        if let Some((c, why)) = guard::misapplied(&self.game.pos, &m) {
            let why = why.replace("{}", self.variant.grid.label(c));
            return say(&self.out, &format!("Illegal move ({why}): {text}"));
        }
        self.game.play(m);
        // Analysis: the position is only something to think about.
        if self.analysing {
            return;
        }
        if self.claim_result(false) {
            return;
        }
        if self.engine == Some(self.game.pos.side()) {
            self.think();
        }
        self.answer = None;
    }

    /// Prints the result if the game is over; true then. Against another
    /// engine (`computer`) XBoard 4.9.1 verifies claims with `-testClaims`
    /// (its default; `GameEnds` in backend.c) by its own chess-rule
    /// adjudication: a claim of one's own win or of a draw it does not see
    /// loses the game as a "False … claim", while a claim of one's own
    /// loss is accepted "no questions asked". So there a win the engine's
    /// own move (`own_move`) gave it is not claimed (the loser, which gets
    /// the move relayed, claims it; XBoard adjudicates mates itself), and
    /// a draw XBoard does not know (a counting rule…) is offered instead,
    /// which ends the game as agreed when the other engine offers too.
    fn claim_result(&mut self, own_move: bool) -> bool {
        let Some(o) = self.game.outcome() else { return false };
        self.engine = None;
        let mover = self.game.pos.side() ^ 1;
        if self.computer && own_move && o.winner == Some(mover) {
            return true;
        }
        let known_draw = matches!(o.reason, Reason::Stalemate | Reason::MoveRule(50) | Reason::Repetition(3));
        if self.computer && o.winner.is_none() && !known_draw {
            say(&self.out, "offer draw");
            return true;
        }
        let who = |s: u8| if s == 0 { "White" } else { "Black" };
        let comment = match (&o.reason, o.winner) {
            (Reason::Checkmate, Some(w)) => format!("{} mates", who(w)),
            (r, Some(w)) => format!("{} wins by {r}", who(w)),
            (r, None) => format!("Draw by {r}"),
        };
        say(&self.out, &format!("{} {{{comment}}}", o.score()));
        true
    }

    fn limits(&self) -> Limits {
        let c = &self.clock;
        let base = match (c.per_move_ms, c.left_ms.or(c.base_ms)) {
            (Some(ms), _) => Limits::movetime(ms),
            (None, Some(left)) => {
                let played = self.game.history.len() as u32 / 2;
                let mtg = (c.mps > 0).then(|| c.mps - played % c.mps);
                Limits::clock_with_overhead(left, c.inc_ms, mtg, self.overhead_ms)
            }
            (None, None) if c.depth.is_some() => Limits::infinite(),
            (None, None) => Limits::movetime(2000),
        };
        base.with_depth(c.depth)
    }

    /// Searches and plays the engine's move.
    fn think(&mut self) {
        if self.claim_result(false) {
            return;
        }
        let out = self.out.clone();
        let post = self.post;
        let start = self.game.clone();
        let mut report = |r: &Report| {
            if post {
                say(&out, &thinking_line(&start, r));
            }
        };
        let best = match self.take_answer() {
            Some(answer) => Some(answer),
            None => {
                let limits = self.limits();
                self.flags.begin();
                let best = self.searcher.search(&mut self.game, limits, &mut report);
                self.flags.end();
                best
            }
        };
        let Some((mut m, report)) = best else { return };
        if guard::misapplied(&self.game.pos, &m).is_some() {
            m = guard::safe_move(&mut self.searcher, &self.game).unwrap_or(m);
        }
        // The reply the search expects, if the move played is its own.
        let reply = report.pv.get(1).copied().filter(|_| report.pv.first() == Some(&m));
        let text = gui_move_text(&self.game.pos, &m);
        self.game.play(m);
        say(&self.out, &format!("move {text}"));
        if !self.claim_result(true) {
            self.expected = reply;
        }
    }
}

impl Xboard {
    /// The ponder search's answer if it was for this position (a ponder
    /// hit, `ponder.rs`) and its move is legal here.
    fn take_answer(&mut self) -> Option<(Move, Report)> {
        let (key, (m, report)) = self.answer.take()?;
        let mut legal = Vec::new();
        self.game.pos.legal_moves(&mut legal);
        (key == self.game.pos.key() && legal.contains(&m)).then_some((m, report))
    }
}

/// `level`'s base time, minutes or `minutes:seconds`, in milliseconds.
fn base_ms(text: &str) -> Option<u64> {
    let (min, sec) = text.split_once(':').unwrap_or((text, "0"));
    let ms = min.parse::<f64>().ok()? * 60_000.0 + sec.parse::<f64>().ok()? * 1000.0;
    (ms.is_finite() && ms >= 0.0).then_some(ms as u64)
}

/// A FEN as XBoard 4.9.1 writes it, with the fields it leaves out put
/// back: it writes no castling field where the variant has no castling
/// rights and no en-passant field in shogi, xiangqi, shatranj, courier,
/// makruk and ASEAN (`PositionToFEN`, backend.c), so fewer than four
/// fields follow the side to move, the last two being the move counters.
/// Rookery's FEN has both (`-` when empty).
fn xboard_fen(fen: &str) -> String {
    let w: Vec<&str> = fen.split_whitespace().collect();
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !(4..=5).contains(&w.len()) || !numeric(w[w.len() - 1]) || !numeric(w[w.len() - 2]) {
        return fen.to_string();
    }
    let counters = &w[w.len() - 2..];
    // One field left: an en-passant cell (a letter and a digit) or `-`,
    // else castling rights.
    let (castling, ep) = match w.len() {
        5 if w[2].ends_with(|c: char| c.is_ascii_digit()) => ("-", w[2]),
        5 => (w[2], "-"),
        _ => ("-", "-"),
    };
    [w[0], w[1], castling, ep, counters[0], counters[1]].join(" ")
}

/// The start position's castling rights put back into a FEN of the start
/// position whose castling field is empty: XBoard 4.9.1 keeps the rights
/// of a taught variant (castling by Betza `O`) as the castling pieces'
/// "virginity", not as rights, and its `setboard` FEN then has none
/// (kinglet: the engine given the start FEN refused the other's `e1c1`).
fn start_castling(v: &Variant, fen: &str) -> String {
    let w: Vec<&str> = fen.split_whitespace().collect();
    let start: Vec<&str> = v.setup_fen.split_whitespace().collect();
    let same_start = w.len() == 6 && start.len() >= 3 && w[0] == start[0] && w[1] == start[1];
    if !same_start || w[2] != "-" || start[2] == "-" || NATIVE.contains(&v.name.as_str()) {
        return fen.to_string();
    }
    [w[0], w[1], start[2], w[3], w[4], w[5]].join(" ")
}

/// `ply score time nodes pv`: score in centipawns (mates as 100000 + n),
/// time in centiseconds.
fn thinking_line(game: &Game<'_>, r: &Report) -> String {
    let score = match Score::from_internal(r.score) {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    };
    let mut g = game.clone();
    let mut pv = Vec::new();
    let mut legal = Vec::new();
    for m in &r.pv {
        g.pos.legal_moves(&mut legal);
        if !legal.contains(m) {
            break;
        }
        pv.push(gui_move_text(&g.pos, m));
        g.play(*m);
    }
    format!("{} {score} {} {} {}", r.depth, r.time_ms / 10, r.nodes, pv.join(" "))
}

/// XBoard's rank text for rank index `y` (0-based): counted from 1, except
/// on boards of exactly ten ranks, which XBoard counts from 0; ranks past 9
/// are written out in decimal (`a11`).
fn rank_text(ranks: u32, y: u32) -> String {
    if ranks == 10 {
        y.to_string()
    } else {
        (y + 1).to_string()
    }
}

/// A cell as XBoard writes it.
fn gui_square(v: &Variant, c: u16) -> String {
    let (x, y) = v.grid.coords(c);
    format!("{}{}", (b'a' + x as u8) as char, rank_text(v.grid.ranks(), y))
}

/// The engine's move as XBoard expects it.
pub fn gui_move_text(pos: &Position<'_>, m: &Move) -> String {
    let v = pos.variant();
    let mut legal = Vec::new();
    pos.clone().legal_moves(&mut legal);
    let ours = move_text(pos, m, &legal);
    if m.kind == crate::game::MoveKind::Drop {
        return format!("{}@{}", &ours[..1], gui_square(v, m.to));
    }
    if let Some((kind, at)) = crate::game::rules::gating::gate(m) {
        // Gating (S-Chess): the move and the entering piece's letter; on a
        // castling partner's start, the partner onto the king.
        let (from, to) = if at == m.from || m.kind != crate::game::MoveKind::Castle {
            (m.from, if ours_castle_to_partner(&ours[..ours.len() - 1], v, m) { m.extra } else { m.to })
        } else {
            (m.extra, m.from)
        };
        let letter = v.pieces[kind as usize].letter.to_ascii_lowercase();
        return format!("{}{}{letter}", gui_square(v, from), gui_square(v, to));
    }
    let mut s = format!(
        "{}{}",
        gui_square(v, m.from),
        gui_square(v, if ours_castle_to_partner(&ours, v, m) { m.extra } else { m.to })
    );
    if ours.ends_with('+') {
        // Shogi-style promotion: XBoard's `+`, not the promoted piece's letter.
        s.push('+');
    } else if m.promo != 0 {
        s.push(v.pieces[m.promo as usize - 1].letter.to_ascii_lowercase());
    }
    s
}

/// Whether our text wrote a castling as the king moving onto its partner.
fn ours_castle_to_partner(ours: &str, v: &Variant, m: &Move) -> bool {
    m.kind == crate::game::MoveKind::Castle && ours.ends_with(v.grid.label(m.extra))
}

/// A move in XBoard's square notation turned into Rookery's (`None` if it
/// names a square the board does not have).
pub fn parse_gui_move(v: &Variant, text: &str) -> Option<String> {
    let text = text.trim();
    if let Some((piece, sq)) = text.split_once('@') {
        let c = gui_cell(v, sq)?.0;
        return (piece.len() == 1).then(|| format!("{}@{}", piece.to_ascii_uppercase(), v.grid.label(c)));
    }
    let (from, rest) = gui_cell(v, text)?;
    let (to, rest) = gui_cell(v, rest)?;
    let promo = match rest {
        "" => String::new(),
        "+" => "+".to_string(),
        // XBoard's mark of a promotion deferred (shogi): a plain move.
        "=" => String::new(),
        p if p.len() == 1 && p.chars().all(|c| c.is_ascii_alphabetic()) => p.to_ascii_lowercase(),
        _ => return None,
    };
    Some(format!("{}{}{promo}", v.grid.label(from), v.grid.label(to)))
}

/// Reads one square at the start of `s`: a file letter and one rank
/// character (digits of more than one character are read as a number too).
fn gui_cell<'a>(v: &Variant, s: &'a str) -> Option<(u16, &'a str)> {
    let b = s.as_bytes();
    if b.len() < 2 || !b[0].is_ascii_lowercase() {
        return None;
    }
    let x = (b[0] - b'a') as i32;
    let ranks = v.grid.ranks();
    let one = if ranks == 10 { b'0' } else { b'1' };
    // Two digits: a rank number written out (as some GUIs do on big boards).
    let (y, used) = if b.len() >= 3 && b[1].is_ascii_digit() && b[2].is_ascii_digit() {
        let n = (b[1] - b'0') as i32 * 10 + (b[2] - b'0') as i32;
        (n - (one - b'0') as i32, 3)
    } else {
        (b[1] as i32 - one as i32, 2)
    };
    let c = v.grid.at(x, y)?;
    Some((c, &s[used..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Xboard {
        let out: Out = std::sync::Arc::new(std::sync::Mutex::new(Box::new(std::io::sink())));
        Xboard::new(Registry::new(), out, "chess").unwrap()
    }

    #[test]
    fn level_time_and_st_set_the_clock() {
        let mut x = session();
        for c in ["new", "force", "level 2 0:20 1.5", "time 1500"] {
            x.command(c);
        }
        assert_eq!(x.limits().hard_ms, Limits::clock(15_000, 1_500, Some(2)).hard_ms);
        // One move each played: one move to go in the session of two.
        x.command("usermove e2e4");
        x.command("usermove e7e5");
        assert_eq!(x.limits().hard_ms, Limits::clock(15_000, 1_500, Some(1)).hard_ms);
        x.command("time -20");
        assert_eq!(x.limits().hard_ms, Some(1));
        // Before any `time`, the base time of `level` is the clock.
        x.command("level 0 1:30 0");
        assert_eq!(x.limits().soft_ms, Limits::clock(90_000, 0, None).soft_ms);
        x.command("st 0.5");
        assert_eq!(x.limits().hard_ms, Limits::movetime(500).hard_ms);
        x.command("level 0 x 0");
        assert_eq!(x.limits().hard_ms, Limits::movetime(2000).hard_ms, "no clock at all");
    }
}
