//! `pieces.*.castling-partners`: letters and cells checked into
//! [`Partner`]s (applied to the castling tables by `game::rules::castling`).

use super::super::diagnostics::Diagnostic;
use super::super::spec::VariantSpec;
use super::pieces::Letters;
use crate::board::Grid;
use crate::game::rules::castling::{mirrored, Partner, UnmovedLoss};

/// `unmoved-lost-on-line-with`: per victim kind, the kinds (bit mask) whose
/// arrival on its rank or file takes its unmoved state.
pub(super) fn unmoved_loss(spec: &VariantSpec, letters: &Letters, d: &mut Vec<Diagnostic>) -> Option<UnmovedLoss> {
    let mut victims = Vec::new();
    for (kind, p) in spec.pieces.iter().enumerate() {
        let what = "piece in `unmoved-lost-on-line-with`";
        let mask = p
            .unmoved_lost_on_line_with
            .iter()
            .filter_map(|l| letters.kind_of(l, what, d))
            .fold(0u64, |m, k| m | 1 << k);
        if mask != 0 {
            victims.push((kind as u8, mask));
        }
    }
    (!victims.is_empty()).then(|| UnmovedLoss::new(victims))
}

/// The kinds with `castling-960`; each needs a castling (`O`) move.
pub(super) fn free_kinds(spec: &VariantSpec, d: &mut Vec<Diagnostic>) -> Vec<usize> {
    let mut out = Vec::new();
    for (kind, p) in spec.pieces.iter().enumerate().filter(|(_, p)| p.castling_960) {
        if p.betza.as_ref().is_some_and(|b| b.text.contains('O')) {
            out.push(kind);
        } else {
            let msg = format!("`castling-960` on piece `{}`, whose Betza has no castling (`O`) move", p.id.value);
            d.push(Diagnostic::error(p.id.span.clone(), msg));
        }
    }
    out
}

/// Per kind that names them, its castling partners.
pub(super) fn check(
    spec: &VariantSpec,
    grid: Option<&Grid>,
    letters: &Letters,
    d: &mut Vec<Diagnostic>,
) -> Vec<(usize, Vec<Partner>)> {
    let mut out = Vec::new();
    for (kind, p) in spec.pieces.iter().enumerate() {
        if p.castling_partners.is_empty() {
            continue;
        }
        let mut partners = Vec::new();
        for s in &p.castling_partners {
            let is_letter = s.value.len() == 1 && s.value.chars().all(|c| c.is_ascii_uppercase());
            if is_letter {
                partners.extend(letters.kind_of(s, "castling partner", d).map(Partner::Kind));
                continue;
            }
            let Some(g) = grid else { continue };
            match g.parse(&s.value).and_then(|w| Some([w, mirrored(g, w)?])) {
                Some(cells) => partners.push(Partner::Cell(cells)),
                None => d.push(Diagnostic::error(
                    s.span.clone(),
                    format!("castling partner {:?} is neither a piece letter nor a cell of the board", s.value),
                )),
            }
        }
        out.push((kind, partners));
    }
    out
}
