//! What the studio shows, as JSON: a definition's pieces and rules, its
//! diagnostics with lines and columns, a piece's move diagram, a game's
//! state and the engine's reply. The HTTP layer only routes; everything
//! here is plain functions over a loaded [`Variant`], so the standalone HTML
//! export and the tests use the same views.

use serde_json::{json, Value};

use crate::board::Cell;
use crate::game::notation::{move_text, parse_move};
use crate::game::{code_kind, code_side, Game, Move, MoveKind, Position, BLACK, WHITE};
use crate::probe::{destinations, prepare_on, Kind, ProbeMove};
use crate::render::svg::{board_svg, grid_svg, marks_from_probe, SvgOptions};
use crate::variant::{Diagnostic, EndValue, Severity, Variant};

/// 1-based line and column (in characters) of a byte offset of `text`.
pub fn line_col(text: &str, byte: usize) -> (usize, usize) {
    let mut b = byte.min(text.len());
    while !text.is_char_boundary(b) {
        b -= 1;
    }
    let line_start = text[..b].rfind('\n').map_or(0, |i| i + 1);
    (text[..b].matches('\n').count() + 1, text[line_start..b].chars().count() + 1)
}

/// Diagnostics with their start and end as line and column, for the editor.
pub fn diagnostics(text: &str, diags: &[Diagnostic]) -> Vec<Value> {
    diags
        .iter()
        .map(|d| {
            let (line, col) = line_col(text, d.span.start);
            let (end_line, end_col) = line_col(text, d.span.end.max(d.span.start));
            json!({
                "severity": if d.severity == Severity::Error { "error" } else { "warning" },
                "message": d.message, "line": line, "col": col, "end_line": end_line, "end_col": end_col,
            })
        })
        .collect()
}

/// Piece values as the engine sees them (one place to change when the
/// engine changes).
fn piece_values(v: &Variant) -> Vec<i32> {
    crate::search::eval::piece_values(v)
}

/// `exact` or `reconstruction` (with the definition's own note).
pub fn status(v: &Variant) -> (&'static str, Option<&str>) {
    match &v.reconstructed {
        Some(r) => ("reconstruction", Some(r.as_str())),
        None => ("exact", None),
    }
}

/// Everything the variant page shows: title, status, pieces, rules and the
/// board of the start position.
pub fn variant_view(v: &Variant) -> Value {
    let values = piece_values(v);
    let pieces: Vec<Value> = v
        .pieces
        .iter()
        .zip(&values)
        .map(|(p, val)| {
            json!({
                "name": p.name, "letter": p.letter.to_string(), "betza": p.betza,
                "betza_black": p.betza_black, "value": val, "royal": p.royal, "pawn": p.pawn,
                "specials": p.specials.iter().map(|(n, b)| json!({"name": n, "betza": b})).collect::<Vec<_>>(),
            })
        })
        .collect();
    let pos = Position::start(v);
    let (st, note) = status(v);
    json!({
        "name": v.name, "title": v.title, "author": v.author, "year": v.year, "rules_url": v.rules_url,
        "description": v.description, "status": st, "status_note": note, "pieces": pieces,
        "rules": rules_summary(v), "fen": pos.fen(), "svg": board_svg(&pos, &SvgOptions::default()),
        "cells": (0..v.grid.len()).map(|c| v.grid.label(c as Cell).to_string()).collect::<Vec<_>>(),
        "centre": v.grid.label(centre_cell(v)),
        "polygon": v.grid.graph().is_some(), "hook": v.hook,
    })
}

/// The cell nearest the middle of the board (where a piece picked in the
/// table is shown); on a polygon board the first cell.
pub fn centre_cell(v: &Variant) -> Cell {
    let g = &v.grid;
    if g.graph().is_some() {
        return 0;
    }
    let (cx, cy) = (g.files() as i64 / 2, g.ranks() as i64 / 2);
    (0..g.len() as Cell)
        .min_by_key(|&c| {
            let (x, y) = g.coords(c);
            ((x as i64 - cx).abs() + (y as i64 - cy).abs(), c)
        })
        .unwrap_or(0)
}

/// The rules in words: promotion, game end, special rules.
pub fn rules_summary(v: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    let letters = |ks: &[u8]| ks.iter().map(|&k| v.pieces[k as usize].name.clone()).collect::<Vec<_>>().join(", ");
    for z in &v.zones {
        let place = |s: usize| {
            let mut parts: Vec<String> = z.ranks[s].iter().map(|r| format!("rank {}", r + 1)).collect();
            parts.extend(z.cells[s].iter().map(|&c| v.grid.label(c).to_string()));
            parts.join(", ")
        };
        out.push(format!(
            "Promotion ({}): White on {}, Black on {}, to {}.",
            if z.mandatory { "mandatory" } else { "optional" },
            place(0),
            place(1),
            letters(&z.choices)
        ));
    }
    let r = &v.rules;
    let stalemate = match r.stalemate {
        EndValue::Loss => "loses",
        EndValue::Win => "wins",
        EndValue::Draw => "draws",
    };
    if v.has_royal() {
        out.push("Checkmate wins.".to_string());
    }
    out.push(format!("Stalemate {stalemate} for the stalemated side."));
    if r.bare_king {
        let cb = if r.counter_baring { " (counter-baring on the next move draws)" } else { "" };
        out.push(format!("A bare king loses{cb}."));
    }
    if r.move_rule > 0 {
        out.push(format!("{}-move rule: a draw.", r.move_rule));
    }
    if r.repetition > 0 {
        out.push(format!("{}-fold repetition: a draw.", r.repetition));
    }
    for s in crate::export::special_rules(v) {
        out.push(format!("Special: {s}."));
    }
    out
}

/// A probe destination as JSON (the shape of `rookery betza --json`).
fn probe_move(m: &ProbeMove) -> Value {
    serde_json::to_value(m).unwrap_or(Value::Null)
}

/// The moves of the piece `letter` (upper case White, lower case Black)
/// from `at`: in the position `fen` (the piece replacing what stands
/// there), or alone on the empty board. Without a letter, the piece that
/// stands on `at` in `fen`. Returns the destinations and a
/// picture with them marked.
pub fn probe_view(v: &Variant, letter: Option<char>, at: &str, fen: Option<&str>) -> Result<Value, String> {
    let letter = match letter {
        Some(l) => l,
        None => piece_on(v, fen, at)?,
    };
    let black = letter.is_ascii_lowercase();
    let up = letter.to_ascii_uppercase();
    let (mut friends, mut enemies, mut pieces) = (Vec::new(), Vec::new(), Vec::new());
    if let Some(f) = fen {
        let pos = Position::from_fen(v, f).map_err(|e| e.to_string())?;
        for c in 0..v.grid.len() as Cell {
            let code = pos.at(c);
            if code == 0 || v.grid.label(c) == at {
                continue;
            }
            let side_black = code_side(code) == BLACK;
            let l = v.pieces[code_kind(code) as usize].letter;
            pieces.push((c, l, !side_black));
            let list = if side_black == black { &mut friends } else { &mut enemies };
            list.push(v.grid.label(c).to_string());
        }
    }
    let prep = prepare_on(v, up, at, black, &friends, &enemies).map_err(|e| e.to_string())?;
    let moves = destinations(&prep, fen.is_none());
    pieces.push((prep.from, up, !black));
    let opts = SvgOptions {
        highlight: marks_from_probe(&v.grid, &moves),
        from: Some(prep.from),
        picture: v.picture.clone(),
        ..SvgOptions::default()
    };
    let svg = grid_svg(&v.grid, v.a1_light, &pieces, &opts);
    let counts = |k: Kind| moves.iter().filter(|m| m.kind == k).count();
    Ok(json!({
        "letter": letter.to_string(), "at": at, "moves": moves.iter().map(probe_move).collect::<Vec<_>>(),
        "targets": marks_from_probe(&v.grid, &moves).len(),
        "count": {"move": counts(Kind::Move), "capture": counts(Kind::Capture), "both": counts(Kind::Both),
                  "castle": counts(Kind::Castle), "locust": moves.iter().filter(|m| !m.locust.is_empty()).count()},
        "svg": svg,
    }))
}

/// The FEN letter of the piece on `at` in `fen` (none given: no piece).
fn piece_on(v: &Variant, fen: Option<&str>, at: &str) -> Result<char, String> {
    let pos = Position::from_fen(v, fen.unwrap_or(&v.setup_fen)).map_err(|e| e.to_string())?;
    let c = v.grid.parse(at).ok_or_else(|| format!("{at:?} is not a cell of the board"))?;
    let code = pos.at(c);
    if code == 0 || fen.is_none() {
        return Err(format!("no piece on {at}"));
    }
    let l = v.pieces[code_kind(code) as usize].letter;
    Ok(if code_side(code) == BLACK { l.to_ascii_lowercase() } else { l })
}

/// Where a game starts: a FEN, or the setup; a rule module's pre-game
/// (TigerChess's dice) is played from `seed` when one is given.
#[derive(Clone, Copy, Debug, Default)]
pub struct Start<'a> {
    /// A FEN to start from instead of the setup.
    pub fen: Option<&'a str>,
    /// The seed of a rule module's dice.
    pub seed: Option<u64>,
    /// TigerChess's variation chosen before the dice: the order of play
    /// (`None` or `"dice"`), `"open"` (agreed by the players: no die for the
    /// deployment) or `"random"` (the exhibition game: cards post the
    /// Swordsmen, no dice).
    pub variation: Option<&'a str>,
}

/// The variations [`Start::variation`] accepts.
pub const VARIATIONS: [&str; 3] = ["dice", "open", "random"];

/// The rule module's game state, if the variant has a module and a seed
/// is given, with the players' pre-game choice (`Start::variation`).
fn pregame(v: &Variant, start: Start<'_>) -> Option<Box<dyn crate::hooks::GameHooks>> {
    let choices = crate::hooks::Choices {
        open: start.variation == Some("open"),
        random_variation: start.variation == Some("random"),
    };
    Some(v.module?.begin(start.seed?, choices))
}

/// Replays `moves` (coordinate notation) from the start.
pub fn replay<'v>(v: &'v Variant, start: Start<'_>, moves: &[String]) -> Result<Game<'v>, String> {
    replay_with_hooks(v, start, moves).map(|(g, _)| g)
}

/// [`replay`], also returning the rule module's game state (told when the
/// deployment ended, so its designation is the game's).
fn replay_with_hooks<'v>(
    v: &'v Variant,
    start: Start<'_>,
    moves: &[String],
) -> Result<(Game<'v>, Option<Box<dyn crate::hooks::GameHooks>>), String> {
    if start.variation.is_some_and(|x| !VARIATIONS.contains(&x)) {
        let known = VARIATIONS.join(", ");
        return Err(format!("unknown variation {:?} (known: {known})", start.variation.unwrap_or("")));
    }
    let fen = start.fen.filter(|f| !f.trim().is_empty());
    let mut hooks = if fen.is_none() { pregame(v, start) } else { None };
    let pos = match (fen, &hooks) {
        (Some(f), _) => Position::from_fen(v, f.trim()).map_err(|e| format!("bad FEN: {e}"))?,
        (None, Some(h)) => h.start(v),
        (None, None) => Position::start(v),
    };
    let mut game = Game::new(pos);
    // Chance's moves first (the Random variation's cards).
    for m in hooks.as_ref().map(|h| h.opening_moves(&game.pos)).unwrap_or_default() {
        play_noting_deployment(&mut game, m, &mut hooks);
    }
    let mut legal = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        if let Some(o) = game.outcome() {
            return Err(format!("move {} ({text}) comes after the game ended: {o}", i + 1));
        }
        game.pos.legal_moves(&mut legal);
        let m = parse_move(&game.pos, text.trim(), &legal)
            .ok_or_else(|| format!("illegal move {} ({text}) in {}", i + 1, game.pos.fen()))?;
        play_noting_deployment(&mut game, m, &mut hooks);
    }
    Ok((game, hooks))
}

/// Plays `m`; tells the module when it ended the deployment.
fn play_noting_deployment(game: &mut Game<'_>, m: Move, hooks: &mut Option<Box<dyn crate::hooks::GameHooks>>) {
    let deploying = game.pos.deploying();
    game.play(m);
    if let Some(h) = hooks.as_mut().filter(|_| deploying && !game.pos.deploying()) {
        h.deployment_over(&game.pos);
    }
}

/// The state of a game after `moves`: FEN, picture, side to move, the
/// legal moves (with their cells, for clicking), hands, history, result.
pub fn game_view(v: &Variant, start: Start<'_>, moves: &[String]) -> Result<Value, String> {
    let (mut game, hooks) = replay_with_hooks(v, start, moves)?;
    let outcome = game.outcome();
    let mut legal = Vec::new();
    if outcome.is_none() {
        game.pos.legal_moves(&mut legal);
    }
    let pos = &game.pos;
    let legal_json: Vec<Value> = legal.iter().map(|m| legal_move(pos, m, &legal)).collect();
    let mut hands = Vec::new();
    for side in [WHITE, BLACK] {
        for (k, p) in v.pieces.iter().enumerate() {
            let n = pos.in_hand(side, k as u8);
            if n > 0 {
                hands
                    .push(json!({"side": side_name(side), "letter": p.letter.to_string(), "name": p.name, "count": n}));
            }
        }
    }
    let last = game.history.last().map(|(m, _)| vec![v.grid.label(m.from), v.grid.label(m.to)]);
    Ok(json!({
        "fen": pos.fen(), "side": side_name(pos.side()), "in_check": outcome.is_none() && game.pos.in_check(),
        "legal": legal_json, "hands": hands, "last": last, "ply": moves.len(),
        "result": outcome.as_ref().map(|o| o.to_string()),
        "svg": board_svg(&game.pos, &SvgOptions::default()),
        "pregame": hooks.as_ref().map(|h| h.summary()),
        "designation": hooks.as_ref().and_then(|h| h.designation()),
    }))
}

fn side_name(s: u8) -> &'static str {
    if s == WHITE {
        "white"
    } else {
        "black"
    }
}

/// One legal move for the page: its text and the cells to click.
fn legal_move(pos: &Position<'_>, m: &Move, legal: &[Move]) -> Value {
    let v = pos.variant();
    let letter = |k: u8| v.pieces[k as usize - 1].letter.to_string();
    let drop = m.kind == MoveKind::Drop;
    json!({
        "text": move_text(pos, m, legal),
        "from": if drop { None } else { Some(v.grid.label(m.from)) },
        "to": v.grid.label(m.to),
        "promo": if !drop && m.promo != 0 { Some(letter(m.promo)) } else { None },
        "drop": if drop { Some(letter(m.promo)) } else { None },
        "castle": m.kind == MoveKind::Castle,
    })
}

/// Deepest search the studio asks for.
pub const MAX_DEPTH: u32 = 12;

/// The engine's reply after `moves`: a search to `depth` plies that stops
/// after `budget` whatever depth it reached. This is the studio's one call
/// into the engine, so a change of engine only touches this function.
pub fn engine_reply(
    v: &Variant,
    start: Start<'_>,
    moves: &[String],
    depth: u32,
    budget: std::time::Duration,
) -> Result<Option<String>, String> {
    use crate::search::{Limits, Searcher};
    let mut game = replay(v, start, moves)?;
    if game.outcome().is_some() {
        return Ok(None);
    }
    let limits = Limits::movetime(budget.as_millis() as u64).with_depth(Some(depth.clamp(1, MAX_DEPTH)));
    let best = Searcher::new(v, 8).search(&mut game, limits, &mut |_| {});
    let mut legal = Vec::new();
    game.pos.legal_moves(&mut legal);
    Ok(best.map(|(m, _)| move_text(&game.pos, &m, &legal)))
}
