//! Betza strings as Fairy-Stockfish's parser reads them: FSF's
//! `from_betza` (its `piece.cpp`) silently drops what it does not
//! understand, so [`betza_problems`] lists every construct it would read
//! differently from ours, and the piece is refused instead of written.

use crate::betza::ast::{AtomKind, Move, Range};
use crate::betza::parse;

/// Problems FSF has with a Betza string (empty: FSF reads it as we do).
/// `castle_ok`: the `O` atom may appear (royal piece). Returns the problems
/// and whether the string has an `i` move and an `e` capture.
pub(super) fn betza_problems(what: &str, text: &str, castle_ok: bool) -> (Vec<String>, bool, bool) {
    let mut out = Vec::new();
    let (mut has_i, mut has_e) = (false, false);
    let piece = match parse(text) {
        Ok(p) => p,
        Err(e) => return (vec![format!("{what}: Betza {text:?} does not parse: {}", e.message)], false, false),
    };
    for m in &piece.moves {
        let c = match m {
            Move::Bracket(b) => {
                out.push(format!(
                    "{what}: `{}` is a multi-leg bracket move (FSF's Betza has no multi-leg moves and would drop it silently)",
                    &text[b.span.start..b.span.end]
                ));
                continue;
            }
            Move::Chain(c) => c,
        };
        let written = &text[c.span.start..c.span.end];
        if c.legs.len() > 1 {
            out.push(format!(
                "{what}: `{written}` is a multi-leg move ({} legs; FSF ignores `a` and would read something else)",
                c.legs.len()
            ));
            continue;
        }
        let (letter, ext) = match &c.atom.kind {
            AtomKind::Letter { letter, extensions } => (*letter, extensions.as_str()),
            AtomKind::Leap(a, b) => {
                out.push(format!("{what}: `{written}` uses an explicit leap ({a},{b}), which FSF's Betza lacks"));
                continue;
            }
        };
        if !ext.is_empty() {
            out.push(format!("{what}: `{written}` uses X/Y atom extensions, which FSF's Betza lacks"));
            continue;
        }
        out.extend(range_problem(what, written, letter, &c.range));
        if letter == 'O' && !castle_ok {
            out.push(format!("{what}: castling (`{written}`) by a second kind (FSF castles one kind)"));
        }
        let letters: Vec<char> = c.legs[0].letters.iter().map(|l| l.letter).collect();
        out.extend(direction_problems(what, written, letter, &letters));
        has_i |= letter != 'O' && letters.contains(&'i');
        has_e |= letters.contains(&'e');
        out.extend(modifier_problems(what, written, letter, &letters, c.range.is_none()));
    }
    (out, has_i, has_e)
}

/// What FSF reads differently in a move's range: two digits, `*`, or a
/// rider of an atom other than R, B and N.
fn range_problem(what: &str, written: &str, letter: char, range: &Option<Range>) -> Option<String> {
    // FSF's rider tables are the R and B rays (so also the W, F and K
    // atoms with a range: `from_betza` puts them in `slider`, e.g. its
    // torishogi eagle `bF2`) and the N rays; other rays get no moves.
    let rides = matches!(letter, 'R' | 'B' | 'Q' | 'W' | 'F' | 'K' | 'N');
    match range {
        Some(Range::Count(n, _)) if *n >= 10 => {
            Some(format!("{what}: `{written}` has a two-digit range (FSF reads only the first digit)"))
        }
        Some(Range::Star(_)) => Some(format!("{what}: `{written}` has the range `*`")),
        Some(Range::Count(1, _)) | None => None,
        Some(_) if rides => None,
        Some(_) if letter == 'O' => None,
        Some(_) => Some(format!(
            "{what}: `{written}` is a {letter}-rider (FSF has rider tables only for R, B and N rays; it would generate no moves for it)"
        )),
    }
}

/// The modifiers (other than directions) FSF reads differently: `i` on a
/// capture, `n` on atoms FSF has no lame form of, hops off R, B and Q
/// lines (FSF's `riderAtoms` are R, B and Q = R+B, so `gQ` is its own
/// grasshopper), and modifiers its parser skips. `leap`: the move has no range.
fn modifier_problems(what: &str, written: &str, letter: char, letters: &[char], leap: bool) -> Vec<String> {
    let mut out = Vec::new();
    let has_m = letters.contains(&'m');
    let has_c = letters.contains(&'c');
    for &l in letters {
        match l {
            'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' | 'm' | 'c' | 'e' => {}
            'i' => {
                if letter != 'O' && (has_c || !has_m) {
                    out.push(format!(
                        "{what}: `{written}` is an initial move that may capture (FSF's `i` allows quiet moves only)"
                    ));
                }
            }
            'n' if matches!(letter, 'N' | 'A' | 'D' | 'Z') && leap => {}
            'n' => out.push(format!("{what}: `{written}` is a lame {letter} (FSF has lame N, A, D and Z leaps only)")),
            'p' | 'g' if matches!(letter, 'R' | 'B' | 'Q') => {}
            'p' | 'g' => out
                .push(format!("{what}: `{written}` hops along {letter} lines (FSF hops along R, B and Q lines only)")),
            other => out.push(format!(
                "{what}: `{written}` uses the modifier `{other}`, which FSF's Betza parser skips without a warning"
            )),
        }
    }
    out
}

/// Directions FSF reads as we do, checked one by one against pyffish on a
/// lone piece (W, F, D, N, A, C, Z atoms, the R, B and N riders): single
/// letters, which FSF's parser doubles (`f` → `ff`), and these pairs.
const FSF_DIRECTIONS: &[&str] =
    &["ff", "bb", "ll", "rr", "vv", "ss", "fr", "rf", "fl", "lf", "br", "rb", "bl", "lb", "fs", "bs"];

/// Where FSF's Betza parser (`from_betza` in its `piece.cpp`) reads the
/// direction modifiers of a move differently from ours. FSF pairs a
/// direction letter with the next one when they repeat or one is vertical
/// (`fbvh`) and the other horizontal (`rlsh`), doubles a lone letter, and
/// looks the pairs up in a fixed list: a pair absent from it (`sf`, `vs`,
/// any with `h`) gives no move at all, except on the orthogonal atoms
/// (W, D, H, R), where it first splits a pair of two different letters
/// into two doubled ones (`sfW` → `ss` and `ff`, as FSF's torishogi falcon
/// `FsfW` needs); and on the compound atoms K and Q it applies the pair to
/// the W and F parts separately (`fK` is three moves in FSF, one in ours).
fn direction_problems(what: &str, written: &str, atom: char, letters: &[char]) -> Vec<String> {
    const VERT: &str = "fbvh";
    const HORI: &str = "rlsh";
    let dirs: Vec<char> = letters.iter().copied().filter(|c| VERT.contains(*c) || HORI.contains(*c)).collect();
    if dirs.is_empty() {
        return Vec::new();
    }
    if matches!(atom, 'K' | 'Q') {
        return vec![format!(
            "{what}: `{written}` restricts the directions of a {atom}, which FSF applies to its W and F parts separately (a different set of moves)"
        )];
    }
    let mut groups = Vec::new();
    let mut i = 0;
    while i < dirs.len() {
        let (c, next) = (dirs[i], dirs.get(i + 1).copied());
        let pairs = next.is_some_and(|d| {
            d == c || (VERT.contains(c) && HORI.contains(d)) || (HORI.contains(c) && VERT.contains(d))
        });
        let (a, b) = if pairs { (c, next.unwrap_or(c)) } else { (c, c) };
        i += if pairs { 2 } else { 1 };
        if a != b && matches!(atom, 'W' | 'D' | 'H' | 'R') {
            groups.extend([format!("{a}{a}"), format!("{b}{b}")]);
        } else {
            groups.push(format!("{a}{b}"));
        }
    }
    groups
        .into_iter()
        .filter(|g| !FSF_DIRECTIONS.contains(&g.as_str()))
        .map(|g| format!("{what}: `{written}`: FSF's Betza parser reads the directions as `{g}`, which it does not give the moves we do"))
        .collect()
}

/// How a kind's moves meet en passant, for the comparison with FSF's rule
/// for pieces other than its `pawn` type (see `pieces::ep_problems`).
#[derive(Default)]
pub(super) struct EpShape {
    /// Some move captures but is not marked `e` (FSF lets every capture of
    /// an `enPassantTypes` piece take en passant).
    pub plain_capture: bool,
    /// Some move that is not an initial (`i`) move goes straight two or more
    /// cells without capturing: ours leaves en-passant squares behind it
    /// (for a pawn), FSF only behind `i` moves.
    pub long_step: bool,
}

/// The [`EpShape`] of a Betza string (single-leg moves; FSF refuses the
/// rest anyway).
pub(super) fn ep_shape(text: &str) -> EpShape {
    let mut out = EpShape::default();
    let Ok(piece) = parse(text) else { return out };
    for m in &piece.moves {
        let Move::Chain(c) = m else { continue };
        let AtomKind::Letter { letter, .. } = c.atom.kind else { continue };
        let letters: Vec<char> = c.legs[0].letters.iter().map(|l| l.letter).collect();
        let (has_m, has_c) = (letters.contains(&'m'), letters.contains(&'c'));
        if (has_c || !has_m) && !letters.contains(&'e') && letter != 'O' {
            out.plain_capture = true;
        }
        let long = match c.range {
            _ if matches!(letter, 'D' | 'A' | 'H' | 'G') => true,
            Some(Range::Count(1, _)) => false,
            Some(_) => matches!(letter, 'W' | 'F' | 'K' | 'R' | 'B' | 'Q'),
            None => matches!(letter, 'R' | 'B' | 'Q'),
        };
        if long && (has_m || !has_c) && !letters.contains(&'i') {
            out.long_step = true;
        }
    }
    out
}
