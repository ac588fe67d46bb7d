//! Variant definitions: the TOML schema ([`spec`]), loading and validation
//! ([`load`]) into an immutable, compiled [`Variant`], and diagnostics.

pub mod builtin;
pub mod diagnostics;
mod load;
pub mod spec;
mod tables;

pub use diagnostics::{Diagnostic, Severity};
pub use load::{load_str, LoadError};
pub use tables::{
    AttackEntry, AttackGroup, MoveTables, ProgRef, TableError, TooLargeProgram, CHECK_PATH_WORDS, MAX_TABLE_NODES,
};

use crate::board::Grid;

/// Result for the stalemated side (or any other game-end value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndValue {
    /// The side loses.
    Loss,
    /// Drawn.
    Draw,
    /// The side wins.
    Win,
}

/// A piece kind as defined.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// The table key (`dragon-horse`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// FEN letter (upper case).
    pub letter: char,
    /// White's moves.
    pub betza: String,
    /// Black's moves, when not White's turned around.
    pub betza_black: Option<String>,
    /// A king.
    pub royal: bool,
    /// Promotes; resets the n-move counter.
    pub pawn: bool,
    /// Picture hint.
    pub image: Option<String>,
    /// Conditional extra moves: (name, Betza).
    pub specials: Vec<(String, String)>,
    /// Never moves (its `betza` is empty).
    pub immobile: bool,
    /// Only these kinds may capture it (`None`: any).
    pub capturable_by: Option<Vec<u8>>,
    /// Capturing it wins the game; the reason shown (e.g. "occupation").
    pub capture_wins: Option<String>,
    /// Per special move (same order as `specials`): the region the piece
    /// must stand in for it, or `None` for "not in check".
    pub special_regions: Vec<Option<u8>>,
    /// Mobility region: the piece never stands outside this region.
    pub confined_to: Option<u8>,
    /// The engine's value of the piece in centipawns, when the definition
    /// gives one (`value`); else it is estimated from the moves.
    pub value: Option<i32>,
    /// Which of its moves reset the n-move counter (`resets-move-rule`).
    pub move_rule_reset: crate::game::rules::move_rule::Reset,
}

/// The deployment phase: what each side posts, and where.
#[derive(Clone, Debug)]
pub struct Deployment {
    /// Who posts first.
    pub first: u8,
    /// Who moves first after the deployment.
    pub then: u8,
    /// What may be posted.
    pub posts: Vec<Post>,
}

/// One kind of piece posted during the deployment.
#[derive(Clone, Debug)]
pub struct Post {
    /// The piece kind.
    pub kind: u8,
    /// How many each side holds at the start.
    pub count: u8,
    /// Cells where White / Black may post it.
    pub cells: [Vec<crate::board::Cell>; 2],
    /// Posted before any other piece.
    pub before_others: bool,
}

/// A promotion zone.
#[derive(Clone, Debug)]
pub struct Zone {
    /// Ranks (0-based) for White and Black.
    pub ranks: [Vec<u32>; 2],
    /// Cells for White and Black (besides the ranks).
    pub cells: [Vec<crate::board::Cell>; 2],
    /// Piece kinds one may promote to.
    pub choices: Vec<u8>,
    /// The pawn must promote.
    pub mandatory: bool,
    /// Choices each side may take only once per game.
    pub once: Vec<u8>,
    /// With `limited-by-setup`: per kind, the setup's count for White and
    /// Black; a choice is open while the side has fewer on the board.
    pub limit: Option<Vec<[u8; 2]>>,
}

/// Game-end and draw rules.
#[derive(Clone, Debug)]
pub struct Rules {
    /// Result for the stalemated side.
    pub stalemate: EndValue,
    /// Stalemate decided by piece count (suicide).
    pub stalemate_by_count: bool,
    /// Result for the checkmated side (misère: a win).
    pub checkmate: EndValue,
    /// Compulsory capture.
    pub must_capture: bool,
    /// The side that wins every drawn result (armageddon: Black).
    pub draw_odds: Option<u8>,
    /// King against king (nothing but royals on both sides) is drawn.
    pub dead_position: bool,
    /// The order in which `Game::outcome` judges the end rules.
    pub end_order: Vec<crate::game::outcome::EndRule>,
    /// En-passant squares are left only inside this region (the capturing
    /// side's part; index into `Variant::regions`).
    pub ep_region: Option<u8>,
    /// A side is in check only when all its royal pieces are attacked
    /// (spartan's duple check); otherwise when any is.
    pub royal_check_all: bool,
    /// Royal pieces count only while a side has one left (shoshogi's king
    /// and crown prince; FSF's extinctionPseudoRoyal with count 0): with
    /// two or more, none is in check and any may be captured.
    pub royal_check_last: bool,
    /// A move that gives check is illegal (racing kings).
    pub no_checks: bool,
    /// A royal piece in check may only move to capture the (single) checker
    /// (Makpong).
    pub evasion_capture_only: bool,
    /// Some rule narrows the legal moves after the royal-safety test
    /// (compulsory capture, no checks, Makpong): one flag for the hot path.
    pub move_filters: bool,
    /// A side with only royal pieces left loses.
    pub bare_king: bool,
    /// … unless it bares the opponent on its next move (draw).
    pub counter_baring: bool,
    /// The bare-king result is decided before checkmate and stalemate.
    pub bare_king_first: bool,
    /// n-move rule in full moves (0 = none).
    pub move_rule: u32,
    /// n-fold repetition (0 = none).
    pub repetition: u32,
    /// A repetition reached by checking in every position of its cycle
    /// loses for the checking side.
    pub perpetual_check_loses: bool,
    /// A piece moved back and forth five times in a row loses
    /// (`rules.move-repetition-loses`, FSF's moveRepetitionIllegal).
    pub move_repetition_loses: bool,
    /// Royal pieces may not face each other on an open file.
    pub flying_general: bool,
    /// … nor on an open rank (`rules.flying-general = "lines"`, FSF's rule).
    pub flying_general_ranks: bool,
    /// The result for the side to move when a repetition ends the game
    /// (FSF's nFoldValue; a draw unless `rules.repetition-value` says).
    pub repetition_value: EndValue,
    /// n-check: the n-th check wins (0 = no such rule).
    pub check_limit: u8,
}

/// A validated, compiled variant. Immutable; positions borrow it.
#[derive(Debug)]
pub struct Variant {
    /// `variant.name`.
    pub name: String,
    /// Display title.
    pub title: String,
    /// Inventor.
    pub author: String,
    /// Year, if given.
    pub year: Option<i64>,
    /// Rules page.
    pub rules_url: String,
    /// Description, if given.
    pub description: Option<String>,
    /// Why the setup is a reconstruction, if it is one.
    pub reconstructed: Option<String>,
    /// The board.
    pub grid: Grid,
    /// a1 is a light square.
    pub a1_light: bool,
    /// How pictures draw the board (`[board.picture]`).
    pub picture: crate::render::BoardPicture,
    /// Piece kinds; a kind is its index here.
    pub pieces: Vec<PieceDef>,
    /// Start position.
    pub setup_fen: String,
    /// Promotion zones.
    pub zones: Vec<Zone>,
    /// Game-end rules.
    pub rules: Rules,
    /// Compiled move programs and attack tables.
    pub tables: MoveTables,
    /// Pieces that lose their unmoved state when an enemy piece lines up
    /// with them (`unmoved-lost-on-line-with`), if any.
    pub unmoved_loss: Option<crate::game::rules::castling::UnmovedLoss>,
    /// Per kind that names them, its castling partners (`castling-partners`).
    pub castling_partners: Vec<(usize, Vec<crate::game::rules::castling::Partner>)>,
    /// Chess960 castling (`castling-960`), if any piece has it.
    pub free_castling: Option<crate::game::rules::castling::Free>,
    /// Gating from the hand (`[gating]`), if any.
    pub gating: Option<crate::game::rules::gating::Gating>,
    /// The named rule module, if any.
    pub hook: Option<String>,
    /// The rule module `hook` names, chosen at load time: front ends reach
    /// game-specific code only through it.
    pub module: Option<&'static dyn crate::hooks::RuleModule>,
    /// The deployment phase, if any.
    pub deployment: Option<Deployment>,
    /// Hands and drops, if any.
    pub drops: Option<crate::game::rules::drops::Drops>,
    /// Shogi-style promotion (`promotes-to`), if any piece has it.
    pub piece_promotion: Option<crate::game::rules::promotion::PiecePromotion>,
    /// Named regions (see `game::rules::regions`).
    pub regions: Vec<crate::game::rules::regions::Region>,
    /// The extinction goal (see `game::rules::extinction`).
    pub extinction: Option<crate::game::rules::extinction::Extinction>,
    /// Promotion as a move of its own (see `game::rules::promotion_move`).
    pub promotion_move: Option<crate::game::rules::promotion_move::PromotionMove>,
    /// Region goals (see `game::rules::goals`).
    pub goals: Vec<crate::game::rules::goals::Goal>,
    /// Some rule can end the game at once after a move (n-check, goals):
    /// move generation asks first whether the game is still on.
    pub immediate_end: bool,
    /// `[[checks]]`: the documented facts (`rookery verify`).
    pub checks: Vec<crate::verify::Check>,
    /// Atomic explosions (see `game::rules::effects`), if any.
    pub explosions: Option<crate::game::rules::effects::Explosions>,
    /// Passing moves and bikjang (see `game::rules::passing`), if any.
    pub passing: Option<crate::game::rules::passing::Passing>,
    /// Per kind, the kinds it may not hop over (`effects.no-hop-over`);
    /// empty when no piece has such a rule.
    pub hop_bans: Vec<u64>,
    /// Walls placed after every move (see `game::rules::walls`), if any.
    pub walls: Option<crate::game::rules::walls::Walls>,
    /// Pieces that turn into a wall after capturing (see
    /// `game::rules::petrify`), if any.
    pub petrify: Option<crate::game::rules::petrify::Petrify>,
    /// Conditions on checkmate (see `game::rules::mating`), if any.
    pub mating: Option<crate::game::rules::mating::MateRules>,
    /// The counting rule (see `game::rules::counting`), if any.
    pub counting: Option<crate::game::rules::counting::Counting>,
    /// Flipping (Reversi, Ataxx; see `game::rules::flipping`), if any.
    pub flipping: Option<crate::game::rules::flipping::Flipping>,
    /// Whether `make` records passes (`[effects] pass` or flipping's
    /// `pass-when-stuck`): two in a row end the game.
    pub tracks_passes: bool,
}

impl Variant {
    /// The kind with FEN letter `c` (either case).
    pub fn kind_of_letter(&self, c: char) -> Option<u8> {
        let up = c.to_ascii_uppercase();
        self.pieces.iter().position(|p| p.letter == up).map(|k| k as u8)
    }

    /// Whether any kind is royal.
    pub fn has_royal(&self) -> bool {
        self.pieces.iter().any(|p| p.royal)
    }
}
