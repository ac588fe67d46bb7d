//! Fuzz targets on stable Rust: property tests (proptest) over the Betza
//! parser and compiler, the TOML loader, the FEN parser, the move parser
//! and random playouts.
//!
//! Every target turns one *text* input into a verdict, so that a failing or
//! interesting input is simply a file: `tests/fuzz-corpus/TARGET/*.txt` are
//! replayed first, on every run.
//!
//! * Normal suite: a fixed seed and a small budget per target.
//! * Long mode: `ROOKERY_FUZZ_MINUTES=30 cargo test --release --test fuzz TARGET -- --nocapture`
//!   runs TARGET (`betza`, `loader`, `fen`, `moves`, `playout`) for that many
//!   minutes with fresh seeds, saves inputs with a new kind of outcome to
//!   the corpus (at most 40 per target) and a failing input, shrunk, as
//!   `tests/fuzz-corpus/TARGET/failure-*.txt`.

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestError, TestRunner};

use rookery::game::notation::{move_text, parse_move};
use rookery::game::perft::perft;
use rookery::game::{Game, Move, Position};
use rookery::hooks::rng::Rng;
use rookery::variant::{builtin, load_str, Variant};

/// What one input did: `Ok(kind of outcome)` or `Err(the broken invariant)`.
type Verdict = Result<String, String>;

/// Every built-in definition, loaded once.
fn builtins() -> &'static [Variant] {
    static V: OnceLock<Vec<Variant>> = OnceLock::new();
    V.get_or_init(|| builtin::BUILTIN.iter().map(|(_, t)| load_str(t).expect("built-in loads").0).collect())
}

fn variant(name: &str) -> Result<&'static Variant, String> {
    builtins().iter().find(|v| v.name == name).ok_or_else(|| format!("no built-in {name:?}"))
}

/// Digits out, so that outcome kinds do not multiply with numbers.
fn kind_of_message(m: &str) -> String {
    m.chars().filter(|c| !c.is_ascii_digit()).take(60).collect()
}

// ---------------------------------------------------------------- targets

/// `BETZA␤FILESxRANKS␤CELL`: parse, compile on that board from that cell,
/// classify every destination. Never panics; programs stay under the cap.
fn betza_target(input: &str) -> Verdict {
    let mut lines = input.splitn(3, '\n');
    let betza = lines.next().unwrap_or("");
    let (files, ranks) = lines
        .next()
        .and_then(|b| b.split_once('x'))
        .and_then(|(f, r)| Some((f.parse().ok()?, r.parse().ok()?)))
        .unwrap_or((8, 8));
    let from = lines.next().unwrap_or("d4").to_string();
    let probe = rookery::probe::Probe {
        betza: betza.to_string(),
        files,
        ranks,
        from,
        black: betza.len() % 2 == 1,
        friends: Vec::new(),
        enemies: Vec::new(),
        holes: Vec::new(),
        virgin: true,
        virgin_friends: Vec::new(),
    };
    match rookery::probe::prepare(&probe) {
        Err(e) => Ok(kind_of_message(&e.to_string())),
        Ok(prep) => {
            if prep.program.nodes.len() > rookery::compile::MAX_PROGRAM_NODES {
                return Err(format!("program of {} nodes", prep.program.nodes.len()));
            }
            let moves = rookery::probe::destinations(&prep, true);
            let round = rookery::betza::compile_paths(betza).map(|_| ());
            if round.is_err() {
                return Err("compiled, but compile_paths fails".into());
            }
            Ok(format!("compiled, {} destinations", moves.len().min(3)))
        }
    }
}

/// A whole definition: load it; every diagnostic renders and points into
/// the text; a loaded variant starts, lists moves, round-trips its FEN,
/// exports and draws.
fn loader_target(text: &str) -> Verdict {
    match load_str(text) {
        Err(e) => {
            for d in &e.diagnostics {
                let r = d.render("fuzz.toml", text);
                // Located: inside the text, and somewhere (an empty span at
                // the very start is a problem given no place, except a
                // missing table, which is reported there on purpose).
                let nowhere = d.span == (0..0) && !text.trim().is_empty() && !d.message.starts_with("missing table");
                if !r.contains("--> fuzz.toml:") || d.span.start > d.span.end || d.span.end > text.len() || nowhere {
                    return Err(format!("bad location {:?}: {r}", d.span));
                }
            }
            Ok(e.diagnostics.first().map_or("no diagnostic".into(), |d| kind_of_message(&d.message)))
        }
        Ok((v, _)) => loaded_variant(&v).map(|_| "loaded".to_string()),
    }
}

fn loaded_variant(v: &Variant) -> Result<(), String> {
    let mut pos = Position::from_fen(v, &v.setup_fen).map_err(|e| format!("setup rejected: {e}"))?;
    let fen = pos.fen();
    let again = Position::from_fen(v, &fen).map_err(|e| format!("own FEN {fen} rejected: {e}"))?;
    if again.fen() != fen {
        return Err(format!("FEN round trip {fen} -> {}", again.fen()));
    }
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    // perft(1) of the start is its legal moves; perft(2) their sum (kept
    // to positions of modest width so that a case stays fast).
    if perft(&mut pos, 1) != legal.len() as u64 {
        return Err(format!("perft(1) {} but {} legal moves", perft(&mut pos, 1), legal.len()));
    }
    if legal.len() <= 120 {
        check_perft_sums(&mut pos)?;
    }
    for f in rookery::export::Format::ALL {
        let _ = rookery::export::export(v, f);
    }
    let _ = rookery::render::svg::board_svg(&pos, &Default::default());
    Game::new(pos).outcome();
    Ok(())
}

/// `VARIANT␤FEN`: read the FEN; an accepted one round-trips, has legal
/// moves that keep the mover safe, and its side not to move is not in check.
fn fen_target(input: &str) -> Verdict {
    let (name, fen) = input.split_once('\n').unwrap_or(("chess", input));
    let v = variant(name)?;
    let mut pos = match Position::from_fen(v, fen) {
        Err(e) => return Ok(kind_of_message(&e.to_string())),
        Ok(p) => p,
    };
    let out = pos.fen();
    let again = Position::from_fen(v, &out).map_err(|e| format!("own FEN {out} rejected: {e}"))?;
    if again.fen() != out || again.key() != pos.key() {
        return Err(format!("round trip {out} -> {}", again.fen()));
    }
    if royal_attacked(&pos, pos.side() ^ 1) {
        return Err(format!("accepted with the side not to move in check: {out}"));
    }
    check_moves_keep_mover_safe(&mut pos)?;
    Ok("accepted".into())
}

/// `VARIANT SEED PLIES␤TEXT`: play PLIES random moves, then parse TEXT:
/// only a legal move may come back, and every legal move's text parses to it.
fn moves_target(input: &str) -> Verdict {
    let (head, text) = input.split_once('\n').unwrap_or((input, ""));
    let (v, seed, plies) = playout_head(head)?;
    let mut pos = Position::start(v);
    let mut rng = Rng::new(seed);
    let mut legal = Vec::new();
    for _ in 0..plies {
        pos.legal_moves(&mut legal);
        let Some(&m) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else { break };
        pos.make(m);
    }
    pos.legal_moves(&mut legal);
    for m in &legal {
        let t = move_text(&pos, m, &legal);
        if parse_move(&pos, &t, &legal) != Some(*m) {
            return Err(format!("{t} does not parse back in {}", pos.fen()));
        }
    }
    match parse_move(&pos, text, &legal) {
        Some(m) if !legal.contains(&m) => Err(format!("{text} parsed to an illegal move")),
        Some(_) => Ok("parsed".into()),
        None => Ok("rejected".into()),
    }
}

/// `VARIANT SEED PLIES`: a random game. At every ply: make/unmake restores
/// FEN and hash, no legal move leaves the mover's royal attacked, every
/// listed move's text parses back, perft(2) = Σ perft(1).
fn playout_target(input: &str) -> Verdict {
    let (v, seed, plies) = playout_head(input)?;
    let mut game = Game::new(Position::start(v));
    let mut rng = Rng::new(seed);
    let mut legal = Vec::new();
    for _ in 0..plies {
        if game.outcome().is_some() {
            return Ok("game over".into());
        }
        check_moves_keep_mover_safe(&mut game.pos)?;
        check_perft_sums(&mut game.pos)?;
        game.pos.legal_moves(&mut legal);
        let Some(&m) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else { break };
        game.play(m);
    }
    Ok("played".into())
}

fn playout_head(head: &str) -> Result<(&'static Variant, u64, u32), String> {
    let mut it = head.split_whitespace();
    let v = variant(it.next().unwrap_or("chess"))?;
    let seed = it.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let plies = it.next().and_then(|s| s.parse::<u32>().ok()).unwrap_or(10).min(400);
    Ok((v, seed, plies))
}

/// Whether a royal piece of `side` stands attacked.
/// Whether `side` is in check by the variant's own royal-check rule: with
/// `royal-check = "all"` (spartan) one attacked king of two is no check.
fn royal_attacked(pos: &Position<'_>, side: u8) -> bool {
    pos.side_in_check(side)
}

/// Every legal move: make keeps the mover's royals safe; unmake restores
/// the FEN and the hash; its text parses back to it.
fn check_moves_keep_mover_safe(pos: &mut Position<'_>) -> Result<(), String> {
    let (fen, key, side) = (pos.fen(), pos.key(), pos.side());
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    for &m in &legal {
        let text = move_text(pos, &m, &legal);
        if parse_move(pos, &text, &legal) != Some(m) {
            return Err(format!("{text} does not parse back in {fen}"));
        }
        let u = pos.make(m);
        let unsafe_king = royal_attacked(pos, side);
        pos.unmake(m, u);
        if unsafe_king {
            return Err(format!("{text} leaves the mover's royal attacked in {fen}"));
        }
        if pos.fen() != fen || pos.key() != key {
            return Err(format!("make/unmake of {text} changed {fen} into {}", pos.fen()));
        }
    }
    Ok(())
}

fn check_perft_sums(pos: &mut Position<'_>) -> Result<(), String> {
    let mut legal: Vec<Move> = Vec::new();
    pos.legal_moves(&mut legal);
    let mut sum = 0;
    for &m in &legal {
        let u = pos.make(m);
        sum += perft(pos, 1);
        pos.unmake(m, u);
    }
    let p2 = perft(pos, 2);
    if p2 != sum {
        return Err(format!("perft(2) = {p2} but the sum of perft(1) is {sum} in {}", pos.fen()));
    }
    Ok(())
}

// ------------------------------------------------------------- strategies

const NAMES: &[&str] =
    &["chess", "capablanca", "tcb", "wild-tamerlane", "tigrey", "tigerchess", "tiger-lily", "glinski"];

fn betza_inputs() -> impl Strategy<Value = String> {
    const TOKENS: &[&str] = &[
        "m", "c", "a", "p", "g", "y", "j", "n", "i", "o", "z", "q", "f", "b", "l", "r", "v", "s", "h", "d", "e", "W",
        "F", "D", "N", "A", "H", "C", "Z", "G", "K", "R", "B", "Q", "O", "X", "Y", "L", "J", "(1,2)", "(0,3)",
        "(9,-1)", "2", "3", "0", "7", "99", "[", "]", "?", "-", "é", "*", "u", "x", "t", "U", "I", " ",
    ];
    let structured = prop::collection::vec(prop::sample::select(TOKENS), 0..14).prop_map(|t| t.concat());
    let text = prop_oneof![structured, "\\PC{0,12}"];
    (text, 1u32..=32, 1u32..=32, 0u32..32, 0u32..32)
        .prop_map(|(b, f, r, x, y)| format!("{b}\n{f}x{r}\n{}", rookery::board::square_label(x % f, y % r)))
}

/// One edit of a definition's text.
#[derive(Clone, Debug)]
enum Edit {
    DeleteLine(usize),
    DuplicateLine(usize),
    ReplaceValue(usize, &'static str),
    Insert(usize, String),
    Truncate(usize),
    /// A Betza string's text changed: a token put in at a place.
    Betza(usize, usize, &'static str),
    /// `files` or `ranks` set to a size.
    BoardSize(bool, i64),
    /// A key renamed (to another key of the schema, or a misspelling).
    RenameKey(usize, &'static str),
}

fn apply(text: &str, e: &Edit) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let n = lines.len().max(1);
    match e {
        Edit::DeleteLine(i) if !lines.is_empty() => {
            lines.remove(i % n);
        }
        Edit::DuplicateLine(i) if !lines.is_empty() => {
            let l = lines[i % n].clone();
            lines.insert(i % n, l);
        }
        Edit::ReplaceValue(i, v) if !lines.is_empty() => {
            let l = &mut lines[i % n];
            if let Some(eq) = l.find('=') {
                *l = format!("{}= {v}", &l[..eq]);
            }
        }
        Edit::Insert(at, s) => {
            let mut t = lines.join("\n");
            let mut at = at % (t.len() + 1);
            while !t.is_char_boundary(at) {
                at -= 1;
            }
            t.insert_str(at, s);
            return t;
        }
        Edit::Betza(i, at, token) => {
            let betza: Vec<usize> = (0..lines.len()).filter(|&j| lines[j].trim_start().starts_with("betza")).collect();
            if let Some(&j) = betza.get(i % betza.len().max(1)) {
                let l = &mut lines[j];
                let quotes = (l.find('"'), l.rfind('"'));
                // (A line with one quote left has nothing between quotes.)
                if let (Some(open), Some(close)) = quotes.0.zip(quotes.1).filter(|(o, c)| c > o).unzip() {
                    let mut at = open + 1 + at % (close - open);
                    while !l.is_char_boundary(at) {
                        at -= 1;
                    }
                    l.insert_str(at, token);
                }
            }
        }
        Edit::BoardSize(files, n) => {
            let key = if *files { "files" } else { "ranks" };
            if let Some(l) = lines.iter_mut().find(|l| l.split('=').next().is_some_and(|k| k.trim() == key)) {
                *l = format!("{key} = {n}");
            }
        }
        Edit::RenameKey(i, key) => {
            let l = &mut lines[i % n];
            if let Some(eq) = l.find('=') {
                *l = format!("{key} {}", &l[eq..]);
            }
        }
        Edit::Truncate(at) => {
            let t = lines.join("\n");
            let mut at = at % (t.len() + 1);
            while !t.is_char_boundary(at) {
                at -= 1;
            }
            return t[..at].to_string();
        }
        _ => {}
    }
    lines.join("\n")
}

/// Tokens put into Betza strings: atoms, modifiers, ranges, brackets, junk.
const BETZA_TOKENS: &[&str] = &[
    "W", "F", "N", "R", "Q", "K", "O", "m", "c", "a", "p", "g", "i", "n", "j", "f", "b", "s", "v", "e", "x", "0", "7",
    "99", "(1,2)", "[", "]", "?", "-", "é", "mama", "mpamca", "yaf", "O9",
];

/// Keys a line's key is renamed to: the schema's (in another table than
/// theirs), near misses and junk.
const KEYS: &[&str] = &[
    "betza",
    "betza-black",
    "letter",
    "royal",
    "pawn",
    "files",
    "ranks",
    "holes",
    "fen",
    "choices",
    "mandatory",
    "move-rule",
    "repetition",
    "stalemate",
    "check-limit",
    "confined-to",
    "region",
    "resets-move-rule",
    "when",
    "promotes-to",
    "name",
    "Letter",
    "betza ",
    "\"é\"",
    "a.b.c",
    "pieces",
    "x",
];

fn loader_inputs() -> impl Strategy<Value = String> {
    const VALUES: &[&str] = &[
        "-1",
        "0",
        "1",
        "33",
        "99999999999999999999",
        "\"\"",
        "\"é\"",
        "nan",
        "inf",
        "-inf",
        "[]",
        "{}",
        "true",
        "\"x\"",
        "\"K\"",
        "\"mamamamaQ\"",
        "\"WD7\"",
        "\"8/8/8/8/8/8/8/8 w - - 0 1\"",
        "[\"a1\", \"a1\"]",
        "[[0.0, 0.0], [1.0, nan], [1.0, 1.0]]",
        "[nan, inf]",
        "\"polygons\"",
        "\"tigerchess\"",
        "[\"Q\"]",
        "\"k7/8/8/8/8/8/8/7K[Qq] w - - 0 1\"",
        "\"black\"",
        "1e308",
    ];
    let edit = prop_oneof![
        any::<usize>().prop_map(Edit::DeleteLine),
        any::<usize>().prop_map(Edit::DuplicateLine),
        (any::<usize>(), prop::sample::select(VALUES)).prop_map(|(i, v)| Edit::ReplaceValue(i, v)),
        (any::<usize>(), "\\PC{0,6}").prop_map(|(i, s)| Edit::Insert(i, s)),
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), any::<usize>(), prop::sample::select(BETZA_TOKENS))
            .prop_map(|(i, at, t)| Edit::Betza(i, at, t)),
        (any::<bool>(), prop_oneof![-2i64..=40, Just(1 << 20), Just(i64::MAX)])
            .prop_map(|(f, n)| Edit::BoardSize(f, n)),
        (any::<usize>(), prop::sample::select(KEYS)).prop_map(|(i, k)| Edit::RenameKey(i, k)),
    ];
    (0..builtin::BUILTIN.len(), prop::collection::vec(edit, 1..5))
        .prop_map(|(i, edits)| edits.iter().fold(builtin::BUILTIN[i].1.to_string(), |t, e| apply(&t, e)))
}

fn fen_inputs() -> impl Strategy<Value = String> {
    let random = "[rnbqkpRNBQKP1-9/ *\\[\\]wb\\-0-9a-hé]{0,40}".prop_map(String::from);
    let mutated = (0..NAMES.len(), any::<u64>(), 0u32..40, any::<usize>(), "[rnbqkRNBQK1-9/ *\\[\\]wb\\-é]{0,3}")
        .prop_map(|(i, seed, plies, at, ins)| {
            let v = variant(NAMES[i]).expect("built-in");
            let mut fen = played_fen(v, seed, plies);
            let at = at % (fen.len() + 1);
            fen.replace_range(at..(at + 1).min(fen.len()), &ins);
            fen
        });
    (0..NAMES.len(), prop_oneof![random, mutated]).prop_map(|(i, f)| format!("{}\n{f}", NAMES[i]))
}

/// The FEN after `plies` random moves from the setup.
fn played_fen(v: &Variant, seed: u64, plies: u32) -> String {
    let mut pos = Position::start(v);
    let mut rng = Rng::new(seed);
    let mut legal = Vec::new();
    for _ in 0..plies {
        pos.legal_moves(&mut legal);
        let Some(&m) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else { break };
        pos.make(m);
    }
    pos.fen()
}

fn moves_inputs() -> impl Strategy<Value = String> {
    let shaped = "[a-p]{0,2}[0-9]{0,3}[a-p@+*]{0,2}[0-9]{0,3}[a-zA-Zé+=~]{0,2}";
    let text = prop_oneof![4 => shaped, 1 => "\\PC{0,10}"];
    (0..builtin::BUILTIN.len(), any::<u64>(), 0u32..30, text)
        .prop_map(|(i, seed, plies, text)| format!("{} {seed} {plies}\n{text}", builtin::BUILTIN[i].0))
}

fn playout_inputs() -> impl Strategy<Value = String> {
    (0..NAMES.len(), any::<u64>(), 1u32..40).prop_map(|(i, seed, plies)| format!("{} {seed} {plies}", NAMES[i]))
}

// ------------------------------------------------- FEN mutations, all built-ins

/// Every FEN the FEN-mutation target starts from: each built-in's setup and
/// every FSF FEN of tests/perft (`variant` / `fen` lines), as (name, FEN).
fn seed_fens() -> &'static [(String, String)] {
    static F: OnceLock<Vec<(String, String)>> = OnceLock::new();
    F.get_or_init(|| {
        let mut out: Vec<(String, String)> = builtins().iter().map(|v| (v.name.clone(), v.setup_fen.clone())).collect();
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
        let mut files: Vec<_> = std::fs::read_dir(dir).expect("tests/perft").flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files.iter().filter(|f| f.extension().is_some_and(|e| e == "perft")) {
            let text = std::fs::read_to_string(f).expect("perft file");
            let mut name = "chess".to_string();
            for line in text.lines() {
                if let Some(n) = line.strip_prefix("variant ") {
                    name = n.trim().to_string();
                } else if let Some(fen) = line.strip_prefix("fen ") {
                    if variant(&name).is_ok() {
                        out.push((name.clone(), fen.trim().to_string()));
                    }
                }
            }
        }
        out
    })
}

/// One whole-field damage of a FEN (the `fen` target's single-character
/// edits rarely make these): ranks added or cut, a count changed, a hand
/// opened or filled, an e.p. field replaced, fields cut or added.
#[derive(Clone, Debug)]
enum FenEdit {
    ExtraRanks(usize),
    CutRanks(usize),
    Count(usize, &'static str),
    Hand(&'static str),
    Ep(&'static str),
    CutFields(usize),
    ExtraField(&'static str),
    Truncate(usize),
}

fn apply_fen(fen: &str, e: &FenEdit) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(String::from).collect();
    let mut ranks: Vec<String> = fields[0].split('/').map(String::from).collect();
    match e {
        FenEdit::ExtraRanks(n) => ranks.extend(std::iter::repeat_n(ranks[0].clone(), 1 + n % 3)),
        FenEdit::CutRanks(n) => ranks.truncate(n % ranks.len().max(1)),
        FenEdit::Count(i, s) => {
            let at = i % ranks.len();
            let r = &mut ranks[at];
            match r.find(|c: char| c.is_ascii_digit()) {
                Some(at) => r.replace_range(at..at + 1, s),
                None => r.push_str(s),
            }
        }
        FenEdit::Hand(h) => ranks.last_mut().expect("a rank").push_str(h),
        FenEdit::Ep(ep) => {
            fields.resize(fields.len().max(4), "-".into());
            fields[3] = ep.to_string();
        }
        FenEdit::CutFields(n) => fields.truncate(1 + n % fields.len()),
        FenEdit::ExtraField(f) => fields.push(f.to_string()),
        FenEdit::Truncate(at) => {
            let mut at = at % (fen.len() + 1);
            while !fen.is_char_boundary(at) {
                at -= 1;
            }
            return fen[..at].to_string();
        }
    }
    fields[0] = ranks.join("/");
    fields.join(" ")
}

fn fen_edit_inputs() -> impl Strategy<Value = String> {
    const COUNTS: &[&str] = &["0", "9", "10", "13", "99", "4294967296", "é", "*", "-1"];
    const HANDS: &[&str] = &["[", "[Q", "[QQ]", "[]]", "[é]", "[Z]", "[-]", "[Pp]", "[KQRBNPkqrbnp]"];
    const EPS: &[&str] =
        &["e3", "e6", "a1", "c3c4", "a1a2a3a4a5a6a7a8a9", "z9", "e", "3", "99999", "-", "é3", "d3c4h5"];
    const EXTRA: &[&str] = &["x", "0", "3+3", "1", "-"];
    let edit = prop_oneof![
        any::<usize>().prop_map(FenEdit::ExtraRanks),
        any::<usize>().prop_map(FenEdit::CutRanks),
        (any::<usize>(), prop::sample::select(COUNTS)).prop_map(|(i, s)| FenEdit::Count(i, s)),
        prop::sample::select(HANDS).prop_map(FenEdit::Hand),
        prop::sample::select(EPS).prop_map(FenEdit::Ep),
        any::<usize>().prop_map(FenEdit::CutFields),
        prop::sample::select(EXTRA).prop_map(FenEdit::ExtraField),
        any::<usize>().prop_map(FenEdit::Truncate),
    ];
    (0..seed_fens().len(), prop::collection::vec(edit, 1..3)).prop_map(|(i, edits)| {
        let (name, fen) = &seed_fens()[i];
        format!("{name}\n{}", edits.iter().fold(fen.clone(), |f, e| apply_fen(&f, e)))
    })
}

/// `VARIANT␤FEN`, as [`fen_target`]; besides, a rejected FEN has every
/// problem located inside it (a column to point at), and an accepted one
/// has perft(2) equal to the sum of its moves' perft(1).
fn fen_edit_target(input: &str) -> Verdict {
    let (name, fen) = input.split_once('\n').unwrap_or(("chess", input));
    let v = variant(name)?;
    match Position::from_fen(v, fen) {
        Err(e) => {
            for (span, msg) in &e.0 {
                // An empty span at 0 is a problem with no place (the FEN is not empty).
                if span.start > span.end || span.end > fen.len().max(1) || (span.end == 0 && !fen.is_empty()) {
                    return Err(format!("problem {msg:?} at {span:?} in {fen:?}"));
                }
            }
            if !e.render(fen).contains("--> FEN:1:") {
                return Err(format!("not rendered with a column: {}", e.render(fen)));
            }
            Ok(kind_of_message(&e.to_string()))
        }
        Ok(mut pos) => {
            fen_target(input)?;
            check_perft_sums(&mut pos)?;
            Ok("accepted".into())
        }
    }
}

// ----------------------------------------------------------------- runner

fn corpus_dir(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-corpus").join(target)
}

/// Replays the target's corpus, then runs it: a small fixed-seed budget,
/// or ROOKERY_FUZZ_MINUTES of fresh seeds.
fn run<S>(target: &str, strategy: S, cases: u32, check: fn(&str) -> Verdict)
where
    S: Strategy<Value = String>,
{
    let dir = corpus_dir(target);
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    for f in &files {
        let input = std::fs::read_to_string(f).expect("corpus file is UTF-8");
        if let Err(e) = check(&input) {
            panic!("{}: {e}", f.display());
        }
    }
    let minutes: f64 = std::env::var("ROOKERY_FUZZ_MINUTES").ok().and_then(|m| m.parse().ok()).unwrap_or(0.0);
    if minutes <= 0.0 {
        let config = Config { cases, rng_seed: RngSeed::Fixed(0x5eed), failure_persistence: None, ..Config::default() };
        let result = TestRunner::new(config).run(&strategy, |s| check(&s).map(|_| ()).map_err(TestCaseError::fail));
        if let Err(e) = result {
            panic!("{target}: {e}");
        }
        return;
    }
    long_run(target, &strategy, check, Duration::from_secs_f64(minutes * 60.0));
}

/// Long mode: batches of 200 cases with fresh seeds until the time is up.
/// A failure is saved (shrunk) and the run goes on; it fails at the end.
fn long_run<S>(target: &str, strategy: &S, check: fn(&str) -> Verdict, budget: Duration)
where
    S: Strategy<Value = String>,
{
    let dir = corpus_dir(target);
    std::fs::create_dir_all(&dir).expect("corpus directory");
    let seen = std::sync::Mutex::new(std::collections::HashSet::new());
    let saved = std::sync::atomic::AtomicUsize::new(0);
    let mut failures = std::collections::HashSet::new();
    let t = Instant::now();
    let (mut batches, mut cases) = (0u64, 0u64);
    let seed0 = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_secs());
    while t.elapsed() < budget {
        let config = Config {
            cases: 200,
            rng_seed: RngSeed::Fixed(seed0.wrapping_add(batches)),
            failure_persistence: None,
            ..Config::default()
        };
        let result = TestRunner::new(config).run(strategy, |s| {
            let verdict = check(&s).map_err(TestCaseError::fail)?;
            if seen.lock().unwrap().insert(verdict) && saved.load(std::sync::atomic::Ordering::Relaxed) < 40 {
                let n = saved.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                std::fs::write(dir.join(format!("seen-{seed0}-{n:02}.txt")), &s).expect("write corpus");
            }
            Ok(())
        });
        batches += 1;
        cases += 200;
        if let Err(TestError::Fail(why, input)) = result {
            eprintln!("{target}: FAILURE {why}\ninput:\n{input}");
            if failures.insert(kind_of_message(why.message())) && failures.len() <= 20 {
                std::fs::write(dir.join(format!("failure-{seed0}-{batches}.txt")), &input).expect("write failure");
            }
        }
    }
    let secs = t.elapsed().as_secs_f64();
    let kinds = seen.lock().unwrap().len();
    eprintln!("{target}: {cases} cases in {secs:.0} s, {kinds} outcome kinds, {} failure kinds", failures.len());
    assert!(failures.is_empty(), "{target}: failures {failures:?}");
}

#[test]
fn betza() {
    run("betza", betza_inputs(), 2000, betza_target);
}

#[test]
fn loader() {
    run("loader", loader_inputs(), 300, loader_target);
}

#[test]
fn fen() {
    run("fen", fen_inputs(), 1500, fen_target);
}

#[test]
fn fen_edits() {
    run("fen_edits", fen_edit_inputs(), 600, fen_edit_target);
}

#[test]
fn moves() {
    run("moves", moves_inputs(), 400, moves_target);
}

#[test]
fn playout() {
    run("playout", playout_inputs(), 60, playout_target);
}
