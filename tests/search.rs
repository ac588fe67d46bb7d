//! The search's use of the end rules: `Game::outcome_but_no_moves` judges
//! every rule but checkmate and stalemate without generating moves, and the
//! search still scores mates and stalemates right (it learns that a side has
//! no move from its own move list).

use rookery::game::notation::move_text;
use rookery::game::{Game, Move, MoveKind, Position, Quick, Reason};
use rookery::search::{Limits, Score, Searcher};
use rookery::variant::{builtin, load_str, Variant};

fn variant(name: &str) -> Variant {
    load_str(builtin::text(name).unwrap()).unwrap().0
}

/// The search's move (coordinates) and score at `depth` from `fen`.
fn best(v: &Variant, fen: &str, depth: u32) -> (String, Score) {
    let mut game = Game::new(Position::from_fen(v, fen).unwrap());
    let mut searcher = Searcher::new(v, 1);
    let (m, r) = searcher.search(&mut game, Limits::depth(depth), &mut |_| {}).expect("a move");
    let mut legal = Vec::new();
    game.pos.legal_moves(&mut legal);
    (move_text(&game.pos, &m, &legal), Score::from_internal(r.score))
}

#[test]
fn the_quick_outcome_leaves_checkmate_and_stalemate_to_the_move_list() {
    let v = variant("chess");
    // Fool's mate: White is mated, but only the moves tell.
    let mut mated =
        Game::new(Position::from_fen(&v, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap());
    assert_eq!(mated.outcome_but_no_moves(), Quick::Open);
    assert_eq!(mated.outcome().unwrap().reason, Reason::Checkmate);
    let mut stalemated = Game::new(Position::from_fen(&v, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap());
    assert_eq!(stalemated.outcome_but_no_moves(), Quick::Open);
    assert_eq!(stalemated.outcome().unwrap().reason, Reason::Stalemate);
    // The 50-move rule comes after checkmate in the end order: a mate on
    // the hundredth ply still wins, so the full outcome must decide.
    let mut fifty = Game::new(Position::from_fen(&v, "7k/8/8/8/8/8/8/R6K b - - 100 80").unwrap());
    assert_eq!(fifty.outcome_but_no_moves(), Quick::NeedMoves);
    assert_eq!(fifty.outcome().unwrap().reason, Reason::MoveRule(50));
    let mut mate_at_fifty = Game::new(Position::from_fen(&v, "R6k/6pp/8/8/8/8/8/7K b - - 100 80").unwrap());
    assert_eq!(mate_at_fifty.outcome_but_no_moves(), Quick::NeedMoves);
    assert_eq!(mate_at_fifty.outcome().unwrap().reason, Reason::Checkmate);
    // A goal judged before the lack of moves ends the game without them.
    let hill = variant("kingofthehill");
    let mut on_hill = Game::new(Position::from_fen(&hill, "4k3/8/8/8/4K3/8/8/8 b - - 1 1").unwrap());
    let quick = on_hill.outcome_but_no_moves();
    assert!(matches!(&quick, Quick::Over(o) if o.winner == Some(0)), "{quick:?}");
    assert_eq!(quick, Quick::Over(on_hill.outcome().unwrap()));
}

#[test]
fn the_search_scores_mates_and_stalemates_from_its_move_lists() {
    let v = variant("chess");
    // Mate in one (back rank) and in two (two rooks); the search must see
    // the mated side's empty move list as a loss.
    assert_eq!(best(&v, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4), ("a1a8".into(), Score::Mate(1)));
    let (_, two) = best(&v, "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 6);
    assert_eq!(two, Score::Mate(2));
    // A queen up where Qg6 stalemates (a draw, found only from Black's
    // empty move list) and Qg7 mates: the search mates.
    let (_, s) = best(&v, "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", 6);
    assert!(matches!(s, Score::Mate(n) if n > 0), "{s:?}");
}

/// Whether a legal move belongs in quiescence: it captures or promotes.
fn is_noisy(pos: &Position<'_>, m: &Move) -> bool {
    let enemy = |c: u8| c != 0 && (c - 1) & 1 != pos.side();
    match m.kind {
        MoveKind::Drop | MoveKind::Castle => false,
        MoveKind::Locust | MoveKind::EnPassant => true,
        _ => m.promo != 0 || enemy(pos.at(m.to)),
    }
}

#[test]
fn the_captures_only_generator_lists_exactly_the_legal_captures_and_promotions() {
    // Along a pseudo-random game in every built-in, wherever the
    // generator applies, its list equals the legal moves that capture or
    // promote (a pruning bug that lost or invented a capture would show).
    let mut seed = 12345u64;
    let mut checked = 0;
    for (name, _) in builtin::BUILTIN {
        let v = variant(name);
        let mut pos = Position::start(&v);
        let (mut legal, mut noisy) = (Vec::new(), Vec::new());
        for _ in 0..80 {
            pos.legal_moves(&mut legal);
            if legal.is_empty() {
                break;
            }
            // (`noisy` still holds the last position's list: it must be cleared.)
            if pos.noisy_moves(&mut noisy) {
                let mut want: Vec<Move> = legal.iter().filter(|m| is_noisy(&pos, m)).copied().collect();
                let key = |m: &Move| (m.from, m.to, m.extra, m.promo, m.kind as u8);
                want.sort_by_key(key);
                noisy.sort_by_key(key);
                assert_eq!(noisy, want, "{name}: {}", pos.fen());
                checked += !want.is_empty() as usize;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            // Captures are preferred, so that exchanges (and promotions) happen.
            let caps: Vec<Move> = legal.iter().filter(|m| is_noisy(&pos, m)).copied().collect();
            let pool = if !caps.is_empty() && seed >> 62 != 0 { &caps } else { &legal };
            pos.make(pool[(seed >> 33) as usize % pool.len()]);
        }
    }
    assert!(checked > 1000, "only {checked} positions with captures compared");
}

#[test]
fn pruning_keeps_mates_drop_mates_and_goals_in_reach() {
    // Searched deeper than needed, so that the pruning near the leaves
    // (futility, razoring, the exchange tests, move-count pruning) has
    // nodes to act on: a wrong cut would lose or lengthen the win.
    let chess = variant("chess");
    // Two rooks mate in three (Fairy-Stockfish 14, go depth 18: mate 3).
    let (_, three) = best(&chess, "k7/8/8/8/8/8/8/2R3RK w - - 0 1", 9);
    assert_eq!(three, Score::Mate(3));
    // Crazyhouse: a rook from the hand mates on the back rank at once.
    let zh = variant("crazyhouse");
    let (m, s) = best(&zh, "6k1/5ppp/8/8/8/8/8/6K1[R] w - - 0 1", 7);
    assert!(m.starts_with("R@") && s == Score::Mate(1), "{m} {s:?}");
    // King of the hill: stepping onto the hill wins, scored like a mate.
    let hill = variant("kingofthehill");
    let (m, s) = best(&hill, "8/8/8/8/8/3K4/8/k7 w - - 0 1", 7);
    assert!(["d3d4", "d3e4"].contains(&m.as_str()) && s == Score::Mate(1), "{m} {s:?}");
}

#[test]
fn the_static_exchange_follows_recaptures_and_x_rays() {
    let v = variant("chess");
    let mut values = vec![0; v.pieces.len()];
    for (letter, value) in [('P', 100), ('N', 300), ('B', 300), ('R', 500), ('Q', 900), ('K', 20_000)] {
        values[v.kind_of_letter(letter).unwrap() as usize] = value;
    }
    let see = |fen: &str, from: &str, to: &str| {
        let mut pos = Position::from_fen(&v, fen).unwrap();
        let before = pos.fen();
        let m = Move::normal(v.grid.parse(from).unwrap(), v.grid.parse(to).unwrap());
        let s = pos.see(m, &values);
        assert_eq!(pos.fen(), before, "the board is put back");
        s
    };
    // A knight for a knight defended by a pawn: even.
    assert_eq!(see("4k3/8/3p4/4n3/8/5N2/8/4K3 w - - 0 1", "f3", "e5"), 0);
    // The queen takes a pawn defended by a pawn: she is lost.
    assert_eq!(see("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1", "d5"), -800);
    // A rook behind the capturing rook joins in (x-ray): a pawn up.
    assert_eq!(see("4k3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2", "d5"), 100);
    assert_eq!(see("4k3/3r4/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2", "d5"), -400);
    // An undefended piece is won whole; a quiet move onto a guarded cell loses the mover.
    assert_eq!(see("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1", "d5"), 300);
    assert_eq!(see("4k3/8/2p5/8/8/8/8/3RK3 w - - 0 1", "d1", "d5"), -500);
}

#[test]
fn clobber_where_every_move_captures_stops_at_the_horizon() {
    // Every Clobber move captures, so a quiescence over captures would be
    // the whole game tree (about 50 s per move before it stood pat there).
    // Counted in nodes, not milliseconds, so a loaded machine cannot fail
    // it: a depth-4 search takes about 10 600 nodes and never goes past
    // its horizon; searching the captures on would take millions.
    let v = variant("clobber");
    let mut game = Game::new(Position::start(&v));
    let mut searcher = Searcher::new(&v, 1);
    // (Capped at a million nodes, so that a regression fails fast.)
    let limits = Limits::depth(4).with_nodes(Some(1_000_000));
    let (_, r) = searcher.search(&mut game, limits, &mut |_| {}).expect("a move");
    assert_eq!(r.depth, 4);
    assert!(r.seldepth <= 4, "seldepth {} past the horizon", r.seldepth);
    assert!(r.nodes < 200_000, "{} nodes for depth 4", r.nodes);
    // The search still sees the end: taking the last black stone wins
    // (Black is left without a move), and a stone that can only be taken
    // back loses.
    assert_eq!(best(&v, "5/5/5/5/5/Pp3 w - - 0 1", 4), ("a1b1".into(), Score::Mate(1)));
    let (_, s) = best(&v, "5/5/5/5/5/Ppp2 w - - 0 1", 4);
    assert_eq!(s, Score::Mate(-1));
}

#[test]
fn a_search_over_a_full_table_scores_as_the_first() {
    // The second search of a position starts every node with a stored
    // move, which is searched before the moves are generated (and
    // quiescence takes stored bounds): mates, drop mates, goals and
    // stalemates must still come out the same.
    let cases = [
        ("chess", "k7/8/8/8/8/8/8/2R3RK w - - 0 1", 9),
        // Qg6 would stalemate, found from Black's empty move list.
        ("chess", "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", 6),
        ("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 5),
        ("crazyhouse", "6k1/5ppp/8/8/8/8/8/6K1[R] w - - 0 1", 6),
        ("kingofthehill", "8/8/8/8/8/3K4/8/k7 w - - 0 1", 6),
    ];
    for (name, fen, depth) in cases {
        let v = variant(name);
        let mut game = Game::new(Position::from_fen(&v, fen).unwrap());
        let mut searcher = Searcher::new(&v, 1);
        let mut score = || {
            let (_, r) = searcher.search(&mut game, Limits::depth(depth), &mut |_| {}).expect("a move");
            Score::from_internal(r.score)
        };
        let (first, second) = (score(), score());
        assert!(matches!(first, Score::Mate(n) if n > 0), "{name} {fen}: {first:?}");
        assert_eq!(first, second, "{name} {fen}");
    }
}

#[test]
fn pruning_finds_quiet_and_sacrificial_mates_across_variants() {
    // Forced mates whose key move is quiet, a sacrifice, or played far
    // behind on material, where the pruning near the leaves (futility,
    // move counts, exchange tests, reverse futility, null move) and the
    // reductions could hide the win. Each searched deeper than needed.
    // The mate lengths are Fairy-Stockfish's (`go depth 12`, this session).
    let cases = [
        // Morphy: 1.Ra6! bxa6 2.b7# (or 1...Bc7 2.Rxa7#): a rook offered
        // and a quiet pawn mate a rook down. (Razoring lost it: quiescence
        // has no quiet moves.)
        ("chess", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 8, Some("a1a6"), 2),
        // A double check with a knight sacrifice: 1.Nf6+ gxf6 2.Bxf7#.
        ("chess", "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 8, Some("d5f6"), 2),
        // Black sacrifices a rook on g1 and mates with the other.
        ("chess", "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 8, Some("g2g1"), 2),
        // Antichess: offering the last piece wins (the goal, not a mate).
        ("antichess", "8/8/8/8/8/8/1p6/R7 w - - 0 1", 6, None, 1),
        // Shogi: a gold dropped in front of the king, guarded by the pawn.
        ("shogi", "4k4/9/4P4/9/9/9/9/9/4K4[G] w - - 0 1", 6, Some("G@e8"), 1),
    ];
    for (name, fen, depth, want, n) in cases {
        let v = variant(name);
        let (m, s) = best(&v, fen, depth);
        assert_eq!(s, Score::Mate(n), "{name} {fen}: {m}");
        if let Some(w) = want {
            assert_eq!(m, w, "{name} {fen}");
        }
    }
}

/// Whether every iteration up to `depth` from `fen` (chess) reports a
/// principal variation at least its depth less one long (less one: a node
/// without a hash move is searched a ply shallower).
fn full_lines(fen: &str, depth: u32) -> Vec<(u32, usize)> {
    let v = variant("chess");
    let mut game = Game::new(Position::from_fen(&v, fen).unwrap());
    let mut searcher = Searcher::new(&v, 16);
    let mut short = Vec::new();
    searcher.search(&mut game, Limits::depth(depth), &mut |r| {
        if r.pv.len() + 1 < r.depth as usize {
            short.push((r.depth, r.pv.len()));
        }
    });
    short
}

#[test]
fn the_reported_line_is_not_cut_short_by_the_table() {
    // Pawn endings transpose often: with stored results cutting nodes on
    // the principal variation, the second reported a line of 14 moves at
    // depth 18 (and, before the passed pawns' free path changed the tree,
    // the first 10 at depth 16).
    for fen in ["4k3/8/8/3p4/3P4/4K3/8/8 w - - 0 1", "8/5pk1/6p1/7p/P6P/6P1/5PK1/8 w - - 0 40"] {
        assert_eq!(full_lines(fen, 18), vec![], "{fen}: (depth, line length)");
    }
}
