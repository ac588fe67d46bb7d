//! Definitions: every built-in loads; every broken file in
//! `tests/bad-definitions/` is rejected with all its problems, each located
//! (snapshot of the rendered messages), and with as many errors as its
//! `# expect:` line says.

use std::path::Path;

use rookery::variant::{builtin, load_str, Severity};

#[test]
fn builtins_load_without_errors() {
    for (name, text) in builtin::BUILTIN {
        let (v, warnings) = load_str(text).unwrap_or_else(|e| panic!("{name}: {:?}", e.diagnostics));
        assert_eq!(&v.name, name, "the file's variant.name is its built-in name");
        assert!(warnings.is_empty(), "{name}: {warnings:?}");
    }
}

fn expected_errors(text: &str) -> Option<usize> {
    let first = text.lines().next()?.strip_prefix("# expect:")?.trim();
    let n: String = first.chars().take_while(|c| c.is_ascii_digit()).collect();
    n.parse().ok()
}

#[test]
fn broken_definitions_report_every_problem() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-definitions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 25, "the corpus must hold at least 25 files");
    let mut mismatches = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(f).unwrap();
        let diags = match load_str(&text) {
            Ok((_, warnings)) => warnings,
            Err(e) => e.diagnostics,
        };
        let errors = diags.iter().filter(|d| d.severity == Severity::Error).count();
        if let Some(want) = expected_errors(&text) {
            if want != errors {
                mismatches.push(format!("{name}: expected {want} errors, got {errors}"));
            }
        }
        let rendered: String =
            diags.iter().map(|d| d.render(&format!("tests/bad-definitions/{name}"), &text)).collect();
        // Every message names a place in the file.
        assert!(diags.iter().all(|d| d.span.end <= text.len()), "{name}");
        insta::assert_snapshot!(format!("bad_{}", name.trim_end_matches(".toml")), rendered);
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn reference_doc_is_generated_from_the_schema() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/toml-reference.md")).unwrap();
    assert_eq!(doc, rookery::variant::spec::reference_markdown(), "run `rookery schema > docs/toml-reference.md`");
}

#[test]
fn setup_as_square_lists_with_symmetry() {
    let chess = builtin::text("chess").unwrap();
    let start = chess.find("[setup]").unwrap();
    let end = start + chess[start..].find("\n[").unwrap_or(chess.len() - start);
    let lists = r#"[setup]
pieces = { K = ["e1"], Q = ["d1"], R = ["a1", "h1"], B = ["c1", "f1"], N = ["b1", "g1"], P = ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"] }
symmetry = "mirror"
castling = "KQkq"
"#;
    let text = format!("{}{}{}", &chess[..start], lists, &chess[end..]);
    let (v, _) = load_str(&text).unwrap_or_else(|e| panic!("{:?}", e.diagnostics));
    assert_eq!(v.setup_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let rotated = text.replace("symmetry = \"mirror\"", "symmetry = \"rotate\"");
    let (v, _) = load_str(&rotated).unwrap();
    assert!(v.setup_fen.starts_with("rnbkqbnr/"), "{}", v.setup_fen);
    let bad = text.replace("\"e1\"", "\"e9\"");
    let err = load_str(&bad).unwrap_err();
    assert!(err.diagnostics.iter().any(|d| d.message.contains("\"e9\" is not a cell")), "{:?}", err.diagnostics);
}

/// Thousands of randomly damaged definitions: the loader reports problems,
/// it never panics (and a definition that still loads can start a game).
#[test]
fn damaged_definitions_never_panic() {
    let mut seed = 0x1234_5678_9ABC_DEF0u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let pieces: &[&str] =
        &["0", "-1", "99", "\"\"", "[", "]", "=", "\"K\"", "*", "/", "[[x]]", "\n", "9999999999", "\"z9\"", "1.5"];
    for (_, text) in builtin::BUILTIN {
        let bytes = text.as_bytes();
        for _ in 0..150 {
            let mut t = text.to_string();
            for _ in 0..(1 + next() % 3) {
                let at = (next() % bytes.len() as u64) as usize;
                let at = (0..=at).rev().find(|&i| t.is_char_boundary(i)).unwrap_or(0);
                let end = (at + (next() % 6) as usize).min(t.len());
                let end = (end..=t.len()).find(|&i| t.is_char_boundary(i)).unwrap_or(t.len());
                let with = pieces[(next() % pieces.len() as u64) as usize];
                t.replace_range(at..end, with);
            }
            if let Ok((v, _)) = load_str(&t) {
                let mut pos = rookery::game::Position::start(&v);
                let _ = rookery::game::perft::perft(&mut pos, 1);
            }
        }
    }
}

/// Which pieces take the plain (occupancy-only) move walk: chess's officers
/// do, so the generator's fast path is in use; pawns (en passant, double
/// step, promotion) and kyoto shogi's flipping pieces must not, or their
/// special moves would be lost (perft would catch that too, but this names
/// the cause).
#[test]
fn plain_walk_is_chosen_only_where_it_is_exact() {
    let plain_kinds = |name: &str| {
        let (v, _) = load_str(builtin::text(name).unwrap()).unwrap();
        let n = v.tables.cells;
        let letters: Vec<char> = v
            .pieces
            .iter()
            .enumerate()
            .filter(|(k, _)| v.tables.progs[k * 2 * n..(k + 1) * 2 * n].iter().all(|p| p.plain))
            .map(|(_, p)| p.letter)
            .collect();
        letters.into_iter().collect::<String>()
    };
    let chess = plain_kinds("chess");
    assert!(["N", "B", "R", "Q", "K"].iter().all(|l| chess.contains(l)), "{chess}");
    assert!(!chess.contains('P'), "{chess}");
    assert_eq!(plain_kinds("kyotoshogi"), "K", "every kyoto piece but the king flips on each move");
    let (v, _) = load_str(builtin::text("chess").unwrap()).unwrap();
    let n = v.tables.cells;
    let king = v.pieces.iter().position(|p| p.letter == 'K').unwrap();
    let castlers: Vec<usize> =
        v.tables.progs.iter().enumerate().filter(|(_, p)| p.castles).map(|(i, _)| i / (2 * n)).collect();
    assert!(!castlers.is_empty() && castlers.iter().all(|&k| k == king), "only the king castles");
}

/// The comment lines of `name`'s TOML just above its first line starting
/// with `key`, as one line of words.
fn comment_above(name: &str, key: &str) -> String {
    let text = builtin::text(name).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.starts_with(key)).unwrap_or_else(|| panic!("{name}: no {key}"));
    let mut out: Vec<&str> =
        lines[..at].iter().rev().take_while(|l| l.starts_with('#') || l.starts_with(key)).copied().collect();
    out.reverse();
    // One line of words: a phrase may be wrapped over two comment lines.
    out.iter().map(|l| l.trim_start_matches('#').trim()).collect::<Vec<_>>().join(" ")
}

#[test]
fn documented_games_mark_what_their_sources_do_not_say() {
    // Issue 14's fidelity items: the automatic draws say whether the rules
    // page gives them or they are our reading/default ...
    for (name, key) in [("wild-tamerlane", "move-rule"), ("tiger-lily", "move-rule"), ("tigrey", "repetition")] {
        let c = comment_above(name, key);
        assert!(c.contains("OUR READING") || c.contains("our default"), "{name} {key}:\n{c}");
    }
    assert!(comment_above("tigrey", "move-rule").contains("from the rules page"));
    // ... and TigerChess's orders of play are the research note's reading,
    // in the TOML and in the README's table.
    let tc = builtin::text("tigerchess").unwrap();
    assert!(tc.contains("RESEARCH NOTE'S READING"), "tigerchess.toml");
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let row = readme.lines().find(|l| l.starts_with("| `tigerchess` |")).expect("README row");
    assert!(row.contains("is the research note's reading") && !row.contains("exact"), "{row}");
}
