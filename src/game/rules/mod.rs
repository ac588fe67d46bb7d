//! Rule families, one file each: its slice of the TOML schema, its load-time
//! compilation into flat tables, and the few hooks it needs at move time.

pub mod capture;
pub mod castling;
pub mod counting;
pub mod drops;
pub mod effects;
pub mod en_passant;
pub mod extinction;
pub mod filters;
pub mod flipping;
pub mod gating;
pub mod goals;
pub mod mating;
pub mod move_rule;
pub mod passing;
pub mod petrify;
pub mod promotion;
pub mod promotion_move;
pub mod regions;
pub mod royalty;
pub mod walls;
