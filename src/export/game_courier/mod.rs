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
//! The GAME Code has not been run on Game Courier itself (GC cannot be
//! reached from here). It is checked two ways against our engine: by
//! `tests/game_courier_code.rs`, which runs the exported text in a small
//! interpreter of the GAME Code subset it uses (written from the sources in
//! `docs/game-courier.md`), and by `tests/export.rs`, which runs the tables
//! through a Rust copy of the routine's algorithm; both compare the
//! `setlegal` list and the moves `HandleMove` accepts with the engine's.

mod board;
mod lookups;
mod routine;
mod rules;
mod tables;

use std::fmt::Write as _;

pub use board::{fen_code, labels, Labels, StockSet, CUSTOM_DIR, STOCK_SETS};
pub use routine::{HANDLERS, UNIVERSAL};
pub use tables::{encode_moves, leg, mv, outside_rules, tables, unroll, GcLeg, GcMove, Tables, CHESS960_START};

use crate::board::{file_label, Cell};
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
    lookups::write(&mut s, v, lab, t);
    rule_values(&mut s, v, t);
    board_state(&mut s, v);
    s
}

/// The end rules' values and whether en passant exists.
fn rule_values(s: &mut String, v: &Variant, t: &Tables) {
    let stalemate = match v.rules.stalemate {
        EndValue::Loss => 0,
        EndValue::Draw => 1,
        EndValue::Win => 2,
    };
    let _ = writeln!(s, "set stalemate {stalemate};");
    let _ = writeln!(s, "set bareking {};", v.rules.bare_king as u8);
    let _ = writeln!(s, "set counterbaring {};", v.rules.counter_baring as u8);
    let _ = writeln!(s, "set barekingfirst {};", v.rules.bare_king_first as u8);
    let _ = writeln!(s, "set moverule {};", v.rules.move_rule);
    let _ = writeln!(s, "set hasep {};", t.has_ep as u8);
}

/// The board's extent (for `Inside`: a step stays on the board when its
/// 0-based file and rank are in range and it is not a hole; the scans walk
/// every file and rank), then the state: side to move, a flag on every
/// unmoved piece, en passant, quiet moves.
fn board_state(s: &mut String, v: &Variant) {
    let g = &v.grid;
    let _ = writeln!(s, "set nfiles {};\nset nranks {};", g.files(), g.ranks());
    let pl = setup_placement(v);
    let unmoved: Vec<String> =
        (0..g.len()).filter(|&c| pl.cells[c].is_some()).map(|c| g.label(c as Cell).to_string()).collect();
    let _ = writeln!(s, "set stm {};", if pl.side == 0 { 1 } else { 2 });
    let _ = writeln!(s, "setflag {};", unmoved.join(" "));
    for i in 1..=4 {
        let _ = writeln!(s, "set ep{i} @;");
    }
    let _ = writeln!(s, "set epvictim @;");
    let _ = writeln!(s, "set quiet 0;");
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
