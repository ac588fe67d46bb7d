//! Generalized castling and the unmoved state in the FEN, through the
//! `rookery replay` contract: partners that are not in the corner (shako,
//! gustav3), a king that moves one square (diana, tests/data/diana.toml),
//! Cambodian's gates and Tigrey's King's leap. Every expected FEN of an FSF
//! variant below is the one Fairy-Stockfish (pyffish 0.0.90, `get_fen`)
//! prints after the same moves.

fn replay(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rookery")).arg("replay").args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn replay_fails(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rookery")).arg("replay").args(args).output().unwrap();
    assert!(!out.status.success());
    String::from_utf8(out.stderr).unwrap()
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}.toml", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn shako_castles_with_the_rook_beside_the_elephant() {
    // Kingside: the King f2-h2, the Rook i2-g2 (the Elephant on j2 stays).
    let out = replay(&["shako", "h2i4", "c9d7", "h3h4", "d7c9", "g2h3", "c9d7", "f2h2"]);
    assert!(out.contains("c8c/er1bqkbnre/pppppppppp/3n6/10/10/7PN1/PPPPPPPBPP/ERNBQ1RK1E/C8C b kq - 4 4"), "{out}");
    // Queenside: the King f2-d2, the Rook b2-e2.
    let out = replay(&["shako", "e3e4", "c9d7", "d2g5", "d7c9", "c2b4", "c9d7", "e2e3", "d7c9", "f2d2"]);
    assert!(out.contains("c8c/ernbqkbnre/pppppppppp/10/10/6B3/1N2P5/PPPPQPPPPP/E2KR1BNRE/C8C b kq - 8 5"), "{out}");
}

#[test]
fn gustav3_castles_with_the_rook_beside_the_amazon() {
    let moves = ["c1d3", "c8d6", "c2c3", "d6c8", "d1c2", "c8d6", "e2e3", "d6c8", "e1e2", "c8d6", "f1d1"];
    let out = replay(&[&["gustav3"], &moves[..]].concat());
    assert!(out.contains("ar1bqkbnra/*pppppppp*/*2n5*/*8*/*8*/*1PNP4*/*PBPQPPPP*/A2KR1BNRA b kq - 4 6"), "{out}");
}

#[test]
fn a_king_that_castles_one_square() {
    let diana = data("diana");
    let fen = "r2k1r/pppppp/6/6/PPPPPP/R2K1R w KQkq - 0 1";
    // d1e1 is the King's step; castling is written King onto Rook (FSF's
    // spelling where the King's destination alone is ambiguous): the King
    // lands on e1 and the Rook on d1.
    assert!(replay(&[&diana, "--fen", fen, "d1e1"]).contains("r2k1r/pppppp/6/6/PPPPPP/R3KR b kq - 1 1"));
    assert!(replay(&[&diana, "--fen", fen, "d1f1"]).contains("r2k1r/pppppp/6/6/PPPPPP/R2RK1 b kq - 1 1"));
    // Queenside the King travels two squares: d1-b1, the Rook a1-c1.
    assert!(replay(&[&diana, "--fen", fen, "d1b1"]).contains("r2k1r/pppppp/6/6/PPPPPP/1KR2R b kq - 1 1"));
    // Black castles towards the same files: d6-e6 with the Rook f6-d6.
    let out = replay(&[&diana, "--fen", fen, "a2a3", "d6f6"]);
    assert!(out.contains("r2rk1/pppppp/6/P5/1PPPPP/R2K1R w KQ - 1 2"), "{out}");
    // Without the right (K) there is no castling, only the King's step.
    let err = replay_fails(&[&diana, "--fen", "r2k1r/pppppp/6/6/PPPPPP/R2K1R w Qkq - 0 1", "d1f1"]);
    assert!(err.contains("d1f1"), "{err}");
}

#[test]
fn tigrey_fen_says_whether_the_king_may_still_leap() {
    let start = "5k6/12/12/12/12/12/12/12/12/12/12/R5K4R w KQ - 0 1";
    // Both Rooks have moved, the King has not: no castling right, but the
    // castling field keeps the King's file (G), so the leap survives a FEN.
    let out = replay(&["tigrey", "--fen", start, "a1b1", "f12e12", "l1k1", "e12f12"]);
    assert!(out.contains("5k6/12/12/12/12/12/12/12/12/12/12/1R4K3R1 w G - 4 3"), "{out}");
    let out = replay(&["tigrey", "--fen", "5k6/12/12/12/12/12/12/12/12/12/12/1R4K3R1 w G - 4 3", "g1d1"]);
    assert!(out.contains("1R1K6R1 b - -"), "{out}");
    // A King that went g1-g2-g1 is back on its start but has moved: the FEN
    // says so, and read back it has no leap.
    let out = replay(&["tigrey", "--fen", start, "g1g2", "f12e12", "g2g1", "e12f12"]);
    let back = "5k6/12/12/12/12/12/12/12/12/12/12/R5K4R w - - 4 3";
    assert!(out.contains(back), "{out}");
    let err = replay_fails(&["tigrey", "--fen", back, "g1d1"]);
    assert!(err.contains("g1d1") && err.contains("not legal"), "{err}");
}

#[test]
fn cambodian_gates_as_fsf_writes_them() {
    // DEde: White's King (d1) and Met (e1), Black's Met (d8) and King (e8)
    // have not moved.
    let out = replay(&["cambodian", "d1c2"]);
    assert!(out.contains("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/2K5/RNS1MSNR b Ede - 1 1"), "{out}");
    // A White Rook arriving on the e-file takes the Black King's leap (FSF:
    // "aimed by a rook"), though the Black pawn on e6 stands between.
    let out = replay(&["cambodian", "a1a2", "b8d7", "a2e2"]);
    assert!(out.contains("r1smksnr/3n4/pppppppp/8/8/PPPPPPPP/4R3/1NSKMSNR b DEd - 3 2"), "{out}");
    let err = replay_fails(&["cambodian", "a1a2", "b8d7", "a2e2", "e8g7"]);
    assert!(err.contains("e8g7"), "{err}");
    // The King's leap (a Knight's move to the rank in front) and the Met's
    // two-square step, each once.
    let out = replay(&["cambodian", "d1b2", "e8g7"]);
    assert!(out.contains("rnsm1snr/6k1/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR w Ed - 2 2"), "{out}");
    let out = replay(&["cambodian", "e3e4", "d6d5", "e1e3", "d8d6"]);
    assert!(out.contains("rns1ksnr/8/pppmpppp/3p4/4P3/PPPPMPPP/8/RNSK1SNR w De - 2 3"), "{out}");
}

#[test]
fn seirawan_gating_as_fsf_writes_it() {
    // A Knight's first move lets the Hawk in on g1; the gate closes.
    let out = replay(&["seirawan", "g1f3h"]);
    assert!(out.contains("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] b KQBCDFkqbcdfg - 1 1"), "{out}");
    // Castling gates on the King's start (e1g1h) or the Rook's (h1e1e);
    // afterwards the a1 Rook's gate is written as A (no castling right left).
    let opening = ["seirawan", "g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7"];
    let out = replay(&[&opening[..], &["e1g1h"]].concat());
    assert!(out.contains("rnbqk2r/ppppbppp/4pn2/8/8/4PN2/PPPPBPPP/RNBQHRK1[Eeh] b ABCDkqbcd - 3 4"), "{out}");
    let out = replay(&[&opening[..], &["h1e1e"]].concat());
    assert!(out.contains("rnbqk2r/ppppbppp/4pn2/8/8/4PN2/PPPPBPPP/RNBQ1RKE[Heh] b ABCDkqbcd - 3 4"), "{out}");
    // With both hands empty the gates are no longer written.
    let out = replay(&["seirawan", "b1c3h", "b8c6e", "g1f3e", "g8f6h"]);
    assert!(out.contains("rebqkbhr/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/RHBQKBER[] w KQkq - 4 3"), "{out}");
    // A piece may not enter on a square that has no gate (the Knight moved).
    let err = replay_fails(&["seirawan", "b1c3", "b8c6", "c3b1", "c6b8", "b1c3h"]);
    assert!(err.contains("b1c3h"), "{err}");
}

#[test]
fn shouse_keeps_its_gates_and_gates_captured_pieces() {
    // Captures go to the hand, so the gates stay in the FEN with empty hands.
    let out = replay(&["shouse", "b1c3h", "b8c6e", "g1f3e", "g8f6h"]);
    assert!(out.contains("rebqkbhr/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/RHBQKBER[] w KQCDFkqcdf - 4 3"), "{out}");
    let out = replay(&["shouse", "e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"]);
    assert!(out.contains("rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR[EHPehp] w KQCDFGkqbcfg - 2 4"), "{out}");
    // A captured pawn may be dropped but never gated in (pawns are not dropped on the first rank).
    let moves = ["shouse", "e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"];
    assert!(replay(&[&moves[..], &["P@e4"]].concat()).contains("4P3"));
    let err = replay_fails(&[&moves[..], &["g1f3p"]].concat());
    assert!(err.contains("g1f3p"), "{err}");
}
