//! Reading a position from a FEN and writing it back.

use super::{FenError, Position, MAX_ROYALS, NO_CELL};
use crate::board::Cell;
use crate::game::{code_kind, code_side, fen, piece_code, Side};
use crate::variant::Variant;

impl<'v> Position<'v> {
    /// A position from a FEN. Pieces count as unmoved when they stand on a
    /// square where the setup has the same piece, except those whose unmoved
    /// state the castling field carries (castling kings and partners, and
    /// pieces other than pawns with moves only an unmoved piece makes): they
    /// are unmoved only when the field names them (`KQkq`: a king and its
    /// partner on that side; a file letter names a piece directly), as in
    /// [`crate::game::rules::castling`].
    pub fn from_fen(v: &'v Variant, text: &str) -> Result<Position<'v>, FenError> {
        let kind_of = |c: char| v.kind_of_letter(c);
        // `+X` is the piece X promotes to; only unpromoted pieces have one
        // (with `promotion.flip` a promoted piece's `to` is its base).
        let plus = |k: u8| {
            let pp = v.piece_promotion.as_ref()?;
            let to = pp.to[k as usize];
            (to != crate::game::rules::promotion::NONE && pp.base[k as usize] == k).then_some(to)
        };
        let pl = fen::parse_placement_with(&v.grid, &kind_of, &plus, text).map_err(FenError)?;
        let setup = fen::parse_placement_with(&v.grid, &kind_of, &plus, &v.setup_fen).map_err(FenError)?;
        let n = v.grid.len();
        let mut p = Position {
            v,
            board: vec![0; n],
            virgin: vec![false; n],
            side: pl.side,
            ep: [NO_CELL; 4],
            ep_n: 0,
            ep_victim: NO_CELL,
            halfmove: pl.halfmove,
            fullmove: pl.fullmove,
            key: 0,
            royals: [[NO_CELL; MAX_ROYALS]; 2],
            nroyal: [0; 2],
            nonroyal: [0; 2],
            occ: vec![0; 2 * v.tables.words],
            hand: vec![0; 2 * v.pieces.len()],
            in_hand: 0,
            once_used: [0; 2],
            promoted: vec![0; n],
            posting: Default::default(),
            checks_left: pl.checks.unwrap_or([v.rules.check_limit; 2]),
            blasts: Vec::new(),
            pass_state: 0,
            count: [0; 2],
        };
        for &(kind, side) in &pl.hand {
            let h = &mut p.hand[side as usize * v.pieces.len() + kind as usize];
            if *h == 64 {
                return Err(FenError(vec![(0..0, "more than 64 pieces of one kind in a hand".into())]));
            }
            *h += 1;
            p.in_hand += 1;
        }
        for (c, cell) in pl.cells.iter().enumerate() {
            if let Some((kind, side)) = *cell {
                p.board[c] = piece_code(kind, side);
                // Pieces whose unmoved state the castling field carries are
                // marked by it; others are unmoved on their start cells.
                p.virgin[c] = v.tables.virgin_matters[kind as usize]
                    && !crate::game::rules::castling::fen_tracked(v, kind)
                    && setup.cells[c] == Some((kind, side));
                if let Some(d) = v.drops.as_ref().filter(|_| pl.promoted[c]) {
                    p.promoted[c] = d.base + 1;
                }
            }
        }
        // The cells of the setup's castling partners hold unmoved pieces only
        // when the castling field says so.
        for (c, cell) in setup.cells.iter().enumerate() {
            if let Some((kind, side)) = *cell {
                for r in &v.tables.castles[(kind as usize * 2 + side as usize) * n + c] {
                    p.virgin[r.partner as usize] = false;
                }
            }
        }
        p.read_castling_field(&pl.castling, &setup.cells)?;
        if let Some(limit) = pl.count_limit {
            if v.counting.is_none() {
                return Err(FenError(vec![(
                    0..0,
                    format!("the en-passant field {limit} is a counting limit, but this variant has no counting rule"),
                )]));
            }
            p.set_counting(limit);
        }
        if let Some(e) = pl.ep {
            // The victim stands one step beyond the e.p. square, seen from the side to move.
            let (x, y) = v.grid.coords(e);
            let dy = if p.side == 0 { -1 } else { 1 };
            if let Some(victim) = v.grid.at(x as i32, y as i32 + dy) {
                if p.board[victim as usize] != 0 && code_side(p.board[victim as usize]) != p.side {
                    p.ep = [e, NO_CELL, NO_CELL, NO_CELL];
                    p.ep_n = 1;
                    p.ep_victim = victim;
                }
            }
        }
        p.recount();
        for side in 0..2 {
            if p.nroyal[side] as usize > MAX_ROYALS {
                return Err(FenError(vec![(0..0, format!("more than {MAX_ROYALS} royal pieces"))]));
            }
        }
        p.key = p.compute_key();
        p.check_hand(&pl.hand)?;
        if p.side_in_check(p.side ^ 1) {
            // The side to move could take a royal piece: no legal game reaches this.
            let name = if p.side == 0 { "Black" } else { "White" };
            let to_move = if p.side == 0 { "White" } else { "Black" };
            return Err(FenError(vec![(
                0..0,
                format!("{name}, not to move, is in check: {to_move} could take its royal piece, so no game reaches this position"),
            )]));
        }
        Ok(p)
    }

    /// Pieces in hand need drops, or a deployment phase that posts them, at most as
    /// many of a kind as it declares (otherwise the position is dead: no
    /// move may be made while a hand holds a piece).
    fn check_hand(&self, hand: &[(u8, Side)]) -> Result<(), FenError> {
        let v = self.v;
        let Some(&(kind, _)) = hand.first() else { return Ok(()) };
        if v.drops.is_some() || v.gating.is_some() {
            // Drops or gating: any piece in hand may enter as a move.
            return Ok(());
        }
        let Some(dep) = &v.deployment else {
            return Err(FenError(vec![(
                0..0,
                format!(
                    "pieces in hand (`[…]`, e.g. {}), but this variant has no deployment phase to post them",
                    v.pieces[kind as usize].letter
                ),
            )]));
        };
        for &(kind, side) in hand {
            let allowed: u32 = dep.posts.iter().filter(|p| p.kind == kind).map(|p| p.count as u32).sum();
            if self.in_hand(side, kind) as u32 > allowed {
                let l = v.pieces[kind as usize].letter;
                let l = if side == 0 { l } else { l.to_ascii_lowercase() };
                return Err(FenError(vec![(
                    0..0,
                    format!("{} of {l} in hand, but the deployment posts at most {allowed}", self.in_hand(side, kind)),
                )]));
            }
        }
        Ok(())
    }

    pub(super) fn recount(&mut self) {
        self.nroyal = [0; 2];
        self.nonroyal = [0; 2];
        self.occ.iter_mut().for_each(|w| *w = 0);
        let words = self.v.tables.words;
        for c in 0..self.board.len() {
            let code = self.board[c];
            if code == 0 {
                continue;
            }
            let s = code_side(code) as usize;
            self.occ[s * words + c / 64] |= 1 << (c % 64);
            if self.v.pieces[code_kind(code) as usize].royal {
                if (self.nroyal[s] as usize) < MAX_ROYALS {
                    self.royals[s][self.nroyal[s] as usize] = c as Cell;
                }
                self.nroyal[s] += 1;
            } else {
                self.nonroyal[s] += 1;
            }
        }
    }

    pub(super) fn compute_key(&self) -> u64 {
        let z = &self.v.tables.zobrist;
        let mut k = 0;
        for c in 0..self.board.len() {
            if self.board[c] != 0 {
                k ^= z.piece(self.board[c], c as Cell);
            }
            if self.virgin[c] {
                k ^= z.virgin(c as Cell);
            }
            if self.promoted[c] != 0 {
                k ^= z.promoted(c as Cell);
            }
        }
        if self.side == 1 {
            k ^= z.black;
        }
        if self.ep_n > 0 {
            k ^= z.ep(self.ep[0]);
        }
        let kinds = self.v.pieces.len();
        for (i, &count) in self.hand.iter().enumerate() {
            if count > 0 {
                k ^= z.hand(piece_code((i % kinds) as u8, (i / kinds) as u8), count);
            }
        }
        if self.v.rules.check_limit > 0 {
            for s in 0..2 {
                k ^= crate::game::rules::goals::check_key(s, self.checks_left[s]);
            }
        }
        k
    }

    /// The FEN of the position.
    pub fn fen(&self) -> String {
        let v = self.v;
        // `~` as Fairy-Stockfish writes it: only where the mark decides
        // something (a captured piece is demoted).
        let demotes = v.drops.as_ref().is_some_and(|d| d.to_hand && !d.keep_promoted);
        let pp = v.piece_promotion.as_ref();
        // A shogi-style promoted piece is written `+` and the letter of the
        // piece it promoted from.
        let shown = |kind: u8| pp.map_or(kind, |pp| pp.base[kind as usize]);
        let marked = |c: Cell| {
            let code = self.board[c as usize];
            let plus = code != 0 && shown(code_kind(code)) != code_kind(code);
            (plus.then_some('+'), (demotes && self.promoted[c as usize] != 0).then_some('~'))
        };
        let placement = fen::write_placement_marked(
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
        );
        let castling = self.castling_field();
        let mut ep = if self.ep_n > 0 { v.grid.label(self.ep[0]).to_string() } else { "-".into() };
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
        let mut placement = placement;
        if self.in_hand > 0 || v.drops.is_some() || v.gating.is_some() {
            // Hands as in Fairy-Stockfish: `placement[SSss]`, White's then
            // Black's, each in the variant's hand order.
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
        format!("{placement} {} {castling} {ep} {} {}", if self.side == 0 { 'w' } else { 'b' }, halfmove, self.fullmove)
    }
}
