//! Walls as Fairy-Stockfish's `wallingRule`: our five rules are FSF's
//! (`duck`, `arrow`, `past`, `static`, `edge`; `game::rules::walls` follows
//! FSF's reading of each), the placement region is `wallingRegionWhite` /
//! `wallingRegionBlack`, and the wall piece itself is no FSF piece: FSF
//! writes a wall as `*` in the FEN, as we do.

use crate::game::rules::walls::WallRule;
use crate::variant::Variant;

/// The walling lines for `v` (none without walls).
pub(super) fn wall_lines(v: &Variant) -> Vec<String> {
    let Some(w) = &v.walls else { return Vec::new() };
    let rule = match w.rule {
        WallRule::Duck => "duck",
        WallRule::Arrow => "arrow",
        WallRule::Past => "past",
        WallRule::Static => "static",
        WallRule::Edge => "edge",
    };
    let mut out = vec![format!("wallingRule = {rule}")];
    let n = v.grid.len() as u16;
    for (side, colour) in [(0usize, "White"), (1, "Black")] {
        let cells: Vec<u16> = (0..n).filter(|&c| w.allows(side, c)).collect();
        if cells.len() != n as usize {
            out.push(format!("wallingRegion{colour} = {}", super::rules::squares(v, cells)));
        }
    }
    out
}
