//! Standard algebraic notation for any variant: piece letter,
//! disambiguation, `x`, `=Q`, `S@e4`, `O-O`, `+`/`#`, a wall `,e5`; reading it back
//! (case-insensitive where unambiguous) besides coordinates; and why a
//! move that matches nothing is illegal.

use crate::compile::flag;
use crate::game::notation::{move_text, parse_move};
use crate::game::{code_kind, code_side, Move, MoveKind, Position};

/// Whether `m` captures (on its destination, en passant or on the way).
pub fn is_capture(pos: &Position<'_>, m: &Move) -> bool {
    match m.kind {
        MoveKind::Locust | MoveKind::EnPassant => true,
        MoveKind::Castle | MoveKind::Drop => false,
        MoveKind::Normal | MoveKind::Gate => pos.at(m.to) != 0 && code_side(pos.at(m.to)) != pos.side(),
    }
}

/// SAN of `m` without the check suffix; with walls, the move, a comma and
/// the walled cell (`e4,e5`, as Fairy-Stockfish writes it).
fn san_core(pos: &Position<'_>, m: &Move, legal: &[Move]) -> String {
    let v = pos.variant();
    match crate::game::rules::walls::wall_of(v, m) {
        Some(wall) => format!("{},{}", san_plain(pos, m, legal), v.grid.label(wall)),
        None => san_plain(pos, m, legal),
    }
}

/// SAN of `m` without the check suffix or a wall.
fn san_plain(pos: &Position<'_>, m: &Move, legal: &[Move]) -> String {
    let v = pos.variant();
    let g = &v.grid;
    // Gating: the move, then `/` and the letter of the piece entering (with
    // its cell when it enters on a castling partner's start: `O-O/Hh1`).
    let gated = crate::game::rules::gating::gate(m).map(|(k, at)| {
        let cell = if at == m.from { "" } else { g.label(at) };
        format!("/{}{cell}", v.pieces[k as usize].letter)
    });
    match m.kind {
        MoveKind::Drop => return format!("{}@{}", v.pieces[m.promo as usize - 1].letter, g.label(m.to)),
        MoveKind::Castle => {
            let (kx, _) = g.coords(m.from);
            let (px, _) = g.coords(m.extra);
            let castle = if px > kx { "O-O" } else { "O-O-O" };
            return format!("{castle}{}", gated.unwrap_or_default());
        }
        _ => {}
    }
    let code = pos.at(m.from);
    let kind = code_kind(code) as usize;
    // Only the first pawn kind goes without a letter: that is the kind a
    // letterless move is read as (`san_move`), so a second pawn-type kind
    // (wolf's sergeant beside its pawn) keeps its letter to stay distinct.
    let pawn = v.pieces[kind].pawn && v.pieces.iter().position(|p| p.pawn) == Some(kind);
    let capture = is_capture(pos, m);
    let rivals: Vec<&Move> = legal
        .iter()
        .filter(|o| o.kind != MoveKind::Drop && o.to == m.to && o.from != m.from && pos.at(o.from) == code)
        .collect();
    let (fx, fy) = g.coords(m.from);
    let label = g.label(m.from);
    let file: String = label.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
    let rank: String = label.chars().skip_while(|c| c.is_ascii_alphabetic()).collect();
    let mut s = String::new();
    if !pawn {
        s.push(v.pieces[kind].letter);
    }
    if !rivals.is_empty() || pawn && capture {
        let same_file = rivals.iter().any(|o| g.coords(o.from).0 == fx);
        let same_rank = rivals.iter().any(|o| g.coords(o.from).1 == fy);
        if g.graph().is_some() || same_file && same_rank {
            s.push_str(label);
        } else if same_file {
            s.push_str(&rank);
        } else {
            s.push_str(&file);
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(g.label(m.to));
    if let Some(gated) = gated {
        s.push_str(&gated);
    } else if m.promo != 0 {
        s.push('=');
        s.push(v.pieces[m.promo as usize - 1].letter);
    }
    s
}

/// SAN of `m` (legal in `pos`) with `+` or `#`.
pub fn san(pos: &Position<'_>, m: &Move, legal: &[Move]) -> String {
    let mut s = san_core(pos, m, legal);
    let mut after = pos.clone();
    after.make(*m);
    if after.in_check() {
        let mut replies = Vec::new();
        after.legal_moves(&mut replies);
        s.push(if replies.is_empty() { '#' } else { '+' });
    }
    s
}

/// Drops decoration that players may or may not type. A leading `x` is
/// kept: it is a piece letter typed in lower case (Tigrey's `X`), never a
/// capture mark, which follows a piece or file.
fn normalize(s: &str) -> String {
    let s = s.replace("0-0-0", "O-O-O").replace("0-0", "O-O");
    s.char_indices().filter(|&(i, c)| !"+#!?=:".contains(c) && (c != 'x' || i == 0)).map(|(_, c)| c).collect()
}

/// The legal move `text` names: coordinates, or SAN (exact case first,
/// then ignoring case when that leaves one move). `Err` lists the
/// candidates of an ambiguous text.
pub fn parse(pos: &Position<'_>, text: &str, legal: &[Move]) -> Result<Option<Move>, Vec<String>> {
    let text = text.trim();
    if let Some(m) = parse_move(pos, text, legal) {
        return Ok(Some(m));
    }
    let want = normalize(text);
    let sans: Vec<(String, Move)> = legal.iter().map(|m| (normalize(&san_core(pos, m, legal)), *m)).collect();
    let exact: Vec<&(String, Move)> = sans.iter().filter(|(s, _)| *s == want).collect();
    if exact.len() == 1 {
        return Ok(Some(exact[0].1));
    }
    let loose: Vec<&(String, Move)> = sans.iter().filter(|(s, _)| s.eq_ignore_ascii_case(&want)).collect();
    match loose.len() {
        0 => undisambiguated(pos, &want, legal),
        1 => Ok(Some(loose[0].1)),
        _ => Err(loose.iter().map(|(_, m)| san(pos, m, legal)).collect()),
    }
}

/// The moves `want` names once their SAN is written without the file or
/// rank that tells pieces apart (`Ce3` for xiangqi's `Cbe3` and `Che3`):
/// `Err` with them when there are several (the text is ambiguous, not
/// illegal), the move when only one.
fn undisambiguated(pos: &Position<'_>, want: &str, legal: &[Move]) -> Result<Option<Move>, Vec<String>> {
    let bare = |m: &Move| normalize(&san_core(pos, m, std::slice::from_ref(m)));
    let exact: Vec<&Move> = legal.iter().filter(|m| bare(m) == want).collect();
    let hits =
        if exact.is_empty() { legal.iter().filter(|m| bare(m).eq_ignore_ascii_case(want)).collect() } else { exact };
    match hits.len() {
        0 => Ok(None),
        1 => Ok(Some(*hits[0])),
        _ => Err(hits.iter().map(|m| san(pos, m, legal)).collect()),
    }
}

/// Why `text` is not a legal move here, as far as it can be read.
pub fn why_illegal(pos: &mut Position<'_>, text: &str) -> String {
    let t = pawn_file_in_lower_case(pos, normalize(text.trim()));
    if !t.is_ascii() {
        return not_a_move(text);
    }
    let named = match coordinate_cells(pos, &t) {
        Some((from, to)) => coordinate_move(pos, from, to),
        None => san_move(pos, &t, text),
    };
    match named {
        Ok((froms, to, what)) => why_not_there(pos, &froms, to, &what),
        Err(why) => why,
    }
}

/// `E4` read as `e4` when no piece has the letter `E` (the parser accepts
/// either case where unambiguous, so the reason must too).
fn pawn_file_in_lower_case(pos: &Position<'_>, t: String) -> String {
    let mut chars = t.chars();
    match chars.next() {
        Some(c) if c.is_ascii_uppercase() && pos.variant().kind_of_letter(c).is_none() => {
            c.to_ascii_lowercase().to_string() + chars.as_str()
        }
        _ => t,
    }
}

/// The answer to text that names no move.
fn not_a_move(text: &str) -> String {
    format!("{text:?} is neither a move nor a command (type help)")
}

/// The side to move, in words.
fn side_name(pos: &Position<'_>) -> &'static str {
    if pos.side() == 0 {
        "White"
    } else {
        "Black"
    }
}

/// Coordinates: from-cell then to-cell (a trailing promotion letter is
/// allowed after the to-cell).
fn coordinate_cells(pos: &Position<'_>, t: &str) -> Option<(u16, u16)> {
    let g = &pos.variant().grid;
    (2..t.len()).filter(|&i| t.is_char_boundary(i)).find_map(|i| {
        let (a, b) = t.split_at(i);
        let to = g.parse(b).or_else(|| g.parse(b.get(..b.len().saturating_sub(1))?))?;
        Some((g.parse(a)?, to))
    })
}

/// A move in coordinates: the side to move's piece on `from`, to `to`, and
/// how to name it ("the knight on g1"); or why there is no such piece.
fn coordinate_move(pos: &Position<'_>, from: u16, to: u16) -> Result<(Vec<u16>, u16, String), String> {
    let v = pos.variant();
    let code = pos.at(from);
    if code == 0 {
        return Err(format!("there is no piece on {}", v.grid.label(from)));
    }
    if code_side(code) != pos.side() {
        return Err(format!("the piece on {} is not {}'s", v.grid.label(from), side_name(pos)));
    }
    let name = v.pieces[code_kind(code) as usize].name.to_lowercase();
    Ok((vec![from], to, format!("the {name} on {}", v.grid.label(from))))
}

/// A move in SAN (`Nf3`, `e4`): every cell of the side to move's pieces of
/// that kind, the destination, and how to name them ("no White knight");
/// or why the text names no such move.
fn san_move(pos: &Position<'_>, t: &str, text: &str) -> Result<(Vec<u16>, u16, String), String> {
    let v = pos.variant();
    let g = &v.grid;
    let dest_at = (0..t.len())
        .find(|&i| {
            g.parse(&t[i..]).is_some() || g.parse(t[i..].trim_end_matches(|c: char| c.is_ascii_uppercase())).is_some()
        })
        .ok_or_else(|| not_a_move(text))?;
    let dest_text = t[dest_at..].trim_end_matches(|c: char| c.is_ascii_uppercase());
    let to = g.parse(dest_text).or_else(|| g.parse(&t[dest_at..])).ok_or_else(|| not_a_move(text))?;
    let kind = match t[..dest_at].chars().next().filter(|c| c.is_ascii_uppercase()) {
        Some(l) => v.kind_of_letter(l).ok_or_else(|| format!("no piece has the letter {l}"))?,
        None => match v.pieces.iter().position(|p| p.pawn) {
            Some(k) => k as u8,
            None => return Err(format!("{text:?}: say which piece moves (its letter, e.g. N{})", g.label(to))),
        },
    };
    let name = v.pieces[kind as usize].name.to_lowercase();
    let froms: Vec<u16> = (0..g.len() as u16)
        .filter(|&c| pos.at(c) != 0 && code_side(pos.at(c)) == pos.side() && code_kind(pos.at(c)) == kind)
        .collect();
    if froms.is_empty() {
        return Err(format!("{} has no {name}", side_name(pos)));
    }
    Ok((froms, to, format!("no {} {name}", side_name(pos))))
}

/// Why the pieces on `froms` (named `what`) cannot go to `to`: a check, an
/// own piece there, a blocked way, or no such move at all.
fn why_not_there(pos: &mut Position<'_>, froms: &[u16], to: u16, what: &str) -> String {
    let v = pos.variant();
    let side_name = side_name(pos);
    let in_check = pos.in_check();
    let mut pseudo = Vec::new();
    pos.pseudo_moves(&mut pseudo, in_check);
    if pseudo.iter().any(|m| m.to == to && froms.contains(&m.from) && m.kind != MoveKind::Drop) {
        let royal = v.pieces.iter().find(|p| p.royal).map_or("royal piece".to_string(), |p| p.name.to_lowercase());
        return if in_check {
            format!("{side_name} is in check, and this move does not end it")
        } else {
            format!("it would leave the {royal} in check")
        };
    }
    let t = &v.tables;
    let reachable = froms.iter().any(|&f| {
        let code = pos.at(f) as usize;
        let pr = t.progs[(code - 1) * t.cells + f as usize];
        t.nodes[pr.start as usize..pr.end as usize].iter().any(|n| n.cell == to && n.flags & flag::ANY_EMIT != 0)
    });
    let dest = v.grid.label(to);
    // "the knight on g1 cannot …" or "no White knight can …".
    let (subject, verb) = match what.strip_prefix("no ") {
        Some(rest) => (format!("no {rest}"), "can"),
        None => (what.to_string(), "cannot"),
    };
    let own = pos.at(to) != 0 && code_side(pos.at(to)) == pos.side();
    if reachable && own {
        format!("{subject} {verb} go to {dest}: {side_name}'s own piece stands there")
    } else if reachable {
        format!("{subject} {verb} reach {dest} now: the way is blocked, or that move needs (or forbids) a capture")
    } else {
        format!("{subject} {verb} move to {dest}: it is not one of its moves")
    }
}

/// Coordinates of a legal move (for the record line).
pub fn coords(pos: &Position<'_>, m: &Move, legal: &[Move]) -> String {
    move_text(pos, m, legal)
}
