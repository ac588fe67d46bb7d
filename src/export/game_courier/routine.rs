//! The piece-independent GAME Code that goes into Pre-Game: the universal
//! move routine and the move and game-end handlers. Only text here; the
//! variant's tables are appended by [`super::pre_game`].

/// The piece-independent routine that goes first in Pre-Game. It reads
/// the tables through the lookup subroutines generated after it (`Leg`,
/// `WStart`, `BStart`, `KindOf`, `Royal`, `Pawn`, `IsHoleAt`, `CellAt`,
/// `PromoZone`, see `lookups.rs`), the rule values, and the state it
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
/// (`Bits`). Every loop is a recursive subroutine that does one step and
/// calls itself (Fergus Duniho, 2004-12-16: GAME Code's "subroutines could
/// be handled through recursive function calls"), so `do while … loop` is
/// not used, and no array is used at all (no source here documents how an
/// element is read); the board is walked rank by rank, so one scan nests at
/// most ranks + files calls (a whole legal-move list, with its check and
/// attack scans inside, nested 107 calls deep in the tests' games). No `push`/`match`/`diff`/
/// `merge`, no `store`/`restore` (a trial move is made and taken back with
/// `empty` and `add`). Every construct used, with its source, is listed in
/// `docs/game-courier.md`: e.g. `setflag, unsetflag`, `add` and
/// `if, else, elseif, endif` (Fergus Duniho's comment of 2004-02-26 on the
/// Developer's Guide, chessvariants.com `editcomment.php?reply=5259`:
/// "This guide now describes the following new commands"); subroutines
/// with named parameters, `my` variables and
/// `gosub HandleMove` from H. G. Muller's GAME code (2020); `sub` inside an
/// expression (Fergus Duniho, 2004-12-16); `+ - *` and their operand order
/// (Fergus Duniho, 2008, reply 21877); `if … endif` blocks (Fergus Duniho,
/// 2016); `setlegal` from GC's legal-moves tutorial. GC's `onboard`, `abs`,
/// `sign`, `max` and `neg`, which no source here documents, are replaced
/// by the subroutines `Inside`, `Abs` and `Sign`; GC's `elem` (reading an
/// array), `won`/`lost`/`drawn`, likewise without a source, by lookup
/// subroutines and by `say`/`die`.
///
/// The text is kept in `gac/` one file per concern: `state` (the globals),
/// `labels` (flag bits, list membership, `Inside`, label to kind and side),
/// `walk` (the leg walk and `Found`), `castle`, `attacks` (a piece's moves,
/// attack and check tests), `promotion`; the handlers in `handle`
/// (Post-Move), `legal` (trial moves and GC's legal-move list) and `end`
/// (game end). `tests/game_courier_code.rs` runs this text in a small GAME
/// Code interpreter and compares it with the engine.
///
/// Table format, per kind: `nmoves`, then per move its flags (1 initial,
/// 2 only when not in check, 4 castling) and a leg tree; a leg is
/// `size dx dy range mode nvia (vx vy)… nchildren children…`, `size`
/// counting the whole subtree, mode bits 1 end on empty, 2 end on enemy,
/// 4 end en passant, 8 go on with the children from an empty cell,
/// 16 hop over one screen. Vectors are White's; Black negates them.
pub const UNIVERSAL: &str = concat!(
    include_str!("gac/state.txt"),
    include_str!("gac/labels.txt"),
    include_str!("gac/walk.txt"),
    include_str!("gac/castle.txt"),
    include_str!("gac/attacks.txt"),
    include_str!("gac/promotion.txt"),
);

/// The Post-Move routine (one per side) and the Post-Game routine, after
/// [`UNIVERSAL`] in Pre-Game.
pub const HANDLERS: &str =
    concat!(include_str!("gac/handle.txt"), include_str!("gac/legal.txt"), include_str!("gac/end.txt"));
