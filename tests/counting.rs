//! The counting rules (`[counting]`: makruk, makpong, cambodian, asean,
//! ai-wok) against Fairy-Stockfish: the count in the FEN exactly where FSF
//! prints it, after every restart, along random games frozen from pyffish
//! (tests/data/counting/*.txt, made by tools/fsf_counting.py), and the
//! `result: 1/2-1/2 (counting rule)` line where FSF's optional end holds.
//! Run time: a few hundred `replay` runs, a few seconds in release.

use rookery::game::perft::perft;
use rookery::game::Position;
use rookery::variant::{builtin, load_str};
mod replay_common;
use replay_common::{replay, result};

/// One frozen game: variant, start FEN, moves, (plies, FEN) checkpoints,
/// and how FSF says it ended after all the moves.
struct FrozenGame {
    variant: String,
    start: String,
    moves: Vec<String>,
    fens: Vec<(usize, String)>,
    end: String,
}

fn games() -> Vec<FrozenGame> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/counting");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut out: Vec<FrozenGame> = Vec::new();
    for path in files {
        let variant = path.file_stem().unwrap().to_str().unwrap().to_string();
        for line in std::fs::read_to_string(&path).unwrap().lines().filter(|l| !l.starts_with('#')) {
            let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
            match tag {
                "game" => out.push(FrozenGame {
                    variant: variant.clone(),
                    start: rest.into(),
                    moves: Vec::new(),
                    fens: Vec::new(),
                    end: String::new(),
                }),
                "moves" => out.last_mut().unwrap().moves = rest.split_whitespace().map(String::from).collect(),
                "fen" => {
                    let (n, fen) = rest.split_once(' ').unwrap();
                    out.last_mut().unwrap().fens.push((n.parse().unwrap(), fen.into()));
                }
                "end" => out.last_mut().unwrap().end = rest.split_once(' ').unwrap().1.into(),
                other => panic!("{}: unknown line tag {other:?}", path.display()),
            }
        }
    }
    out
}

/// `replay VARIANT --fen START MOVES[..n]`: the FEN line and the result.
fn replay_to(g: &FrozenGame, n: usize) -> (String, Option<String>) {
    let mut args = vec![g.variant.as_str(), "--fen", g.start.as_str()];
    args.extend(g.moves[..n].iter().map(String::as_str));
    let (ok, out, err) = replay(&args);
    assert!(ok, "{} after {n} plies: {err}", g.variant);
    let fen = out.lines().next().unwrap_or("").to_string();
    (fen, out.lines().find_map(|l| l.strip_prefix("result: ").map(String::from)))
}

#[test]
fn counts_in_the_fen_and_the_draw_agree_with_fairy_stockfish() {
    let games = games();
    let variants: std::collections::BTreeSet<&str> = games.iter().map(|g| g.variant.as_str()).collect();
    assert!(variants.len() >= 5, "frozen data for {variants:?}");
    let mut counted = 0;
    for g in &games {
        for (n, want) in &g.fens {
            let (fen, _) = replay_to(g, *n);
            assert_eq!(&fen, want, "{} after {n} plies of {:?}", g.variant, &g.moves[..*n]);
            counted += want.split(' ').nth(3).is_some_and(|f| f.bytes().all(|b| b.is_ascii_digit())) as u32;
        }
        let (_, res) = replay_to(g, g.moves.len());
        if g.end == "counting" {
            assert_eq!(res.as_deref(), Some("1/2-1/2 (counting rule)"), "{} game from {}", g.variant, g.start);
        } else {
            assert_ne!(res.as_deref(), Some("1/2-1/2 (counting rule)"), "{} game from {}", g.variant, g.start);
        }
    }
    assert!(counted >= 100, "only {counted} checkpoints with a running count");
    let ends = games.iter().filter(|g| g.end == "counting").count();
    assert!(ends >= 10, "only {ends} games ended by the count");
}

#[test]
fn a_count_starts_and_restarts_as_fairy_stockfish_writes_it() {
    // Each line checked with pyffish 0.0.90 (get_fen after the moves).
    let cases = [
        // Board's honour: no pawns, Black still has a rook: 64 moves, from 0.
        ("8/8/8/4k3/8/8/6r1/R3K3 w - - 0 40", "a1a2", "8/8/8/4k3/8/8/R5r1/4K3 b - 128 0 40"),
        // Black takes the rook: White's lone king counts 16 moves (a rook),
        // from the 3 pieces on the board (2 x 3 plies).
        ("8/8/8/4k3/8/8/6r1/R3K3 w - - 0 40", "a1a2 g2a2", "8/8/8/4k3/8/8/r7/4K3 w - 32 6 41"),
        // Two rooks: 8 moves; counted on from the 4 pieces.
        ("8/8/8/4k3/8/8/p7/RR2K3 w - - 0 40", "a1a2", "8/8/8/4k3/8/8/R7/1R2K3 b - 16 8 40"),
        // A running count goes on by one ply per move.
        ("8/8/8/4k3/8/8/8/R3K3 w - 16 5 40", "a1a2", "8/8/8/4k3/8/8/R7/4K3 b - 16 6 40"),
        // The strong side to move: no count for it, the halfmove clock shows.
        ("8/8/8/4k3/8/8/8/R3K3 b - - 0 40", "e5e4", "8/8/8/8/4k3/8/8/R3K3 w - - 1 41"),
    ];
    for (fen, moves, want) in cases {
        let mut args = vec!["makruk", "--fen", fen];
        args.extend(moves.split(' '));
        let (ok, out, err) = replay(&args);
        assert!(ok, "{err}");
        assert_eq!(out.lines().next(), Some(want), "{fen} + {moves}");
    }
}

#[test]
fn the_count_draws_when_it_passes_the_limit_unless_mated() {
    // 16 plies allowed, 16 counted: the next ply passes the limit.
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - 16 16 40";
    assert_eq!(result(&["makruk", "--fen", fen, "a1a2"]).as_deref(), Some("1/2-1/2 (counting rule)"));
    assert_eq!(result(&["makruk", "--fen", "8/8/8/4k3/8/8/8/R3K3 w - 16 15 40", "a1a2"]), None);
    // Already past the limit in the FEN: over before any move.
    assert_eq!(
        result(&["makruk", "--fen", "8/8/8/4k3/8/8/8/R3K3 w - 16 17 40"]).as_deref(),
        Some("1/2-1/2 (counting rule)")
    );
    // Mate on the move that passes the limit still wins (FSF: the count
    // draws only if the counting side is not checkmated).
    let mate = "k7/8/1K6/8/8/8/8/7R w - 16 16 40";
    assert_eq!(result(&["makruk", "--fen", mate, "h1h8"]).as_deref(), Some("1-0 (checkmate)"));
    // The other counting variants name the rule the same way.
    assert_eq!(
        result(&["asean", "--fen", "8/8/8/4k3/8/8/8/R3K3 w - 32 32 40", "a1a2"]).as_deref(),
        Some("1/2-1/2 (counting rule)")
    );
}

#[test]
fn counting_never_changes_perft_and_needs_a_counting_variant() {
    // FSF's perft ignores optional ends: a position past its count still has moves.
    let v = load_str(builtin::text("makruk").unwrap()).unwrap().0;
    let mut past = Position::from_fen(&v, "8/8/8/4k3/8/8/8/R3K3 w - 16 17 40").unwrap();
    let mut fresh = Position::from_fen(&v, "8/8/8/4k3/8/8/8/R3K3 w - - 0 40").unwrap();
    assert_eq!(perft(&mut past, 3), perft(&mut fresh, 3));
    assert!(perft(&mut past, 1) > 0);
    // A number in the e.p. field of chess is no square and no count.
    let (ok, _, err) = replay(&["chess", "--fen", "8/8/8/4k3/8/8/8/R3K3 w - 16 5 40"]);
    assert!(!ok && err.contains("counting"), "{err}");
}

#[test]
fn shatranj_and_courier_bare_kings_end_as_in_fairy_stockfish() {
    // Each verdict checked with pyffish 0.0.90 (is_immediate_game_end,
    // game_result, legal_moves).
    // Bared by king and rook, Black's one reply does not bare White: lost.
    let fen = "8/8/8/4k3/8/8/8/R3K3 b - - 0 40";
    assert_eq!(result(&["shatranj", "--fen", fen, "e5e4"]).as_deref(), Some("1-0 (bare king)"));
    // Against three pieces the bared side loses before it moves.
    assert_eq!(result(&["shatranj", "--fen", "8/8/8/4k3/8/8/8/RR2K3 b - - 0 40"]).as_deref(), Some("1-0 (bare king)"));
    // Baring back (taking the last piece) saves the game: king against
    // king, which Rookery draws at once (FSF plays on; see shatranj.toml).
    let fen = "8/8/8/8/8/8/1k6/R3K3 b - - 0 40";
    assert_eq!(result(&["shatranj", "--fen", fen, "b2a1"]).as_deref(), Some("1/2-1/2 (dead position)"));
    // Stalemate loses for the stalemated side.
    assert_eq!(result(&["shatranj", "--fen", "k7/2K5/1Q6/8/8/8/8/8 b - - 0 40"]).as_deref(), Some("1-0 (stalemate)"));
    // Courier: the capture that bares Black leaves it one reply.
    assert_eq!(result(&["courier", "--fen", "12/12/12/5k6/12/12/r11/R4K6 w - - 0 40", "a1a2"]), None);
    assert_eq!(
        result(&["courier", "--fen", "12/12/12/5k6/12/12/r11/R4K6 w - - 0 40", "a1a2", "f5f4"]).as_deref(),
        Some("1-0 (bare king)")
    );
    // The bare-king end is immediate: no moves in perft.
    let v = load_str(builtin::text("shatranj").unwrap()).unwrap().0;
    let mut p = Position::from_fen(&v, "8/8/8/4k3/8/8/8/R3K3 b - - 0 40").unwrap();
    assert!(perft(&mut p, 1) > 0);
    assert_eq!(perft(&mut p, 2), 0);
}

#[test]
fn shatar_mates_need_a_shak_and_not_the_knight_alone() {
    // Verdicts checked with pyffish 0.0.90 (game_result after the moves).
    // Smothered mate by the knight alone: FSF scores it for the mated side.
    let fen = "6rk/6pp/8/6N1/8/8/8/4K3 w - - 0 40";
    assert_eq!(result(&["shatar", "--fen", fen, "g5f7"]).as_deref(), Some("0-1 (checkmate by Mori alone)"));
    // A bishop's mate with no check before it: niol, a draw.
    let fen = "7k/7p/8/8/8/8/6R1/2B1K3 w - - 0 40";
    assert_eq!(result(&["shatar", "--fen", fen, "c1b2"]).as_deref(), Some("1/2-1/2 (niol, a mate without a shak)"));
    // The same mate after a rook's check (a shak) in the series: it counts.
    let fen = "6k1/7p/8/8/8/8/R7/2B1K3 w - - 0 40";
    assert_eq!(result(&["shatar", "--fen", fen, "a2g2", "g8h8", "c1b2"]).as_deref(), Some("1-0 (checkmate)"));
    // A bare king draws at once (robado).
    let fen = "8/8/8/4k3/8/8/r7/R3K3 w - - 0 40";
    assert_eq!(result(&["shatar", "--fen", fen, "a1a2"]).as_deref(), Some("1/2-1/2 (robado, a bare king)"));
}
