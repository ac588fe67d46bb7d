//! Rookery: chess-variant definitions (TOML + XBetza) turned into playable,
//! checkable games.
//!
//! The pipeline runs one way: text → [`betza`] syntax and semantics →
//! [`compile`]d move programs on a [`board`] → positions and consumers.

#![warn(missing_docs)]

pub mod betza;
pub mod board;
pub mod compile;
pub mod export;
pub mod game;
pub mod hooks;
pub mod limits;
pub mod probe;
pub mod protocol;
pub mod render;
pub mod search;
pub mod studio;
pub mod variant;
pub mod verify;
