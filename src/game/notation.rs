//! Coordinate notation: `e2e4`, `a10a11`, promotion `c8c9h` (lower-case
//! letter of the piece), castling as the king's move (`e1g1`) — or, where
//! the king's destination alone is ambiguous (Tigrey: castling and the
//! King's leap both reach d1), as the king moving onto its partner (`g1a1`),
//! a form accepted for every castling. Postings from the hand are `S@e3`
//! (the piece's upper-case letter, for either side).

use super::rules::promotion::NONE;
use super::{code_kind, Move, MoveKind, Position};

/// The coordinate text of `m`; `legal` (the position's legal moves) decides
/// whether a castling needs the king-onto-partner form.
pub fn move_text(pos: &Position<'_>, m: &Move, legal: &[Move]) -> String {
    let v = pos.variant();
    let g = &v.grid;
    if m.kind == MoveKind::Drop {
        // A piece dropped as its promoted form is `+` and its base letter.
        let k = m.promo - 1;
        let base = v.piece_promotion.as_ref().map_or(k, |pp| pp.base[k as usize]);
        let plus = if base != k { "+" } else { "" };
        return format!("{plus}{}@{}", v.pieces[base as usize].letter, g.label(m.to));
    }
    if m.kind == MoveKind::Castle {
        let clash = legal.iter().any(|o| o.kind != MoveKind::Castle && o.from == m.from && o.to == m.to);
        let to = if clash { m.extra } else { m.to };
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
        if m.kind == MoveKind::Castle && format!("{}{}", g.label(m.from), g.label(m.extra)) == text {
            return Some(*m);
        }
    }
    None
}
