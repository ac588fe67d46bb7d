//! TigerChess: the extras page's two TigerKnight mates (line checks in
//! definitions/tigerchess.toml; here also every defender's legal replies), the order of play
//! (dice, designations, deployment constraints, Random variation), perft
//! through the deployment, Occupation, the once-only exchange.

use rookery::game::notation::{move_text, parse_move};
use rookery::game::perft::perft;
use rookery::game::{Game, Position};
use rookery::hooks::tigerchess::{self, Deploy, GuardRule, PreGame};
use rookery::variant::{builtin, load_str, Variant};

fn rookery(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rookery")).args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn variant() -> Variant {
    load_str(builtin::text("tigerchess").unwrap()).unwrap().0
}

fn legal(pos: &mut Position<'_>) -> Vec<String> {
    let mut l = Vec::new();
    pos.legal_moves(&mut l);
    let mut s: Vec<String> = l.iter().map(|m| move_text(pos, m, &l)).collect();
    s.sort();
    s
}

/// Plays a line; before each defending move checks the defender's legal replies.
fn check_line(fen: &str, line: &[&str], replies: &[&[&str]], checks: &[bool]) {
    let v = variant();
    let mut game = Game::new(Position::from_fen(&v, fen).unwrap());
    for (i, mv) in line.iter().enumerate() {
        let mut l = Vec::new();
        game.pos.legal_moves(&mut l);
        let m = parse_move(&game.pos, mv, &l).unwrap_or_else(|| panic!("{mv} is not legal in {}", game.pos.fen()));
        game.play(m);
        if i % 2 == 0 {
            assert_eq!(game.pos.in_check(), checks[i / 2], "check after {mv}");
            let want: Vec<String> = replies[i / 2].iter().map(|s| s.to_string()).collect();
            assert_eq!(legal(&mut game.pos), want, "defender's replies after {mv}");
        }
    }
}

/// A line check of definitions/tigerchess.toml (where `rookery verify` runs
/// it): its position and moves.
fn line(name: &str) -> (String, Vec<String>) {
    let v = variant();
    let c = v.checks.iter().find(|c| c.name.as_deref() == Some(name)).unwrap_or_else(|| panic!("no check {name:?}"));
    let rookery::verify::Fact::Line { moves, .. } = &c.fact else { panic!("{name} is not a line") };
    (c.fen.clone().expect("the page's position"), moves.clone())
}

#[test]
fn bengal_tigerknight_mate() {
    let (fen, moves) = line("Mate with the Bengal TigerKnight");
    let mut args = vec!["replay", "tigerchess", "--fen", &fen];
    args.extend(moves.iter().map(String::as_str));
    let out = rookery(&args);
    assert!(out.lines().any(|l| l == "result: 1-0 (checkmate)"), "{out}");
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    check_line(
        &fen,
        &moves,
        &[&["h8g8"], &["g8f8", "g8h8"], &["f8g8"], &["g8h8"], &[]],
        &[false, false, true, false, true],
    );
}

#[test]
fn siberian_tigerknight_mate() {
    let (fen, moves) = line("Mate with the Siberian TigerKnight");
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    // Every defending move is the only legal one.
    check_line(&fen, &moves, &[&["h8g8"], &["g8h8"], &["h8g8"], &["g8h8"], &[]], &[false, false, false, false, true]);
}

#[test]
fn tigerknights_differ_by_side() {
    let probe = |side: &str, at: &str| {
        let out = rookery(&["moves", "tigerchess", "--piece", "T", "--at", at, "--side", side, "--json"]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["moves"].as_array().unwrap().len()
    };
    assert_eq!((probe("white", "e5"), probe("black", "e5")), (24, 26));
    assert_eq!((probe("white", "a1"), probe("black", "a1")), (6, 8));
    assert_eq!((probe("white", "b2"), probe("black", "b2")), (10, 12));
}

fn pg(deploy: Deploy, guard: Option<GuardRule>) -> PreGame {
    PreGame { seed: 9, die: None, dice: None, deploy, guard }
}

fn play(pos: &mut Position<'_>, mv: &str) {
    let mut l = Vec::new();
    pos.legal_moves(&mut l);
    let m = parse_move(pos, mv, &l).unwrap_or_else(|| panic!("{mv} not legal; legal: {:?}", legal(pos)));
    pos.make(m);
}

#[test]
fn royal_guard_wing_rules() {
    let v = variant();
    for (rule, after_c8) in [
        (GuardRule::Fixed, vec!["G@c1"]),
        (GuardRule::Restricted, vec!["G@f1"]),
        (GuardRule::General, vec!["G@c1", "G@f1"]),
    ] {
        let mut pos = tigerchess::start(&v, &pg(Deploy::Countdown, Some(rule)));
        assert_eq!(legal(&mut pos), vec!["G@c8", "G@f8"], "the Siberian chooses freely, and first");
        play(&mut pos, "G@c8");
        assert_eq!(legal(&mut pos), after_c8, "{rule:?}");
    }
    // Without the TigerVariation no Royal Guard is posted: the Swordsmen come at once.
    let mut pos = tigerchess::start(&v, &pg(Deploy::Countdown, None));
    assert_eq!(legal(&mut pos).len(), 16);
    assert!(legal(&mut pos).iter().all(|m| m.starts_with("S@")));
}

#[test]
fn symmetrical_and_dragon_postings() {
    let v = variant();
    let mut pos = tigerchess::start(&v, &pg(Deploy::Symmetrical, None));
    play(&mut pos, "s@e5");
    assert_eq!(legal(&mut pos), vec!["S@e4"], "the Bengal mirrors the Siberian");
    play(&mut pos, "S@e4");
    assert_eq!(legal(&mut pos).len(), 15, "the Siberian is free again");

    // Dragon: the first posting fixes the colour family for both sides.
    let mut pos = tigerchess::start(&v, &pg(Deploy::Dragon, None));
    play(&mut pos, "s@a6"); // a6 is light, like the Siberian Baroness on b7: Baronesses' deployment.
    assert_eq!(tigerchess::dragon_subtitle(&pos), Some("Baronesses' deployment"));
    let colour = |label: &str| v.grid.colour(v.grid.parse(label).unwrap());
    let baroness = colour("b2");
    let bengal = legal(&mut pos);
    assert_eq!(bengal.len(), 8);
    assert!(bengal.iter().all(|m| colour(&m[2..]) == baroness), "{bengal:?}");
    let pre = PreGame { seed: 0, die: Some(3), dice: Some((2, 5)), deploy: Deploy::Dragon, guard: None };
    assert_eq!(
        tigerchess::designation(&pre, tigerchess::dragon_subtitle(&pos)),
        "Dragon variation (Standard game) – Baronesses' deployment"
    );
}

#[test]
fn random_variation_posts_from_shuffled_packs() {
    let v = variant();
    let pre = tigerchess::pre_game(5, false, true);
    let pos = tigerchess::start(&v, &pre);
    let posts = tigerchess::random_postings(&pos, pre.seed);
    assert_eq!(posts.len(), 8);
    let cells: std::collections::HashSet<u16> = posts.iter().map(|m| m.to).collect();
    assert_eq!(cells.len(), 8, "distinct cards");
    for (i, m) in posts.iter().enumerate() {
        let rank = v.grid.coords(m.to).1 + 1;
        let ok = if i % 2 == 0 { rank == 5 || rank == 6 } else { rank == 3 || rank == 4 };
        assert!(ok, "posting {i} on rank {rank}");
    }
    assert_eq!(posts, tigerchess::random_postings(&pos, pre.seed), "reproducible");
    assert_ne!(posts, tigerchess::random_postings(&pos, pre.seed + 1));
}

#[test]
fn perft_through_the_deployment() {
    let v = variant();
    // TigerVariation, general: 2 Royal Guard squares each, then 16 cells per Swordsman.
    let mut pos = tigerchess::start(&v, &pg(Deploy::Open, Some(GuardRule::General)));
    let counts: Vec<u64> = (1..=5).map(|d| perft(&mut pos, d)).collect();
    assert_eq!(counts, vec![2, 4, 64, 1024, 15360]);
    // Postings are undone exactly.
    assert_eq!(pos.fen(), "rn1qk1nr/aepjlpba/8/8/8/8/AEPJLPBA/RN1QK1NR[SSSSGssssg] b KQkq - 0 1");
    // Standard game, Symmetrical: the Bengal has one answer to each posting.
    let mut pos = tigerchess::start(&v, &pg(Deploy::Symmetrical, None));
    assert_eq!((1..=4).map(|d| perft(&mut pos, d)).collect::<Vec<_>>(), vec![16, 16, 240, 240]);
    // After the last posting the Bengal moves first.
    let mut pos = tigerchess::start(&v, &pg(Deploy::Open, None));
    for m in ["s@a6", "S@a3", "s@b6", "S@b3", "s@c6", "S@c3", "s@d6", "S@d3"] {
        play(&mut pos, m);
    }
    assert!(!pos.deploying());
    assert_eq!(pos.side(), 0);
}

#[test]
fn occupation_and_the_royal_guard() {
    // The Bengal King's Lancer on c7 takes the Siberian Royal Guard on c8: Occupation.
    let out = rookery(&["replay", "tigerchess", "--fen", "2g1q3/2L5/8/8/8/8/8/3Q4 w - - 0 1", "c7c8"]);
    assert!(out.contains("result: 1-0 (occupation)"), "{out}");
    // Nothing else may take it: a Tower next to it cannot.
    let v = variant();
    let mut pos = Position::from_fen(&v, "2g1q3/2R5/8/8/8/8/8/3Q4 w - - 0 1").unwrap();
    assert!(!legal(&mut pos).contains(&"c7c8".to_string()));
}

#[test]
fn pikeman_exchange_once_per_side() {
    let v = variant();
    let mut pos = Position::from_fen(&v, "4q3/P6P/8/8/8/8/8/3Q4 w - - 0 1").unwrap();
    let l = legal(&mut pos);
    assert!(l.contains(&"a7a8t".to_string()) && l.contains(&"h7h8t".to_string()));
    play(&mut pos, "a7a8t");
    play(&mut pos, "e8e7");
    let l = legal(&mut pos);
    assert!(!l.iter().any(|m| m == "h7h8t"), "the exchange is spent: {l:?}");
    assert!(l.contains(&"h7h8n".to_string()));
}

#[test]
fn a_whole_game_from_the_dice_is_reproducible() {
    let a = rookery(&["play", "tigerchess", "--seed", "3", "--depth", "2"]);
    let b = rookery(&["play", "tigerchess", "--seed", "3", "--depth", "2"]);
    assert_eq!(a, b);
    assert!(a.contains("designation: "), "{a}");
    assert!(a.lines().any(|l| l.starts_with("result: ") && !l.contains("unfinished")), "{a}");
    let r = rookery(&["play", "tigerchess", "--seed", "4", "--random-variation", "--depth", "2"]);
    assert!(r.contains("designation: Random variation") && r.contains("(card)"), "{r}");
}

#[test]
fn towers_become_siege_towers() {
    let v = variant();
    let mut pos = Position::from_fen(&v, "rn1qk1nr/aepjlpba/8/8/8/8/AEPJLPBA/RN1QK1NR w KQkq - 0 1").unwrap();
    let a1 = v.grid.parse("a1").unwrap();
    assert_eq!(tigerchess::piece_name(&pos, a1).as_deref(), Some("Tower"));
    // The Queen moves: both Towers can no longer protect her.
    play(&mut pos, "d1c1");
    assert_eq!(tigerchess::piece_name(&pos, a1).as_deref(), Some("Siege Tower"));
}

#[test]
fn a_played_game_replays_from_its_seed() {
    let game = rookery(&["play", "tigerchess", "--seed", "11", "--depth", "2"]);
    // Move lines read `12. Bengal Nf3 [g1f3]`: the coordinates in brackets.
    let moves: Vec<&str> = game
        .lines()
        .filter(|l| l.split('.').next().is_some_and(|n| n.parse::<u32>().is_ok()))
        .filter_map(|l| l.split_once(" [").and_then(|(_, r)| r.split_once(']')).map(|(m, _)| m))
        .collect();
    let fen = game.lines().find_map(|l| l.strip_prefix("fen: ")).unwrap();
    let result = game.lines().find(|l| l.starts_with("result: ")).unwrap();
    let mut args = vec!["replay", "tigerchess", "--seed", "11"];
    args.extend(moves.iter());
    let replay = rookery(&args);
    assert_eq!(replay.lines().next(), Some(fen));
    assert!(replay.lines().any(|l| l == result), "{replay}");
}

#[test]
fn show_prints_blacks_own_betza() {
    // The TigerKnight has `betza-black`: `show` gives both sides' moves.
    let out = rookery(&["show", "tigerchess"]);
    let line = out.lines().position(|l| l.trim_start().starts_with("T TigerKnight")).expect("TigerKnight line");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[line].contains("NCZ"), "{}", lines[line]);
    assert_eq!(lines[line + 1].trim(), "Black: NCZWX");
    assert!(out.contains("TigerKnight (NCZ, White) from"), "{out}");
    assert!(out.contains("TigerKnight (NCZWX, Black) from"), "{out}");
}

#[test]
fn play_names_siege_towers_and_subtitles_the_deployment_that_happened() {
    // Seed 2 throws a 5: the Dragon variation.
    let game = rookery(&["play", "tigerchess", "--seed", "2", "--depth", "2"]);
    assert!(game.contains("die: 5 (Dragon variation)"), "{game}");
    assert!(game.lines().any(|l| l.ends_with("is now a Siege Tower")), "{game}");
    // The sub-title is the one of the position right after the last posting.
    let postings: Vec<&str> = game
        .lines()
        .filter(|l| l.split('.').next().is_some_and(|n| n.parse::<u32>().is_ok()))
        .filter_map(|l| l.split_once(" [").and_then(|(_, r)| r.split_once(']')).map(|(m, _)| m))
        .take_while(|m| m.contains('@'))
        .collect();
    let mut args = vec!["replay", "tigerchess", "--seed", "2"];
    args.extend(postings.iter());
    let fen = rookery(&args).lines().next().unwrap().to_string();
    let v = variant();
    let pos = Position::from_fen(&v, &fen).unwrap();
    assert!(!pos.deploying(), "{fen}");
    let want = tigerchess::dragon_subtitle(&pos).expect("a Dragon deployment has a sub-title");
    let designation = game.lines().find_map(|l| l.strip_prefix("designation: ")).unwrap();
    assert_eq!(designation, format!("Dragon variation (Standard game) – {want}"));
}
