//! Teaching XBoard a variant: the `setup` command (board size, holdings,
//! start FEN, the letter-to-piece table) and one `piece` command per piece
//! with its Betza string in the dialect XBoard 4.9.1 reads (castling
//! partners, Shogi-style promotion slots, drops).

use super::*;

/// The `setup` and `piece` commands that teach the GUI a variant.
pub fn setup_lines(v: &Variant) -> Vec<String> {
    let slots = slot_table(v);
    let entry = |s: &Option<usize>, black: bool| {
        let text = s.map_or(".".to_string(), |k| table_entry(v, k));
        if black {
            text.to_ascii_lowercase()
        } else {
            text
        }
    };
    let table: String = slots.iter().map(|s| entry(s, false)).collect();
    let black: String = slots.iter().map(|s| entry(s, true)).collect();
    let holdings = slots.iter().rposition(|s| s.is_some_and(|k| droppable(v, k))).map_or(0, |i| i + 1);
    let mut lines =
        vec![format!("setup ({table}{black}) {}x{}+{holdings}_fairy {}", v.grid.files(), v.grid.ranks(), v.setup_fen)];
    for (k, p) in v.pieces.iter().enumerate() {
        let initial: String = (0..p.specials.len()).filter_map(|i| initial_special(v, k, i)).collect();
        let white = castle_past_corner(xboard_betza(&p.betza), castling_skip(v, k)) + &initial;
        let id = piece_id(v, k);
        match &p.betza_black {
            None => lines.push(format!("piece {id}& {white}")),
            Some(b) => {
                let black = xboard_betza(b) + &initial;
                lines.push(format!("piece {id} {white}"));
                lines.push(format!("piece {} {black}", id.to_ascii_lowercase()));
            }
        }
    }
    lines
}

/// How far White's castling partners of piece `kind` stand in from the
/// end of the rank (or from a hole), when all stand equally far: XBoard
/// 4.9.1 castles by Betza `O` only with the piece at that distance, given
/// by as many `j` before the `O` (moves.c, `skip = jump - 1`), and moves
/// the nearest piece beside the king (backend.c, `ApplyMove`). Gustav III's
/// king castles with the rooks on b1 and i1, one in from the Amazons.
pub(super) fn castling_skip(v: &Variant, kind: usize) -> Option<usize> {
    let start = Position::start(v);
    let code = crate::game::piece_code(kind as u8, crate::game::WHITE);
    let n = v.grid.len();
    let mut skips = (0..n as u16).filter(|&c| start.at(c) == code).flat_map(|c| {
        let (kx, _) = v.grid.coords(c);
        v.tables.castles[kind * 2 * n + c as usize].iter().map(move |r| (kx, r.partner))
    });
    let distance = |(kx, partner): (u32, u16)| {
        let (px, y) = v.grid.coords(partner);
        let step = if px < kx { -1 } else { 1 };
        (1..).take_while(|&d| v.grid.at(px as i32 + step * d, y as i32).is_some()).count()
    };
    let first = distance(skips.next()?);
    skips.all(|r| distance(r) == first).then_some(first)
}

/// `betza` with `skip` times `j` before each castling atom `O`.
pub(super) fn castle_past_corner(betza: String, skip: Option<usize>) -> String {
    match skip {
        Some(k) if k > 0 => betza.replace('O', &format!("{}O", "j".repeat(k))),
        _ => betza,
    }
}

/// The kind a shogi-style promoted piece promoted from, if `kind` is one.
pub(super) fn promoted_from(v: &Variant, kind: usize) -> Option<usize> {
    let pp = v.piece_promotion.as_ref()?;
    let base = *pp.base.get(kind)? as usize;
    (base != kind).then_some(base)
}

/// A piece's entry in the `setup` table: its letter, or for a promoted
/// piece `^` and its base's letter, which pairs the two in XBoard
/// (`SetCharTableEsc`, backend.c): XBoard then shows it as `+X`, reads
/// `+X` in a FEN and accepts a move ending in `+` from `X` only so
/// (moves.c: "'+' outside shogi, check if pieceToCharTable enabled it";
/// without the pairing it dropped the `+` and relayed the move
/// unpromoted, which the other engine refused).
pub(super) fn table_entry(v: &Variant, kind: usize) -> String {
    match promoted_from(v, kind) {
        Some(base) => format!("^{}", v.pieces[base].letter),
        None => v.pieces[kind].letter.to_string(),
    }
}

/// How a `piece` command names a piece: its letter, or `+` and its base's
/// letter for a promoted piece (see [`table_entry`]).
pub(super) fn piece_id(v: &Variant, kind: usize) -> String {
    match promoted_from(v, kind) {
        Some(base) => format!("+{}", v.pieces[base].letter),
        None => v.pieces[kind].letter.to_string(),
    }
}

/// A piece's Betza as XBoard 4.9.1 reads it: the Interactive Diagram's
/// dialect, with a rider written as its atom and the exponent 0 (`N0`):
/// XBoard's parser (`MovesFromString`, moves.c) takes a range only from
/// digits, so a doubled atom (`NN`, the nightrider) would be two knight
/// moves.
pub(super) fn xboard_betza(betza: &str) -> String {
    let id = crate::export::interactive_diagram::id_betza(betza).unwrap_or_else(|_| betza.to_string());
    let mut out = String::with_capacity(id.len());
    let mut chars = id.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c.is_ascii_uppercase() && chars.peek() == Some(&c) {
            chars.next();
            out.push('0');
        }
    }
    out
}

/// Whether pieces of `kind` can be in a hand (posted, dropped from the
/// start hand, or captured into the hand and dropped).
pub(super) fn droppable(v: &Variant, kind: usize) -> bool {
    // A captured piece enters the hand as what it demotes to.
    let captured_in = v.drops.as_ref().is_some_and(|d| {
        d.to_hand && (0..v.pieces.len()).any(|j| !v.pieces[j].royal && d.demote.get(j) == Some(&(kind as u8)))
    });
    captured_in
        || v.deployment.as_ref().is_some_and(|d| d.posts.iter().any(|p| p.kind as usize == kind))
        || v.setup_fen.split_once('[').is_some_and(|(_, h)| {
            h.split(']').next().is_some_and(|h| h.chars().any(|c| c.to_ascii_uppercase() == v.pieces[kind].letter))
        })
}

/// Whether two Betza strings make the same moves (empty strings never match).
pub(super) fn same_moves(a: &str, b: &str) -> bool {
    if a.is_empty() {
        return false;
    }
    match (crate::betza::compile_paths(a), crate::betza::compile_paths(b)) {
        (Ok(x), Ok(y)) => x.len() == y.len() && x.iter().all(|p| y.contains(p)),
        _ => false,
    }
}

/// XBoard's Man type, the last that may promote with `+`.
pub(super) const MAN: usize = 10;

/// Whether `kind` has a shogi-style promoted form (and is not one).
pub(super) fn promotes_shogi_style(v: &Variant, kind: usize) -> bool {
    v.piece_promotion.as_ref().is_some_and(|pp| {
        pp.base.get(kind) == Some(&(kind as u8))
            && pp.to.get(kind).is_some_and(|&t| t != crate::game::rules::promotion::NONE)
    })
}

/// Which of XBoard's 22 piece types each of our kinds becomes: the pawn
/// on XBoard's Pawn (the only type besides the Lance that XBoard lets
/// promote to a chosen piece, and which it treats as a pawn in other ways,
/// e.g. a sideways step to an empty cell as en passant: so no other piece
/// goes there); pieces that can be in hand next (XBoard's holdings hold
/// only the first types), the royal piece on the king, others on the type
/// that moves the same way where free (see [`SLOT_BETZA`]), the rest on
/// the remaining fairy types in order (never the Lance, pawn-like too).
pub(super) fn slot_table(v: &Variant) -> [Option<usize>; 22] {
    let mut slots: [Option<usize>; 22] = [None; 22];
    let mut placed = vec![false; v.pieces.len()];
    if let Some(k) = v.pieces.iter().position(|p| p.pawn && !p.royal) {
        slots[0] = Some(k);
        placed[k] = true;
    }
    let mut next = 1;
    for (k, p) in v.pieces.iter().enumerate() {
        if droppable(v, k) && !p.royal && !placed[k] && next < 21 {
            slots[next] = Some(k);
            placed[k] = true;
            next += 1;
        }
    }
    if let Some(k) = v.pieces.iter().position(|p| p.royal) {
        slots[21] = Some(k);
        placed[k] = true;
    }
    // A piece that promotes shogi-style on a type up to XBoard's Man
    // (`WhiteMan`, the 11th): moves.c refuses a `+` from any later type as
    // "already promoted" (shoshogi's silver, on the Silver type, promoted
    // in Rookery but not in XBoard, which then refused its `g7h7`).
    for (k, p) in v.pieces.iter().enumerate() {
        if placed[k] || !promotes_shogi_style(v, k) {
            continue;
        }
        let letter = b"PNBRQ".iter().position(|&l| l as char == p.letter).unwrap_or(99);
        let same = (next.max(1)..=MAN).find(|&i| slots[i].is_none() && same_moves(SLOT_BETZA[i], &p.betza));
        let order = same.into_iter().chain(std::iter::once(letter)).chain(5..=MAN).chain(1..5);
        if let Some(i) = order.filter(|&i| i >= next.max(1) && i <= MAN).find(|&i| slots[i].is_none()) {
            slots[i] = Some(k);
            placed[k] = true;
        }
    }
    for (k, p) in v.pieces.iter().enumerate() {
        if placed[k] {
            continue;
        }
        if let Some(i) = (next..21).find(|&i| slots[i].is_none() && same_moves(SLOT_BETZA[i], &p.betza)) {
            slots[i] = Some(k);
            placed[k] = true;
        }
    }
    for (k, p) in v.pieces.iter().enumerate() {
        if placed[k] {
            continue;
        }
        // Pawns on the Pawn, else a free type with the piece's usual
        // letter among P N B R Q, else the first free fairy type.
        let letter = b"PNBRQ".iter().position(|&l| l as char == p.letter).unwrap_or(99);
        let free = |i: usize| i >= next.max(1) && i < 21 && i != 18 && slots[i].is_none();
        if let Some(i) = std::iter::once(letter).chain(5..21).chain(1..5).find(|&i| free(i)) {
            slots[i] = Some(k);
            placed[k] = true;
        }
    }
    slots
}
