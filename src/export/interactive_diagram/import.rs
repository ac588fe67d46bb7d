//! A description turned back into a TOML definition, in named steps: read
//! the items, fill Black's squares, then royals, pawns, promotion zones,
//! end rules and the setup, and hand them to `toml_out.rs`.

use super::items::{items, ImportError, Item};
use super::toml_out::{self, Imported};
use crate::board::{parse_square, square_label, Grid};

/// One piece item.
pub(super) struct ImpPiece {
    pub name: String,
    pub letter: char,
    pub betza: String,
    pub image: String,
    pub white: Vec<(u32, u32)>,
    pub black: Option<Vec<(u32, u32)>>,
}

/// A promotion zone: (White's ranks, Black's ranks, choices, mandatory),
/// ranks from 1.
pub(super) type ZoneRow = (Vec<u32>, Vec<u32>, Vec<char>, bool);

/// The items of a description: keys in order, holes, pieces.
pub(super) struct Description {
    pub keys: Vec<(String, String)>,
    pub holes: Vec<(u32, u32)>,
    pub pieces: Vec<ImpPiece>,
}

impl Description {
    /// The last value given for `k`.
    pub fn key(&self, k: &str) -> Option<String> {
        self.keys.iter().rev().find(|(n, _)| n == k).map(|(_, v)| v.clone())
    }

    /// The value of `k` as a number; a problem if it is not one.
    fn num(&self, k: &str, problems: &mut Vec<String>) -> Option<u32> {
        self.key(k).and_then(|v| match v.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => {
                problems.push(format!("{k}={v:?} is not a number"));
                None
            }
        })
    }
}

/// Turns a description into a TOML definition. `default_name` is used for
/// `variant.name` when the text has no `rookeryName` (e.g. a file stem).
pub fn import(text: &str, default_name: &str) -> Result<String, ImportError> {
    let mut problems = Vec::new();
    let mut d = read(text, &mut problems);
    let files = d.num("files", &mut problems).unwrap_or(8);
    let ranks = d.num("ranks", &mut problems).unwrap_or(8);
    if !(1..=32).contains(&files) || !(1..=32).contains(&ranks) {
        problems.push(format!("board {files}x{ranks} is outside 1x1..32x32"));
        return Err(ImportError { problems });
    }
    fill_black(&mut d, files, ranks);
    check_letters(&d.pieces, &mut problems);
    let royal = royals(&d, &mut problems);
    let pawns = pawns(&d);
    let zones = zones(&d, &royal, &pawns, ranks, &mut problems);
    let stalemate = stalemate(&d, &mut problems);
    partial_baring(&d, &mut problems);
    // `rookeryExtinction`: the `baring=0` is Shatranj's rule, written as
    // our `[extinction]` table (see `refusals::shatranj_baring`).
    let extinction = d.key("baring").and(d.key("rookeryExtinction"));
    let bare = d.key("baring").is_some() && extinction.is_none();
    let counter = bare && d.key("rookeryCounterBaring").is_none_or(|s| s == "true");
    if !problems.is_empty() {
        return Err(ImportError { problems });
    }
    let grid = Grid::new(files, ranks, &d.holes);
    let placement = placement(&d, &grid)?;
    let castles = d.pieces.iter().any(|p| royal.contains(&p.letter) && p.betza.contains('O'))
        || d.key("rookerySpecial").is_some_and(|s| s.split(':').nth(2).is_some_and(|b| b.contains('O')));
    let fen = format!("{placement} w {} - 0 1", if castles { "KQkq" } else { "-" });
    let name = d.key("rookeryName").unwrap_or_else(|| toml_out::id_of(default_name));
    let t = toml_out::write(&Imported {
        d: &d,
        name,
        files,
        ranks,
        royal,
        pawns,
        zones,
        stalemate,
        bare,
        counter,
        extinction,
        fen: fen.clone(),
    });
    Ok(if castles { keep_real_castling_rights(&t, &fen) } else { t })
}

/// The keys, holes and pieces of `text`, with a problem for each piece item
/// that cannot be read.
fn read(text: &str, problems: &mut Vec<String>) -> Description {
    let mut d = Description { keys: Vec::new(), holes: Vec::new(), pieces: Vec::new() };
    for it in items(text) {
        match it {
            Item::Key(k, v) => d.keys.push((k, v)),
            Item::Piece(f) => {
                let field = |i: usize| f.get(i).map(|s| s.trim().to_string()).unwrap_or_default();
                if field(0).eq_ignore_ascii_case("hole") {
                    d.holes.extend(expand(&field(4), problems));
                } else if let Some(p) = piece(&field, problems) {
                    d.pieces.push(p);
                }
            }
        }
    }
    d
}

/// One `name:ID:Betza:image:squares` item; `None` (with a problem) when it
/// has no usable letter or no Betza.
fn piece(field: &dyn Fn(usize) -> String, problems: &mut Vec<String>) -> Option<ImpPiece> {
    let name = field(0);
    let squares = field(4);
    let id = field(1);
    let letter = match id.chars().next().or_else(|| name.chars().find(|c| c.is_ascii_alphabetic())) {
        Some(c) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
        _ => {
            problems.push(format!("piece {name:?}: no usable ID letter"));
            return None;
        }
    };
    let betza = match field(2) {
        b if !b.is_empty() => b,
        _ => match default_betza(&name) {
            Some(b) => b.to_string(),
            None => {
                problems.push(format!("piece {name:?}: no Betza given and no orthodox default for that name"));
                return None;
            }
        },
    };
    let (white, black) = match squares.split_once(",,") {
        Some((w, b)) => (expand(w, problems), Some(expand(b, problems))),
        None => (expand(&squares, problems), None),
    };
    Some(ImpPiece { name, letter, betza, image: field(3), white, black })
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

/// Black's squares where the item gives none, by `symmetry=` (mirror by
/// default, `rotate`, or `none`).
fn fill_black(d: &mut Description, files: u32, ranks: u32) {
    let symmetry = d.key("symmetry").unwrap_or_else(|| "mirror".into());
    for p in &mut d.pieces {
        if p.black.is_none() {
            p.black = Some(match symmetry.as_str() {
                "rotate" => p.white.iter().map(|&(x, y)| (files - 1 - x, ranks - 1 - y)).collect(),
                "none" => Vec::new(),
                _ => p.white.iter().map(|&(x, y)| (x, ranks - 1 - y)).collect(),
            });
        }
    }
}

/// Each ID letter names one piece.
fn check_letters(pieces: &[ImpPiece], problems: &mut Vec<String>) {
    let mut seen = Vec::new();
    for p in pieces {
        if seen.contains(&p.letter) {
            problems.push(format!("two pieces use the ID {}", p.letter));
        }
        seen.push(p.letter);
    }
}

/// Royals: `rookeryRoyals`, else `royal=` (letter or 1-based number), else
/// the pieces named King.
fn royals(d: &Description, problems: &mut Vec<String>) -> Vec<char> {
    let mut royal: Vec<char> = Vec::new();
    if let Some(r) = d.key("rookeryRoyals") {
        royal.extend(r.chars());
    } else if let Some(r) = d.key("royal") {
        match r.parse::<usize>() {
            Ok(n) if n >= 1 && n <= d.pieces.len() => royal.push(d.pieces[n - 1].letter),
            Ok(n) => problems.push(format!("royal={n}: there are {} pieces", d.pieces.len())),
            Err(_) => royal.extend(r.chars().filter(|c| c.is_ascii_alphabetic()).map(|c| c.to_ascii_uppercase())),
        }
    } else {
        royal.extend(d.pieces.iter().filter(|p| p.name.eq_ignore_ascii_case("king")).map(|p| p.letter));
    }
    royal
}

/// Pawns: `rookeryPawns`, else pieces whose name or image says pawn.
fn pawns(d: &Description) -> Vec<char> {
    match d.key("rookeryPawns") {
        Some(s) => s.chars().collect(),
        None => d
            .pieces
            .iter()
            .filter(|p| p.name.to_ascii_lowercase().contains("pawn") || p.image.to_ascii_lowercase().contains("pawn"))
            .map(|p| p.letter)
            .collect(),
    }
}

/// Promotion zones: `rookeryZones`, else `promoZone` last ranks with
/// `promoChoice` (default: every piece but royals and pawns).
fn zones(d: &Description, royal: &[char], pawns: &[char], ranks: u32, problems: &mut Vec<String>) -> Vec<ZoneRow> {
    let mut zones: Vec<ZoneRow> = Vec::new();
    if let Some(z) = d.key("rookeryZones") {
        for part in z.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            zones.push(zone_row(part));
        }
        return zones;
    }
    let depth = d.num("promoZone", problems).unwrap_or(if pawns.is_empty() { 0 } else { 1 }).min(ranks);
    if depth > 0 {
        let choices: Vec<char> = match d.key("promoChoice") {
            Some(c) => c.chars().filter(|c| c.is_ascii_alphabetic()).map(|c| c.to_ascii_uppercase()).collect(),
            None => d
                .pieces
                .iter()
                .filter(|p| !royal.contains(&p.letter) && !pawns.contains(&p.letter))
                .map(|p| p.letter)
                .collect(),
        };
        zones.push(((ranks - depth + 1..=ranks).collect(), (1..=depth).collect(), choices, true));
    }
    zones
}

/// One `white=… black=… choices=… [optional]` part of `rookeryZones`.
fn zone_row(part: &str) -> ZoneRow {
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
    (w, b, c, mand)
}

/// The ID's `stalemate=` (for the side that delivers it) as our value for
/// the stalemated side.
fn stalemate(d: &Description, problems: &mut Vec<String>) -> &'static str {
    match d.key("stalemate").as_deref() {
        Some("win") => "loss",
        Some("loss") => "win",
        None | Some("draw") => "draw",
        Some(o) => {
            problems.push(format!("stalemate={o:?} (expected win, draw or loss)"));
            "draw"
        }
    }
}

/// `baring=N` for N > 0 counts only piece type N for the baring, one key
/// per type ("you can specify which piece types should be counted for the
/// baring, through a number of baring=N parameters", H. G. Muller,
/// chessvariants.com reply 40388); Rookery's bare-king rule counts every
/// non-royal piece, the meaning of `baring=0` only.
fn partial_baring(d: &Description, problems: &mut Vec<String>) {
    for (_, n) in d.keys.iter().filter(|(k, n)| k == "baring" && n != "0") {
        problems.push(format!(
            "baring={n}: only some piece types count for the baring; Rookery's bare-king rule counts every non-royal piece (baring=0)"
        ));
    }
}

/// The setup's FEN placement; every piece on a square of the board, one
/// piece a square.
fn placement(d: &Description, grid: &Grid) -> Result<String, ImportError> {
    let mut problems = Vec::new();
    let mut board: Vec<Option<char>> = vec![None; grid.len()];
    for p in &d.pieces {
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
    Ok(crate::game::fen::write_placement(grid, &|c| board[c as usize]))
}

/// The ID says only that the king castles, not with whom: keep the rights
/// of `KQkq` that have a king and partner in the imported setup (a king
/// alone, or without its rooks, has none), so the definition loads.
fn keep_real_castling_rights(toml: &str, fen: &str) -> String {
    let with = |field: &str| toml.replacen(fen, &fen.replacen(" w KQkq ", &format!(" w {field} "), 1), 1);
    let keep: String = "KQkq".chars().filter(|c| crate::variant::load_str(&with(&c.to_string())).is_ok()).collect();
    with(if keep.is_empty() { "-" } else { &keep })
}
