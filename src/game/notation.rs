//! Coordinate notation: `e2e4`, `a10a11`, promotion `c8c9h` (lower-case
//! letter of the piece), castling as the king's move (`e1g1`) — or, where
//! the king's destination alone is ambiguous (Tigrey: castling and the
//! King's leap both reach d1), as the king moving onto its partner (`g1a1`),
//! a form accepted for every castling. Chess960 castling (`castling-960`)
//! is always written king-onto-partner (`e1h1`), as Fairy-Stockfish writes
//! it; the king's destination is accepted where no other move has it and
//! the king moves. Postings from the hand are `S@e3`
//! (the piece's upper-case letter, for either side). Gating adds the
//! entering piece's lower-case letter (`b1c3h`; castling `e1g1h`, or `h1e1h`
//! when it enters on the partner's start), as Fairy-Stockfish writes it.
//! With walls, the move is followed by a comma, its destination as written
//! and the walled cell (`e2e4,e4d5`: the duck to d5), as FSF writes it.

use super::rules::promotion::NONE;
use super::{code_kind, Move, MoveKind, Position};

/// The coordinate text of `m`; `legal` (the position's legal moves) decides
/// whether a castling needs the king-onto-partner form.
pub fn move_text(pos: &Position<'_>, m: &Move, legal: &[Move]) -> String {
    let v = pos.variant();
    let g = &v.grid;
    if let Some(wall) = crate::game::rules::walls::wall_of(v, m) {
        let king = pos.at(m.from);
        let base = Move { extra2: crate::game::rules::walls::partner_to(v, king, *m), ..*m };
        let text = plain_text(pos, &base, legal);
        let clash = m.kind == MoveKind::Castle && castle_clash(m, legal);
        let to = if clash { m.extra } else { m.to };
        return format!("{text},{}{}", g.label(to), g.label(wall));
    }
    plain_text(pos, m, legal)
}

/// Whether a castling's king destination is also an ordinary move's, so
/// that it is written as the king moving onto its partner.
fn castle_clash(m: &Move, legal: &[Move]) -> bool {
    legal.iter().any(|o| o.kind != MoveKind::Castle && o.from == m.from && o.to == m.to)
}

/// The coordinate text of `m` without a wall.
fn plain_text(pos: &Position<'_>, m: &Move, legal: &[Move]) -> String {
    let v = pos.variant();
    let g = &v.grid;
    if m.kind == MoveKind::Drop {
        // A piece dropped as its promoted form is `+` and its base letter.
        let k = m.promo - 1;
        let base = v.piece_promotion.as_ref().map_or(k, |pp| pp.base[k as usize]);
        let plus = if base != k { "+" } else { "" };
        return format!("{plus}{}@{}", v.pieces[base as usize].letter, g.label(m.to));
    }
    if let Some((kind, at)) = crate::game::rules::gating::gate(m) {
        // Gating as Fairy-Stockfish writes it: the move and the lower-case
        // letter of the piece entering on its start (`b1c3h`, `e1g1h`); when
        // castling gates on the partner's start, the partner onto the king (`h1e1h`).
        let base = Move { kind: if m.kind == MoveKind::Gate { MoveKind::Normal } else { m.kind }, promo: 0, ..*m };
        let text = if at == m.from || m.kind == MoveKind::Gate {
            plain_text(pos, &base, legal)
        } else {
            format!("{}{}", g.label(m.extra), g.label(m.from))
        };
        return format!("{text}{}", v.pieces[kind as usize].letter.to_ascii_lowercase());
    }
    if m.kind == MoveKind::Castle {
        let to = if v.free_castling.is_some() || castle_clash(m, legal) { m.extra } else { m.to };
        return format!("{}{}", g.label(m.from), g.label(to));
    }
    let mut s = format!("{}{}", g.label(m.from), g.label(m.to));
    if m.promo != 0 {
        // Shogi-style promotion (`promotes-to`) is written `+`.
        let mover = pos.at(m.from);
        let pp = v.piece_promotion.as_ref().filter(|_| mover != 0);
        let to = pp.map(|pp| pp.to[code_kind(mover) as usize]);
        let base = pp.map_or(NONE, |pp| pp.base[code_kind(mover) as usize]);
        if base == m.promo - 1 && base != code_kind(mover) {
            // A promoted piece turning back (kyoto shogi), as FSF writes it.
            s.push('-');
        } else if to == Some(m.promo - 1) {
            s.push('+');
        } else {
            s.push(v.pieces[m.promo as usize - 1].letter.to_ascii_lowercase());
        }
    }
    s
}

/// Finds the legal move written `text`.
pub fn parse_move(pos: &Position<'_>, text: &str, legal: &[Move]) -> Option<Move> {
    let g = &pos.variant().grid;
    // Accept the posting letter in either case (`s@e6` for Black).
    let text = match text.split_once('@') {
        Some((l, c)) => format!("{}@{c}", l.to_ascii_uppercase()),
        None => text.to_string(),
    };
    let text = text.as_str();
    for m in legal {
        if move_text(pos, m, legal) == text {
            return Some(*m);
        }
        if m.kind == MoveKind::Castle && m.promo == 0 {
            // The king onto its partner, with its wall if there is one.
            let mut alt = format!("{}{}", g.label(m.from), g.label(m.extra));
            if let Some(wall) = crate::game::rules::walls::wall_of(pos.variant(), m) {
                alt = format!("{alt},{}{}", g.label(m.extra), g.label(wall));
            }
            if alt == text {
                return Some(*m);
            }
            // Chess960: the king's destination, where it says one move.
            let plain = pos.variant().free_castling.is_some() && m.from != m.to && !castle_clash(m, legal);
            if plain && format!("{}{}", g.label(m.from), g.label(m.to)) == text {
                return Some(*m);
            }
        }
    }
    None
}
