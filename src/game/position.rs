//! Position state, move generation, make/unmake and attack detection.

use super::{code_kind, code_side, fen, piece_code, Move, MoveKind, Side};
use crate::board::Cell;
use crate::compile::{walk, Occupancy};
use crate::variant::Variant;

const NO_CELL: Cell = Cell::MAX;
const MAX_ROYALS: usize = 8;

/// A position of a variant: board, side to move, unmoved flags, en passant,
/// clocks and hash key. Borrows its (immutable, compiled) variant.
#[derive(Clone, Debug)]
pub struct Position<'v> {
    v: &'v Variant,
    board: Vec<u8>,
    virgin: Vec<bool>,
    side: Side,
    ep: [Cell; 4],
    ep_n: u8,
    ep_victim: Cell,
    halfmove: u32,
    fullmove: u32,
    key: u64,
    royals: [[Cell; MAX_ROYALS]; 2],
    nroyal: [u8; 2],
    nonroyal: [u32; 2],
    /// Cells holding each side's pieces, `words` u64 per side (kept by
    /// `take`/`put`; attack tests intersect it with the attacker cells).
    occ: Vec<u64>,
    /// Pieces in hand: index `side * kinds + kind`.
    hand: Vec<u8>,
    /// Pieces in both hands (the deployment phase lasts while this is > 0).
    in_hand: u32,
    /// Per side, the once-per-side promotion choices already taken (kind bits).
    once_used: [u64; 2],
    /// Constraints on postings (set by a rule module).
    pub posting: super::phase::PostingRules,
}

/// What `make` changed, for `unmake`.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: u8,
    captured_extra: u8,
    virgin_from: bool,
    virgin_to: bool,
    virgin_extra: bool,
    ep: [Cell; 4],
    ep_n: u8,
    ep_victim: Cell,
    halfmove: u32,
    key: u64,
    moved: u8,
    side: Side,
    once_used: [u64; 2],
}

impl Undo {
    /// The piece the move captured on its destination (0 for none).
    pub fn captured(&self) -> u8 {
        self.captured
    }

    /// The piece captured elsewhere (locust, en passant), 0 for none.
    pub fn captured_extra(&self) -> u8 {
        self.captured_extra
    }
}

/// Why a FEN cannot be a position of this variant.
#[derive(Debug, thiserror::Error)]
#[error("invalid FEN: {}", .0.iter().map(|(_, m)| m.as_str()).collect::<Vec<_>>().join("; "))]
pub struct FenError(pub fen::FenErrors);

impl<'v> Position<'v> {
    /// The variant's start position.
    pub fn start(v: &'v Variant) -> Position<'v> {
        Position::from_fen(v, &v.setup_fen).expect("the loader validated the setup")
    }

    /// A position from a FEN. Pieces count as unmoved when they stand on a
    /// square where the setup has the same piece, except castling partners,
    /// which are unmoved only when the castling field names them (`KQkq`:
    /// the partner on that side of the king; a file letter names it
    /// directly). A castling right also marks its king unmoved.
    pub fn from_fen(v: &'v Variant, text: &str) -> Result<Position<'v>, FenError> {
        let kind_of = |c: char| v.kind_of_letter(c);
        let pl = fen::parse_placement(&v.grid, &kind_of, text).map_err(FenError)?;
        let setup = fen::parse_placement(&v.grid, &kind_of, &v.setup_fen).map_err(FenError)?;
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
            posting: Default::default(),
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
                p.virgin[c] = v.tables.virgin_matters[kind as usize] && setup.cells[c] == Some((kind, side));
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
        p.apply_castling_field(&pl.castling, &setup)?;
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

    /// Pieces in hand need a deployment phase that posts them, at most as
    /// many of a kind as it declares (otherwise the position is dead: no
    /// move may be made while a hand holds a piece).
    fn check_hand(&self, hand: &[(u8, Side)]) -> Result<(), FenError> {
        let v = self.v;
        let Some(&(kind, _)) = hand.first() else { return Ok(()) };
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

    fn apply_castling_field(&mut self, field: &str, setup: &fen::Placement) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        let v = self.v;
        let n = v.grid.len();
        for ch in field.chars() {
            let side: Side = if ch.is_ascii_uppercase() { 0 } else { 1 };
            // Royal pieces of that side which can castle.
            let mut found = false;
            for c in 0..n {
                let code = self.board[c];
                if code == 0 || code_side(code) != side || !v.pieces[code_kind(code) as usize].royal {
                    continue;
                }
                let rules = &v.tables.castles[(code_kind(code) as usize * 2 + side as usize) * n + c];
                if rules.is_empty() {
                    continue;
                }
                let kx = v.grid.coords(c as Cell).0;
                for r in rules {
                    let px = v.grid.coords(r.partner).0;
                    let pcode = self.board[r.partner as usize];
                    if pcode == 0 || code_side(pcode) != side {
                        continue;
                    }
                    let wanted = match ch.to_ascii_uppercase() {
                        'K' => px > kx,
                        'Q' => px < kx,
                        f => crate::board::file_label(px) == f.to_ascii_lowercase().to_string(),
                    };
                    if wanted {
                        self.virgin[c] = true;
                        self.virgin[r.partner as usize] = true;
                        found = true;
                    }
                }
            }
            let _ = setup;
            if !found {
                return Err(FenError(vec![(
                    0..0,
                    format!("castling right '{ch}' has no king and partner to go with it"),
                )]));
            }
        }
        Ok(())
    }

    fn recount(&mut self) {
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

    fn compute_key(&self) -> u64 {
        let z = &self.v.tables.zobrist;
        let mut k = 0;
        for c in 0..self.board.len() {
            if self.board[c] != 0 {
                k ^= z.piece(self.board[c], c as Cell);
            }
            if self.virgin[c] {
                k ^= z.virgin(c as Cell);
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
        k
    }

    /// How many pieces of `kind` `side` holds in hand.
    pub fn in_hand(&self, side: Side, kind: u8) -> u8 {
        self.hand[side as usize * self.v.pieces.len() + kind as usize]
    }

    /// Whether the deployment phase is on (some hand still holds a piece).
    pub fn deploying(&self) -> bool {
        self.in_hand > 0
    }

    /// Sets a side's hand count of `kind` (rule modules use this to decide
    /// what is posted, e.g. Royal Guards only in the TigerVariation).
    pub fn set_hand(&mut self, side: Side, kind: u8, count: u8) {
        let i = side as usize * self.v.pieces.len() + kind as usize;
        let z = &self.v.tables.zobrist;
        let code = piece_code(kind, side);
        if self.hand[i] > 0 {
            self.key ^= z.hand(code, self.hand[i]);
        }
        self.in_hand = self.in_hand + count as u32 - self.hand[i] as u32;
        self.hand[i] = count;
        if count > 0 {
            self.key ^= z.hand(code, count);
        }
        if self.in_hand == 0 {
            if let Some(d) = &self.v.deployment {
                if self.side != d.then {
                    self.side = d.then;
                    self.key ^= z.black;
                }
            }
        }
    }

    /// Sets the side to move (rule modules: who posts first).
    pub fn set_side(&mut self, side: Side) {
        if self.side != side {
            self.side = side;
            self.key ^= self.v.tables.zobrist.black;
        }
    }

    /// The variant.
    pub fn variant(&self) -> &'v Variant {
        self.v
    }

    /// Side to move.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The board byte of a cell (0 empty, else a piece code).
    pub fn at(&self, c: Cell) -> u8 {
        self.board[c as usize]
    }

    /// Whether the piece on `c` has not moved.
    pub fn is_virgin(&self, c: Cell) -> bool {
        self.virgin[c as usize]
    }

    /// Hash key of the position.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Halfmove clock (plies since the last capture or pawn move).
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// Number of non-royal pieces of a side.
    pub fn non_royal_count(&self, side: Side) -> u32 {
        self.nonroyal[side as usize]
    }

    /// Number of royal pieces of a side.
    pub fn royal_count(&self, side: Side) -> u32 {
        self.nroyal[side as usize] as u32
    }

    /// The FEN of the position.
    pub fn fen(&self) -> String {
        let v = self.v;
        let placement = fen::write_placement(&v.grid, &|c| {
            let code = self.board[c as usize];
            (code != 0).then(|| {
                let l = v.pieces[code_kind(code) as usize].letter;
                if code_side(code) == 0 {
                    l
                } else {
                    l.to_ascii_lowercase()
                }
            })
        });
        let mut castling = String::new();
        for side in 0..2u8 {
            let mut rights = Vec::new();
            for r in 0..self.nroyal[side as usize] as usize {
                let k = self.royals[side as usize][r];
                if !self.virgin[k as usize] {
                    continue;
                }
                let code = self.board[k as usize];
                let n = v.grid.len();
                for rule in &v.tables.castles[(code_kind(code) as usize * 2 + side as usize) * n + k as usize] {
                    let pc = self.board[rule.partner as usize];
                    if pc != 0 && code_side(pc) == side && self.virgin[rule.partner as usize] {
                        let kingside = v.grid.coords(rule.partner).0 > v.grid.coords(k).0;
                        rights.push(if kingside { 'K' } else { 'Q' });
                    }
                }
            }
            rights.sort();
            rights.dedup();
            for c in rights {
                castling.push(if side == 0 { c } else { c.to_ascii_lowercase() });
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let ep = if self.ep_n > 0 { v.grid.label(self.ep[0]).to_string() } else { "-".into() };
        let mut placement = placement;
        if self.in_hand > 0 {
            // Hands as in Fairy-Stockfish: `placement[SSss]`.
            let kinds = v.pieces.len();
            placement.push('[');
            for (i, &count) in self.hand.iter().enumerate() {
                let l = v.pieces[i % kinds].letter;
                let l = if i / kinds == 0 { l } else { l.to_ascii_lowercase() };
                for _ in 0..count {
                    placement.push(l);
                }
            }
            placement.push(']');
        }
        format!(
            "{placement} {} {castling} {ep} {} {}",
            if self.side == 0 { 'w' } else { 'b' },
            self.halfmove,
            self.fullmove
        )
    }

    #[inline]
    fn occ(board: &[u8], side: Side, c: Cell) -> Occupancy {
        let code = board[c as usize];
        if code == 0 {
            Occupancy::Empty
        } else if code_side(code) == side {
            Occupancy::Friend
        } else {
            Occupancy::Enemy
        }
    }

    /// Whether `target` is attacked by `by` (a piece of `by` could capture a
    /// piece of the other side standing there).
    pub fn is_attacked(&self, target: Cell, by: Side) -> bool {
        self.each_attacker(target, by, |e| self.attack_holds(e.node, e.from, by))
    }

    /// Calls `f` with every attack entry on `target` whose attacker (a piece
    /// of `by` of the right kind) stands on its cell, until `f` says stop.
    /// Returns whether it stopped.
    #[inline]
    fn each_attacker(&self, target: Cell, by: Side, mut f: impl FnMut(&crate::variant::AttackEntry) -> bool) -> bool {
        let t = &self.v.tables;
        let w = t.words;
        let i = by as usize * t.cells + target as usize;
        let groups = &t.attack_groups[t.groups_start[i] as usize..t.groups_start[i + 1] as usize];
        for k in 0..w {
            let mask = t.attacker_cells[i * w + k];
            let mut bits = mask & self.occ[by as usize * w + k];
            while bits != 0 {
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                let rank = t.attacker_rank[i * w + k] + (mask & ((1u64 << b) - 1)).count_ones();
                let g = groups[rank as usize];
                // The bit sets lag behind `exposes_royal`'s trial moves, so
                // the board has the last word.
                let code = self.board[g.from as usize];
                if code == 0 || code_side(code) != by || g.kinds & (1 << code_kind(code)) == 0 {
                    continue;
                }
                for e in &t.attack_entries[g.start as usize..g.end as usize] {
                    if e.code == code && f(e) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn attack_holds(&self, node: u32, from: Cell, by: Side) -> bool {
        use crate::compile::flag;
        let t = &self.v.tables;
        if t.nodes[node as usize].flags & flag::VIRGIN != 0 && !self.virgin[from as usize] {
            return false;
        }
        let mut a = t.parents[node as usize];
        while a != u32::MAX {
            let nd = t.nodes[a as usize];
            let o = if nd.cell == from { Occupancy::Empty } else { Self::occ(&self.board, by, nd.cell) };
            let ok = match o {
                Occupancy::Empty => nd.flags & flag::EMPTY_DESC != 0,
                Occupancy::Enemy => nd.flags & flag::ENEMY_DESC != 0,
                Occupancy::Friend => nd.flags & flag::FRIEND_DESC != 0,
            };
            if !ok || nd.flags & flag::VIRGIN != 0 && !self.virgin[from as usize] {
                return false;
            }
            a = t.parents[a as usize];
        }
        true
    }

    /// Whether the side to move is in check; also collects in `danger` every
    /// cell whose occupancy matters to some attack on one of its royals by a
    /// piece that stands where it could make that attack (the cells on the
    /// way, screens included). Only moves touching those cells need a trial.
    fn royal_danger(&self, danger: &mut [u64; 16]) -> bool {
        let s = self.side as usize;
        let by = self.side ^ 1;
        let t = &self.v.tables;
        let mut check = false;
        for r in 0..self.nroyal[s] as usize {
            self.each_attacker(self.royals[s][r], by, |e| {
                check = check || self.attack_holds(e.node, e.from, by);
                let mut a = t.parents[e.node as usize];
                while a != u32::MAX {
                    let c = t.nodes[a as usize].cell;
                    if c != e.from {
                        danger[c as usize / 64] |= 1 << (c % 64);
                    }
                    a = t.parents[a as usize];
                }
                false
            });
        }
        check
    }

    /// Whether the side to move has a royal piece under attack.
    pub fn in_check(&self) -> bool {
        self.side_in_check(self.side)
    }

    fn side_in_check(&self, side: Side) -> bool {
        let s = side as usize;
        (0..self.nroyal[s] as usize).any(|i| self.is_attacked(self.royals[s][i], side ^ 1))
    }

    /// Pseudo-legal moves (own royal pieces may be left attacked).
    pub fn pseudo_moves(&mut self, out: &mut Vec<Move>, in_check: bool) {
        if self.in_hand > 0 {
            self.drops(out);
            return;
        }
        let v = self.v;
        let t = &v.tables;
        let side = self.side;
        let words = t.words;
        for k in 0..words {
            let mut bits = self.occ[side as usize * words + k];
            while bits != 0 {
                let from = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.piece_moves(from, out, in_check);
            }
        }
    }

    /// Postings of the side to move (the deployment phase).
    fn drops(&self, out: &mut Vec<Move>) {
        let Some(dep) = &self.v.deployment else {
            return;
        };
        let side = self.side;
        let first_only = dep.posts.iter().any(|p| p.before_others && self.in_hand(side, p.kind) > 0);
        for p in &dep.posts {
            if self.in_hand(side, p.kind) == 0 || first_only && !p.before_others {
                continue;
            }
            for &c in &p.cells[side as usize] {
                if self.board[c as usize] == 0 && super::phase::posting_allowed(self, p.kind, c) {
                    let m = Move { from: c, to: c, extra: 0, extra2: 0, promo: p.kind + 1, kind: MoveKind::Drop };
                    if !out.contains(&m) {
                        out.push(m);
                    }
                }
            }
        }
    }

    /// Pseudo-legal moves of the piece on `from` (a piece of the side to move).
    #[inline]
    fn piece_moves(&mut self, from: usize, out: &mut Vec<Move>, in_check: bool) {
        let v = self.v;
        let t = &v.tables;
        let n = t.cells;
        let side = self.side;
        {
            let code = self.board[from];
            let kind = code_kind(code) as usize;
            let idx = (kind * 2 + side as usize) * n + from;
            let pr = t.progs[idx];
            let pawn = t.code_pawn[code as usize];
            let start_len = out.len();
            if pr.visits_origin {
                self.board[from] = 0;
            }
            {
                let board = &self.board;
                let (ep, ep_n, ep_victim) = (&self.ep, self.ep_n as usize, self.ep_victim);
                let once_used = self.once_used[side as usize];
                let from = from as Cell;
                let fast = !pawn && !pr.may_repeat && !t.capture_rules;
                walk(
                    &t.nodes[pr.start as usize..pr.end as usize],
                    |c| Self::occ(board, side, c),
                    self.virgin[from as usize],
                    in_check,
                    |c| ep[..ep_n].contains(&c),
                    |e| {
                        // Fast path: a plain move or capture of a piece without
                        // promotion, capture restrictions or duplicate routes.
                        if fast && e.victims.is_empty() && !e.en_passant {
                            out.push(Move { from, to: e.to, extra: 0, extra2: 0, promo: 0, kind: MoveKind::Normal });
                            return;
                        }
                        if e.victims.len() > 1 {
                            return;
                        }
                        let (mk, extra) = if e.en_passant {
                            (MoveKind::EnPassant, ep_victim)
                        } else if let Some(&vc) = e.victims.first() {
                            (MoveKind::Locust, vc)
                        } else {
                            (MoveKind::Normal, 0)
                        };
                        if e.target == Occupancy::Enemy {
                            let victim = code_kind(board[e.to as usize]) as usize;
                            if t.capturers[victim] & (1 << kind) == 0 {
                                return;
                            }
                        }
                        if mk == MoveKind::Locust {
                            let vc = board[extra as usize];
                            if vc != 0 && t.capturers[code_kind(vc) as usize] & (1 << kind) == 0 {
                                return;
                            }
                        }
                        let m = Move { from, to: e.to, extra, extra2: 0, promo: 0, kind: mk };
                        if pr.may_repeat
                            && out[start_len..].iter().any(|x| x.to == m.to && x.extra == m.extra && x.kind == m.kind)
                        {
                            return;
                        }
                        let zones = if pawn { t.zone_mask[side as usize * n + e.to as usize] } else { 0 };
                        if zones == 0 {
                            out.push(m);
                            return;
                        }
                        let mut optional = true;
                        let first = out.len();
                        for (zi, z) in v.zones.iter().enumerate() {
                            if zones & (1 << zi) == 0 {
                                continue;
                            }
                            optional &= !z.mandatory;
                            for &k in &z.choices {
                                if z.once.contains(&k) && once_used & (1 << k) != 0 {
                                    continue;
                                }
                                let pm = Move { promo: k + 1, ..m };
                                if !out[first..].contains(&pm) {
                                    out.push(pm);
                                }
                            }
                        }
                        if optional {
                            out.push(m);
                        }
                    },
                );
            }
            if pr.visits_origin {
                self.board[from] = code;
            }
            let castles = &t.castles[idx];
            if !castles.is_empty() && self.virgin[from] && !in_check && v.pieces[kind].royal {
                for r in castles {
                    let pc = self.board[r.partner as usize];
                    if pc == 0 || code_side(pc) != side || !self.virgin[r.partner as usize] {
                        continue;
                    }
                    if r.empty.iter().any(|&c| self.board[c as usize] != 0) {
                        continue;
                    }
                    if r.king_path[1..].iter().any(|&c| self.is_attacked(c, side ^ 1)) {
                        continue;
                    }
                    out.push(Move {
                        from: from as Cell,
                        to: r.king_to,
                        extra: r.partner,
                        extra2: r.partner_to,
                        promo: 0,
                        kind: MoveKind::Castle,
                    });
                }
            }
        }
    }

    /// Legal moves into `out` (cleared first).
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        out.clear();
        // Cells whose change could expose one of our royals: a move touching
        // none of them (and not moving a royal) cannot be illegal unless we
        // are in check already.
        let mut danger = [0u64; 16];
        let in_check = self.royal_danger(&mut danger);
        self.pseudo_moves(out, in_check);
        let s = self.side as usize;
        if self.nroyal[s] == 0 {
            return;
        }
        let t = &self.v.tables;
        let enemy = (self.side ^ 1) as usize;
        let touches = |c: Cell| danger[c as usize / 64] & (1 << (c % 64)) != 0;
        let mut i = 0;
        while i < out.len() {
            let m = out[i];
            if m.kind == MoveKind::Drop {
                // A posting removes nothing, so it can only matter when in check.
                if in_check && self.exposes_royal(m) {
                    out.swap_remove(i);
                } else {
                    i += 1;
                }
                continue;
            }
            let mover = self.board[m.from as usize];
            let royal = t.code_royal[mover as usize];
            if royal && !in_check && m.kind == MoveKind::Normal && self.nroyal[s] == 1 {
                // A lone king stepping away: its destination must not be
                // attacked once it has left its square.
                self.board[m.from as usize] = 0;
                let attacked = self.is_attacked(m.to, enemy as Side);
                self.board[m.from as usize] = mover;
                if attacked {
                    out.swap_remove(i);
                } else {
                    i += 1;
                }
                continue;
            }
            let risky = in_check
                || royal
                || m.kind == MoveKind::Castle
                || touches(m.from)
                || touches(m.to)
                || (m.kind != MoveKind::Normal && touches(m.extra));
            let legal = !risky || !self.exposes_royal(m);
            if legal {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Whether `m` would leave one of the mover's royal pieces attacked.
    /// Only the board bytes the move changes are touched (and put back):
    /// attacks depend on nothing else, so this is much cheaper than make.
    fn exposes_royal(&mut self, m: Move) -> bool {
        let s = self.side as usize;
        let enemy = self.side ^ 1;
        let (from, to, x, x2) = (m.from as usize, m.to as usize, m.extra as usize, m.extra2 as usize);
        let mover = self.board[from];
        let royals = self.royals[s];
        let n = self.nroyal[s] as usize;
        let moved = |r: Cell| if r == m.from && m.kind != MoveKind::Drop { m.to } else { r };
        if m.kind == MoveKind::Drop {
            self.board[to] = piece_code(m.promo - 1, self.side);
            let hit = royals[..n].iter().any(|&r| self.is_attacked(r, enemy));
            self.board[to] = 0;
            return hit;
        }
        if m.kind == MoveKind::Castle {
            let partner = self.board[x];
            self.board[from] = 0;
            self.board[x] = 0;
            self.board[to] = mover;
            self.board[x2] = partner;
            let hit = royals[..n].iter().any(|&r| self.is_attacked(moved(r), enemy));
            self.board[x2] = 0;
            self.board[to] = 0;
            self.board[x] = partner;
            self.board[from] = mover;
            return hit;
        }
        let saved_to = self.board[to];
        let saved_x = if m.kind == MoveKind::Normal { 0 } else { self.board[x] };
        self.board[from] = 0;
        if m.kind != MoveKind::Normal {
            self.board[x] = 0;
        }
        self.board[to] = mover;
        let hit = royals[..n].iter().any(|&r| {
            let r = moved(r);
            // A royal captured by its own side's move (d) counts as lost.
            self.board[r as usize] == 0 || self.is_attacked(r, enemy)
        });
        self.board[to] = saved_to;
        if m.kind != MoveKind::Normal {
            self.board[x] = saved_x;
        }
        self.board[from] = mover;
        hit
    }

    fn remove_royal(&mut self, side: usize, c: Cell) {
        let n = self.nroyal[side] as usize;
        if let Some(i) = self.royals[side][..n].iter().position(|&x| x == c) {
            self.royals[side][i] = self.royals[side][n - 1];
            self.nroyal[side] -= 1;
        }
    }

    fn add_royal(&mut self, side: usize, c: Cell) {
        let n = self.nroyal[side] as usize;
        if n < MAX_ROYALS {
            self.royals[side][n] = c;
            self.nroyal[side] += 1;
        }
    }

    fn take(&mut self, c: Cell) -> u8 {
        let code = self.board[c as usize];
        if code != 0 {
            let z = &self.v.tables.zobrist;
            self.key ^= z.piece(code, c);
            let s = code_side(code) as usize;
            if self.v.tables.code_royal[code as usize] {
                self.remove_royal(s, c);
            } else {
                self.nonroyal[s] -= 1;
            }
            self.board[c as usize] = 0;
            let w = self.v.tables.words;
            self.occ[s * w + c as usize / 64] &= !(1 << (c % 64));
        }
        code
    }

    fn put(&mut self, c: Cell, code: u8) {
        debug_assert!(self.board[c as usize] == 0);
        self.key ^= self.v.tables.zobrist.piece(code, c);
        let s = code_side(code) as usize;
        if self.v.tables.code_royal[code as usize] {
            self.add_royal(s, c);
        } else {
            self.nonroyal[s] += 1;
        }
        self.board[c as usize] = code;
        let w = self.v.tables.words;
        self.occ[s * w + c as usize / 64] |= 1 << (c % 64);
    }

    fn set_virgin(&mut self, c: Cell, v: bool) {
        if self.virgin[c as usize] != v {
            self.virgin[c as usize] = v;
            self.key ^= self.v.tables.zobrist.virgin(c);
        }
    }

    /// Plays a (pseudo-legal) move; returns what `unmake` needs.
    pub fn make(&mut self, m: Move) -> Undo {
        let z_black = self.v.tables.zobrist.black;
        let mut u = Undo {
            captured: 0,
            captured_extra: 0,
            virgin_from: self.virgin[m.from as usize],
            virgin_to: self.virgin[m.to as usize],
            virgin_extra: false,
            ep: self.ep,
            ep_n: self.ep_n,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            key: self.key,
            moved: self.board[m.from as usize],
            side: self.side,
            once_used: self.once_used,
        };
        if m.kind == MoveKind::Drop {
            if self.ep_n > 0 {
                self.key ^= self.v.tables.zobrist.ep(self.ep[0]);
                self.ep_n = 0;
            }
            let kind = m.promo - 1;
            let side = self.side;
            let count = self.in_hand(side, kind);
            self.set_hand(side, kind, count - 1);
            self.put(m.to, piece_code(kind, side));
            // Next to post: the other side if it has something left, else
            // the same side; after the last posting, the side that plays first.
            let next = if self.in_hand == 0 {
                self.v.deployment.as_ref().map_or(side ^ 1, |d| d.then)
            } else if self.hand[(side ^ 1) as usize * self.v.pieces.len()..][..self.v.pieces.len()]
                .iter()
                .any(|&c| c > 0)
            {
                side ^ 1
            } else {
                side
            };
            self.set_side(next);
            return u;
        }
        if self.ep_n > 0 {
            self.key ^= self.v.tables.zobrist.ep(self.ep[0]);
            self.ep_n = 0;
        }
        let piece = self.take(m.from);

        let side = code_side(piece);
        let mut capture = false;
        match m.kind {
            MoveKind::Castle => {
                u.virgin_extra = self.virgin[m.extra as usize];
                let partner = self.take(m.extra);
                self.set_virgin(m.extra, false);
                self.put(m.to, piece);
                self.put(m.extra2, partner);
            }
            _ => {
                if m.kind != MoveKind::Normal {
                    u.virgin_extra = self.virgin[m.extra as usize];
                    u.captured_extra = self.take(m.extra);
                    self.set_virgin(m.extra, false);
                    capture = true;
                }
                u.captured = self.take(m.to);
                capture |= u.captured != 0;
                let placed = if m.promo != 0 { piece_code(m.promo - 1, side) } else { piece };
                if m.promo != 0 && self.v.zones.iter().any(|z| z.once.contains(&(m.promo - 1))) {
                    self.once_used[side as usize] |= 1 << (m.promo - 1);
                }
                self.put(m.to, placed);
            }
        }
        self.set_virgin(m.from, false);
        self.set_virgin(m.to, false);
        let pawn = self.v.tables.code_pawn[piece as usize];
        if pawn && !capture && self.v.tables.has_ep && m.kind == MoveKind::Normal {
            self.set_ep_squares(m.from, m.to);
        }
        self.halfmove = if capture || pawn { 0 } else { self.halfmove + 1 };
        if self.side == 1 {
            self.fullmove += 1;
        }
        self.side ^= 1;
        self.key ^= z_black;
        u
    }

    /// A straight pawn move of two or more squares leaves the squares it
    /// passed as en-passant squares.
    fn set_ep_squares(&mut self, from: Cell, to: Cell) {
        let g = &self.v.grid;
        let (fx, fy) = g.coords(from);
        let (tx, ty) = g.coords(to);
        let (dx, dy) = (tx as i32 - fx as i32, ty as i32 - fy as i32);
        let len = dx.abs().max(dy.abs());
        if len < 2 || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return;
        }
        let (sx, sy) = (dx.signum(), dy.signum());
        let mut n = 0;
        for i in 1..len.min(5) {
            if let Some(c) = g.at(fx as i32 + sx * i, fy as i32 + sy * i) {
                self.ep[n] = c;
                n += 1;
            }
        }
        if n > 0 {
            self.ep_n = n as u8;
            self.ep_victim = to;
            self.key ^= self.v.tables.zobrist.ep(self.ep[0]);
        }
    }

    /// Takes back `m`, given what `make` returned.
    pub fn unmake(&mut self, m: Move, u: Undo) {
        if m.kind == MoveKind::Drop {
            self.take(m.to);
            let i = u.side as usize * self.v.pieces.len() + (m.promo - 1) as usize;
            self.hand[i] += 1;
            self.in_hand += 1;
            self.side = u.side;
            self.ep = u.ep;
            self.ep_n = u.ep_n;
            self.ep_victim = u.ep_victim;
            self.key = u.key;
            return;
        }
        self.once_used = u.once_used;
        self.side ^= 1;
        if self.side == 1 {
            self.fullmove -= 1;
        }
        match m.kind {
            MoveKind::Castle => {
                let partner = self.take(m.extra2);
                let king = self.take(m.to);
                self.put(m.extra, partner);
                self.put(m.from, king);
            }
            _ => {
                self.take(m.to);
                if u.captured != 0 {
                    self.put(m.to, u.captured);
                }
                if m.kind != MoveKind::Normal && u.captured_extra != 0 {
                    self.put(m.extra, u.captured_extra);
                }
                self.put(m.from, u.moved);
            }
        }
        self.virgin[m.to as usize] = u.virgin_to;
        if m.kind != MoveKind::Normal {
            self.virgin[m.extra as usize] = u.virgin_extra;
        }
        self.virgin[m.from as usize] = u.virgin_from;
        self.ep = u.ep;
        self.ep_n = u.ep_n;
        self.ep_victim = u.ep_victim;
        self.halfmove = u.halfmove;
        self.key = u.key;
    }
}

/// A game: a position plus the moves that led to it (for repetition and
/// take-backs).
#[derive(Clone, Debug)]
pub struct Game<'v> {
    /// The current position.
    pub pos: Position<'v>,
    /// Moves played, with their undo records.
    pub history: Vec<(Move, Undo)>,
    /// Hash keys of every position so far, the current one last.
    pub keys: Vec<u64>,
}

impl<'v> Game<'v> {
    /// A game starting from `pos`.
    pub fn new(pos: Position<'v>) -> Game<'v> {
        let keys = vec![pos.key()];
        Game { pos, history: Vec::new(), keys }
    }

    /// Plays a move (the caller checks legality).
    pub fn play(&mut self, m: Move) {
        let u = self.pos.make(m);
        self.history.push((m, u));
        self.keys.push(self.pos.key());
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let (m, u) = self.history.pop()?;
        self.keys.pop();
        self.pos.unmake(m, u);
        Some(m)
    }
}
