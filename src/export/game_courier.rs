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
//! (with counter-baring) and the n-move rule. Post-Game lists every legal
//! move of the side to move with `setlegal`, so GC shows legal moves (and,
//! by Fergus Duniho's 2017 note, counts the preset as enforcing rules only
//! when that list exists). Anything the tables cannot
//! express is listed in the Rules HTML and in the sheet's status line, and
//! the preset is then marked as not fully enforced (GC's `rules` flag is set
//! only for a fully enforced preset). N-fold repetition is never detected.
//!
//! The GAME Code has not been run on Game Courier itself (no interpreter is
//! available here). The tables are checked by `tests/export.rs`, which
//! interprets them with a Rust copy of the routine (same subroutines, same
//! `fmode` dispatch, same trial moves) and compares the `setlegal` list and
//! the moves `HandleMove` accepts with our engine's legal moves.

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
/// `royal`, `pawn`, `zones`, `cells`, the rule values) and the state it
/// keeps (`stm`, a flag on every unmoved piece, `ep1`..`ep4`, `epvictim`,
/// `quiet`). Every move the tables give goes to `Found`, which does what
/// `fmode` asks: 1 remember it if it reaches the entered destination, 2 note
/// an attack on `attacktarget` (which counts as enemy-occupied even when
/// empty), 3 try it on the board and hand it to `setlegal` if it leaves the
/// mover's king safe.
///
/// Written for GC's documented behaviour: commands (`add`, `empty`,
/// `setlegal`, `gosub`, `unsetflag`) get only variables, literals or
/// preprocessor words (`origin`, `dest`, `moved`, `old`), never an
/// expression, since only commands that set variables or control the flow
/// interpret expressions (Fergus Duniho, 2023); expressions are computed
/// by `set` first. Bit tests are done by comparison and subtraction
/// (`Bits`), membership by loops over `elem`/`count`; there is one loop
/// form (`do while … loop`), no `elseif`, no `push`/`match`/`diff`/`merge`,
/// no `store`/`restore` (a trial move is made and taken back with `empty`
/// and `add`). Sources of the constructs used: subroutines with named
/// parameters and `my` variables, array literals and `gosub HandleMove` from
/// H. G. Muller's GAME code (chessvariants.com comments 39772 and 39865,
/// 2020); `setlegal from to` from GC's legal-moves tutorial
/// (play/pbm/legalmoves.html); `origin`/`dest`/`moved`/`old` from the GAME
/// Code tutorial; `where` from a 2008 comment (reply 21868); `setflag`,
/// `flag`, `space`, `empty`, `say`, `die` seen in real presets (research
/// note). Not confirmed from a source available here, and to check on the
/// live site first: `do while … loop`, `if … else … endif`, `unsetflag`,
/// `onboard`, `rank`/`file`, `abs`/`sign`/`max`, `sub` called inside an
/// expression, and the game-end commands `won`/`lost`/`drawn`.
///
/// Table format, per kind: `nmoves`, then per move its flags (1 initial,
/// 2 only when not in check, 4 castling) and a leg tree; a leg is
/// `size dx dy range mode nvia (vx vy)… nchildren children…`, `size`
/// counting the whole subtree, mode bits 1 end on empty, 2 end on enemy,
/// 4 end en passant, 8 go on with the children from an empty cell,
/// 16 hop over one screen. Vectors are White's; Black negates them.
pub const UNIVERSAL: &str = r#"set fmode 0;
set want @;
set ok 0;
set fkind 0;
set fextra @;
set fextra2 @;
set hit 0;
set attacktarget @;
set curfrom @;
set curside 0;
set nlegal 0;

sub Bits n:
  set bit16 >= #n 16;
  set n - #n * 16 #bit16;
  set bit8 >= #n 8;
  set n - #n * 8 #bit8;
  set bit4 >= #n 4;
  set n - #n * 4 #bit4;
  set bit2 >= #n 2;
  set bit1 - #n * 2 #bit2;
endsub;

sub KindOf label:
  my k wl bl;
  set k 0;
  do while < #k count #wlabel:
    set wl elem #k #wlabel;
    set bl elem #k #blabel;
    if == #wl #label:
      set kindside 1;
      return #k;
    endif;
    if == #bl #label:
      set kindside 2;
      return #k;
    endif;
    set k + #k 1;
  loop;
  set kindside 0;
  return -1;
endsub;

sub SideOf label:
  my k;
  if == #label @:
    return 0;
  endif;
  set k sub KindOf #label;
  return #kindside;
endsub;

sub Occ c from side:
  my lab s;
  if == #c #from:
    return 0;
  endif;
  if == #fmode 2:
    if == #c #attacktarget:
      return 2;
    endif;
  endif;
  set lab space #c;
  if == #lab @:
    return 0;
  endif;
  set s sub SideOf #lab;
  if == #s #side:
    return 1;
  endif;
  return 2;
endsub;

sub IsEp c:
  if == #c #ep1 or == #c #ep2 or == #c #ep3 or == #c #ep4:
    return 1;
  endif;
  return 0;
endsub;

sub Found to kind extra extra2:
  if == #fmode 2:
    if == #to #attacktarget:
      set hit 1;
    endif;
    return;
  endif;
  if == #fmode 1:
    if == #to #want and not #ok:
      set ok 1;
      set fkind #kind;
      set fextra #extra;
      set fextra2 #extra2;
    endif;
    return;
  endif;
  gosub TryLegal #to #kind #extra #extra2;
endsub;

sub WalkLeg at pos from side:
  my dx dy range mode nvia nchild child steps cur nxt ok i o after s t p m1 m2 m4 m8 m16 ep;
  set p + #at 1;
  set dx elem #p #legs;
  set p + #at 2;
  set dy elem #p #legs;
  set p + #at 3;
  set range elem #p #legs;
  set p + #at 4;
  set mode elem #p #legs;
  set p + #at 5;
  set nvia elem #p #legs;
  set p + #at + 6 * 2 #nvia;
  set nchild elem #p #legs;
  gosub Bits #mode;
  set m1 #bit1;
  set m2 #bit2;
  set m4 #bit4;
  set m8 #bit8;
  set m16 #bit16;
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
      set p + #at + 6 * 2 #i;
      set s elem #p #legs;
      set p + #p 1;
      set t elem #p #legs;
      if == #side 2:
        set s neg #s;
        set t neg #t;
      endif;
      set s where #cur #s #t;
      if not onboard #s:
        set ok 0;
      else:
        set o sub Occ #s #from #side;
        if != #o 0:
          set ok 0;
        endif;
      endif;
      set i + #i 1;
    loop;
    if not #ok:
      return;
    endif;
    set steps + #steps 1;
    set cur #nxt;
    set o sub Occ #cur #from #side;
    if #m16:
      if != #o 0:
        set after - #range #steps;
        if == #range 1:
          set after 1;
        endif;
        if == #range 0:
          set after 0;
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
            if #m1 and != #fmode 2:
              gosub Found #cur 0 @ @;
            endif;
          else:
            if == #o 2 and #m2:
              gosub Found #cur 0 @ @;
            endif;
            return;
          endif;
        loop;
        return;
      endif;
    else:
      if == #o 0:
        if #m1 and != #fmode 2:
          gosub Found #cur 0 @ @;
        endif;
        set ep sub IsEp #cur;
        if #m4 and != #fmode 2 and #ep:
          gosub Found #cur 1 #epvictim @;
        endif;
        if #m8:
          set child + #at + 7 * 2 #nvia;
          set i 0;
          do while < #i #nchild:
            gosub WalkLeg #child #cur #from #side;
            set t elem #child #legs;
            set child + #child #t;
            set i + #i 1;
          loop;
        endif;
      else:
        if == #o 2 and #m2:
          gosub Found #cur 0 @ @;
        endif;
        return;
      endif;
    endif;
  loop;
endsub;

sub Castle at from side:
  my dx dy travel cur n partner i c o hit2 p to via;
  set p + #at 1;
  set dx elem #p #legs;
  set p + #at 2;
  set dy elem #p #legs;
  set p + #at 3;
  set travel elem #p #legs;
  if == #side 2:
    set dx neg #dx;
    set dy neg #dy;
  endif;
  if < #travel 2:
    return;
  endif;
  set n 0;
  set cur where #from #dx #dy;
  set partner @;
  do while onboard #cur:
    set n + #n 1;
    set partner #cur;
    set cur where #cur #dx #dy;
  loop;
  if <= #n #travel:
    return;
  endif;
  set o sub Occ #partner #from #side;
  if != #o 1:
    return;
  endif;
  if not flag #partner:
    return;
  endif;
  set i 1;
  set cur where #from #dx #dy;
  do while < #i #n:
    if != space #cur @:
      return;
    endif;
    set cur where #cur #dx #dy;
    set i + #i 1;
  loop;
  set i 1;
  set cur where #from #dx #dy;
  do while <= #i #travel:
    set hit2 sub Attacked #cur #side;
    if #hit2:
      return;
    endif;
    if == #i - #travel 1:
      set via #cur;
    endif;
    set to #cur;
    set cur where #cur #dx #dy;
    set i + #i 1;
  loop;
  gosub Found #to 2 #partner #via;
endsub;

sub Moves from side incheck:
  my k at n m flags size p lab f1 f2 f4;
  set lab space #from;
  set k sub KindOf #lab;
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
    set p + #at 1;
    set size elem #p #legs;
    gosub Bits #flags;
    set f1 #bit1;
    set f2 #bit2;
    set f4 #bit4;
    if #f1 and not flag #from:
      set f4 -1;
    endif;
    if #f2 and #incheck:
      set f4 -1;
    endif;
    if #f2 and == #fmode 2:
      set f4 -1;
    endif;
    if == #f4 1:
      if != #fmode 2 and not #incheck and elem #k #royal:
        gosub Castle #p #from #side;
      endif;
    endif;
    if == #f4 0:
      gosub WalkLeg #p #from #from #side;
    endif;
    set at + #p #size;
    set m + #m 1;
  loop;
endsub;

sub Attacked target side:
  my c ci lab s enemy savedmode savedtarget savedhit result;
  set savedmode #fmode;
  set savedtarget #attacktarget;
  set savedhit #hit;
  set enemy 1;
  if == #side 1:
    set enemy 2;
  endif;
  set fmode 2;
  set attacktarget #target;
  set hit 0;
  set ci 0;
  do while < #ci count #cells and not #hit:
    set c elem #ci #cells;
    set lab space #c;
    set s sub SideOf #lab;
    if == #s #enemy:
      gosub Moves #c #enemy 0;
    endif;
    set ci + #ci 1;
  loop;
  set result #hit;
  set fmode #savedmode;
  set attacktarget #savedtarget;
  set hit #savedhit;
  return #result;
endsub;

sub InCheck side:
  my c ci lab s k r a;
  set ci 0;
  do while < #ci count #cells:
    set c elem #ci #cells;
    set lab space #c;
    set s sub SideOf #lab;
    if == #s #side:
      set k sub KindOf #lab;
      set r elem #k #royal;
      if #r:
        set a sub Attacked #c #side;
        if #a:
          return 1;
        endif;
      endif;
    endif;
    set ci + #ci 1;
  loop;
  return 0;
endsub;

sub InList x list:
  my i e;
  set i 0;
  do while < #i count #list:
    set e elem #i #list;
    if == #e #x:
      return 1;
    endif;
    set i + #i 1;
  loop;
  return 0;
endsub;

sub PromoCheck to side newkind:
  my z r rk ranks choices hit optional allowed in m;
  set hit 0;
  set optional 1;
  set allowed 0;
  set rk rank #to;
  set z 0;
  do while < #z count #zones:
    set r elem #z #zones;
    set ranks elem #side #r;
    set in sub InList #rk #ranks;
    if #in:
      set hit 1;
      set m elem 0 #r;
      if #m:
        set optional 0;
      endif;
      set choices elem 3 #r;
      set in sub InList #newkind #choices;
      if #in:
        set allowed 1;
      endif;
    endif;
    set z + #z 1;
  loop;
  if not #hit:
    return 0;
  endif;
  if == #newkind -1:
    if #optional:
      return 1;
    endif;
    return 2;
  endif;
  if #allowed:
    return 1;
  endif;
  return 3;
endsub;
"#;

/// The Post-Move routine (one per side) and the Post-Game routine, after
/// [`UNIVERSAL`] in Pre-Game.
pub const HANDLERS: &str = r#"sub HandleMove side:
  my s k newkind placed incheck pl pc;
  if != #side #stm:
    die "It is not your turn.";
  endif;
  set s sub SideOf moved;
  if != #s #side:
    die "You may only move your own pieces.";
  endif;
  set placed space dest;
  empty dest;
  add moved origin;
  if != old @:
    add old dest;
  endif;
  set incheck sub InCheck #side;
  set fmode 1;
  set want dest;
  set ok 0;
  set fkind 0;
  set fextra @;
  set fextra2 @;
  gosub Moves origin #side #incheck;
  set fmode 0;
  if not #ok:
    die "That is not a legal move for this piece.";
  endif;
  empty origin;
  add #placed dest;
  if == #fkind 1:
    empty #fextra;
  endif;
  if == #fkind 2:
    set pl space #fextra;
    empty #fextra;
    add #pl #fextra2;
  endif;
  set k sub KindOf moved;
  set newkind -1;
  if != #placed moved:
    set newkind sub KindOf #placed;
    set s sub SideOf #placed;
    if != #s #side:
      die "Promote to a piece of your own side.";
    endif;
  endif;
  set pc 0;
  if elem #k #pawn:
    set pc sub PromoCheck dest #side #newkind;
  endif;
  if == #pc 0 and != #newkind -1:
    die "Only a pawn in a promotion zone may change into another piece.";
  endif;
  if == #pc 2:
    die "This pawn must promote here.";
  endif;
  if == #pc 3:
    die "A pawn may not promote to that piece here.";
  endif;
  set incheck sub InCheck #side;
  if #incheck:
    die "You may not leave your king in check.";
  endif;
  unsetflag origin dest;
  if != #fkind 0:
    unsetflag #fextra;
  endif;
  set ep1 @;
  set ep2 @;
  set ep3 @;
  set ep4 @;
  set epvictim @;
  if elem #k #pawn and #hasep and == old @ and == #fkind 0:
    gosub SetEp origin dest;
  endif;
  if elem #k #pawn or != old @ or == #fkind 1:
    set quiet 0;
  else:
    set quiet + #quiet 1;
  endif;
  set stm 1;
  if == #side 1:
    set stm 2;
  endif;
endsub;

sub SetEp from to:
  my dx dy n i c adx ady;
  set dx - file #to file #from;
  set dy - rank #to rank #from;
  set adx abs #dx;
  set ady abs #dy;
  set n max #adx #ady;
  if < #n 2:
    return;
  endif;
  if != #dx 0 and != #dy 0 and != #adx #ady:
    return;
  endif;
  set dx sign #dx;
  set dy sign #dy;
  set c #from;
  set i 1;
  do while < #i #n and < #i 5:
    set c where #c #dx #dy;
    if onboard #c:
      set epvictim #to;
      if == #ep1 @:
        set ep1 #c;
      else:
        if == #ep2 @:
          set ep2 #c;
        else:
          if == #ep3 @:
            set ep3 #c;
          else:
            set ep4 #c;
          endif;
        endif;
      endif;
    endif;
    set i + #i 1;
  loop;
endsub;

sub TryLegal to kind extra extra2:
  my mover captured partner incheck;
  set mover space #curfrom;
  set captured space #to;
  set partner @;
  if == #kind 1:
    set partner space #extra;
    empty #extra;
  endif;
  if == #kind 2:
    set partner space #extra;
    empty #extra;
    add #partner #extra2;
  endif;
  empty #curfrom;
  add #mover #to;
  set incheck sub InCheck #curside;
  empty #to;
  if != #captured @:
    add #captured #to;
  endif;
  add #mover #curfrom;
  if == #kind 1:
    add #partner #extra;
  endif;
  if == #kind 2:
    empty #extra2;
    add #partner #extra;
  endif;
  if not #incheck:
    setlegal #curfrom #to;
    set nlegal + #nlegal 1;
  endif;
endsub;

sub LegalMoves side:
  my c ci lab s incheck;
  set incheck sub InCheck #side;
  set nlegal 0;
  set fmode 3;
  set curside #side;
  set ci 0;
  do while < #ci count #cells:
    set c elem #ci #cells;
    set lab space #c;
    set s sub SideOf #lab;
    if == #s #side:
      set curfrom #c;
      gosub Moves #c #side #incheck;
    endif;
    set ci + #ci 1;
  loop;
  set fmode 0;
  return #nlegal;
endsub;

sub Count side:
  my c ci lab s k r;
  set nroyal 0;
  set nother 0;
  set ci 0;
  do while < #ci count #cells:
    set c elem #ci #cells;
    set lab space #c;
    set s sub SideOf #lab;
    if == #s #side:
      set k sub KindOf #lab;
      set r elem #k #royal;
      if #r:
        set nroyal + #nroyal 1;
      else:
        set nother + #nother 1;
      endif;
    endif;
    set ci + #ci 1;
  loop;
endsub;

sub Result winner why:
  if == #winner 0:
    drawn #why;
    return;
  endif;
  if == #winner #stm:
    won #why;
  else:
    lost #why;
  endif;
endsub;

sub BareKing other:
  my mebare thembare;
  if not #bareking:
    return 0;
  endif;
  gosub Count #stm;
  set mebare 0;
  if == #nother 0 and > #nroyal 0:
    set mebare 1;
  endif;
  gosub Count #other;
  set thembare 0;
  if == #nother 0 and > #nroyal 0:
    set thembare 1;
  endif;
  if #mebare and #thembare:
    gosub Result 0 "Both kings are bare.";
    return 1;
  endif;
  if #thembare:
    gosub Result #stm "Bare king.";
    return 1;
  endif;
  if #mebare and not #counterbaring:
    gosub Result #other "Bare king.";
    return 1;
  endif;
  return 0;
endsub;

sub GameEnd:
  my other n incheck ended;
  set other 1;
  if == #stm 1:
    set other 2;
  endif;
  set n sub LegalMoves #stm;
  set incheck sub InCheck #stm;
  if #barekingfirst:
    set ended sub BareKing #other;
    if #ended:
      return;
    endif;
  endif;
  if == #n 0:
    if #incheck:
      gosub Result #other "Checkmate.";
      return;
    endif;
    if == #stalemate 0:
      gosub Result #other "Stalemate: the stalemated side loses.";
      return;
    endif;
    if == #stalemate 2:
      gosub Result #stm "Stalemate: the stalemated side wins.";
      return;
    endif;
    gosub Result 0 "Stalemate.";
    return;
  endif;
  set ended sub BareKing #other;
  if #ended:
    return;
  endif;
  if #moverule and >= #quiet * 2 #moverule:
    gosub Result 0 "Draw by the n-move rule.";
    return;
  endif;
  if #incheck:
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
    let _ = writeln!(s, "set barekingfirst {};", v.rules.bare_king_first as u8);
    let _ = writeln!(s, "set moverule {};", v.rules.move_rule);
    let _ = writeln!(s, "set hasep {};", t.has_ep as u8);
    // The board's cells (the loops walk this list), then the state: side
    // to move, a flag on every unmoved piece, en passant, quiet moves.
    let pl = setup_placement(v);
    let g = &v.grid;
    let _ = writeln!(s, "set cells ({});", list((0..g.len()).map(|c| g.label(c as Cell).to_string())));
    let unmoved: Vec<String> =
        (0..g.len()).filter(|&c| pl.cells[c].is_some()).map(|c| g.label(c as Cell).to_string()).collect();
    let _ = writeln!(s, "set stm {};", if pl.side == 0 { 1 } else { 2 });
    let _ = writeln!(s, "setflag {};", unmoved.join(" "));
    for i in 1..=4 {
        let _ = writeln!(s, "set ep{i} @;");
    }
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
