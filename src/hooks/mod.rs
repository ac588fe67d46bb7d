//! Rules that no declarative option expresses, one module per game family,
//! switched on by `variant.hook` in the definition. Each module only *sets
//! up* a game (dice, hands, posting constraints, designations, clocks); the
//! moves themselves still come from the compiled definition.

pub mod rng;
pub mod tigerchess;
pub mod tigerclocks;
