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
        for ch in field.chars() {
            let side: Side = if ch.is_ascii_uppercase() { 0 } else { 1 };
            let up = ch.to_ascii_uppercase();
            let letter = up != 'K' && up != 'Q';
            // With gating a file letter is a gate only (FSF), never a castling right.
            let mut found = (!letter || self.v.gating.is_none())
                && self.mark_castling(side, |kx, px, file| match up {
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

    /// Marks unmoved every piece of `side` (royal or not) with a castling rule whose
    /// partner (own piece) `wanted(king x, partner x, partner file)` names,
    /// and that partner.
    fn mark_castling(&mut self, side: Side, wanted: impl Fn(u32, u32, String) -> bool) -> bool {
        let v = self.v;
        let n = v.grid.len();
        let mut found = false;
        for c in 0..n {
            let code = self.board[c];
            if code == 0 || code_side(code) != side {
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
