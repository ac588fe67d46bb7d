//! Hands, drops and shogi-style promotion through the `rookery replay`
//! contract: what goes to the hand, which drops are refused, forced and
//! optional promotion, and FENs as Fairy-Stockfish prints them. Every
//! expected FEN here was printed by pyffish 0.0.90 (`get_fen`) for the same
//! moves, and every refused/accepted drop agrees with its `legal_moves`.

fn replay(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rookery")).arg("replay").args(args).output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// The final FEN of an accepted replay.
fn fen(args: &[&str]) -> String {
    let (ok, out, err) = replay(args);
    assert!(ok, "replay {args:?} failed: {err}");
    out.lines().next().unwrap_or_default().to_string()
}

fn result(args: &[&str]) -> Option<String> {
    let (ok, out, err) = replay(args);
    assert!(ok, "replay {args:?} failed: {err}");
    out.lines().find_map(|l| l.strip_prefix("result: ").map(String::from))
}

fn refused(args: &[&str]) -> bool {
    let (ok, _, err) = replay(args);
    !ok && err.contains("not legal")
}

#[test]
fn crazyhouse_captures_go_to_the_hand() {
    // pyffish: the same FEN, hands and all.
    let moves = ["crazyhouse", "e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a2", "a1a2"];
    assert_eq!(fen(&moves), "rnb1kbnr/ppp1pppp/8/8/8/2N5/RPPP1PPP/2BQKBNR[QPpp] b Kkq - 0 4");
    // Dropping one back: it leaves the hand; a drop resets the halfmove clock.
    let mut more = moves.to_vec();
    more.extend(["P@e6", "Q@e5"]);
    assert_eq!(fen(&more), "rnb1kbnr/ppp1pppp/4p3/4Q3/8/2N5/RPPP1PPP/2BQKBNR[Pp] b Kkq - 0 5");
}

#[test]
fn promoted_pieces_demote_in_crazyhouse_not_in_loop() {
    let start = "k7/4P3/8/8/8/8/K7/4r3[] w - - 0 1";
    // pyffish: crazyhouse gives a pawn, loop and chessgi the queen.
    assert_eq!(fen(&["crazyhouse", "--fen", start, "e7e8q"]), "k3Q~3/8/8/8/8/8/K7/4r3[] b - - 0 1");
    assert_eq!(fen(&["crazyhouse", "--fen", start, "e7e8q", "e1e8"]), "k3r3/8/8/8/8/8/K7/8[p] w - - 0 2");
    assert_eq!(fen(&["loop", "--fen", start, "e7e8q", "e1e8"]), "k3r3/8/8/8/8/8/K7/8[q] w - - 0 2");
    assert_eq!(fen(&["chessgi", "--fen", start, "e7e8q", "e1e8"]), "k3r3/8/8/8/8/8/K7/8[q] w - - 0 2");
    // A FEN's `~` is read back.
    assert_eq!(
        fen(&["crazyhouse", "--fen", "k3Q~3/8/8/8/8/8/K7/4r3[] b - - 0 1", "e1e8"]),
        "k3r3/8/8/8/8/8/K7/8[p] w - - 0 2"
    );
}

#[test]
fn pawn_drop_ranks() {
    let fen = "k7/8/8/8/8/8/8/K7[Pp] w - - 0 1";
    assert!(refused(&["crazyhouse", "--fen", fen, "P@e8"]));
    assert!(refused(&["crazyhouse", "--fen", fen, "P@e1"]));
    assert!(!refused(&["crazyhouse", "--fen", fen, "P@e2"]));
    // Chessgi: the first rank too, never the last.
    assert!(!refused(&["chessgi", "--fen", fen, "P@e1"]));
    assert!(refused(&["chessgi", "--fen", fen, "P@e8"]));
    // A pawn dropped on its setup rank keeps its double step (as in FSF).
    assert!(!refused(&["crazyhouse", "--fen", fen, "P@e2", "a8b8", "e2e4"]));
}

#[test]
fn pocket_knight_holds_one_knight() {
    assert_eq!(
        fen(&["pocketknight", "N@e5", "e7e6", "e5d7", "c8d7"]),
        "rn1qkbnr/pppb1ppp/4p3/8/8/8/PPPPPPPP/RNBQKBNR[n] w KQkq - 0 3"
    );
}

#[test]
fn shogi_start_fen_as_fsf_writes_it() {
    let fsf = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";
    assert_eq!(fen(&["shogi", "--fen", fsf]), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1");
}

#[test]
fn nifu_refused() {
    let with_pawns = "4k4/9/9/9/9/9/PPPPPPPPP/9/4K4[P] w - - 0 1";
    assert!(refused(&["shogi", "--fen", with_pawns, "P@e5"]));
    let open_file = "4k4/9/9/9/9/9/PPPP1PPPP/9/4K4[P] w - - 0 1";
    assert!(!refused(&["shogi", "--fen", open_file, "P@e5"]));
    // A promoted pawn (tokin) does not count.
    let tokin = "4k4/9/9/9/9/9/PPPP+PPPPP/9/4K4[P] w - - 0 1";
    assert!(!refused(&["shogi", "--fen", tokin, "P@e5"]));
}

#[test]
fn drops_on_dead_squares_refused() {
    let fen = "k8/9/9/9/9/9/9/9/8K[PLN] w - - 0 1";
    for m in ["P@e9", "L@e9", "N@e9", "N@e8"] {
        assert!(refused(&["shogi", "--fen", fen, m]), "{m}");
    }
    for m in ["P@e8", "L@e8", "N@e7"] {
        assert!(!refused(&["shogi", "--fen", fen, m]), "{m}");
    }
}

#[test]
fn uchifuzume_loses_for_the_dropper() {
    // Black's king on a9: a8 is covered by the gold, b8 by the gold, b9 by
    // the silver. A pawn drop on a8 mates: forbidden, so the dropper loses
    // (the move is counted, as in Fairy-Stockfish); a gold drop mates.
    let fen = "k8/2S6/1G7/9/9/9/9/9/8K[PG] w - - 0 1";
    assert_eq!(result(&["shogi", "--fen", fen, "P@a8"]).as_deref(), Some("0-1 (checkmate by a forbidden drop)"));
    assert_eq!(result(&["shogi", "--fen", fen, "G@a8"]).as_deref(), Some("1-0 (checkmate)"));
}

#[test]
fn shogi_promotion_forced_and_optional() {
    let fen0 = "k8/4P4/9/4P4/9/9/9/9/8K[] w - - 0 1";
    // Onto the last rank a pawn must promote.
    assert!(refused(&["shogi", "--fen", fen0, "e8e9"]));
    assert_eq!(fen(&["shogi", "--fen", fen0, "e8e9+"]), "k3+P4/9/9/4P4/9/9/9/9/8K[] b - - 0 1");
    // Into the zone it may.
    assert_eq!(fen(&["shogi", "--fen", fen0, "e6e7"]), "k8/4P4/4P4/9/9/9/9/9/8K[] b - - 1 1");
    assert_eq!(fen(&["shogi", "--fen", fen0, "e6e7+"]), "k8/4P4/4+P4/9/9/9/9/9/8K[] b - - 0 1");
    // Captured, the promoted pawn goes to the hand as a pawn.
    let taken = "k8/9/4+P4/4r4/9/9/9/9/8K[] b - - 0 1";
    assert_eq!(fen(&["shogi", "--fen", taken, "e6e7"]), "k8/9/4r4/9/9/9/9/9/8K[p] w - - 0 2");
}

#[test]
fn grand_promotion_limited_by_piece_counts() {
    // (The black king stands on b10, out of the a2 rook's line: a FEN whose
    // side not to move is in check is refused.)
    // Every piece White started with is still on the board: the pawn on e9
    // cannot step onto rank 10 (pyffish: no e9 move).
    let all = "1k8/4P5/10/10/10/10/10/10/RNBQKCABNR/10 w - - 0 1";
    assert!(refused(&["grand", "--fen", all, "e9e10q"]));
    assert!(refused(&["grand", "--fen", all, "e9e10"]));
    // A knight short: only the knight (pyffish: e9e10n alone).
    let knight_lost = "1k8/4P5/10/10/10/10/10/10/RNBQKCAB1R/10 w - - 0 1";
    assert!(refused(&["grand", "--fen", knight_lost, "e9e10q"]));
    assert_eq!(fen(&["grand", "--fen", knight_lost, "e9e10n"]), "1k2N5/10/10/10/10/10/10/10/RNBQKCAB1R/10 b - - 0 1");
    // On rank 9 it may also stay a pawn (pyffish: e8e9 and e8e9n).
    let lower = "1k8/10/4P5/10/10/10/10/10/RNBQKCAB1R/10 w - - 0 1";
    assert!(!refused(&["grand", "--fen", lower, "e8e9"]));
    assert!(!refused(&["grand", "--fen", lower, "e8e9n"]));
    assert!(refused(&["grand", "--fen", lower, "e8e9q"]));
}

#[test]
fn chessgi_double_steps_by_rank() {
    // FSF allows a pawn's double step from its second rank whether or not it
    // has moved: a pawn dropped on a1 that stepped to a2 may step twice, and
    // that double step may be taken en passant (FENs: pyffish's for the same
    // moves).
    let start = "4k3/8/8/8/1p6/8/8/4K3[P] w - - 0 1";
    let mut args = vec!["chessgi", "--fen", start, "P@a1", "e8d8", "a1a2", "d8e8", "a2a4"];
    assert_eq!(fen(&args), "4k3/8/8/8/Pp6/8/8/4K3[] b - a3 0 3");
    args.push("b4a3");
    assert_eq!(fen(&args), "4k3/8/8/8/8/p7/8/4K3[p] w - - 0 4");
    // A pawn on the first rank never steps twice.
    assert!(refused(&["chessgi", "--fen", start, "P@a1", "e8d8", "a1a3"]));
}

#[test]
fn placement_drops_first_bishops_on_both_colours_castling_kept() {
    // While the side to move holds pieces it may only drop them, on its own
    // first rank.
    assert!(refused(&["placement", "e2e4"]));
    assert!(refused(&["placement", "K@e2"]));
    // The second bishop goes on the other colour, and the last free cell of
    // that colour (h1) is kept for it (legal moves as pyffish lists them).
    assert!(refused(&["placement", "B@c1", "K@e8", "B@a1"]));
    let seq = ["B@c1", "K@e8", "K@d1", "Q@d8", "R@b1", "R@a8", "N@f1", "R@h8"];
    let mut args = vec!["placement"];
    args.extend(seq);
    assert_eq!(fen(&args), "r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/1RBK1N2[QRBNbbnn] w kq - 0 5");
    for m in ["Q@h1", "R@h1", "N@h1"] {
        assert!(refused(&[&args[..], &[m]].concat()), "{m}");
    }
    assert!(!refused(&[&args[..], &["B@h1"]].concat()));
    // A king dropped on e1 and rooks in the corners may castle: FSF's FEN
    // after these drops has the rights.
    let castling = ["placement", "K@e1", "K@e8", "R@h1", "R@h8", "R@a1", "R@b8"];
    assert_eq!(fen(&castling), "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNqbbnn] w KQk - 0 4");
}

#[test]
fn shogi_perpetual_check_loses_other_repetitions_draw() {
    // White's rook checks on every move while Black's king steps between e9
    // and e8: at the fourth occurrence the checker loses. pyffish agrees
    // (`is_optional_game_end` after the 13th ply: +mate for Black to move).
    let fen = "4k4/9/9/9/9/9/9/9/R3K4[] w - - 0 1";
    let cycle = "a1a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9";
    let mut args = vec!["shogi", "--fen", fen];
    args.extend(cycle.split(' '));
    assert_eq!(result(&args).as_deref(), Some("0-1 (perpetual check)"));
    assert_eq!(result(&args[..args.len() - 1]), None);
    // Without checks, the fourth occurrence is a draw (pyffish: after 12 plies).
    let fen = "4k4/9/9/9/9/9/9/9/K8[] w - - 0 1";
    let mut args = vec!["shogi", "--fen", fen];
    args.extend("a1a2 e9e8 a2a1 e8e9 a1a2 e9e8 a2a1 e8e9 a1a2 e9e8 a2a1 e8e9".split(' '));
    assert_eq!(result(&args).as_deref(), Some("1/2-1/2 (4-fold repetition)"));
}

#[test]
fn uchifuzume_refused_when_the_rule_says_illegal() {
    // The same position as `uchifuzume_loses_for_the_dropper`, in a shogi
    // whose `no-mate-rule` is the default "illegal": the mating pawn drop is
    // not a legal move; a pawn drop that checks without mating is.
    let text = rookery::variant::builtin::text("shogi").unwrap().replace("no-mate-rule = \"loses\"\n", "");
    assert!(!text.contains("no-mate-rule = \"loses\""));
    let path = std::env::temp_dir().join(format!("rookery-shogi-uchifuzume-{}.toml", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let def = path.to_str().unwrap();
    let fen = "k8/2S6/1G7/9/9/9/9/9/8K[PG] w - - 0 1";
    assert!(refused(&[def, "--fen", fen, "P@a8"]));
    assert_eq!(result(&[def, "--fen", fen, "G@a8"]).as_deref(), Some("1-0 (checkmate)"));
    // Without the silver the king escapes to b9 (pyffish's only reply), so
    // that pawn drop checks without mating and stays legal.
    let open = "k8/9/1G7/9/9/9/9/9/8K[P] w - - 0 1";
    assert!(!refused(&[def, "--fen", open, "P@a8"]));
    std::fs::remove_file(&path).ok();
}

#[test]
fn kyotoshogi_every_move_turns_the_piece_over() {
    // The pawn becomes a rook (`+`), the rook captures the promoted lance
    // and turns back (`-`); the lance goes to the hand and is dropped gold
    // side up (`+L@c3`). FENs as pyffish prints them for the same moves.
    let moves = ["kyotoshogi", "e1e2+", "a5a4+", "e2e5-", "c5d4"];
    assert_eq!(fen(&moves), "1+n1sP/+p2k1/5/5/+LSK+N1[L] w - - 1 3");
    assert_eq!(fen(&[&moves[..], &["+L@c3"]].concat()), "1+n1sP/+p2k1/2+L2/5/+LSK+N1[] b - - 0 3");
    assert!(!refused(&[&moves[..], &["L@c3"]].concat()));
    // No move leaves a piece as it was.
    assert!(refused(&["kyotoshogi", "e1e2"]));
    assert!(refused(&["kyotoshogi", "a1a2"]));
    assert!(!refused(&["kyotoshogi", "a1a2-"]));
}

#[test]
fn replay_board_shows_the_hands() {
    let (ok, out, err) = replay(&["crazyhouse", "--board", "e2e4", "d7d5", "e4d5"]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // The FEN stays the first line; the board follows, with the hands.
    assert_eq!(lines[0], "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] b KQkq - 0 2");
    assert!(lines.iter().any(|l| l.trim_start().starts_with("5  . . . P . . . .")), "{out}");
    assert!(lines.iter().any(|l| l.trim() == "in hand: White P, Black -"), "{out}");
}
