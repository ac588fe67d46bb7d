//! The TOML schema of a variant definition, as written (raw, unvalidated).
//!
//! [`KEYS`] documents every key; the reader rejects keys it does not list and
//! the reference in `docs/toml-reference.md` is generated from it, so the
//! documentation cannot drift from what the loader accepts.

use std::ops::Range;

use toml_edit::{ImDocument, Item, Table, Value};

use super::diagnostics::Diagnostic;

mod drops;
pub use drops::{DropPlaceSpec, DropsSpec, GatingSpec};
mod checks;
mod picture;
mod reader;
pub use checks::CheckSpec;
pub use picture::PictureSpec;

/// A value with the byte range it came from in the TOML text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it stands in the file.
    pub span: Range<usize>,
}

/// One documented key of the schema.
#[derive(Clone, Copy, Debug)]
pub struct KeyDoc {
    /// Dotted path; `*` stands for a piece id, `[]` for an array element.
    pub path: &'static str,
    /// TOML type and constraints.
    pub ty: &'static str,
    /// Required or optional with its default.
    pub need: &'static str,
    /// What it means.
    pub doc: &'static str,
}

/// Every key a definition may use.
pub const KEYS: &[KeyDoc] = &[
    KeyDoc { path: "variant.name", ty: "string, lowercase letters, digits and hyphens", need: "required", doc: "Identifier of the game; the built-in name of a file in `definitions/`." },
    KeyDoc { path: "variant.title", ty: "string", need: "required", doc: "Display title." },
    KeyDoc { path: "variant.author", ty: "string", need: "required", doc: "The game's inventor(s)." },
    KeyDoc { path: "variant.year", ty: "integer", need: "optional", doc: "Year of invention." },
    KeyDoc { path: "variant.rules-url", ty: "string", need: "required", doc: "Address of the rules page." },
    KeyDoc { path: "variant.description", ty: "string", need: "optional", doc: "One paragraph about the game." },
    KeyDoc { path: "variant.hook", ty: "\"tigerchess\"", need: "optional", doc: "A named rule module for what no declarative option expresses (see `src/hooks/`)." },
    KeyDoc { path: "board.kind", ty: "\"grid\" | \"polygons\"", need: "optional, default \"grid\"", doc: "A rectangular grid (files × ranks, with holes), or a board of polygon cells whose adjacency is derived from their geometry." },
    KeyDoc { path: "board.files", ty: "integer 1..=32", need: "required for grids", doc: "Number of files (columns), lettered a, b, … from White's left." },
    KeyDoc { path: "board.ranks", ty: "integer 1..=32", need: "required for grids", doc: "Number of ranks (rows), numbered from 1 on White's side." },
    KeyDoc { path: "board.cells", ty: "array of tables", need: "required for polygon boards", doc: "The cells of a polygon board." },
    KeyDoc { path: "board.cells[].label", ty: "string", need: "required", doc: "The cell's name, used in moves and FENs." },
    KeyDoc { path: "board.cells[].polygon", ty: "array of [x, y] points", need: "required", doc: "The cell's corners in order (+y is up). Cells sharing an edge are orthogonal neighbours; diagonal neighbours, slide continuation (leave by the side opposite the entry) and knight moves follow from the geometry." },
    KeyDoc { path: "board.rows", ty: "array of arrays of cell labels", need: "required for polygon boards", doc: "How a FEN lists the cells: one group per `/`-separated field, first group first. Every cell exactly once." },
    KeyDoc { path: "board.forward", ty: "table { white = degrees, black = degrees }", need: "optional, default { white = 90, black = 270 }", doc: "Polygon boards: each side's forward direction (0 = +x, counter-clockwise), which decides the f/b/s direction letters." },
    KeyDoc { path: "board.holes", ty: "array of square names", need: "optional, default []", doc: "Squares that are not part of the board: nothing can stand on, land on or slide through them; leaps pass over them. The setup FEN marks them `*`." },
    KeyDoc { path: "board.picture", ty: "table", need: "optional", doc: "How pictures (SVG, the studio, the HTML export) draw the board; the rules never read it." },
    KeyDoc { path: "board.picture.style", ty: "\"squares\" | \"points\"", need: "optional, default \"squares\"", doc: "Chequered squares, or the traditional xiangqi/janggi picture: pieces on the points where lines cross (rectangular boards only)." },
    KeyDoc { path: "board.picture.river", ty: "rank number", need: "optional (points only)", doc: "A river runs between this rank and the next: the inner file lines stop at its banks (xiangqi: 5)." },
    KeyDoc { path: "board.picture.diagonals", ty: "array of region names", need: "optional (points only)", doc: "Regions whose parts get their corner-to-corner diagonals (the palaces). Each side's part must be a filled rectangle of at least 2x2 cells." },
    KeyDoc { path: "board.a1-light", ty: "boolean", need: "optional, default false", doc: "Colour a1 light (false: dark, as in chess). Only pictures use it." },
    KeyDoc { path: "regions.*", ty: "table", need: "optional", doc: "A named region: a set of cells for each side, used by the rules that name it (`confined-to`, `special[].region`, goals). Written for White; Black's part is White's mirrored across the middle rank unless `symmetry` or `black` says otherwise. The cells are (`ranks` ∩ `files`, either list missing meaning all) plus `cells`." },
    KeyDoc { path: "regions.*.ranks", ty: "array of rank numbers", need: "optional", doc: "Ranks of White's part, numbered from 1 on White's side." },
    KeyDoc { path: "regions.*.files", ty: "array of file letters", need: "optional", doc: "Files of White's part (\"a\", \"b\", …)." },
    KeyDoc { path: "regions.*.cells", ty: "array of cells", need: "optional", doc: "Single cells of White's part (the only way on polygon boards)." },
    KeyDoc { path: "regions.*.symmetry", ty: "\"mirror\" | \"rotate\" | \"none\"", need: "optional, default \"mirror\"", doc: "How Black's part follows from White's: mirrored across the middle rank (same file), rotated by 180°, or the same cells (\"none\")." },
    KeyDoc { path: "regions.*.black", ty: "table { ranks, files, cells }", need: "optional", doc: "Black's part given explicitly (then `symmetry` is ignored)." },
    KeyDoc { path: "pieces.*", ty: "table", need: "at least one", doc: "One table per piece kind; the key is the piece id (lowercase, digits, hyphens). Their order is the display order." },
    KeyDoc { path: "pieces.*.name", ty: "string", need: "optional, default the id", doc: "Display name." },
    KeyDoc { path: "pieces.*.letter", ty: "one upper-case ASCII letter", need: "required", doc: "FEN letter: White uses it, Black its lower case. Unique." },
    KeyDoc { path: "pieces.*.betza", ty: "XBetza string", need: "required unless immobile", doc: "The piece's moves for White; Black's are the same turned by 180°. Castling is the `O` atom (`KisO2`)." },
    KeyDoc { path: "pieces.*.immobile", ty: "boolean", need: "optional, default false", doc: "The piece never moves (then `betza` is omitted)." },
    KeyDoc { path: "pieces.*.capturable-by", ty: "array of piece letters", need: "optional, default: any piece", doc: "Only these pieces may capture it; to everything else it is an uncapturable obstacle." },
    KeyDoc { path: "pieces.*.value", ty: "integer (centipawns, 1 to 100000)", need: "optional", doc: "The piece's worth for the engine's evaluation, instead of the estimate from its moves (mean mobility on the empty board)." },
    KeyDoc { path: "pieces.*.capture-wins", ty: "string (the reason shown, e.g. \"occupation\")", need: "optional", doc: "Capturing this piece wins the game at once." },
    KeyDoc { path: "pieces.*.betza-black", ty: "XBetza string", need: "optional", doc: "Black's moves when they are not White's turned by 180° (given as seen by Black, i.e. also turned)." },
    KeyDoc { path: "pieces.*.royal", ty: "boolean", need: "optional, default false", doc: "A king: it must not be left in check; checkmate and stalemate are judged by it; castling needs it unchecked on its path. A piece that is not royal may still castle (the `O` atom), with no condition about attacks (giveaway, extinction)." },
    KeyDoc { path: "pieces.*.pawn", ty: "boolean", need: "optional, default false", doc: "Promotes in the promotion zones and resets the n-move counter when it moves. A straight non-capturing move of two or more squares leaves en-passant squares behind (if some piece has an `e` move)." },
    KeyDoc { path: "pieces.*.promotes-to", ty: "piece letter", need: "optional", doc: "Shogi-style promotion: the piece this one becomes. A move starting or ending in `promotion.piece-zone` may promote; it must where the piece would otherwise have no further move (a pawn on the last rank). Captured, the promoted piece goes to the hand as this piece. In a FEN the promoted piece is written `+` and this piece's letter (`+P`); a promoting move ends in `+` (`e7e8+`)." },
    KeyDoc { path: "pieces.*.image", ty: "string", need: "optional", doc: "Picture hint for exporters (e.g. an Alfaerie image name)." },
    KeyDoc { path: "pieces.*.special", ty: "array of tables", need: "optional", doc: "Extra moves allowed only under a condition (e.g. Tigrey's King's leap)." },
    KeyDoc { path: "pieces.*.special[].name", ty: "string", need: "optional", doc: "Name of the special move." },
    KeyDoc { path: "pieces.*.special[].betza", ty: "XBetza string", need: "required", doc: "The extra moves." },
    KeyDoc { path: "pieces.*.special[].when", ty: "\"not-in-check\" | \"in-region\"", need: "required", doc: "The condition: the mover's side is not in check; or the piece stands in `region` (position-dependent moves: the xiangqi soldier's sideways step after the river, double steps from given ranks)." },
    KeyDoc { path: "pieces.*.special[].region", ty: "region name", need: "with when = \"in-region\"", doc: "The region (of the mover's side) the piece must stand in for these moves." },
    KeyDoc { path: "pieces.*.confined-to", ty: "region name", need: "optional", doc: "Mobility region: the piece may never stand outside this region of its side (xiangqi's palace for the general and advisors, the elephant's own half); moves that would leave it are not generated and give no check." },
    KeyDoc { path: "pieces.*.castling-partners", ty: "array of piece letters or cells", need: "optional, default: the corner piece", doc: "Who castles with this piece (its `O` atom): on each castling line, the farthest cell that holds, in the setup, a piece of a listed letter, or that is a listed cell (White's; Black's mirrored across the middle rank). Fairy-Stockfish's `castlingRookPieces` and non-corner rook files (shako: `[\"R\"]`). The king moves as its `O` atom says (`O1`: one square) and the partner lands next to it on the side it came from; every cell either crosses or lands on must be empty." },
    KeyDoc { path: "pieces.*.unmoved-lost-on-line-with", ty: "array of piece letters", need: "optional", doc: "The piece loses its unmoved state (its `i` moves and castling) as soon as an enemy piece of a listed kind moves onto its rank or file, whatever stands between: Fairy-Stockfish's reading of Cambodian's rule that a King once checked may no longer leap (`[\"R\"]`)." },
    KeyDoc { path: "setup.fen", ty: "FEN string", need: "required unless setup.pieces", doc: "Start position: ranks from the top, `/` between them, letters for pieces, numbers (any size) for runs of empty squares, `*` for holes; then side to move, castling rights (KQkq or -), en-passant square, halfmove clock, move number." },
    KeyDoc { path: "setup.pieces", ty: "table { LETTER = [squares] }", need: "instead of setup.fen", doc: "The start position as square lists per piece letter: upper case for White, lower case for Black (Black may be left to `symmetry`)." },
    KeyDoc { path: "setup.symmetry", ty: "\"mirror\" | \"rotate\" | \"none\"", need: "optional, default \"mirror\"", doc: "With setup.pieces: Black's pieces not listed are White's mirrored across the middle rank (same file) or rotated by 180°." },
    KeyDoc { path: "setup.side", ty: "\"white\" | \"black\"", need: "optional, default \"white\"", doc: "With setup.pieces: who moves (or posts) first." },
    KeyDoc { path: "setup.castling", ty: "string like \"KQkq\"", need: "optional, default \"-\"", doc: "With setup.pieces: castling rights, as in a FEN." },
    KeyDoc { path: "setup.reconstructed", ty: "string", need: "optional", doc: "Present when the setup is not the author's: says what was reconstructed and why." },
    KeyDoc { path: "promotion.zones", ty: "array of tables", need: "optional", doc: "Promotion zones. A piece with `pawn = true` that ends a move in a zone promotes to one of the zone's choices." },
    KeyDoc { path: "promotion.zones[].ranks", ty: "table { white = [ranks], black = [ranks] }", need: "ranks or cells", doc: "The zone's ranks for each side, numbered from 1 on White's side." },
    KeyDoc { path: "promotion.zones[].cells", ty: "table { white = [cells], black = [cells] }", need: "ranks or cells", doc: "The zone's cells for each side (polygon boards, or irregular zones)." },
    KeyDoc { path: "promotion.zones[].choices", ty: "array of piece letters", need: "required", doc: "Pieces a pawn may promote to in this zone." },
    KeyDoc { path: "promotion.zones[].once-per-side", ty: "array of piece letters", need: "optional", doc: "Choices each side may take only once in a game (TigerChess's Pikeman → TigerKnight exchange)." },
    KeyDoc { path: "promotion.zones[].limited-by-setup", ty: "boolean", need: "optional, default false", doc: "A choice is open only while the side has fewer of that piece on the board than the setup gives it (Grand Chess: promotion to captured pieces). In a mandatory zone with nothing open the pawn cannot move there at all." },
    KeyDoc { path: "promotion.zones[].mandatory", ty: "boolean", need: "optional, default true", doc: "false: the pawn may also stay a pawn." },
    KeyDoc { path: "promotion.flip", ty: "boolean", need: "optional, default false", doc: "Kyoto shogi: every move of a piece with `promotes-to` turns it into its promoted piece, and every move of a promoted piece turns it back (a move ends in `+` or `-`), anywhere on the board; `piece-zone` is not needed." },
    KeyDoc { path: "promotion.piece-zone", ty: "table { white = [ranks], black = [ranks] }", need: "with `promotes-to`", doc: "The ranks (numbered from 1 on White's side) where pieces with `promotes-to` may promote, on a move into, within or out of them." },
    KeyDoc { path: "deployment", ty: "table", need: "optional", doc: "A deployment phase before play: sides post pieces from their hands, one per turn, alternating (a side with nothing left to post is skipped). While any hand holds a piece no other move is allowed." },
    KeyDoc { path: "deployment.first", ty: "\"white\" | \"black\"", need: "optional, default \"white\"", doc: "Who posts first (the setup FEN's side to move must agree)." },
    KeyDoc { path: "deployment.then", ty: "\"white\" | \"black\"", need: "optional, default \"white\"", doc: "Who moves first once every piece is posted." },
    KeyDoc { path: "deployment.posts", ty: "array of tables", need: "required", doc: "What is posted and where." },
    KeyDoc { path: "deployment.posts[].piece", ty: "piece letter", need: "required", doc: "The piece posted." },
    KeyDoc { path: "deployment.posts[].count", ty: "integer", need: "required", doc: "How many each side holds at the start (the setup FEN's `[…]` hand must agree; a hook may change it)." },
    KeyDoc { path: "deployment.posts[].ranks", ty: "table { white = [ranks], black = [ranks] }", need: "one of ranks/cells", doc: "Where it may be posted, by rank." },
    KeyDoc { path: "deployment.posts[].cells", ty: "table { white = [cells], black = [cells] }", need: "one of ranks/cells", doc: "Where it may be posted, by cell." },
    KeyDoc { path: "deployment.posts[].before-others", ty: "boolean", need: "optional, default false", doc: "All of these are posted before any other piece." },
    KeyDoc { path: "drops", ty: "table", need: "optional", doc: "Pieces in hand may be dropped on an empty cell as a move (`P@e4`), instead of moving a piece on the board. A dropped piece is always the unpromoted kind. Hands stand in the FEN in brackets after the placement (`[QPpp]`, `[]` when both are empty)." },
    KeyDoc { path: "drops.captures-to-hand", ty: "boolean", need: "optional, default false", doc: "A captured piece goes to the capturer's hand, changing side (crazyhouse). false: hands hold only what the setup gives (Pocket Knight)." },
    KeyDoc { path: "drops.promoted-captured", ty: "\"demote\" | \"keep\"", need: "optional, default \"demote\"", doc: "What a captured promoted piece (FEN `Q~`) becomes in the capturer's hand: the piece it promoted from (crazyhouse), or itself (Loop, Chessgi)." },
    KeyDoc { path: "drops.no-dead-squares", ty: "boolean", need: "optional, default false", doc: "A piece may not be dropped where it would have no move (shogi: a pawn or lance on the last rank, a knight on the last two)." },
    KeyDoc { path: "drops.max-per-file", ty: "table { LETTER = integer }", need: "optional", doc: "A piece may not be dropped on a file that already holds this many of the dropping side's pieces of that kind (promoted ones do not count): shogi's nifu is `{ P = 1 }`." },
    KeyDoc { path: "drops.no-mate", ty: "array of piece letters", need: "optional", doc: "A drop of these pieces may not checkmate at once (shogi's uchifuzume: `[\"P\"]`): such a mate loses for the side that dropped (an illegal move loses in shogi). As in Fairy-Stockfish, the drop is generated and counted in perft; the game then ends at once." },
    KeyDoc { path: "drops.hand-order", ty: "array of piece letters", need: "optional", doc: "The order of the pieces in a FEN's hand (`[…]`), as Fairy-Stockfish writes it: its internal piece order, king first and pawn last (chess pieces: `[\"K\", \"Q\", \"R\", \"B\", \"N\", \"P\"]`; shogi: gold, knight, lance, pawn, silver, rook, bishop). Pieces not listed follow in definition order. Reading a FEN accepts any order." },
    KeyDoc { path: "drops.must-drop", ty: "boolean", need: "optional, default false", doc: "While the side to move holds pieces in hand it may only drop (placement, sittuyin's set-up: the pieces are placed before play; a side whose hand is empty moves)." },
    KeyDoc { path: "drops.opposite-colours", ty: "array of piece letters", need: "optional", doc: "A side's pieces of these kinds must end on both square colours equally (placement's bishops): such a piece may not be dropped where its colour would hold more than half of them, and no other drop may take the last free drop cell of a colour one of them still needs (Fairy-Stockfish's dropOppositeColoredBishop)." },
    KeyDoc { path: "drops.unmoved", ty: "array of tables", need: "optional", doc: "Cells where a dropped piece counts as unmoved, so that it may castle or double-step (placement's king on e1 and rooks on a1/h1); same keys as `drops.where` (pieces, ranks, cells). Without it a dropped piece counts as unmoved only on a setup cell of its kind (not for castling pieces)." },
    KeyDoc { path: "drops.drop-promoted", ty: "boolean", need: "optional, default false", doc: "A piece in hand with `promotes-to` may also be dropped as its promoted piece, written `+P@c3` (kyoto shogi)." },
    KeyDoc { path: "drops.no-mate-rule", ty: "\"illegal\" | \"loses\"", need: "optional, default \"illegal\"", doc: "What a `no-mate` drop that checkmates is: \"illegal\", not a legal move at all (the shogi rule as written); or \"loses\", a legal move that loses at once for the dropper, which is how Fairy-Stockfish counts it (its perft includes the drop), so the FSF-named built-ins shogi and minishogi use \"loses\"." },
    KeyDoc { path: "drops.where", ty: "array of tables", need: "optional", doc: "The only cells where the listed pieces may be dropped; pieces not listed may be dropped on any empty cell." },
    KeyDoc { path: "drops.where[].pieces", ty: "array of piece letters", need: "required", doc: "The pieces this entry restricts." },
    KeyDoc { path: "drops.where[].ranks", ty: "table { white = [ranks], black = [ranks] }", need: "ranks or cells", doc: "Ranks (numbered from 1 on White's side) where each side may drop them." },
    KeyDoc { path: "drops.where[].cells", ty: "table { white = [cells], black = [cells] }", need: "ranks or cells", doc: "Cells where each side may drop them (added to the ranks)." },
    KeyDoc { path: "gating", ty: "table", need: "optional", doc: "Gating (Seirawan chess, S-House): when a piece makes its first move from a gate cell, a piece from the mover's hand may enter on the cell it leaves (written as the move plus the piece's lower-case letter, `b1c3h`); when castling, on the king's start (`e1g1h`) or the partner's (`h1e1h`). A gate stays open while its piece has not moved; the FEN's castling field lists the open gates by file letter while the side holds a piece (`KQBCDFGkqbcdfg`), as Fairy-Stockfish writes it. With `[drops]`, a piece may only enter where it could be dropped." },
    KeyDoc { path: "gating.ranks", ty: "table { white = [ranks], black = [ranks] }", need: "ranks or cells", doc: "Ranks (numbered from 1 on White's side) whose cells are each side's gates (Seirawan: `{ white = [1], black = [8] }`)." },
    KeyDoc { path: "gating.cells", ty: "table { white = [cells], black = [cells] }", need: "ranks or cells", doc: "Further gate cells of each side." },
    KeyDoc { path: "rules.stalemate", ty: "\"draw\" | \"loss\" | \"win\"", need: "optional, default \"draw\"", doc: "Result for the stalemated side." },
    KeyDoc { path: "rules.bare-king", ty: "\"none\" | \"loss\"", need: "optional, default \"none\"", doc: "A side left with nothing but royal pieces loses." },
    KeyDoc { path: "rules.bare-king-first", ty: "boolean", need: "optional, default false", doc: "With `bare-king = \"loss\"`: the bare-king result is decided before checkmate and stalemate, so a bared side whose one reply did not bare the opponent loses even if that reply leaves the opponent without a legal move. (The smallest order switch; a general order of end rules is the goals mechanism's.)" },
    KeyDoc { path: "rules.counter-baring", ty: "boolean", need: "optional, default false", doc: "With `bare-king = \"loss\"`: the bared side gets one more move, and if it bares the opponent too the game is drawn (H. G. Muller's `baring=0`)." },
    KeyDoc { path: "rules.move-rule", ty: "integer >= 0", need: "optional, default 50", doc: "Draw after this many moves by each side without a capture or pawn move (0: no such rule)." },
    KeyDoc { path: "rules.flying-general", ty: "boolean", need: "optional, default false", doc: "The royal pieces of the two sides may never face each other on a file with nothing between them (xiangqi's flying general): a move that would leave them so is illegal." },
    KeyDoc { path: "rules.checkmate", ty: "\"loss\" | \"win\" | \"draw\"", need: "optional, default \"loss\"", doc: "Result for the checkmated side (\"win\": misère chess and losers, where being mated wins)." },
    KeyDoc { path: "rules.stalemate-by-count", ty: "boolean", need: "optional, default false", doc: "A stalemate is decided by counting pieces (suicide chess): the side with fewer pieces gets the `stalemate` value, the other side its opposite, equal counts draw." },
    KeyDoc { path: "rules.must-capture", ty: "boolean", need: "optional, default false", doc: "Compulsory capture (antichess, giveaway, losers): while the side to move has a legal capture, only captures are legal." },
    KeyDoc { path: "rules.royal-check", ty: "\"any\" | \"all\"", need: "optional, default \"any\"", doc: "With several royal pieces: \"any\", each must be safe (a side is in check when any is attacked: coregal's king and queens); \"all\", duple check (Spartan): a side is in check only when all its royal pieces are attacked, so a move may leave one of two kings attacked, and that king may be captured." },
    KeyDoc { path: "rules.royal-evasion", ty: "\"any\" | \"capture-only\"", need: "optional, default \"any\"", doc: "\"capture-only\" (Makpong): a royal piece in check may not step away; it may move only to capture the checking piece (never under a double check). Other pieces may still capture or block." },
    KeyDoc { path: "rules.no-checks", ty: "boolean", need: "optional, default false", doc: "A move that gives check is illegal (racing kings)." },
    KeyDoc { path: "rules.draw-odds", ty: "\"none\" | \"white\" | \"black\"", need: "optional, default \"none\"", doc: "Draw odds (armageddon: \"black\"): every result that would be a draw (stalemate, dead position, the n-move rule, repetition) is a win for this side, shown as `0-1 (stalemate, draw odds)`." },
    KeyDoc { path: "rules.dead-position", ty: "boolean", need: "optional, default true when some piece is royal and there are no `[[goals]]` and no `[drops]`", doc: "King against king: when each side has a single piece, a royal one (and empty hands), the game is drawn at once (`1/2-1/2 (dead position)`). Never part of perft." },
    KeyDoc { path: "rules.end-order", ty: "array of \"capture-wins\" | \"goals\" | \"no-moves\" | \"bare-king\" | \"dead-position\" | \"move-rule\" | \"repetition\"", need: "optional, default in that order", doc: "The order in which the end rules are judged after a move; the first that applies gives the result and names it (`result: 1-0 (bare king)`). Rules not listed follow in the default order. `no-moves` is checkmate and stalemate; `goals` are extinction, region goals, n-check and explosions (which also end perft at once, whatever the order)." },
    KeyDoc { path: "rules.en-passant-region", ty: "region name", need: "optional, default everywhere", doc: "A pawn's double step leaves an en-passant square only inside the capturing side's part of this region (horde: White captures on rank 6, Black on rank 3, so a double step from the first rank leaves none)." },
    KeyDoc { path: "rules.check-limit", ty: "integer 0..=99", need: "optional, default 0 (none)", doc: "n-check: the side that gives check for the n-th time wins at once. The checks each side still has to give travel in the FEN as Fairy-Stockfish writes them, `3+3` (White's, then Black's) after the en-passant field." },
    KeyDoc { path: "extinction", ty: "table", need: "optional", doc: "Extinction goal (Fairy-Stockfish's extinctionValue/extinctionPieceTypes/extinctionPieceCount): a side left with `count` or fewer pieces of a listed kind (pieces in hand count) has gone extinct, and the game ends at once with `value` for it. Judged with the goals after every move, the side that has just moved first; an ended position has no moves." },
    KeyDoc { path: "extinction.pieces", ty: "array of piece letters | \"all\"", need: "required", doc: "The kinds counted one by one (extinct when any of them is down to `count`), or \"all\": all the side's pieces counted together (antichess, horde)." },
    KeyDoc { path: "extinction.count", ty: "integer 0..=1000", need: "optional, default 0", doc: "A side with this many or fewer is extinct (three kings: 2, losing one of three kings loses; losers: 1, a lone king)." },
    KeyDoc { path: "extinction.value", ty: "\"loss\" | \"win\"", need: "optional, default \"loss\"", doc: "The result for the extinct side (\"win\": antichess, where losing every piece wins)." },
    KeyDoc { path: "extinction.name", ty: "string", need: "optional, default \"extinction\"", doc: "The reason shown in the result (`0-1 (extinction)`)." },
    KeyDoc { path: "goals", ty: "array of tables ([[goals]])", need: "optional", doc: "Goals that win at once: a side whose `piece` stands in its part of `region` after its move wins (king of the hill, breakthrough). Judged after every move, before checkmate and stalemate; a position whose game has ended so has no moves." },
    KeyDoc { path: "goals[].piece", ty: "piece letter", need: "required", doc: "The piece that must arrive." },
    KeyDoc { path: "goals[].region", ty: "region name", need: "required", doc: "Where it must arrive (each side its own part of the region)." },
    KeyDoc { path: "goals[].equalize", ty: "boolean", need: "optional, default false", doc: "Black's equalizing move (racing kings; Fairy-Stockfish's `flagMove`): when White arrives first, Black gets one more move if it has a legal move that arrives too; the game is then drawn if Black arrives, won by White otherwise. Black arriving first wins at once." },
    KeyDoc { path: "goals[].name", ty: "string", need: "optional, default \"REGION reached\"", doc: "The reason shown in the result (`1-0 (king of the hill)`)." },
    KeyDoc { path: "rules.perpetual-check-loses", ty: "boolean", need: "optional, default false", doc: "Shogi: when a repetition (`rules.repetition`) ends the game and one side gave check in every position of the repeated cycle, that side loses (both: a draw), as Fairy-Stockfish scores it (perpetualCheckIllegal)." },
    KeyDoc { path: "rules.repetition", ty: "integer >= 0", need: "optional, default 3", doc: "Draw when the same position occurs this many times (0: no such rule)." },
    KeyDoc { path: "effects", ty: "table", need: "optional", doc: "Capture side effects and extra moves (see `src/game/rules/effects.rs`)." },
    KeyDoc { path: "effects.explosion-radius", ty: "integer 1..=2", need: "optional (no explosions)", doc: "Atomic captures: a capture explodes on its destination, removing the capturing piece, the captured piece(s) and every piece within this many steps (Chebyshev distance; king steps on polygon boards) except the kinds in `explosion-spares`. A move that blows up one of the mover's royal pieces is illegal (so royals never capture); a move that blows up an enemy royal is legal whatever it leaves attacked; a royal within the radius of an enemy royal is never in check; a side whose last royal is blown up loses at once (`1-0 (king exploded)`)." },
    KeyDoc { path: "effects.explosion-spares", ty: "array of piece letters", need: "optional, default []", doc: "Kinds that survive an explosion on a neighbouring cell (atomic's pawns); they are still removed when they capture or are captured." },
    KeyDoc { path: "effects.no-hop-over", ty: "table { LETTER = [letters] }", need: "optional", doc: "Per hopping piece, the kinds it may never pass over along a straight line, as a screen or otherwise (the janggi cannon: `{ C = [\"C\"] }`; that it may not capture a cannon is `capturable-by`)." },
    KeyDoc { path: "effects.pass", ty: "boolean", need: "optional, default false", doc: "A side with a royal piece may pass instead of moving, except in check. A pass is written as the royal piece's cell twice (`e2e2`, as Fairy-Stockfish writes it). Two passes in a row end the game (`1/2-1/2 (two passes)`, or decided by `counting-points`); a FEN does not record passes, so a position read from one starts with none (as in FSF)." },
    KeyDoc { path: "effects.bikjang", ty: "boolean", need: "optional, default false, needs `pass`", doc: "Janggi's bikjang: while the two royal pieces face each other on a file with nothing between them, the side to move must break the facing or pass (even in check); a pass then ends the game (`bikjang`), drawn or decided by `counting-points`." },
    KeyDoc { path: "effects.counting-points", ty: "table { LETTER = integer 0..=1000 }", need: "optional, needs `pass`", doc: "Decides a game ended by passing or bikjang by points (janggi: `{ R = 13, C = 7, N = 5, B = 3, A = 3, P = 2 }`): White wins when its points exceed Black's by more than `counting-handicap`, else Black wins." },
    KeyDoc { path: "effects.counting-handicap", ty: "integer", need: "optional, default 0", doc: "Points taken from White's margin in the count (janggi: 1, Black's 1.5 points for moving second, so that a count is never even)." },
    KeyDoc { path: "checks", ty: "array of tables ([[checks]])", need: "optional", doc: "Documented facts about the game (a perft count, a piece's moves, a line of play and its result), checked by `rookery verify`; `rookery verify --update` rewrites their expected values in place." },
    KeyDoc { path: "checks[].kind", ty: "\"perft\" | \"moves\" | \"line\"", need: "required", doc: "perft: the number of leaf nodes of the legal move tree; moves: where one piece may go; line: a sequence of moves and how it ends." },
    KeyDoc { path: "checks[].name", ty: "string", need: "optional", doc: "A short label shown by `verify`, `show` and the exports." },
    KeyDoc { path: "checks[].source", ty: "string", need: "optional", doc: "Where the fact comes from: the rules page's address, a book, an engine and its version." },
    KeyDoc { path: "checks[].note", ty: "string", need: "optional", doc: "A quotation or remark about the fact." },
    KeyDoc { path: "checks[].fen", ty: "FEN string", need: "optional, default the setup (perft, line); moves: the piece alone", doc: "The position the fact is about." },
    KeyDoc { path: "checks[].depth", ty: "integer 0..=10", need: "required for perft", doc: "Perft depth in plies." },
    KeyDoc { path: "checks[].nodes", ty: "integer", need: "required for perft", doc: "Expected perft count." },
    KeyDoc { path: "checks[].piece", ty: "piece letter", need: "required for moves", doc: "The piece: upper case plays for White, lower case for Black." },
    KeyDoc { path: "checks[].at", ty: "cell", need: "moves: `at` or `counts`", doc: "The piece's cell (it replaces whatever stands there in `fen`)." },
    KeyDoc { path: "checks[].unmoved", ty: "boolean", need: "optional, default true without `fen`, false with it", doc: "The piece has not moved yet (initial moves, castling, Tigrey's King's leap), as in `rookery moves`." },
    KeyDoc { path: "checks[].count", ty: "integer", need: "moves: one of count/counts/destinations/diagram", doc: "Expected number of destination cells." },
    KeyDoc { path: "checks[].counts", ty: "table { CELL = integer }", need: "moves, instead of `at`", doc: "Expected number of destination cells from each of several cells (a piece table)." },
    KeyDoc { path: "checks[].destinations", ty: "array of cells", need: "moves: one of count/counts/destinations/diagram", doc: "Expected destination cells, in any order; a failure lists the cells only one side has." },
    KeyDoc { path: "checks[].diagram", ty: "multi-line string", need: "moves: one of count/counts/destinations/diagram", doc: "Expected move diagram as `rookery moves` prints it (`@` the piece, `o` move, `x` capture, `*` both, `C` castling, `.` unreachable, `#` hole); compared cell by cell." },
    KeyDoc { path: "checks[].moves", ty: "array of moves (`e2e4`, `c8c9h`, `S@e3`)", need: "required for line", doc: "The moves played from the position." },
    KeyDoc { path: "checks[].result", ty: "string", need: "required for line", doc: "How the line ends: the `result:` text of `rookery replay` (\"1-0 (checkmate)\"), \"legal\" (every move legal, the game not over) or \"illegal at move N\"." },
];

/// A definition as written.
#[derive(Clone, Debug, Default)]
pub struct VariantSpec {
    /// `variant.name`.
    pub name: Option<Spanned<String>>,
    /// `variant.title`.
    pub title: Option<Spanned<String>>,
    /// `variant.author`.
    pub author: Option<Spanned<String>>,
    /// `variant.year`.
    pub year: Option<Spanned<i64>>,
    /// `variant.rules-url`.
    pub rules_url: Option<Spanned<String>>,
    /// `variant.description`.
    pub description: Option<Spanned<String>>,
    /// `board.files`.
    pub files: Option<Spanned<i64>>,
    /// `board.ranks`.
    pub ranks: Option<Spanned<i64>>,
    /// `board.holes`.
    pub holes: Vec<Spanned<String>>,
    /// `board.a1-light`.
    pub a1_light: bool,
    /// `[board.picture]`, if present.
    pub picture: Option<PictureSpec>,
    /// `board.kind`.
    pub board_kind: Option<Spanned<String>>,
    /// `board.cells` (polygon boards).
    pub cells: Vec<CellSpec>,
    /// Span of the `board.cells` array (or the board table).
    pub cells_span: Range<usize>,
    /// `board.rows`.
    pub rows: Vec<Vec<Spanned<String>>>,
    /// `board.forward` (white, black) in degrees.
    pub forward: Option<(f64, f64)>,
    /// Span of the `[board]` table.
    pub board_span: Range<usize>,
    /// `variant.hook`.
    pub hook: Option<Spanned<String>>,
    /// `[deployment]`, if present.
    pub deployment: Option<DeploymentSpec>,
    /// `[drops]`, if present.
    pub drops: Option<DropsSpec>,
    /// `[gating]`, if present.
    pub gating: Option<GatingSpec>,
    /// `pieces.*`.
    pub pieces: Vec<PieceSpec>,
    /// Span of the `[pieces]` table header (or the file start).
    pub pieces_span: Range<usize>,
    /// `setup.fen`.
    pub fen: Option<Spanned<String>>,
    /// `setup.pieces`: (letter, squares).
    pub setup_pieces: Vec<(Spanned<String>, Vec<Spanned<String>>)>,
    /// `setup.symmetry`.
    pub symmetry: Option<Spanned<String>>,
    /// `setup.side`.
    pub setup_side: Option<Spanned<String>>,
    /// `setup.castling`.
    pub setup_castling: Option<Spanned<String>>,
    /// Span of the `[setup]` table.
    pub setup_span: Range<usize>,
    /// `setup.reconstructed`.
    pub reconstructed: Option<Spanned<String>>,
    /// `promotion.zones`.
    pub zones: Vec<ZoneSpec>,
    /// `promotion.piece-zone` (white, black ranks).
    pub piece_zone: [Vec<Spanned<i64>>; 2],
    /// `promotion.flip`.
    pub promotion_flip: bool,
    /// `rules.stalemate`.
    pub stalemate: Option<Spanned<String>>,
    /// `rules.bare-king`.
    pub bare_king: Option<Spanned<String>>,
    /// `rules.counter-baring`.
    pub counter_baring: bool,
    /// `rules.bare-king-first`.
    pub bare_king_first: bool,
    /// `rules.move-rule`.
    pub move_rule: Option<Spanned<i64>>,
    /// `rules.repetition`.
    pub repetition: Option<Spanned<i64>>,
    /// `rules.perpetual-check-loses`.
    pub perpetual_check_loses: bool,
    /// `[regions]`.
    pub regions: Vec<crate::game::rules::regions::RegionSpec>,
    /// `rules.flying-general`.
    pub flying_general: bool,
    /// `rules.check-limit`.
    pub check_limit: Option<Spanned<i64>>,
    /// `rules.checkmate`.
    pub checkmate: Option<Spanned<String>>,
    /// `rules.stalemate-by-count`.
    pub stalemate_by_count: bool,
    /// `rules.must-capture`.
    pub must_capture: bool,
    /// `rules.draw-odds`.
    pub draw_odds: Option<Spanned<String>>,
    /// `rules.dead-position`.
    pub dead_position: Option<bool>,
    /// `rules.end-order`.
    pub end_order: Vec<Spanned<String>>,
    /// `rules.en-passant-region`.
    pub ep_region: Option<Spanned<String>>,
    /// `rules.royal-check`.
    pub royal_check: Option<Spanned<String>>,
    /// `rules.royal-evasion`.
    pub royal_evasion: Option<Spanned<String>>,
    /// `rules.no-checks`.
    pub no_checks: bool,
    /// `[extinction]`.
    pub extinction: Option<crate::game::rules::extinction::ExtinctionSpec>,
    /// `[[goals]]`.
    pub goals: Vec<crate::game::rules::goals::GoalSpec>,
    /// `[effects]`: capture side effects and extra moves.
    pub effects: Option<crate::game::rules::effects::EffectsSpec>,
    /// `[[checks]]`: documented facts.
    pub checks: Vec<CheckSpec>,
}

/// `pieces.<id>`.
#[derive(Clone, Debug)]
pub struct PieceSpec {
    /// The table key.
    pub id: Spanned<String>,
    /// `name`.
    pub name: Option<Spanned<String>>,
    /// `letter`.
    pub letter: Option<Spanned<String>>,
    /// `betza`, with the byte offset of the string's first character.
    pub betza: Option<BetzaText>,
    /// `betza-black`.
    pub betza_black: Option<BetzaText>,
    /// `royal`.
    pub royal: bool,
    /// `pawn`.
    pub pawn: bool,
    /// `image`.
    pub image: Option<Spanned<String>>,
    /// `immobile`.
    pub immobile: bool,
    /// `capturable-by`.
    pub capturable_by: Option<Vec<Spanned<String>>>,
    /// `capture-wins`.
    pub capture_wins: Option<Spanned<String>>,
    /// `value` (centipawns), checked to be 1..=100000.
    pub value: Option<Spanned<i64>>,
    /// `special`.
    pub special: Vec<SpecialSpec>,
    /// `promotes-to`.
    pub promotes_to: Option<Spanned<String>>,
    /// `confined-to`: the region the piece may never leave.
    pub confined_to: Option<Spanned<String>>,
    /// `castling-partners`: piece letters or White's start cells.
    pub castling_partners: Vec<Spanned<String>>,
    /// `unmoved-lost-on-line-with`: piece letters.
    pub unmoved_lost_on_line_with: Vec<Spanned<String>>,
}

/// A Betza string and where its text starts in the file, so that errors
/// inside it get the right column.
#[derive(Clone, Debug)]
pub struct BetzaText {
    /// The string.
    pub text: String,
    /// The whole TOML value (with quotes).
    pub span: Range<usize>,
    /// Byte offset of the first character of `text` in the file, when the
    /// value is a plain string whose text appears verbatim.
    pub content_start: Option<usize>,
}

/// `pieces.<id>.special[]`.
#[derive(Clone, Debug)]
pub struct SpecialSpec {
    /// `name`.
    pub name: Option<Spanned<String>>,
    /// `betza`.
    pub betza: Option<BetzaText>,
    /// `when`.
    pub when: Option<Spanned<String>>,
    /// `region` (with `when = "in-region"`).
    pub region: Option<Spanned<String>>,
    /// The table.
    pub span: Range<usize>,
}

/// `promotion.zones[]`.
#[derive(Clone, Debug)]
pub struct ZoneSpec {
    /// `ranks.white`.
    pub white: Vec<Spanned<i64>>,
    /// `ranks.black`.
    pub black: Vec<Spanned<i64>>,
    /// `choices`.
    pub choices: Vec<Spanned<String>>,
    /// `cells.white` / `cells.black`.
    pub cells: [Vec<Spanned<String>>; 2],
    /// `mandatory`.
    pub mandatory: bool,
    /// `once-per-side`.
    pub once: Vec<Spanned<String>>,
    /// `limited-by-setup`.
    pub limited: bool,
    /// Whether `ranks` was given at all (a missing key is reported once).
    pub has_ranks: bool,
    /// Whether `choices` was given at all.
    pub has_choices: bool,
    /// The zone table.
    pub span: Range<usize>,
}

/// `board.cells[]`: label, corner points, span of the table.
pub type CellSpec = (Spanned<String>, Vec<(f64, f64)>, Range<usize>);

/// `[deployment]`.
#[derive(Clone, Debug)]
pub struct DeploymentSpec {
    /// `first`.
    pub first: Option<Spanned<String>>,
    /// `then`.
    pub then: Option<Spanned<String>>,
    /// `posts`.
    pub posts: Vec<PostSpec>,
    /// The table.
    pub span: Range<usize>,
}

/// `deployment.posts[]`.
#[derive(Clone, Debug)]
pub struct PostSpec {
    /// `piece`.
    pub piece: Option<Spanned<String>>,
    /// `count`.
    pub count: Option<Spanned<i64>>,
    /// `ranks.white` / `ranks.black`.
    pub ranks: [Vec<Spanned<i64>>; 2],
    /// `cells.white` / `cells.black`.
    pub cells: [Vec<Spanned<String>>; 2],
    /// `before-others`.
    pub before_others: bool,
    /// The table.
    pub span: Range<usize>,
}

/// Reads a definition's TOML text. Structural problems (unknown keys,
/// missing keys, wrong types) are all returned, each with its location; a
/// TOML syntax error stops reading.
pub fn read(text: &str) -> Result<(VariantSpec, Vec<Diagnostic>), Diagnostic> {
    let doc = ImDocument::parse(text.to_string()).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        Diagnostic::error(span, format!("TOML syntax: {}", e.message().trim().replace('\n', ": ")))
    })?;
    let mut r = Reader { text, errs: Vec::new() };
    let spec = r.document(doc.as_table());
    Ok((spec, r.errs))
}

/// The TOML reader and its value helpers (`spec/reader.rs`).
pub(crate) use reader::Reader;
use reader::{item_span, type_name};

impl Reader<'_> {
    fn document(&mut self, root: &Table) -> VariantSpec {
        let mut spec = VariantSpec::default();
        let whole = 0..0;
        for (k, item) in root.iter() {
            if ![
                "variant",
                "board",
                "regions",
                "pieces",
                "setup",
                "promotion",
                "deployment",
                "drops",
                "gating",
                "rules",
                "goals",
                "extinction",
                "checks",
                "effects",
            ]
            .contains(&k)
            {
                let span = root.key(k).and_then(|k| k.span()).unwrap_or_else(|| item_span(item));
                self.err(
                    span,
                    format!("unknown table `[{k}]`; known tables: variant, board, regions, pieces, setup, promotion, deployment, drops, gating, rules, goals, extinction, checks, effects"),
                );
            }
        }
        match self.table(root, "variant", "variant") {
            Some(v) => {
                self.known_keys(v, "variant");
                let s = v.span().unwrap_or(0..0);
                spec.name = self.string(v, "name", "variant.name", true, &s);
                spec.title = self.string(v, "title", "variant.title", true, &s);
                spec.author = self.string(v, "author", "variant.author", true, &s);
                spec.year = self.int(v, "year", "variant.year", false, &s);
                spec.rules_url = self.string(v, "rules-url", "variant.rules-url", true, &s);
                spec.description = self.string(v, "description", "variant.description", false, &s);
                spec.hook = self.string(v, "hook", "variant.hook", false, &s);
            }
            None => self.err(whole.clone(), "missing table [variant]"),
        }
        match self.table(root, "board", "board") {
            Some(b) => {
                self.known_keys(b, "board");
                let s = b.span().unwrap_or(0..0);
                spec.board_span = s.clone();
                spec.board_kind = self.string(b, "kind", "board.kind", false, &s);
                let polygons = spec.board_kind.as_ref().is_some_and(|k| k.value == "polygons");
                spec.files = self.int(b, "files", "board.files", !polygons, &s);
                spec.ranks = self.int(b, "ranks", "board.ranks", !polygons, &s);
                if polygons {
                    self.polygon_board(b, &mut spec, &s);
                }
                spec.holes = self.array(b, "holes", "board.holes", |r, v| r.str_elem(v, "board.holes"));
                spec.a1_light = self.bool(b, "a1-light", "board.a1-light", false);
                if let Some(p) = self.inline_or_table(b, "picture", "board.picture") {
                    let span = b.get("picture").map_or(s.clone(), item_span);
                    spec.picture = Some(self.picture(&p, span));
                }
            }
            None => self.err(whole.clone(), "missing table [board]"),
        }
        if let Some(r) = self.table(root, "regions", "regions") {
            spec.regions = self.regions(r);
        }
        match self.table(root, "pieces", "pieces") {
            Some(p) => {
                spec.pieces_span = p.span().unwrap_or(0..0);
                for (id, item) in p.iter() {
                    let id_span = p.key(id).and_then(|k| k.span()).unwrap_or_else(|| item_span(item));
                    let id = Spanned { value: id.to_string(), span: id_span };
                    let Some(t) = self.inline_or_table(p, &id.value, &format!("pieces.{}", id.value)) else { continue };
                    spec.pieces.push(self.piece(id, &t));
                }
                if spec.pieces.is_empty() {
                    self.err(spec.pieces_span.clone(), "[pieces] defines no piece");
                }
            }
            None => self.err(whole.clone(), "missing table [pieces]"),
        }
        match self.table(root, "setup", "setup") {
            Some(s) => {
                self.known_keys(s, "setup");
                let sp = s.span().unwrap_or(0..0);
                spec.setup_span = sp.clone();
                let listed = s.get("pieces").is_some();
                spec.fen = self.string(s, "fen", "setup.fen", !listed, &sp);
                if let Some(p) = self.inline_or_table(s, "pieces", "setup.pieces") {
                    for (k, _) in p.iter() {
                        let ks = p.key(k).and_then(|k| k.span()).unwrap_or(sp.clone());
                        let squares = self.array(&p, k, "setup.pieces", |r, v| r.str_elem(v, "setup.pieces"));
                        spec.setup_pieces.push((Spanned { value: k.to_string(), span: ks }, squares));
                    }
                }
                spec.symmetry = self.string(s, "symmetry", "setup.symmetry", false, &sp);
                spec.setup_side = self.string(s, "side", "setup.side", false, &sp);
                spec.setup_castling = self.string(s, "castling", "setup.castling", false, &sp);
                spec.reconstructed = self.string(s, "reconstructed", "setup.reconstructed", false, &sp);
            }
            None => self.err(whole.clone(), "missing table [setup]"),
        }
        if let Some(p) = self.table(root, "promotion", "promotion") {
            self.known_keys(p, "promotion");
            spec.promotion_flip = self.bool(p, "flip", "promotion.flip", false);
            if let Some(z) = self.inline_or_table(p, "piece-zone", "promotion.piece-zone") {
                for (i, side) in ["white", "black"].iter().enumerate() {
                    let path = format!("promotion.piece-zone.{side}");
                    spec.piece_zone[i] = self.array(&z, side, &path, |s, v| s.int_elem(v, &path));
                }
            }
            match p.get("zones") {
                None => {}
                Some(Item::ArrayOfTables(a)) => {
                    for t in a.iter() {
                        let z = self.zone(t);
                        spec.zones.push(z);
                    }
                }
                Some(Item::Value(Value::Array(a))) => {
                    for v in a.iter() {
                        match v {
                            Value::InlineTable(t) => {
                                let t = t.clone().into_table();
                                let z = self.zone(&t);
                                spec.zones.push(z);
                            }
                            other => self.err(other.span().unwrap_or(0..0), "`promotion.zones` must hold tables"),
                        }
                    }
                }
                Some(other) => self.err(
                    item_span(other),
                    format!("`promotion.zones` must be an array of tables, not {}", type_name(other)),
                ),
            }
        }
        if let Some(d) = self.table(root, "deployment", "deployment") {
            spec.deployment = Some(self.deployment(d));
        }
        if let Some(t) = self.table(root, "drops", "drops") {
            spec.drops = Some(self.drops(t));
        }
        if let Some(t) = self.table(root, "gating", "gating") {
            spec.gating = Some(self.gating(t));
        }
        if let Some(r) = self.table(root, "rules", "rules") {
            self.known_keys(r, "rules");
            let s = r.span().unwrap_or(0..0);
            spec.stalemate = self.string(r, "stalemate", "rules.stalemate", false, &s);
            spec.bare_king = self.string(r, "bare-king", "rules.bare-king", false, &s);
            spec.counter_baring = self.bool(r, "counter-baring", "rules.counter-baring", false);
            spec.bare_king_first = self.bool(r, "bare-king-first", "rules.bare-king-first", false);
            spec.move_rule = self.int(r, "move-rule", "rules.move-rule", false, &s);
            spec.repetition = self.int(r, "repetition", "rules.repetition", false, &s);
            spec.perpetual_check_loses = self.bool(r, "perpetual-check-loses", "rules.perpetual-check-loses", false);
            spec.flying_general = self.bool(r, "flying-general", "rules.flying-general", false);
            spec.check_limit = self.int(r, "check-limit", "rules.check-limit", false, &s);
            spec.checkmate = self.string(r, "checkmate", "rules.checkmate", false, &s);
            spec.stalemate_by_count = self.bool(r, "stalemate-by-count", "rules.stalemate-by-count", false);
            spec.must_capture = self.bool(r, "must-capture", "rules.must-capture", false);
            spec.royal_check = self.string(r, "royal-check", "rules.royal-check", false, &s);
            spec.royal_evasion = self.string(r, "royal-evasion", "rules.royal-evasion", false, &s);
            spec.no_checks = self.bool(r, "no-checks", "rules.no-checks", false);
            spec.draw_odds = self.string(r, "draw-odds", "rules.draw-odds", false, &s);
            spec.dead_position =
                r.contains_key("dead-position").then(|| self.bool(r, "dead-position", "rules.dead-position", true));
            spec.end_order = self.array(r, "end-order", "rules.end-order", |rd, v| rd.str_elem(v, "rules.end-order"));
            spec.ep_region = self.string(r, "en-passant-region", "rules.en-passant-region", false, &s);
        }
        spec.checks = self.checks(root);
        spec.goals = self.goals(root);
        spec.extinction = self.extinction(root);
        spec.effects = self.effects(root);
        spec
    }

    fn number(v: &Value) -> Option<f64> {
        match v {
            Value::Float(f) => Some(*f.value()),
            Value::Integer(i) => Some(*i.value() as f64),
            _ => None,
        }
    }

    fn polygon_board(&mut self, b: &Table, spec: &mut VariantSpec, owner: &Range<usize>) {
        spec.cells_span = owner.clone();
        match b.get("cells") {
            None => self.err(owner.clone(), "missing required key `board.cells` (a polygon board lists its cells)"),
            Some(Item::ArrayOfTables(a)) => {
                spec.cells_span = a.span().unwrap_or(owner.clone());
                for t in a.iter() {
                    let ts = t.span().unwrap_or(owner.clone());
                    for (k, _) in t.iter() {
                        if k != "label" && k != "polygon" {
                            let ks = t.key(k).and_then(|k| k.span()).unwrap_or(ts.clone());
                            self.err(ks, format!("unknown key `{k}` in `board.cells`; known keys: label, polygon"));
                        }
                    }
                    let label = self.string(t, "label", "board.cells.label", true, &ts);
                    let mut pts = Vec::new();
                    match t.get("polygon") {
                        Some(Item::Value(Value::Array(a))) => {
                            for p in a.iter() {
                                let pt = match p {
                                    Value::Array(xy) if xy.len() == 2 => Self::number(xy.get(0).expect("len 2"))
                                        .zip(Self::number(xy.get(1).expect("len 2"))),
                                    _ => None,
                                };
                                match pt {
                                    Some(pt) => pts.push(pt),
                                    None => self
                                        .err(p.span().unwrap_or(ts.clone()), "a polygon point must be [x, y] numbers"),
                                }
                            }
                        }
                        Some(other) => {
                            self.err(item_span(other), "`board.cells.polygon` must be an array of [x, y] points")
                        }
                        None => self.err(ts.clone(), "missing required key `board.cells.polygon`"),
                    }
                    if let Some(l) = label {
                        spec.cells.push((l, pts, ts));
                    }
                }
            }
            Some(other) => self.err(item_span(other), "`board.cells` must be an array of tables ([[board.cells]])"),
        }
        match b.get("rows") {
            None => self.err(owner.clone(), "missing required key `board.rows` (how a FEN lists the cells)"),
            Some(Item::Value(Value::Array(a))) => {
                for row in a.iter() {
                    match row {
                        Value::Array(cells) => {
                            let r = cells.iter().filter_map(|c| self.str_elem(c, "board.rows")).collect();
                            spec.rows.push(r);
                        }
                        other => self.err(
                            other.span().unwrap_or(owner.clone()),
                            "each of `board.rows` must be an array of labels",
                        ),
                    }
                }
            }
            Some(other) => self.err(item_span(other), "`board.rows` must be an array of arrays of labels"),
        }
        if let Some(f) = self.inline_or_table(b, "forward", "board.forward") {
            let get = |k: &str| match f.get(k) {
                Some(Item::Value(v)) => Self::number(v),
                _ => None,
            };
            match (get("white"), get("black")) {
                (Some(w), Some(bl)) => spec.forward = Some((w, bl)),
                _ => self.err(owner.clone(), "`board.forward` needs numbers `white` and `black` (degrees)"),
            }
        }
    }

    fn piece(&mut self, id: Spanned<String>, t: &Table) -> PieceSpec {
        for (k, _) in t.iter() {
            let path = format!("pieces.*.{k}");
            if !KEYS.iter().any(|d| d.path == path) {
                let span = t.key(k).and_then(|k| k.span()).unwrap_or(id.span.clone());
                self.err(span, format!("unknown key `{k}` in piece `{}`; known keys: name, letter, betza, betza-black, royal, pawn, promotes-to, image, immobile, capturable-by, capture-wins, value, special, confined-to, castling-partners, unmoved-lost-on-line-with", id.value));
            }
        }
        let p = format!("pieces.{}", id.value);
        let owner = id.span.clone();
        let promotes_to = self.string(t, "promotes-to", &format!("{p}.promotes-to"), false, &owner);
        let name = self.string(t, "name", &format!("{p}.name"), false, &owner);
        let letter = self.string(t, "letter", &format!("{p}.letter"), true, &owner);
        let immobile = self.bool(t, "immobile", &format!("{p}.immobile"), false);
        let betza = self.betza(t, "betza", &format!("{p}.betza"), !immobile, &owner);
        let capturable_by = t.get("capturable-by").map(|_| {
            self.array(t, "capturable-by", &format!("{p}.capturable-by"), |r, v| r.str_elem(v, "capturable-by"))
        });
        let capture_wins = self.string(t, "capture-wins", &format!("{p}.capture-wins"), false, &owner);
        let value = self.int(t, "value", &format!("{p}.value"), false, &owner);
        if let Some(v) = value.as_ref().filter(|v| !(1..=100_000).contains(&v.value)) {
            self.err(v.span.clone(), format!("`{p}.value` must be between 1 and 100000 (centipawns), not {}", v.value));
        }
        let betza_black = self.betza(t, "betza-black", &format!("{p}.betza-black"), false, &owner);
        let royal = self.bool(t, "royal", &format!("{p}.royal"), false);
        let pawn = self.bool(t, "pawn", &format!("{p}.pawn"), false);
        let image = self.string(t, "image", &format!("{p}.image"), false, &owner);
        let confined_to = self.string(t, "confined-to", &format!("{p}.confined-to"), false, &owner);
        let castling_partners = self.array(t, "castling-partners", &format!("{p}.castling-partners"), |r, v| {
            r.str_elem(v, "castling-partners")
        });
        let unmoved_lost_on_line_with =
            self.array(t, "unmoved-lost-on-line-with", &format!("{p}.unmoved-lost-on-line-with"), |r, v| {
                r.str_elem(v, "unmoved-lost-on-line-with")
            });
        let mut special = Vec::new();
        match t.get("special") {
            None => {}
            Some(Item::ArrayOfTables(a)) => {
                for st in a.iter() {
                    special.push(self.special(&p, st));
                }
            }
            Some(Item::Value(Value::Array(a))) => {
                for v in a.iter() {
                    if let Value::InlineTable(it) = v {
                        let st = it.clone().into_table();
                        special.push(self.special(&p, &st));
                    } else {
                        self.err(v.span().unwrap_or(0..0), format!("`{p}.special` must hold tables"));
                    }
                }
            }
            Some(other) => self
                .err(item_span(other), format!("`{p}.special` must be an array of tables, not {}", type_name(other))),
        }
        PieceSpec {
            id,
            name,
            letter,
            betza,
            betza_black,
            royal,
            pawn,
            image,
            immobile,
            capturable_by,
            capture_wins,
            value,
            special,
            promotes_to,
            confined_to,
            castling_partners,
            unmoved_lost_on_line_with,
        }
    }

    fn special(&mut self, p: &str, t: &Table) -> SpecialSpec {
        let span = t.span().unwrap_or(0..0);
        for (k, _) in t.iter() {
            if !["name", "betza", "when", "region"].contains(&k) {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                self.err(ks, format!("unknown key `{k}` in `{p}.special`; known keys: name, betza, when, region"));
            }
        }
        SpecialSpec {
            name: self.string(t, "name", &format!("{p}.special.name"), false, &span),
            betza: self.betza(t, "betza", &format!("{p}.special.betza"), true, &span),
            when: self.string(t, "when", &format!("{p}.special.when"), true, &span),
            region: self.string(t, "region", &format!("{p}.special.region"), false, &span),
            span,
        }
    }

    fn deployment(&mut self, d: &Table) -> DeploymentSpec {
        self.known_keys(d, "deployment");
        let span = d.span().unwrap_or(0..0);
        let first = self.string(d, "first", "deployment.first", false, &span);
        let then = self.string(d, "then", "deployment.then", false, &span);
        let mut posts = Vec::new();
        let tables: Vec<Table> = match d.get("posts") {
            None => {
                self.err(span.clone(), "missing required key `deployment.posts`");
                Vec::new()
            }
            Some(Item::ArrayOfTables(a)) => a.iter().cloned().collect(),
            Some(Item::Value(Value::Array(a))) => a
                .iter()
                .filter_map(|v| match v {
                    Value::InlineTable(t) => Some(t.clone().into_table()),
                    _ => None,
                })
                .collect(),
            Some(other) => {
                self.err(item_span(other), "`deployment.posts` must be an array of tables");
                Vec::new()
            }
        };
        for t in &tables {
            let ps = t.span().unwrap_or(span.clone());
            for (k, _) in t.iter() {
                if !["piece", "count", "ranks", "cells", "before-others"].contains(&k) {
                    let ks = t.key(k).and_then(|k| k.span()).unwrap_or(ps.clone());
                    self.err(ks, format!("unknown key `{k}` in `deployment.posts`; known keys: piece, count, ranks, cells, before-others"));
                }
            }
            let piece = self.string(t, "piece", "deployment.posts.piece", true, &ps);
            let count = self.int(t, "count", "deployment.posts.count", true, &ps);
            let mut ranks = [Vec::new(), Vec::new()];
            let mut cells = [Vec::new(), Vec::new()];
            if let Some(r) = self.inline_or_table(t, "ranks", "deployment.posts.ranks") {
                ranks[0] = self.array(&r, "white", "deployment.posts.ranks.white", |s, v| s.int_elem(v, "ranks.white"));
                ranks[1] = self.array(&r, "black", "deployment.posts.ranks.black", |s, v| s.int_elem(v, "ranks.black"));
            }
            if let Some(c) = self.inline_or_table(t, "cells", "deployment.posts.cells") {
                cells[0] = self.array(&c, "white", "deployment.posts.cells.white", |s, v| s.str_elem(v, "cells.white"));
                cells[1] = self.array(&c, "black", "deployment.posts.cells.black", |s, v| s.str_elem(v, "cells.black"));
            }
            if t.get("ranks").is_none() && t.get("cells").is_none() {
                self.err(ps.clone(), "`deployment.posts` needs `ranks` or `cells`");
            }
            let before_others = self.bool(t, "before-others", "deployment.posts.before-others", false);
            posts.push(PostSpec { piece, count, ranks, cells, before_others, span: ps });
        }
        DeploymentSpec { first, then, posts, span }
    }

    fn zone(&mut self, t: &Table) -> ZoneSpec {
        let span = t.span().unwrap_or(0..0);
        for (k, _) in t.iter() {
            if !["ranks", "cells", "choices", "mandatory", "once-per-side", "limited-by-setup"].contains(&k) {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                self.err(
                    ks,
                    format!(
                        "unknown key `{k}` in a promotion zone; known keys: ranks, cells, choices, mandatory, once-per-side, limited-by-setup"
                    ),
                );
            }
        }
        let (mut white, mut black) = (Vec::new(), Vec::new());
        match self.inline_or_table(t, "ranks", "promotion.zones.ranks") {
            Some(r) => {
                for (k, _) in r.iter() {
                    if k != "white" && k != "black" {
                        let ks = r.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                        self.err(ks, format!("unknown key `{k}` in `promotion.zones.ranks`; known keys: white, black"));
                    }
                }
                white = self.array(&r, "white", "promotion.zones.ranks.white", |s, v| {
                    s.int_elem(v, "promotion.zones.ranks.white")
                });
                black = self.array(&r, "black", "promotion.zones.ranks.black", |s, v| {
                    s.int_elem(v, "promotion.zones.ranks.black")
                });
            }
            None => {
                if t.get("ranks").is_none() && t.get("cells").is_none() {
                    self.err(span.clone(), "missing required key `promotion.zones.ranks` (or `cells`)");
                }
            }
        }
        let mut cells = [Vec::new(), Vec::new()];
        if let Some(c) = self.inline_or_table(t, "cells", "promotion.zones.cells") {
            cells[0] = self.array(&c, "white", "promotion.zones.cells.white", |s, v| s.str_elem(v, "cells.white"));
            cells[1] = self.array(&c, "black", "promotion.zones.cells.black", |s, v| s.str_elem(v, "cells.black"));
        }
        if t.get("choices").is_none() {
            self.err(span.clone(), "missing required key `promotion.zones.choices`");
        }
        let choices =
            self.array(t, "choices", "promotion.zones.choices", |s, v| s.str_elem(v, "promotion.zones.choices"));
        let mandatory = self.bool(t, "mandatory", "promotion.zones.mandatory", true);
        let limited = self.bool(t, "limited-by-setup", "promotion.zones.limited-by-setup", false);
        let once =
            self.array(t, "once-per-side", "promotion.zones.once-per-side", |s, v| s.str_elem(v, "once-per-side"));
        ZoneSpec {
            once,
            cells,
            white,
            black,
            choices,
            mandatory,
            limited,
            has_ranks: t.get("ranks").is_some() || t.get("cells").is_some(),
            has_choices: t.get("choices").is_some(),
            span,
        }
    }
}

/// The key reference as Markdown (the content of `docs/toml-reference.md`).
pub fn reference_markdown() -> String {
    let mut out = String::from(
        "# Definition file reference\n\nGenerated from `src/variant/spec.rs` (`rookery schema`); a test keeps this file in step with the loader.\nUnknown keys are errors.\n\n| key | type | required | meaning |\n|---|---|---|---|\n",
    );
    for k in KEYS {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            k.path,
            k.ty.replace('|', "\\|"),
            k.need,
            k.doc.replace('|', "\\|")
        ));
    }
    out
}
