//! The piece lines of a section: each kind as one of FSF's built-in piece
//! types (`pawn`, `rook`, `fers`, …, the king, the xiangqi soldier, an
//! immobile wall piece) when it moves exactly as that type, else as a
//! `customPieceN` with its Betza; the Betza problems of every kind (see
//! [`super::betza`]) are pushed onto the section's problems.

use super::betza::{betza_problems, ep_shape};
use super::{castle, counting, rules, same_moves, strip_castling, PAWN};
use crate::betza::compile_paths;
use crate::betza::semantics::mode;
use crate::variant::Variant;

/// FSF's built-in piece types we map to, with their Betza.
const BUILTIN: &[(&str, &str)] = &[
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("dragonHorse", "BW"),
    ("fers", "F"),
    ("wazir", "W"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("cannon", "mRcpR"),
    ("commoner", "K"),
    ("centaur", "KN"),
    // FSF's shogi pawn: the piece `shogiPawnDropMateIllegal` is about.
    ("shogiPawn", "fW"),
];

/// The pieces as written: the lines, FSF's key per kind and what the later
/// steps need to know about them.
#[derive(Default)]
pub(super) struct Pieces {
    /// `king = k`, `customPiece1 = a:…`, … in kind order.
    pub lines: Vec<String>,
    /// FSF's key of each kind (`pawn`, `customPiece2`, …), in kind order.
    pub keys: Vec<String>,
    /// Some kind is FSF's `pawn` (its double step is FSF's default).
    pub std_pawn: bool,
    /// Some kind captures en passant.
    pub any_e: bool,
    /// Kinds whose `i` moves FSF gives by region (see `initial`).
    pub initial_kinds: Vec<usize>,
    /// Kinds that take en passant other than as FSF's `pawn` type
    /// (Berolina's pawn), see [`ep_problems`].
    pub e_kinds: Vec<usize>,
    /// Some kind is Torpedo's pawn ([`TORPEDO_PAWN`]): FSF's `pawn` with
    /// its double-step region every rank.
    pub torpedo: bool,
}

/// Torpedo Chess's pawn, which double-steps from any rank: FSF's `pawn`
/// with `doubleStepRegion` every square (FSF's own torpedo, variant.cpp:
/// `v->doubleStepRegion[WHITE] = AllSquares`).
pub(super) const TORPEDO_PAWN: &str = "fmWfceFfmnD";

/// What the mapping of one kind depends on besides the kind itself.
struct Context {
    /// The kind written as FSF's `king` (`ends::king_kind`).
    king: Option<usize>,
    /// The kind that castles (its `O` moves are FSF's castling options).
    castler: Option<usize>,
    /// Ouk Chatrang's king and met (`castle::cambodian`).
    cambodian: Option<(usize, usize)>,
    /// FSF's janggi cannons ([`janggi_cannons`]).
    cannons: Vec<usize>,
}

/// Maps every kind of `v` to an FSF piece; `king`: [`super::ends::king_kind`].
pub(super) fn map_pieces(v: &Variant, king: Option<usize>, problems: &mut Vec<String>) -> Pieces {
    let cx = Context {
        king,
        castler: castle::castling_kind(v),
        cambodian: castle::cambodian(v),
        cannons: janggi_cannons(v),
    };
    let mut m = Mapper { v, cx: &cx, out: Pieces::default(), used_builtin: Vec::new(), custom: 0 };
    let mut hoppers = false;
    if king.is_none() && v.explosions.is_none() {
        m.out.lines.push("king = -".into());
    }
    for k in 0..v.pieces.len() {
        hoppers |= m.map_piece(k, problems);
    }
    problems.extend(ep_problems(v, &m.out));
    if m.custom > 25 {
        problems.push(format!("{} custom pieces (FSF allows 25)", m.custom));
    }
    if !super::super::holes(v).is_empty() && hoppers {
        problems.push(
            "holes together with hoppers: FSF's holes are wall squares that a hopper may use as its screen; ours are off the board"
                .into(),
        );
    }
    m.out
}

/// Problems of a kind that do not depend on its moves: Black's own Betza
/// and conditional special moves.
fn kind_problems(v: &Variant, cx: &Context, k: usize, what: &str, problems: &mut Vec<String>) {
    let p = &v.pieces[k];
    // Moves that differ only by castling are FSF's castling by the setup's
    // rights (Empire's White king never castles; `castle`).
    let differs = p.betza_black.as_ref().is_some_and(|b| !same_moves(&strip_castling(b), &strip_castling(&p.betza)));
    if differs {
        problems.push(format!("{what}: Black's moves are given separately (`betza-black`); FSF mirrors White's"));
    }
    // Region-bound special moves are reported with the region rules.
    let leaps = cx.cambodian.is_some_and(|(kk, _)| kk == k);
    for ((name, b), _) in p.specials.iter().zip(&p.special_regions).filter(|(_, r)| r.is_none() && !leaps) {
        problems.push(format!(
            "{what}: the special move {name:?} (`{b}`) is allowed only under a condition, which FSF cannot express"
        ));
    }
}

/// The kinds FSF has a fixed key for whatever their Betza: an immobile
/// wall piece, the region-bound pawn and the xiangqi soldier.
fn fixed_key(v: &Variant, k: usize) -> Option<&'static str> {
    let p = &v.pieces[k];
    if p.immobile && !p.royal {
        Some("immobile")
    } else if rules::region_pawn_rank(v, k).is_some() && same_moves(&p.betza, "fmWfceF") {
        Some("pawn")
    } else if rules::soldier_rank(v, k).is_some() {
        Some("soldier")
    } else {
        None
    }
}

/// How a kind is written, decided in this order by [`role`].
#[derive(Clone, Copy, PartialEq)]
enum Role {
    /// Ouk Chatrang's met: FSF's `fers`, its double step `cambodianMoves`.
    Met,
    /// The orthodox pawn, or Torpedo's: FSF's `pawn`.
    StdPawn,
    /// The royal piece of an explosion game: FSF's `commoner`.
    AtomicKing,
    /// The kind written as FSF's `king` (with its Betza if not a K).
    King,
    /// FSF's `janggiCannon` ([`janggi_cannons`]).
    JanggiCannon,
    /// The South-East Asian pawn where a counting rule needs FSF's `pawn`.
    Bia,
    /// A built-in type with the same moves, else a `customPieceN`.
    Betza,
}

/// The [`Role`] of kind `k` (not a wall, no [`fixed_key`]).
fn role(v: &Variant, cx: &Context, k: usize) -> Role {
    let p = &v.pieces[k];
    if cx.cambodian.is_some_and(|(_, met)| met == k) {
        Role::Met
    } else if p.pawn && (same_moves(&p.betza, PAWN) || same_moves(&p.betza, TORPEDO_PAWN)) {
        Role::StdPawn
    } else if p.royal && v.explosions.is_some() {
        Role::AtomicKing
    } else if cx.king == Some(k) {
        Role::King
    } else if cx.cannons.contains(&k) {
        Role::JanggiCannon
    } else if counting::typed(v) && p.pawn && same_moves(&p.betza, counting::BIA) {
        Role::Bia
    } else {
        Role::Betza
    }
}

/// Whether a Betza string has a hopping or grasshopping leg.
fn hops(betza: &str) -> bool {
    compile_paths(betza)
        .is_ok_and(|paths| paths.iter().any(|pa| pa.legs.iter().any(|l| l.mode & (mode::HOP | mode::GRASS) != 0)))
}

/// The piece lines as they are written, kind by kind.
struct Mapper<'a> {
    v: &'a Variant,
    cx: &'a Context,
    out: Pieces,
    /// FSF's built-in types already given to a kind (each once).
    used_builtin: Vec<&'static str>,
    /// The number of `customPieceN` written so far.
    custom: usize,
}

impl Mapper<'_> {
    /// Writes one line `key = letter` (or `key = letter:betza`) and the key.
    fn write(&mut self, key: &str, line: String) {
        self.out.lines.push(line);
        self.out.keys.push(key.to_string());
    }

    /// Writes kind `k`; returns whether it hops.
    fn map_piece(&mut self, k: usize, problems: &mut Vec<String>) -> bool {
        let v = self.v;
        let p = &v.pieces[k];
        let petrified = v.petrify.is_some_and(|p| p.wall_kind() as usize == k);
        if petrified || v.walls.as_ref().is_some_and(|w| w.kind as usize == k) {
            // The wall is FSF's `*` square, not a piece (`walls`).
            self.out.keys.push("wall".into());
            return false;
        }
        let what = format!("piece {} ({})", p.name, p.letter);
        let letter = p.letter.to_ascii_lowercase();
        kind_problems(v, self.cx, k, &what, problems);
        if let Some(key) = fixed_key(v, k) {
            self.write(key, format!("{key} = {letter}"));
            if key == "pawn" {
                self.out.std_pawn = true;
                self.out.any_e = true;
            }
            return false;
        }
        let castles = self.cx.castler == Some(k);
        let (mut probs, has_i, has_e) = betza_problems(&what, &p.betza, castles);
        let role = role(v, self.cx, k);
        if matches!(role, Role::Met | Role::StdPawn | Role::Bia) {
            // FSF's own types: their moves are not read from the Betza.
            probs.clear();
        }
        self.write_role(k, role, castles, &what, problems);
        if has_e && role != Role::StdPawn {
            self.out.e_kinds.push(k);
            self.out.any_e = true;
        }
        if has_i && role != Role::StdPawn && role != Role::Met {
            self.out.initial_kinds.push(k);
        }
        problems.extend(probs);
        hops(&p.betza)
    }

    /// The line and key of kind `k` in its [`Role`].
    fn write_role(&mut self, k: usize, role: Role, castles: bool, what: &str, problems: &mut Vec<String>) {
        let p = &self.v.pieces[k];
        let letter = p.letter.to_ascii_lowercase();
        match role {
            Role::Met => {
                self.used_builtin.push("fers");
                self.write("fers", format!("fers = {letter}"));
            }
            Role::StdPawn => {
                self.out.std_pawn = true;
                self.out.any_e = true;
                self.out.torpedo |= same_moves(&p.betza, TORPEDO_PAWN);
                self.write("pawn", format!("pawn = {letter}"));
            }
            Role::AtomicKing => {
                // FSF allows no king with blastOnCapture: atomic's king is a
                // commoner made royal by extinction (`rules::explosion_lines`).
                self.used_builtin.push("commoner");
                self.out.keys.push("commoner".into());
                self.out.lines.push("king = -".into());
                self.out.lines.push(format!("commoner = {letter}"));
                if !same_moves(&strip_castling(&p.betza), "K") {
                    problems.push(format!(
                        "{what}: a royal piece with explosions that does not move as a king (FSF's is a commoner)"
                    ));
                }
            }
            Role::King => {
                let moves = strip_castling(&p.betza);
                let line = if same_moves(&moves, "K") {
                    format!("king = {letter}")
                } else {
                    format!("king = {letter}:{moves}")
                };
                self.write("king", line);
            }
            Role::JanggiCannon => self.write("janggiCannon", format!("janggiCannon = {letter}")),
            // FSF's `pawn` without its double step: the type its counting
            // rules look for (`doubleStep = false` is written, as no kind is
            // the orthodox pawn; without double steps no en passant arises).
            Role::Bia => self.write("pawn", format!("pawn = {letter}")),
            Role::Betza => self.write_betza(&region_initial(self.v, k, own_moves(&p.betza, castles)), letter),
        }
    }

    /// A kind by its moves `own`: the first unused built-in type with the
    /// same moves, else the next `customPieceN`.
    fn write_betza(&mut self, own: &str, letter: char) {
        let extra = if counting::typed(self.v) { counting::TYPED } else { &[] };
        let used = &self.used_builtin;
        if let Some(&(name, _)) = BUILTIN.iter().chain(extra).find(|(n, b)| !used.contains(n) && same_moves(own, b)) {
            self.used_builtin.push(name);
            self.write(name, format!("{name} = {letter}"));
        } else {
            self.custom += 1;
            let key = format!("customPiece{}", self.custom);
            self.write(&key, format!("{key} = {letter}:{own}"));
        }
    }
}

/// A pawn's moves with its region-bound double step as an FSF initial
/// move (`i`, FSF's "on the double-step ranks", which `rules::region_lines`
/// writes as `doubleStepRegion`): Pawn Sideways's `fsmWfceF` with `fmnD`
/// on its second rank is `fsmWfceFifmnD`, as in FSF's own pawnsideways.
fn region_initial(v: &Variant, k: usize, own: String) -> String {
    if rules::region_pawn_rank(v, k).is_none() {
        return own;
    }
    let special = &v.pieces[k].specials[0].1;
    format!("{own}i{special}")
}

/// En passant by kinds other than FSF's `pawn` type (Berolina's pawn).
/// FSF lets an `enPassantTypes` piece take en passant with any capture
/// onto the squares an `i` move of any piece passed (`Position::do_move`:
/// `epSquares = between_bb(from, to)` after a move only in
/// `PseudoMoves[1]`); ours takes with `e` moves onto the squares a pawn's
/// straight quiet move of two or more cells passed. They agree when every
/// capture of those kinds is an `e` move, no pawn has such a long move that
/// is not an initial one, and no other piece has initial moves.
fn ep_problems(v: &Variant, out: &Pieces) -> Vec<String> {
    if out.e_kinds.is_empty() {
        return Vec::new();
    }
    let mut problems = Vec::new();
    for &k in &out.e_kinds {
        if ep_shape(&v.pieces[k].betza).plain_capture {
            problems.push(format!(
                "piece {} ({}): captures without `e` besides its en-passant ones; FSF's enPassantTypes lets every capture of the piece take en passant",
                v.pieces[k].name, v.pieces[k].letter
            ));
        }
    }
    for (k, p) in v.pieces.iter().enumerate() {
        if p.pawn && out.keys[k] != "pawn" && ep_shape(&p.betza).long_step {
            problems.push(format!(
                "piece {} ({}): a straight move of two or more cells that is not an initial (`i`) move leaves en-passant squares in ours; FSF leaves them only after `i` moves",
                p.name, p.letter
            ));
        }
        if !p.pawn && out.initial_kinds.contains(&k) {
            problems.push(format!(
                "piece {} ({}): its initial (`i`) moves leave en-passant squares in FSF (after any piece's `i` move), in ours only a pawn's do",
                p.name, p.letter
            ));
        }
    }
    problems
}

/// A piece's Betza as written in the section: without its castling moves
/// when it castles (FSF's castling is options, not Betza).
fn own_moves(betza: &str, castles: bool) -> String {
    if castles {
        strip_castling(betza)
    } else {
        betza.to_string()
    }
}

/// Kinds that are FSF's `janggiCannon` (`Position::legal` and
/// `attacks_from` in FSF: a `pR` that never hops over nor captures a
/// janggiCannon): `pR` pieces that may hop over no kind but their own,
/// and that never capture their own kind, because every other kind may
/// capture them and they may not (janggi), or because only one side can
/// ever have them (Synochess's Dynasty: no promotion to them and captures
/// not going to the hand).
pub(super) fn janggi_cannons(v: &Variant) -> Vec<usize> {
    (0..v.pieces.len())
        .filter(|&k| {
            let p = &v.pieces[k];
            p.betza_black.is_none()
                && same_moves(&p.betza, "pR")
                && v.hop_bans.get(k) == Some(&(1u64 << k))
                && (only_capturable_by_others(v, k) || one_side_only(v, k))
        })
        .collect()
}

/// Every kind but `k` itself (and the wall) may capture `k`.
fn only_capturable_by_others(v: &Variant, k: usize) -> bool {
    let wall = v.walls.as_ref().map(|w| w.kind as usize);
    v.pieces[k].capturable_by.as_ref().is_some_and(|by| {
        let mut by: Vec<usize> = by.iter().map(|&b| b as usize).collect();
        by.sort();
        let others: Vec<usize> = (0..v.pieces.len()).filter(|&j| j != k && Some(j) != wall).collect();
        by == others
    })
}

/// Only one side starts with kind `k` (on the board or in hand), no zone
/// offers it to the other side, and captures do not go to the hand.
fn one_side_only(v: &Variant, k: usize) -> bool {
    let pl = super::setup_placement(v);
    let has = |s: u8| pl.cells.contains(&Some((k as u8, s))) || pl.hand.contains(&(k as u8, s));
    let promoted_to = |s: usize| v.zones.iter().any(|z| !z.ranks[s].is_empty() && z.choices.contains(&(k as u8)));
    let to_hand = v.drops.as_ref().is_some_and(|d| d.to_hand);
    let promotes = v.piece_promotion.is_some();
    (0..2u8).filter(|&s| has(s) || promoted_to(s as usize)).count() == 1 && !to_hand && !promotes
}

/// Kinds that are FSF's `mutuallyImmuneTypes` (its `Position::legal`: a
/// piece of such a type may not capture one of the same type): the
/// non-royal kinds every kind but their own may capture (Atomar's kings;
/// FSF's parser refuses the option for royal kinds). The janggi cannons
/// have their own FSF type.
pub(super) fn mutually_immune(v: &Variant) -> Vec<usize> {
    let cannons = janggi_cannons(v);
    (0..v.pieces.len())
        .filter(|&k| !v.pieces[k].royal && !cannons.contains(&k) && only_capturable_by_others(v, k))
        .collect()
}

/// `mutuallyImmuneTypes`, when some kind is ([`mutually_immune`]).
pub(super) fn mutual_immunity_lines(v: &Variant) -> Vec<String> {
    let kinds = mutually_immune(v);
    if kinds.is_empty() {
        return Vec::new();
    }
    let letters: String = kinds.iter().map(|&k| v.pieces[k].letter.to_ascii_lowercase()).collect();
    vec![format!("mutuallyImmuneTypes = {letters}")]
}

/// The refusals of `export::special_rule_items` that FSF's janggiCannon
/// answers for `cannons` (its hop ban and its capture restriction) and
/// that `mutuallyImmuneTypes` answers for `immune` (the capture
/// restriction).
pub(super) fn answered_items(v: &Variant, cannons: &[usize], immune: &[usize]) -> Vec<String> {
    let mut out = Vec::new();
    for &k in cannons {
        let name = &v.pieces[k].name;
        out.push(format!("the {name} may not hop over {name}"));
    }
    for &k in cannons.iter().chain(immune) {
        if let Some(by) = &v.pieces[k].capturable_by {
            let by: Vec<String> = by.iter().map(|&b| v.pieces[b as usize].name.clone()).collect();
            out.push(format!("the {} can be captured only by {}", v.pieces[k].name, by.join(", ")));
        }
    }
    out
}
