//! A Game Courier (GC) preset: a paste-ready sheet with one block per field
//! of GC's Edit form, and the same values rendered as a settings file.
//!
//! **Structure.** The FEN Code writes every rank in full, top rank first,
//! `/` between ranks, `-` for holes, run-length digits for empty cells and
//! braces around labels longer than one character; Max Columns is always
//! given. Labels come from a per-set table ([`STOCK_SETS`]); a variant with
//! a piece the stock set has no label for gets a custom set instead.
//!
//! **Rules.** Enforcement follows the architecture of H. G. Muller's
//! GAME-code wizard: Pre-Game holds one universal, piece-independent
//! routine ([`UNIVERSAL`]) plus tables generated from our compiled Betza
//! (one tree of move legs per piece kind, see [`unroll`]); Post-Move and
//! Post-Game are one-liners that call the routine. The routine checks each
//! entered move against the table (including lame legs, hoppers, bent and
//! multi-leg moves, initial moves, castling, en passant and promotion
//! choices), rejects moves that leave a royal piece attacked, and ends the
//! game on checkmate, stalemate (with the variant's value), a bare king
//! (with counter-baring) and the n-move rule. Post-Game lists every legal
//! move of the side to move with `setlegal`, so GC shows legal moves (and,
//! by Fergus Duniho's 2017 note, counts the preset as enforcing rules only
//! when that list exists). Anything the tables cannot
//! express is listed in the Rules HTML and in the sheet's status line, and
//! the preset is then marked as not fully enforced (GC's `rules` flag is set
//! only for a fully enforced preset). N-fold repetition is never detected.
//!
//! The GAME Code has not been run on Game Courier itself (no interpreter is
//! available here). The tables are checked by `tests/export.rs`, which
//! interprets them with a Rust copy of the routine (same subroutines, same
//! `fmode` dispatch, same trial moves) and compares the `setlegal` list and
//! the moves `HandleMove` accepts with our engine's legal moves.

mod board;
mod routine;
mod rules;
mod tables;

use std::fmt::Write as _;

pub use board::{fen_code, labels, Labels, StockSet, CUSTOM_DIR, STOCK_SETS};
pub use routine::{HANDLERS, UNIVERSAL};
pub use tables::{encode_moves, leg, mv, tables, unroll, GcLeg, GcMove, Tables};

use crate::board::{file_label, square_label, Cell};
use crate::export::setup_placement;
use crate::variant::{EndValue, Variant};

pub(super) fn list<T: ToString>(xs: impl IntoIterator<Item = T>) -> String {
    xs.into_iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
}

/// The Pre-Game code: the universal routine, then the variant's tables.
pub fn pre_game(v: &Variant, lab: &Labels, t: &Tables, fully: bool) -> String {
    let mut s = String::new();
    if fully {
        s.push_str("setflag rules;\n");
    }
    s.push_str(UNIVERSAL);
    s.push_str(HANDLERS);
    let _ = writeln!(s, "set legs ({});", list(&t.legs));
    let _ = writeln!(s, "set wstart ({});", list(&t.start[0]));
    let _ = writeln!(s, "set bstart ({});", list(&t.start[1]));
    let _ = writeln!(s, "set wlabel ({});", list(lab.kinds.iter().map(|k| k.0.clone())));
    let _ = writeln!(s, "set blabel ({});", list(lab.kinds.iter().map(|k| k.1.clone())));
    let _ = writeln!(s, "set royal ({});", list(v.pieces.iter().map(|p| p.royal as u8)));
    let _ = writeln!(s, "set pawn ({});", list(v.pieces.iter().map(|p| p.pawn as u8)));
    // zones: (mandatory (white ranks) (black ranks) (choice kinds)), ranks 0-based as GC's `rank`.
    let zones: Vec<String> = v
        .zones
        .iter()
        .map(|z| {
            format!("({} ({}) ({}) ({}))", z.mandatory as u8, list(&z.ranks[0]), list(&z.ranks[1]), list(&z.choices))
        })
        .collect();
    let _ = writeln!(s, "set zones ({});", zones.join(" "));
    let _ = writeln!(
        s,
        "set stalemate {};",
        match v.rules.stalemate {
            EndValue::Loss => 0,
            EndValue::Draw => 1,
            EndValue::Win => 2,
        }
    );
    let _ = writeln!(s, "set bareking {};", v.rules.bare_king as u8);
    let _ = writeln!(s, "set counterbaring {};", v.rules.counter_baring as u8);
    let _ = writeln!(s, "set barekingfirst {};", v.rules.bare_king_first as u8);
    let _ = writeln!(s, "set moverule {};", v.rules.move_rule);
    let _ = writeln!(s, "set hasep {};", t.has_ep as u8);
    // The board's cells (the loops walk this list), then the state: side
    // to move, a flag on every unmoved piece, en passant, quiet moves.
    let pl = setup_placement(v);
    let g = &v.grid;
    let _ = writeln!(s, "set cells ({});", list((0..g.len()).map(|c| g.label(c as Cell).to_string())));
    // The board's extent and holes, for `Inside` (a step stays on the board
    // when its 0-based file and rank are in range and it is not a hole).
    let holes: Vec<String> = (0..g.ranks())
        .flat_map(|y| (0..g.files()).map(move |x| (x, y)))
        .filter(|&(x, y)| g.is_hole(x, y))
        .map(|(x, y)| square_label(x, y))
        .collect();
    let _ = writeln!(s, "set nfiles {};\nset nranks {};", g.files(), g.ranks());
    let _ = writeln!(s, "set nholes {};\nset holes ({});", holes.len(), holes.join(" "));
    let unmoved: Vec<String> =
        (0..g.len()).filter(|&c| pl.cells[c].is_some()).map(|c| g.label(c as Cell).to_string()).collect();
    let _ = writeln!(s, "set stm {};", if pl.side == 0 { 1 } else { 2 });
    let _ = writeln!(s, "setflag {};", unmoved.join(" "));
    for i in 1..=4 {
        let _ = writeln!(s, "set ep{i} @;");
    }
    let _ = writeln!(s, "set epvictim @;");
    let _ = writeln!(s, "set quiet 0;");
    s
}

/// One Edit-form field: name, settings-file key (if known), value.
pub struct Field {
    /// The label on GC's Edit form.
    pub name: &'static str,
    /// The `$default` key, where a source names it (`None`: unverified).
    pub key: &'static str,
    /// The value to paste.
    pub value: String,
}

/// The preset's fields, in Edit-form order.
pub fn fields(v: &Variant) -> (Vec<Field>, Tables) {
    let lab = labels(v);
    let t = tables(v);
    let fully = t.unenforced.is_empty();
    let g = &v.grid;
    let mut f = vec![
        Field { name: "Game", key: "game", value: v.title.clone() },
        Field { name: "Rules URL", key: "rulesurl", value: v.rules_url.clone() },
        Field { name: "Settings", key: "settings", value: v.name.clone() },
        Field { name: "FEN Code", key: "code", value: fen_code(v, &lab.kinds) },
        Field { name: "Files", key: "files", value: list((0..g.files()).map(file_label)) },
        Field { name: "Rank Labels", key: "ranks", value: list((1..=g.ranks()).map(|r| r.to_string())) },
        Field { name: "Max Columns", key: "cols", value: g.files().to_string() },
        Field { name: "Sides", key: "sides", value: "White Black".into() },
        Field { name: "Shape", key: "shape", value: "Square Cells".into() },
        Field { name: "Set Group", key: "setgroup", value: lab.group.clone() },
        Field { name: "Set", key: "set", value: lab.set.clone() },
    ];
    if let Some(c) = &lab.custom {
        f.push(Field { name: "Custom Sets", key: "customsets", value: c.clone() });
    }
    f.push(Field { name: "Pre-Game", key: "pregame", value: pre_game(v, &lab, &t, fully) });
    f.push(Field { name: "Post-Move 1", key: "postmove1", value: "gosub HandleMove 1;".into() });
    f.push(Field { name: "Post-Move 2", key: "postmove2", value: "gosub HandleMove 2;".into() });
    // The name holds "check" and "stalemate": GC takes a preset to spot
    // check, checkmate and stalemate when both Post-Game blocks contain those
    // strings (Fergus Duniho, 2017; docs/game-courier.md).
    f.push(Field { name: "Post-Game 1", key: "postgame1", value: "gosub gameendcheckstalemate;".into() });
    f.push(Field { name: "Post-Game 2", key: "postgame2", value: "gosub gameendcheckstalemate;".into() });
    f.push(Field { name: "Rules (HTML)", key: "rules", value: rules::rules_html(v, &lab, &t) });
    (f, t)
}

/// Settings-file keys confirmed by a source (the rest are unverified).
const KNOWN_KEYS: &[&str] = &["game", "rulesurl", "code", "cols", "files", "ranks", "sides", "shape", "set", "rules"];

/// The whole sheet: status, one block per field, then the settings file.
/// Fails only for a graph board.
pub fn export(v: &Variant) -> Result<String, super::ExportError> {
    if let Some(e) = super::graph_board(v, super::Format::GameCourier) {
        return Err(e);
    }
    let (fields, t) = fields(v);
    let mut s = String::new();
    let _ = writeln!(s, "Game Courier preset for {}", v.title);
    let _ = writeln!(s, "Generated by `rookery export {} --format game-courier`.", v.name);
    let _ = writeln!(
        s,
        "Paste each block below into the Edit-form field of the same name; leave the other fields as they are."
    );
    if t.unenforced.is_empty() {
        let _ = writeln!(s, "Enforcement: full (moves, check, checkmate, stalemate, promotion; see Rules).");
    } else {
        let _ = writeln!(s, "Enforcement: PARTIAL, the preset is not fully enforced. Not enforced:");
        for u in &t.unenforced {
            let _ = writeln!(s, "  - {u}");
        }
    }
    let _ =
        writeln!(s, "The GAME Code was generated from the move tables and has not been run on Game Courier itself.");
    for f in &fields {
        let _ = writeln!(s, "\n===== {} =====", f.name);
        let _ = writeln!(s, "{}", f.value.trim_end());
    }
    let _ = writeln!(s, "\n===== Settings file =====");
    let _ = writeln!(s, "<?php");
    let _ = writeln!(s, "// Settings file for {} (generated by Rookery).", v.title);
    let _ = writeln!(s, "// Keys marked 'unverified' are our guesses at GC's $default names.");
    for f in &fields {
        if !KNOWN_KEYS.contains(&f.key) {
            let _ = writeln!(s, "// unverified key:");
        }
        if f.value.contains('\n') || f.value.len() > 60 {
            let _ = writeln!(s, "$default['{}'] = <<<'NOW'\n{}\nNOW;", f.key, f.value.trim_end());
        } else {
            let _ = writeln!(s, "$default['{}'] = '{}';", f.key, f.value.replace('\\', "\\\\").replace('\'', "\\'"));
        }
    }
    let _ = writeln!(s, "?>");
    Ok(s)
}
