//! FEN interoperability with Fairy-Stockfish: every FEN FSF printed for a
//! drop variant, and for grand and opulent (tests/data/fsf-fens/VARIANT.fens, frozen by
//! tools/fsf_fens.py) is read by Rookery and written back byte-identically:
//! hands in FSF's order, `~` and `+` marks, castling, e.p. and clocks.

use std::path::Path;

use rookery::game::notation::move_text;
use rookery::game::Position;
use rookery::variant::load_str;

#[test]
fn fsf_fens_round_trip_byte_identically() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fsf-fens");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let (mut checked, mut failures) = (0, Vec::new());
    for f in &files {
        let name = f.file_stem().unwrap().to_str().unwrap();
        let text = rookery::variant::builtin::text(name).unwrap_or_else(|| panic!("{name} is not a built-in"));
        let v = load_str(text).unwrap().0;
        let fens = std::fs::read_to_string(f).unwrap();
        for fen in fens.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let ours = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}")).fen();
            checked += 1;
            if ours != fen {
                failures.push(format!("{name}\n  FSF    {fen}\n  Rookery {ours}"));
            }
        }
    }
    assert!(checked >= 200, "only {checked} FENs found in {}", dir.display());
    assert!(failures.is_empty(), "{} of {checked} differ:\n{}", failures.len(), failures.join("\n"));
}

/// Fairy-Stockfish writes the e.p. field of a pawn it does not treat as its
/// chess pawn (berolina, sideways pawns) as every square the double step
/// crossed together with the one it ended on, in board order (`c3c4`,
/// `h5h6`, `d3c4`). Rookery reads it: the e.p. capture is there and the
/// legal moves are FSF's (pyffish 0.0.90: the FENs after the moves named,
/// the move counts and the e.p. capture frozen from `legal_moves`).
#[test]
fn fsf_multi_square_en_passant_fields_are_read() {
    let cases = [
        // pawnsideways: e2e4 b7b5 e4e5 b5b4 c2c4, Black may take b4c3
        ("pawnsideways", "rnbqkbnr/p1pppppp/8/4P3/1pP5/8/PP1P1PPP/RNBQKBNR b KQkq c3c4 0 3", "b4c3", 24),
        // pawnsideways: e2e4 b7b5 e4e5 b5b4 g2g4 a7a6 g4g5 h7h5, White may take g5h6
        ("pawnsideways", "rnbqkbnr/2ppppp1/p7/4P1Pp/1p6/8/PPPP1P1P/RNBQKBNR w KQkq h5h6 0 5", "g5h6", 38),
        // berolina: e2c4 past d3, the pawn on d4 takes straight ahead onto d3
        ("berolina", "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PPPP1PPP/RNBQKBNR b KQkq d3c4 0 3", "d4d3", 39),
    ];
    for (name, fen, ep_capture, count) in cases {
        let v = load_str(rookery::variant::builtin::text(name).unwrap()).unwrap().0;
        let mut pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let texts: Vec<String> = legal.iter().map(|m| move_text(&pos, m, &legal)).collect();
        assert_eq!(texts.len(), count, "{name}: {fen}");
        let ep = legal.iter().zip(&texts).find(|(_, t)| *t == ep_capture).map(|(m, _)| *m);
        let ep = ep.unwrap_or_else(|| panic!("{name}: no {ep_capture} in {texts:?}"));
        // The capture removes the pawn that double-stepped, not a piece on
        // the e.p. square (which is empty).
        let before = pos.fen().split(' ').next().unwrap().matches(['P', 'p']).count();
        let _undo = pos.make(ep);
        let after = pos.fen().split(' ').next().unwrap().matches(['P', 'p']).count();
        assert_eq!(after + 1, before, "{name}: {ep_capture} takes the pawn");
    }
}

/// An edited e.p. field reads and writes back as Fairy-Stockfish reads and
/// writes it (tests/data/fsf-ep-fields.tsv, frozen by tools/fsf_ep_fields.py
/// from FSF built from public source): every listed square, as written in
/// board order, in variants beyond FSF's fast chess pieces (synochess,
/// gustav3: `d3c4h5` stays), only squares a pawn could take on in the others
/// (chess, loop, embassy: `-`).
#[test]
fn edited_en_passant_fields_are_kept_as_fsf_keeps_them() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fsf-ep-fields.tsv");
    let data = std::fs::read_to_string(&path).unwrap();
    let (mut checked, mut failures) = (0, Vec::new());
    for line in data.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let [name, given, fsf]: [&str; 3] = line.split('\t').collect::<Vec<_>>().try_into().unwrap();
        let v = load_str(rookery::variant::builtin::text(name).unwrap()).unwrap().0;
        let ours = Position::from_fen(&v, given).map_or_else(|e| format!("rejected: {e}"), |p| p.fen());
        checked += 1;
        if ours != fsf {
            failures.push(format!("{name} {given}\n  FSF     {fsf}\n  Rookery {ours}"));
        }
    }
    assert!(checked >= 250, "only {checked} cases in {}", path.display());
    assert!(failures.is_empty(), "{} of {checked} differ:\n{}", failures.len(), failures.join("\n"));
}

/// A chess pawn's double step leaves an e.p. square, in the FEN and in the
/// hash, only where an enemy pawn could take there, as in FSF: so 1.e4 and
/// the same position reached again count as one position for repetition
/// (FSF draws 1.e4 Nf6 2.Nf3 Ng8 3.Ng1 Nf6 4.Nf3 Ng8 5.Ng1 by threefold
/// repetition; the e.p. square in the hash made the first occurrence differ).
#[test]
fn a_double_step_nothing_can_take_is_not_hashed() {
    let v = load_str(rookery::variant::builtin::text("chess").unwrap()).unwrap().0;
    let mut game = rookery::game::Game::new(Position::from_fen(&v, &v.setup_fen).unwrap());
    let play = |game: &mut rookery::game::Game<'_>, text: &str| {
        let mut legal = Vec::new();
        game.pos.legal_moves(&mut legal);
        let m = rookery::game::notation::parse_move(&game.pos, text, &legal).unwrap_or_else(|| panic!("{text}"));
        game.play(m);
    };
    play(&mut game, "e2e4");
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(game.pos.key(), Position::from_fen(&v, fen).unwrap().key());
    for m in ["g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8"] {
        play(&mut game, m);
        assert_eq!(game.outcome(), None, "after {m}");
    }
    play(&mut game, "f3g1");
    assert_eq!(game.outcome().map(|o| o.reason.to_string()), Some("threefold repetition".to_string()));
    // With a black pawn beside e4 the square stays (and is hashed).
    let mut pos = Position::from_fen(&v, "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let m = rookery::game::notation::parse_move(&pos, "e2e4", &legal).unwrap();
    pos.make(m);
    assert_eq!(pos.fen(), "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let without = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_ne!(pos.key(), Position::from_fen(&v, without).unwrap().key());
}
