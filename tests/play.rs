//! `rookery play` with a human, through a scripted stdin: SAN and
//! coordinates in, SAN out with move numbers and check, reasons for
//! illegal moves, the commands, and the PGN record.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `rookery ARGS` with `input` on stdin; returns whether it
/// succeeded, its stdout and its stderr.
fn rookery(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// Runs `rookery play ARGS` with `input` on stdin; returns stdout.
fn play(args: &[&str], input: &str) -> String {
    let (ok, out, _) = rookery(&[&["play"][..], args].concat(), input);
    assert!(ok);
    out
}

fn both_human(variant: &str, input: &str) -> String {
    play(&[variant, "--white", "human", "--black", "human"], input)
}

#[test]
fn fools_mate_in_san_with_numbers_check_and_record() {
    let out = both_human("chess", "f3\ne5\ng4\nQh4\n");
    assert!(out.contains("1. White f3 [f2f3]"), "{out}");
    assert!(out.contains("1... Black e5 [e7e5]"), "{out}");
    assert!(out.contains("2... Black Qh4# [d8h4]"), "{out}");
    assert!(out.contains("result: 0-1 (checkmate)"), "{out}");
    assert!(out.contains("[Variant \"chess\"]"), "{out}");
    assert!(out.contains("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]"), "{out}");
    assert!(out.contains("\n1. f3 e5 2. g4 Qh4# 0-1"), "{out}");
}

#[test]
fn san_forms_case_and_coordinates() {
    // Lower-case piece letter where unambiguous, coordinates, castling,
    // captures with and without `x`, check announced.
    let out = both_human("chess", "e4\ne5\nnf3\nb8c6\nBc4\nNf6\nO-O\nNxe4\nRe1\nd5\nBxd5\nQxd5\nNc3\nQd8\nRxe4\n");
    for want in [
        "2. White Nf3 [g1f3]",
        "2... Black Nc6 [b8c6]",
        "4. White O-O [e1g1]",
        "4... Black Nxe4 [f6e4]",
        "6. White Bxd5 [c4d5]",
        "6... Black Qxd5 [d8d5]",
        "8. White Rxe4 [e1e4]",
    ] {
        assert!(out.contains(want), "{want}: {out}");
    }
}

#[test]
fn illegal_moves_say_why() {
    let out = both_human("chess", "e5\nE5\nKe2\nd3d4\nBc4\nxyz\né4\ne2e4e\ne4\nf6\nQh5\na6\nQe8\ng6\n");
    for want in [
        "illegal: no White pawn can move to e5: it is not one of its moves",
        "illegal: no White king can go to e2: White's own piece stands there",
        "illegal: there is no piece on d3",
        "illegal: no White bishop can reach c4 now: the way is blocked",
        "illegal: \"xyz\" is neither a move nor a command (type help)",
        "illegal: Black is in check, and this move does not end it",
        "illegal: no Black queen can go to e8: Black's own piece stands there",
    ] {
        assert!(out.contains(want), "{want}: {out}");
    }
    // `E5` in capitals is read as the pawn move, as the parser reads it.
    assert_eq!(out.matches("no White pawn can move to e5").count(), 2, "{out}");
    assert!(out.contains("Black is in check."), "{out}");
    assert!(out.contains("2. White Qh5+ [d1h5]"), "{out}");
    let pinned = play(&["chess", "--fen", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "--white", "human"], "Bd3\nquit\n");
    assert!(pinned.contains("illegal: it would leave the king in check"), "{pinned}");
}

#[test]
fn commands_help_moves_fen_flip_undo_quit() {
    let out = both_human("chess", "help\ne4\nmoves\nfen\nundo\nd4\nflip\nquit\n");
    assert!(out.contains("Commands: help, moves"), "{out}");
    assert!(out.contains("legal moves: Na6 Nc6 Nf6 Nh6 a5 a6 b5 b6"), "{out}");
    assert!(out.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), "{out}");
    assert!(out.contains("took back 1 ply"), "{out}");
    assert!(out.contains("1. White d4 [d2d4]"), "{out}");
    // Flipped: Black's side at the bottom, files h to a.
    assert!(out.contains("     h g f e d c b a"), "{out}");
    assert!(out.contains("result: * (unfinished after 1 ply)"), "{out}");
    assert!(out.contains("\n1. d4 *"), "{out}");
}

#[test]
fn against_the_engine_undo_takes_back_its_reply_too() {
    let out = play(&["chess", "--white", "human", "--depth", "1"], "e4\nundo\nquit\n");
    assert!(out.contains("1. White e4 [e2e4]") && out.contains("took back 2 plies"), "{out}");
}

#[test]
fn tigerchess_shows_hand_phase_and_postings() {
    // Seed 2: no double, so no Royal Guard; the Swordsmen are posted.
    let out = play(&["tigerchess", "--seed", "2", "--black", "human", "--depth", "1"], "moves\nquit\n");
    assert!(out.contains("in hand: Bengal [SSSS]  Siberian [ssss]"), "{out}");
    assert!(out.contains("phase: deployment"), "{out}");
    assert!(out.contains("  S  Swordsman: fF"), "{out}");
    let moves = out.lines().find_map(|l| l.split_once("legal moves: ")).unwrap().1;
    assert!(moves.split(' ').all(|m| m.starts_with("S@")), "{moves}");
}

#[test]
fn drops_and_promotions_in_san_with_the_hand_and_the_record() {
    // A capture fills the hand, which is shown; the drop is typed as SAN.
    let out = both_human("crazyhouse", "e4\nd5\nexd5\nQxd5\nNc3\nQa5\nP@e6\nquit\n");
    assert!(out.contains("in hand: White [P]  Black []"), "{out}");
    assert!(out.contains("4. White P@e6 [P@e6]"), "{out}");
    assert!(out.contains("in hand: White []  Black [p]"), "{out}");
    assert!(out.contains("\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@e6 *"), "{out}");
    // Under-promotion typed with `=`; the record starts from the FEN.
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let out = play(&["chess", "--fen", fen, "--white", "human", "--black", "human"], "a8=N\nKd7\nquit\n");
    assert!(out.contains("1. White a8=N [a7a8n]"), "{out}");
    assert!(out.contains(&format!("[FEN \"{fen}\"]")) && out.contains("\n1. a8=N Kd7 *"), "{out}");
}

#[test]
fn a_move_missing_its_disambiguation_is_called_ambiguous_not_illegal() {
    // Xiangqi: both cannons can go to e3; `Ce3` names two moves, both legal.
    let out = both_human("xiangqi", "Ce3\nche3\nquit\n");
    assert!(out.contains("ambiguous: Ce3 could be Cbe3 or Che3"), "{out}");
    assert!(!out.contains("illegal"), "{out}");
    assert!(out.contains("1. White Che3 [h3e3]"), "{out}");
}

#[test]
fn help_gives_this_positions_moves_and_answers_stay_above_the_prompt() {
    let out = both_human("xiangqi", "help\nmoves\nfoo\nquit\n");
    assert!(out.contains("Here, for example: Ra2, Cbf3, Pi5 (or a1a2, b3f3, i4i5)."), "{out}");
    // The board is drawn once before the first prompt and once at the end,
    // not again after help, moves or a refused move.
    assert_eq!(out.matches("     a b c d e f g h i").count(), 2, "{out}");
    assert!(out.contains("legal moves: ") && out.contains("illegal: \"foo\""), "{out}");
}

/// `rookery replay DEF --stdin` (the match arbiter's one process): each
/// line is a game from the start, answered as the one-shot `replay`
/// answers it (the FEN, `result: …`), or with its error on one line, then
/// `done`; a bad line does not end the session.
#[test]
fn replay_from_stdin_answers_each_game_as_the_one_shot_replay_does() {
    let run = |args: &[&str], input: &str| rookery(&[&["replay"][..], args].concat(), input);
    let mate = ["f2f3", "e7e5", "g2g4", "d8h4"];
    let (ok, once, _) = run(&[&["chess"][..], &mate].concat(), "");
    assert!(ok && once.contains("result: 0-1 (checkmate)"), "{once}");
    let (ok, err_once, err) = run(&["chess", "e2e5"], "");
    assert!(!ok && err_once.is_empty(), "{err_once}");
    let input = format!("e2e4 e7e5\n{}\ne2e5\n\n", mate.join(" "));
    let (ok, out, _) = run(&["chess", "--stdin"], &input);
    assert!(ok, "{out}");
    let answers: Vec<&str> = out.split("done\n").collect();
    assert_eq!(answers.len(), 5, "{out}");
    assert_eq!(answers[0], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n");
    assert_eq!(answers[1], once);
    // The one-shot error's first line, on standard output.
    assert_eq!(answers[2], format!("{}\n", err.lines().next().unwrap()));
    assert!(answers[2].starts_with("error: move 1 (e2e5) is not legal"), "{}", answers[2]);
    assert_eq!(answers[3], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    assert_eq!(answers[4], "");
}
