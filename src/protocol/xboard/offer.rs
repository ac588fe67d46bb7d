//! Which variants `rookery xboard` offers: XBoard 4.9.1 must be able to
//! draw the board, be taught every move in its Betza, and not take the
//! name for one of its own variants with other rules.

use crate::game::rules::promotion::NONE;
use crate::game::Position;
use crate::variant::Variant;

/// Whether XBoard can show the variant (rectangular boards it can hold)
/// and be taught its moves; the variants it cannot are not offered.
pub fn drawable(v: &Variant) -> bool {
    let board = v.grid.graph().is_none() && v.grid.files() <= 16 && v.grid.ranks() <= 16 && v.pieces.len() <= 21;
    board && unteachable(v).is_none()
}

/// Why XBoard 4.9.1 cannot play a variant it could draw, if it cannot:
/// a move in two parts (a wall, arrow or duck placed after the move) has
/// no CECP form it accepts, and a conditional move other than a double
/// step from the start cells (palace diagonals, a pawn's sideways step
/// across a river, a move allowed only out of check) has no Betza form it
/// reads, so its legality test would refuse legal moves; and XBoard starts
/// a taught variant with White to move whatever its FEN says.
pub fn unteachable(v: &Variant) -> Option<String> {
    if NATIVE.contains(&v.name.as_str()) {
        return None;
    }
    // For a name it knows XBoard ignores the engine's `setup` and `piece`
    // lines (backend.c, their handling in HandleMachineMove) and plays its
    // own variant of that name.
    match xboard_reads_as(&v.name) {
        Some(own) if own == v.name && same_as_xboard(own) => return None,
        Some(own) => {
            return Some(format!("XBoard 4.9.1 reads the name as its own variant \"{own}\", with other rules"))
        }
        None => {}
    }
    if v.explosions.is_some() {
        // Its fairy mode has no explosions; its own atomic (the name kept
        // above) explodes kings too and keeps check.
        return Some("its captures explode, which XBoard 4.9.1 does only in its own atomic".to_string());
    }
    if v.walls.is_some() {
        return Some("its moves place a wall, arrow or duck as a second part".to_string());
    }
    if v.drops.as_ref().is_some_and(|d| d.two_boards) {
        // XBoard's own bughouse runs both boards and moves pieces between
        // them itself; a taught variant's hand would stay as the setup
        // gives it, with nothing to fill it.
        return Some(
            "it is one board of a bughouse pair, whose hand XBoard 4.9.1 fills only in its own bughouse".to_string(),
        );
    }
    if v.petrify.is_some() {
        // XBoard would show the capturer, not the wall it turned into.
        return Some("its capturing pieces turn into walls, which XBoard 4.9.1 does not do".to_string());
    }
    if Position::start(v).side() == crate::game::BLACK {
        // backend.c reads the `setup` FEN with the side to move discarded.
        return Some(
            "its start position has Black to move, and XBoard 4.9.1 starts every setup with White".to_string(),
        );
    }
    if let Some(why) = unplayable_rule(v) {
        return Some(why.to_string());
    }
    for (k, p) in v.pieces.iter().enumerate() {
        for (i, (name, _)) in p.specials.iter().enumerate() {
            if initial_special(v, k, i).is_none() {
                return Some(format!("the {}'s special move \"{name}\" has no XBoard Betza form", p.name));
            }
        }
    }
    None
}

/// Variants XBoard 4.9.1 plays by its own rules under the same name, the
/// same as Rookery's: it is told only the name (no `setup`/`piece`), so
/// its own move generator, promotions and end rules apply.
pub const NATIVE: &[&str] = &["chess", "xiangqi", "shogi"];

/// XBoard 4.9.1's own variant names (its `VARIANT_NAMES`, common.h), in
/// its order: [`xboard_reads_as`] finds those before "shogi" anywhere in a
/// name, the others only at its start.
///
/// The flag marks the names under which XBoard plays the same game as
/// Rookery's built-in of that name (checked with `tools/xboard_games.py`);
/// any other name XBoard knows is not offered, since XBoard would play its
/// own rules under it (its `nocastle` shuffles the back rank; its
/// `courier` starts from its own array, before the opening moves FSF's
/// courier has played; it reads `nocheckatomic` as its `atomic`, where a
/// king may not stand in check).
const XBOARD_NAMES: &[(&str, bool)] = &[
    ("normal", true),
    ("wildcastle", false),
    ("nocastle", false),
    ("fischerandom", false),
    ("bughouse", false),
    ("crazyhouse", true),
    ("losers", true),
    ("suicide", true),
    ("giveaway", true),
    ("twokings", false),
    ("kriegspiel", false),
    ("atomic", true),
    ("3check", true),
    ("shatranj", true),
    ("wild29", false),
    ("wild30", false),
    ("wild31", false),
    ("wild32", false),
    ("wild33", false),
    ("wild34", false),
    ("wild35", false),
    ("wild36", false),
    ("shogi", true),
    ("chu", false),
    ("courier", false),
    ("gothic", true),
    ("capablanca", true),
    ("knightmate", true),
    ("fairy", true),
    ("cylinder", false),
    ("falcon", false),
    ("caparandom", false),
    ("berolina", true),
    ("janus", true),
    ("super", false),
    ("great", false),
    ("twilight", false),
    ("makruk", true),
    ("seirawan", true),
    ("grand", true),
    ("spartan", true),
    ("xiangqi", true),
    ("asean", true),
    ("lion", false),
    ("elven", false),
];

/// Whether XBoard's variant `own` plays as Rookery's built-in of that name.
fn same_as_xboard(own: &str) -> bool {
    XBOARD_NAMES.iter().any(|&(n, same)| same && n == own)
}

/// Whether XBoard 4.9.1 plays the variant by its own rules (a name it
/// knows), not as taught by `setup` and `piece`.
pub(super) fn plays_own(v: &Variant) -> bool {
    NATIVE.contains(&v.name.as_str()) || xboard_reads_as(&v.name).is_some()
}

/// The variant of its own XBoard 4.9.1 takes a name for, as its
/// `StringToVariant` (backend.c) reads it: the first of its names found
/// in the name (case-insensitively; from "shogi" on, only at the start and
/// not followed by a letter), else Fischer random for "frc", "960" or
/// "fischer…random". `None` for a name it does not know ("normal" means
/// an engine-defined variant unless the name is exactly "normal").
fn xboard_reads_as(name: &str) -> Option<&'static str> {
    let low = name.to_ascii_lowercase();
    let shogi = XBOARD_NAMES.iter().position(|(n, _)| *n == "shogi").unwrap_or(0);
    for (i, (n, _)) in XBOARD_NAMES.iter().enumerate() {
        let Some(at) = low.find(n) else { continue };
        let next_alpha = low[at + n.len()..].starts_with(|c: char| c.is_ascii_alphabetic());
        if i >= shogi && (at != 0 || next_alpha) {
            continue;
        }
        return (*n != "normal" || low == "normal").then_some(n);
    }
    let random = low.contains("fischer") && low.contains("random");
    (random || low.contains("wild/fr") || low.contains("frc") || low.contains("960")).then_some("fischerandom")
}

/// Special move `i` of piece `kind` as an XBoard initial move (`i` + its
/// Betza), when XBoard can be taught it: the special is allowed in a
/// region, and for each side the region is exactly the cells where that
/// side's pieces of this kind start (XBoard allows an `i` move from any
/// cell whose start position holds the same piece, so a double step from
/// a full pawn rank). A first move allowed only out of check (`i…`, Ouk
/// Chatrang's) is taught as it is: XBoard then also allows it in check,
/// which the engine never plays and refuses from the user ("Illegal
/// move"); not for a royal piece's sideways leaps, which XBoard would
/// take for castling.
pub(super) fn initial_special(v: &Variant, kind: usize, i: usize) -> Option<String> {
    let p = &v.pieces[kind];
    let betza = &p.specials[i].1;
    let Some(region) = *p.special_regions.get(i)? else {
        // `s` right before an orthogonal atom: a move along the rank.
        let castling_like = p.royal && betza.as_bytes().windows(2).any(|w| w[0] == b's' && b"WDHRG".contains(&w[1]));
        return (betza.starts_with('i') && !castling_like).then(|| betza.clone());
    };
    let region = &v.regions[region as usize];
    let start = Position::start(v);
    let exact = (0..2u8).all(|side| {
        let code = crate::game::piece_code(kind as u8, side);
        (0..v.grid.len() as u16).all(|c| region.contains(side as usize, c) == (start.at(c) == code))
    });
    exact.then(|| format!("i{betza}"))
}

/// A rule of the variant that XBoard 4.9.1's fairy mode plays otherwise,
/// found in its source (`tools/xboard_games.py` showed each): XBoard would
/// refuse legal moves, or end the game with another result.
fn unplayable_rule(v: &Variant) -> Option<&'static str> {
    let start = Position::start(v);
    if v.flipping.is_some() {
        return Some("its moves flip pieces (Reversi-style), which XBoard has no form for");
    }
    if (0..v.pieces.len()).any(|k| v.pieces[k].royal && (0..2u8).any(|s| start.in_hand(s, k as u8) > 0)) {
        // Holdings hold only XBoard's first piece types, never the King
        // (PieceToNumber, backend.c): the king cannot be placed.
        return Some("its king starts in hand, which XBoard's holdings cannot hold");
    }
    if v.gating.is_some() {
        // XBoard gates (`b1c3e`) only in its own seirawan (VariantSChess).
        return Some("its moves gate a piece in from the hand, which XBoard does only in its own seirawan");
    }
    if let Some(pp) = &v.piece_promotion {
        let turns_back = (0..v.pieces.len()).any(|k| pp.base[k] as usize != k && pp.to[k] != NONE);
        if turns_back || pp.on_capture {
            // XBoard pairs a piece with one promoted form it may turn
            // into by `+` on any move in the zone, and never back.
            return Some(
                "its pieces turn back or promote only on captures, which XBoard's `+` promotion cannot express",
            );
        }
    }
    let slots = super::slot_table(v);
    if (0..v.pieces.len()).any(|k| super::promotes_shogi_style(v, k) && !slots[..=super::MAN].contains(&Some(k))) {
        // moves.c refuses a `+` from a type after XBoard's Man.
        return Some("more of its pieces promote shogi-style than XBoard has types that may");
    }
    if pawn_zone_not_last_rank(v) {
        // moves.c (MovesFromString): a taught Pawn promotes only on the
        // last rank; only XBoard's own makruk and grand have deeper zones.
        return Some("its pawns promote before the last rank, and XBoard lets a taught pawn promote only on the last");
    }
    if pawn_drop_on_back_rank(v) {
        // moves.c (LegalDrop): no Pawn drop on the first or last rank
        // outside XBoard's own shogi.
        return Some("its pawns may be dropped on the first or last rank, which XBoard refuses");
    }
    None
}

/// Whether a chess-style promotion zone is anything but the last rank.
fn pawn_zone_not_last_rank(v: &Variant) -> bool {
    let last = v.grid.ranks().saturating_sub(1);
    v.zones.iter().any(|z| {
        z.ranks[0].iter().any(|&r| r != last)
            || z.ranks[1].iter().any(|&r| r != 0)
            || z.cells.iter().any(|c| !c.is_empty())
    })
}

/// Whether the piece XBoard takes for its Pawn may be dropped on the
/// first or the last rank.
fn pawn_drop_on_back_rank(v: &Variant) -> bool {
    let (Some(d), Some(k)) = (&v.drops, v.pieces.iter().position(|p| p.pawn && !p.royal)) else {
        return false;
    };
    if !super::droppable(v, k) {
        return false;
    }
    let ranks = v.grid.ranks();
    (0..2u8).any(|side| {
        (0..v.grid.len() as u16).any(|c| {
            let y = v.grid.coords(c).1;
            (y == 0 || y + 1 == ranks) && d.may_drop(k as u8, side, c)
        })
    })
}
