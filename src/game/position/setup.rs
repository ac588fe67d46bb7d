//! Reading a position from a FEN: pieces, hands, unmoved and promoted
//! marks, en passant, and the checks that a game could reach it; and the
//! state derived from the board (piece counts, occupancy, hash key).

use super::{FenError, Position, MAX_ROYALS, NO_CELL};
use crate::board::Cell;
use crate::game::fen::{self, Placement};
use crate::game::{code_kind, code_side, piece_code, Side};
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
        let mut p = Position::blank(v, &pl);
        // Problems found from here on are placed at the field they concern.
        let field = |i: usize| move |e: FenError| e.at(fen::field_span(text, i));
        p.fill_hands(&pl.hand).map_err(field(fen::HAND))?;
        p.place_pieces(&pl, &setup);
        p.read_castling_field(&pl.castling, &setup.cells).map_err(field(fen::CASTLING))?;
        if let Some(limit) = pl.count_limit {
            if v.counting.is_none() {
                let msg =
                    format!("the en-passant field {limit} is a counting limit, but this variant has no counting rule");
                return Err(FenError(vec![(fen::field_span(text, fen::EP), msg)]));
            }
            p.set_counting(limit);
        }
        p.read_ep(&pl.ep);
        p.recount();
        p.find_ducks();
        for side in 0..2 {
            if p.nroyal[side] as usize > MAX_ROYALS {
                let msg = format!("more than {MAX_ROYALS} royal pieces");
                return Err(FenError(vec![(fen::field_span(text, fen::PLACEMENT), msg)]));
            }
        }
        p.key = p.compute_key();
        p.check_hand(&pl.hand).map_err(field(fen::HAND))?;
        p.check_hand_room().map_err(field(fen::PLACEMENT))?;
        p.check_reachable().map_err(field(fen::PLACEMENT))?;
        Ok(p)
    }

    /// An empty board with the side to move, clocks and check counters of `pl`.
    fn blank(v: &'v Variant, pl: &Placement) -> Position<'v> {
        let n = v.grid.len();
        Position {
            v,
            board: vec![0; n],
            virgin: vec![false; n],
            side: pl.side,
            ep: [NO_CELL; 4],
            ep_n: 0,
            ep_victim: NO_CELL,
            ep_echo: Vec::new(),
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
            flips: Vec::new(),
            pass_state: 0,
            wall_state: Default::default(),
            count: [0; 2],
        }
    }

    /// Puts the FEN's pieces in hand into the hands (at most 255 of a kind).
    fn fill_hands(&mut self, hand: &[(u8, Side)]) -> Result<(), FenError> {
        // A hand that never runs out (ataxx) keeps no count: its pieces in
        // a FEN's hand change nothing, and the FEN written has no hand.
        let unlimited = self.v.drops.as_ref().map_or(0, |d| d.unlimited);
        for &(kind, side) in hand.iter().filter(|(k, _)| unlimited & (1 << k) == 0) {
            let h = &mut self.hand[side as usize * self.v.pieces.len() + kind as usize];
            if *h == u8::MAX {
                return Err(FenError(vec![(0..0, "more than 255 pieces of one kind in a hand".into())]));
            }
            *h += 1;
            self.in_hand += 1;
        }
        Ok(())
    }

    /// Puts the FEN's pieces on the board with their unmoved and promoted
    /// marks, read against the variant's `setup`.
    fn place_pieces(&mut self, pl: &Placement, setup: &Placement) {
        let v = self.v;
        for (c, cell) in pl.cells.iter().enumerate() {
            if let Some((kind, side)) = *cell {
                self.board[c] = piece_code(kind, side);
                // Pieces whose unmoved state the castling field carries are
                // marked by it; others are unmoved on their start cells.
                self.virgin[c] = v.tables.virgin_matters[kind as usize]
                    && !crate::game::rules::castling::fen_tracked(v, kind)
                    && setup.cells[c] == Some((kind, side));
                if let Some(d) = v.drops.as_ref().filter(|_| pl.promoted[c]) {
                    self.promoted[c] = d.base + 1;
                }
            }
        }
        // The cells of the setup's castling partners hold unmoved pieces only
        // when the castling field says so.
        let n = v.grid.len();
        for (c, cell) in setup.cells.iter().enumerate() {
            if let Some((kind, side)) = *cell {
                for r in &v.tables.castles[(kind as usize * 2 + side as usize) * n + c] {
                    self.virgin[r.partner as usize] = false;
                }
            }
        }
    }

    /// The FEN's en-passant field. One square `e` is kept only when an
    /// enemy piece stands one step beyond it, seen from the side to move
    /// (the victim). Several are Fairy-Stockfish's list (`c3c4`, `h5h6`,
    /// in board order, written for pawns that are not its chess pawn:
    /// berolina, sideways pawns): the squares the double step crossed and
    /// the one it ended on, kept when exactly that one holds an enemy piece.
    fn read_ep(&mut self, cells: &[Cell]) {
        self.read_ep_field(cells);
        // What is kept must read back as itself, so that the FEN written
        // gives the same position and hash key again: a field that does
        // not (its squares garbled, or some a capture can never use) keeps
        // nothing.
        let kept = (self.ep, self.ep_n, self.ep_victim);
        let written = self.ep_cells();
        self.forget_ep();
        if written.is_empty() {
            return;
        }
        self.read_ep_field(&written);
        if (self.ep, self.ep_n, self.ep_victim) != kept || self.ep_cells() != written {
            self.forget_ep();
        }
    }

    /// No en-passant square at all.
    fn forget_ep(&mut self) {
        (self.ep, self.ep_n, self.ep_victim) = ([NO_CELL; 4], 0, NO_CELL);
        self.ep_echo.clear();
    }

    /// The squares of an e.p. field as given (see [`Self::read_ep`]).
    fn read_ep_field(&mut self, cells: &[Cell]) {
        if !self.v.tables.has_ep {
            // Nothing captures en passant: no square is kept (FSF keeps
            // them in some such variants, xiangqi, shogi; see docs/fen.md).
            return;
        }
        if !self.v.tables.ep_read_any {
            return self.read_ep_squares(cells);
        }
        // FSF keeps every listed square of the capturing side's region, as
        // written (`rules::en_passant::fsf_reads_any_ep`).
        let g = &self.v.grid;
        let region = self.v.rules.ep_region.map(|r| &self.v.regions[r as usize]);
        let mut kept: Vec<Cell> =
            cells.iter().copied().filter(|&c| region.is_none_or(|r| r.contains(self.side as usize, c))).collect();
        kept.sort_by_key(|&c| (g.coords(c).1, g.coords(c).0));
        kept.dedup();
        if kept.is_empty() {
            return;
        }
        self.read_ep_squares(&kept);
        let written: String = kept.iter().map(|&c| g.label(c)).collect();
        if self.ep_field() != written {
            (self.ep, self.ep_n, self.ep_victim) = ([kept[0], NO_CELL, NO_CELL, NO_CELL], 1, NO_CELL);
            self.ep_echo = kept;
        }
    }

    /// The e.p. squares as a capture can follow from them (see [`Self::read_ep`]).
    fn read_ep_squares(&mut self, cells: &[Cell]) {
        if let [e] = cells {
            return self.read_ep_square(*e);
        }
        let enemy = |c: &Cell| self.board[*c as usize] != 0 && code_side(self.board[*c as usize]) != self.side;
        let victims: Vec<Cell> = cells.iter().copied().filter(enemy).collect();
        let crossed: Vec<Cell> = cells.iter().copied().filter(|c| self.board[*c as usize] == 0).collect();
        let fits = crossed.len() + 1 == cells.len() && crossed.len() <= self.ep.len();
        let Some(&victim) = victims.first().filter(|_| victims.len() == 1 && fits) else { return };
        // The squares a pawn's straight move crossed, behind where it stands.
        if !self.v.tables.code_pawn[self.board[victim as usize] as usize] || !self.on_one_ray(victim, &crossed) {
            return;
        }
        self.ep_victim = victim;
        // A chess pawn's squares only where it can be taken, as for one
        // square: what is kept is what `ep_field` writes back.
        let kept: Vec<Cell> = crossed.iter().copied().filter(|&c| self.ep_square_kept(c)).collect();
        self.ep = [NO_CELL; 4];
        self.ep[..kept.len()].copy_from_slice(&kept);
        self.ep_n = kept.len() as u8;
        if kept.is_empty() {
            self.ep_victim = NO_CELL;
        }
    }

    /// Whether `cells` all lie on one ray from `from` (one of the eight
    /// directions), as the squares a straight move crossed before it
    /// ended on `from`. (Boards without coordinates have no rays to test.)
    fn on_one_ray(&self, from: Cell, cells: &[Cell]) -> bool {
        let g = &self.v.grid;
        if g.graph().is_some() {
            return true;
        }
        let (fx, fy) = g.coords(from);
        let mut dir = None;
        cells.iter().all(|&c| {
            let (x, y) = g.coords(c);
            let (dx, dy) = (x as i32 - fx as i32, y as i32 - fy as i32);
            let straight = (dx, dy) != (0, 0) && (dx == 0 || dy == 0 || dx.abs() == dy.abs());
            straight && *dir.get_or_insert((dx.signum(), dy.signum())) == (dx.signum(), dy.signum())
        })
    }

    /// A single e.p. square, as chess writes it (see [`Self::read_ep`]).
    fn read_ep_square(&mut self, e: Cell) {
        let (x, y) = self.v.grid.coords(e);
        let dy = if self.side == 0 { -1 } else { 1 };
        if let Some(victim) = self.v.grid.at(x as i32, y as i32 + dy) {
            if self.board[victim as usize] != 0 && code_side(self.board[victim as usize]) != self.side {
                self.ep = [e, NO_CELL, NO_CELL, NO_CELL];
                self.ep_n = 1;
                self.ep_victim = victim;
                // A chess pawn's square only where it can be taken (as FSF reads it).
                if !self.ep_square_kept(e) {
                    (self.ep, self.ep_n, self.ep_victim) = ([NO_CELL; 4], 0, NO_CELL);
                }
            }
        }
    }

    /// Refuses a position where the side not to move is in check: the side
    /// to move could take a royal piece, so no legal game reaches it.
    fn check_reachable(&self) -> Result<(), FenError> {
        if self.side_in_check(self.side ^ 1) {
            let name = if self.side == 0 { "Black" } else { "White" };
            let to_move = if self.side == 0 { "White" } else { "Black" };
            return Err(FenError(vec![(
                0..0,
                format!("{name}, not to move, is in check: {to_move} could take its royal piece, so no game reaches this position"),
            )]));
        }
        Ok(())
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

    /// Where captured pieces go to the capturer's hand, one hand could in
    /// time hold every piece of the position: refuses positions with more
    /// than a hand count can hold (255), so that no capture overflows it.
    fn check_hand_room(&self) -> Result<(), FenError> {
        if !self.v.drops.as_ref().is_some_and(|d| d.to_hand) {
            return Ok(());
        }
        let total = self.nroyal[0] as u32 + self.nroyal[1] as u32 + self.nonroyal[0] + self.nonroyal[1] + self.in_hand;
        if total > u8::MAX as u32 {
            return Err(FenError(vec![(
                0..0,
                format!("{total} pieces on the board and in hand: where captures go to the hand, a position holds at most 255 (a hand counts at most 255 of a kind)"),
            )]));
        }
        Ok(())
    }

    /// Recomputes the royal pieces, piece counts and occupancy words from
    /// the board (after setting up, or after changes `take`/`put` do not track).
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

    /// The hash key of the position computed from scratch; `make` and
    /// `unmake` keep it up to date incrementally.
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
}
