//! Royalty rules beyond "a royal piece must not be left attacked".
//!
//! The flying-general rule (`rules.flying-general`) is compiled into the
//! attack tables: every royal piece gets an *attack-only* capturing file
//! slide (`cvR`) that move generation never walks but the attack test sees.
//! A move that leaves two royals facing on an open file therefore leaves the
//! mover's royal "attacked" and is rejected by the ordinary legality test,
//! with the cells between them among the danger cells, at no cost to
//! variants without the rule.

use crate::betza::{self, Path};

/// The attack-only paths a royal piece gets under the flying-general rule.
pub fn flying_general_paths() -> Vec<Path> {
    betza::compile_paths("cvR").expect("a valid Betza string")
}
