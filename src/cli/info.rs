//! `check`, `list`, `show`, `moves` and `schema`: looking at definitions.

use std::process::ExitCode;

use rookery::game::{code_kind, code_side, Position};
use rookery::probe::{Kind, ProbeMove};
use rookery::variant::{builtin, load_str, EndValue, Severity, Variant};

use super::def::load;

/// Arguments of `rookery check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// Definition files (or built-in names) to validate.
    #[arg(required = true)]
    files: Vec<String>,
}

/// Validates every file; prints all problems; exit 0 when all are valid, 1
/// when any is not, 2 when a file cannot be read.
pub fn check(a: CheckArgs) -> ExitCode {
    let mut worst = 0u8;
    for f in &a.files {
        let (source, text) = match builtin::resolve(f) {
            Ok(x) => x,
            Err(e) => {
                errln!("error: {e}");
                worst = worst.max(2);
                continue;
            }
        };
        match load_str(&text) {
            Ok((v, warnings)) => {
                for w in &warnings {
                    err!("{}", w.render(&source, &text));
                }
                outln!("{source}: ok ({}, {} pieces, {} cells)", v.title, v.pieces.len(), v.grid.len());
            }
            Err(e) => {
                let errors = e.diagnostics.iter().filter(|d| d.severity == Severity::Error).count();
                for d in &e.diagnostics {
                    err!("{}", d.render(&source, &text));
                }
                outln!("{source}: {errors} error(s)");
                worst = worst.max(1);
            }
        }
    }
    ExitCode::from(worst)
}

/// `rookery list`: the built-in definitions.
pub fn list() -> ExitCode {
    for (name, text) in builtin::BUILTIN {
        match load_str(text) {
            Ok((v, _)) => {
                outln!("{name:<16} {} ({}), {}x{} board", v.title, v.author, v.grid.files(), v.grid.ranks())
            }
            Err(_) => outln!("{name:<16} (does not load: run `rookery check {name}`)"),
        }
    }
    ExitCode::SUCCESS
}

/// Arguments of `rookery show`.
#[derive(clap::Args)]
pub struct ShowArgs {
    /// Definition: a TOML path or a built-in name.
    def: String,
    /// Also write an SVG picture of the board to this file.
    #[arg(long)]
    svg: Option<String>,
    /// With --svg: highlight the moves of the piece with this letter …
    #[arg(long, requires = "at")]
    piece: Option<char>,
    /// … standing on this cell.
    #[arg(long, requires = "piece")]
    at: Option<String>,
}

/// Text board of the start position, then every piece with its move diagram.
pub fn show(a: ShowArgs) -> ExitCode {
    let v = match load(&a.def) {
        Ok(v) => v,
        Err(c) => return c,
    };
    out!("{}", describe(&v));
    if let Some(path) = &a.svg {
        let svg = match svg_picture(&v, None, a.piece, a.at.as_deref()) {
            Ok(s) => s,
            Err(e) => {
                errln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        if let Err(e) = std::fs::write(path, svg) {
            errln!("error: cannot write {path}: {e}");
            return ExitCode::from(2);
        }
        outln!("picture written to {path}");
    }
    ExitCode::SUCCESS
}

/// An SVG of the start position (or `fen`); with `piece` and `at`, that
/// piece is put on `at` (replacing what stands there) and its moves marked.
pub fn svg_picture(v: &Variant, fen: Option<&str>, piece: Option<char>, at: Option<&str>) -> Result<String, String> {
    use rookery::render::svg::{board_svg, marks_from_probe, SvgOptions};
    let pos = match fen {
        // The callers print `error: ` before the message; the rendering has its own.
        Some(f) => Position::from_fen(v, f).map_err(|e| e.render(f).trim_start_matches("error: ").to_string())?,
        None => Position::start(v),
    };
    let mut opts = SvgOptions { title: Some(v.title.clone()), ..SvgOptions::default() };
    if let (Some(letter), Some(at)) = (piece, at) {
        let black = letter.is_ascii_lowercase();
        let (friends, enemies) = rookery::probe::friends_and_enemies(&pos, at, black);
        let prep = rookery::probe::prepare_on(v, letter.to_ascii_uppercase(), at, black, &friends, &enemies)
            .map_err(|e| e.to_string())?;
        let moves = rookery::probe::destinations(&prep, false);
        opts.highlight = marks_from_probe(&v.grid, &moves);
        opts.from = Some(prep.from);
        opts.title = Some(format!("{} — {} on {at}: {} destinations", v.title, letter, moves.len()));
    }
    Ok(board_svg(&pos, &opts))
}

/// The text `rookery show` prints.
pub fn describe(v: &Variant) -> String {
    let mut out = format!("{} — {}\n", v.title, v.author);
    if let Some(y) = v.year {
        out.push_str(&format!("year: {y}\n"));
    }
    out.push_str(&format!("rules: {}\n", v.rules_url));
    if let Some(r) = &v.reconstructed {
        out.push_str(&format!("NOTE: the setup is a reconstruction: {r}\n"));
    }
    let pos = Position::start(v);
    out.push_str(&format!("\n{}\n{}\n\n", board_text(&pos), pos.fen()));
    out.push_str(&pieces_text(v));
    out.push_str(&zones_text(v));
    out.push_str(&end_rules_text(v));
    if !v.checks.is_empty() {
        out.push_str(&format!(
            "\nverified facts ({} checks, run now; `rookery verify` for details):\n",
            v.checks.len()
        ));
        out.push_str(&rookery::verify::report(v));
    }
    if v.grid.graph().is_some() {
        out.push_str(&polygon_moves_text(v));
    } else if v.grid.files() <= 16 && v.grid.ranks() <= 16 {
        out.push_str(&move_diagrams_text(v));
    }
    out
}

/// One line a piece: letter, name, Betza and what it is (royal, pawn,
/// immobile); Black's own moves and special moves below it. The columns
/// are as wide as the longest name and Betza string.
fn pieces_text(v: &Variant) -> String {
    let name_w = v.pieces.iter().map(|p| p.name.chars().count()).max().unwrap_or(0).max(14);
    let betza_w = v.pieces.iter().map(|p| p.betza.chars().count()).max().unwrap_or(0).max(28);
    let mut out = "pieces:\n".to_string();
    for p in &v.pieces {
        let flags: Vec<&str> = [(p.royal, "royal"), (p.pawn, "pawn"), (p.immobile, "immobile")]
            .iter()
            .filter(|(on, _)| *on)
            .map(|&(_, f)| f)
            .collect();
        let line = format!("  {} {:<name_w$} {:<betza_w$} {}", p.letter, p.name, p.betza, flags.join(", "));
        out.push_str(line.trim_end());
        out.push('\n');
        if let Some(b) = &p.betza_black {
            // Black's own moves (`betza-black`), not White's turned round.
            out.push_str(&format!("    Black: {b}\n"));
        }
        // A special move bound to a region exists there only; one without a
        // region is the castling-like kind, allowed only when not in check.
        for ((n, b), region) in p.specials.iter().zip(&p.special_regions) {
            let when = match region {
                Some(r) => format!("only in the region `{}`", v.regions[*r as usize].name),
                None => "only when not in check".to_string(),
            };
            out.push_str(&format!("    + {n}: {b} ({when})\n"));
        }
    }
    out
}

/// One line a promotion zone: its ranks and cells per side, the choices.
fn zones_text(v: &Variant) -> String {
    let mut out = String::new();
    for (i, z) in v.zones.iter().enumerate() {
        let choices: String = z.choices.iter().map(|&k| v.pieces[k as usize].letter).collect();
        let ranks = |s: usize| {
            let mut parts: Vec<String> = z.ranks[s].iter().map(|r| (r + 1).to_string()).collect();
            parts.extend(z.cells[s].iter().map(|&c| v.grid.label(c).to_string()));
            parts.join(",")
        };
        out.push_str(&format!(
            "promotion zone {}: White {}, Black {}, to {choices}, {}\n",
            i + 1,
            ranks(0),
            ranks(1),
            if z.mandatory { "mandatory" } else { "optional" }
        ));
    }
    out
}

/// How a game ends by the `[rules]` table; a rule that is off says so.
fn end_rules_text(v: &Variant) -> String {
    let r = &v.rules;
    let mut parts = vec![match r.stalemate {
        EndValue::Draw => "stalemate: draw".to_string(),
        EndValue::Loss => "stalemate: loss for the stalemated side".to_string(),
        EndValue::Win => "stalemate: win for the stalemated side".to_string(),
    }];
    // A bare king written as extinction (shatranj) says so; without a
    // royal piece there is no bare king to speak of.
    if let Some(text) = rookery::game::rules::extinction::describe(v) {
        parts.push(format!("extinction: {text}"));
    } else if v.has_royal() {
        let counter = if r.counter_baring { " (counter-baring draws)" } else { "" };
        parts.push(format!("bare king: {}{counter}", if r.bare_king { "loses" } else { "no rule" }));
    }
    parts.push(match r.move_rule {
        0 => "no n-move rule".to_string(),
        n => format!("{n}-move rule"),
    });
    parts.push(match r.repetition {
        0 => "no repetition rule".to_string(),
        n => format!("{n}-fold repetition"),
    });
    format!("rules: {}\n", parts.join("; "))
}

/// On a polygon board: every piece's destinations from the first cell.
fn polygon_moves_text(v: &Variant) -> String {
    let mut out = "\nmoves from a1 (alone on the board, White, unmoved):\n".to_string();
    let at = v.grid.label(0).to_string();
    // An immobile piece (a wall) has no moves to show.
    for p in v.pieces.iter().filter(|p| !p.immobile) {
        if let Ok(prep) = rookery::probe::prepare_on(v, p.letter, &at, false, &[], &[]) {
            let moves = rookery::probe::destinations(&prep, true);
            let cells: Vec<&str> = moves.iter().map(|m| m.to.as_str()).collect();
            out.push_str(&format!("  {} ({}): {}\n", p.name, p.betza, cells.join(" ")));
        }
    }
    out
}

/// On a grid: a diagram of every piece's moves from the centre (Black's
/// too where it moves otherwise).
fn move_diagrams_text(v: &Variant) -> String {
    let mut out = "\nmove diagrams (alone on the board, White, unmoved):\n".to_string();
    let (cx, cy) = ((v.grid.files() - 1) / 2, (v.grid.ranks() - 1) / 2);
    let at = (0..v.grid.len() as u16)
        .min_by_key(|&c| {
            let (x, y) = v.grid.coords(c);
            (x as i64 - cx as i64).abs() + (y as i64 - cy as i64).abs()
        })
        .unwrap_or(0);
    let label = v.grid.label(at).to_string();
    for p in v.pieces.iter().filter(|p| !p.immobile) {
        let sides: &[(bool, &str, &str)] = match &p.betza_black {
            Some(b) => &[(false, "White", &p.betza), (true, "Black", b)],
            None => &[(false, "", &p.betza)],
        };
        for &(black, side, betza) in sides {
            let Ok(prep) = rookery::probe::prepare_on(v, p.letter, &label, black, &[], &[]) else { continue };
            let moves = rookery::probe::destinations(&prep, true);
            let who = if side.is_empty() { String::new() } else { format!(", {side}") };
            out.push_str(&format!("\n{} ({betza}{who}) from {label}: {} destinations\n", p.name, moves.len()));
            out.push_str(&rookery::probe::diagram(&prep, &moves));
        }
    }
    out
}

/// The position as text, top rank first; `*` marks holes.
pub fn board_text(pos: &Position<'_>) -> String {
    let v = pos.variant();
    let g = &v.grid;
    let mut out = String::new();
    let piece = |c: u16| {
        let code = pos.at(c);
        if code == 0 {
            '.'
        } else {
            let l = v.pieces[code_kind(code) as usize].letter;
            if code_side(code) == 0 {
                l
            } else {
                l.to_ascii_lowercase()
            }
        }
    };
    if g.graph().is_some() {
        // Polygon boards: one line per FEN row, each cell with its label.
        for y in (0..g.ranks()).rev() {
            let cells: Vec<String> = (0..g.row_len(y))
                .filter_map(|x| g.at(x as i32, y as i32))
                .map(|c| format!("{}:{}", g.label(c), piece(c)))
                .collect();
            out.push_str(&format!("  {}\n", cells.join(" ")));
        }
        out.pop();
        return out;
    }
    for y in (0..g.ranks()).rev() {
        out.push_str(&format!("{:>3} ", y + 1));
        for x in 0..g.files() {
            let ch = match g.at(x as i32, y as i32) {
                None => '*',
                Some(c) => piece(c),
            };
            out.push(' ');
            out.push(ch);
        }
        out.push('\n');
    }
    out.push_str("    ");
    for x in 0..g.files() {
        out.push_str(&format!("{:>2}", rookery::board::file_label(x)));
    }
    if v.drops.is_some() {
        out.push_str(&format!("\n    in hand: White {}, Black {}", hand_text(pos, 0), hand_text(pos, 1)));
    }
    out
}

/// A side's hand as letters with counts (`Q 2P`), or `-`.
fn hand_text(pos: &Position<'_>, side: u8) -> String {
    let v = pos.variant();
    let items: Vec<String> = (0..v.pieces.len() as u8)
        .filter(|&k| pos.in_hand(side, k) > 0)
        .map(|k| {
            let l = v.pieces[k as usize].letter;
            let l = if side == 0 { l } else { l.to_ascii_lowercase() };
            match pos.in_hand(side, k) {
                1 => l.to_string(),
                n => format!("{n}{l}"),
            }
        })
        .collect();
    if items.is_empty() {
        "-".into()
    } else {
        items.join(" ")
    }
}

/// Arguments of `rookery moves`.
#[derive(clap::Args)]
pub struct MovesArgs {
    /// Definition: a TOML path or a built-in name.
    def: String,
    /// The piece's letter (upper case: White, lower case: Black, unless --side).
    #[arg(long)]
    piece: char,
    /// The piece's cell.
    #[arg(long)]
    at: String,
    /// The piece's side (default: from the letter's case).
    #[arg(long, value_parser = ["white", "black"])]
    side: Option<String>,
    /// A position to put the piece into (the piece replaces whatever is on
    /// its cell); default: alone on the empty board, unmoved.
    #[arg(long)]
    fen: Option<String>,
    /// Print `{"moves":[…]}` (the shape of `rookery betza --json`).
    #[arg(long)]
    json: bool,
}

/// Pseudo-legal destinations of one piece.
pub fn moves(a: MovesArgs) -> ExitCode {
    let v = match load(&a.def) {
        Ok(v) => v,
        Err(c) => return c,
    };
    let black = match a.side.as_deref() {
        Some(s) => s == "black",
        None => a.piece.is_ascii_lowercase(),
    };
    let (mut friends, mut enemies) = (Vec::new(), Vec::new());
    if let Some(fen) = &a.fen {
        let pos = match Position::from_fen(&v, fen) {
            Ok(p) => p,
            Err(e) => {
                errln!("{}", e.render(fen));
                return ExitCode::from(2);
            }
        };
        (friends, enemies) = rookery::probe::friends_and_enemies(&pos, &a.at, black);
    }
    let prep = match rookery::probe::prepare_on(&v, a.piece.to_ascii_uppercase(), &a.at, black, &friends, &enemies) {
        Ok(p) => p,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let moves: Vec<ProbeMove> = rookery::probe::destinations(&prep, a.fen.is_none());
    if a.json {
        #[derive(serde::Serialize)]
        struct Out<'a> {
            moves: &'a [ProbeMove],
        }
        outln!("{}", serde_json::to_string(&Out { moves: &moves }).expect("plain data"));
    } else {
        let n = moves.iter().filter(|m| m.kind != Kind::Castle).count();
        outln!("{} on {}: {n} destinations", a.piece, a.at);
        out!("{}", rookery::probe::diagram(&prep, &moves));
    }
    ExitCode::SUCCESS
}

/// `rookery schema`: the TOML key reference (Markdown).
pub fn schema() -> ExitCode {
    out!("{}", rookery::variant::spec::reference_markdown());
    ExitCode::SUCCESS
}
