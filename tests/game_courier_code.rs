//! Runs the GAME Code of Rookery's Game Courier exports in a small GAME
//! Code interpreter (`gc_interp`) along random games, and compares what the
//! code does with the engine: the legal-move list it gives `setlegal` in
//! Post-Game, the board after each Post-Move (castling rook, en-passant
//! victim, promotion), the refusal of a move the engine does not allow, and
//! the end of the game when no legal move is left.

mod gc_interp;

use std::collections::{BTreeMap, BTreeSet};

use gc_interp::{Game, Stop};
use rookery::board::Cell;
use rookery::export::game_courier;
use rookery::game::{code_kind, code_side, MoveKind, Position};
use rookery::variant::{load_str, Variant};

fn builtin(name: &str) -> Variant {
    let text = rookery::variant::builtin::text(name).unwrap_or_else(|| panic!("no built-in {name}"));
    load_str(text).unwrap_or_else(|e| panic!("{name}: {:?}", e.diagnostics)).0
}

/// The value of one field of an exported sheet.
fn field<'a>(sheet: &'a str, name: &str) -> &'a str {
    let head = format!("===== {name} =====\n");
    let at = sheet.find(&head).unwrap() + head.len();
    let end = sheet[at..].find("\n\n===== ").map_or(sheet.len(), |e| at + e);
    &sheet[at..end]
}

/// The GC board (coordinate -> label) of an engine position.
fn gc_board(v: &Variant, pos: &Position, kinds: &[(String, String)]) -> BTreeMap<String, String> {
    (0..v.grid.len() as Cell)
        .filter(|&c| pos.at(c) != 0)
        .map(|c| {
            let code = pos.at(c);
            let k = &kinds[code_kind(code) as usize];
            (v.grid.label(c).to_string(), if code_side(code) == 0 { k.0.clone() } else { k.1.clone() })
        })
        .collect()
}

/// The interpreter after Pre-Game, on the position's board, knowing the
/// board's cells (so a `where` that lands off the board or on a hole fails).
fn new_game(v: &Variant, sheet: &str, pos: &Position, kinds: &[(String, String)]) -> Game {
    let mut g = Game::new(field(sheet, "Pre-Game"), gc_board(v, pos, kinds));
    g.cells = Some((0..v.grid.len() as Cell).map(|c| v.grid.label(c).to_string()).collect());
    g
}

struct Rng(u64);
impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// What the games exercised: positions compared, en-passant captures,
/// castlings and promotions entered, games the code ended.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    kinds: [usize; 3],
    ended: usize,
    /// The deepest nesting of subroutine calls (loops are recursions).
    depth: usize,
}

/// One random game of up to `plies` plies (a castling, en-passant capture
/// or promotion is preferred when there is one), checking the code at every
/// ply.
fn play(name: &str, plies: usize, seed: u64, seen: &mut Seen) {
    let v = builtin(name);
    let sheet = game_courier::export(&v).unwrap();
    let kinds = game_courier::labels(&v).kinds;
    let mut pos = Position::start(&v);
    let mut g = new_game(&v, &sheet, &pos, &kinds);
    let mut rng = Rng(seed);
    let label = |c: Cell| v.grid.label(c).to_string();
    for ply in 0..plies {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let side = pos.side() as usize + 1;
        g.legal.clear();
        g.post(field(&sheet, &format!("Post-Game {side}")), None).unwrap();
        let engine: BTreeSet<(String, String)> = legal.iter().map(|m| (label(m.from), label(m.to))).collect();
        assert_eq!(g.legal, engine, "{name} ply {ply}: {}", pos.fen());
        seen.positions += 1;
        if legal.is_empty() {
            assert!(g.result().is_some(), "{name}: no legal move but no result: {}", pos.fen());
        }
        if g.result().is_some() {
            seen.ended += 1;
            return;
        }
        // A move the engine does not allow is refused.
        let from = legal[rng.next(legal.len())].from;
        if let Some(to) = (0..v.grid.len() as Cell).find(|&c| c != from && !engine.contains(&(label(from), label(c)))) {
            let mut t = g.clone();
            let r = enter(&mut t, side, &label(from), &label(to), None);
            assert!(matches!(r, Err(Stop::Die(_))), "{name}: {} {}-{} accepted", pos.fen(), label(from), label(to));
        }
        let special: Vec<_> = legal.iter().filter(|m| kind(m).is_some()).copied().collect();
        let m = if special.is_empty() { legal[rng.next(legal.len())] } else { special[rng.next(special.len())] };
        if let Some(k) = kind(&m) {
            seen.kinds[k] += 1;
        }
        let promo = (m.promo != 0).then(|| {
            let k = &kinds[m.promo as usize - 1];
            if side == 1 {
                k.0.clone()
            } else {
                k.1.clone()
            }
        });
        enter(&mut g, side, &label(m.from), &label(m.to), promo).unwrap_or_else(|e| panic!("{name} {m:?}: {e:?}"));
        pos.make(m);
        assert_eq!(g.board, gc_board(&v, &pos, &kinds), "{name} after {m:?}");
        seen.depth = seen.depth.max(g.depth);
    }
}

/// 0 en passant, 1 castling, 2 promotion.
fn kind(m: &rookery::game::Move) -> Option<usize> {
    match (m.kind, m.promo) {
        (MoveKind::EnPassant, _) => Some(0),
        (MoveKind::Castle, _) => Some(1),
        (_, 0) => None,
        _ => Some(2),
    }
}

/// Enters a move as a GC player does (the piece, or the promoted piece,
/// put on the destination), then runs Post-Move.
fn enter(g: &mut Game, side: usize, origin: &str, dest: &str, promo: Option<String>) -> Result<(), Stop> {
    let moved = g.board.get(origin).cloned().unwrap_or_else(|| "@".into());
    let old = g.board.get(dest).cloned().unwrap_or_else(|| "@".into());
    g.board.remove(origin);
    g.board.insert(dest.to_string(), promo.unwrap_or_else(|| moved.clone()));
    g.post(&format!("gosub HandleMove {side};"), Some([origin, dest, &moved, &old]))
}

#[test]
fn exported_game_code_plays_the_engines_games() {
    // Every built-in on a grid whose rules the move tables hold, one short
    // game each (bigger boards fewer plies: the interpreted code is slow).
    let mut seen = Seen::default();
    for &(name, _) in rookery::variant::builtin::BUILTIN {
        let v = builtin(name);
        let outside = !game_courier::outside_rules(&v).is_empty();
        if v.grid.graph().is_some() || outside {
            continue;
        }
        if game_courier::tables(&v).unenforced.iter().any(|u| u.starts_with("the moves of")) {
            continue; // moves the sheet says it does not check (grasshopper's hops)
        }
        let plies = if v.grid.len() > 64 { 8 } else { 16 };
        play(name, plies, 0x9E37_79B9_7F4A_7C15 ^ name.len() as u64, &mut seen);
    }
    play("chess", 30, 7, &mut seen);
    eprintln!("{seen:?}");
    assert!(seen.positions > 90, "{seen:?}");
    assert!(seen.kinds[..2].iter().all(|&n| n > 0), "en passant and castling entered: {seen:?}");
}

#[test]
fn exported_game_code_ends_the_game() {
    // Fool's mate: Post-Game finds no legal move for White, in check.
    let v = builtin("chess");
    let sheet = game_courier::export(&v).unwrap();
    let kinds = game_courier::labels(&v).kinds;
    let mut pos = Position::start(&v);
    let mut g = new_game(&v, &sheet, &pos, &kinds);
    for (i, mv) in ["f2f3", "e7e5", "g2g4", "d8h4"].iter().enumerate() {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let m = rookery::game::notation::parse_move(&pos, mv, &legal).unwrap();
        enter(&mut g, i % 2 + 1, &mv[..2], &mv[2..], None).unwrap();
        pos.make(m);
    }
    g.post(field(&sheet, "Post-Game 1"), None).unwrap();
    assert!(g.legal.is_empty());
    assert_eq!(g.result(), Some("Game over: checkmate. Black wins."));
    // A move by the side not on move is refused, and so is every move of
    // the mated side.
    let mut t = g.clone();
    assert_eq!(enter(&mut t, 2, "e5", "e4", None), Err(Stop::Die("It is not your turn.".into())));
    let mut t = g.clone();
    assert!(matches!(enter(&mut t, 1, "a2", "a3", None), Err(Stop::Die(_))));
}

#[test]
fn exported_game_code_ends_the_game_by_the_move_rule() {
    // 100 quiet plies (the knights go out and back): Post-Game announces
    // the draw, and Post-Move then refuses every further move.
    let v = builtin("chess");
    let sheet = game_courier::export(&v).unwrap();
    let kinds = game_courier::labels(&v).kinds;
    let pos = Position::start(&v);
    let mut g = new_game(&v, &sheet, &pos, &kinds);
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for i in 0..100 {
        let mv = cycle[i % 4];
        enter(&mut g, i % 2 + 1, &mv[..2], &mv[2..], None).unwrap_or_else(|e| panic!("ply {i} {mv}: {e:?}"));
        if i == 98 {
            g.post(field(&sheet, "Post-Game 2"), None).unwrap();
            assert_eq!(g.result(), None, "99 quiet plies: the game goes on");
        }
    }
    g.post(field(&sheet, "Post-Game 1"), None).unwrap();
    assert_eq!(g.result(), Some("Game over: the n-move rule. A draw."));
    let mut t = g.clone();
    assert_eq!(enter(&mut t, 1, "e2", "e4", None), Err(Stop::Die("The game is over.".into())));
}

#[test]
fn exported_game_code_promotes() {
    // 1. a4 b5 2. axb5 a6 3. bxa6 Bb7 4. axb7 Nc6 5. bxa8=Q: the board after
    // each Post-Move is the engine's; the pawn must promote, and only to a
    // piece of the promotion choice.
    let v = builtin("chess");
    let sheet = game_courier::export(&v).unwrap();
    let kinds = game_courier::labels(&v).kinds;
    let mut pos = Position::start(&v);
    let mut g = new_game(&v, &sheet, &pos, &kinds);
    let line = ["a2a4", "b7b5", "a4b5", "a7a6", "b5a6", "c8b7", "a6b7", "b8c6"];
    for (i, mv) in line.iter().enumerate() {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let m = rookery::game::notation::parse_move(&pos, mv, &legal).unwrap();
        enter(&mut g, i % 2 + 1, &mv[..2], &mv[2..], None).unwrap();
        pos.make(m);
        assert_eq!(g.board, gc_board(&v, &pos, &kinds), "after {mv}");
    }
    let label = |name: &str| kinds[v.pieces.iter().position(|p| p.name == name).unwrap()].0.clone();
    let refused = |promo: Option<String>| {
        let mut t = g.clone();
        matches!(enter(&mut t, 1, "b7", "a8", promo), Err(Stop::Die(_)))
    };
    assert!(refused(None), "the pawn must promote");
    assert!(refused(Some(label("King"))), "not to a king");
    assert!(refused(Some(kinds[0].1.clone())), "not to a black piece");
    enter(&mut g, 1, "b7", "a8", Some(label("Queen"))).unwrap();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    pos.make(rookery::game::notation::parse_move(&pos, "b7a8q", &legal).unwrap());
    assert_eq!(g.board, gc_board(&v, &pos, &kinds));
    // Post-Game lists Black's legal moves in the new position.
    g.post(field(&sheet, "Post-Game 2"), None).unwrap();
    assert_eq!(g.legal.len(), {
        let mut l = Vec::new();
        pos.legal_moves(&mut l);
        l.len()
    });
}

#[test]
fn exported_game_code_promotes_on_single_cells() {
    // Troitzky's zone is the last cell of each file: a6 on the a-file, b8
    // on the b-file. A pawn stepping to a6 must promote; one stepping to b7
    // (the sixth row of the b-file, not its last cell) must not.
    let v = builtin("troitzky");
    let sheet = game_courier::export(&v).unwrap();
    let kinds = game_courier::labels(&v).kinds;
    let fen = "****1k****/**6**/*8*/*8*/1P8/P9/*8*/*8*/**6**/****K1**** w - - 0 1";
    let mut pos = Position::from_fen(&v, fen).unwrap();
    let mut g = new_game(&v, &sheet, &pos, &kinds);
    g.post(field(&sheet, "Post-Game 1"), None).unwrap();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let label = |c: Cell| v.grid.label(c).to_string();
    let engine: BTreeSet<(String, String)> = legal.iter().map(|m| (label(m.from), label(m.to))).collect();
    assert_eq!(g.legal, engine);
    let queen = kinds[v.pieces.iter().position(|p| p.name == "Queen").unwrap()].0.clone();
    let accepted = |from: &str, to: &str, promo: Option<String>| {
        let mut t = g.clone();
        enter(&mut t, 1, from, to, promo).is_ok()
    };
    assert!(!accepted("a5", "a6", None), "a6 is the a-file's last cell: the pawn must promote");
    assert!(accepted("a5", "a6", Some(queen.clone())));
    assert!(accepted("b6", "b7", None), "b7 is not the b-file's last cell");
    assert!(!accepted("b6", "b7", Some(queen)), "no promotion on b7");
    // The engine agrees: a6 only with a promotion, b7 only without.
    let promos = |to: &str| legal.iter().filter(|m| label(m.to) == to).map(|m| m.promo != 0).collect::<Vec<_>>();
    assert!(!promos("a6").is_empty() && promos("a6").iter().all(|&p| p));
    assert_eq!(promos("b7"), [false]);
}

#[test]
fn exported_game_code_ends_the_game_by_a_bare_king() {
    // TCB: Black has only its king left and White is to move, so Black has
    // had its one reply (counter-baring): Post-Game announces White's win,
    // and Post-Move refuses every further move.
    let v = builtin("tcb");
    let sheet = game_courier::export(&v).unwrap();
    let kinds = game_courier::labels(&v).kinds;
    let pos = Position::from_fen(&v, "K*1*1*1*1/*7*/PP5k1/*7*/9/*7*/9/*7*/1*1*1*1*1 w - - 0 1").unwrap();
    let mut g = new_game(&v, &sheet, &pos, &kinds);
    g.post(field(&sheet, "Post-Game 1"), None).unwrap();
    assert_eq!(g.result(), Some("Game over: bare king. White wins."));
    let mut t = g.clone();
    assert_eq!(enter(&mut t, 1, "a7", "a8", None), Err(Stop::Die("The game is over.".into())));
}

#[test]
fn exported_game_code_castles_in_fischerandom() {
    // The preset starts from the definition's array, and from it Chess960
    // castling is the castling the code enforces: after 1. e4 e5 2. Nf3 Nc6
    // 3. Bc4 Bc5 both sides may castle; White castles, the board is the
    // engine's, and the sheet names what it leaves out (the other arrays).
    let v = builtin("fischerandom");
    let sheet = game_courier::export(&v).unwrap();
    assert!(sheet.contains(game_courier::CHESS960_START), "the sheet says the other arrays are not written");
    assert!(!sheet.contains("Chess960 castling by the King from any cell"), "castling from this array is enforced");
    let kinds = game_courier::labels(&v).kinds;
    let mut pos = Position::start(&v);
    let mut g = new_game(&v, &sheet, &pos, &kinds);
    let label = |c: Cell| v.grid.label(c).to_string();
    for (i, mv) in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"].iter().enumerate() {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let m = rookery::game::notation::parse_move(&pos, mv, &legal).unwrap();
        enter(&mut g, i % 2 + 1, &mv[..2], &mv[2..], None).unwrap();
        pos.make(m);
    }
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let castle = *legal.iter().find(|m| m.kind == MoveKind::Castle).expect("White may castle");
    g.legal.clear();
    g.post(field(&sheet, "Post-Game 1"), None).unwrap();
    let engine: BTreeSet<(String, String)> = legal.iter().map(|m| (label(m.from), label(m.to))).collect();
    assert_eq!(g.legal, engine);
    enter(&mut g, 1, &label(castle.from), &label(castle.to), None).unwrap();
    pos.make(castle);
    assert_eq!(g.board, gc_board(&v, &pos, &kinds), "after castling");
    let white = |name: &str| kinds[v.pieces.iter().position(|p| p.name == name).unwrap()].0.clone();
    assert_eq!((g.board.get("g1"), g.board.get("f1")), (Some(&white("King")), Some(&white("Rook"))));
}

#[test]
fn fischerandom_castling_from_another_array_is_what_the_sheet_says() {
    // CHESS960_START says exactly what the code does from an array other
    // than the preset's (an edited FEN Code): it castles by the preset
    // array's geometry, the King two cells towards the corner of its rank,
    // with the unmoved piece there. From `RK5R` Chess960 castling is the
    // King to g1 or c1 (the engine's b1h1 and b1a1); the code instead lets
    // the King go two cells, b1-d1 (the h1 Rook to c1), and offers nothing
    // towards a1: b1-c1 is the King's step there, which moves no Rook.
    let v = builtin("fischerandom");
    let sheet = game_courier::export(&v).unwrap();
    assert!(sheet.contains("two cells towards the corner"), "{}", game_courier::CHESS960_START);
    let kinds = game_courier::labels(&v).kinds;
    let mut pos = Position::from_fen(&v, "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1").unwrap();
    let mut g = new_game(&v, &sheet, &pos, &kinds);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let label = |c: Cell| v.grid.label(c).to_string();
    let castles: BTreeSet<String> = legal.iter().filter(|m| m.kind == MoveKind::Castle).map(|m| label(m.to)).collect();
    assert_eq!(castles, ["c1", "g1"].iter().map(|s| s.to_string()).collect());
    g.legal.clear();
    g.post(field(&sheet, "Post-Game 1"), None).unwrap();
    let king: BTreeSet<&str> = g.legal.iter().filter(|(f, _)| f == "b1").map(|(_, t)| t.as_str()).collect();
    assert_eq!(king, ["c1", "d1"].into_iter().collect(), "c1 a step, d1 the code's castling");
}
