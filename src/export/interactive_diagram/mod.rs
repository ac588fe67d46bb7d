//! H. G. Muller's Interactive Diagram (ID) description: export and import.
//!
//! The description is a list of `key=value` items (`files=9 ranks=9
//! promoZone=1 promoChoice=NHRQ … stalemate=win baring=0 royal=K`) and one
//! item per piece, `name:ID:XBetza:image:squares`, where the squares are
//! White's, then an empty item (`,,`), then Black's; `hole::::squares` lists
//! the squares that are not part of the board. This is the text printed on
//! the TCB rules page and the input of Muller's GAME-code wizard.
//!
//! Export ([`export`], in `write.rs`) writes one item per line: the keys,
//! then the pieces in [`super::listing_order`], then the holes; `royal=`
//! gives the royal piece's number in that list, as the ID documentation
//! writes it (`royal=8`). A game the ID cannot play as ours (per-rank
//! promotion, conditional special moves, separate Black moves, the rules of
//! [`super::special_rules`]) is refused with every reason (`refusals.rs`),
//! never written as a different game. Data the ID has no key for but that
//! does not change play (title, author, rules URL, draw rules, pawn flags)
//! follows at the end as `rookery…=` lines, one per line, so that
//! [`import`] gives back an equivalent definition. The ID is believed to
//! ignore keys it does not know (unverified); delete those lines if it
//! does not.
//!
//! Import ([`import`], in `import.rs`) reads both layouts: one item per
//! line, or everything on one line separated by spaces (as stored copies
//! of pages show it); piece names may contain spaces. It understands square
//! ranges (`a2-j2`), `symmetry=mirror` (the default) and `symmetry=rotate`
//! when Black's squares are not given, `royal=` as a letter or a 1-based
//! piece number, and empty ID/Betza fields for the orthodox pieces.

mod chains;
mod import;
mod items;
mod refusals;
mod toml_out;
mod write;

pub use chains::{id_betza, BRACKET_CHAINS};
pub use import::import;
pub use items::{items, ImportError, Item};
pub use write::export;

/// Where the Alfaerie PNG pieces live (as on the TCB page).
pub const GRAPHICS_DIR: &str = "/graphics.dir/alfaeriePNG/";

/// The Betza the ID is given for an immobile piece: the castling atom with
/// range 0, which makes no move (an empty Betza field would instead mean
/// the orthodox default for the piece's name).
pub const IMMOBILE_BETZA: &str = "O0";
