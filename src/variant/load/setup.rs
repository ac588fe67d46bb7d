//! `[setup]`: a FEN, or square lists (with symmetry, side and castling)
//! that become one.

use std::ops::Range;

use super::super::diagnostics::Diagnostic;
use super::super::spec::VariantSpec;
use super::pieces::Letters;
use crate::board::Grid;

/// Checks the setup. Returns the FEN built from `setup.pieces` when the
/// setup is given that way (a given `fen` is used as it is).
pub(super) fn check(
    spec: &VariantSpec,
    grid: Option<&Grid>,
    letters: &Letters,
    d: &mut Vec<Diagnostic>,
) -> Option<String> {
    let listed_fen = match (&spec.fen, grid) {
        (None, Some(g)) if !spec.setup_pieces.is_empty() => setup_from_lists(spec, g, letters, d),
        (Some(f), _) if !spec.setup_pieces.is_empty() => {
            d.push(Diagnostic::error(f.span.clone(), "give the setup either as `fen` or as `pieces`, not both"));
            None
        }
        _ => None,
    };
    if let (Some(fen), Some(g)) = (&spec.fen, grid) {
        let lookup = |c: char| letters.kind(c.to_ascii_uppercase());
        // `+X` stands for the piece X promotes to (shogi style).
        let plus = |k: u8| spec.pieces.get(k as usize).and_then(|p| p.promotes_to.as_ref()).map(|_| k);
        if let Err(errs) = crate::game::fen::parse_placement_with(g, &lookup, &plus, &fen.value) {
            let base = super::text_offset(fen, fen.value.len());
            for (r, msg) in errs {
                let span = base.map_or(fen.span.clone(), |b| b + r.start..b + r.end);
                d.push(Diagnostic::error(span, format!("setup FEN: {msg}")));
            }
        }
    }
    listed_fen
}

/// Turns `setup.pieces` (+ symmetry, side, castling) into a FEN, reporting
/// bad letters and squares at their place in the file.
fn setup_from_lists(spec: &VariantSpec, g: &Grid, letters: &Letters, d: &mut Vec<Diagnostic>) -> Option<String> {
    let mut board: Vec<Option<char>> = vec![None; g.len()];
    let symmetry = spec.symmetry.as_ref().map_or("mirror", |s| s.value.as_str());
    let mut ok = true;
    if !["mirror", "rotate", "none"].contains(&symmetry) {
        let s = spec.symmetry.as_ref().expect("given");
        d.push(Diagnostic::error(
            s.span.clone(),
            format!("`setup.symmetry` is {symmetry:?}; use \"mirror\", \"rotate\" or \"none\""),
        ));
        ok = false;
    }
    ok &= place_lists(spec, g, letters, symmetry, &mut board, d);
    if !ok {
        return None;
    }
    let placement = crate::game::fen::write_placement(g, &|c| board[c as usize]);
    let placement = format!("{placement}{}", deployment_hands(spec));
    let side = match spec.setup_side.as_ref().map(|s| s.value.as_str()) {
        None | Some("white") => 'w',
        Some("black") => 'b',
        Some(other) => {
            d.push(Diagnostic::error(
                spec.setup_side.as_ref().expect("given").span.clone(),
                format!("`setup.side` is {other:?}"),
            ));
            return None;
        }
    };
    let castling = spec.setup_castling.as_ref().map_or("-".to_string(), |c| c.value.clone());
    Some(format!("{placement} {side} {castling} - 0 1"))
}

/// Places the listed pieces on `board` (and, without black lists, their
/// mirrored or rotated black counterparts). `false` after any error.
fn place_lists(
    spec: &VariantSpec,
    g: &Grid,
    letters: &Letters,
    symmetry: &str,
    board: &mut [Option<char>],
    d: &mut Vec<Diagnostic>,
) -> bool {
    let mut ok = true;
    let has_black = spec.setup_pieces.iter().any(|(l, _)| l.value.chars().all(|c| c.is_ascii_lowercase()));
    let mut place = |c: u16, ch: char, span: &Range<usize>, d: &mut Vec<Diagnostic>| {
        if let Some(other) = board[c as usize] {
            d.push(Diagnostic::error(span.clone(), format!("{} is taken twice ({other} and {ch})", g.label(c))));
            return false;
        }
        board[c as usize] = Some(ch);
        true
    };
    for (letter, squares) in &spec.setup_pieces {
        let mut cs = letter.value.chars();
        let ch = match (cs.next(), cs.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() && letters.known(c) => c,
            _ => {
                d.push(Diagnostic::error(
                    letter.span.clone(),
                    format!("{:?} is not the letter of a defined piece", letter.value),
                ));
                ok = false;
                continue;
            }
        };
        for sq in squares {
            let Some(c) = g.parse(&sq.value) else {
                d.push(Diagnostic::error(sq.span.clone(), format!("{:?} is not a cell of the board", sq.value)));
                ok = false;
                continue;
            };
            ok &= place(c, ch, &sq.span, d);
            if ch.is_ascii_uppercase() && !has_black && symmetry != "none" && g.graph().is_none() {
                let (x, y) = g.coords(c);
                let (bx, by) =
                    if symmetry == "rotate" { (g.files() - 1 - x, g.ranks() - 1 - y) } else { (x, g.ranks() - 1 - y) };
                match g.at(bx as i32, by as i32) {
                    Some(bc) => ok &= place(bc, ch.to_ascii_lowercase(), &sq.span, d),
                    None => {
                        d.push(Diagnostic::error(
                            sq.span.clone(),
                            format!("Black's counterpart of {} is a hole", sq.value),
                        ));
                        ok = false;
                    }
                }
            }
        }
    }
    ok
}

/// A deployment phase starts with the declared hands: `[…]` after the
/// placement, or nothing without a deployment.
fn deployment_hands(spec: &VariantSpec) -> String {
    let Some(dep) = &spec.deployment else { return String::new() };
    let mut hand = [String::new(), String::new()];
    for p in &dep.posts {
        if let (Some(l), Some(c)) = (&p.piece, &p.count) {
            for _ in 0..c.value.clamp(0, 64) {
                hand[0].push_str(&l.value.to_ascii_uppercase());
                hand[1].push_str(&l.value.to_ascii_lowercase());
            }
        }
    }
    format!("[{}{}]", hand[0], hand[1])
}

/// A side without a royal piece in the setup (on the board or in hand)
/// cannot be checkmated or bared: worth a warning when the variant has
/// royal pieces at all (without any, the pieces section warns).
pub(super) fn royal_warnings(
    setup: &crate::game::fen::Placement,
    pieces: &[super::super::PieceDef],
    span: &Range<usize>,
    d: &mut Vec<Diagnostic>,
) {
    if !pieces.iter().any(|p| p.royal) {
        return;
    }
    let royal = |&(k, _): &(u8, u8)| pieces.get(k as usize).is_some_and(|p| p.royal);
    for (side, name) in [(0u8, "White"), (1, "Black")] {
        let on_board = setup.cells.iter().flatten().any(|x| x.1 == side && royal(x));
        let in_hand = setup.hand.iter().any(|x| x.1 == side && royal(x));
        if !on_board && !in_hand {
            d.push(Diagnostic::warning(
                span.clone(),
                format!(
                    "setup: {name} has no royal piece, so it can never be checkmated or bared; \
                     against {name} the game ends only by stalemate, a capture goal or the draw rules"
                ),
            ));
        }
    }
}
