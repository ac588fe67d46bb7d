//! Exporters: a loaded [`Variant`] written out for other programs.
//!
//! * [`game_courier`]: a Game Courier preset (Edit-form sheet, settings
//!   file, table-driven GAME Code);
//! * [`interactive_diagram`]: H. G. Muller's Interactive Diagram description
//!   (and its importer, back to our TOML);
//! * [`fairy_stockfish`]: a Fairy-Stockfish `variants.ini` section, or the
//!   list of features Fairy-Stockfish cannot express.

pub mod facts;
pub mod fairy_stockfish;
pub mod game_courier;
pub mod interactive_diagram;

use std::fmt;

use crate::board::square_label;
use crate::game::fen::Placement;
use crate::variant::Variant;

/// An export format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Game Courier preset sheet.
    GameCourier,
    /// Interactive Diagram description.
    InteractiveDiagram,
    /// Fairy-Stockfish `variants.ini` section.
    FairyStockfish,
}

impl Format {
    /// Every format, in the order the CLI lists them.
    pub const ALL: [Format; 3] = [Format::GameCourier, Format::InteractiveDiagram, Format::FairyStockfish];

    /// The CLI name (`game-courier`).
    pub fn name(self) -> &'static str {
        match self {
            Format::GameCourier => "game-courier",
            Format::InteractiveDiagram => "interactive-diagram",
            Format::FairyStockfish => "fairy-stockfish",
        }
    }

    /// The format called `name`.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Why a variant cannot be exported in a format: one line per feature the
/// target cannot express.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportError {
    /// The target format.
    pub format: Format,
    /// The variant's name.
    pub variant: String,
    /// Each feature the format cannot express, in words.
    pub problems: Vec<String>,
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} cannot be exported as {}: {} feature(s) cannot be expressed:",
            self.variant,
            self.format.name(),
            self.problems.len()
        )?;
        for p in &self.problems {
            writeln!(f, "  - {p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ExportError {}

/// Writes `v` in `format`; the Game Courier and Interactive Diagram texts
/// carry the definition's verified facts ([`facts::comment`]).
pub fn export(v: &Variant, format: Format) -> Result<String, ExportError> {
    match format {
        Format::GameCourier => game_courier::export(v).map(|t| with_facts_in_rules(&t, &facts::comment(v))),
        Format::InteractiveDiagram => interactive_diagram::export(v).map(|t| facts::comment(v) + &t),
        Format::FairyStockfish => fairy_stockfish::export(v),
    }
}

/// The Game Courier sheet with the facts block at the start of its
/// "Rules (HTML)" field (appended as its own field if the sheet has none).
fn with_facts_in_rules(sheet: &str, block: &str) -> String {
    const RULES: &str = "===== Rules (HTML) =====\n";
    if block.is_empty() {
        return sheet.to_string();
    }
    match sheet.find(RULES) {
        Some(i) => format!("{}{block}{}", &sheet[..i + RULES.len()], &sheet[i + RULES.len()..]),
        None => format!("{sheet}\n{RULES}{block}"),
    }
}

/// The setup's placement (validated by the loader, so it parses).
pub(crate) fn setup_placement(v: &Variant) -> Placement {
    let plus = |k: u8| {
        let to = v.piece_promotion.as_ref()?.to[k as usize];
        (to != crate::game::rules::promotion::NONE).then_some(to)
    };
    crate::game::fen::parse_placement_with(&v.grid, &|c| v.kind_of_letter(c), &plus, &v.setup_fen)
        .expect("the loader validated the setup")
}

/// (file, rank) of every hole, rank by rank from rank 1, files left to right.
pub(crate) fn holes(v: &Variant) -> Vec<(u32, u32)> {
    let g = &v.grid;
    let mut out = Vec::new();
    for y in 0..g.ranks() {
        for x in 0..g.files() {
            if g.is_hole(x, y) {
                out.push((x, y));
            }
        }
    }
    out
}

/// Square names of the cells holding (kind, side), rank by rank from rank 1.
pub(crate) fn squares_of(v: &Variant, pl: &Placement, kind: u8, side: u8) -> Vec<String> {
    let g = &v.grid;
    let mut out = Vec::new();
    for y in 0..g.ranks() {
        for x in 0..g.files() {
            if let Some(c) = g.at(x as i32, y as i32) {
                if pl.cells[c as usize] == Some((kind, side)) {
                    out.push(square_label(x, y));
                }
            }
        }
    }
    out
}

/// Alfaerie image basenames (without the `w`/`b` colour prefix) for piece
/// names, as used by the Interactive Diagram with
/// `graphicsDir=/graphics.dir/alfaeriePNG/`. `verified` is true for names
/// seen on a real page (the chess six and the TCB page's `promotedbishop`);
/// the rest follow Alfaerie's naming and are unverified.
pub(crate) const ALFAERIE: &[(&str, &str, bool)] = &[
    ("king", "king", true),
    ("queen", "queen", true),
    ("rook", "rook", true),
    ("bishop", "bishop", true),
    ("knight", "knight", true),
    ("pawn", "pawn", true),
    ("dragon horse", "promotedbishop", true),
    ("dragon-horse", "promotedbishop", true),
    ("archbishop", "archbishop", false),
    ("chancellor", "chancellor", false),
    ("cannon", "cannon", false),
    ("camel", "camel", false),
    ("elephant", "elephant", false),
    ("zebra", "zebra", false),
    ("eagle", "griffin", false),
    ("gryphon", "griffin", false),
];

/// The Alfaerie image of piece `k`: its `image` hint, else a name lookup
/// (first word of the name, then the id), else `None`.
pub(crate) fn alfaerie_image(v: &Variant, k: usize) -> Option<(String, bool)> {
    let p = &v.pieces[k];
    if let Some(i) = &p.image {
        return Some((i.clone(), true));
    }
    let name = p.name.to_ascii_lowercase();
    let first = name.split(|c: char| !c.is_ascii_alphanumeric() && c != ' ').next().unwrap_or("").trim().to_string();
    for key in [name.as_str(), first.as_str(), p.id.as_str()] {
        if let Some((_, img, ok)) = ALFAERIE.iter().find(|(n, _, _)| *n == key) {
            return Some((img.to_string(), *ok));
        }
    }
    None
}

/// Piece kinds in the order exporters list them: pawns first, royals last
/// (the Interactive Diagram's convention), otherwise definition order.
pub(crate) fn listing_order(v: &Variant) -> Vec<usize> {
    let rank = |k: usize| {
        let p = &v.pieces[k];
        if p.pawn {
            0
        } else if p.royal {
            2
        } else {
            1
        }
    };
    let mut ks: Vec<usize> = (0..v.pieces.len()).collect();
    ks.sort_by_key(|&k| (rank(k), k));
    ks
}

/// The family of a rule outside the move-and-promotion model, so that an
/// exporter can write the families its format has and refuse the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// A deployment phase.
    Deployment,
    /// Drops of pieces in hand.
    Drops,
    /// A Rust rule module.
    Hook,
    /// A piece that only some kinds may capture.
    CapturableBy,
    /// A piece whose capture wins.
    CaptureWins,
    /// A mobility region or a region-bound special move.
    Region,
    /// A promotion zone given as single cells, not whole ranks.
    PromotionCells,
    /// The n-check rule.
    CheckLimit,
    /// A region goal.
    Goal,
    /// Move effects (explosions).
    Effects,
    /// The flying-general rule.
    FlyingGeneral,
    /// Shogi-style promotion (`promotes-to`).
    PiecePromotion,
    /// Promotion limited by the setup's counts.
    PromotionLimit,
    /// Promotion as a move of its own (sittuyin).
    PromotionMove,
    /// A promotion choice allowed once per game.
    PromotionOnce,
    /// Castling partners other than the corner piece, first-move rights
    /// lost to an enemy line, and gating.
    Castling,
    /// Hop bans, passing and bikjang (janggi's move rules).
    Passing,
    /// Extinction, compulsory capture and other end values.
    Extinction,
    /// Several royals, duple check, no checks, Makpong, non-royal castlers,
    /// the equalizing move.
    Royalty,
    /// Walls placed after every move (the duck, arrows).
    Walls,
    /// Flipping (Reversi, Ataxx); only the Fairy-Stockfish export writes it.
    Flipping,
    /// Pieces that turn into a wall after capturing (petrified), which no
    /// exporter writes yet.
    Petrify,
    /// Counting rules and conditions on checkmate (makruk, shatar), which no
    /// exporter writes yet.
    Counting,
}

/// Rules outside the move-and-promotion model that the exporters share
/// (deployment phase, drops, rule modules, capture restrictions, capture-to-win
/// pieces, once-per-game promotion choices), one line each.
pub fn special_rules(v: &Variant) -> Vec<String> {
    special_rule_items(v).into_iter().map(|(_, s)| s).collect()
}

/// [`special_rules`] with the family of each rule.
pub fn special_rule_items(v: &Variant) -> Vec<(Feature, String)> {
    let mut out = Vec::new();
    if let Some(d) = &v.deployment {
        let what: Vec<String> =
            d.posts.iter().map(|p| format!("{} x{}", v.pieces[p.kind as usize].name, p.count)).collect();
        out.push((Feature::Deployment, format!("a deployment phase (pieces posted before play: {})", what.join(", "))));
    }
    if let Some(d) = &v.drops {
        let to_hand = if d.to_hand { ", captured pieces going to the capturer's hand" } else { "" };
        out.push((Feature::Drops, format!("drops of pieces in hand{to_hand}")));
    }
    if let Some(h) = &v.hook {
        out.push((Feature::Hook, format!("the rules of the rule module \"{h}\"")));
    }
    piece_capture_items(v, &mut out);
    out.extend(crate::game::rules::regions::export_problems(v).into_iter().map(|s| (Feature::Region, s)));
    out.extend(crate::game::rules::regions::zone_cell_problems(v).into_iter().map(|s| (Feature::PromotionCells, s)));
    out.extend(crate::game::rules::castling::export_problems(v).into_iter().map(|s| (Feature::Castling, s)));
    goal_items(v, &mut out);
    out.extend(crate::game::rules::effects::export_problems(v).into_iter().map(|s| (Feature::Effects, s)));
    out.extend(crate::game::rules::effects::move_rule_problems(v).into_iter().map(|s| (Feature::Passing, s)));
    out.extend(crate::game::rules::extinction::export_problems(v).into_iter().map(|s| (Feature::Extinction, s)));
    out.extend(crate::game::rules::royalty::export_problems(v).into_iter().map(|s| (Feature::Royalty, s)));
    out.extend(crate::game::rules::walls::export_problems(v).into_iter().map(|s| (Feature::Walls, s)));
    out.extend(crate::game::rules::counting::export_problems(v).into_iter().map(|s| (Feature::Counting, s)));
    out.extend(crate::game::rules::flipping::export_problems(v).into_iter().map(|s| (Feature::Flipping, s)));
    out.extend(crate::game::rules::petrify::export_problems(v).into_iter().map(|s| (Feature::Petrify, s)));
    if v.rules.flying_general {
        out.push((
            Feature::FlyingGeneral,
            "the flying-general rule (the royal pieces may not face each other on an open file)".into(),
        ));
    }
    promotion_items(v, &mut out);
    out
}

/// Pieces captured only by some kinds, and pieces whose capture wins. The
/// wall piece is left out: it is the walls rule itself, said once.
fn piece_capture_items(v: &Variant, out: &mut Vec<(Feature, String)>) {
    // (A wall, placed or petrified, is nobody's to capture by definition.)
    let wall = v.walls.as_ref().map(|w| w.kind as usize).or(v.petrify.map(|p| p.wall_kind() as usize));
    for p in v.pieces.iter().enumerate().filter(|(k, _)| Some(*k) != wall).map(|(_, p)| p) {
        if let Some(ks) = &p.capturable_by {
            let by: Vec<String> = ks.iter().map(|&k| v.pieces[k as usize].name.clone()).collect();
            out.push((Feature::CapturableBy, format!("the {} can be captured only by {}", p.name, by.join(", "))));
        }
        if let Some(why) = &p.capture_wins {
            out.push((Feature::CaptureWins, format!("capturing the {} wins the game ({why})", p.name)));
        }
    }
}

/// The n-check rule and the region goals.
fn goal_items(v: &Variant, out: &mut Vec<(Feature, String)>) {
    if v.rules.check_limit > 0 {
        out.push((
            Feature::CheckLimit,
            match v.rules.check_limit {
                1 => "the n-check rule (the first check wins)".to_string(),
                n => format!("the n-check rule (the side that gives {n} checks wins)"),
            },
        ));
    }
    for g in &v.goals {
        out.push((
            Feature::Goal,
            format!(
                "the goal \"{}\" (a {} in the region `{}` wins)",
                g.name, v.pieces[g.kind as usize].name, v.regions[g.region as usize].name
            ),
        ));
    }
}

/// Promotion beyond the zones' choices: by piece (shogi), as a move of its
/// own, limited by the start counts, once per game.
fn promotion_items(v: &Variant, out: &mut Vec<(Feature, String)>) {
    let names =
        |ks: &mut dyn Iterator<Item = usize>| ks.map(|k| v.pieces[k].name.clone()).collect::<Vec<_>>().join(", ");
    if let Some(pp) = &v.piece_promotion {
        let n = pp.to.iter().filter(|&&t| t != crate::game::rules::promotion::NONE).count();
        out.push((
            Feature::PiecePromotion,
            format!("shogi-style promotion of {n} piece kinds (promotes-to, optional in the zone)"),
        ));
    }
    if let Some(pm) = &v.promotion_move {
        let from = names(&mut (0..v.pieces.len()).filter(|k| pm.pieces & (1 << k) != 0));
        let to = names(&mut pm.choices.iter().map(|&k| k as usize));
        let what = format!("promotion as a move of its own ({from} becoming {to} instead of moving)");
        out.push((Feature::PromotionMove, what));
    }
    for z in &v.zones {
        let limited = "promotion only to a piece of which the side has fewer than at the start".to_string();
        if z.limit.is_some() && !out.iter().any(|(_, s)| *s == limited) {
            out.push((Feature::PromotionLimit, limited));
        }
        if !z.once.is_empty() {
            let what = format!("promotion to {} only once per game", names(&mut z.once.iter().map(|&k| k as usize)));
            out.push((Feature::PromotionOnce, what));
        }
    }
}

/// The refusal for a board made of polygons (a graph board): none of the
/// formats has one. Game Courier can draw a picture board (the "Custom
/// Board" shape with pixel Positions), but no source available here gives
/// the Positions field's syntax, so the refusal says that rather than
/// writing a board GC may not read.
pub(crate) fn graph_board(v: &Variant, format: Format) -> Option<ExportError> {
    let why = match format {
        Format::GameCourier => concat!(
            "; GC draws \"squares, two types of hexagons, circular boards, and any custom board a developer cares to ",
            "code in positions for\" (Fergus Duniho, 2008-10-06, chessvariants.com comment 20703), but the exported ",
            "move tables step by file and rank, and no source available to Rookery documents GC's hexagonal ",
            "coordinates or the syntax of a custom board's positions, so none is written"
        ),
        Format::InteractiveDiagram => concat!(
            "; the sources available here show the Interactive Diagram's board only as files x ranks, with holes ",
            "written as `hole` pieces (real diagrams); its documentation's section \"Irregular Board Shapes\" is ",
            "missing from every stored copy, so no other board is written"
        ),
        Format::FairyStockfish => "; Fairy-Stockfish plays on files x ranks grids only",
    };
    v.grid.graph().map(|_| ExportError {
        format,
        variant: v.name.clone(),
        problems: vec![format!(
            "a graph board ({} cells given as polygons, not a files x ranks grid){why}",
            v.grid.len()
        )],
    })
}
