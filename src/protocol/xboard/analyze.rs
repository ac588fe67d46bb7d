//! Analysis mode (`analyze` … `exit`): the engine thinks about the position
//! the user sets up, move after move, and never plays. It searches without
//! limit and shows its thinking until any line arrives from the GUI (the
//! reader thread stops the search, as when pondering); the line is then
//! handled, which usually changes the position, and the search starts
//! again on the new one. XBoard's periodic `.` (a status request) and
//! `ping` are answered by the reader without interrupting the search.
//!
//! A search that ends by itself (a mate found, the game over, a depth cap)
//! is not repeated until a command arrives.

use std::sync::atomic::Ordering;
use std::sync::mpsc::Receiver;

use super::{say, thinking_line, Xboard};

impl Xboard {
    /// Enters analysis mode: the engine plays neither side.
    pub(super) fn enter_analysis(&mut self) {
        self.analysing = true;
        self.analysed = false;
        self.engine = None;
        self.flags.analysing.store(true, Ordering::SeqCst);
    }

    /// Leaves analysis mode (`exit`).
    pub(super) fn leave_analysis(&mut self) {
        self.analysing = false;
        self.flags.analysing.store(false, Ordering::SeqCst);
    }

    /// Analyses the current position while no line waits. Returns a line
    /// read in the meantime (`None`: nothing to analyse, or the search
    /// ended by itself; read the next line as usual).
    pub(super) fn analyse_until_input(&mut self, rx: &Receiver<String>) -> Option<String> {
        if !self.analysing || self.analysed {
            return None;
        }
        if let Some(line) = self.line_waiting(rx) {
            return Some(line);
        }
        let start = self.game.clone();
        let out = self.out.clone();
        // Thinking is what analysis mode is for: shown with or without `post`.
        let mut report = |r: &crate::search::Report| say(&out, &thinking_line(&start, r));
        if !self.search_until_input(&mut report).0 {
            self.analysed = true;
        }
        None
    }
}
