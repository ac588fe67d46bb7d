//! Castling partners other than the corner piece
//! (`pieces.*.castling-partners`): Fairy-Stockfish's `castlingRookPieces`
//! and non-corner rook files (shako, gustav3, omicron). The `O` atom gives
//! the king's travel and directions; this module only chooses, once at load
//! time, which cell on each castling line holds the partner, and rebuilds the
//! rule around it (`CastleRule::new`), so castling costs nothing extra at
//! move time.

use crate::board::{file_label, Cell, Grid};
use crate::compile::CastleRule;

/// One entry of `castling-partners`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partner {
    /// Any piece of this kind standing on the castling line in the setup
    /// (the farthest one from the king, as FSF finds its castling rook).
    Kind(u8),
    /// A start cell: White's, and Black's (White's mirrored across the middle rank).
    Cell([Cell; 2]),
}

/// Black's counterpart of White's cell `c`: mirrored across the middle rank.
pub fn mirrored(grid: &Grid, c: Cell) -> Option<Cell> {
    let (x, y) = grid.coords(c);
    grid.at(x as i32, grid.ranks() as i32 - 1 - y as i32)
}

/// Rebuilds the castling rules of `kind` (index `(kind * 2 + side) * n +
/// cell` in `castles`) with the partner each line names: the farthest cell of
/// the line that is one of `partners`. A line without one loses its rule.
pub fn retarget(
    castles: &mut [Vec<CastleRule>],
    n: usize,
    kind: usize,
    partners: &[Partner],
    setup: &[Option<(u8, u8)>],
) {
    for side in 0..2usize {
        for from in 0..n {
            let rules = &mut castles[(kind * 2 + side) * n + from];
            if rules.is_empty() {
                continue;
            }
            let is_partner = |c: Cell| {
                partners.iter().any(|p| match *p {
                    Partner::Kind(k) => setup[c as usize] == Some((k, side as u8)),
                    Partner::Cell(cells) => cells[side] == c,
                })
            };
            *rules = std::mem::take(rules)
                .into_iter()
                .filter_map(|r| {
                    let p = r.ray.iter().rposition(|&c| is_partner(c))?;
                    let travel = r.king_path.len() - 1;
                    CastleRule::new(from as Cell, r.ray, travel, p)
                })
                .collect();
        }
    }
}

/// Chess960 castling (`pieces.*.castling-960`), compiled: the kinds that
/// castle so, and the kinds of their partners (what stood on the setup's
/// castling cells). Only an unmoved piece of a partner kind is ever marked
/// unmoved on the castling rank, so move generation needs no kind test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Free {
    /// Kinds (bit mask) that castle from any cell of their home rank.
    pub kings: u64,
    /// Kinds (bit mask) they castle with.
    pub partners: u64,
}

/// One side's Chess960 castling template, read off the setup: where the
/// king and its partner end for each direction (`dir` the sign of the
/// partner's file against the king's), on rank `y`.
struct Template {
    y: u32,
    ends: Vec<(i32, Cell, Cell)>,
}

/// Rebuilds the castling rules of `kind` as Chess960's: from every cell of
/// the rank where the setup has it, with a partner on any cell of that rank
/// on either side; the king and partner end where the setup's castling puts
/// them (FSF's `chess960`: c/g files, the rook beside the king). Returns
/// the partner kinds, which are those on the setup's castling cells.
pub fn free_rules(castles: &mut [Vec<CastleRule>], grid: &Grid, kind: usize, setup: &[Option<(u8, u8)>]) -> u64 {
    let n = grid.len();
    let mut partners = 0u64;
    for side in 0..2usize {
        let idx = |c: usize| (kind * 2 + side) * n + c;
        let Some(home) = (0..n).find(|&c| setup[c] == Some((kind as u8, side as u8)) && !castles[idx(c)].is_empty())
        else {
            continue;
        };
        let (hx, y) = grid.coords(home as Cell);
        let mut t = Template { y, ends: Vec::new() };
        for r in &castles[idx(home)] {
            let (px, py) = grid.coords(r.partner);
            if py == y && px != hx {
                t.ends.push(((px as i32 - hx as i32).signum(), r.king_to, r.partner_to));
                if let Some((pk, _)) = setup[r.partner as usize] {
                    partners |= 1 << pk;
                }
            }
        }
        for x in 0..grid.files() {
            if let Some(k) = grid.at(x as i32, y as i32) {
                castles[idx(k as usize)] = rank_rules(grid, &t, k);
            }
        }
    }
    partners
}

/// The Chess960 castling rules of a king on `k`, with a partner on every
/// other cell of its rank in each direction of the template.
fn rank_rules(grid: &Grid, t: &Template, k: Cell) -> Vec<CastleRule> {
    let kx = grid.coords(k).0 as i32;
    let mut out = Vec::new();
    for &(dir, king_to, partner_to) in &t.ends {
        let mut x = kx + dir;
        while let Some(p) = grid.at(x, t.y as i32) {
            out.push(free_rule(grid, t.y, k, p, king_to, partner_to));
            x += dir;
        }
    }
    out
}

/// One Chess960 castling: king `k` to `king_to`, partner `p` to
/// `partner_to`; every cell either crosses or lands on must be empty, but
/// for their own two start cells.
fn free_rule(grid: &Grid, y: u32, k: Cell, p: Cell, king_to: Cell, partner_to: Cell) -> CastleRule {
    let x = |c: Cell| grid.coords(c).0 as i32;
    let span = |a: Cell, b: Cell| {
        let (lo, hi) = (x(a).min(x(b)), x(a).max(x(b)));
        (lo..=hi).filter_map(|i| grid.at(i, y as i32))
    };
    let mut empty: Vec<Cell> = Vec::new();
    for c in span(k, king_to).chain(span(p, partner_to)) {
        if c != k && c != p && !empty.contains(&c) {
            empty.push(c);
        }
    }
    let step = (x(king_to) - x(k)).signum();
    let king_path = (0..=(x(king_to) - x(k)).abs()).filter_map(|i| grid.at(x(k) + i * step, y as i32)).collect();
    let dir = (x(p) - x(k)).signum();
    let ray = (1..).map_while(|i| grid.at(x(k) + i * dir, y as i32)).collect();
    CastleRule { king_to, partner: p, partner_to, empty, king_path, ray }
}

use crate::game::position::FenError;
use crate::game::{code_kind, code_side, Position, Side};

/// Whether the unmoved state of `kind` travels in the FEN's castling field
/// (as Fairy-Stockfish writes castling rights and gates): a piece whose being
/// unmoved matters and that could come back to its start cell after moving.
/// Pawns cannot, so a pawn on its start cell is simply unmoved.
pub fn fen_tracked(v: &crate::variant::Variant, kind: u8) -> bool {
    v.tables.virgin_matters[kind as usize] && !v.pieces[kind as usize].pawn
}

impl Position<'_> {
    /// Reads the castling field: `K`/`Q` (either case) mark a king and its
    /// partner on that side unmoved; a file letter marks unmoved the side's
    /// tracked pieces standing on their start cells on that file (FSF's gates,
    /// Cambodian's `DEde`, a Tigrey King that may still leap) and, as in
    /// Shredder-FEN, a castling partner's king with it.
    pub(in crate::game) fn read_castling_field(
        &mut self,
        field: &str,
        setup: &[Option<(u8, Side)>],
    ) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        if let Some(free) = self.v.free_castling {
            return self.read_free_field(field, free);
        }
        for ch in field.chars() {
            let side: Side = if ch.is_ascii_uppercase() { 0 } else { 1 };
            let up = ch.to_ascii_uppercase();
            let letter = up != 'K' && up != 'Q';
            // With gating a file letter is a gate only (FSF), never a castling right.
            let mut found = (!letter || self.v.gating.is_none())
                && self.mark_castling(side, setup, |kx, px, file| match up {
                    'K' => px > kx,
                    'Q' => px < kx,
                    f => file == f.to_ascii_lowercase().to_string(),
                });
            if letter {
                found |= self.mark_file(side, ch.to_ascii_lowercase(), setup);
            }
            if !found {
                return Err(FenError(vec![(
                    0..0,
                    format!("castling right '{ch}' has no king and partner, nor an unmoved piece, to go with it"),
                )]));
            }
        }
        Ok(())
    }

    /// The castling field of a Chess960 variant: `K`/`Q` (either case) mark
    /// unmoved a king and the outermost partner on that side of it, a file
    /// letter the partner on that file (Shredder-FEN, as FSF writes it).
    fn read_free_field(&mut self, field: &str, free: Free) -> Result<(), FenError> {
        for ch in field.chars() {
            let side: Side = if ch.is_ascii_uppercase() { 0 } else { 1 };
            if !self.mark_free(side, ch.to_ascii_lowercase(), free) {
                return Err(FenError(vec![(
                    0..0,
                    format!("castling right '{ch}' has no unmoved king and castling partner on its rank to go with it"),
                )]));
            }
        }
        Ok(())
    }

    /// Marks unmoved the first king of `side` (of a Chess960 kind) that has
    /// the partner `right` names (`k`: outermost on the king's right, `q`:
    /// on its left, else a file letter), and that partner.
    fn mark_free(&mut self, side: Side, right: char, free: Free) -> bool {
        let v = self.v;
        let n = v.grid.len();
        let x = |c: Cell| v.grid.coords(c).0;
        for c in 0..n {
            let code = self.board[c];
            if code == 0 || code_side(code) != side || free.kings & (1 << code_kind(code)) == 0 {
                continue;
            }
            let kx = x(c as Cell);
            let partner = |r: &&CastleRule| {
                let pc = self.board[r.partner as usize];
                pc != 0 && code_side(pc) == side && free.partners & (1 << code_kind(pc)) != 0
            };
            let rules = v.tables.castles[(code_kind(code) as usize * 2 + side as usize) * n + c].iter().filter(partner);
            let pick = match right {
                'k' => rules.filter(|r| x(r.partner) > kx).max_by_key(|r| x(r.partner)),
                'q' => rules.filter(|r| x(r.partner) < kx).min_by_key(|r| x(r.partner)),
                f => {
                    let mut rules = rules;
                    rules.find(|r| file_label(x(r.partner)) == f.to_string())
                }
            };
            if let Some(r) = pick {
                let p = r.partner as usize;
                self.virgin[c] = true;
                self.virgin[p] = true;
                return true;
            }
        }
        false
    }

    /// The castling field of a Chess960 variant as FSF writes it: per side
    /// (White first) the files of the unmoved partners of its unmoved king,
    /// the one on the king's right first; `-` when there is none.
    fn free_field(&self) -> String {
        let v = self.v;
        let n = v.grid.len();
        let mut out = String::new();
        for side in 0..2u8 {
            let mut files = Vec::new();
            for k in (0..n).filter(|&k| self.virgin[k] && self.board[k] != 0 && code_side(self.board[k]) == side) {
                let kx = v.grid.coords(k as Cell).0;
                for r in &v.tables.castles[(code_kind(self.board[k]) as usize * 2 + side as usize) * n + k] {
                    let pc = self.board[r.partner as usize];
                    if pc != 0 && code_side(pc) == side && self.virgin[r.partner as usize] {
                        let px = v.grid.coords(r.partner).0;
                        files.push((px < kx, px));
                    }
                }
            }
            files.sort();
            files.dedup();
            let letters: String = files.iter().map(|&(_, x)| file_label(x)).collect();
            out.push_str(&if side == 0 { letters.to_ascii_uppercase() } else { letters });
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// Marks unmoved every piece of `side` (royal or not) with a castling rule whose
    /// partner (own piece) `wanted(king x, partner x, partner file)` names,
    /// and that partner.
    fn mark_castling(
        &mut self,
        side: Side,
        setup: &[Option<(u8, Side)>],
        wanted: impl Fn(u32, u32, String) -> bool,
    ) -> bool {
        // With several kings that could castle (koedem's second king), the
        // right belongs to the one on its setup cell, as Fairy-Stockfish
        // gives it to the king on the castling king's file.
        self.mark_castling_from(side, &wanted, |c, code| setup[c] == Some((code_kind(code), side)))
            || self.mark_castling_from(side, &wanted, |_, _| true)
    }

    /// [`Self::mark_castling`] for the kings on the cells `from` accepts.
    fn mark_castling_from(
        &mut self,
        side: Side,
        wanted: &impl Fn(u32, u32, String) -> bool,
        from: impl Fn(usize, u8) -> bool,
    ) -> bool {
        let v = self.v;
        let n = v.grid.len();
        let mut found = false;
        for c in 0..n {
            let code = self.board[c];
            if code == 0 || code_side(code) != side || !from(c, code) {
                continue;
            }
            let kx = v.grid.coords(c as Cell).0;
            for r in &v.tables.castles[(code_kind(code) as usize * 2 + side as usize) * n + c] {
                let pcode = self.board[r.partner as usize];
                let px = v.grid.coords(r.partner).0;
                if pcode != 0 && code_side(pcode) == side && wanted(kx, px, file_label(px)) {
                    self.virgin[c] = true;
                    self.virgin[r.partner as usize] = true;
                    found = true;
                }
            }
        }
        found
    }

    /// Marks unmoved the tracked pieces of `side` on `file` that stand where
    /// the setup has them.
    fn mark_file(&mut self, side: Side, file: char, setup: &[Option<(u8, Side)>]) -> bool {
        let v = self.v;
        let mut found = false;
        for (c, &home) in setup.iter().enumerate() {
            let code = self.board[c];
            if code == 0 || code_side(code) != side || !fen_tracked(v, code_kind(code)) {
                continue;
            }
            let x = v.grid.coords(c as Cell).0;
            if file_label(x) == file.to_string() && home == Some((code_kind(code), side)) {
                self.virgin[c] = true;
                found = true;
            }
        }
        found
    }

    /// The castling field as FSF writes it: per side (White first) `K`/`Q`
    /// for each castling right, then the file letters of the other unmoved
    /// pieces whose state the FEN carries (those with moves of their own
    /// that need it), `-` when there is nothing.
    pub(in crate::game) fn castling_field(&self) -> String {
        if self.v.free_castling.is_some() {
            return self.free_field();
        }
        let v = self.v;
        let n = v.grid.len();
        let mut out = String::new();
        for side in 0..2u8 {
            let mut rights = Vec::new();
            let mut implied = Vec::new();
            // Every unmoved piece of the side that castles (royal or not).
            for k in 0..n as Cell {
                let code = self.board[k as usize];
                if code == 0 || code_side(code) != side || !self.virgin[k as usize] {
                    continue;
                }
                for rule in &v.tables.castles[(code_kind(code) as usize * 2 + side as usize) * n + k as usize] {
                    let pc = self.board[rule.partner as usize];
                    if pc != 0 && code_side(pc) == side && self.virgin[rule.partner as usize] {
                        let kingside = v.grid.coords(rule.partner).0 > v.grid.coords(k).0;
                        rights.push(if kingside { 'K' } else { 'Q' });
                        implied.extend([k, rule.partner]);
                    }
                }
            }
            rights.sort();
            rights.dedup();
            // Open gates are written while the side has something to gate
            // (or may capture something), as FSF does.
            let gates = v.gating.as_ref().filter(|_| {
                (0..v.pieces.len() as u8).any(|k| self.in_hand(side, k) > 0)
                    || v.drops.as_ref().is_some_and(|d| d.to_hand)
            });
            let mut files: Vec<u32> = (0..n as Cell)
                .filter(|&c| {
                    let code = self.board[c as usize];
                    code != 0
                        && code_side(code) == side
                        && self.virgin[c as usize]
                        && (v.tables.initial_moves[code_kind(code) as usize]
                            || gates.is_some_and(|g| g.is_gate(side, c)))
                        && fen_tracked(v, code_kind(code))
                        && !implied.contains(&c)
                })
                .map(|c| v.grid.coords(c).0)
                .collect();
            files.sort();
            files.dedup();
            let letters: String = rights
                .into_iter()
                .chain(files.iter().flat_map(|&x| file_label(x).chars().collect::<Vec<_>>()))
                .collect();
            out.push_str(&if side == 0 { letters.to_ascii_uppercase() } else { letters.to_ascii_lowercase() });
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }
}

/// `unmoved-lost-on-line-with`, compiled: the kinds that lose their unmoved
/// state, each with the kinds (bit mask) whose arrival on its rank or file
/// takes it; and the union of those, so a move by any other kind costs one test.
#[derive(Clone, Debug)]
pub struct UnmovedLoss {
    victims: Vec<(u8, u64)>,
    movers: u64,
}

impl UnmovedLoss {
    /// From (victim kind, mover kinds mask) pairs.
    pub fn new(victims: Vec<(u8, u64)>) -> UnmovedLoss {
        let movers = victims.iter().fold(0, |m, &(_, k)| m | k);
        UnmovedLoss { victims, movers }
    }

    /// (victim kind, mover kinds mask) pairs (for the exporters).
    pub fn victims(&self) -> &[(u8, u64)] {
        &self.victims
    }

    /// The names of the kinds that lose their unmoved state (for the exporters).
    pub fn victim_names(&self, v: &crate::variant::Variant) -> Vec<String> {
        self.victims.iter().map(|&(k, _)| v.pieces[k as usize].name.clone()).collect()
    }
}

impl Position<'_> {
    /// After a move by `mover` (kind) to `to`: the enemy's unmoved pieces of
    /// a victim kind on `to`'s rank or file lose their unmoved state; the
    /// cells are recorded in `lost` (at most two) for `unmake`.
    pub(in crate::game) fn lose_unmoved(&mut self, rule: &UnmovedLoss, mover: u8, to: Cell, lost: &mut [Cell; 2]) {
        if rule.movers & (1 << mover) == 0 {
            return;
        }
        let g = &self.v.grid;
        let (tx, ty) = g.coords(to);
        let enemy = self.side ^ 1;
        let mut i = 0;
        for c in 0..g.len() as Cell {
            let code = self.board[c as usize];
            if code == 0 || code_side(code) != enemy || !self.virgin[c as usize] {
                continue;
            }
            let hit = rule.victims.iter().any(|&(k, m)| k == code_kind(code) && m & (1 << mover) != 0);
            let (x, y) = g.coords(c);
            if hit && (x == tx || y == ty) && i < 2 {
                self.set_virgin(c, false);
                lost[i] = c;
                i += 1;
            }
        }
    }
}

/// The castling and unmoved-state rules of `v` no export format writes yet,
/// in words (the exporters refuse them rather than castle with the corner).
pub fn export_problems(v: &crate::variant::Variant) -> Vec<String> {
    let mut out = Vec::new();
    for (kind, partners) in &v.castling_partners {
        let names: Vec<String> = partners
            .iter()
            .map(|p| match *p {
                Partner::Kind(k) => v.pieces[k as usize].name.clone(),
                Partner::Cell([w, _]) => v.grid.label(w).to_string(),
            })
            .collect();
        out.push(format!(
            "the {} castles with the {} on its castling line, not with the corner piece (not written by this exporter)",
            v.pieces[*kind].name,
            names.join(" or ")
        ));
    }
    if let Some(f) = v.free_castling {
        let names: Vec<&str> =
            (0..v.pieces.len()).filter(|k| f.kings & (1 << k) != 0).map(|k| v.pieces[k].name.as_str()).collect();
        out.push(format!(
            "Chess960 castling by the {} from any cell of its rank (not written by this exporter)",
            names.join(" and ")
        ));
    }
    if let Some(rule) = &v.unmoved_loss {
        for &(k, _) in &rule.victims {
            out.push(format!(
                "the {} loses its first-move rights once an enemy piece lines up with it (not written by this exporter)",
                v.pieces[k as usize].name
            ));
        }
    }
    if v.gating.is_some() {
        out.push(
            "gating: a piece from the hand enters where a piece makes its first move (not written by this exporter)"
                .into(),
        );
    }
    out
}

/// Chess960 start array number `n` (0..=959, Scharnagl's numbering; 518 is
/// the orthodox `RNBQKBNR`): White's first rank from the a-file, as the
/// letters of chess's pieces.
pub fn scharnagl(n: u32) -> Option<String> {
    if n > 959 {
        return None;
    }
    let mut row = [' '; 8];
    let (n, light) = (n / 4, n % 4);
    row[2 * light as usize + 1] = 'B';
    let (n, dark) = (n / 4, n % 4);
    row[2 * dark as usize] = 'B';
    let (n, queen) = (n / 6, n % 6);
    place_nth_free(&mut row, queen as usize, 'Q');
    const KNIGHTS: [(usize, usize); 10] =
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    let (a, b) = KNIGHTS[n as usize];
    // The second knight's index counts the free cells before the first is placed.
    place_nth_free(&mut row, b, 'N');
    place_nth_free(&mut row, a, 'N');
    for piece in ['R', 'K', 'R'] {
        place_nth_free(&mut row, 0, piece);
    }
    Some(row.iter().collect())
}

/// Puts `piece` on the `i`-th empty cell of `row`.
fn place_nth_free(row: &mut [char; 8], i: usize, piece: char) {
    if let Some(c) = row.iter_mut().filter(|c| **c == ' ').nth(i) {
        *c = piece;
    }
}

/// The start position of a Chess960 variant (`castling-960`) with array
/// `n` (Scharnagl's number) on both first ranks: the setup FEN with its
/// first and last ranks replaced. Refused where the variant's setup is not
/// chess's eight pieces on 8 files.
pub fn chess960_fen(v: &crate::variant::Variant, n: u32) -> Result<String, String> {
    let row = scharnagl(n).ok_or_else(|| format!("Chess960 start arrays are numbered 0 to 959, not {n}"))?;
    let fields: Vec<&str> = v.setup_fen.split(' ').collect();
    let ranks: Vec<&str> = fields[0].split('/').collect();
    let sorted = |s: &str| {
        let mut c: Vec<char> = s.to_ascii_uppercase().chars().collect();
        c.sort();
        c
    };
    let chess = sorted("RNBQKBNR");
    let fits = v.free_castling.is_some()
        && ranks.len() == 8
        && sorted(ranks[0]) == chess
        && sorted(ranks[7]) == chess
        && ranks[0].chars().all(|c| c.is_ascii_lowercase())
        && ranks[7].chars().all(|c| c.is_ascii_uppercase());
    if !fits {
        return Err(format!(
            "{} has no Chess960 start arrays (they need `castling-960` and chess's eight pieces on each first rank)",
            v.name
        ));
    }
    let mut out = vec![row.to_ascii_lowercase()];
    out.extend(ranks[1..7].iter().map(|r| r.to_string()));
    out.push(row);
    let rest: Vec<&str> = fields[1..].to_vec();
    Ok(format!("{} {}", out.join("/"), rest.join(" ")))
}
