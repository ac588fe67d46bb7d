//! Castling and gating as Fairy-Stockfish options. FSF castles one piece
//! type (`castlingKingPiece`, the king by default) with a partner type
//! (`castlingRookPieces`) on one relative rank (`castlingRank`); the king
//! lands on `castlingKingsideFile` / `castlingQueensideFile`, the partner
//! next to it on the inner side, and the partner is found from
//! `castlingRookKingsideFile` / `castlingRookQueensideFile` (the corners by
//! default). S-Chess gating is `gating` with `seirawanGating`: a piece in
//! hand may enter on a first-rank square that a piece leaves on its first
//! move. [`castle_lines`] reads our compiled castling rules (king and
//! partner cells of the setup) and writes those options only when they give
//! the same castling moves; otherwise it says why not.

use crate::board::{file_label, Cell};
use crate::game::fen::Placement;
use crate::variant::Variant;

/// The kinds that have castling moves (a compiled castling rule somewhere).
fn castlers(v: &Variant) -> Vec<usize> {
    let n = v.grid.len();
    (0..v.pieces.len()).filter(|&k| (0..2 * n).any(|i| !v.tables.castles[k * 2 * n + i].is_empty())).collect()
}

/// The kind that castles, if any (for the Betza checks: its `O` is written
/// as FSF's castling, not refused).
pub(super) fn castling_kind(v: &Variant) -> Option<usize> {
    castlers(v).first().copied()
}

/// The castling options for `v` (`castling = false` without castling).
/// `keys`: FSF's key per kind (`king`, `commoner`, `rook`, …).
pub(super) fn castle_lines(v: &Variant, pl: &Placement, keys: &[String], problems: &mut Vec<String>) -> Vec<String> {
    if let Some(rule) = &v.unmoved_loss {
        for name in rule.victim_names(v) {
            problems.push(format!(
                "the {name} loses its first-move rights once an enemy piece lines up with it (FSF has this only inside its Cambodian rules, `cambodianMoves`, for the king's leap and the met's double step)"
            ));
        }
    }
    let kinds = castlers(v);
    let k = match kinds.as_slice() {
        [] => return vec!["castling = false".into()],
        [k] => *k,
        ks => {
            problems.push(format!("{} piece kinds castle (FSF castles one castlingKingPiece type)", ks.len()));
            return Vec::new();
        }
    };
    match castling_of(v, pl, keys, k) {
        Ok(lines) => lines,
        Err(e) => {
            problems.push(e);
            Vec::new()
        }
    }
}

/// The king's setup cell of the side whose castling is written (White's, or
/// Black's when White has none, as in Horde) and that side.
fn king_cell(v: &Variant, pl: &Placement, k: usize) -> Result<(Cell, u8), String> {
    for side in 0..2u8 {
        let cells: Vec<usize> = (0..pl.cells.len()).filter(|&c| pl.cells[c] == Some((k as u8, side))).collect();
        match cells.len() {
            0 => continue,
            1 => return Ok((cells[0] as Cell, side)),
            n => {
                return Err(format!(
                    "castling by the {} of which a side starts with {n} (FSF would need castlingKingFile to tell them apart; not written)",
                    v.pieces[k].name
                ))
            }
        }
    }
    Err(format!("castling by the {}, which is not in the setup", v.pieces[k].name))
}

/// The options for castling by kind `k`.
fn castling_of(v: &Variant, pl: &Placement, keys: &[String], k: usize) -> Result<Vec<String>, String> {
    let g = &v.grid;
    let n = g.len();
    let (king, side) = king_cell(v, pl, k)?;
    let (kx, ky) = g.coords(king);
    let rules = &v.tables.castles[(k * 2 + side as usize) * n + king as usize];
    let side_of = |c: Cell| g.coords(c).0 > kx;
    let short = rules.iter().find(|r| side_of(r.partner)).ok_or("castling to the queenside only")?;
    let long = rules.iter().find(|r| !side_of(r.partner)).ok_or("castling to the kingside only")?;
    if rules.len() != 2 {
        return Err(format!("{} castling moves from one cell (FSF has one each way)", rules.len()));
    }
    let rank = if side == 0 { ky } else { g.ranks() - 1 - ky };
    for r in [short, long] {
        let (px, py) = g.coords(r.partner);
        let (tx, _) = g.coords(r.partner_to);
        let (kt, _) = g.coords(r.king_to);
        let inner = if px > kx { kt as i64 - 1 } else { kt as i64 + 1 };
        if py != ky || tx as i64 != inner {
            return Err("castling in which the partner does not land next to the king on the inner side".into());
        }
        let (lo, hi) = (px.min(kx), px.max(kx));
        if (lo..=hi).any(|x| g.is_hole(x, ky)) {
            return Err("castling across a hole".into());
        }
    }
    mirrored_for_other_side(v, pl, k, king, side, [short.partner, long.partner])?;
    let mut out = vec!["castling = true".to_string()];
    out.push(format!("castlingKingsideFile = {}", file_label(g.coords(short.king_to).0)));
    out.push(format!("castlingQueensideFile = {}", file_label(g.coords(long.king_to).0)));
    if rank != 0 {
        out.push(format!("castlingRank = {}", rank + 1));
    }
    if keys[k] != "king" {
        out.push(format!("castlingKingPiece = {}", v.pieces[k].letter.to_ascii_lowercase()));
    }
    out.extend(partner_lines(v, pl, keys, short.partner, long.partner)?);
    Ok(out)
}

/// `castlingRookPieces` and the partners' files when they are not in the
/// corners (FSF finds its castling rook there by default).
fn partner_lines(v: &Variant, pl: &Placement, keys: &[String], short: Cell, long: Cell) -> Result<Vec<String>, String> {
    let g = &v.grid;
    let kind = |c: Cell| pl.cells[c as usize].map(|(kk, _)| kk as usize);
    let (Some(a), Some(b)) = (kind(short), kind(long)) else {
        return Err("castling with a partner missing from the setup".into());
    };
    let mut out = Vec::new();
    if a != b {
        return Err(format!(
            "castling partners of different kinds ({} and {}); FSF's castlingRookPieces would let either castle on both sides",
            v.pieces[a].name, v.pieces[b].name
        ));
    }
    if keys[a] != "rook" {
        out.push(format!("castlingRookPieces = {}", v.pieces[a].letter.to_ascii_lowercase()));
    }
    let (sx, lx) = (g.coords(short).0, g.coords(long).0);
    if sx != g.files() - 1 {
        out.push(format!("castlingRookKingsideFile = {}", file_label(sx)));
    }
    if lx != 0 {
        out.push(format!("castlingRookQueensideFile = {}", file_label(lx)));
    }
    Ok(out)
}

/// FSF castles both sides on the same files of their own relative rank:
/// the other side's king and partners (if it has a king) must stand
/// mirrored across the middle rank.
fn mirrored_for_other_side(
    v: &Variant,
    pl: &Placement,
    k: usize,
    king: Cell,
    side: u8,
    partners: [Cell; 2],
) -> Result<(), String> {
    let g = &v.grid;
    let other = side ^ 1;
    let flip = |c: Cell| {
        let (x, y) = g.coords(c);
        g.at(x as i32, (g.ranks() - 1 - y) as i32)
    };
    if !pl.cells.contains(&Some((k as u8, other))) {
        return Ok(());
    }
    let same =
        |c: Cell| flip(c).is_some_and(|m| pl.cells[m as usize] == pl.cells[c as usize].map(|(kk, _)| (kk, other)));
    if !same(king) || !partners.iter().all(|&p| same(p)) {
        return Err(
            "castling pieces of the two sides that do not stand mirrored (FSF castles both on the same files)".into()
        );
    }
    Ok(())
}

/// S-Chess gating: FSF's `gating` with `seirawanGating`, whose gates are
/// the whole first rank of each side.
pub(super) fn gating_lines(v: &Variant, problems: &mut Vec<String>) -> Vec<String> {
    let Some(gates) = &v.gating else { return Vec::new() };
    let g = &v.grid;
    for side in 0..2u8 {
        let first = if side == 0 { 0 } else { g.ranks() - 1 };
        if (0..g.len() as Cell).any(|c| gates.is_gate(side, c) != (g.coords(c).1 == first)) {
            problems
                .push("gating on other cells than the whole first rank (FSF's S-Chess gating is the back rank)".into());
            return Vec::new();
        }
    }
    vec!["gating = true".into(), "seirawanGating = true".into()]
}
