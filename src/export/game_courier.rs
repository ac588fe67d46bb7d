//! A Game Courier (GC) preset: a paste-ready sheet with one block per field
//! of GC's Edit form, and the same values rendered as a settings file.
//!
//! **Structure.** The FEN Code writes every rank in full, top rank first,
//! `/` between ranks, `-` for holes, run-length digits for empty cells and
//! braces around labels longer than one character; Max Columns is always
//! given. Labels come from a per-set table ([`STOCK_SETS`]); a variant with
//! a piece the stock set has no label for gets a custom set instead.
//!
//! **Rules.** Enforcement follows the architecture of H. G. Muller's
//! GAME-code wizard: Pre-Game holds one universal, piece-independent
//! routine ([`UNIVERSAL`]) plus tables generated from our compiled Betza
//! (one tree of move legs per piece kind, see [`unroll`]); Post-Move and
//! Post-Game are one-liners that call the routine. The routine checks each
//! entered move against the table (including lame legs, hoppers, bent and
//! multi-leg moves, initial moves, castling, en passant and promotion
//! choices), rejects moves that leave a royal piece attacked, and ends the
//! game on checkmate, stalemate (with the variant's value), a bare king
//! (with counter-baring) and the n-move rule. Anything the tables cannot
//! express is listed in the Rules HTML and in the sheet's status line, and
//! the preset is then marked as not fully enforced (GC's `rules` flag is set
//! only for a fully enforced preset). N-fold repetition is never detected.
//!
//! The GAME Code has not been run on Game Courier itself (no interpreter is
//! available here). The tables are checked by `tests/export.rs`, which
//! interprets them with the routine's algorithm and compares the legal
//! moves with our engine's.

use std::fmt::Write as _;

use super::{alfaerie_image, setup_placement};
use crate::betza::semantics::{mode, Family, Motion, Path, Reach, KDIRS};
use crate::board::{file_label, Cell};
use crate::variant::{EndValue, Variant};

/// A stock piece set: GC set group, set name, image directory and its
/// label table (label → Alfaerie image basename). Only labels every
/// Alfaerie-based set is known to have are listed.
pub struct StockSet {
    /// The Set Group field.
    pub group: &'static str,
    /// The Set field.
    pub set: &'static str,
    /// Where the images are.
    pub dir: &'static str,
    /// White label → image basename (Black's label is the lower case).
    pub labels: &'static [(&'static str, &'static str)],
}

/// Stock sets we know labels for.
pub const STOCK_SETS: &[StockSet] = &[StockSet {
    group: "Alfaerie",
    set: "alfaerie",
    dir: "/graphics.dir/alfaerie/",
    labels: &[("K", "king"), ("Q", "queen"), ("R", "rook"), ("B", "bishop"), ("N", "knight"), ("P", "pawn")],
}];

/// Images of the custom set (Alfaerie PNGs, `w`/`b` prefixes).
pub const CUSTOM_DIR: &str = "/graphics.dir/alfaeriePNG/";

/// The labels of a preset.
#[derive(Clone, Debug)]
pub struct Labels {
    /// (White label, Black label) per piece kind.
    pub kinds: Vec<(String, String)>,
    /// Set Group and Set fields.
    pub group: String,
    /// The Set field.
    pub set: String,
    /// The custom set (JSON), when the stock set lacks a piece.
    pub custom: Option<String>,
    /// Remarks about images (unknown or unverified names).
    pub remarks: Vec<String>,
}

/// Chooses labels: the stock set when it has every piece (by image), else a
/// custom set with our FEN letters.
pub fn labels(v: &Variant) -> Labels {
    let images: Vec<Option<(String, bool)>> = (0..v.pieces.len()).map(|k| alfaerie_image(v, k)).collect();
    for s in STOCK_SETS {
        let mut kinds = Vec::new();
        for img in &images {
            let Some((img, _)) = img else { break };
            let Some((label, _)) = s.labels.iter().find(|(_, i)| i == img) else { break };
            if kinds.iter().any(|(w, _): &(String, String)| w == label) {
                break;
            }
            kinds.push((label.to_string(), label.to_ascii_lowercase()));
        }
        if kinds.len() == v.pieces.len() {
            return Labels { kinds, group: s.group.into(), set: s.set.into(), custom: None, remarks: Vec::new() };
        }
    }
    let mut kinds = Vec::new();
    let mut remarks = Vec::new();
    let mut json = String::from("{\"dir\": \"");
    json.push_str(CUSTOM_DIR);
    json.push_str("\", \"pieces\": {");
    for (k, p) in v.pieces.iter().enumerate() {
        let (w, b) = (p.letter.to_string(), p.letter.to_ascii_lowercase().to_string());
        let img = match &images[k] {
            Some((i, ok)) => {
                if !ok {
                    remarks.push(format!(
                        "{}: the image name \"{i}\" follows Alfaerie's naming but is unverified",
                        p.name
                    ));
                }
                i.clone()
            }
            None => {
                remarks.push(format!("{}: no Alfaerie image is known; \"{}\" is a placeholder", p.name, p.id));
                p.id.clone()
            }
        };
        if k > 0 {
            json.push_str(", ");
        }
        let _ = write!(json, "\"{w}\": \"w{img}.png\", \"{b}\": \"b{img}.png\"");
        kinds.push((w, b));
    }
    json.push_str("}}");
    Labels { kinds, group: "Custom".into(), set: "custom".into(), custom: Some(json), remarks }
}

/// A label as it appears in the FEN Code (braced when longer than one character).
fn fen_label(l: &str) -> String {
    if l.chars().count() == 1 {
        l.to_string()
    } else {
        format!("{{{l}}}")
    }
}

/// The FEN Code of the setup with these labels.
pub fn fen_code(v: &Variant, labels: &[(String, String)]) -> String {
    let g = &v.grid;
    let pl = setup_placement(v);
    let mut ranks = Vec::new();
    for y in (0..g.ranks()).rev() {
        let mut s = String::new();
        let mut run = 0;
        for x in 0..g.files() {
            let cell = g.at(x as i32, y as i32);
            let item = match cell {
                None => Some("-".to_string()),
                Some(c) => pl.cells[c as usize]
                    .map(|(k, side)| fen_label(if side == 0 { &labels[k as usize].0 } else { &labels[k as usize].1 })),
            };
            match item {
                None => run += 1,
                Some(t) => {
                    if run > 0 {
                        let _ = write!(s, "{run}");
                        run = 0;
                    }
                    s.push_str(&t);
                }
            }
        }
        if run > 0 {
            let _ = write!(s, "{run}");
        }
        ranks.push(s);
    }
    ranks.join("/")
}

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
    unenforced.extend(super::special_rules(v));
    if v.rules.repetition > 0 {
        unenforced.push(format!(
            "the draw by {}-fold repetition (the code does not detect repetitions; claim it by agreement)",
            v.rules.repetition
        ));
    }
    Tables { legs, start, unenforced, has_ep }
}

fn tree_has(l: &GcLeg, bit: u32) -> bool {
    l.mode & bit != 0 || l.children.iter().any(|c| tree_has(c, bit))
}

fn list<T: ToString>(xs: impl IntoIterator<Item = T>) -> String {
    xs.into_iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
}

/// The piece-independent routine that goes first in Pre-Game. It reads
/// the tables set after it (`legs`, `wstart`, `bstart`, `wlabel`, `blabel`,
/// `royal`, `pawn`, `zones`, the rule values) and the state it keeps
/// (`stm`, `unmoved`, `epcells`, `epvictim`, `quiet`). An attack test
/// (`Attacked`) asks whether some enemy move could capture on the target
/// cell, which therefore counts as enemy-occupied even when it is empty.
///
/// Table format, per kind: `nmoves`, then per move its flags (1 initial,
/// 2 only when not in check, 4 castling) and a leg tree; a leg is
/// `size dx dy range mode nvia (vx vy)… nchildren children…`, `size`
/// counting the whole subtree, mode bits 1 end on empty, 2 end on enemy,
/// 4 end en passant, 8 go on with the children from an empty cell,
/// 16 hop over one screen. Vectors are White's; Black negates them.
pub const UNIVERSAL: &str = r#"set found ();
set foundkind ();
set foundextra ();
set foundextra2 ();
set attackonly 0;
set attacktarget @;

sub KindOf label:
  local k;
  set k 0;
  do while < #k count #wlabel:
    if == elem #k #wlabel #label or == elem #k #blabel #label:
      return #k;
    endif;
    set k + #k 1;
  loop;
  return -1;
endsub;

sub SideOf label:
  if == #label @:
    return 0;
  endif;
  if match #label #wlabel:
    return 1;
  endif;
  return 2;
endsub;

sub Occ c from side:
  if == #c #from:
    return 0;
  endif;
  if #attackonly and == #c #attacktarget:
    return 2;
  endif;
  if == space #c @:
    return 0;
  endif;
  if == sub SideOf space #c #side:
    return 1;
  endif;
  return 2;
endsub;

sub Found to kind extra extra2:
  push found #to;
  push foundkind #kind;
  push foundextra #extra;
  push foundextra2 #extra2;
endsub;

sub WalkLeg at pos from side:
  local dx dy range mode nvia nchild child steps cur nxt ok i o after s;
  set dx elem + #at 1 #legs;
  set dy elem + #at 2 #legs;
  set range elem + #at 3 #legs;
  set mode elem + #at 4 #legs;
  set nvia elem + #at 5 #legs;
  set nchild elem + #at + 6 * 2 #nvia #legs;
  if == #side 2:
    set dx neg #dx;
    set dy neg #dy;
  endif;
  set cur #pos;
  set steps 0;
  do while == #range 0 or < #steps #range:
    set nxt where #cur #dx #dy;
    if not onboard #nxt:
      return;
    endif;
    set i 0;
    set ok 1;
    do while < #i #nvia:
      set s elem + #at + 6 * 2 #i #legs;
      set o elem + #at + 7 * 2 #i #legs;
      if == #side 2:
        set s neg #s;
        set o neg #o;
      endif;
      set s where #cur #s #o;
      if not onboard #s:
        set ok 0;
      elseif != sub Occ #s #from #side 0:
        set ok 0;
      endif;
      set i + #i 1;
    loop;
    if not #ok:
      return;
    endif;
    set steps + #steps 1;
    set cur #nxt;
    set o sub Occ #cur #from #side;
    if & #mode 16:
      if != #o 0:
        if == #range 1:
          set after 1;
        elseif == #range 0:
          set after 0;
        else:
          set after - #range #steps;
        endif;
        set s 0;
        do while == #after 0 or < #s #after:
          set cur where #cur #dx #dy;
          if not onboard #cur:
            return;
          endif;
          set s + #s 1;
          set o sub Occ #cur #from #side;
          if == #o 0:
            if & #mode 1 and not #attackonly:
              gosub Found #cur 0 0 0;
            endif;
          else:
            if == #o 2 and & #mode 2:
              gosub Found #cur 0 0 0;
            endif;
            return;
          endif;
        loop;
        return;
      endif;
    elseif == #o 0:
      if & #mode 1 and not #attackonly:
        gosub Found #cur 0 0 0;
      endif;
      if & #mode 4 and not #attackonly and match #cur #epcells:
        gosub Found #cur 1 #epvictim 0;
      endif;
      if & #mode 8:
        set child + #at + 7 * 2 #nvia;
        set i 0;
        do while < #i #nchild:
          gosub WalkLeg #child #cur #from #side;
          set child + #child elem #child #legs;
          set i + #i 1;
        loop;
      endif;
    else:
      if == #o 2 and & #mode 2:
        gosub Found #cur 0 0 0;
      endif;
      return;
    endif;
  loop;
endsub;

sub Castle at from side:
  local dx dy travel ray cur n partner i;
  set dx elem + #at 1 #legs;
  set dy elem + #at 2 #legs;
  set travel elem + #at 3 #legs;
  if == #side 2:
    set dx neg #dx;
    set dy neg #dy;
  endif;
  set ray ();
  set cur where #from #dx #dy;
  do while onboard #cur:
    push ray #cur;
    set cur where #cur #dx #dy;
  loop;
  set n count #ray;
  if <= #n #travel or < #travel 2:
    return;
  endif;
  set partner elem - #n 1 #ray;
  if != sub Occ #partner #from #side 1 or not match #partner #unmoved:
    return;
  endif;
  set i 0;
  do while < #i - #n 1:
    if != space elem #i #ray @:
      return;
    endif;
    set i + #i 1;
  loop;
  set i 0;
  do while < #i #travel:
    if sub Attacked elem #i #ray #side:
      return;
    endif;
    set i + #i 1;
  loop;
  gosub Found elem - #travel 1 #ray 2 #partner elem - #travel 2 #ray;
endsub;

sub Moves from side incheck:
  local k at n m flags size skip;
  set k sub KindOf space #from;
  if == #side 1:
    set at elem #k #wstart;
  else:
    set at elem #k #bstart;
  endif;
  set n elem #at #legs;
  set at + #at 1;
  set m 0;
  do while < #m #n:
    set flags elem #at #legs;
    set size elem + #at 1 #legs;
    set skip 0;
    if & #flags 1 and not match #from #unmoved:
      set skip 1;
    endif;
    if & #flags 2:
      if #incheck or #attackonly:
        set skip 1;
      endif;
    endif;
    if #skip:
    elseif & #flags 4:
      if not #attackonly and not #incheck and elem #k #royal:
        gosub Castle + #at 1 #from #side;
      endif;
    else:
      gosub WalkLeg + #at 1 #from #from #side;
    endif;
    set at + #at + 1 #size;
    set m + #m 1;
  loop;
endsub;

sub Attacked target side:
  local c enemy hit sf sk se se2 sa st;
  set st #attacktarget;
  set attacktarget #target;
  set sf #found;
  set sk #foundkind;
  set se #foundextra;
  set se2 #foundextra2;
  set sa #attackonly;
  if == #side 1:
    set enemy 2;
  else:
    set enemy 1;
  endif;
  set hit 0;
  set attackonly 1;
  for c spaces:
    if == sub SideOf space #c #enemy and not #hit:
      set found ();
      set foundkind ();
      set foundextra ();
      set foundextra2 ();
      gosub Moves #c #enemy 0;
      if match #target #found:
        set hit 1;
      endif;
    endif;
  next;
  set attackonly #sa;
  set attacktarget #st;
  set found #sf;
  set foundkind #sk;
  set foundextra #se;
  set foundextra2 #se2;
  return #hit;
endsub;

sub InCheck side:
  local c;
  for c spaces:
    if == sub SideOf space #c #side and elem sub KindOf space #c #royal:
      if sub Attacked #c #side:
        return 1;
      endif;
    endif;
  next;
  return 0;
endsub;

sub ZoneChoices to side:
  local z n i r hit choices optional;
  set choices ();
  set optional 1;
  set hit 0;
  set z 0;
  do while < #z count #zones:
    set r elem #z #zones;
    if match rank #to elem #side #r:
      set hit 1;
      set choices merge #choices elem 3 #r;
      if elem 0 #r:
        set optional 0;
      endif;
    endif;
    set z + #z 1;
  loop;
  if not #hit:
    return ();
  endif;
  if #optional:
    push choices -1;
  endif;
  return #choices;
endsub;
"#;

/// The Post-Move routine (one per side) and the Post-Game routine, after
/// [`UNIVERSAL`] in Pre-Game.
pub const HANDLERS: &str = r#"sub HandleMove side:
  local i ok kind extra extra2 choices placed incheck k;
  if != #side #stm:
    die "It is not your turn.";
  endif;
  if != sub SideOf moved #side:
    die "You may only move your own pieces.";
  endif;
  set placed space dest;
  empty dest;
  add moved origin;
  if != old @:
    add old dest;
  else:
    empty dest;
  endif;
  set incheck sub InCheck #side;
  set found ();
  set foundkind ();
  set foundextra ();
  set foundextra2 ();
  gosub Moves origin #side #incheck;
  set ok 0;
  set i 0;
  do while < #i count #found:
    if == elem #i #found dest and not #ok:
      set ok 1;
      set kind elem #i #foundkind;
      set extra elem #i #foundextra;
      set extra2 elem #i #foundextra2;
    endif;
    set i + #i 1;
  loop;
  if not #ok:
    die "That is not a legal move for this piece.";
  endif;
  empty origin;
  add #placed dest;
  if == #kind 1:
    empty #extra;
  elseif == #kind 2:
    add space #extra #extra2;
    empty #extra;
  endif;
  set k sub KindOf moved;
  if elem #k #pawn:
    set choices sub ZoneChoices dest #side;
    if count #choices:
      if == #placed moved and not match -1 #choices:
        die "This pawn must promote here.";
      endif;
      if != #placed moved and not match sub KindOf #placed #choices:
        die "A pawn may not promote to that piece here.";
      endif;
      if != sub SideOf #placed #side:
        die "Promote to a piece of your own side.";
      endif;
    elseif != #placed moved:
      die "Only a pawn in a promotion zone may change into another piece.";
    endif;
  elseif != #placed moved:
    die "Only a pawn in a promotion zone may change into another piece.";
  endif;
  if sub InCheck #side:
    die "You may not leave your king in check.";
  endif;
  set unmoved diff #unmoved (origin dest);
  if == #kind 2:
    set unmoved diff #unmoved (#extra);
  elseif == #kind 1:
    set unmoved diff #unmoved (#extra);
  endif;
  set epcells ();
  set epvictim @;
  if elem #k #pawn and #hasep and == old @ and == #kind 0:
    gosub SetEp origin dest;
  endif;
  if elem #k #pawn or != old @ or == #kind 1:
    set quiet 0;
  else:
    set quiet + #quiet 1;
  endif;
  if == #side 1:
    set stm 2;
  else:
    set stm 1;
  endif;
endsub;

sub SetEp from to:
  local dx dy n i c;
  set dx - file #to file #from;
  set dy - rank #to rank #from;
  set n max abs #dx abs #dy;
  if < #n 2:
    return;
  endif;
  if != #dx 0 and != #dy 0 and != abs #dx abs #dy:
    return;
  endif;
  set dx sign #dx;
  set dy sign #dy;
  set i 1;
  do while < #i #n and < #i 5:
    set c where #from * #i #dx * #i #dy;
    if onboard #c:
      push epcells #c;
    endif;
    set i + #i 1;
  loop;
  if count #epcells:
    set epvictim #to;
  endif;
endsub;

sub HasMove side:
  local c i incheck saved savedep savedv ok;
  set incheck sub InCheck #side;
  for c spaces:
    if == sub SideOf space #c #side:
      set found ();
      set foundkind ();
      set foundextra ();
      set foundextra2 ();
      gosub Moves #c #side #incheck;
      set i 0;
      do while < #i count #found:
        store;
        move #c elem #i #found;
        if == elem #i #foundkind 1:
          empty elem #i #foundextra;
        elseif == elem #i #foundkind 2:
          move elem #i #foundextra elem #i #foundextra2;
        endif;
        set ok not sub InCheck #side;
        restore;
        if #ok:
          return 1;
        endif;
        set i + #i 1;
      loop;
    endif;
  next;
  return 0;
endsub;

sub NonRoyals side:
  local c n;
  set n 0;
  for c spaces:
    if == sub SideOf space #c #side and not elem sub KindOf space #c #royal:
      set n + #n 1;
    endif;
  next;
  return #n;
endsub;

sub HasRoyal side:
  local c;
  for c spaces:
    if == sub SideOf space #c #side and elem sub KindOf space #c #royal:
      return 1;
    endif;
  next;
  return 0;
endsub;

sub Result winner why:
  if == #winner 0:
    drawn #why;
  elseif == #winner #stm:
    won #why;
  else:
    lost #why;
  endif;
endsub;

sub GameEnd:
  local other mebare thembare;
  if == #stm 1:
    set other 2;
  else:
    set other 1;
  endif;
  if not sub HasMove #stm:
    if sub InCheck #stm:
      gosub Result #other "Checkmate.";
    elseif == #stalemate 0:
      gosub Result #other "Stalemate: the stalemated side loses.";
    elseif == #stalemate 2:
      gosub Result #stm "Stalemate: the stalemated side wins.";
    else:
      gosub Result 0 "Stalemate.";
    endif;
    return;
  endif;
  if #bareking:
    set mebare not sub NonRoyals #stm and sub HasRoyal #stm;
    set thembare not sub NonRoyals #other and sub HasRoyal #other;
    if #mebare and #thembare:
      gosub Result 0 "Both kings are bare.";
      return;
    elseif #thembare:
      gosub Result #stm "Bare king.";
      return;
    elseif #mebare and not #counterbaring:
      gosub Result #other "Bare king.";
      return;
    endif;
  endif;
  if #moverule and >= #quiet * 2 #moverule:
    gosub Result 0 "Draw by the n-move rule.";
    return;
  endif;
  if sub InCheck #stm:
    say "Check!";
  endif;
endsub;
"#;

/// The Pre-Game code: the universal routine, then the variant's tables.
pub fn pre_game(v: &Variant, lab: &Labels, t: &Tables, fully: bool) -> String {
    let mut s = String::new();
    if fully {
        s.push_str("setflag rules;\n");
    }
    s.push_str(UNIVERSAL);
    s.push_str(HANDLERS);
    let _ = writeln!(s, "set legs ({});", list(&t.legs));
    let _ = writeln!(s, "set wstart ({});", list(&t.start[0]));
    let _ = writeln!(s, "set bstart ({});", list(&t.start[1]));
    let _ = writeln!(s, "set wlabel ({});", list(lab.kinds.iter().map(|k| k.0.clone())));
    let _ = writeln!(s, "set blabel ({});", list(lab.kinds.iter().map(|k| k.1.clone())));
    let _ = writeln!(s, "set royal ({});", list(v.pieces.iter().map(|p| p.royal as u8)));
    let _ = writeln!(s, "set pawn ({});", list(v.pieces.iter().map(|p| p.pawn as u8)));
    // zones: (mandatory (white ranks) (black ranks) (choice kinds)), ranks 0-based as GC's `rank`.
    let zones: Vec<String> = v
        .zones
        .iter()
        .map(|z| {
            format!("({} ({}) ({}) ({}))", z.mandatory as u8, list(&z.ranks[0]), list(&z.ranks[1]), list(&z.choices))
        })
        .collect();
    let _ = writeln!(s, "set zones ({});", zones.join(" "));
    let _ = writeln!(
        s,
        "set stalemate {};",
        match v.rules.stalemate {
            EndValue::Loss => 0,
            EndValue::Draw => 1,
            EndValue::Win => 2,
        }
    );
    let _ = writeln!(s, "set bareking {};", v.rules.bare_king as u8);
    let _ = writeln!(s, "set counterbaring {};", v.rules.counter_baring as u8);
    let _ = writeln!(s, "set moverule {};", v.rules.move_rule);
    let _ = writeln!(s, "set hasep {};", t.has_ep as u8);
    // State: side to move, unmoved pieces, en passant, quiet-move counter.
    let pl = setup_placement(v);
    let g = &v.grid;
    let unmoved: Vec<String> =
        (0..g.len()).filter(|&c| pl.cells[c].is_some()).map(|c| g.label(c as Cell).to_string()).collect();
    let _ = writeln!(s, "set stm {};", if pl.side == 0 { 1 } else { 2 });
    let _ = writeln!(s, "set unmoved ({});", unmoved.join(" "));
    let _ = writeln!(s, "set epcells ();");
    let _ = writeln!(s, "set epvictim @;");
    let _ = writeln!(s, "set quiet 0;");
    s
}

/// A short HTML escape.
fn html(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The Rules (HTML) field.
fn rules_html(v: &Variant, lab: &Labels, t: &Tables) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "<p><b>{}</b> by {}.", html(&v.title), html(&v.author));
    if !v.rules_url.is_empty() {
        let _ = write!(s, " Full rules: <a href=\"{}\">{}</a>.", html(&v.rules_url), html(&v.rules_url));
    }
    let _ = writeln!(s, "</p>");
    if let Some(d) = &v.description {
        let _ = writeln!(s, "<p>{}</p>", html(d));
    }
    if let Some(r) = &v.reconstructed {
        let _ = writeln!(s, "<p><b>Setup reconstructed:</b> {}</p>", html(r));
    }
    let _ = writeln!(s, "<p>Pieces (moves in XBetza notation):</p>\n<ul>");
    for (k, p) in v.pieces.iter().enumerate() {
        let mut extra = String::new();
        if p.royal {
            extra.push_str(", royal");
        }
        if p.pawn {
            extra.push_str(", promotes");
        }
        for (n, b) in &p.specials {
            let _ = write!(extra, "; {} <code>{}</code> when not in check", html(n), html(b));
        }
        let _ = writeln!(
            s,
            "<li>{} ({}): <code>{}</code>{extra}</li>",
            html(&p.name),
            html(&lab.kinds[k].0),
            html(&p.betza)
        );
    }
    let _ = writeln!(s, "</ul>");
    let mut rules = Vec::new();
    for z in &v.zones {
        let ranks: Vec<String> = z.ranks[0].iter().map(|r| (r + 1).to_string()).collect();
        let ch: Vec<String> = z.choices.iter().map(|&k| v.pieces[k as usize].name.clone()).collect();
        rules.push(format!(
            "On rank {} (Black: the mirrored rank) a pawn {} promote to {}.",
            ranks.join(", "),
            if z.mandatory { "must" } else { "may" },
            ch.join(", ")
        ));
    }
    rules.push(match v.rules.stalemate {
        EndValue::Loss => "A stalemated player loses.".to_string(),
        EndValue::Draw => "Stalemate is a draw.".to_string(),
        EndValue::Win => "A stalemated player wins.".to_string(),
    });
    if v.rules.bare_king {
        rules.push(if v.rules.counter_baring {
            "A bare king loses, unless the bared side bares the opponent's king on its next move (draw).".to_string()
        } else {
            "A bare king loses.".to_string()
        });
    }
    if v.rules.move_rule > 0 {
        rules.push(format!("{}-move rule.", v.rules.move_rule));
    }
    if v.rules.repetition > 0 {
        rules.push(format!("Draw by {}-fold repetition.", v.rules.repetition));
    }
    let _ = writeln!(s, "<p>{}</p>", html(&rules.join(" ")));
    if t.unenforced.is_empty() {
        let _ = writeln!(s, "<p>Rules enforced by code generated by Rookery from the definition.</p>");
    } else {
        let _ = writeln!(s, "<p><b>Not fully enforced.</b> The generated code does not enforce:</p>\n<ul>");
        for u in &t.unenforced {
            let _ = writeln!(s, "<li>{}</li>", html(u));
        }
        let _ = writeln!(s, "</ul>");
    }
    if !lab.remarks.is_empty() {
        let _ = writeln!(s, "<p>Piece images:</p>\n<ul>");
        for r in &lab.remarks {
            let _ = writeln!(s, "<li>{}</li>", html(r));
        }
        let _ = writeln!(s, "</ul>");
    }
    s
}

/// One Edit-form field: name, settings-file key (if known), value.
pub struct Field {
    /// The label on GC's Edit form.
    pub name: &'static str,
    /// The `$default` key, where a source names it (`None`: unverified).
    pub key: &'static str,
    /// The value to paste.
    pub value: String,
}

/// The preset's fields, in Edit-form order.
pub fn fields(v: &Variant) -> (Vec<Field>, Tables) {
    let lab = labels(v);
    let t = tables(v);
    let fully = t.unenforced.is_empty();
    let g = &v.grid;
    let mut f = vec![
        Field { name: "Game", key: "game", value: v.title.clone() },
        Field { name: "Rules URL", key: "rulesurl", value: v.rules_url.clone() },
        Field { name: "Settings", key: "settings", value: v.name.clone() },
        Field { name: "FEN Code", key: "code", value: fen_code(v, &lab.kinds) },
        Field { name: "Files", key: "files", value: list((0..g.files()).map(file_label)) },
        Field { name: "Rank Labels", key: "ranks", value: list((1..=g.ranks()).map(|r| r.to_string())) },
        Field { name: "Max Columns", key: "cols", value: g.files().to_string() },
        Field { name: "Sides", key: "sides", value: "White Black".into() },
        Field { name: "Shape", key: "shape", value: "Square Cells".into() },
        Field { name: "Set Group", key: "setgroup", value: lab.group.clone() },
        Field { name: "Set", key: "set", value: lab.set.clone() },
    ];
    if let Some(c) = &lab.custom {
        f.push(Field { name: "Custom Sets", key: "customsets", value: c.clone() });
    }
    f.push(Field { name: "Pre-Game", key: "pregame", value: pre_game(v, &lab, &t, fully) });
    f.push(Field { name: "Post-Move 1", key: "postmove1", value: "gosub HandleMove 1;".into() });
    f.push(Field { name: "Post-Move 2", key: "postmove2", value: "gosub HandleMove 2;".into() });
    f.push(Field { name: "Post-Game 1", key: "postgame1", value: "gosub GameEnd;".into() });
    f.push(Field { name: "Post-Game 2", key: "postgame2", value: "gosub GameEnd;".into() });
    f.push(Field { name: "Rules (HTML)", key: "rules", value: rules_html(v, &lab, &t) });
    (f, t)
}

/// Settings-file keys confirmed by a source (the rest are unverified).
const KNOWN_KEYS: &[&str] = &["game", "rulesurl", "code", "cols", "files", "ranks", "sides", "shape", "set", "rules"];

/// The whole sheet: status, one block per field, then the settings file.
/// Fails only for a graph board.
pub fn export(v: &Variant) -> Result<String, super::ExportError> {
    if let Some(e) = super::graph_board(v, super::Format::GameCourier) {
        return Err(e);
    }
    let (fields, t) = fields(v);
    let mut s = String::new();
    let _ = writeln!(s, "Game Courier preset for {}", v.title);
    let _ = writeln!(s, "Generated by `rookery export {} --format game-courier`.", v.name);
    let _ = writeln!(
        s,
        "Paste each block below into the Edit-form field of the same name; leave the other fields as they are."
    );
    if t.unenforced.is_empty() {
        let _ = writeln!(s, "Enforcement: full (moves, check, checkmate, stalemate, promotion; see Rules).");
    } else {
        let _ = writeln!(s, "Enforcement: PARTIAL, the preset is not fully enforced. Not enforced:");
        for u in &t.unenforced {
            let _ = writeln!(s, "  - {u}");
        }
    }
    let _ =
        writeln!(s, "The GAME Code was generated from the move tables and has not been run on Game Courier itself.");
    for f in &fields {
        let _ = writeln!(s, "\n===== {} =====", f.name);
        let _ = writeln!(s, "{}", f.value.trim_end());
    }
    let _ = writeln!(s, "\n===== Settings file =====");
    let _ = writeln!(s, "<?php");
    let _ = writeln!(s, "// Settings file for {} (generated by Rookery).", v.title);
    let _ = writeln!(s, "// Keys marked 'unverified' are our guesses at GC's $default names.");
    for f in &fields {
        if !KNOWN_KEYS.contains(&f.key) {
            let _ = writeln!(s, "// unverified key:");
        }
        if f.value.contains('\n') || f.value.len() > 60 {
            let _ = writeln!(s, "$default['{}'] = <<<'NOW'\n{}\nNOW;", f.key, f.value.trim_end());
        } else {
            let _ = writeln!(s, "$default['{}'] = '{}';", f.key, f.value.replace('\\', "\\\\").replace('\'', "\\'"));
        }
    }
    let _ = writeln!(s, "?>");
    Ok(s)
}
