//! `[pieces.*]`: ids, letters, Betza (White's, Black's, special moves),
//! royalty and capture restrictions.

use std::ops::Range;

use super::super::diagnostics::Diagnostic;
use super::super::spec::{BetzaText, PieceSpec, Spanned, SpecialSpec, VariantSpec};
use super::super::PieceDef;
use crate::betza;
use crate::game::rules::regions::{self, Region};

/// The FEN letters of the defined pieces, in definition order (a piece's
/// kind is its index here), with where each was defined.
pub(super) struct Letters(Vec<(char, Range<usize>)>);

impl Letters {
    /// Whether `c` (either case) is the letter of a defined piece.
    pub fn known(&self, c: char) -> bool {
        self.0.iter().any(|(x, _)| *x == c.to_ascii_uppercase())
    }

    /// The kind of the upper-case letter `c`.
    pub fn kind(&self, c: char) -> Option<u8> {
        self.0.iter().position(|(x, _)| *x == c).map(|k| k as u8)
    }

    /// The kind named by a one-letter upper-case string, or an error at it.
    pub fn kind_of(&self, s: &Spanned<String>, what: &str, d: &mut Vec<Diagnostic>) -> Option<u8> {
        let mut cs = s.value.chars();
        match (cs.next(), cs.next()) {
            (Some(ch), None) if ch.is_ascii_uppercase() && self.known(ch) => self.kind(ch),
            _ => {
                d.push(Diagnostic::error(
                    s.span.clone(),
                    format!("{what} {:?} is not the letter of a defined piece", s.value),
                ));
                None
            }
        }
    }
}

/// Checks every piece. Returns the valid pieces, their letters, and whether
/// all pieces were valid.
pub(super) fn check(
    spec: &VariantSpec,
    polygons: bool,
    regions: &[Region],
    d: &mut Vec<Diagnostic>,
) -> (Vec<PieceDef>, Letters, bool) {
    let mut pieces = Vec::new();
    let mut letters = Letters(Vec::new());
    let mut ok = true;
    for p in &spec.pieces {
        check_id(&p.id, d);
        let letter = check_letter(p, &mut letters, d);
        match (letter, piece(p, polygons, regions, d)) {
            (Some(letter), Some(mut def)) => {
                def.letter = letter;
                pieces.push(def);
            }
            _ => ok = false,
        }
    }
    // Without royals a game needs some other end; an extinction or region
    // goal is one (antichess, extinction chess, breakthrough), and walls,
    // which fill the board until a side cannot move (amazons), are another.
    // Flipping games end by the count of pieces.
    let goal = spec.extinction.is_some() || !spec.goals.is_empty() || spec.walls.is_some() || spec.flipping.is_some();
    if !spec.pieces.is_empty() && !spec.pieces.iter().any(|p| p.royal) && !goal {
        let at = if spec.pieces_span.is_empty() { spec.pieces[0].id.span.clone() } else { spec.pieces_span.clone() };
        d.push(Diagnostic::warning(
            at,
            "no piece is royal: there is no check, checkmate or bare king; the game ends by stalemate (a side without a legal move, valued by `rules.stalemate`), by a capture goal (`capture-wins`) or by the draw rules (an `[extinction]` or `[[goals]]` goal would end it too)",
        ));
    }
    capturable_by(spec, &mut pieces, &letters, d);
    (pieces, letters, ok)
}

/// A piece id is lowercase letters, digits and hyphens.
fn check_id(id: &Spanned<String>, d: &mut Vec<Diagnostic>) {
    if id.value.is_empty() || !id.value.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
        d.push(Diagnostic::error(
            id.span.clone(),
            format!("piece id {:?} must be lowercase letters, digits and hyphens", id.value),
        ));
    }
}

/// One upper-case ASCII letter, not used by an earlier piece.
fn check_letter(p: &PieceSpec, letters: &mut Letters, d: &mut Vec<Diagnostic>) -> Option<char> {
    let l = p.letter.as_ref()?;
    let mut cs = l.value.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) if c.is_ascii_uppercase() => {
            if let Some((_, first)) = letters.0.iter().find(|(x, _)| *x == c) {
                d.push(Diagnostic::error(
                    l.span.clone(),
                    format!("letter {c} is already used by another piece (at byte {})", first.start),
                ));
                None
            } else {
                letters.0.push((c, l.span.clone()));
                Some(c)
            }
        }
        _ => {
            d.push(Diagnostic::error(
                l.span.clone(),
                format!("`letter` must be one upper-case ASCII letter, not {:?}", l.value),
            ));
            None
        }
    }
}

/// The piece's moves checked; the definition (its letter still to be set),
/// or `None` when a Betza string is bad.
fn piece(p: &PieceSpec, polygons: bool, regions: &[Region], d: &mut Vec<Diagnostic>) -> Option<PieceDef> {
    let good = if p.immobile {
        if let Some(b) = &p.betza {
            d.push(Diagnostic::error(b.span.clone(), format!("`{}` is immobile: give no `betza`", p.id.value)));
        }
        true
    } else {
        check_betza(p, &p.betza, "", polygons, d)
    };
    let good_black = p.betza_black.is_none() || check_betza(p, &p.betza_black, " (betza-black)", polygons, d);
    let mut specials = Vec::new();
    let mut special_regions = Vec::new();
    for s in &p.special {
        let region = special_region(s, regions, d);
        if let (true, Some(b)) = (check_betza(p, &s.betza, " (special move)", polygons, d), &s.betza) {
            let name = s.name.as_ref().map_or_else(|| "special move".to_string(), |n| n.value.clone());
            specials.push((name, b.text.clone()));
            special_regions.push(region);
        }
    }
    let confined_to = p.confined_to.as_ref().and_then(|r| regions::find(regions, r, d));
    let move_rule_reset = crate::game::rules::move_rule::read(p.resets_move_rule.as_ref(), p.pawn, d);
    (good && good_black).then(|| PieceDef {
        id: p.id.value.clone(),
        name: p.name.as_ref().map_or_else(|| p.id.value.clone(), |n| n.value.clone()),
        letter: '?',
        betza: p.betza.as_ref().map_or_else(String::new, |b| b.text.clone()),
        betza_black: p.betza_black.as_ref().map(|b| b.text.clone()),
        royal: p.royal,
        pawn: p.pawn,
        image: p.image.as_ref().map(|i| i.value.clone()),
        specials,
        immobile: p.immobile,
        capturable_by: None,
        capture_wins: p.capture_wins.as_ref().map(|c| c.value.clone()),
        special_regions,
        confined_to,
        value: p.value.as_ref().filter(|v| (1..=100_000).contains(&v.value)).map(|v| v.value as i32),
        move_rule_reset,
    })
}

/// The condition of a special move: `None` for "not in check", else the
/// region it needs (`when = "in-region"` with `region`).
fn special_region(s: &SpecialSpec, regions: &[Region], d: &mut Vec<Diagnostic>) -> Option<u8> {
    let when = s.when.as_ref()?;
    match when.value.as_str() {
        "not-in-check" => {
            if let Some(r) = &s.region {
                d.push(Diagnostic::error(r.span.clone(), "`region` goes with `when = \"in-region\"`"));
            }
            None
        }
        "in-region" => match &s.region {
            Some(r) => regions::find(regions, r, d),
            None => {
                d.push(Diagnostic::error(when.span.clone(), "`when = \"in-region\"` needs `region = \"NAME\"`"));
                None
            }
        },
        other => {
            d.push(Diagnostic::error(
                when.span.clone(),
                format!("unknown condition {other:?}; use \"not-in-check\" or \"in-region\""),
            ));
            None
        }
    }
}

/// Parses one Betza string of piece `p`; on a polygon board every path
/// must also fit the board graph. `false` (with errors) when it does not.
fn check_betza(p: &PieceSpec, b: &Option<BetzaText>, what: &str, polygons: bool, d: &mut Vec<Diagnostic>) -> bool {
    let Some(b) = b else { return false };
    match betza::compile_paths(&b.text) {
        Ok(paths) if polygons => {
            let mut ok = true;
            for path in &paths {
                if let Err(msg) = crate::compile::graph::check_path(path) {
                    let span = match b.content_start {
                        Some(s0) => s0 + path.span.start..s0 + path.span.end,
                        None => b.span.clone(),
                    };
                    d.push(Diagnostic::error(span, format!("piece `{}`{what}: {msg}", p.id.value)));
                    ok = false;
                }
            }
            ok
        }
        Ok(_) => true,
        Err(errs) => {
            super::betza_errors(b, errs, d, &format!("in the Betza of `{}`{what}", p.id.value));
            false
        }
    }
}

/// Resolves `capturable-by` letters once all letters are known.
fn capturable_by(spec: &VariantSpec, pieces: &mut [PieceDef], letters: &Letters, d: &mut Vec<Diagnostic>) {
    for p in &spec.pieces {
        if let (Some(list), Some(def)) = (&p.capturable_by, pieces.iter_mut().find(|x| x.id == p.id.value)) {
            let kinds = list.iter().filter_map(|l| letters.kind_of(l, "capturable-by", d)).collect();
            def.capturable_by = Some(kinds);
        }
    }
}
