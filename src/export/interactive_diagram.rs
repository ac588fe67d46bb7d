//! H. G. Muller's Interactive Diagram (ID) description: export and import.
//!
//! The description is a list of `key=value` items (`files=9 ranks=9
//! promoZone=1 promoChoice=NHRQ … stalemate=win baring=0 royal=K`) and one
//! item per piece, `name:ID:XBetza:image:squares`, where the squares are
//! White's, then an empty item (`,,`), then Black's; `hole::::squares` lists
//! the squares that are not part of the board. This is the text printed on
//! the TCB rules page and the input of Muller's GAME-code wizard.
//!
//! Export writes one item per line: the keys, then the pieces in
//! [`listing_order`], then the holes; `royal=` gives the royal piece's
//! number in that list, as the ID documentation writes it (`royal=8`). A
//! game the ID cannot play as ours (per-rank promotion, conditional
//! special moves, separate Black moves, the rules of
//! [`super::special_rules`]) is refused with every reason, never written as
//! a different game. Data the ID has no key for but that does not change
//! play (title, author, rules URL, draw rules, pawn flags) follows at the
//! end as `rookery…=` lines, one per line, so that [`import`] gives back an
//! equivalent definition. The ID is believed to ignore keys it does not
//! know (unverified); delete those lines if it does not.
//!
//! Import reads both layouts: one item per line, or everything on one line
//! separated by spaces (as stored copies of pages show it); piece names may
//! contain spaces. It understands square ranges (`a2-j2`), `symmetry=mirror`
//! (the default) and `symmetry=rotate` when Black's squares are not given,
//! `royal=` as a letter or a 1-based piece number, and empty ID/Betza
//! fields for the orthodox pieces.

use std::fmt::Write as _;

use super::{alfaerie_image, listing_order, setup_placement, squares_of, ExportError};
use crate::betza::ast::Move;
use crate::board::{parse_square, square_label, Grid};
use crate::variant::{EndValue, Variant};

/// Where the Alfaerie PNG pieces live (as on the TCB page).
pub const GRAPHICS_DIR: &str = "/graphics.dir/alfaeriePNG/";

/// Promotion as the standard keys say it: `promoZone` ranks at the far end,
/// compulsory, one choice list. `None` when the variant's zones say more.
fn standard_promotion(v: &Variant) -> Option<(u32, String)> {
    let r = v.grid.ranks();
    match v.zones.as_slice() {
        [] => Some((0, String::new())),
        [z] if z.mandatory => {
            let n = z.ranks[0].len() as u32;
            let white: Vec<u32> = (r - n..r).collect();
            let black: Vec<u32> = (0..n).collect();
            let (mut w, mut b) = (z.ranks[0].clone(), z.ranks[1].clone());
            w.sort();
            b.sort();
            (n > 0 && w == white && b == black)
                .then(|| (n, z.choices.iter().map(|&k| v.pieces[k as usize].letter).collect()))
        }
        _ => None,
    }
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

/// The Betza the ID is given for an immobile piece: the castling atom with
/// range 0, which makes no move (an empty Betza field would instead mean
/// the orthodox default for the piece's name).
pub const IMMOBILE_BETZA: &str = "O0";

/// What of `v` the ID cannot show, one line each: the rules of
/// [`super::special_rules`], separate Black moves, conditional special
/// moves, promotion beyond `promoZone`/`promoChoice`, bracket moves with
/// no `a`-chain equivalent.
fn problems(v: &Variant) -> Vec<String> {
    let mut problems = super::special_rules(v);
    for p in &v.pieces {
        if p.betza_black.is_some() {
            problems.push(format!(
                "piece {} ({}): Black's moves are given separately (`betza-black`); the ID turns White's moves for Black",
                p.name, p.letter
            ));
        }
        // Region-bound special moves are reported with the region rules.
        for ((name, b), _) in p.specials.iter().zip(&p.special_regions).filter(|(_, r)| r.is_none()) {
            problems.push(format!(
                "piece {} ({}): the special move {name:?} (`{b}`) is allowed only when not in check; the ID's XBetza has no such condition",
                p.name, p.letter
            ));
        }
        if !p.immobile {
            if let Err(e) = id_betza(&p.betza) {
                problems.push(format!("piece {} ({}): {e}", p.name, p.letter));
            }
        }
    }
    let royals: Vec<String> = v.pieces.iter().filter(|p| p.royal).map(|p| p.name.clone()).collect();
    if royals.len() > 1 {
        problems.push(format!("{} royal piece types ({}): `royal=` names one", royals.len(), royals.join(", ")));
    }
    if standard_promotion(v).is_none() {
        let zs: Vec<String> = v
            .zones
            .iter()
            .map(|z| {
                let c: String = z.choices.iter().map(|&k| v.pieces[k as usize].letter).collect();
                let r: Vec<String> = z.ranks[0].iter().map(|y| (y + 1).to_string()).collect();
                format!("ranks {} -> {c}{}", r.join(","), if z.mandatory { "" } else { " (optional)" })
            })
            .collect();
        problems.push(format!(
            "promotion by rank ({}): `promoZone`/`promoChoice` give one compulsory choice list for the last ranks",
            zs.join("; ")
        ));
    }
    problems
}

/// `betza` as the ID should be given it: a bracket move `[X?dirY]` is
/// rewritten in the `a`/`y` chain form the ID has long understood when a
/// known equivalent exists (checked move for move by `tests/export.rs`),
/// else an error says which move has none.
pub fn id_betza(betza: &str) -> Result<String, String> {
    let Ok(piece) = crate::betza::parse(betza) else { return Ok(betza.to_string()) };
    let mut out = String::new();
    for m in &piece.moves {
        let span = match m {
            Move::Bracket(b) => &b.span,
            Move::Chain(c) => &c.span,
        };
        let text = &betza[span.start..span.end];
        if !text.starts_with('[') {
            out.push_str(text);
            continue;
        }
        match BRACKET_CHAINS.iter().find(|(b, _)| *b == text) {
            Some((_, chain)) => out.push_str(chain),
            None => {
                return Err(format!(
                    "the bracket move `{text}` has no `a`-chain form in this exporter's checked table, and an older ID crashes on bracket moves"
                ))
            }
        }
    }
    Ok(out)
}

/// Bracket moves and their `a`/`y` chain equivalents (same moves on every
/// board; `tests/export.rs` checks each pair with the move prober).
pub const BRACKET_CHAINS: &[(&str, &str)] = &[("[F?fsR]", "FyafsF")];

/// The description of `v`. Fails, listing every reason, for what the ID
/// cannot show (see [`problems`]).
pub fn export(v: &Variant) -> Result<String, ExportError> {
    if let Some(e) = super::graph_board(v, super::Format::InteractiveDiagram) {
        return Err(e);
    }
    let problems = problems(v);
    if !problems.is_empty() {
        return Err(ExportError { format: super::Format::InteractiveDiagram, variant: v.name.clone(), problems });
    }
    let g = &v.grid;
    let mut out = String::new();
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
    if v.rules.bare_king {
        let _ = writeln!(out, "baring=0");
    }
    // `royal=` takes the royal piece's number in the piece list (the ID
    // documentation's `royal=8`); a letter is read with parseInt as no
    // piece at all. The list is written in `listing_order`, holes after it,
    // so the number does not depend on whether the ID counts `hole`.
    let order = listing_order(v);
    if let Some(n) = order.iter().position(|&k| v.pieces[k].royal) {
        let _ = writeln!(out, "royal={}", n + 1);
    }
    let pl = setup_placement(v);
    for &k in &order {
        let p = &v.pieces[k];
        let image = alfaerie_image(v, k).map_or_else(|| p.id.clone(), |(i, _)| i);
        let w = squares_of(v, &pl, k as u8, 0);
        let b = squares_of(v, &pl, k as u8, 1);
        let squares =
            if w.is_empty() && b.is_empty() { String::new() } else { format!("{},,{}", w.join(","), b.join(",")) };
        let betza = if p.immobile { IMMOBILE_BETZA.to_string() } else { id_betza(&p.betza).unwrap_or_default() };
        let _ = writeln!(out, "{}:{}:{}:{}:{}", p.name.replace(':', " "), p.letter, betza, image, squares);
    }
    let holes: Vec<String> = super::holes(v).into_iter().map(|(x, y)| square_label(x, y)).collect();
    if !holes.is_empty() {
        let _ = writeln!(out, "hole::::{}", holes.join(","));
    }
    // Everything else, for a faithful import.
    let line = |out: &mut String, k: &str, val: &str| {
        let _ = writeln!(out, "rookery{k}={}", val.replace('\\', "\\\\").replace('\n', "\\n"));
    };
    line(&mut out, "Name", &v.name);
    line(&mut out, "Title", &v.title);
    line(&mut out, "Author", &v.author);
    if let Some(y) = v.year {
        line(&mut out, "Year", &y.to_string());
    }
    line(&mut out, "RulesUrl", &v.rules_url);
    if let Some(d) = &v.description {
        line(&mut out, "Description", d);
    }
    if let Some(r) = &v.reconstructed {
        line(&mut out, "Reconstructed", r);
    }
    line(&mut out, "A1Light", &v.a1_light.to_string());
    let pawns: String = v.pieces.iter().filter(|p| p.pawn).map(|p| p.letter).collect();
    line(&mut out, "Pawns", &pawns);
    if v.rules.bare_king {
        line(&mut out, "CounterBaring", &v.rules.counter_baring.to_string());
        line(&mut out, "BareKingFirst", &v.rules.bare_king_first.to_string());
    }
    line(&mut out, "MoveRule", &v.rules.move_rule.to_string());
    line(&mut out, "Repetition", &v.rules.repetition.to_string());
    Ok(out)
}

/// Why a description cannot be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// One line per problem.
    pub problems: Vec<String>,
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for p in &self.problems {
            writeln!(f, "error: {p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ImportError {}

/// One item of a description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// `key=value`.
    Key(String, String),
    /// `name:ID:Betza:image:squares` (fields as written, maybe empty).
    Piece(Vec<String>),
}

/// Splits a description into items. A line starting with `rookery…=` is
/// one item (its value may contain spaces); otherwise items are separated
/// by whitespace, and words without `=` or `:` belong to the next piece
/// item's name (`dragon horse:H:BW:…`). Lines starting with `#` and the
/// verified-facts comment of the export are skipped.
pub fn items(text: &str) -> Vec<Item> {
    let mut out = Vec::new();
    for line in super::facts::strip(text).lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if t.starts_with("rookery") {
            if let Some((k, val)) = t.split_once('=') {
                if k.chars().all(|c| c.is_ascii_alphanumeric()) {
                    out.push(Item::Key(k.to_string(), unescape(val)));
                    continue;
                }
            }
        }
        let mut pending: Vec<&str> = Vec::new();
        for w in t.split_whitespace() {
            let colon = w.find(':');
            let eq = w.find('=');
            let is_key = match (eq, colon) {
                (Some(e), None) => e > 0,
                (Some(e), Some(c)) => e < c && e > 0,
                _ => false,
            };
            if is_key && w[..eq.unwrap()].chars().all(|c| c.is_ascii_alphanumeric()) {
                let (k, val) = w.split_once('=').expect("has =");
                out.push(Item::Key(k.to_string(), val.to_string()));
                pending.clear();
            } else if colon.is_some() {
                pending.push(w);
                let whole = pending.join(" ");
                out.push(Item::Piece(whole.split(':').map(str::to_string).collect()));
                pending.clear();
            } else {
                pending.push(w);
            }
        }
    }
    out
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('n') => out.push('\n'),
                Some(o) => out.push(o),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Betza of the orthodox pieces, for items that leave it empty.
fn default_betza(name: &str) -> Option<&'static str> {
    Some(match name.to_ascii_lowercase().as_str() {
        "pawn" => "fmWfceFifmnD",
        "knight" => "N",
        "bishop" => "B",
        "rook" => "R",
        "queen" => "Q",
        "king" => "KisO2",
        _ => return None,
    })
}

/// Squares of one list: `a1,b2`, ranges `a2-j2` (along a rank or a file).
fn expand(list: &str, problems: &mut Vec<String>) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for s in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if let Some((a, b)) = s.split_once('-') {
            match (parse_square(a), parse_square(b)) {
                (Some((x0, y0)), Some((x1, y1))) if x0 == x1 || y0 == y1 => {
                    for x in x0.min(x1)..=x0.max(x1) {
                        for y in y0.min(y1)..=y0.max(y1) {
                            out.push((x, y));
                        }
                    }
                }
                _ => problems.push(format!("{s:?} is not a square range")),
            }
        } else {
            match parse_square(s) {
                Some(sq) => out.push(sq),
                None => problems.push(format!("{s:?} is not a square")),
            }
        }
    }
    out
}

/// A TOML basic string.
fn q(s: &str) -> String {
    serde_json::to_string(s).expect("strings serialize")
}

/// A TOML table key / piece id from a name: lowercase, hyphens.
fn id_of(name: &str) -> String {
    let mut id = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
        } else if !id.ends_with('-') && !id.is_empty() {
            id.push('-');
        }
    }
    while id.ends_with('-') {
        id.pop();
    }
    if id.is_empty() {
        "piece".into()
    } else {
        id
    }
}

struct ImpPiece {
    name: String,
    letter: char,
    betza: String,
    image: String,
    white: Vec<(u32, u32)>,
    black: Option<Vec<(u32, u32)>>,
}

/// Turns a description into a TOML definition. `default_name` is used for
/// `variant.name` when the text has no `rookeryName` (e.g. a file stem).
pub fn import(text: &str, default_name: &str) -> Result<String, ImportError> {
    let mut problems = Vec::new();
    let mut keys: Vec<(String, String)> = Vec::new();
    let mut holes: Vec<(u32, u32)> = Vec::new();
    let mut pieces: Vec<ImpPiece> = Vec::new();
    for it in items(text) {
        match it {
            Item::Key(k, v) => keys.push((k, v)),
            Item::Piece(f) => {
                let field = |i: usize| f.get(i).map(|s| s.trim().to_string()).unwrap_or_default();
                let name = field(0);
                let squares = field(4);
                if name.eq_ignore_ascii_case("hole") {
                    holes.extend(expand(&squares, &mut problems));
                    continue;
                }
                let id = field(1);
                let letter = match id.chars().next().or_else(|| name.chars().find(|c| c.is_ascii_alphabetic())) {
                    Some(c) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
                    _ => {
                        problems.push(format!("piece {name:?}: no usable ID letter"));
                        continue;
                    }
                };
                let betza = match field(2) {
                    b if !b.is_empty() => b,
                    _ => match default_betza(&name) {
                        Some(b) => b.to_string(),
                        None => {
                            problems
                                .push(format!("piece {name:?}: no Betza given and no orthodox default for that name"));
                            continue;
                        }
                    },
                };
                let (white, black) = match squares.split_once(",,") {
                    Some((w, b)) => (expand(w, &mut problems), Some(expand(b, &mut problems))),
                    None => (expand(&squares, &mut problems), None),
                };
                pieces.push(ImpPiece { name, letter, betza, image: field(3), white, black });
            }
        }
    }
    let key = |k: &str| keys.iter().rev().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let num = |k: &str, problems: &mut Vec<String>| -> Option<u32> {
        key(k).and_then(|v| match v.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => {
                problems.push(format!("{k}={v:?} is not a number"));
                None
            }
        })
    };
    let files = num("files", &mut problems).unwrap_or(8);
    let ranks = num("ranks", &mut problems).unwrap_or(8);
    if !(1..=32).contains(&files) || !(1..=32).contains(&ranks) {
        problems.push(format!("board {files}x{ranks} is outside 1x1..32x32"));
        return Err(ImportError { problems });
    }
    let symmetry = key("symmetry").unwrap_or_else(|| "mirror".into());
    for p in &mut pieces {
        if p.black.is_none() {
            p.black = Some(match symmetry.as_str() {
                "rotate" => p.white.iter().map(|&(x, y)| (files - 1 - x, ranks - 1 - y)).collect(),
                "none" => Vec::new(),
                _ => p.white.iter().map(|&(x, y)| (x, ranks - 1 - y)).collect(),
            });
        }
    }
    let mut seen = Vec::new();
    for p in &pieces {
        if seen.contains(&p.letter) {
            problems.push(format!("two pieces use the ID {}", p.letter));
        }
        seen.push(p.letter);
    }
    // Royals: royal= (letter or 1-based number), rookeryRoyals, else kings.
    let mut royal: Vec<char> = Vec::new();
    if let Some(r) = key("rookeryRoyals") {
        royal.extend(r.chars());
    } else if let Some(r) = key("royal") {
        match r.parse::<usize>() {
            Ok(n) if n >= 1 && n <= pieces.len() => royal.push(pieces[n - 1].letter),
            Ok(n) => problems.push(format!("royal={n}: there are {} pieces", pieces.len())),
            Err(_) => royal.extend(r.chars().filter(|c| c.is_ascii_alphabetic()).map(|c| c.to_ascii_uppercase())),
        }
    } else {
        royal.extend(pieces.iter().filter(|p| p.name.eq_ignore_ascii_case("king")).map(|p| p.letter));
    }
    let pawns: Vec<char> = match key("rookeryPawns") {
        Some(s) => s.chars().collect(),
        None => pieces
            .iter()
            .filter(|p| p.name.to_ascii_lowercase().contains("pawn") || p.image.to_ascii_lowercase().contains("pawn"))
            .map(|p| p.letter)
            .collect(),
    };
    // Promotion zones.
    // (White's ranks, Black's ranks, choices, mandatory), ranks from 1.
    type ZoneRow = (Vec<u32>, Vec<u32>, Vec<char>, bool);
    let mut zones: Vec<ZoneRow> = Vec::new();
    if let Some(z) = key("rookeryZones") {
        for part in z.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let (mut w, mut b, mut c, mut mand) = (Vec::new(), Vec::new(), Vec::new(), true);
            for tok in part.split_whitespace() {
                let list = |s: &str| s.split(',').filter_map(|n| n.parse::<u32>().ok()).collect::<Vec<_>>();
                if let Some(s) = tok.strip_prefix("white=") {
                    w = list(s);
                } else if let Some(s) = tok.strip_prefix("black=") {
                    b = list(s);
                } else if let Some(s) = tok.strip_prefix("choices=") {
                    c = s.chars().collect();
                } else if tok == "optional" {
                    mand = false;
                }
            }
            zones.push((w, b, c, mand));
        }
    } else {
        let depth = num("promoZone", &mut problems).unwrap_or(if pawns.is_empty() { 0 } else { 1 }).min(ranks);
        if depth > 0 {
            let choices: Vec<char> = match key("promoChoice") {
                Some(c) => c.chars().filter(|c| c.is_ascii_alphabetic()).map(|c| c.to_ascii_uppercase()).collect(),
                None => pieces
                    .iter()
                    .filter(|p| !royal.contains(&p.letter) && !pawns.contains(&p.letter))
                    .map(|p| p.letter)
                    .collect(),
            };
            zones.push(((ranks - depth + 1..=ranks).collect(), (1..=depth).collect(), choices, true));
        }
    }
    let stalemate = match key("stalemate").as_deref() {
        Some("win") => "loss",
        Some("loss") => "win",
        None | Some("draw") => "draw",
        Some(o) => {
            problems.push(format!("stalemate={o:?} (expected win, draw or loss)"));
            "draw"
        }
    };
    let bare = key("baring").is_some();
    let counter = bare && key("rookeryCounterBaring").is_none_or(|s| s == "true");
    if !problems.is_empty() {
        return Err(ImportError { problems });
    }

    // The setup.
    let grid = Grid::new(files, ranks, &holes);
    let mut board: Vec<Option<char>> = vec![None; grid.len()];
    for p in &pieces {
        for (side, list) in [(0, &p.white), (1, p.black.as_ref().expect("filled"))] {
            for &(x, y) in list {
                match grid.at(x as i32, y as i32) {
                    Some(c) => {
                        let l = if side == 0 { p.letter } else { p.letter.to_ascii_lowercase() };
                        if let Some(old) = board[c as usize] {
                            problems.push(format!("{} holds both {old} and {l}", square_label(x, y)));
                        }
                        board[c as usize] = Some(l);
                    }
                    None => problems.push(format!(
                        "piece {} on {}, which is not a square of the board",
                        p.name,
                        square_label(x, y)
                    )),
                }
            }
        }
    }
    if !problems.is_empty() {
        return Err(ImportError { problems });
    }
    let placement = crate::game::fen::write_placement(&grid, &|c| board[c as usize]);
    let castles = pieces.iter().any(|p| royal.contains(&p.letter) && p.betza.contains('O'))
        || key("rookerySpecial").is_some_and(|s| s.split(':').nth(2).is_some_and(|b| b.contains('O')));
    let fen = format!("{placement} w {} - 0 1", if castles { "KQkq" } else { "-" });

    let name = key("rookeryName").unwrap_or_else(|| id_of(default_name));
    let mut t = String::new();
    let _ = writeln!(
        t,
        "# Imported from an Interactive Diagram description by `rookery import --from interactive-diagram`."
    );
    let _ = writeln!(t, "\n[variant]");
    let _ = writeln!(t, "name = {}", q(&name));
    let _ = writeln!(t, "title = {}", q(&key("rookeryTitle").unwrap_or_else(|| name.clone())));
    let _ = writeln!(t, "author = {}", q(&key("rookeryAuthor").unwrap_or_else(|| "unknown".into())));
    if let Some(y) = key("rookeryYear").and_then(|y| y.parse::<i64>().ok()) {
        let _ = writeln!(t, "year = {y}");
    }
    let _ = writeln!(t, "rules-url = {}", q(&key("rookeryRulesUrl").unwrap_or_default()));
    if let Some(d) = key("rookeryDescription") {
        let _ = writeln!(t, "description = {}", q(&d));
    }
    let _ = writeln!(t, "\n[board]");
    let _ = writeln!(t, "files = {files}");
    let _ = writeln!(t, "ranks = {ranks}");
    if !holes.is_empty() {
        let hs: Vec<String> = holes.iter().map(|&(x, y)| q(&square_label(x, y))).collect();
        let _ = writeln!(t, "holes = [{}]", hs.join(", "));
    }
    let _ = writeln!(t, "a1-light = {}", key("rookeryA1Light").as_deref() == Some("true"));
    let specials: Vec<(char, String, String)> = keys
        .iter()
        .filter(|(k, _)| k == "rookerySpecial")
        .filter_map(|(_, v)| {
            let mut it = v.splitn(4, ':');
            let l = it.next()?.chars().next()?;
            let _when = it.next()?;
            let b = it.next()?.to_string();
            let n = it.next().unwrap_or("special move").to_string();
            Some((l, b, n))
        })
        .collect();
    let mut ids: Vec<String> = Vec::new();
    for p in &pieces {
        let mut id = id_of(&p.name);
        while ids.contains(&id) {
            id.push('x');
        }
        ids.push(id.clone());
        let _ = writeln!(t, "\n[pieces.{id}]");
        let _ = writeln!(t, "name = {}", q(&p.name));
        let _ = writeln!(t, "letter = {}", q(&p.letter.to_string()));
        if p.betza == IMMOBILE_BETZA {
            let _ = writeln!(t, "immobile = true");
        } else {
            let _ = writeln!(t, "betza = {}", q(&p.betza));
        }
        if royal.contains(&p.letter) {
            let _ = writeln!(t, "royal = true");
        }
        if pawns.contains(&p.letter) {
            let _ = writeln!(t, "pawn = true");
        }
        if !p.image.is_empty() {
            let _ = writeln!(t, "image = {}", q(&p.image));
        }
        for (l, b, n) in &specials {
            if *l == p.letter {
                let _ = writeln!(t, "\n[[pieces.{id}.special]]");
                let _ = writeln!(t, "name = {}", q(n));
                let _ = writeln!(t, "betza = {}", q(b));
                let _ = writeln!(t, "when = \"not-in-check\"");
            }
        }
    }
    let _ = writeln!(t, "\n[setup]");
    let _ = writeln!(t, "fen = {}", q(&fen));
    if let Some(r) = key("rookeryReconstructed") {
        let _ = writeln!(t, "reconstructed = {}", q(&r));
    }
    for (w, b, c, mand) in &zones {
        let list = |v: &Vec<u32>| v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        let cs: Vec<String> = c.iter().map(|c| q(&c.to_string())).collect();
        let _ = writeln!(t, "\n[[promotion.zones]]");
        let _ = writeln!(t, "ranks = {{ white = [{}], black = [{}] }}", list(w), list(b));
        let _ = writeln!(t, "choices = [{}]", cs.join(", "));
        let _ = writeln!(t, "mandatory = {mand}");
    }
    let _ = writeln!(t, "\n[rules]");
    let _ = writeln!(t, "stalemate = {}", q(stalemate));
    let _ = writeln!(t, "bare-king = {}", q(if bare { "loss" } else { "none" }));
    if bare {
        let _ = writeln!(t, "counter-baring = {counter}");
        // Our reading of the ID's `baring=`: the bared side's one reply
        // comes first, then the bare king has lost (TCB's rules page).
        let first = key("rookeryBareKingFirst").is_none_or(|s| s == "true");
        let _ = writeln!(t, "bare-king-first = {first}");
    }
    let _ = writeln!(t, "move-rule = {}", key("rookeryMoveRule").and_then(|s| s.parse::<u32>().ok()).unwrap_or(50));
    let _ = writeln!(t, "repetition = {}", key("rookeryRepetition").and_then(|s| s.parse::<u32>().ok()).unwrap_or(3));
    Ok(if castles { keep_real_castling_rights(&t, &fen) } else { t })
}

/// The ID says only that the king castles, not with whom: keep the rights
/// of `KQkq` that have a king and partner in the imported setup (a king
/// alone, or without its rooks, has none), so the definition loads.
fn keep_real_castling_rights(toml: &str, fen: &str) -> String {
    let with = |field: &str| toml.replacen(fen, &fen.replacen(" w KQkq ", &format!(" w {field} "), 1), 1);
    let keep: String = "KQkq".chars().filter(|c| crate::variant::load_str(&with(&c.to_string())).is_ok()).collect();
    with(if keep.is_empty() { "-" } else { &keep })
}
