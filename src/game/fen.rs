//! FEN for any board: ranks from the top, `/` between them, multi-digit
//! empty counts (`12`), `*` for holes (and for walls, in a variant with
//! `[walls]`); then side, castling, e.p., clocks.

use std::ops::Range;

use super::Side;
use crate::board::{Cell, Grid};

/// A FEN read against a board, before the variant's rules give it meaning
/// (the raw "setup"; `Position::from_fen` validates the rest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// (kind, side) per cell.
    pub cells: Vec<Option<(u8, Side)>>,
    /// Cells whose piece is marked promoted (`Q~`, as Fairy-Stockfish writes
    /// a piece promoted from a pawn in the crazyhouse family).
    pub promoted: Vec<bool>,
    /// Side to move.
    pub side: Side,
    /// Castling field as written (`KQkq`, `-`).
    pub castling: String,
    /// En-passant field: one square, or Fairy-Stockfish's list for a
    /// pawn it does not count as a chess pawn (`c3c4`: every square the
    /// double step crossed, then the square it ended on).
    pub ep: Vec<Cell>,
    /// Pieces in hand, as (kind, side) with repetitions (`[SSss]` after the placement).
    pub hand: Vec<(u8, Side)>,
    /// Halfmove clock.
    pub halfmove: u32,
    /// Move number.
    pub fullmove: u32,
    /// n-check counters (`3+3`: checks White, Black still have to give),
    /// when the FEN has that field.
    pub checks: Option<[u8; 2]>,
    /// A counting limit in plies written in the en-passant field, as
    /// Fairy-Stockfish writes a running count (`rules::counting`).
    pub count_limit: Option<u32>,
}

/// Problems as (byte range in the FEN, message).
pub type FenErrors = Vec<(Range<usize>, String)>;

/// Reads a FEN; `kind_of` maps a piece letter (either case) to its kind.
/// Returns every problem found.
pub fn parse_placement(grid: &Grid, kind_of: &dyn Fn(char) -> Option<u8>, fen: &str) -> Result<Placement, FenErrors> {
    parse_placement_with(grid, kind_of, &|_| None, fen)
}

/// [`parse_placement`], where `+X` stands for the piece `X` promotes to
/// (`plus(kind of X)`, shogi style).
pub fn parse_placement_with(
    grid: &Grid,
    kind_of: &dyn Fn(char) -> Option<u8>,
    plus: &dyn Fn(u8) -> Option<u8>,
    fen: &str,
) -> Result<Placement, FenErrors> {
    let mut errs: FenErrors = Vec::new();
    let mut cells = vec![None; grid.len()];
    let mut promoted = vec![false; grid.len()];
    // Field boundaries with their offsets.
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut pos = 0;
    for part in fen.split(' ') {
        if !part.is_empty() {
            fields.push((pos, part));
        }
        pos += part.len() + 1;
    }
    // `placement side halfmove fullmove` (Fairy-Stockfish's shogi start
    // positions): no castling or en-passant field.
    if fields.len() == 4 && fields[2..].iter().all(|(_, f)| f.bytes().all(|b| b.is_ascii_digit())) {
        let (o, _) = fields[2];
        fields.splice(2..2, [(o, "-"), (o, "-")]);
    }
    let Some(&(_, board_field)) = fields.first() else {
        return Err(vec![(0..fen.len().max(1), "empty FEN".into())]);
    };
    // `placement[hand]`: pieces in hand after the placement, as in Fairy-Stockfish.
    let mut hand = Vec::new();
    let board = match board_field.find('[') {
        None => board_field,
        Some(open) => {
            let inner = &board_field[open + 1..];
            match inner.strip_suffix(']') {
                None => errs.push((open..board_field.len(), "the hand `[…]` is not closed".to_string())),
                Some(letters) => {
                    for (i, c) in letters.char_indices().filter(|&(_, c)| c != '-') {
                        match kind_of(c) {
                            Some(k) if c.is_ascii_alphabetic() => {
                                hand.push((k, if c.is_ascii_uppercase() { 0 } else { 1 }))
                            }
                            _ => errs.push((
                                open + 1 + i..open + 1 + i + c.len_utf8(),
                                format!("unknown piece letter '{c}' in the hand"),
                            )),
                        }
                    }
                }
            }
            &board_field[..open]
        }
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != grid.ranks() as usize {
        errs.push((0..board.len(), format!("{} ranks given, the board has {}", rows.len(), grid.ranks())));
    }
    let mut off = 0;
    for (i, row) in rows.iter().enumerate() {
        let y = grid.ranks() as i64 - 1 - i as i64;
        let mut x: i64 = 0;
        let bytes = row.as_bytes();
        let mut j = 0;
        let mut over_reported = false;
        let mut plus_next = false;
        while j < bytes.len() {
            let at = off + j;
            let c = bytes[j] as char;
            if c.is_ascii_digit() {
                let mut k = j;
                while k < bytes.len() && bytes[k].is_ascii_digit() {
                    k += 1;
                }
                let n: i64 = row[j..k].parse().unwrap_or(i64::MAX / 4);
                for dx in 0..n.min(64) {
                    if y >= 0 && grid.is_hole((x + dx) as u32, y as u32) && x + dx < grid.files() as i64 {
                        errs.push((
                            at..off + k,
                            format!("{} is a hole: write `*` for it, not an empty square", label(x + dx, y)),
                        ));
                        break;
                    }
                }
                x += n;
                j = k;
            } else if c == '*' {
                let cell = if y >= 0 && x < grid.files() as i64 { grid.at(x as i32, y as i32) } else { None };
                // On a cell (not a hole) `*` is a wall, in a variant with walls.
                if let (Some(cell), Some(wall)) = (cell, kind_of('*')) {
                    cells[cell as usize] = Some((wall, 0));
                } else if cell.is_some() {
                    errs.push((
                        at..at + 1,
                        format!("`*` marks {} as a hole, but it is not one of the board's holes", label(x, y)),
                    ));
                }
                x += 1;
                j += 1;
            } else if c == '+' && bytes.get(j + 1).is_some_and(|b| b.is_ascii_alphabetic()) {
                // `+X`: the promoted form of X; the letter comes next.
                plus_next = true;
                j += 1;
                continue;
            } else if c.is_ascii_alphabetic() {
                let promoted_kind = |k: u8| if std::mem::take(&mut plus_next) { plus(k) } else { Some(k) };
                match kind_of(c).map(promoted_kind) {
                    Some(None) => errs.push((at..at + 1, format!("'{c}' has no promoted form (`+{c}`)"))),
                    None => errs.push((at..at + 1, format!("unknown piece letter '{c}'"))),
                    Some(Some(kind)) => {
                        if y >= 0 && x < grid.files() as i64 {
                            match grid.at(x as i32, y as i32) {
                                Some(cell) => {
                                    cells[cell as usize] = Some((kind, if c.is_ascii_uppercase() { 0 } else { 1 }));
                                    if bytes.get(j + 1) == Some(&b'~') {
                                        promoted[cell as usize] = true;
                                    }
                                }
                                None => {
                                    errs.push((at..at + 1, format!("piece '{c}' stands on the hole {}", label(x, y))))
                                }
                            }
                        }
                    }
                }
                x += 1;
                j += 1;
                if bytes.get(j) == Some(&b'~') {
                    j += 1;
                }
            } else {
                // Any character, possibly several bytes long: spans stay on character boundaries.
                let c = row[j..].chars().next().unwrap_or('?');
                errs.push((at..at + c.len_utf8(), format!("unexpected character '{c}' in the placement")));
                j += c.len_utf8();
            }
            let width = if y >= 0 { grid.row_len(y as u32) as i64 } else { grid.files() as i64 };
            if x > width && !over_reported {
                over_reported = true;
                errs.push((off..off + row.len(), format!("rank {} has more than {width} squares", y + 1)));
            }
        }
        let width = if y >= 0 { grid.row_len(y as u32) as i64 } else { grid.files() as i64 };
        if x < width {
            errs.push((
                off..off + row.len().max(1),
                format!("rank {} has {x} squares, the board has {width} files", y + 1),
            ));
        }
        off += row.len() + 1;
    }
    let side = match fields.get(1) {
        None => 0,
        Some((_, "w")) => 0,
        Some((_, "b")) => 1,
        Some(&(o, s)) => {
            errs.push((o..o + s.len(), format!("side to move must be `w` or `b`, not {s:?}")));
            0
        }
    };
    let castling = match fields.get(2) {
        None => "-".to_string(),
        Some(&(o, s)) => {
            let file_letter = |c: char| {
                let l = c.to_ascii_lowercase();
                l.is_ascii_lowercase() && ((l as u8 - b'a') as u32) < grid.files()
            };
            if s != "-" && !s.chars().all(|c| "KQkq".contains(c) || file_letter(c)) {
                errs.push((o..o + s.len(), format!("castling field {s:?} must be `-`, or K Q k q and file letters")));
            }
            s.to_string()
        }
    };
    // A number where no cell has that name: a counting limit.
    let count_limit = fields
        .get(3)
        .filter(|(_, s)| grid.parse(s).is_none())
        .and_then(|(_, s)| s.parse::<u32>().ok())
        .filter(|&n| n <= 100_000);
    let ep = match fields.get(3) {
        None | Some((_, "-")) => vec![],
        Some(_) if count_limit.is_some() => vec![],
        Some(&(o, s)) => match ep_cells(grid, s) {
            Some(c) => c,
            None => {
                errs.push((o..o + s.len(), format!("en-passant field {s:?} is not a cell of the board")));
                vec![]
            }
        },
    };
    // Fairy-Stockfish's n-check field (`3+3`) stands between the e.p.
    // square and the clocks; the clocks move one field on.
    let checks = fields.get(4).and_then(|&(_, s)| {
        let (w, b) = s.split_once('+')?;
        Some([w.parse().ok()?, b.parse().ok()?])
    });
    if checks.is_some() {
        fields.remove(4);
    }
    let mut num = |i: usize, default: u32, what: &str| match fields.get(i) {
        None => default,
        Some(&(o, s)) => s.parse().unwrap_or_else(|_| {
            errs.push((o..o + s.len(), format!("{what} {s:?} is not a number")));
            default
        }),
    };
    let halfmove = num(4, 0, "halfmove clock");
    let fullmove = num(5, 1, "move number");
    if let Some(&(o, s)) = fields.get(5).filter(|_| fullmove == 0) {
        errs.push((o..o + s.len(), "the move number starts at 1".to_string()));
    }
    if let Some(&(o, s)) = fields.get(6) {
        errs.push((o..o + s.len(), "unexpected extra field in the FEN".to_string()));
    }
    if errs.is_empty() {
        Ok(Placement { cells, promoted, side, castling, ep, hand, halfmove, fullmove, checks, count_limit })
    } else {
        Err(errs)
    }
}

fn label(x: i64, y: i64) -> String {
    if x < 0 || y < 0 {
        return "?".into();
    }
    crate::board::square_label(x as u32, y as u32)
}

/// Writes the placement part of a FEN.
pub fn write_placement(grid: &Grid, letter: &dyn Fn(Cell) -> Option<char>) -> String {
    write_placement_marked(grid, letter, &|_| (None, None))
}

/// Writes the placement part of a FEN, with marks before and after some
/// pieces (`+P` for a shogi-style promoted piece, `Q~` for one promoted from
/// a pawn).
pub fn write_placement_marked(
    grid: &Grid,
    letter: &dyn Fn(Cell) -> Option<char>,
    mark: &dyn Fn(Cell) -> (Option<char>, Option<char>),
) -> String {
    let mut out = String::new();
    for y in (0..grid.ranks() as i32).rev() {
        let mut empty = 0;
        for x in 0..grid.row_len(y as u32) as i32 {
            match grid.at(x, y) {
                None => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push('*');
                }
                Some(c) => match letter(c) {
                    None => empty += 1,
                    Some(l) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let (before, after) = mark(c);
                        out.extend(before);
                        out.push(l);
                        out.extend(after);
                    }
                },
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if y > 0 {
            out.push('/');
        }
    }
    out
}

/// The cells of an en-passant field: one cell name, or several run together
/// as Fairy-Stockfish writes them (`c3c4`, `b3b4b5`), each a letter run and
/// a digit run. At most 8; None if any part is not a cell.
fn ep_cells(grid: &Grid, s: &str) -> Option<Vec<Cell>> {
    if let Some(c) = grid.parse(s) {
        return Some(vec![c]);
    }
    let mut cells = Vec::new();
    let mut start = 0;
    let b = s.as_bytes();
    for i in 1..=b.len() {
        if i == b.len() || (b[i - 1].is_ascii_digit() && !b[i].is_ascii_digit()) {
            cells.push(grid.parse(&s[start..i])?);
            start = i;
        }
    }
    (cells.len() <= 8).then_some(cells)
}
