//! The variant's tables written as GAME Code subroutines. GC's array
//! literals can be written (`( a b c )`), but no source available here
//! documents how an element is read back (`elem` is not in any page or
//! preset we could read), so the export writes no array at all: every
//! table is a subroutine that returns the value for its argument, built
//! only from `sub`, `if … else … endif`, `==`, `<` and `return` (sources in
//! `docs/game-courier.md`). Literal labels and coordinates are quoted: a
//! quoted string is copied as one string and is not preprocessed (Fergus
//! Duniho, 2004-12-17, chessvariants.com `editcomment.php?reply=8092`).

use std::fmt::Write as _;

use super::{Labels, Tables};
use crate::variant::Variant;

/// A quoted GAME Code string literal.
fn quoted(s: &str) -> String {
    format!("\"{s}\"")
}

/// `sub NAME p:` returning `vals[p]` for `0 <= p < vals.len()`, by a binary
/// search of `if <= #p MID-1: … else: … endif;` (`<=`, not `<`, which no
/// source documents; a run of equal values is one
/// `return`). Nothing is read past the table: the routine asks only for
/// indexes the table holds. The nesting is not indented: these tables are
/// the longest part of the preset.
pub fn indexed(s: &mut String, name: &str, vals: &[String]) {
    let _ = writeln!(s, "sub {name} p:");
    if vals.is_empty() {
        let _ = writeln!(s, "  return 0;");
    } else {
        search(s, vals, 0, vals.len());
    }
    let _ = writeln!(s, "endsub;");
}

/// The search over `vals[lo..hi]`.
fn search(s: &mut String, vals: &[String], lo: usize, hi: usize) {
    if vals[lo..hi].iter().all(|v| *v == vals[lo]) {
        let _ = writeln!(s, "return {};", vals[lo]);
        return;
    }
    let mid = (lo + hi) / 2;
    // `mid` > `lo` >= 0: the run holds two values at least.
    let _ = writeln!(s, "if <= #p {}:", mid - 1);
    search(s, vals, lo, mid);
    let _ = writeln!(s, "else:");
    search(s, vals, mid, hi);
    let _ = writeln!(s, "endif;");
}

/// `sub NAME x:` returning 1 when `x` is one of `members`, else 0: one
/// `if == #x M:` per member.
pub fn member(s: &mut String, name: &str, members: &[String]) {
    let _ = writeln!(s, "sub {name} x:");
    for m in members {
        let _ = writeln!(s, "  if == #x {m}:\n    return 1;\n  endif;");
    }
    let _ = writeln!(s, "  return 0;\nendsub;");
}

/// All the variant's lookups: the move tables (`Leg`, `WStart`,
/// `BStart`), label to kind and side (`KindOf`), the kinds' flags
/// (`Royal`, `Pawn`), the board (`IsHoleAt`, `CellAt`) and the promotion
/// zones (`PromoZone`).
pub fn write(s: &mut String, v: &Variant, lab: &Labels, t: &Tables) {
    let num = |xs: &[usize]| xs.iter().map(usize::to_string).collect::<Vec<_>>();
    indexed(s, "Leg", &t.legs.iter().map(i64::to_string).collect::<Vec<_>>());
    indexed(s, "WStart", &num(&t.start[0]));
    indexed(s, "BStart", &num(&t.start[1]));
    kind_of(s, lab);
    let flag = |f: &dyn Fn(&crate::variant::PieceDef) -> bool| {
        (0..v.pieces.len()).filter(|&k| f(&v.pieces[k])).map(|k| k.to_string()).collect::<Vec<_>>()
    };
    member(s, "Royal", &flag(&|p| p.royal));
    member(s, "Pawn", &flag(&|p| p.pawn));
    board(s, v);
    promo_zones(s, v);
}

/// `sub KindOf label:` the kind of a label (-1 for none), setting
/// `kindside` to 1 for a White label, 2 for a Black one, 0 for none.
fn kind_of(s: &mut String, lab: &Labels) {
    let _ = writeln!(s, "sub KindOf label:");
    for side in [1, 2] {
        for (k, (w, b)) in lab.kinds.iter().enumerate() {
            let l = if side == 1 { w } else { b };
            let _ = writeln!(s, "  if == #label {}:\n    set kindside {side};\n    return {k};\n  endif;", quoted(l));
        }
    }
    let _ = writeln!(s, "  set kindside 0;\n  return -1;\nendsub;");
}

/// The board: `IsHoleAt x y` (1 for a cell of the rectangle that is not
/// on the board, by 0-based file and rank, so no coordinate of a hole is
/// ever formed) and `CellAt x y`, the cell at file `x` and rank `y`, found
/// by `where` from `anchor`, a cell of the board.
fn board(s: &mut String, v: &Variant) {
    let g = &v.grid;
    let _ = writeln!(s, "sub IsHoleAt x y:");
    for (x, y) in (0..g.ranks()).flat_map(|y| (0..g.files()).map(move |x| (x, y))).filter(|&(x, y)| g.is_hole(x, y)) {
        let _ = writeln!(s, "  if == #x {x} and == #y {y}:\n    return 1;\n  endif;");
    }
    let _ = writeln!(s, "  return 0;\nendsub;");
    let anchor = (0..g.len() as crate::board::Cell).next().map(|c| g.label(c).to_string()).unwrap_or_default();
    let (ax, ay) = crate::board::parse_square(&anchor).unwrap_or((0, 0));
    let _ = writeln!(s, "sub CellAt x y:");
    let _ = writeln!(s, "  my dx dy;\n  set dx - #x {ax};\n  set dy - #y {ay};");
    let _ = writeln!(s, "  return where {} #dx #dy;\nendsub;", quoted(&anchor));
}

/// `sub PromoZone to side newkind:` for every zone holding `to` for
/// `side`: sets `promohit`, clears `promooptional` for a mandatory zone
/// and sets `promoallowed` when `newkind` is one of the zone's choices.
/// Ranks are 0-based, as GC's `rank`.
fn promo_zones(s: &mut String, v: &Variant) {
    let _ = writeln!(s, "sub PromoZone to side newkind:\n  my rk in;\n  set rk rank #to;");
    for z in &v.zones {
        let _ = writeln!(s, "  set in 0;");
        for side in 0..2 {
            let _ = writeln!(s, "  if == #side {}:", side + 1);
            for r in &z.ranks[side] {
                let _ = writeln!(s, "    if == #rk {r}:\n      set in 1;\n    endif;");
            }
            for &c in &z.cells[side] {
                let _ = writeln!(s, "    if == #to {}:\n      set in 1;\n    endif;", quoted(v.grid.label(c)));
            }
            let _ = writeln!(s, "  endif;");
        }
        let _ = writeln!(s, "  if #in:\n    set promohit 1;");
        if z.mandatory {
            let _ = writeln!(s, "    set promooptional 0;");
        }
        for k in &z.choices {
            let _ = writeln!(s, "    if == #newkind {k}:\n      set promoallowed 1;\n    endif;");
        }
        let _ = writeln!(s, "  endif;");
    }
    let _ = writeln!(s, "endsub;");
}
