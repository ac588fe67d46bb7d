//! The move tables of the GAME Code: our compiled Betza paths unrolled
//! into one tree of legs per move, encoded as the integer list the
//! universal routine walks.

use crate::betza::semantics::{mode, Family, Motion, Path, Reach, KDIRS};
use crate::variant::Variant;

/// Leg mode bits of the tables.
pub mod leg {
    /// The move may end on an empty cell here.
    pub const MOVE: u32 = 1;
    /// The move may end here capturing an enemy.
    pub const CAPTURE: u32 = 2;
    /// The move may end on an en-passant cell here, capturing the victim.
    pub const EP: u32 = 4;
    /// From an empty cell here the move goes on with the child legs.
    pub const GO: u32 = 8;
    /// Cannon-style: slide to exactly one screen, then land beyond it.
    pub const HOP: u32 = 16;
}

/// Move flags of the tables.
pub mod mv {
    /// Only an unmoved piece may make it.
    pub const INITIAL: u32 = 1;
    /// Only when the mover's side is not in check (never gives check).
    pub const UNCHECKED: u32 = 2;
    /// Castling: the leg is (direction, king's travel).
    pub const CASTLE: u32 = 4;
}

/// One leg of an unrolled move, absolute for White (Black negates).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GcLeg {
    /// Step vector.
    pub dx: i32,
    /// Step vector.
    pub dy: i32,
    /// Most steps (0 = unlimited); for castling the king's travel.
    pub range: u32,
    /// [`leg`] bits.
    pub mode: u32,
    /// Cells (relative to a step's start) that must be empty: lame leaps.
    pub via: Vec<(i32, i32)>,
    /// Legs that may follow from an empty landing cell.
    pub children: Vec<GcLeg>,
}

/// One move of a piece: flags and its first leg.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GcMove {
    /// [`mv`] bits.
    pub flags: u32,
    /// The first leg.
    pub first: GcLeg,
}

/// What one Betza leg cannot be in the tables, if anything.
fn leg_problem(l: &crate::betza::semantics::Leg) -> Option<&'static str> {
    if l.motion != Motion::Straight {
        return Some("crooked or circular riding (z/q)");
    }
    if l.reach == Reach::Iso {
        return Some("a leg as long as the previous one (i in a later leg)");
    }
    if l.mode & mode::DESTROY != 0 {
        return Some("capturing a friendly piece (d)");
    }
    if l.mode & mode::JUMP != 0 {
        return Some("jumping or skiing (j)");
    }
    if l.mode & mode::GRASS != 0 {
        return Some("grasshopper moves (g)");
    }
    if l.mode & mode::HOP != 0 && l.may_continue {
        return Some("hopping in a leg that is not the last");
    }
    if l.may_continue && !l.may_stop && l.mode & mode::CAPTURE != 0 {
        return Some("locust captures (c in a leg that is not the last)");
    }
    None
}

/// Unrolls compiled Betza paths into the tables' move trees (White's view).
/// `unchecked` marks conditional special moves. Errors name what cannot be
/// expressed.
pub fn unroll(paths: &[Path], unchecked: bool) -> Result<Vec<GcMove>, Vec<String>> {
    let mut out = Vec::new();
    let mut errs = Vec::new();
    for p in paths {
        if let Some(c) = p.castle {
            for (d, &(dx, dy)) in KDIRS.iter().enumerate() {
                if c.dirs & (1 << d) != 0 {
                    out.push(GcMove {
                        flags: mv::CASTLE | mv::INITIAL,
                        first: GcLeg {
                            dx: dx as i32,
                            dy: dy as i32,
                            range: c.travel as u32,
                            mode: 0,
                            via: vec![],
                            children: vec![],
                        },
                    });
                }
            }
            continue;
        }
        if p.cylinder {
            errs.push("cylindrical board moves (o)".to_string());
            continue;
        }
        if let Some(e) = p.legs.iter().find_map(leg_problem) {
            errs.push(e.to_string());
            continue;
        }
        let mut flags = 0;
        if p.initial {
            flags |= mv::INITIAL;
        }
        if unchecked {
            flags |= mv::UNCHECKED;
        }
        for first in legs_of(p, 0, None) {
            out.push(GcMove { flags, first });
        }
    }
    if errs.is_empty() {
        Ok(out)
    } else {
        errs.sort();
        errs.dedup();
        Err(errs)
    }
}

/// The table legs for leg `li` of `p` after a previous leg (family, index).
fn legs_of(p: &Path, li: usize, prev: Option<(Family, u8)>) -> Vec<GcLeg> {
    let l = &p.legs[li];
    let mask = match prev {
        None => l.dirs,
        Some((pf, pidx)) => l.continuation_dirs(&pf, pidx),
    };
    let range = match l.reach {
        Reach::Steps(n) => n as u32,
        Reach::Unlimited | Reach::Iso => 0,
    };
    let hop_first = l.may_stop && !l.may_continue && l.mode & mode::HOP != 0;
    let mut m = 0;
    if l.may_stop {
        if l.mode & mode::MOVE != 0 {
            m |= leg::MOVE;
        }
        if l.mode & mode::CAPTURE != 0 {
            m |= leg::CAPTURE;
        }
        if l.mode & mode::EP != 0 {
            m |= leg::EP;
        }
    }
    if hop_first {
        m |= leg::HOP;
    }
    if l.may_continue && l.mode & mode::MOVE != 0 {
        m |= leg::GO;
    }
    let mut out = Vec::new();
    for idx in 0..8u8 {
        if mask & (1 << idx) == 0 {
            continue;
        }
        let v = l.family.vecs[idx as usize];
        let len = v.0.unsigned_abs().max(v.1.unsigned_abs());
        let oblique = v.0 != 0 && v.1 != 0 && v.0.abs() != v.1.abs();
        let via = if l.mode & mode::LAME != 0 && (len > 1 || oblique) {
            crate::betza::semantics::passed_offsets(v)
        } else {
            vec![]
        };
        let children =
            if m & leg::GO != 0 && li + 1 < p.legs.len() { legs_of(p, li + 1, Some((l.family, idx))) } else { vec![] };
        out.push(GcLeg { dx: v.0 as i32, dy: v.1 as i32, range, mode: m, via, children });
    }
    out
}

/// Appends a leg subtree: `size dx dy range mode nvia vias… nchildren children…`.
fn encode_leg(l: &GcLeg, out: &mut Vec<i64>) {
    let at = out.len();
    out.push(0);
    out.extend([l.dx as i64, l.dy as i64, l.range as i64, l.mode as i64, l.via.len() as i64]);
    for &(x, y) in &l.via {
        out.extend([x as i64, y as i64]);
    }
    out.push(l.children.len() as i64);
    for c in &l.children {
        encode_leg(c, out);
    }
    out[at] = (out.len() - at) as i64;
}

/// A piece kind's table: `nmoves`, then per move `flags` and its leg tree.
pub fn encode_moves(moves: &[GcMove]) -> Vec<i64> {
    let mut out = vec![moves.len() as i64];
    for m in moves {
        out.push(m.flags as i64);
        encode_leg(&m.first, &mut out);
    }
    out
}

/// Everything the GAME Code needs, and what it cannot express.
#[derive(Clone, Debug)]
pub struct Tables {
    /// All kinds' tables, concatenated.
    pub legs: Vec<i64>,
    /// Start of each kind's table for White, and for Black.
    pub start: [Vec<usize>; 2],
    /// Rules the code does not enforce, in words.
    pub unenforced: Vec<String>,
    /// Some piece has an en-passant capture.
    pub has_ep: bool,
}

/// Builds the move tables of `v`.
pub fn tables(v: &Variant) -> Tables {
    let mut legs = Vec::new();
    let mut start = [Vec::new(), Vec::new()];
    let mut unenforced = Vec::new();
    let mut has_ep = false;
    for p in &v.pieces {
        for side in 0..2 {
            if side == 1 && p.betza_black.is_none() {
                let w = start[0][start[0].len() - 1];
                start[1].push(w);
                continue;
            }
            let text = if side == 1 { p.betza_black.as_deref().unwrap_or(&p.betza) } else { &p.betza };
            let mut moves = Vec::new();
            let mut parts = if p.immobile { vec![] } else { vec![(text.to_string(), false, String::new())] };
            parts.extend(p.specials.iter().map(|(n, b)| (b.clone(), true, n.clone())));
            for (b, unchecked, name) in parts {
                let paths = crate::betza::compile_paths(&b).expect("validated by the loader");
                match unroll(&paths, unchecked) {
                    Ok(ms) => moves.extend(ms),
                    Err(es) => {
                        let what = if name.is_empty() { format!("`{b}`") } else { format!("{name} (`{b}`)") };
                        unenforced.push(format!(
                            "the moves of the {} {what}: {} (the piece's other moves are checked)",
                            p.name,
                            es.join(", ")
                        ));
                        // Keep what can be expressed, path by path.
                        for pa in &paths {
                            if let Ok(ms) = unroll(std::slice::from_ref(pa), unchecked) {
                                moves.extend(ms);
                            }
                        }
                    }
                }
            }
            has_ep |= moves.iter().any(|m| tree_has(&m.first, leg::EP));
            start[side].push(legs.len());
            legs.extend(encode_moves(&moves));
        }
    }
    unenforced.extend(outside_rules(v));
    if v.free_castling.is_some() {
        unenforced.push(CHESS960_START.to_string());
    }
    if v.rules.repetition > 0 {
        unenforced.push(format!(
            "the draw by {}-fold repetition (the code does not detect repetitions; claim it by agreement)",
            v.rules.repetition
        ));
    }
    Tables { legs, start, unenforced, has_ep }
}

/// What a preset of a Chess960 game leaves out. Its FEN Code is the
/// definition's one start array, and from that array Chess960 castling is
/// the castling the tables hold (the engine reads its Chess960 template
/// off the setup's castling), so the code enforces it there; the other
/// arrays are not written. From another array (an edited FEN Code) the
/// code keeps the preset array's geometry, which is Chess960 castling only
/// when the King starts on the preset's King file and the Rooks in the
/// corners (`tests/game_courier_code.rs` shows `RK5R`).
pub const CHESS960_START: &str = "Chess960's other start arrays: the preset starts from the definition's array \
(the FEN Code holds one array), where Chess960 castling is the castling the code enforces; no source available \
here documents a random start on Game Courier, nor how a castling is entered in which the King lands on its \
Rook's cell or does not move. From another array (an edited FEN Code) the code castles as from the preset's: \
the King two cells towards the corner of its rank, the unmoved piece in that corner to the cell the King \
crossed, every cell between them empty; that is Chess960 castling only when the King stands on the preset \
King's file and the Rooks in the corners";

/// The rules outside the move tables, which the preset leaves out: all of
/// [`crate::export::special_rule_items`] but promotion zones of single
/// cells (the zone code holds single cells as well as ranks) and Chess960
/// castling, which the tables hold from the preset's start array (see
/// [`CHESS960_START`]).
pub fn outside_rules(v: &Variant) -> Vec<String> {
    let chess960 = v.free_castling.is_some();
    crate::export::special_rule_items(v)
        .into_iter()
        .filter(|(f, s)| {
            *f != crate::export::Feature::PromotionCells
                && !(chess960 && *f == crate::export::Feature::Castling && s.starts_with("Chess960 castling"))
        })
        .map(|(_, s)| s)
        .collect()
}

fn tree_has(l: &GcLeg, bit: u32) -> bool {
    l.mode & bit != 0 || l.children.iter().any(|c| tree_has(c, bit))
}
