//! Hands and drops: captured pieces going to the capturer's hand, dropping
//! a piece from the hand as a move (`P@e4`), where each piece may be dropped,
//! and the promoted marks (`Q~`) that decide what a captured piece becomes.
//!
//! `[drops]` is checked in `variant::load::drops` and compiled here into bit
//! sets per (kind, side), so generating drops is a mask over empty cells.

use super::promotion::{PiecePromotion, NONE};
use crate::board::{Cell, Grid};
use crate::game::position::Position;
use crate::game::{code_kind, code_side, piece_code, Move, MoveKind, Side, Undo};

/// `[drops]` as checked: kinds are indices, cells are cells.
#[derive(Clone, Debug, Default)]
pub struct DropRules {
    /// Captured pieces go to the capturer's hand.
    pub to_hand: bool,
    /// A captured promoted piece keeps its promoted kind in hand.
    pub keep_promoted: bool,
    /// (kinds, cells for White, cells for Black): the only cells where
    /// those kinds may be dropped.
    pub places: Vec<(Vec<u8>, [Vec<Cell>; 2])>,
    /// No drops where the piece would have no move.
    pub no_dead_squares: bool,
    /// (kind, limit): at most this many of the side's pieces of the kind on
    /// the file a piece of the kind is dropped on (nifu: pawn, 1).
    pub max_per_file: Vec<(u8, u8)>,
    /// Kinds whose drop may not checkmate at once (uchifuzume).
    pub no_mate: Vec<u8>,
    /// Kinds in the order a FEN's hand lists them (the rest follow).
    pub hand_order: Vec<u8>,
    /// While the side to move holds pieces in hand, it may only drop.
    pub must_drop: bool,
    /// Kinds (bits) that alone force the drop and may then be dropped
    /// (`must-drop-pieces`); 0: every kind.
    pub must_drop_kinds: u64,
    /// A drop may not give check.
    pub no_checks: bool,
    /// The board is one of a bughouse pair: promoted marks are written.
    pub two_boards: bool,
    /// A `no_mate` drop that mates is generated and loses (FSF's way),
    /// instead of being refused.
    pub no_mate_loses: bool,
    /// A piece with a promoted form may be dropped as that form.
    pub drop_promoted: bool,
    /// Kinds whose pieces of a side must end on both square colours
    /// equally (placement's bishops).
    pub opposite_colours: Vec<u8>,
    /// (kinds, cells per side) where a dropped piece counts as unmoved, so
    /// it may castle or double-step (placement's king and rooks).
    pub unmoved: Vec<(Vec<u8>, [Vec<Cell>; 2])>,
    /// Kinds a hand never runs out of (Ataxx's stones).
    pub unlimited: Vec<u8>,
}

/// The compiled drop rules of a variant.
#[derive(Clone, Debug)]
pub struct Drops {
    /// Captured pieces go to the capturer's hand.
    pub to_hand: bool,
    /// A captured promoted piece keeps its promoted kind in hand.
    pub keep_promoted: bool,
    /// The kind a piece marked promoted in a FEN (`Q~`) came from: the
    /// first pawn kind (0 when there is none).
    pub base: u8,
    /// `words` u64 per (kind * 2 + side): cells where it may be dropped.
    pub cells: Vec<u64>,
    /// `words` u64 per (kind * 2 + side): cells where a dropped piece counts
    /// as unmoved (its own setup cell, e.g. a pawn's double step), except
    /// castling pieces, whose rights never come back.
    pub virgin: Vec<u64>,
    /// u64 words per cell set.
    pub words: usize,
    /// Per kind: what it becomes in hand when captured (the piece a
    /// `promotes-to` piece promoted from; itself otherwise).
    pub demote: Vec<u8>,
    /// Per kind: at most this many per file of the dropping side (0: any).
    pub max_per_file: Vec<u8>,
    /// `words` u64 per file: its cells.
    pub file_cells: Vec<u64>,
    /// Kinds (bits) whose drop may not checkmate at once.
    pub no_mate: u64,
    /// Every kind, in the order a FEN's hand lists them.
    pub hand_order: Vec<u8>,
    /// While the side to move holds pieces in hand, it may only drop.
    pub must_drop: bool,
    /// Kinds (bits) that force the drop, or every kind (`u64::MAX`).
    pub must_drop_kinds: u64,
    /// A drop may not give check (`drops.no-checks`).
    pub no_checks: bool,
    /// One board of a bughouse pair (`drops.two-boards`): the hands are
    /// filled from outside, and promoted pieces keep their `~` mark.
    pub two_boards: bool,
    /// Kinds (bits) whose mating drop is refused (`no-mate-rule = "illegal"`).
    pub no_mate_refused: u64,
    /// Per kind in hand: the promoted kind it may also be dropped as, or
    /// `promotion::NONE`.
    pub drop_as: Vec<u8>,
    /// Kinds (bits) to be dropped on both square colours equally.
    pub opposite_colours: u64,
    /// `words` u64: the cells of one colour (a1's).
    pub dark: Vec<u64>,
    /// Kinds (bits) a hand never runs out of: always droppable, never
    /// counted, and a FEN then writes no hand (Fairy-Stockfish's
    /// `freeDrops`, Ataxx).
    pub unlimited: u64,
}

impl DropRules {
    /// Compiles the rules for a board, its pieces (`pawn` flags), the setup
    /// cells and the castling tables.
    pub fn compile(
        &self,
        grid: &Grid,
        pawns: &[bool],
        setup: &[Option<(u8, Side)>],
        tables: &crate::variant::MoveTables,
        promotion: Option<&PiecePromotion>,
    ) -> Drops {
        let words = grid.len().div_ceil(64);
        let kinds = pawns.len();
        let mut cells = self.drop_cells(grid.len(), kinds);
        if self.no_dead_squares {
            let dead = crate::game::rules::promotion::dead_cells(tables, kinds, words);
            cells.iter_mut().zip(&dead).for_each(|(c, d)| *c &= !d);
        }
        let mut max_per_file = vec![0u8; kinds];
        for &(k, n) in &self.max_per_file {
            max_per_file[k as usize] = n;
        }
        let no_mate = self.no_mate.iter().fold(0u64, |m, &k| m | 1 << k);
        // The refused kind bits stay in `no_mate` too: it is never reached
        // then (the mating drop is not generated).
        let mut hand_order = self.hand_order.clone();
        hand_order.extend((0..kinds as u8).filter(|k| !self.hand_order.contains(k)));
        Drops {
            to_hand: self.to_hand,
            keep_promoted: self.keep_promoted,
            base: pawns.iter().position(|&p| p).unwrap_or(0) as u8,
            cells,
            virgin: self.virgin_cells(grid.len(), kinds, setup, tables),
            words,
            demote: match promotion {
                Some(p) => p.base.clone(),
                None => (0..kinds as u8).collect(),
            },
            max_per_file,
            file_cells: cells_where(grid, |x, _| x, grid.files() as usize),
            no_mate,
            hand_order,
            must_drop: self.must_drop,
            must_drop_kinds: if self.must_drop_kinds == 0 { u64::MAX } else { self.must_drop_kinds },
            no_checks: self.no_checks,
            two_boards: self.two_boards,
            no_mate_refused: if self.no_mate_loses { 0 } else { no_mate },
            drop_as: self.drop_as(promotion, kinds),
            opposite_colours: self.opposite_colours.iter().fold(0u64, |m, &k| m | 1 << k),
            dark: cells_where(grid, |x, y| (x + y) % 2, 2)[..words].to_vec(),
            unlimited: self.unlimited.iter().fold(0u64, |m, &k| m | 1 << k),
        }
    }

    /// Per (kind, side), the cells a piece may be dropped on: its places
    /// (`[[drops.place]]`), or anywhere when it has none.
    fn drop_cells(&self, n: usize, kinds: usize) -> Vec<u64> {
        let words = n.div_ceil(64);
        let mut cells = vec![0u64; kinds * 2 * words];
        for kind in 0..kinds {
            for side in 0..2 {
                let set = &mut cells[(kind * 2 + side) * words..][..words];
                let only: Vec<&Vec<Cell>> =
                    self.places.iter().filter(|(ks, _)| ks.contains(&(kind as u8))).map(|(_, cs)| &cs[side]).collect();
                for c in (0..n).filter(|&c| only.is_empty() || only.iter().any(|cs| cs.contains(&(c as Cell)))) {
                    set[c / 64] |= 1 << (c % 64);
                }
            }
        }
        cells
    }

    /// Per (kind, side), the cells where a dropped piece counts as unmoved:
    /// its setup cells (for a kind whose unmoved state matters, castling
    /// cells aside) and the cells `unmoved` names.
    fn virgin_cells(
        &self,
        n: usize,
        kinds: usize,
        setup: &[Option<(u8, Side)>],
        tables: &crate::variant::MoveTables,
    ) -> Vec<u64> {
        let words = n.div_ceil(64);
        let mut virgin = vec![0u64; kinds * 2 * words];
        let castling = castling_cells(setup, tables, n);
        for (c, &(kind, side)) in setup.iter().enumerate().filter_map(|(c, x)| Some((c, x.as_ref()?))) {
            if (kind as usize) < kinds && tables.virgin_matters[kind as usize] && !castling[c] {
                virgin[(kind as usize * 2 + side as usize) * words + c / 64] |= 1 << (c % 64);
            }
        }
        for (ks, per_side) in &self.unmoved {
            for (side, cs) in per_side.iter().enumerate() {
                for &k in ks {
                    for &c in cs {
                        virgin[(k as usize * 2 + side) * words + c as usize / 64] |= 1 << (c % 64);
                    }
                }
            }
        }
        virgin
    }

    /// Per kind, what a piece of it is dropped as: its promoted form when
    /// drops are promoted (`drop-promoted`), else itself (`NONE`).
    fn drop_as(&self, promotion: Option<&PiecePromotion>, kinds: usize) -> Vec<u8> {
        match promotion {
            Some(p) if self.drop_promoted => {
                (0..kinds).map(|k| if p.base[k] == k as u8 { p.to[k] } else { NONE }).collect()
            }
            _ => vec![NONE; kinds],
        }
    }
}

/// `groups` bitsets of the board's cells, one `words` long per group: cell
/// (x, y) is in group `group(x, y)` (a file, a colour).
fn cells_where(grid: &Grid, group: impl Fn(usize, usize) -> usize, groups: usize) -> Vec<u64> {
    let words = grid.len().div_ceil(64);
    let mut out = vec![0u64; groups * words];
    for c in 0..grid.len() {
        let (x, y) = grid.coords(c as Cell);
        out[group(x as usize, y as usize) * words + c / 64] |= 1 << (c % 64);
    }
    out
}

/// Setup cells of castling kings and partners.
fn castling_cells(setup: &[Option<(u8, Side)>], tables: &crate::variant::MoveTables, n: usize) -> Vec<bool> {
    let mut out = vec![false; n];
    for (c, cell) in setup.iter().enumerate() {
        if let Some((kind, side)) = *cell {
            for r in &tables.castles[(kind as usize * 2 + side as usize) * n + c] {
                out[c] = true;
                out[r.partner as usize] = true;
            }
        }
    }
    out
}

impl Drops {
    /// Whether `side` may put a piece of `kind` from the hand on `c` (the
    /// cells of `drops.where`, dead squares excluded).
    pub fn may_drop(&self, kind: u8, side: Side, c: Cell) -> bool {
        let i = (kind as usize * 2 + side as usize) * self.words + c as usize / 64;
        self.cells[i] & (1 << (c % 64)) != 0
    }
}

impl Position<'_> {
    /// `drops.no-checks` (supply chess, Fairy-Stockfish's `dropChecks =
    /// false`): removes the drops that would give check; other moves may.
    pub(crate) fn drop_checking_drops(&mut self, out: &mut Vec<Move>) {
        out.retain(|&m| {
            if m.kind != MoveKind::Drop {
                return true;
            }
            let u = self.make(m);
            let check = self.in_check();
            self.unmake(m, u);
            !check
        });
    }

    /// Drops of the side to move: every piece kind in its hand (of the
    /// kinds in the bit set `only`) on every empty cell its mask allows.
    pub(crate) fn drop_moves(&self, d: &Drops, out: &mut Vec<Move>, only: u64) {
        let side = self.side as usize;
        let kinds = self.v.pieces.len();
        let w = d.words;
        for kind in 0..kinds {
            let in_hand = self.hand[side * kinds + kind] != 0 || d.unlimited & (1 << kind) != 0;
            if !in_hand || only >> kind & 1 == 0 {
                continue;
            }
            let mask = &d.cells[(kind * 2 + side) * w..][..w];
            let full = if d.max_per_file[kind] > 0 { self.full_files(d, kind) } else { [0; 16] };
            // The promoted form too, where the variant allows it (`+P@c3`).
            let promoted = d.drop_as[kind];
            for (k, &m) in mask.iter().enumerate() {
                let mut bits = m & !(self.occ[k] | self.occ[w + k]) & !full[k];
                while bits != 0 {
                    let c = (k * 64 + bits.trailing_zeros() as usize) as Cell;
                    bits &= bits - 1;
                    if d.opposite_colours != 0 && !self.colours_stay_balanced(d, kind, c) {
                        continue;
                    }
                    out.push(Move { from: c, to: c, extra: 0, extra2: 0, promo: kind as u8 + 1, kind: MoveKind::Drop });
                    if promoted != NONE {
                        out.push(Move { promo: promoted + 1, ..out[out.len() - 1] });
                    }
                }
            }
        }
    }

    /// Whether the side to move may drop `kind` on `to` and still end with
    /// its `opposite-colours` pieces on both colours equally, as
    /// Fairy-Stockfish decides it (`dropOppositeColoredBishop`): such a
    /// piece may not make its colour hold more than half of them; any other
    /// piece must leave enough free drop cells of each colour.
    fn colours_stay_balanced(&self, d: &Drops, kind: usize, to: Cell) -> bool {
        let side = self.side as usize;
        let w = d.words;
        let dark_to = d.dark[to as usize / 64] & (1 << (to % 64)) != 0;
        for b in (0..self.v.pieces.len()).filter(|&b| d.opposite_colours & (1 << b) != 0) {
            let code = piece_code(b as u8, self.side);
            let mut on = vec![0u64; w];
            for (c, &x) in self.board.iter().enumerate() {
                if x == code {
                    on[c / 64] |= 1 << (c % 64);
                }
            }
            let total =
                on.iter().map(|x| x.count_ones()).sum::<u32>() + self.hand[side * self.v.pieces.len() + b] as u32;
            let count = |mask: &[u64], dark: bool| -> u32 {
                mask.iter().zip(&d.dark).map(|(m, dk)| (m & if dark { *dk } else { !*dk }).count_ones()).sum()
            };
            if b == kind {
                if count(&on, dark_to) + 1 > total.div_ceil(2) {
                    return false;
                }
                continue;
            }
            let region = &d.cells[(b * 2 + side) * w..][..w];
            let mut room = on.clone();
            for (i, r) in room.iter_mut().enumerate() {
                let free = region[i] & !(self.occ[i] | self.occ[w + i]);
                let not_to = if i == to as usize / 64 { !(1u64 << (to % 64)) } else { !0 };
                *r |= free & not_to;
            }
            if count(&room, true) < total / 2 || count(&room, false) < total / 2 {
                return false;
            }
        }
        true
    }

    /// The cells of the files holding `max_per_file[kind]` or more of the
    /// side to move's pieces of `kind` (boards up to 256 cells).
    fn full_files(&self, d: &Drops, kind: usize) -> [u64; 16] {
        let code = piece_code(kind as u8, self.side);
        let files = self.v.grid.files() as usize;
        let mut count = [0u8; 32];
        for (c, &b) in self.board.iter().enumerate() {
            if b == code {
                count[self.v.grid.coords(c as Cell).0 as usize] += 1;
            }
        }
        let mut out = [0u64; 16];
        for (x, &n) in count.iter().enumerate().take(files) {
            if n >= d.max_per_file[kind] {
                for (o, &f) in out.iter_mut().zip(&d.file_cells[x * d.words..][..d.words]) {
                    *o |= f;
                }
            }
        }
        out
    }

    /// Whether the drop `m` is of a `no_mate_refused` kind and checkmates
    /// at once (uchifuzume refused as illegal).
    pub(crate) fn refused_mating_drop(&mut self, m: Move) -> bool {
        if self.v.drops.as_ref().is_none_or(|d| d.no_mate_refused & (1 << (m.promo - 1)) == 0) {
            return false;
        }
        let u = self.make(m);
        let mates = self.in_check() && {
            let mut replies = Vec::new();
            self.legal_moves(&mut replies);
            replies.is_empty()
        };
        self.unmake(m, u);
        mates
    }

    /// Whether `m` is a drop of a kind that may not give mate at once
    /// (uchifuzume): a checkmate it gives loses for the dropper.
    pub fn drop_may_not_mate(&self, m: Move) -> bool {
        m.kind == MoveKind::Drop && self.v.drops.as_ref().is_some_and(|d| d.no_mate & (1 << (m.promo - 1)) != 0)
    }

    /// Adds `delta` (±1) to a hand count, keeping the key.
    fn hand_step(&mut self, side: Side, kind: u8, up: bool) {
        let i = side as usize * self.v.pieces.len() + kind as usize;
        let z = &self.v.tables.zobrist;
        let code = piece_code(kind, side);
        let old = self.hand[i];
        let new = if up { old + 1 } else { old - 1 };
        if old > 0 {
            self.key ^= z.hand(code, old);
        }
        if new > 0 {
            self.key ^= z.hand(code, new);
        }
        self.hand[i] = new;
        if up {
            self.in_hand += 1;
        } else {
            self.in_hand -= 1;
        }
    }

    /// Sets the promoted mark of a cell (the kind + 1 it promoted from),
    /// keeping the key.
    fn set_promoted(&mut self, c: Cell, from: u8) {
        if (self.promoted[c as usize] != 0) != (from != 0) {
            self.key ^= self.v.tables.zobrist.promoted(c);
        }
        self.promoted[c as usize] = from;
    }

    /// The kind a captured piece becomes in hand.
    fn hand_kind(d: &Drops, code: u8, promoted: u8) -> u8 {
        if d.keep_promoted {
            code_kind(code)
        } else if promoted != 0 {
            promoted - 1
        } else {
            d.demote[code_kind(code) as usize]
        }
    }

    /// After a board move: captured pieces to the mover's hand, promoted
    /// marks moved along. `u` already holds what was captured.
    pub(crate) fn drops_after_move(&mut self, d: &Drops, m: Move, u: &mut Undo) {
        let (f, t, x) = (m.from, m.to, m.extra);
        let side = u.side;
        if let Some(fl) = &self.v.flipping {
            self.flip_after(fl, &m, side);
        }
        u.promoted = [self.promoted[f as usize], self.promoted[t as usize], self.promoted[x as usize]];
        if m.kind == MoveKind::Castle {
            let (pk, pp) = (u.promoted[0], u.promoted[2]);
            self.set_promoted(f, 0);
            self.set_promoted(x, 0);
            self.set_promoted(t, pk);
            self.set_promoted(m.extra2, pp);
            return;
        }
        if d.to_hand {
            if u.captured != 0 {
                self.hand_step(side, Self::hand_kind(d, u.captured, u.promoted[1]), true);
            }
            if u.captured_extra != 0 {
                self.hand_step(side, Self::hand_kind(d, u.captured_extra, u.promoted[2]), true);
            }
        }
        // A zone promotion (pawn to queen) marks the piece; a shogi-style one
        // does not need to: its kind says what it demotes to.
        // (A gating move's `promo` is the piece it gates in, not a promotion.)
        let promo = if m.kind == MoveKind::Gate { 0 } else { m.promo };
        let mark = match promo {
            0 => u.promoted[0],
            // Turned back (kyoto shogi): unpromoted again.
            p if d.demote[code_kind(u.moved) as usize] == p - 1 => 0,
            p if d.demote[p as usize - 1] == p - 1 => code_kind(u.moved) + 1,
            _ => 0,
        };
        if m.kind != MoveKind::Normal && m.kind != MoveKind::Gate {
            self.set_promoted(x, 0);
        }
        self.set_promoted(f, 0);
        self.set_promoted(t, mark);
    }

    /// Takes back `drops_after_move` (the key is restored by the caller).
    pub(crate) fn drops_unmake_move(&mut self, d: &Drops, m: Move, u: &Undo) {
        if self.v.flipping.is_some() {
            self.unflip();
        }
        let (f, t, x) = (m.from as usize, m.to as usize, m.extra as usize);
        if m.kind == MoveKind::Castle {
            self.promoted[t] = 0;
            self.promoted[m.extra2 as usize] = 0;
            self.promoted[f] = u.promoted[0];
            self.promoted[x] = u.promoted[2];
            return;
        }
        if d.to_hand {
            if u.captured != 0 {
                self.hand_step(u.side, Self::hand_kind(d, u.captured, u.promoted[1]), false);
            }
            if u.captured_extra != 0 {
                self.hand_step(u.side, Self::hand_kind(d, u.captured_extra, u.promoted[2]), false);
            }
        }
        self.promoted[f] = u.promoted[0];
        self.promoted[t] = u.promoted[1];
        if m.kind != MoveKind::Normal && m.kind != MoveKind::Gate {
            self.promoted[x] = u.promoted[2];
        }
    }

    /// Plays a drop: the piece leaves the hand and stands on `m.to`, unmoved
    /// when that is its own setup cell. A drop resets the halfmove clock, as
    /// in Fairy-Stockfish.
    pub(crate) fn make_drop(&mut self, d: &Drops, m: Move, u: Undo) -> Undo {
        if self.ep_n > 0 {
            self.key ^= self.v.tables.zobrist.ep(self.ep[0]);
            self.ep_n = 0;
        }
        // A piece dropped promoted (`+P@c3`) leaves the hand as its base.
        let (kind, side) = (m.promo - 1, self.side);
        let base = d.demote[kind as usize];
        if d.unlimited & (1 << base) == 0 {
            self.hand_step(side, base, false);
        }
        self.put(m.to, piece_code(kind, side));
        let i = (kind as usize * 2 + side as usize) * d.words + m.to as usize / 64;
        self.set_virgin(m.to, d.virgin[i] & (1 << (m.to % 64)) != 0);
        if let Some(f) = &self.v.flipping {
            self.flip_after(f, &m, side);
        }
        // A drop is no pass: it breaks a run of passes.
        self.pass_state = 0;
        self.halfmove = 0;
        if side == 1 {
            self.fullmove += 1;
        }
        self.side ^= 1;
        self.key ^= self.v.tables.zobrist.black;
        // n-check: a drop that gives check counts too (check shogi).
        if self.v.rules.check_limit > 0 {
            self.count_check(side as usize);
        }
        u
    }

    /// Takes back a drop.
    pub(crate) fn unmake_drop(&mut self, d: &Drops, m: Move, u: Undo) {
        if self.v.flipping.is_some() {
            self.unflip();
        }
        let code = self.take(m.to);
        let base = d.demote[code_kind(code) as usize];
        if d.unlimited & (1 << base) == 0 {
            self.hand_step(u.side, base, true);
        }
        debug_assert_eq!(code_side(code), u.side);
        self.virgin[m.to as usize] = u.virgin_to;
        if u.side == 1 {
            self.fullmove -= 1;
        }
        self.side = u.side;
        self.checks_left = u.checks_left;
        self.pass_state = u.pass_state;
        self.ep = u.ep;
        self.ep_n = u.ep_n;
        self.ep_victim = u.ep_victim;
        self.halfmove = u.halfmove;
        self.key = u.key;
    }
}
