//! `rookery export DEF --format html`: one self-contained page (inline SVG,
//! CSS, script and data; no server, no network) with the board, the piece
//! table and click-to-see move diagrams of every piece from every cell —
//! what a designer pastes into a rules article.
//!
//! The diagrams are computed here, by the same probe as `rookery betza`,
//! and frozen into the page as data; the page's script only colours cells.

use serde_json::{json, Value};

use super::view;
use crate::board::Cell;
use crate::game::{code_kind, code_side, Position, BLACK};
use crate::probe::{destinations, prepare_on, Kind, ProbeMove};
use crate::render::svg::{board_svg, SvgOptions};
use crate::variant::Variant;

/// The page for `v`.
pub fn page(v: &Variant) -> String {
    let data = page_data(v);
    // `</` may not appear inside a script element.
    let data = data.to_string().replace("</", "<\\/");
    let svg = board_svg(&Position::start(v), &SvgOptions::default());
    let mut rows = String::new();
    for p in &v.pieces {
        rows.push_str(&format!(
            "<tr data-letter=\"{l}\"><td class=\"glyph\">{l}</td><td>{n}</td><td><code>{b}</code></td></tr>\n",
            l = esc(&p.letter.to_string()),
            n = esc(&p.name),
            b = esc(&p.betza)
        ));
    }
    let rules: String = view::rules_summary(v).iter().map(|r| format!("<li>{}</li>", esc(r))).collect();
    let (status, note) = view::status(v);
    let note = note.map_or(String::new(), |n| format!("<p class=\"note\">Reconstruction: {}</p>", esc(n)));
    format!(
        include_str!("assets/standalone.html"),
        title = esc(&v.title),
        author = esc(&v.author),
        url = esc(&v.rules_url),
        status = status,
        note = note,
        css = super::assets::CSS,
        board_js = super::assets::BOARD_JS,
        page_js = include_str!("assets/standalone.js"),
        svg = svg,
        rows = rows,
        rules = rules,
        data = data,
    )
}

/// The moves of every piece (as White) from every cell of the empty board,
/// and of every piece of the start position where it stands.
fn page_data(v: &Variant) -> Value {
    let cells: Vec<&str> = (0..v.grid.len()).map(|c| v.grid.label(c as Cell)).collect();
    let mut empty = serde_json::Map::new();
    for p in &v.pieces {
        let from_cells: Vec<Value> = (0..v.grid.len())
            .map(|c| {
                prepare_on(v, p.letter, v.grid.label(c as Cell), false, &[], &[])
                    .map(|prep| encode(v, &destinations(&prep, true)))
                    .unwrap_or(Value::Null)
            })
            .collect();
        empty.insert(p.letter.to_string(), Value::Array(from_cells));
    }
    json!({"cells": cells, "empty": empty, "start": start_moves(v), "centre": view::centre_cell(v)})
}

/// Moves of each piece of the start position, by cell index.
fn start_moves(v: &Variant) -> Value {
    let pos = Position::start(v);
    let mut out = serde_json::Map::new();
    for c in 0..v.grid.len() as Cell {
        let code = pos.at(c);
        if code == 0 {
            continue;
        }
        let black = code_side(code) == BLACK;
        let (mut friends, mut enemies) = (Vec::new(), Vec::new());
        for o in 0..v.grid.len() as Cell {
            let oc = pos.at(o);
            if oc == 0 || o == c {
                continue;
            }
            let list = if (code_side(oc) == BLACK) == black { &mut friends } else { &mut enemies };
            list.push(v.grid.label(o).to_string());
        }
        let letter = v.pieces[code_kind(code) as usize].letter;
        if let Ok(prep) = prepare_on(v, letter, v.grid.label(c), black, &friends, &enemies) {
            out.insert(c.to_string(), encode(v, &destinations(&prep, true)));
        }
    }
    Value::Object(out)
}

/// Destinations as `[cell, kind, [locust cells]]` with cell indices.
fn encode(v: &Variant, moves: &[ProbeMove]) -> Value {
    let idx = |s: &str| v.grid.parse(s).map_or(-1, |c| c as i64);
    Value::Array(
        moves
            .iter()
            .map(|m| {
                let kind = match m.kind {
                    Kind::Move => "move",
                    Kind::Capture => "capture",
                    Kind::Both => "both",
                    Kind::Destroy => "destroy",
                    Kind::Castle => "castle",
                };
                let locust: Vec<i64> = m.locust.iter().map(|l| idx(l)).collect();
                json!([idx(&m.to), kind, locust])
            })
            .collect(),
    )
}

/// Text escaped for HTML.
fn esc(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
