//! Thinking on the opponent's time (`hard`). After its own move the engine
//! plays the reply its search expects and searches the position behind it
//! without limit until a line arrives from the GUI (the reader thread
//! raises the stop flag, see [`super::super::Flags::pondering`]).
//!
//! A ponder hit: XBoard sends the opponent's move as `time`, `otim`, then
//! the move (CECP has no ponder-hit command). The reader lets the clock
//! lines pass without stopping the search, and when the move is the
//! expected one it lets the search go on for the time the clock gives the
//! move ([`super::super::Flags::hit_text`]): the pondering counts, the
//! search is not begun again. Its result is then kept as the answer for
//! that position, and the session, once it has read the queued lines,
//! plays it at once ([`Xboard::think`]). Any other line stops the ponder
//! search, the expected move is taken back and the line handled as usual;
//! what is left is the transposition table.
//!
//! As the protocol asks, nothing is pondered after `new` or `setboard`:
//! only right after a move the engine made in this game.

use std::sync::atomic::Ordering;
use std::sync::mpsc::Receiver;

use super::{gui_move_text, say, thinking_line, Xboard};
use crate::game::Move;
use crate::search::{Limits, Report};

impl Xboard {
    /// Ponders while no line waits, if pondering is on and a reply is
    /// expected. Returns a line read in the meantime (`None`: no ponder
    /// search ran, or it ended on its own; read the next line as usual).
    pub(super) fn ponder_until_input(&mut self, rx: &Receiver<String>) -> Option<String> {
        let m = self.expected.filter(|_| self.hard && self.engine == Some(self.game.pos.side() ^ 1))?;
        if let Some(line) = self.line_waiting(rx) {
            return Some(line);
        }
        let shown = gui_move_text(&self.game.pos, &m);
        self.game.play(m);
        self.arm_hit(&shown);
        let after = self.game.clone();
        let (out, post, hit) = (self.out.clone(), self.post, self.flags.hit.clone());
        // Until a hit, the line shown starts with the expected reply:
        // thinking output reads from the board the GUI shows.
        let mut report = |r: &crate::search::Report| {
            if post {
                let line = thinking_line(&after, r);
                say(&out, &if hit.load(Ordering::SeqCst) { line } else { with_reply(&line, &shown) });
            }
        };
        let (interrupted, hit, best) = self.search_until_input(&mut report);
        if hit || !interrupted {
            // A hit, or nothing more to learn here (depth cap, mate
            // found): the answer to the expected reply is ready.
            self.answer = best.map(|b| (self.game.pos.key(), b));
        }
        self.game.undo();
        if !interrupted {
            // Wait for the opponent without searching again.
            self.expected = None;
        }
        None
    }

    /// Arms the reader for a ponder hit on `shown` (the expected reply as
    /// XBoard sends it), the search then going on for the soft time the
    /// clock gives the move; with no time limit (`sd` alone) nothing is
    /// armed and the move stops the search as any line.
    fn arm_hit(&self, shown: &str) {
        let ms = self.limits().soft_ms.unwrap_or(0);
        if ms > 0 {
            self.flags.ponder_ms.store(ms, Ordering::SeqCst);
            *self.flags.hit_text.lock().unwrap_or_else(|e| e.into_inner()) = Some(shown.to_string());
        }
    }
}

impl Xboard {
    /// Raises [`super::super::Flags::pondering`] and returns a line that
    /// already waits (the flag then taken down again), if any. Raised
    /// before looking at the channel, so that a line sent after the look
    /// stops the search that follows (the reader tests the flag after each
    /// send). Shared with analysis mode.
    pub(super) fn line_waiting(&mut self, rx: &Receiver<String>) -> Option<String> {
        self.flags.pondering.store(true, Ordering::SeqCst);
        let line = rx.try_recv().ok()?;
        // A later line may have taken the flag and raised the stop.
        self.flags.settle();
        Some(line)
    }

    /// After [`Xboard::line_waiting`] found nothing: searches the game's
    /// position without limit (but `sd`) until a line arrives. Returns
    /// whether it was stopped (false: it ended by itself: depth cap, mate
    /// found, game over), whether that was after a ponder hit (see
    /// [`super::super::Flags::hit_text`]), and its best move.
    pub(super) fn search_until_input(
        &mut self,
        report: &mut dyn FnMut(&Report),
    ) -> (bool, bool, Option<(Move, Report)>) {
        self.flags.begin();
        let mut best = None;
        if self.game.outcome().is_none() {
            let limits = Limits::infinite().with_depth(self.clock.depth);
            best = self.searcher.search(&mut self.game, limits, report);
        }
        let interrupted = self.flags.stop.load(Ordering::SeqCst);
        let hit = self.flags.settle();
        (interrupted, hit, best)
    }
}

/// A thinking line (`ply score time nodes pv`) whose pv is prefixed with
/// the expected reply.
fn with_reply(line: &str, reply: &str) -> String {
    let mut words: Vec<&str> = line.splitn(5, ' ').collect();
    let pv = words.pop().unwrap_or("");
    format!("{} {reply} {pv}", words.join(" ")).trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::with_reply;

    #[test]
    fn the_expected_reply_leads_the_pv() {
        assert_eq!(with_reply("7 -31 120 53211 g8f6 d2d4", "e7e5"), "7 -31 120 53211 e7e5 g8f6 d2d4");
        assert_eq!(with_reply("1 0 0 20 ", "e7e5"), "1 0 0 20 e7e5");
    }
}
