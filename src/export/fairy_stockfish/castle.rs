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
    if let Some(rule) = v.unmoved_loss.as_ref().filter(|_| cambodian(v).is_none()) {
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
            // A side whose king has no castling move (Empire's White, by
            // its own Betza) is left to `mirrored_for_other_side`.
            1 if castle_rules(v, k, side, cells[0] as Cell).is_empty() => continue,
            1 => return Ok((cells[0] as Cell, side)),
            n => {
                return Err(format!(
                    "castling by the {} of which a side starts with {n} (FSF would need castlingKingFile to tell them apart; not written)",
                    v.pieces[k].name
                ))
            }
        }
    }
    dropped_cell(v, k).map(|c| (c, 0)).ok_or(format!(
        "castling by the {}, which is neither in the setup nor dropped onto one cell where it may castle",
        v.pieces[k].name
    ))
}

/// Cells where a dropped piece of kind `k` (White's) counts as unmoved
/// (`[[drops.unmoved]]`, Placement Chess).
fn dropped_unmoved(v: &Variant, k: usize) -> Vec<Cell> {
    let Some(d) = &v.drops else { return Vec::new() };
    let at = k * 2 * d.words;
    (0..v.grid.len() as Cell).filter(|&c| d.virgin[at + c as usize / 64] & (1 << (c % 64)) != 0).collect()
}

/// The one cell where a dropped castling piece of kind `k` may castle.
fn dropped_cell(v: &Variant, k: usize) -> Option<Cell> {
    let n = v.grid.len();
    let cells: Vec<Cell> =
        dropped_unmoved(v, k).into_iter().filter(|&c| !v.tables.castles[k * 2 * n + c as usize].is_empty()).collect();
    (cells.len() == 1).then(|| cells[0])
}

/// The kind of the castling partner on `c`: the setup's, or the one kind
/// whose dropped pieces count as unmoved there (Placement Chess).
fn partner_kind(v: &Variant, pl: &Placement, c: Cell) -> Option<usize> {
    if let Some((k, _)) = pl.cells[c as usize] {
        return Some(k as usize);
    }
    let kinds: Vec<usize> = (0..v.pieces.len()).filter(|&k| dropped_unmoved(v, k).contains(&c)).collect();
    (kinds.len() == 1).then(|| kinds[0])
}

/// FSF's `castlingDroppedPiece`: a king dropped on `castlingKingFile` and a
/// partner dropped on its file of the castling rank may castle. Exact when
/// our dropped-unmoved cells are those and no others.
fn dropped_lines(v: &Variant, k: usize, king: Cell, partners: [Cell; 2], kind: usize) -> Result<Vec<String>, String> {
    let (king_cells, mut partner_cells) = (dropped_unmoved(v, k), dropped_unmoved(v, kind));
    partner_cells.sort();
    let mut want = partners.to_vec();
    want.sort();
    if king_cells.is_empty() && partner_cells.is_empty() {
        return Ok(Vec::new());
    }
    if king_cells != [king] || partner_cells != want {
        return Err("dropped pieces that count as unmoved on other cells than the castling king's and partners' (FSF's castlingDroppedPiece)".into());
    }
    Ok(vec!["castlingDroppedPiece = true".into(), format!("castlingKingFile = {}", file_label(v.grid.coords(king).0))])
}

/// The compiled castling moves of kind `k` of `side` from `at`.
fn castle_rules(v: &Variant, k: usize, side: u8, at: Cell) -> &[crate::compile::CastleRule] {
    &v.tables.castles[(k * 2 + side as usize) * v.grid.len() + at as usize]
}

/// The options for castling by kind `k`.
fn castling_of(v: &Variant, pl: &Placement, keys: &[String], k: usize) -> Result<Vec<String>, String> {
    let g = &v.grid;
    let (king, side) = king_cell(v, pl, k)?;
    let (kx, ky) = g.coords(king);
    // Chess960 castling: the setup's rules are those with the partners
    // standing in the setup (FSF's `chess960` finds the others itself).
    let free = v.free_castling.is_some();
    let set_up = |r: &&crate::compile::CastleRule| match v.free_castling {
        Some(f) => partner_kind(v, pl, r.partner).is_some_and(|pk| f.partners & (1 << pk) != 0),
        None => true,
    };
    let rules: Vec<_> = castle_rules(v, k, side, king).iter().filter(set_up).collect();
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
    mirrored_for_other_side(v, pl, king, side, [short.partner, long.partner])?;
    let mut out = vec!["castling = true".to_string()];
    if free {
        out.push("chess960 = true".into());
    }
    out.push(format!("castlingKingsideFile = {}", file_label(g.coords(short.king_to).0)));
    out.push(format!("castlingQueensideFile = {}", file_label(g.coords(long.king_to).0)));
    if rank != 0 {
        out.push(format!("castlingRank = {}", rank + 1));
    }
    if keys[k] != "king" {
        out.push(format!("castlingKingPiece = {}", v.pieces[k].letter.to_ascii_lowercase()));
    }
    out.extend(partner_lines(v, pl, keys, short.partner, long.partner)?);
    let kind = partner_kind(v, pl, short.partner).ok_or("castling with a partner missing from the setup")?;
    out.extend(dropped_lines(v, k, king, [short.partner, long.partner], kind)?);
    Ok(out)
}

/// `castlingRookPieces` and the partners' files when they are not in the
/// corners (FSF finds its castling rook there by default).
fn partner_lines(v: &Variant, pl: &Placement, keys: &[String], short: Cell, long: Cell) -> Result<Vec<String>, String> {
    let g = &v.grid;
    let (Some(a), Some(b)) = (partner_kind(v, pl, short), partner_kind(v, pl, long)) else {
        return Err("castling with a partner missing from the setup".into());
    };
    let mut out = Vec::new();
    // Partners of two kinds (Perfect Chess's rook and chancellor) are both
    // FSF's castlingRookPieces: a castling right belongs to its partner's
    // cell and goes when anything leaves or is taken there (FSF's
    // castlingRightsMask), so neither kind can castle on the other's side.
    let letter = |k: usize| v.pieces[k].letter.to_ascii_lowercase();
    if a != b {
        out.push(format!("castlingRookPieces = {}{}", letter(a), letter(b)));
    } else if keys[a] != "rook" {
        out.push(format!("castlingRookPieces = {}", letter(a)));
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
    // The other side never castles when the setup's castling field gives
    // it no right (Spartan's Black: `KQ`).
    let theirs = |c: char| if other == 0 { c.is_ascii_uppercase() } else { c.is_ascii_lowercase() };
    if !pl.castling.chars().any(theirs) {
        return Ok(());
    }
    let k = pl.cells[king as usize].map(|(k, _)| k as usize);
    if k.zip(flip(king)).is_some_and(|(k, m)| castle_rules(v, k, other, m).is_empty()) {
        return Err(
            "castling rights in the setup for a side whose king has no castling move (FSF castles by the rights)"
                .into(),
        );
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

/// FSF's `cambodianMoves` (with `gating`), Ouk Chatrang's first moves: the
/// king's knight leap to the rank in front (quiet, not out of check), the
/// fers's double step forward (quiet), both only from a gate (an unmoved
/// piece of the FEN's castling field), and the king's right lost when an
/// enemy rook moves onto its rank or file (`movegen.cpp`/`position.cpp`).
/// Ours when the definition is exactly that: the royal `K` with the one
/// special move `imfsN` (not in check), one kind `F` plus `imfD`, and the
/// king's unmoved state lost to the rook's line. Returns (king, met) kinds.
pub(super) fn cambodian(v: &Variant) -> Option<(usize, usize)> {
    let rule = v.unmoved_loss.as_ref()?;
    let [(king, movers)] = rule.victims() else { return None };
    let king = *king as usize;
    let p = &v.pieces[king];
    let rooks: Vec<usize> = (0..v.pieces.len()).filter(|&k| super::same_moves(&v.pieces[k].betza, "R")).collect();
    let leap = matches!(p.specials.as_slice(), [(_, b)] if super::same_moves(b, "imfsN"));
    if !p.royal || !super::same_moves(&p.betza, "K") || !leap || p.special_regions != [None] {
        return None;
    }
    if rooks.len() != 1 || *movers != 1 << rooks[0] {
        return None;
    }
    let mets: Vec<usize> = (0..v.pieces.len()).filter(|&k| super::same_moves(&v.pieces[k].betza, "FimfD")).collect();
    let others_plain = v.pieces.iter().enumerate().all(|(k, q)| k == king || q.specials.is_empty());
    match mets.as_slice() {
        [m] if others_plain => Some((king, *m)),
        _ => None,
    }
}
