//! Writing a position as a FEN, as Fairy-Stockfish writes it: the
//! placement with `+` and `~` marks, hands in brackets, castling, en
//! passant with the n-check counters, clocks.

use super::Position;
use crate::board::Cell;
use crate::game::{code_kind, code_side, fen};

impl Position<'_> {
    /// The FEN of the position.
    pub fn fen(&self) -> String {
        let v = self.v;
        let mut placement = self.placement_field();
        let castling = self.castling_field();
        let mut ep = self.ep_field();
        // A running count: Fairy-Stockfish writes its limit where the e.p.
        // square goes, and the count instead of the halfmove clock.
        let halfmove = if self.count[0] > 0 {
            ep = self.count[0].to_string();
            self.count[1]
        } else {
            self.halfmove
        };
        if v.rules.check_limit > 0 {
            // Fairy-Stockfish's n-check field rides after the e.p. square.
            ep = format!("{ep} {}+{}", self.checks_left[0], self.checks_left[1]);
        }
        // Hands that never run out are not written (FSF's freeDrops).
        let hidden = v.drops.as_ref().is_some_and(|d| d.unlimited != 0 && !d.to_hand);
        if (self.in_hand > 0 || v.drops.is_some() || v.gating.is_some()) && !hidden {
            self.push_hands(&mut placement);
        }
        format!("{placement} {} {castling} {ep} {} {}", if self.side == 0 { 'w' } else { 'b' }, halfmove, self.fullmove)
    }

    /// The placement: piece letters, a shogi-style promoted piece as `+` and
    /// the letter it promoted from, and `~` where the mark decides something.
    fn placement_field(&self) -> String {
        let v = self.v;
        // `~` as Fairy-Stockfish writes it: only where the mark decides
        // something (a captured piece is demoted, here or, with two boards,
        // in the partner's hand).
        let demotes = v.drops.as_ref().is_some_and(|d| d.two_boards || d.to_hand && !d.keep_promoted);
        let pp = v.piece_promotion.as_ref();
        // A shogi-style promoted piece is written `+` and the letter of the
        // piece it promoted from.
        let shown = |kind: u8| pp.map_or(kind, |pp| pp.base[kind as usize]);
        let marked = |c: Cell| {
            let code = self.board[c as usize];
            let plus = code != 0 && shown(code_kind(code)) != code_kind(code);
            (plus.then_some('+'), (demotes && self.promoted[c as usize] != 0).then_some('~'))
        };
        fen::write_placement_marked(
            &v.grid,
            &|c| {
                let code = self.board[c as usize];
                (code != 0).then(|| {
                    let l = v.pieces[shown(code_kind(code)) as usize].letter;
                    if code_side(code) == 0 {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                })
            },
            &marked,
        )
    }

    /// Hands as in Fairy-Stockfish: `placement[SSss]`, White's then
    /// Black's, each in the variant's hand order.
    fn push_hands(&self, placement: &mut String) {
        let v = self.v;
        let kinds = v.pieces.len();
        let order: Vec<u8> = match &v.drops {
            Some(d) => d.hand_order.clone(),
            None => (0..kinds as u8).collect(),
        };
        placement.push('[');
        for side in 0..2 {
            for &k in &order {
                let l = v.pieces[k as usize].letter;
                let l = if side == 0 { l } else { l.to_ascii_lowercase() };
                (0..self.hand[side * kinds + k as usize]).for_each(|_| placement.push(l));
            }
        }
        placement.push(']');
    }
}
