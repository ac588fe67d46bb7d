//! Generalized castling through the `rookery replay` contract: partners that
//! are not in the corner (shako, gustav3), a king that moves one square
//! (diana, tests/data/diana.toml). Every expected FEN below is the one
//! Fairy-Stockfish (pyffish 0.0.90, `get_fen`) prints after the same moves.

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
