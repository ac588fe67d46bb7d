//! What a Betza string does from one cell of a described position: the
//! engine behind `rookery betza` and the Betza test vectors.
//!
//! The answer is per destination cell (see `kind`): on an empty cell,
//! whether the piece could move there, capture an enemy placed there, or
//! both; on an enemy `capture`; on a friend `destroy`; `castle` for a
//! castling destination.

use serde::Serialize;

use crate::betza::{self, BetzaError};
use crate::board::{Cell, Grid};
use crate::compile::{compile_castles, compile_paths, walk, Occupancy, Program};

/// A position to probe a Betza string in.
#[derive(Clone, Debug)]
pub struct Probe {
    /// The Betza string.
    pub betza: String,
    /// Board width.
    pub files: u32,
    /// Board height.
    pub ranks: u32,
    /// The piece's square.
    pub from: String,
    /// The piece plays for Black (its moves turned by 180°).
    pub black: bool,
    /// Squares of friendly pieces.
    pub friends: Vec<String>,
    /// Squares of enemy pieces.
    pub enemies: Vec<String>,
    /// Squares that are not part of the board.
    pub holes: Vec<String>,
    /// The piece has not moved yet (`i` moves, castling).
    pub virgin: bool,
    /// Friends that have not moved yet (castling partners).
    pub virgin_friends: Vec<String>,
}

/// The kind of a destination, as in the Betza vector files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Empty cell the piece may move to but could not capture on.
    Move,
    /// Only a capture is possible there.
    Capture,
    /// Both a move and a capture.
    Both,
    /// Capture of a friend (`d`).
    Destroy,
    /// A castling destination.
    Castle,
}

/// One destination.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProbeMove {
    /// Destination cell.
    pub to: String,
    /// What happens there.
    pub kind: Kind,
    /// Other captured cells (locust captures), in capture order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub locust: Vec<String>,
    /// Castling: where the partner starts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rook_from: Option<String>,
    /// Castling: where the partner lands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rook_to: Option<String>,
}

/// Why a probe could not run.
#[derive(Debug, thiserror::Error)]
pub enum ProbeError {
    /// The Betza string is invalid (all problems).
    #[error("invalid Betza string")]
    Betza(Vec<BetzaError>),
    /// The position is invalid.
    #[error("{0}")]
    Position(String),
    /// The compiled moves would be too large.
    #[error("{0}; multi-leg slides multiply, so limit their range (e.g. `mamaR4` instead of `mamaR`)")]
    TooLarge(#[from] crate::compile::TooLarge),
}

/// The board and the piece program a probe runs on.
pub struct Prepared {
    /// The board.
    pub grid: Grid,
    /// The piece's cell.
    pub from: Cell,
    /// What stands where (the piece itself counts as empty).
    pub occ: Vec<Occupancy>,
    /// Unmoved friends.
    pub virgin_friends: Vec<Cell>,
    /// The compiled moves.
    pub program: Program,
    /// Castling rules.
    pub castles: Vec<crate::compile::CastleRule>,
}

/// Checks the probe's position and compiles its Betza string.
pub fn prepare(p: &Probe) -> Result<Prepared, ProbeError> {
    let paths = betza::compile_paths(&p.betza).map_err(ProbeError::Betza)?;
    if !(1..=32).contains(&p.files) || !(1..=32).contains(&p.ranks) {
        return Err(ProbeError::Position(format!("board {}x{} is outside 1x1..32x32", p.files, p.ranks)));
    }
    let mut holes = Vec::new();
    for h in &p.holes {
        match crate::board::parse_square(h) {
            Some((x, y)) if x < p.files && y < p.ranks => holes.push((x, y)),
            _ => {
                return Err(ProbeError::Position(format!(
                    "hole {h:?} is not a square of the {}x{} board",
                    p.files, p.ranks
                )))
            }
        }
    }
    let grid = Grid::new(p.files, p.ranks, &holes);
    let cell = |s: &str, what: &str| -> Result<Cell, ProbeError> {
        grid.parse(s).ok_or_else(|| {
            ProbeError::Position(format!("{what} {s:?} is not a cell of the board (off the board or a hole)"))
        })
    };
    let from = cell(&p.from, "the piece's square")?;
    let mut occ = vec![Occupancy::Empty; grid.len()];
    for (list, o, what) in [(&p.friends, Occupancy::Friend, "friend"), (&p.enemies, Occupancy::Enemy, "enemy")] {
        for s in list {
            let c = cell(s, what)?;
            if c == from || occ[c as usize] != Occupancy::Empty {
                return Err(ProbeError::Position(format!("{s} is occupied twice")));
            }
            occ[c as usize] = o;
        }
    }
    let mut virgin_friends = Vec::new();
    for s in &p.virgin_friends {
        let c = cell(s, "virgin friend")?;
        if occ[c as usize] != Occupancy::Friend {
            return Err(ProbeError::Position(format!("virgin friend {s} is not among the friends")));
        }
        virgin_friends.push(c);
    }
    let program = compile_paths(&grid, &paths, from, p.black)?;
    let castles = compile_castles(&grid, &paths, from, p.black);
    Ok(Prepared { grid, from, occ, virgin_friends, program, castles })
}

/// Prepares a probe of a variant's piece (by letter) on its own board: the
/// piece on `at`, with the given friends and enemies (cell labels).
pub fn prepare_on(
    v: &crate::variant::Variant,
    letter: char,
    at: &str,
    black: bool,
    friends: &[String],
    enemies: &[String],
) -> Result<Prepared, ProbeError> {
    let kind =
        v.kind_of_letter(letter).ok_or_else(|| ProbeError::Position(format!("no piece has the letter {letter}")))?;
    let p = &v.pieces[kind as usize];
    let text = if black { p.betza_black.as_deref().unwrap_or(&p.betza) } else { &p.betza };
    let mut paths = if p.immobile { Vec::new() } else { betza::compile_paths(text).map_err(ProbeError::Betza)? };
    let grid = v.grid.clone();
    let from = grid.parse(at).ok_or_else(|| ProbeError::Position(format!("{at:?} is not a cell of the board")))?;
    // An in-region special applies only where the piece stands in its
    // side's part of the region (janggi's palace lines from this corner).
    let side = black as usize;
    let applies = |r: &Option<u8>| r.is_none_or(|r| v.regions[r as usize].contains(side, from));
    for ((_, b), _) in p.specials.iter().zip(&p.special_regions).filter(|(_, r)| applies(r)) {
        paths.extend(betza::compile_paths(b).map_err(ProbeError::Betza)?);
    }
    let mut occ = vec![Occupancy::Empty; grid.len()];
    for (list, o) in [(friends, Occupancy::Friend), (enemies, Occupancy::Enemy)] {
        for s in list {
            let c = grid.parse(s).ok_or_else(|| ProbeError::Position(format!("{s:?} is not a cell of the board")))?;
            occ[c as usize] = o;
        }
    }
    let program = compile_paths(&grid, &paths, from, black)?;
    let castles = compile_castles(&grid, &paths, from, black);
    Ok(Prepared { grid, from, occ, virgin_friends: Vec::new(), program, castles })
}

/// All destinations of the probe's piece, sorted by destination label.
pub fn probe(p: &Probe) -> Result<Vec<ProbeMove>, ProbeError> {
    let prep = prepare(p)?;
    Ok(destinations(&prep, p.virgin))
}

type Key = (Cell, Vec<Cell>);

fn run(prep: &Prepared, occ: &[Occupancy], virgin: bool, mut f: impl FnMut(Cell, Occupancy, &[Cell])) {
    walk(&prep.program.nodes, |c| occ[c as usize], virgin, false, |_| false, |e| f(e.to, e.target, e.victims));
}

/// Classifies every destination of a prepared probe.
pub fn destinations(prep: &Prepared, virgin: bool) -> Vec<ProbeMove> {
    use std::collections::BTreeMap;
    let mut moves: BTreeMap<Key, (bool, bool)> = BTreeMap::new(); // (can move, can capture)
    let mut fixed: BTreeMap<Key, Kind> = BTreeMap::new();
    run(prep, &prep.occ, virgin, |to, target, victims| {
        let key = (to, victims.to_vec());
        match target {
            Occupancy::Empty => moves.entry(key).or_default().0 = true,
            Occupancy::Enemy => {
                fixed.insert(key, Kind::Capture);
            }
            Occupancy::Friend => {
                fixed.insert(key, Kind::Destroy);
            }
        }
    });
    mark_captures(prep, virgin, &mut moves);
    let label = |c: Cell| prep.grid.label(c).to_string();
    let classified = moves.into_iter().map(|(key, mc)| {
        let kind = match mc {
            (true, true) => Kind::Both,
            (true, false) => Kind::Move,
            _ => Kind::Capture,
        };
        (key, kind)
    });
    let mut out: Vec<ProbeMove> = classified
        .chain(fixed)
        .map(|((to, victims), kind)| ProbeMove {
            to: label(to),
            kind,
            locust: victims.iter().map(|&v| label(v)).collect(),
            rook_from: None,
            rook_to: None,
        })
        .collect();
    if virgin {
        out.extend(castle_moves(prep));
    }
    out.sort_by(|a, b| (&a.to, &a.locust, a.kind).cmp(&(&b.to, &b.locust, b.kind)));
    out
}

/// Which destinations the piece could capture on: each empty cell in turn
/// holds an enemy, and the moves that take it there are marked.
fn mark_captures(prep: &Prepared, virgin: bool, moves: &mut std::collections::BTreeMap<Key, (bool, bool)>) {
    let mut occ = prep.occ.clone();
    for t in 0..occ.len() {
        if t as Cell == prep.from || occ[t] != Occupancy::Empty {
            continue;
        }
        occ[t] = Occupancy::Enemy;
        run(prep, &occ, virgin, |to, target, victims| {
            if to as usize == t && target == Occupancy::Enemy {
                moves.entry((to, victims.to_vec())).or_default().1 = true;
            }
        });
        occ[t] = Occupancy::Empty;
    }
}

/// The castling moves of an unmoved piece: a virgin friend as partner and
/// the cells between empty.
fn castle_moves(prep: &Prepared) -> Vec<ProbeMove> {
    let label = |c: Cell| prep.grid.label(c).to_string();
    prep.castles
        .iter()
        .filter(|c| {
            prep.virgin_friends.contains(&c.partner)
                && c.empty.iter().all(|&e| prep.occ[e as usize] == Occupancy::Empty)
        })
        .map(|c| ProbeMove {
            to: label(c.king_to),
            kind: Kind::Castle,
            locust: Vec::new(),
            rook_from: Some(label(c.partner)),
            rook_to: Some(label(c.partner_to)),
        })
        .collect()
}

/// A text diagram of the destinations: `@` the piece, `o` move only, `x`
/// capture only, `*` both, `d` destroy, `C` castle, `F`/`E` other friends
/// and enemies, `#` holes, `.` unreachable cells.
pub fn diagram(prep: &Prepared, moves: &[ProbeMove]) -> String {
    let g = &prep.grid;
    let mut out = String::new();
    if g.graph().is_some() {
        // Polygon boards: one line per FEN row, each cell with its mark.
        for y in (0..g.ranks()).rev() {
            let cells: Vec<String> = (0..g.row_len(y))
                .filter_map(|x| g.at(x as i32, y as i32))
                .map(|c| format!("{}:{}", g.label(c), mark(prep, moves, c)))
                .collect();
            out.push_str(&format!("  {}\n", cells.join(" ")));
        }
        return out;
    }
    let width = g.files() as usize * 2 + 1;
    out.push_str(&format!("    +{}+\n", "-".repeat(width)));
    for y in (0..g.ranks()).rev() {
        out.push_str(&format!("{:>3} |", y + 1));
        for x in 0..g.files() {
            let ch = match g.at(x as i32, y as i32) {
                None => '#',
                Some(c) => mark(prep, moves, c),
            };
            out.push(' ');
            out.push(ch);
        }
        out.push_str(" |\n");
    }
    out.push_str(&format!("    +{}+\n     ", "-".repeat(width)));
    for x in 0..g.files() {
        let l = crate::board::file_label(x);
        out.push_str(&format!("{l:>2}"));
    }
    out.push('\n');
    out
}

/// The diagram symbol of one cell.
fn mark(prep: &Prepared, moves: &[ProbeMove], c: Cell) -> char {
    if c == prep.from {
        return '@';
    }
    let label = prep.grid.label(c);
    let kinds: Vec<Kind> = moves.iter().filter(|m| m.to == label).map(|m| m.kind).collect();
    if kinds.contains(&Kind::Castle) {
        'C'
    } else if kinds.contains(&Kind::Destroy) {
        'd'
    } else if kinds.contains(&Kind::Both) || kinds.contains(&Kind::Move) && kinds.contains(&Kind::Capture) {
        '*'
    } else if kinds.contains(&Kind::Capture) {
        'x'
    } else if kinds.contains(&Kind::Move) {
        'o'
    } else {
        match prep.occ[c as usize] {
            Occupancy::Friend => 'F',
            Occupancy::Enemy => 'E',
            Occupancy::Empty => '.',
        }
    }
}

/// The cells of the pieces of a position, split into the friends and the
/// enemies of a piece of the given side standing on `at` (which is left out).
pub fn friends_and_enemies(pos: &crate::game::Position<'_>, at: &str, black: bool) -> (Vec<String>, Vec<String>) {
    let g = &pos.variant().grid;
    let (mut friends, mut enemies) = (Vec::new(), Vec::new());
    for c in 0..g.len() as u16 {
        let code = pos.at(c);
        if code == 0 || g.label(c) == at {
            continue;
        }
        if (crate::game::code_side(code) == 1) == black {
            friends.push(g.label(c).to_string());
        } else {
            enemies.push(g.label(c).to_string());
        }
    }
    (friends, enemies)
}
