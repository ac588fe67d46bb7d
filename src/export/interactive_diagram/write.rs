//! The description of a variant, in named steps: the rule keys, the piece
//! items, the holes, then the `rookery…=` lines for a faithful import.

use std::fmt::Write as _;

use super::chains::id_betza;
use super::refusals::{problems, shatranj_baring, standard_promotion};
use super::{GRAPHICS_DIR, IMMOBILE_BETZA};
use crate::board::square_label;
use crate::export::{alfaerie_image, listing_order, setup_placement, squares_of, ExportError, Format};
use crate::variant::{EndValue, Variant};

/// The description of `v`. Fails, listing every reason, for what the ID
/// cannot show (see `refusals.rs`).
pub fn export(v: &Variant) -> Result<String, ExportError> {
    if let Some(e) = crate::export::graph_board(v, Format::InteractiveDiagram) {
        return Err(e);
    }
    let problems = problems(v);
    if !problems.is_empty() {
        return Err(ExportError { format: Format::InteractiveDiagram, variant: v.name.clone(), problems });
    }
    let mut out = String::new();
    write_rule_keys(v, &mut out);
    let order = listing_order(v);
    write_royal(v, &order, &mut out);
    write_pieces(v, &order, &mut out);
    write_holes(v, &mut out);
    write_rookery_lines(v, &mut out);
    Ok(out)
}

/// Our stalemate value (for the stalemated side) as the ID's `stalemate=`
/// (for the side that delivers it).
fn stalemate_key(e: EndValue) -> &'static str {
    match e {
        EndValue::Loss => "win",
        EndValue::Draw => "draw",
        EndValue::Win => "loss",
    }
}

/// Board size, promotion, graphics, stalemate and baring.
fn write_rule_keys(v: &Variant, out: &mut String) {
    let g = &v.grid;
    let _ = writeln!(out, "files={}", g.files());
    let _ = writeln!(out, "ranks={}", g.ranks());
    // `problems` refused anything but the standard promotion.
    let (zone, choice) = standard_promotion(v).unwrap_or_default();
    let _ = writeln!(out, "promoZone={zone}");
    if !choice.is_empty() {
        let _ = writeln!(out, "promoChoice={choice}");
    }
    let _ = writeln!(out, "graphicsDir={GRAPHICS_DIR}");
    let _ = writeln!(out, "squareSize=50");
    let _ = writeln!(out, "graphicsType=png");
    let _ = writeln!(out, "stalemate={}", stalemate_key(v.rules.stalemate));
    if v.rules.bare_king || shatranj_baring(v) {
        let _ = writeln!(out, "baring=0");
    }
}

/// `royal=` takes the royal piece's number in the piece list (the ID
/// documentation's `royal=8`); a letter is read with parseInt as no piece
/// at all. The list is written in `listing_order`, holes after it, so the
/// number does not depend on whether the ID counts `hole`.
fn write_royal(v: &Variant, order: &[usize], out: &mut String) {
    if let Some(n) = order.iter().position(|&k| v.pieces[k].royal) {
        let _ = writeln!(out, "royal={}", n + 1);
    }
}

/// One `name:ID:XBetza:image:white,,black` item per piece.
fn write_pieces(v: &Variant, order: &[usize], out: &mut String) {
    let pl = setup_placement(v);
    for &k in order {
        let p = &v.pieces[k];
        let image = alfaerie_image(v, k).map_or_else(|| p.id.clone(), |(i, _)| i);
        let w = squares_of(v, &pl, k as u8, 0);
        let b = squares_of(v, &pl, k as u8, 1);
        let squares =
            if w.is_empty() && b.is_empty() { String::new() } else { format!("{},,{}", w.join(","), b.join(",")) };
        let betza = if p.immobile { IMMOBILE_BETZA.to_string() } else { id_betza(&p.betza).unwrap_or_default() };
        let _ = writeln!(out, "{}:{}:{}:{}:{}", p.name.replace(':', " "), p.letter, betza, image, squares);
    }
}

/// The `hole::::squares` item, after the pieces.
fn write_holes(v: &Variant, out: &mut String) {
    let holes: Vec<String> = crate::export::holes(v).into_iter().map(|(x, y)| square_label(x, y)).collect();
    if !holes.is_empty() {
        let _ = writeln!(out, "hole::::{}", holes.join(","));
    }
}

/// Everything else, for a faithful import.
fn write_rookery_lines(v: &Variant, out: &mut String) {
    let line = |out: &mut String, k: &str, val: &str| {
        let _ = writeln!(out, "rookery{k}={}", val.replace('\\', "\\\\").replace('\n', "\\n"));
    };
    line(out, "Name", &v.name);
    line(out, "Title", &v.title);
    line(out, "Author", &v.author);
    if let Some(y) = v.year {
        line(out, "Year", &y.to_string());
    }
    line(out, "RulesUrl", &v.rules_url);
    if let Some(d) = &v.description {
        line(out, "Description", d);
    }
    if let Some(r) = &v.reconstructed {
        line(out, "Reconstructed", r);
    }
    line(out, "A1Light", &v.a1_light.to_string());
    let pawns: String = v.pieces.iter().filter(|p| p.pawn).map(|p| p.letter).collect();
    line(out, "Pawns", &pawns);
    if v.rules.bare_king {
        line(out, "CounterBaring", &v.rules.counter_baring.to_string());
        line(out, "BareKingFirst", &v.rules.bare_king_first.to_string());
    }
    // `baring=0` written for our extinction form: its name, so that the
    // import gives back the `[extinction]` table rather than `bare-king`.
    if let Some(e) = v.extinction.as_ref().filter(|_| shatranj_baring(v)) {
        line(out, "Extinction", &e.name);
    }
    line(out, "MoveRule", &v.rules.move_rule.to_string());
    line(out, "Repetition", &v.rules.repetition.to_string());
}
