//! Bracket moves rewritten in the `a`/`y` chain form the ID has long
//! understood (an older ID crashes on bracket moves).

use crate::betza::ast::Move;

/// `betza` as the ID should be given it: a bracket move `[X?dirY]` is
/// rewritten in the `a`/`y` chain form the ID has long understood when a
/// known equivalent exists (checked move for move by `tests/export.rs`),
/// else an error says which move has none.
pub fn id_betza(betza: &str) -> Result<String, String> {
    let Ok(piece) = crate::betza::parse(betza) else { return Ok(betza.to_string()) };
    let mut out = String::new();
    for m in &piece.moves {
        let span = match m {
            Move::Bracket(b) => &b.span,
            Move::Chain(c) => &c.span,
        };
        let text = &betza[span.start..span.end];
        if !text.starts_with('[') {
            out.push_str(text);
            continue;
        }
        match BRACKET_CHAINS.iter().find(|(b, _)| *b == text) {
            Some((_, chain)) => out.push_str(chain),
            None => {
                return Err(format!(
                    "the bracket move `{text}` has no `a`-chain form in this exporter's checked table, and an older ID crashes on bracket moves"
                ))
            }
        }
    }
    Ok(out)
}

/// Bracket moves and their `a`/`y` chain equivalents (same moves on every
/// board; `tests/export.rs` checks each pair with the move prober on random
/// positions, `tests/bent_riders.rs` on Tigrey's counts). The first leg of
/// a leaping bracket (`D`, `A`, `N`, `C`, `Z`) is written as steps that may
/// pass over pieces (`mp`) without ending on them, then `y` turns the last
/// step into the slider.
pub const BRACKET_CHAINS: &[(&str, &str)] = &[
    ("[F?fsR]", "FyafsF"),
    ("[D?fsB]", "DmpafyafsW"),
    ("[D?fR]", "DmpafyafW"),
    ("[A?fB]", "AmpafyafF"),
    ("[N?fR]", "NmpafmpalyarWmpafmparyalW"),
    ("[C?fqB]", "CmpalmparyafFmparmpalyafF"),
    ("[Z?fqB]", "ZfsbsmpafmpaflyafrKfsbsmpafmpafryaflK"),
];
