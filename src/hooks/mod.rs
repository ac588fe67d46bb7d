//! Rules that no declarative option expresses, one module per game family,
//! switched on by `variant.hook` in the definition. Each module only *sets
//! up* a game (dice, hands, posting constraints, designations, clocks); the
//! moves themselves still come from the compiled definition.
//!
//! Front ends (the CLI, the protocols, the studio) never name a module:
//! they reach one only through the [`RuleModule`] trait object the loader
//! picked for the variant (`Variant::module`), so a new game family is a
//! new file here plus one line in [`MODULES`], and no front end changes.

pub mod rng;
pub mod tigerchess;
pub mod tigerclocks;

use crate::game::{Move, Position};
use crate::variant::Variant;

pub use tigerclocks::Event as ClockEvent;

/// Every rule module, by the name `variant.hook` gives it.
pub static MODULES: &[&dyn RuleModule] = &[&tigerchess::TigerChess];

/// The rule module called `name`, if there is one.
pub fn module(name: &str) -> Option<&'static dyn RuleModule> {
    MODULES.iter().copied().find(|m| m.name() == name)
}

/// The names of all rule modules, for error messages.
pub fn names() -> Vec<&'static str> {
    MODULES.iter().map(|m| m.name()).collect()
}

/// The choices players make before a game, for modules that offer them
/// (TigerChess: agree on the Open variation, or play the Random one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Choices {
    /// The players agreed on a free (Open) set-up instead of dice.
    pub open: bool,
    /// Exhibition play: chance (cards) sets up instead of the players.
    pub random_variation: bool,
}

/// A game family's code, chosen at load time from `variant.hook`.
pub trait RuleModule: Sync + std::fmt::Debug {
    /// The name `variant.hook` uses.
    fn name(&self) -> &'static str;
    /// Whether the definition has what this module needs; the error names
    /// what is missing (the loader reports it at `variant.hook`).
    fn fits(&self, v: &Variant) -> Result<(), String>;
    /// What the two sides are called (`["White", "Black"]` by default).
    fn side_names(&self) -> [&'static str; 2] {
        ["White", "Black"]
    }
    /// Starts one game: throws the module's dice from `seed`.
    fn begin(&self, seed: u64, choices: Choices) -> Box<dyn GameHooks>;
}

/// One game's module state: what was decided before the first move and
/// what the module says while the game runs.
pub trait GameHooks {
    /// The pre-game as lines for a transcript (`die: 3 (Dragon variation)`).
    fn pre_game_lines(&self) -> Vec<String>;
    /// The pre-game in one line, for a status bar.
    fn summary(&self) -> String;
    /// The position the game starts from.
    fn start<'v>(&self, v: &'v Variant) -> Position<'v>;
    /// Moves chance makes before the players (card postings), in order.
    fn opening_moves(&self, pos: &Position<'_>) -> Vec<Move>;
    /// Cells whose piece is shown under another name than its definition's
    /// (TigerChess's Siege Towers), with that name.
    fn renamed_pieces(&self, pos: &Position<'_>) -> Vec<(u16, String)>;
    /// The phase to show (`deployment`/`engagement`), if the module shows one.
    fn phase_label(&self, pos: &Position<'_>) -> Option<&'static str>;
    /// The deployment just ended in `pos` (the module may read it).
    fn deployment_over(&mut self, pos: &Position<'_>);
    /// The game's name in the module's terms, once it is over.
    fn designation(&self) -> Option<String>;
    /// The module's clocks, if it defines any.
    fn clock(&self) -> Option<Box<dyn GameClock>>;
    /// `side` ran out of deployment time: change `pos` as the rules say.
    fn deployment_time_up(&self, pos: &mut Position<'_>, side: u8);
}

/// A game clock as a pure model: the caller says how much time a player
/// used (from any time source), the model says what that means.
pub trait GameClock {
    /// `side`'s clock runs for `ms` milliseconds.
    fn spend(&mut self, side: usize, ms: u64) -> ClockEvent;
    /// The deployment is over.
    fn start_engagement(&mut self);
    /// `side` completed an engagement move.
    fn move_done(&mut self, side: usize);
    /// The clock of `side` in words (`149:58 (main), reserve 1:00`).
    fn describe(&self, side: usize) -> String;
}

/// The side names of `v`: its module's, or White and Black.
pub fn side_names(v: &Variant) -> [&'static str; 2] {
    v.module.map_or(["White", "Black"], |m| m.side_names())
}
