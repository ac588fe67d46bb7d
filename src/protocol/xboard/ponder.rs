//! Thinking on the opponent's time (`hard`). After its own move the engine
//! plays the reply its search expects and searches the position behind it
//! without limit until any line arrives from the GUI (the reader thread
//! raises the stop flag, see [`super::super::Flags::pondering`]). The move
//! is then taken back and the line handled as usual.
//!
//! What the ponder search leaves is its transposition table: when the
//! opponent does play the expected move, the engine's own search starts
//! from a table filled for that very position and reaches the pondered
//! depth at once. A real "ponder hit" that carries the running search over
//! on the engine's clock is not attempted: CECP gives no ponder-hit signal
//! and the search runs on this thread, which must read the move first.
//!
//! As the protocol asks, nothing is pondered after `new` or `setboard`:
//! only right after a move the engine made in this game.

use std::sync::atomic::Ordering;
use std::sync::mpsc::Receiver;

use super::{gui_move_text, say, thinking_line, Xboard};
use crate::search::Limits;

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
        let after = self.game.clone();
        let (out, post) = (self.out.clone(), self.post);
        // The line shown starts with the expected reply: thinking output
        // reads from the board the GUI shows.
        let mut report = |r: &crate::search::Report| {
            if post {
                let line = thinking_line(&after, r);
                say(&out, &with_reply(&line, &shown));
            }
        };
        let interrupted = self.search_until_input(&mut report);
        self.game.undo();
        if !interrupted {
            // Nothing more to learn here (depth cap, mate found, game
            // over): wait for the opponent without searching again.
            self.expected = None;
        }
        None
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
    /// position without limit (but `sd`) until a line arrives; true if a
    /// line stopped it, false if it ended by itself (depth cap, mate
    /// found, game over).
    pub(super) fn search_until_input(&mut self, report: &mut dyn FnMut(&crate::search::Report)) -> bool {
        self.flags.begin();
        if self.game.outcome().is_none() {
            let limits = Limits::infinite().with_depth(self.clock.depth);
            self.searcher.search(&mut self.game, limits, report);
        }
        let interrupted = self.flags.stop.load(Ordering::SeqCst);
        self.flags.settle();
        interrupted
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
