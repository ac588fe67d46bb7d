//! CECP (XBoard/WinBoard) dialogues with the `rookery xboard` binary: the
//! feature negotiation, the `setup`/`piece` lines that teach XBoard a
//! variant, moves in both directions (a posting from the hand, a
//! promotion), clocks, take-backs and the result claim.

use std::io::{BufRead, BufReader, Lines, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use rookery::game::notation::parse_move;
use rookery::game::{Game, Position};
use rookery::protocol::xboard::parse_gui_move;
use rookery::variant::{builtin, load_str};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rookery"))
            .arg("xboard")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        Engine { child, stdin, lines }
    }

    fn send(&mut self, cmds: &str) {
        for c in cmds.lines() {
            writeln!(self.stdin, "{c}").unwrap();
        }
        self.stdin.flush().unwrap();
    }

    /// Opens the CECP v2 dialogue as XBoard does and returns the engine's
    /// `feature` line.
    fn handshake(&mut self) -> String {
        self.send("xboard\nprotover 2");
        self.until("feature").pop().unwrap()
    }

    /// Lines up to and including the first starting with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut got = Vec::new();
        for l in self.lines.by_ref() {
            let l = l.unwrap();
            let done = l.starts_with(prefix);
            got.push(l);
            if done {
                return got;
            }
        }
        panic!("no line starting with {prefix:?}; got {got:?}");
    }

    fn quit(mut self) -> Vec<String> {
        self.send("quit");
        let rest: Vec<String> = self.lines.by_ref().map(|l| l.unwrap()).collect();
        assert!(self.child.wait().unwrap().success());
        rest
    }
}

/// Whether the engine's `move` text is legal after `moves` (Rookery
/// notation) from `fen` or the start of `variant`.
fn legal(variant: &str, fen: Option<&str>, moves: &[&str], gui: &str) -> bool {
    let (v, _) = load_str(builtin::text(variant).unwrap()).unwrap();
    let pos = fen.map_or_else(|| Position::start(&v), |f| Position::from_fen(&v, f).unwrap());
    let mut g = Game::new(pos);
    let mut l = Vec::new();
    for m in moves {
        g.pos.legal_moves(&mut l);
        let m = parse_move(&g.pos, m, &l).unwrap();
        g.play(m);
    }
    g.pos.legal_moves(&mut l);
    parse_gui_move(&v, gui).is_some_and(|t| parse_move(&g.pos, &t, &l).is_some())
}

#[test]
fn features_offer_every_drawable_variant() {
    let mut e = Engine::start();
    let f = e.handshake();
    for key in ["setboard=1", "usermove=1", "ping=1", "sigint=0", "myname=\"Rookery ", "done=1"] {
        assert!(f.contains(key), "{f}");
    }
    // Every built-in XBoard can draw and be taught is offered (chess under
    // XBoard's own name "normal"); not the polygon boards, which it cannot
    // draw, nor the variants whose moves it cannot be taught: two-part
    // moves (walls, arrows, the duck), palace and similar conditional moves,
    // double steps from cells other than the start cells, a royal leap
    // along the rank that XBoard would take for castling (Tigrey), a start
    // with Black to move (TigerChess's default roll).
    let offered = f.split("variants=\"").nth(1).and_then(|r| r.split('"').next()).unwrap();
    let offered: Vec<&str> = offered.split(',').collect();
    let not_offered = [
        "tiger-lily",
        "glinski",
        "tigrey",
        "tigerchess",
        "orda",
        "empire",
        "horde",
        "duck",
        "amazons",
        "isolation",
        "isolation7x7",
        "snailtrail",
        "joust",
        "cowboys",
        "manchu",
        "janggi",
        "janggimodern",
        "janggitraditional",
        "janggicasual",
        // Names XBoard 4.9.1 takes for variants of its own with other
        // rules (it then ignores `setup` and `piece`): its nocastle
        // shuffles the back rank, its courier starts before the opening
        // moves, and it reads nocheckatomic as its atomic.
        "nocastle",
        "courier",
        "nocheckatomic",
        // Captures that explode (XBoard's fairy mode has no explosions).
        "atomar",
        // XBoard's own shuffle variants of these names (not yet played
        // against Rookery's in XBoard, so kept out).
        "fischerandom",
        "caparandom",
        // Double steps from FSF's double-step region (b3, c3, f3, g3 too),
        // not only from the start cells: no XBoard Betza form.
        "wolf",
        // Rules XBoard 4.9.1's fairy mode plays otherwise (its source, and
        // tools/xboard_games.py): pawn drops on the last rank (chessgi);
        // pawns promoting before the last rank or on chosen cells;
        // gating (shouse); a king in hand (placement, sittuyin); pieces
        // that turn back or promote only on captures (kyotoshogi, micro);
        // Reversi-style flips.
        "chessgi",
        "opulent",
        "legan",
        "karouk",
        "makpong",
        "omicron",
        "cambodian",
        "ai-wok",
        "troitzky",
        "shouse",
        "placement",
        "sittuyin",
        "kyotoshogi",
        "micro",
        "flipello",
        "flipersi",
        "flipello10",
        "ataxx",
        // One board of a bughouse pair (`drops.two-boards`): XBoard fills
        // hands from the partner board only in its own bughouse.
        "bughouse",
        "koedem",
        "supply",
        // Capturing pieces that turn into walls (XBoard would show the piece).
        "petrified",
    ];
    for (name, _) in builtin::BUILTIN {
        let xb_name = if *name == "chess" { "normal" } else { name };
        assert_eq!(offered.contains(&xb_name), !not_offered.contains(name), "{name} in {f}");
    }
    assert_eq!(offered[..5], ["normal", "capablanca", "tcb", "wild-tamerlane", "crazyhouse"]);
    // Chess and its alias `normal` are offered once, as "normal".
    assert_eq!(offered.iter().filter(|n| **n == "normal").count(), 1, "{f}");
    assert!(offered.contains(&"atomic") && offered.contains(&"makruk"), "XBoard's own, the same rules: {f}");
    e.send("ping 7");
    assert_eq!(e.until("pong"), ["pong 7"]);
    assert!(e.quit().is_empty());
}

#[test]
fn tcb_is_taught_with_setup_and_piece_commands() {
    let mut e = Engine::start();
    e.send("xboard\nprotover 2\nnew\nvariant tcb\nping 1");
    let lines = e.until("pong 1");
    let from = lines.iter().position(|l| l.starts_with("setup")).unwrap();
    assert_eq!(
        lines[from..],
        [
            "setup (PN.RQ........H.......Kpn.rq........h.......k) 9x9+0_fairy \
             r*h*k*h*r/*npqpqpn*/pp1p1p1pp/*7*/9/*7*/PP1P1P1PP/*NPQPQPN*/R*H*K*H*R w - - 0 1",
            "piece K& K",
            "piece Q& Q",
            "piece R& WD7",
            "piece H& BW",
            "piece N& N",
            "piece P& fWfnDfmF",
            "pong 1",
        ]
    );
    // The engine plays Black after `new`: a user move gets an answer.
    e.send("sd 2\nusermove b2c4");
    let reply = e.until("move ");
    let m = reply.last().unwrap().strip_prefix("move ").unwrap().to_string();
    assert!(legal("tcb", None, &["b2c4"], &m), "{m}");
    e.send("usermove e2e9\nping 2");
    assert_eq!(e.until("pong 2"), ["Illegal move: e2e9", "pong 2"]);
    e.quit();
}

#[test]
fn postings_from_the_hand_and_holdings() {
    let mut e = Engine::start();
    e.send("xboard\nprotover 2\nvariant tigerchess\nping 1");
    let lines = e.until("pong 1");
    let setup = lines.iter().find(|l| l.starts_with("setup")).unwrap();
    // The pawn keeps XBoard's Pawn type; the Royal Guard and the Swordsmen
    // go in XBoard's holdings: the next two piece types, a holdings size
    // of 3. (TigerChess is not offered: its default start has Black to
    // move, and XBoard 4.9.1 starts every taught variant with White.)
    assert!(setup.starts_with("setup (PSG") && setup.contains(" 8x8+3_fairy "), "{setup}");
    assert!(setup.ends_with("RN1QK1NR[GSSSSgssss] b KQkq - 0 1"), "{setup}");
    e.send("force\nsd 1\ngo");
    let m = e.until("move ").last().unwrap().strip_prefix("move ").unwrap().to_string();
    assert!(m.contains('@') && legal("tigerchess", None, &[], &m), "{m}");
    e.quit();
}

#[test]
fn promotion_mate_claim_and_thinking_output() {
    let mut e = Engine::start();
    e.send("xboard\nprotover 2\nnew\nforce\nsetboard 8/P5k1/8/8/8/8/6K1/8 w - - 0 1\npost\nsd 3\ngo");
    let lines = e.until("move ");
    assert_eq!(lines.last().unwrap(), "move a7a8q");
    let thinking: Vec<&String> = lines.iter().filter(|l| !l.starts_with("feature") && !l.starts_with("move")).collect();
    assert_eq!(thinking.len(), 3, "{lines:?}");
    for (i, t) in thinking.iter().enumerate() {
        let w: Vec<&str> = t.split_whitespace().collect();
        assert_eq!(w[0], (i + 1).to_string(), "{t}");
        assert!(w[1].parse::<i32>().unwrap() > 500, "a queen up: {t}");
        assert!(w[2].parse::<u64>().is_ok() && w[3].parse::<u64>().is_ok() && w.len() > 4, "{t}");
    }
    e.send("force\nsetboard r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\nnopost\ngo");
    let lines = e.until("1-0");
    assert_eq!(lines, ["move h5f7", "1-0 {White mates}"]);
    e.quit();
}

/// Thinking lines (`ply score time nodes pv…`) among `lines`.
fn thinking(lines: &[String]) -> Vec<Vec<String>> {
    let numeric = |w: &str| w.parse::<i64>().is_ok();
    lines
        .iter()
        .map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .filter(|w| w.len() > 4 && w[..4].iter().all(|x| numeric(x)))
        .collect()
}

#[test]
fn hard_ponders_on_the_expected_reply_and_easy_does_not() {
    let mut e = Engine::start();
    e.send("xboard\nprotover 2\nnew\nhard\npost\nst 0.2\ngo");
    let own = e.until("move ");
    let played = own.last().unwrap().strip_prefix("move ").unwrap().to_string();
    // On the opponent's time it searches the position behind one expected
    // reply (the last iteration's, which may be an unfinished one not
    // shown), and shows its lines from the board the GUI shows.
    std::thread::sleep(std::time::Duration::from_millis(400));
    e.send("ping 1");
    let pondered = thinking(&e.until("pong 1"));
    assert!(!pondered.is_empty(), "no thinking while pondering");
    let expected = pondered[0][4].clone();
    assert!(legal("chess", None, &[&played], &expected), "{pondered:?}");
    assert!(pondered.iter().all(|w| w[4] == expected), "{pondered:?}");
    // The expected reply played, after the clock lines as XBoard sends
    // them: a ponder hit. The search goes on from the pondered depth (a
    // search begun again would show depth 1 first) and shows its lines from
    // the new position; the engine answers with a legal move.
    e.send(&format!("time 6000\notim 6000\nusermove {expected}"));
    let answered = e.until("move ");
    let m = answered.last().unwrap().strip_prefix("move ").unwrap().to_string();
    assert!(legal("chess", None, &[&played, &expected], &m), "{m}");
    let deepest: u32 = pondered.iter().map(|w| w[0].parse().unwrap()).max().unwrap();
    // (Lines still led by the expected reply came from the ponder search
    // before the hit.)
    let after: Vec<_> = thinking(&answered).into_iter().filter(|w| w[4] != expected).collect();
    assert!(after.iter().all(|w| w[0].parse::<u32>().unwrap() > deepest), "{deepest} {after:?}");
    assert!(after.iter().all(|w| legal("chess", None, &[&played, &expected], &w[4])), "{after:?}");
    e.quit();

    // Another reply stops the ponder search: the engine searches afresh
    // (depth 1 first) and answers that move.
    let mut e = Engine::start();
    e.send("xboard\nprotover 2\nnew\nhard\npost\nst 0.2\ngo");
    let played = e.until("move ").last().unwrap().strip_prefix("move ").unwrap().to_string();
    std::thread::sleep(std::time::Duration::from_millis(300));
    e.send("ping 1");
    let pondered = thinking(&e.until("pong 1"));
    let expected = pondered[0][4].clone();
    let other = ["a7a6", "h7h6"].into_iter().find(|m| *m != expected && legal("chess", None, &[&played], m)).unwrap();
    e.send(&format!("time 6000\notim 6000\nusermove {other}"));
    let answered = e.until("move ");
    let m = answered.last().unwrap().strip_prefix("move ").unwrap().to_string();
    assert!(legal("chess", None, &[&played, other], &m), "{m}");
    let fresh: Vec<_> = thinking(&answered).into_iter().filter(|w| w[4] != expected).collect();
    assert_eq!(fresh.first().map(|w| w[0].as_str()), Some("1"), "{answered:?}");
    e.quit();

    // `easy`: after its move the engine is silent until the next command.
    let mut e = Engine::start();
    e.send("xboard\nprotover 2\nnew\neasy\npost\nst 0.2\ngo");
    e.until("move ");
    std::thread::sleep(std::time::Duration::from_millis(400));
    e.send("ping 1");
    assert_eq!(e.until("pong 1"), ["pong 1"]);
    e.quit();
}

#[test]
fn take_backs_clocks_and_result() {
    let mut e = Engine::start();
    e.send("xboard\nprotover 2\nnew\nforce\nusermove e2e4\nusermove e7e5\nremove\nusermove e2e4\nping 1");
    e.until("feature");
    // After `remove` both moves are gone, so e2e4 is legal again.
    assert_eq!(e.until("pong 1"), ["pong 1"]);
    e.send("undo\nusermove d2d4\nlevel 40 0:30 0\ntime 3000\notim 3000\ngo");
    let m = e.until("move ").last().unwrap().strip_prefix("move ").unwrap().to_string();
    assert!(legal("chess", None, &["d2d4"], &m), "{m}");
    // After `result` the engine stops playing: a user move gets no answer.
    e.send("result 1/2-1/2 {agreed}\nusermove a2a3\nping 2");
    assert_eq!(e.until("pong 2"), ["pong 2"]);
    e.quit();
}

#[test]
fn move_overhead_is_an_engine_option() {
    let mut e = Engine::start();
    let f = e.handshake();
    assert!(f.contains("option=\"Move Overhead -spin 10 0 5000\"") && f.ends_with(" done=1"), "{f}");
    // A good value is taken silently; a bad one or an option not offered
    // is an error XBoard shows.
    e.send("option Move Overhead=40\noption Move Overhead=soon\noption Hash=8\nping 1");
    assert_eq!(
        e.until("pong 1"),
        ["Error (Move Overhead wants milliseconds): Move Overhead=soon", "Error (unknown option): Hash=8", "pong 1"]
    );
    e.quit();
}

#[test]
fn square_names_past_the_ninth_rank() {
    let (v, _) = load_str(builtin::text("wild-tamerlane").unwrap()).unwrap();
    assert_eq!(parse_gui_move(&v, "i11h9").as_deref(), Some("i11h9"));
    assert_eq!(parse_gui_move(&v, "a3a4").as_deref(), Some("a3a4"));
    assert_eq!(parse_gui_move(&v, "a3a12"), None);
    let (c, _) = load_str(builtin::text("capablanca").unwrap()).unwrap();
    assert_eq!(parse_gui_move(&c, "a7a8c").as_deref(), Some("a7a8c"));
}

#[test]
fn start_cell_double_steps_are_initial_moves_and_native_variants_get_no_setup() {
    // Chessgi's double step is a [[special]] move from the second rank: the
    // start cells of the pawns, so XBoard is taught it as an initial move.
    let mut e = Engine::start();
    e.send("xboard\nprotover 2\nvariant chessgi\nping 1");
    let lines = e.until("pong 1");
    assert!(lines.iter().any(|l| l == "piece P& fmWfceFifmnD"), "{lines:?}");
    // Ouk Chatrang's first moves (allowed out of check only) as i-moves.
    e.send("variant cambodian\nping 2");
    let lines = e.until("pong 2");
    assert!(lines.iter().any(|l| l.starts_with("piece K& ") && l.contains("imfsN")), "{lines:?}");
    // A rider is taught with XBoard's exponent (N0), not a doubled atom
    // (NN), which XBoard reads as two knight moves.
    e.send("variant nightrider\nping 4");
    let lines = e.until("pong 4");
    assert!(lines.iter().any(|l| l == "piece N& N0"), "{lines:?}");
    // Xiangqi and shogi are XBoard's own: only the name, no teaching.
    e.send("variant xiangqi\nvariant shogi\nping 3");
    assert_eq!(e.until("pong 3"), ["pong 3"]);
    e.quit();
}

#[test]
fn setboard_takes_the_fen_as_xboard_writes_it() {
    // XBoard writes no castling field where no castling rights exist and no
    // en-passant field in shatranj-like variants: the engine must still
    // take the position (nothing refused, and the move after it is legal
    // from that position).
    let mut e = Engine::start();
    e.send("xboard\nprotover 2\nvariant shatranj\nforce\nsetboard 4k3/3pp3/8/8/8/8/R7/4K3 w 0 1\ngo");
    let lines = e.until("move ");
    assert!(!lines.iter().any(|l| l.contains("Illegal position")), "{lines:?}");
    let m = lines.last().unwrap().strip_prefix("move ").unwrap().to_string();
    assert!(legal("shatranj", Some("4k3/3pp3/8/8/8/8/R7/4K3 w - - 0 1"), &[], &m), "{m}");
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - 0 1";
    e.send(&format!("new\nvariant pawnback\nforce\nsetboard {fen}\nping 1"));
    let lines = e.until("pong 1");
    assert!(!lines.iter().any(|l| l.contains("Illegal position")), "{lines:?}");
    e.send("go");
    let m = e.until("move ").last().unwrap().strip_prefix("move ").unwrap().to_string();
    let rookery_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1";
    assert!(legal("pawnback", Some(rookery_fen), &[], &m), "{m}");
    e.quit();
}

/// The lines an engine in a game against another engine prints after
/// `moves` from `fen` (`computer` sent, as XBoard does).
fn against_an_engine(variant: &str, fen: &str, moves: &str) -> Vec<String> {
    let mut e = Engine::start();
    e.send(&format!("xboard\nprotover 2\nvariant {variant}\nforce\nsetboard {fen}\ncomputer\n{moves}\nping 9"));
    let lines = e.until("pong 9");
    e.quit();
    lines
        .into_iter()
        .filter(|l| !l.starts_with("feature") && !l.starts_with("setup") && !l.starts_with("piece"))
        .collect()
}

#[test]
fn against_an_engine_the_loser_claims_a_win_xboard_cannot_judge() {
    // King of the hill: Black's king steps from e3 onto the hill (d4 or
    // e4). The engine that played it claims nothing (XBoard would call its
    // claim false); the other engine, told the move, claims its own loss,
    // which XBoard accepts.
    let fen = "8/8/8/8/8/4k3/8/K7 b - - 0 1";
    let winner = against_an_engine("kingofthehill", fen, "go");
    assert!(winner.len() == 2 && ["move e3d4", "move e3e4"].contains(&winner[0].as_str()), "{winner:?}");
    let loser = against_an_engine("kingofthehill", fen, "playother\nusermove e3e4");
    assert_eq!(loser, ["0-1 {Black wins by king of the hill}", "pong 9"]);
    // Without `computer` (a human opponent) the winner claims at once.
    let mut e = Engine::start();
    e.send(&format!("xboard\nprotover 2\nvariant kingofthehill\nforce\nsetboard {fen}\ngo"));
    assert_eq!(e.until("0-1").last().unwrap(), "0-1 {Black wins by king of the hill}");
    e.quit();
}

#[test]
fn against_an_engine_a_counting_draw_is_offered_not_claimed() {
    // Makruk: with the count at its limit the next move draws by the
    // counting rule, which XBoard does not know; both engines offer the
    // draw ("Draw agreed") instead of a claim XBoard would call false.
    let fen = "8/8/3k4/8/8/4K3/8/7R w - 16 16 40";
    let lines = against_an_engine("makruk", fen, "usermove h1h2");
    assert_eq!(lines, ["offer draw", "pong 9"]);
}

#[test]
fn shogi_style_promoters_sit_on_types_xboard_lets_promote() {
    // XBoard refuses a `+` from a piece type after its Man (the 11th type;
    // moves.c, "already promoted"): every piece with a promoted form sits
    // on one of the first eleven types of the `setup` table (shoshogi's
    // silver did not, so XBoard kept it unpromoted and refused `g7h7`).
    for name in ["shoshogi", "shogi", "minishogi", "judkins", "euroshogi", "torishogi", "yarishogi", "okisakishogi"] {
        let mut e = Engine::start();
        e.send(&format!("xboard\nprotover 2\nvariant {name}\nping 1"));
        let lines = e.until("pong 1");
        e.quit();
        let Some(setup) = lines.iter().find(|l| l.starts_with("setup (")) else { continue };
        let table = setup["setup (".len()..].split(')').next().unwrap();
        let mut slots: Vec<String> = Vec::new();
        let mut chars = table.chars();
        while let Some(c) = chars.next() {
            slots.push(if c == '^' { format!("^{}", chars.next().unwrap()) } else { c.to_string() });
        }
        let white = &slots[..slots.len() / 2];
        for (i, s) in white.iter().enumerate() {
            if s.len() == 1 && white.contains(&format!("^{s}")) {
                assert!(i <= 10, "{name}: {s} on type {i}: {setup}");
            }
        }
    }
}

#[test]
fn a_deferred_promotion_from_xboard_is_a_plain_move() {
    // XBoard relays a shogi move that could promote and did not as `e6e7=`.
    let v = load_str(builtin::text("shogi").unwrap()).unwrap().0;
    assert_eq!(parse_gui_move(&v, "c3c4=").as_deref(), Some("c3c4"));
    let mut e = Engine::start();
    e.send("xboard\nprotover 2\nvariant shogi\nforce\nusermove c3c4\nusermove g7g6\nusermove b2h8=\nping 2");
    let lines = e.until("pong 2");
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
    e.quit();
}

#[test]
fn xboards_start_fen_without_castling_rights_keeps_the_variants() {
    // XBoard keeps a taught variant's castling (Betza `O`) as the pieces'
    // virginity and sends `setboard ... w - - 0 1`: the engine keeps the
    // start position's rights, so kinglet's `e1c1` stays legal.
    let mut e = Engine::start();
    let moves = "b1c3 b8c6 g1f3 g8f6 d2d4 d7d5 d1d3 d8d6 c1e3 c6b4 c3b5 d6c6 d3c3 c6b5 c3c7 b4c6 e1c1";
    let mut script = "xboard\nprotover 2\nvariant kinglet\nforce\n".to_string();
    script += "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n";
    for m in moves.split(' ') {
        script += &format!("usermove {m}\n");
    }
    e.send(&(script + "ping 3"));
    let lines = e.until("pong 3");
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
    e.quit();
}

#[test]
fn a_pawn_step_xboard_would_take_for_en_passant_is_refused() {
    // pawnsideways: e5-d5 is legal, but XBoard (ApplyMove) would remove
    // the knight on d4 as if en passant; refused with the reason, while the
    // step onto d5 with nothing behind it stays legal.
    let mut e = Engine::start();
    e.send("xboard\nprotover 2\nvariant pawnsideways\nforce\nsetboard 4k3/8/8/4P3/3N4/8/8/4K3 w - - 0 1");
    e.send("usermove e5d5\nping 4");
    let lines = e.until("pong 4");
    let refused = "Illegal move (XBoard would remove the piece on d4 as if en passant): e5d5";
    assert!(lines.iter().any(|l| l == refused), "{lines:?}");
    e.send("setboard 4k3/8/8/4P3/8/8/8/4K3 w - - 0 1\nusermove e5d5\nping 5");
    let lines = e.until("pong 5");
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
    e.quit();
}

/// With 300 ms on its clock (`time 30`, centiseconds) the engine moves well
/// within it, in a middlegame where a search has plenty to do, whether the
/// clock is sudden death, has an increment or a session of moves; and with
/// `st 0.3` it takes about its 300 ms, no more.
#[test]
fn little_time_left_is_answered_within_it() {
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9";
    let mut e = Engine::start();
    e.handshake();
    for clock in
        ["level 0 5 0\ntime 30\notim 3000", "level 0 5 1\ntime 30\notim 30", "level 40 5 0\ntime 30\notim 30", "st 0.3"]
    {
        e.send(&format!("new\nforce\nsetboard {fen}\n{clock}\nping 1"));
        e.until("pong 1");
        e.send("go");
        let t = std::time::Instant::now();
        let m = e.until("move ").last().unwrap().strip_prefix("move ").unwrap().to_string();
        let ms = t.elapsed().as_millis();
        let most = if clock == "st 0.3" { 600 } else { 300 };
        assert!(ms < most, "{clock}: {m} after {ms} ms");
        assert!(legal("chess", Some(fen), &[], &m), "{clock}: {m}");
    }
    e.quit();
}

/// The king's castling Betza names how far in from the end of the rank its
/// partner stands: XBoard 4.9.1 castles by `O` with the corner piece, and
/// with the piece one further in after a `j` (moves.c). Gustav III's and
/// Shako's rooks stand beside the corner piece; Capablanca-house's in the
/// corner. XBoard refused Gustav III's f1d1 (castling with the b1 rook)
/// while it was taught `KisO2`.
#[test]
fn castling_betza_reaches_a_partner_beside_the_corner() {
    for (variant, king) in
        [("gustav3", "piece K& KisjO2"), ("shako", "piece K& KisjO2"), ("capahouse", "piece K& KisO3")]
    {
        let mut e = Engine::start();
        e.send(&format!("xboard\nprotover 2\nnew\nvariant {variant}\nping 1"));
        let lines = e.until("pong 1");
        assert!(lines.iter().any(|l| l == king), "{variant}: {lines:?}");
        e.quit();
    }
}

#[test]
fn analysis_mode_thinks_about_each_position_the_user_sets_and_never_moves() {
    let pause = || std::thread::sleep(std::time::Duration::from_millis(300));
    let mut e = Engine::start();
    let features = e.handshake();
    assert!(features.contains(" analyze=1 "), "{features}");
    // No `post`: in analysis mode the thinking is shown anyway.
    e.send("new\nforce\nanalyze");
    pause();
    // XBoard's status request `.`, a ping, the clocks and the other lines
    // that change nothing analysed do not restart the search: one
    // iteration of depth 1 only, and deeper ones after it.
    e.send("time 6000\notim 6000\npost\ncomputer\nname Somebody");
    pause();
    e.send(".\nping 1");
    let start = thinking(&e.until("pong 1"));
    assert_eq!(start.iter().filter(|w| w[0] == "1").count(), 1, "{start:?}");
    assert!(start.iter().any(|w| w[0].parse::<u32>().unwrap() >= 3), "{start:?}");
    assert!(start.iter().all(|w| legal("chess", None, &[], &w[4])), "{start:?}");
    // A move the user makes is analysed next; the engine does not reply.
    e.send("usermove e2e4");
    pause();
    e.send("ping 2");
    let lines = e.until("pong 2");
    assert!(lines.iter().all(|l| !l.starts_with("move ")), "{lines:?}");
    let after = thinking(&lines);
    let answers: Vec<&Vec<String>> = after.iter().filter(|w| legal("chess", None, &["e2e4"], &w[4])).collect();
    assert!(!answers.is_empty() && answers.iter().any(|w| w[0] == "1"), "{after:?}");
    // `go` does not make it play either; `undo` goes back to the start.
    e.send("go");
    pause();
    e.send("undo");
    pause();
    e.send("ping 3");
    let lines = e.until("pong 3");
    assert!(lines.iter().all(|l| !l.starts_with("move ")), "{lines:?}");
    let last = thinking(&lines).last().cloned().unwrap();
    assert!(legal("chess", None, &[], &last[4]), "{lines:?}");
    // After `exit` the engine is quiet until told to play.
    e.send("exit\nping 4");
    e.until("pong 4");
    pause();
    e.send("ping 5");
    assert_eq!(e.until("pong 5"), ["pong 5"]);
    e.send("st 0.1\ngo");
    let m = e.until("move ").last().unwrap().strip_prefix("move ").unwrap().to_string();
    assert!(legal("chess", None, &[], &m), "{m}");
    e.quit();
}
