//! SAN for `rookery play`: the library's [`rookery::protocol::san`] (there
//! so the tests can check it in every built-in).

pub use rookery::protocol::san::*;
