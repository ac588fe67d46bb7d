//! Pseudo-legal move generation: piece moves (walking the compiled move
//! programs), promotions, castling and postings from the hand.

use super::Position;
use crate::board::Cell;
use crate::compile::{walk, walk_plain, Emit, Occupancy};
use crate::game::rules::promotion::{PiecePromotion, NONE};
use crate::game::{code_kind, code_side, Move, MoveKind, Side};
use crate::variant::{ProgRef, Variant};

impl<'v> Position<'v> {
    /// Pseudo-legal moves (own royal pieces may be left attacked).
    pub fn pseudo_moves(&mut self, out: &mut Vec<Move>, in_check: bool) {
        if self.deploying() {
            self.drops(out);
            return;
        }
        let start = out.len();
        let v = self.v;
        if v.drops.is_some() && self.forced_drops(out) {
            return;
        }
        // (The loop of `each_own_piece`, written out: through its closure
        // perft took 4% more instructions.)
        let words = v.tables.words;
        for k in 0..words {
            let mut bits = self.occ[self.side as usize * words + k];
            while bits != 0 {
                let from = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.piece_moves(from, out, in_check);
            }
        }
        // Moves that are no piece's own: kept out of line so that the
        // piece loop above is compiled as if they did not exist.
        if v.promotion_move.is_some() || v.gating.is_some() || v.drops.is_some() {
            self.rule_moves(out, start);
        }
    }

    /// Calls `f` with the cell of every piece of the side to move (read off
    /// its occupancy bits) until `f` says stop; whether it did.
    #[inline(always)]
    pub(super) fn each_own_piece(&mut self, mut f: impl FnMut(&mut Self, usize) -> bool) -> bool {
        let words = self.v.tables.words;
        for k in 0..words {
            let mut bits = self.occ[self.side as usize * words + k];
            while bits != 0 {
                let from = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if f(self, from) {
                    return true;
                }
            }
        }
        false
    }

    /// `drops.must-drop`: while the side to move holds a piece of the kinds
    /// that force it (`must-drop-pieces`, koedem's king), it may only drop
    /// those; whether it must (then `out` holds the drops).
    #[inline(never)]
    fn forced_drops(&self, out: &mut Vec<Move>) -> bool {
        let Some(d) = self.v.drops.as_ref().filter(|d| d.must_drop && self.in_hand > 0) else { return false };
        let kinds = self.v.pieces.len();
        let hand = &self.hand[self.side as usize * kinds..][..kinds];
        if hand.iter().enumerate().any(|(k, &n)| n > 0 && d.must_drop_kinds >> k & 1 != 0) {
            self.drop_moves(d, out, d.must_drop_kinds);
            return true;
        }
        false
    }

    /// The moves rules add besides the pieces' own: promotion moves,
    /// gating and drops (`start`: where this position's moves begin).
    #[inline(never)]
    fn rule_moves(&mut self, out: &mut Vec<Move>, start: usize) {
        let v = self.v;
        if let Some(pm) = &v.promotion_move {
            self.promotion_moves(pm, out);
        }
        // (Hands that never run out, Ataxx's, hold nothing countable.)
        if self.in_hand > 0 || v.drops.as_ref().is_some_and(|d| d.unlimited != 0) {
            if let Some(g) = &v.gating {
                self.gating_moves(g, out, start);
            }
            if let Some(d) = &v.drops {
                self.drop_moves(d, out, u64::MAX);
            }
        }
    }

    /// Postings of the side to move (the deployment phase).
    pub(super) fn drops(&self, out: &mut Vec<Move>) {
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
                if self.board[c as usize] == 0 && crate::game::phase::posting_allowed(self, p.kind, c) {
                    let m = Move { from: c, to: c, extra: 0, extra2: 0, promo: p.kind + 1, kind: MoveKind::Drop };
                    if !out.contains(&m) {
                        out.push(m);
                    }
                }
            }
        }
    }

    /// Pseudo-legal moves of the piece on `from` (a piece of the side to move).
    /// (Always inlined: with a second caller, `any_legal_move`, the
    /// compiler stopped inlining it into `pseudo_moves`, and perft paid 4%
    /// more instructions.)
    #[inline(always)]
    pub(super) fn piece_moves(&mut self, from: usize, out: &mut Vec<Move>, in_check: bool) {
        let t = &self.v.tables;
        let side = self.side;
        let code = self.board[from];
        let idx = (code_kind(code) as usize * 2 + side as usize) * t.cells + from;
        let pr = t.progs[idx];
        if pr.plain {
            // Most pieces of most games: each destination is a plain move.
            let board = &self.board;
            let shift = |c: Cell| match board[c as usize] {
                0 => 0,
                code if code_side(code) == side => 4,
                _ => 2,
            };
            let from = from as Cell;
            walk_plain(&t.nodes[pr.start as usize..pr.end as usize], shift, |to| {
                out.push(Move { from, to, extra: 0, extra2: 0, promo: 0, kind: MoveKind::Normal });
            });
        } else {
            self.general_moves(from, idx, out, in_check);
        }
        if pr.castles {
            self.castle_moves(from, idx, out, in_check);
        }
    }

    /// The moves of a piece whose program needs more than occupancy (see
    /// `ProgRef::plain`): locust victims, en passant, promotion, capture
    /// restrictions, duplicate routes.
    fn general_moves(&mut self, from: usize, idx: usize, out: &mut Vec<Move>, in_check: bool) {
        let pr = self.v.tables.progs[idx];
        let code = self.board[from];
        // A program that passes its own origin must see that cell empty.
        if pr.visits_origin {
            self.board[from] = 0;
        }
        self.walk_general(from, code, pr, out, in_check);
        if pr.visits_origin {
            self.board[from] = code;
        }
    }

    /// Walks the program `pr` of the piece `code` on `from` (already lifted
    /// if the program visits its origin), turning landings into moves.
    #[inline]
    fn walk_general(&self, from: usize, code: u8, pr: ProgRef, out: &mut Vec<Move>, in_check: bool) {
        let t = &self.v.tables;
        let lands = self.landings(from, code, pr, out.len());
        // Fast path: a plain move or capture of a piece without promotion,
        // capture restrictions or duplicate routes.
        let fast = !lands.pawn && !pr.may_repeat && !t.capture_rules && lands.pp.is_none();
        let ep = &self.ep[..self.ep_n as usize];
        // Echoed squares (no victim) offer no capture; tested only where a
        // walk asks, so that the test costs other moves nothing.
        let ep_victim = self.ep_victim;
        let (board, side) = (&self.board, self.side);
        walk(
            &t.nodes[pr.start as usize..pr.end as usize],
            |c| Self::occ(board, side, c),
            self.virgin[from],
            in_check,
            |c| ep_victim != super::NO_CELL && ep.contains(&c),
            |e| {
                if fast && e.victims.is_empty() && !e.en_passant {
                    out.push(Move {
                        from: from as Cell,
                        to: e.to,
                        extra: 0,
                        extra2: 0,
                        promo: 0,
                        kind: MoveKind::Normal,
                    });
                    return;
                }
                lands.land(&e, out);
            },
        );
    }

    /// What turns the landings of the piece `code` on `from` into moves
    /// (`start_len`: where its moves begin in the output list).
    #[inline]
    fn landings(&self, from: usize, code: u8, pr: ProgRef, start_len: usize) -> Landings<'_> {
        let v = self.v;
        let (kind, side) = (code_kind(code) as usize, self.side);
        Landings {
            v,
            board: &self.board,
            kind,
            side,
            from: from as Cell,
            pawn: v.tables.code_pawn[code as usize],
            pr,
            // Shogi-style promotion of this piece, if it has one.
            pp: v.piece_promotion.as_ref().filter(|pp| pp.to[kind] != NONE),
            ep_victim: self.ep_victim,
            once_used: self.once_used[side as usize],
            // No promotion to a royal piece beyond the royals a position holds.
            royals_full: self.nroyal[side as usize] as usize >= super::MAX_ROYALS,
            start_len,
        }
    }

    /// Castling moves of the piece on `from` (`idx`: its program index).
    fn castle_moves(&self, from: usize, idx: usize, out: &mut Vec<Move>, in_check: bool) {
        let v = self.v;
        let t = &v.tables;
        let side = self.side;
        let kind = code_kind(self.board[from]) as usize;
        let castles = &t.castles[idx];
        // A royal castler may not castle out of or through check; a
        // non-royal one (giveaway, extinction) has no such condition.
        if !castles.is_empty() && self.virgin[from] && !(in_check && v.pieces[kind].royal) {
            let royal = v.pieces[kind].royal;
            for r in castles {
                let pc = self.board[r.partner as usize];
                if pc == 0 || code_side(pc) != side || !self.virgin[r.partner as usize] {
                    continue;
                }
                if r.empty.iter().any(|&c| self.board[c as usize] != 0) {
                    continue;
                }
                if royal && r.king_path[1..].iter().any(|&c| self.is_attacked(c, side ^ 1)) {
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

/// What turns the landings of one piece's walk into moves: the piece, the
/// board it walks on, and the promotion facts of its side.
struct Landings<'a> {
    /// The variant.
    v: &'a Variant,
    /// The board (with the piece lifted if its program visits its origin).
    board: &'a [u8],
    /// The moving piece's kind and side, and where it stands.
    kind: usize,
    side: Side,
    from: Cell,
    /// The piece promotes in the variant's promotion zones.
    pawn: bool,
    /// The piece's move program.
    pr: ProgRef,
    /// The piece's shogi-style promotion, if it has one.
    pp: Option<&'a PiecePromotion>,
    /// The cell of the piece an en-passant capture takes.
    ep_victim: Cell,
    /// The once-per-side promotion choices already taken (kind bits).
    once_used: u64,
    /// The side holds as many royals as a position may.
    royals_full: bool,
    /// Where this piece's moves start in the output list.
    start_len: usize,
}

impl Landings<'_> {
    /// The moves of one landing off the fast path: locust and en-passant
    /// captures, capture restrictions, duplicate routes and promotions.
    #[inline]
    fn land(&self, e: &Emit<'_>, out: &mut Vec<Move>) {
        if e.victims.len() > 1 {
            return;
        }
        let (mk, extra) = if e.en_passant {
            (MoveKind::EnPassant, self.ep_victim)
        } else if let Some(&vc) = e.victims.first() {
            (MoveKind::Locust, vc)
        } else {
            (MoveKind::Normal, 0)
        };
        if !self.may_capture(e, mk, extra) {
            return;
        }
        let m = Move { from: self.from, to: e.to, extra, extra2: 0, promo: 0, kind: mk };
        // (A piece that may not hop over some kinds is marked
        // `may_repeat` too, so that its check costs others nothing.)
        if self.pr.may_repeat
            && (out[self.start_len..].iter().any(|x| x.to == m.to && x.extra == m.extra && x.kind == m.kind)
                || self.pr.hop_ban
                    && crate::game::rules::effects::hops_banned(self.v, self.board, self.kind, self.from, e.to))
        {
            return;
        }
        let t = &self.v.tables;
        let zones = if self.pawn { t.zone_mask[self.side as usize * t.cells + e.to as usize] } else { 0 };
        if let Some(pp) = self.pp {
            let promotes =
                pp.promotes(self.side, self.from, e.to, e.target == Occupancy::Enemy || mk != MoveKind::Normal);
            if promotes {
                out.push(Move { promo: pp.to[self.kind] + 1, ..m });
            }
            // A pawn that also promotes shogi-style (wolf's pawn: "+" to an
            // elephant) has its zones' choices besides.
            if zones != 0 {
                self.zone_promotions(m, zones, out);
                return;
            }
            // Unpromoted, it may not go where it could never move again,
            // nor stay unpromoted where promotion is forced.
            let stays = !pp.forced || !promotes;
            if stays && !pp.is_dead(self.kind, self.side, e.to) {
                out.push(m);
            }
            return;
        }
        if zones == 0 {
            out.push(m);
            return;
        }
        self.zone_promotions(m, zones, out);
    }

    /// Whether the piece may capture what stands on the destination and on
    /// the locust victim's cell (`capturable-by`).
    #[inline]
    fn may_capture(&self, e: &Emit<'_>, mk: MoveKind, extra: Cell) -> bool {
        let t = &self.v.tables;
        if e.target == Occupancy::Enemy {
            let victim = code_kind(self.board[e.to as usize]) as usize;
            if t.capturers[victim] & (1 << self.kind) == 0 {
                return false;
            }
        }
        if mk == MoveKind::Locust {
            let vc = self.board[extra as usize];
            if vc != 0 && t.capturers[code_kind(vc) as usize] & (1 << self.kind) == 0 {
                return false;
            }
        }
        true
    }

    /// A pawn's move `m` into promotion zones (`zones`: their bits): one
    /// move per allowed choice, and the plain move unless a zone is
    /// mandatory.
    fn zone_promotions(&self, m: Move, zones: u32, out: &mut Vec<Move>) {
        let v = self.v;
        let side = self.side;
        let mut optional = true;
        let first = out.len();
        for (zi, z) in v.zones.iter().enumerate() {
            if zones & (1 << zi) == 0 {
                continue;
            }
            optional &= !z.mandatory;
            for &k in &z.choices {
                if z.once.contains(&k) && self.once_used & (1 << k) != 0 {
                    continue;
                }
                if self.royals_full && v.pieces[k as usize].royal {
                    continue;
                }
                if let Some(limit) = &z.limit {
                    let code = crate::game::piece_code(k, side);
                    let have = self.board.iter().filter(|&&b| b == code).count();
                    if have >= limit[k as usize][side as usize] as usize {
                        continue;
                    }
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
    }
}
