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
    let mut fields = split_fields(fen);
    let Some(&(_, board_field)) = fields.first() else {
        return Err(vec![(0..fen.len().max(1), "empty FEN".into())]);
    };
    let mut errs: FenErrors = Vec::new();
    let (board, hand) = read_hand(board_field, kind_of, &mut errs);
    let (cells, promoted) = {
        let mut ranks = Ranks::new(grid, kind_of, plus, &mut errs);
        ranks.read(board);
        (ranks.cells, ranks.promoted)
    };
    let side = read_side(&fields, &mut errs);
    let castling = read_castling(grid, &fields, &mut errs);
    let (ep, count_limit) = read_ep(grid, &fields, &mut errs);
    let checks = take_checks(&mut fields);
    let (halfmove, fullmove) = read_clocks(&fields, &mut errs);
    if errs.is_empty() {
        Ok(Placement { cells, promoted, side, castling, ep, hand, halfmove, fullmove, checks, count_limit })
    } else {
        Err(errs)
    }
}

/// The placement field's index, for [`field_span`].
pub const PLACEMENT: usize = 0;
/// The castling field's index, for [`field_span`].
pub const CASTLING: usize = 2;
/// The en-passant field's index, for [`field_span`].
pub const EP: usize = 3;
/// Not a field: the hand (`[…]` after the placement), for [`field_span`].
pub const HAND: usize = usize::MAX;

/// Where field `i` of a FEN stands ([`PLACEMENT`], [`CASTLING`], [`EP`],
/// or the [`HAND`] within the placement), for problems found after the
/// fields were read; the end of the FEN for a field it lacks.
pub fn field_span(fen: &str, i: usize) -> Range<usize> {
    let fields = split_fields(fen);
    let found = match i {
        HAND => fields.first().and_then(|&(o, s)| s.find('[').map(|b| o + b..o + s.len())),
        _ => fields.get(i).map(|&(o, s)| o..o + s.len()),
    };
    found.unwrap_or(fen.len()..fen.len())
}

/// The FEN's space-separated fields with their byte offsets. A FEN of
/// four fields ending in two numbers is Fairy-Stockfish's shogi form
/// (`placement side halfmove fullmove`): empty castling and en-passant
/// fields are put in, so every field keeps its usual index.
fn split_fields(fen: &str) -> Vec<(usize, &str)> {
    let mut fields = Vec::new();
    let mut pos = 0;
    for part in fen.split(' ') {
        if !part.is_empty() {
            fields.push((pos, part));
        }
        pos += part.len() + 1;
    }
    if fields.len() == 4 && fields[2..].iter().all(|(_, f)| f.bytes().all(|b| b.is_ascii_digit())) {
        let (o, _) = fields[2];
        fields.splice(2..2, [(o, "-"), (o, "-")]);
    }
    fields
}

/// Splits `placement[hand]` (pieces in hand after the placement, as in
/// Fairy-Stockfish) into the placement and the hand's (kind, side) list.
fn read_hand<'f>(
    board_field: &'f str,
    kind_of: &dyn Fn(char) -> Option<u8>,
    errs: &mut FenErrors,
) -> (&'f str, Vec<(u8, Side)>) {
    let mut hand = Vec::new();
    let Some(open) = board_field.find('[') else {
        return (board_field, hand);
    };
    match board_field[open + 1..].strip_suffix(']') {
        None => errs.push((open..board_field.len(), "the hand `[…]` is not closed".to_string())),
        Some(letters) => {
            for (i, c) in letters.char_indices().filter(|&(_, c)| c != '-') {
                match kind_of(c) {
                    Some(k) if c.is_ascii_alphabetic() => hand.push((k, side_of(c))),
                    _ => errs.push((
                        open + 1 + i..open + 1 + i + c.len_utf8(),
                        format!("unknown piece letter '{c}' in the hand"),
                    )),
                }
            }
        }
    }
    (&board_field[..open], hand)
}

/// White for an upper-case letter, Black for a lower-case one.
fn side_of(c: char) -> Side {
    if c.is_ascii_uppercase() {
        0
    } else {
        1
    }
}

/// The placement's reader: the cells filled so far and the problems found.
struct Ranks<'a, 'e> {
    grid: &'a Grid,
    kind_of: &'a dyn Fn(char) -> Option<u8>,
    plus: &'a dyn Fn(u8) -> Option<u8>,
    errs: &'e mut FenErrors,
    cells: Vec<Option<(u8, Side)>>,
    promoted: Vec<bool>,
}

/// Where the reader stands in one rank: `x` counts the squares written
/// so far, `j` is the byte in the rank's text, `off` the rank's offset in
/// the FEN.
struct Row<'r> {
    text: &'r str,
    off: usize,
    y: i64,
    x: i64,
    j: usize,
    /// A `+` was read: the next letter stands for its promoted form.
    plus_next: bool,
}

impl<'a, 'e> Ranks<'a, 'e> {
    /// A reader with every cell of `grid` empty.
    fn new(
        grid: &'a Grid,
        kind_of: &'a dyn Fn(char) -> Option<u8>,
        plus: &'a dyn Fn(u8) -> Option<u8>,
        errs: &'e mut FenErrors,
    ) -> Self {
        Ranks { grid, kind_of, plus, errs, cells: vec![None; grid.len()], promoted: vec![false; grid.len()] }
    }

    /// Reads the ranks, from the top one down, `/` between them. Ranks
    /// beyond the board's are one error, located at them, and not read.
    fn read(&mut self, board: &str) {
        let rows: Vec<&str> = board.split('/').collect();
        let ranks = self.grid.ranks() as usize;
        if rows.len() != ranks {
            // Too many: the span starts at the `/` before the first extra rank.
            let extra = rows[..ranks.min(rows.len())].iter().map(|r| r.len() + 1).sum::<usize>();
            let start = if rows.len() > ranks { extra - 1 } else { 0 };
            let end = board.len().max(start + 1);
            self.errs.push((start..end, format!("{} ranks given, the board has {ranks}", rows.len())));
        }
        let (mut off, before) = (0, self.errs.len());
        for (i, text) in rows.iter().take(ranks).enumerate() {
            let y = (ranks - 1 - i) as i64;
            self.read_row(Row { text, off, y, x: 0, j: 0, plus_next: false });
            off += text.len() + 1;
        }
        // An empty last rank ("…/") is reported on the `/` before it, not
        // past the placement's end.
        for (span, _) in &mut self.errs[before..] {
            if span.end > board.len() && !board.is_empty() {
                *span = board.len() - 1..board.len();
            }
        }
    }

    /// The number of squares rank `y` has.
    fn width(&self, y: i64) -> i64 {
        self.grid.row_len(y as u32) as i64
    }

    /// Reads one rank; reports a rank too long (once) or too short.
    fn read_row(&mut self, mut row: Row) {
        let mut over_reported = false;
        while row.j < row.text.len() {
            let c = row.text.as_bytes()[row.j] as char;
            if c.is_ascii_digit() {
                self.empties(&mut row);
            } else if c == '*' {
                self.star(&mut row);
            } else if c == '+' && row.text.as_bytes().get(row.j + 1).is_some_and(|b| b.is_ascii_alphabetic()) {
                // `+X`: the promoted form of X; the letter comes next.
                row.plus_next = true;
                row.j += 1;
                continue;
            } else if c.is_ascii_alphabetic() {
                self.piece(&mut row, c);
            } else {
                // Any character, possibly several bytes long: spans stay on character boundaries.
                let c = row.text[row.j..].chars().next().unwrap_or('?');
                let at = row.off + row.j;
                self.errs.push((at..at + c.len_utf8(), format!("unexpected character '{c}' in the placement")));
                row.j += c.len_utf8();
            }
            let width = self.width(row.y);
            if row.x > width && !over_reported {
                over_reported = true;
                let span = row.off..row.off + row.text.len();
                self.errs.push((span, format!("rank {} has more than {width} squares", row.y + 1)));
            }
        }
        let width = self.width(row.y);
        if row.x < width {
            self.errs.push((
                row.off..row.off + row.text.len().max(1),
                format!("rank {} has {} squares, the board has {width} files", row.y + 1, row.x),
            ));
        }
    }

    /// A run of empty squares (`12`); a hole among them is an error, since
    /// a hole is written `*`.
    fn empties(&mut self, row: &mut Row) {
        let (bytes, j, y) = (row.text.as_bytes(), row.j, row.y);
        let mut k = j;
        while k < bytes.len() && bytes[k].is_ascii_digit() {
            k += 1;
        }
        let n: i64 = row.text[j..k].parse().unwrap_or(i64::MAX / 4);
        for x in row.x..row.x + n.min(64) {
            if y >= 0 && self.grid.is_hole(x as u32, y as u32) && x < self.grid.files() as i64 {
                let msg = format!("{} is a hole: write `*` for it, not an empty square", label(x, y));
                self.errs.push((row.off + j..row.off + k, msg));
                break;
            }
        }
        row.x += n;
        row.j = k;
    }

    /// `*`: a hole, or on a cell a wall, in a variant with walls.
    fn star(&mut self, row: &mut Row) {
        let (x, y) = (row.x, row.y);
        let cell = if y >= 0 && x < self.grid.files() as i64 { self.grid.at(x as i32, y as i32) } else { None };
        if let (Some(cell), Some(wall)) = (cell, (self.kind_of)('*')) {
            self.cells[cell as usize] = Some((wall, 0));
        } else if cell.is_some() {
            let at = row.off + row.j;
            let msg = format!("`*` marks {} as a hole, but it is not one of the board's holes", label(x, y));
            self.errs.push((at..at + 1, msg));
        }
        row.x += 1;
        row.j += 1;
    }

    /// A piece letter, after a `+` its promoted form, and a `~` after it
    /// marking it promoted.
    fn piece(&mut self, row: &mut Row, c: char) {
        let at = row.off + row.j;
        let promoted_kind = |k: u8| if std::mem::take(&mut row.plus_next) { (self.plus)(k) } else { Some(k) };
        match (self.kind_of)(c).map(promoted_kind) {
            Some(None) => self.errs.push((at..at + 1, format!("'{c}' has no promoted form (`+{c}`)"))),
            None => self.errs.push((at..at + 1, format!("unknown piece letter '{c}'"))),
            Some(Some(kind)) => self.place(row, c, kind),
        }
        row.x += 1;
        row.j += 1;
        if row.text.as_bytes().get(row.j) == Some(&b'~') {
            row.j += 1;
        }
    }

    /// Puts a piece of `kind` (side from the case of `c`) on the row's
    /// current square, unless that square is off the board or a hole.
    fn place(&mut self, row: &Row, c: char, kind: u8) {
        let (x, y) = (row.x, row.y);
        if y < 0 || x >= self.grid.files() as i64 {
            return;
        }
        match self.grid.at(x as i32, y as i32) {
            Some(cell) => {
                self.cells[cell as usize] = Some((kind, side_of(c)));
                if row.text.as_bytes().get(row.j + 1) == Some(&b'~') {
                    self.promoted[cell as usize] = true;
                }
            }
            None => {
                let at = row.off + row.j;
                self.errs.push((at..at + 1, format!("piece '{c}' stands on the hole {}", label(x, y))))
            }
        }
    }
}

/// The side to move: `w` (also when the field is missing) or `b`.
fn read_side(fields: &[(usize, &str)], errs: &mut FenErrors) -> Side {
    match fields.get(1) {
        None => 0,
        Some((_, "w")) => 0,
        Some((_, "b")) => 1,
        Some(&(o, s)) => {
            errs.push((o..o + s.len(), format!("side to move must be `w` or `b`, not {s:?}")));
            0
        }
    }
}

/// The castling field as written: `-`, or `KQkq` and file letters.
fn read_castling(grid: &Grid, fields: &[(usize, &str)], errs: &mut FenErrors) -> String {
    let Some(&(o, s)) = fields.get(2) else {
        return "-".to_string();
    };
    let file_letter = |c: char| {
        let l = c.to_ascii_lowercase();
        l.is_ascii_lowercase() && ((l as u8 - b'a') as u32) < grid.files()
    };
    if s != "-" && !s.chars().all(|c| "KQkq".contains(c) || file_letter(c)) {
        errs.push((o..o + s.len(), format!("castling field {s:?} must be `-`, or K Q k q and file letters")));
    }
    s.to_string()
}

/// The en-passant field: a cell, several run together (Fairy-Stockfish's
/// list, see [`Placement::ep`]), `-`, or a number where no cell has that
/// name, which is a counting limit (as Fairy-Stockfish writes a running
/// count).
fn read_ep(grid: &Grid, fields: &[(usize, &str)], errs: &mut FenErrors) -> (Vec<Cell>, Option<u32>) {
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
    (ep, count_limit)
}

/// Fairy-Stockfish's n-check field (`3+3`) stands between the e.p.
/// square and the clocks: read and removed, so the clocks keep their index.
fn take_checks(fields: &mut Vec<(usize, &str)>) -> Option<[u8; 2]> {
    let checks = fields.get(4).and_then(|&(_, s)| {
        let (w, b) = s.split_once('+')?;
        Some([w.parse().ok()?, b.parse().ok()?])
    });
    if checks.is_some() {
        fields.remove(4);
    }
    checks
}

/// The halfmove clock and move number (0 and 1 when missing); a field
/// after them is an error.
fn read_clocks(fields: &[(usize, &str)], errs: &mut FenErrors) -> (u32, u32) {
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
    (halfmove, fullmove)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A 5×4 board with holes at a1 and e4; letters K, P, Q, and `*` as a wall
    /// when `walls`; `+P` promotes to Q.
    fn read(fen: &str, walls: bool) -> String {
        let grid = Grid::new(5, 4, &[(0, 0), (4, 3)]);
        let kind_of = |c: char| match c.to_ascii_uppercase() {
            'K' => Some(0),
            'P' => Some(1),
            'Q' => Some(2),
            '*' if walls => Some(3),
            _ => None,
        };
        let plus = |k: u8| (k == 1).then_some(2);
        match parse_placement_with(&grid, &kind_of, &plus, fen) {
            Ok(p) => format!("{p:?}"),
            Err(errs) => errs.iter().map(|(r, m)| format!("{}..{} {m}\n", r.start, r.end)).collect(),
        }
    }

    /// Every field's reading and every error message with its span, as the
    /// reader gave them before it was split into steps (frozen from its
    /// output): a change of wording, order or span shows here.
    #[test]
    fn readings_and_errors_are_unchanged() {
        assert_eq!(CASES.len(), EXPECTED.len());
        for ((fen, walls), want) in CASES.iter().zip(EXPECTED) {
            assert_eq!(read(fen, *walls), *want, "{fen}");
        }
    }

    const CASES: &[(&str, bool)] = &[
        ("k3*/5/1P~+P2/*3K w - - 0 1", false),
        ("k3*/5/1P~+P2/*3K[PPq-] b Kq - 3+2 7 9", false),
        ("k3*/5/*3K/*3K w 0 1", false),
        ("k3*/1*3/5/*3K w - 12 4 2", true),
        ("", false),
        ("   ", false),
        ("k3*/5/1P2/*3K[Px w - - 0 1", false),
        ("k3*/5/1P2/*3K[Pxé] w - - 0 1", false),
        ("k4/5/1P2/4K w - - 0 1", false),
        ("k3*/6/1P2/*3K w - - 0 1", false),
        ("k3*/5P/1P2/*3K w - - 0 1", false),
        ("k3*/99999999999999999999/1P2/*3K w - - 0 1", false),
        ("k3*/5/1+K3/*3K w - - 0 1", false),
        ("k3*/5/+Z+P3/*3K w - - 0 1", false),
        ("k3*/5/1é3/*3K w - - 0 1", false),
        ("k3*/5/1*3/*3K w - - 0 1", false),
        ("K3*/5/5/K3K w - - 0 1", false),
        ("k3*/5/5 x KQz e9 a b c d", false),
        ("k3*/5/5/*3K w - b2 0 0 extra", false),
        ("k3*/5/5/*3K w KQkqae - - 0 1", false),
        ("k3*/5/5/*3K w - - 1+x 0 1", false),
        ("k3*/5/5/*+", false),
        ("/////", false),
    ];
    const EXPECTED: &[&str] = &[
        "Placement { cells: [None, None, None, Some((0, 0)), None, Some((1, 0)), Some((2, 0)), None, None, None, None, None, None, None, Some((0, 1)), None, None, None], promoted: [false, false, false, false, false, true, false, false, false, false, false, false, false, false, false, false, false, false], side: 0, castling: \"-\", ep: [], hand: [], halfmove: 0, fullmove: 1, checks: None, count_limit: None }",
        "Placement { cells: [None, None, None, Some((0, 0)), None, Some((1, 0)), Some((2, 0)), None, None, None, None, None, None, None, Some((0, 1)), None, None, None], promoted: [false, false, false, false, false, true, false, false, false, false, false, false, false, false, false, false, false, false], side: 1, castling: \"Kq\", ep: [], hand: [(1, 0), (1, 0), (2, 1)], halfmove: 7, fullmove: 9, checks: Some([3, 2]), count_limit: None }",
        "6..7 `*` marks a2 as a hole, but it is not one of the board's holes\n",
        "Placement { cells: [None, None, None, Some((0, 0)), None, None, None, None, None, None, Some((3, 0)), None, None, None, Some((0, 1)), None, None, None], promoted: [false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false], side: 0, castling: \"-\", ep: [], hand: [], halfmove: 4, fullmove: 2, checks: None, count_limit: Some(12) }",
        "0..1 empty FEN\n",
        "0..3 empty FEN\n",
        "13..16 the hand `[…]` is not closed\n6..9 rank 2 has 4 squares, the board has 5 files\n",
        "15..16 unknown piece letter 'x' in the hand\n16..18 unknown piece letter 'é' in the hand\n6..9 rank 2 has 4 squares, the board has 5 files\n",
        "1..2 e4 is a hole: write `*` for it, not an empty square\n5..8 rank 2 has 4 squares, the board has 5 files\n9..10 a1 is a hole: write `*` for it, not an empty square\n",
        "4..5 rank 3 has more than 5 squares\n6..9 rank 2 has 4 squares, the board has 5 files\n",
        "4..6 rank 3 has more than 5 squares\n7..10 rank 2 has 4 squares, the board has 5 files\n",
        "4..24 rank 3 has more than 5 squares\n25..28 rank 2 has 4 squares, the board has 5 files\n",
        "8..9 'K' has no promoted form (`+K`)\n",
        "7..8 unknown piece letter 'Z'\n",
        "7..9 unexpected character 'é' in the placement\n6..10 rank 2 has 4 squares, the board has 5 files\n",
        "7..8 `*` marks b2 as a hole, but it is not one of the board's holes\n",
        "8..9 piece 'K' stands on the hole a1\n",
        "0..7 3 ranks given, the board has 4\n8..9 side to move must be `w` or `b`, not \"x\"\n10..13 castling field \"KQz\" must be `-`, or K Q k q and file letters\n14..16 en-passant field \"e9\" is not a cell of the board\n17..18 halfmove clock \"a\" is not a number\n19..20 move number \"b\" is not a number\n21..22 unexpected extra field in the FEN\n",
        "21..22 the move number starts at 1\n23..28 unexpected extra field in the FEN\n",
        "23..24 halfmove clock \"-\" is not a number\n25..26 the move number starts at 1\n27..28 unexpected extra field in the FEN\n",
        "18..21 halfmove clock \"1+x\" is not a number\n22..23 the move number starts at 1\n24..25 unexpected extra field in the FEN\n",
        "9..10 unexpected character '+' in the placement\n8..10 rank 1 has 1 squares, the board has 5 files\n",
        "3..5 6 ranks given, the board has 4\n0..1 rank 4 has 0 squares, the board has 5 files\n1..2 rank 3 has 0 squares, the board has 5 files\n2..3 rank 2 has 0 squares, the board has 5 files\n3..4 rank 1 has 0 squares, the board has 5 files\n",
    ];
}
