//! SVG pictures (`rookery::render`): the start position of every built-in
//! definition, move highlights, and the polygon boards (Glinski's hexagonal
//! board and the Tiger Lily reconstruction) drawn from bare grids.
//!
//! Every picture is checked for well-formedness (one `<svg>` root, balanced
//! tags, one shape per cell, one glyph per piece) and snapshot with insta.
//! With `ROOKERY_SVG_DIR=<dir>` set, the pictures are also written there as
//! `<name>.svg` (this is how `docs/images/` is made).

use std::path::PathBuf;

use rookery::board::glinski::glinski_cells;
use rookery::board::graph::{GraphGeometry, PolyCell};
use rookery::board::{Cell, Grid};
use rookery::game::{code_side, Position, WHITE};
use rookery::probe::{destinations, prepare_on};
use rookery::render::{board_svg, grid_svg, marks_from_probe, Mark, SvgOptions};
use rookery::variant::builtin::BUILTIN;
use rookery::variant::{load_str, Variant};
use serde_json::Value;

fn repo_file(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn load(name: &str) -> Variant {
    let text = rookery::variant::builtin::text(name).unwrap_or_else(|| panic!("no built-in {name}"));
    load_str(text).unwrap_or_else(|e| panic!("{name}: {e:?}")).0
}

/// Writes the picture to `$ROOKERY_SVG_DIR/<name>.svg` when that is set.
fn keep(name: &str, svg: &str) {
    if let Some(dir) = std::env::var_os("ROOKERY_SVG_DIR") {
        let path = PathBuf::from(dir).join(format!("{name}.svg"));
        std::fs::write(&path, svg).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// A tiny well-formedness check: one root, balanced tags, quoted
/// attributes, no stray angle brackets, no NaN; `cells` cell shapes and
/// `pieces` piece glyphs.
fn check(svg: &str, cells: usize, pieces: usize) {
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" "), "root element first");
    assert!(svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("<svg").count(), 1);
    assert_eq!(svg.matches("</svg>").count(), 1);
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        assert!(!rest[..open].contains('>'), "stray '>' in text {:?}", &rest[..open]);
        let close = open + rest[open..].find('>').expect("unclosed tag");
        let tag = &rest[open + 1..close];
        assert!(!tag.contains('<'), "'<' inside tag {tag:?}");
        assert_eq!(tag.matches('"').count() % 2, 0, "unbalanced quotes in {tag:?}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name), "closing tag {name}");
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().expect("tag name");
            assert!(!stack.is_empty() || name == "svg", "{name} outside the root");
            stack.push(name);
        }
        rest = &rest[close + 1..];
    }
    assert!(stack.is_empty(), "unclosed tags {stack:?}");
    assert!(rest.trim().is_empty());
    for bad in ["NaN", "inf", "-0.00"] {
        assert!(!svg.contains(bad), "{bad} in the picture");
    }
    assert_eq!(svg.matches(r#"class="cell""#).count(), cells, "cell shapes");
    assert_eq!(svg.matches(r#"class="piece""#).count(), pieces, "piece glyphs");
}

fn piece_count(pos: &Position<'_>) -> usize {
    (0..pos.variant().grid.len()).filter(|&c| pos.at(c as Cell) != 0).count()
}

#[test]
fn start_position_of_every_builtin() {
    assert!(!BUILTIN.is_empty());
    for (name, text) in BUILTIN {
        let (v, _) = load_str(text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let pos = Position::start(&v);
        let opts = SvgOptions { title: Some(v.title.clone()), ..SvgOptions::default() };
        let svg = board_svg(&pos, &opts);
        check(&svg, v.grid.len(), piece_count(&pos));
        assert_eq!(svg, board_svg(&pos, &opts), "{name}: deterministic");
        keep(name, &svg);
        insta::assert_snapshot!(format!("start-{name}"), svg);
    }
}

#[test]
fn light_squares_follow_a1_light() {
    // Chess: a1 dark; Wild Tamerlane: a1 light (all four corners light).
    for (name, a1) in [("chess", "#b58863"), ("wild-tamerlane", "#f0d9b5")] {
        let v = load(name);
        let svg = board_svg(&Position::start(&v), &SvgOptions::default());
        let want = format!(r#"class="cell" data-cell="a1" fill="{a1}""#);
        assert!(svg.contains(&want), "{name}: {want}");
    }
}

#[test]
fn holes_are_hatched_not_cells() {
    let v = load("tcb");
    assert_eq!(v.grid.len(), 65);
    let svg = board_svg(&Position::start(&v), &SvgOptions::default());
    assert_eq!(svg.matches(r#"class="hole""#).count(), 16);
    assert!(svg.contains(r#"<pattern id="hole-hatch""#));
    assert!(!svg.contains(r#"data-cell="b1""#), "b1 is a hole");
    // No holes, no pattern.
    let chess = load("chess");
    assert!(!board_svg(&Position::start(&chess), &SvgOptions::default()).contains("hole"));
}

#[test]
fn options_coordinates_and_title() {
    let v = load("chess");
    let pos = Position::start(&v);
    let plain = board_svg(&pos, &SvgOptions { coordinates: false, ..SvgOptions::default() });
    check(&plain, 64, 32);
    assert!(!plain.contains("coordinates") && !plain.contains("<title>"));
    assert!(plain.contains(r#"width="336.00" height="336.00""#), "8 squares of 40 and 8 px padding");
    let titled = board_svg(&pos, &SvgOptions { title: Some("<Chess> & \"more\"".into()), ..SvgOptions::default() });
    check(&titled, 64, 32);
    assert!(titled.contains("<title>&lt;Chess&gt; &amp; &quot;more&quot;</title>"));
    // Coordinates: a..h below, 1..8 on the left, rank 1 at the bottom.
    for t in [">a</text>", ">h</text>", ">1</text>", ">8</text>"] {
        assert!(titled.contains(t), "{t}");
    }
    let y_of = |label: &str| -> f64 {
        let at = titled.find(&format!(r#"data-cell="{label}""#)).unwrap();
        let y = &titled[at..];
        let y = &y[y.find(" y=\"").unwrap() + 4..];
        y[..y.find('"').unwrap()].parse().unwrap()
    };
    assert!(y_of("a1") > y_of("a8"), "rank 1 at the bottom");
}

/// The destinations of the piece on `from` in `pos`, as marks.
fn marks_in(pos: &Position<'_>, from: &str, virgin_friends: &[&str]) -> (Cell, Vec<(Cell, Mark)>) {
    let v = pos.variant();
    let at = v.grid.parse(from).unwrap();
    let code = pos.at(at);
    assert_ne!(code, 0, "a piece on {from}");
    let (mut friends, mut enemies) = (Vec::new(), Vec::new());
    for c in 0..v.grid.len() as Cell {
        let p = pos.at(c);
        if c != at && p != 0 {
            let list = if code_side(p) == code_side(code) { &mut friends } else { &mut enemies };
            list.push(v.grid.label(c).to_string());
        }
    }
    let letter = v.pieces[rookery::game::code_kind(code) as usize].letter;
    let black = code_side(code) != WHITE;
    let mut prep = prepare_on(v, letter, from, black, &friends, &enemies).expect("probe");
    prep.virgin_friends = virgin_friends.iter().map(|s| v.grid.parse(s).unwrap()).collect();
    let moves = destinations(&prep, pos.is_virgin(at));
    (at, marks_from_probe(&v.grid, &moves))
}

fn count_marks(svg: &str, mark: &str) -> usize {
    svg.matches(&format!(r#"class="mark {mark}""#)).count()
}

#[test]
fn tigrey_pegasus_highlights() {
    let v = load("tigrey");
    // Pegasus on f5; a friend on g7 blocks that leap, enemies on e10 (at
    // the end of a slide) and h6 (a leap target).
    let pos = Position::from_fen(&v, "6k5/12/4r7/12/12/6P5/7n4/5E6/12/12/12/6K5 w - - 0 1").unwrap();
    let (from, marks) = marks_in(&pos, "f5", &[]);
    let cell = |s: &str| v.grid.parse(s).unwrap();
    assert!(marks.contains(&(cell("e10"), Mark::Capture)));
    assert!(marks.contains(&(cell("h6"), Mark::Capture)));
    assert!(marks.contains(&(cell("e7"), Mark::Both)));
    assert!(!marks.iter().any(|&(c, _)| c == cell("g7") || c == cell("g8") || c == cell("e11")));
    let opts = SvgOptions {
        highlight: marks.clone(),
        from: Some(from),
        title: Some("Tigrey: Pegasus".into()),
        ..Default::default()
    };
    let svg = board_svg(&pos, &opts);
    check(&svg, 144, piece_count(&pos));
    assert_eq!(count_marks(&svg, "capture"), 2);
    assert_eq!(count_marks(&svg, "both"), marks.len() - 2);
    assert_eq!(svg.matches(r#"class="from""#).count(), 1);
    keep("tigrey-pegasus", &svg);
    insta::assert_snapshot!("tigrey-pegasus", svg);
}

#[test]
fn chess_castling_and_pawn_marks() {
    let v = load("chess");
    let pos = Position::from_fen(&v, "r3k2r/8/8/3p4/4P3/8/8/R3K2R w KQkq - 0 1").unwrap();
    let (from, marks) = marks_in(&pos, "e1", &["a1", "h1"]);
    let cell = |s: &str| v.grid.parse(s).unwrap();
    assert!(marks.contains(&(cell("g1"), Mark::Castle)));
    assert!(marks.contains(&(cell("c1"), Mark::Castle)));
    let opts = SvgOptions { highlight: marks, from: Some(from), ..Default::default() };
    let svg = board_svg(&pos, &opts);
    check(&svg, 64, piece_count(&pos));
    assert_eq!(count_marks(&svg, "castle"), 2);
    keep("chess-castling", &svg);
    insta::assert_snapshot!("chess-castling", svg);

    // The pawn on e4: e5 move only, d5 a capture, f5 capture only (empty).
    let (from, marks) = marks_in(&pos, "e4", &[]);
    assert_eq!(marks, vec![(cell("d5"), Mark::Capture), (cell("e5"), Mark::Move), (cell("f5"), Mark::Capture)]);
    let svg = board_svg(&pos, &SvgOptions { highlight: marks, from: Some(from), ..Default::default() });
    check(&svg, 64, piece_count(&pos));
    assert_eq!((count_marks(&svg, "move"), count_marks(&svg, "capture")), (1, 2));
}

/// Pieces from the placement field of a FEN on a bare grid: groups in the
/// grid's row order, cells numbered row by row (as `Grid::from_graph` does).
fn fen_pieces(grid: &Grid, text: &str) -> Vec<(Cell, char, bool)> {
    let placement = text.split(' ').next().unwrap();
    let mut out = Vec::new();
    let mut cell = 0usize;
    let mut row_start = 0usize;
    for (i, group) in placement.split('/').enumerate() {
        let y = grid.ranks() - 1 - i as u32;
        let mut run = 0usize;
        for ch in group.chars() {
            if let Some(d) = ch.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            cell += std::mem::take(&mut run);
            out.push((cell as Cell, ch.to_ascii_uppercase(), ch.is_ascii_uppercase()));
            cell += 1;
        }
        cell += run;
        row_start += grid.row_len(y) as usize;
        assert_eq!(cell, row_start, "group {group} fills its row");
    }
    assert_eq!(cell, grid.len());
    out
}

/// Glinski's board, FEN groups = files a..l (no j), each from rank 1 up.
fn glinski_grid() -> Grid {
    let cells = glinski_cells();
    let mut rows: Vec<Vec<Cell>> = Vec::new();
    for (i, c) in cells.iter().enumerate() {
        let file = c.label.chars().next().unwrap();
        match rows.last_mut() {
            Some(row) if cells[row[0] as usize].label.starts_with(file) => row.push(i as Cell),
            _ => rows.push(vec![i as Cell]),
        }
    }
    assert_eq!(rows.len(), 11);
    Grid::from_graph(GraphGeometry::from_polygons(cells).expect("Glinski geometry"), &rows, [90.0, 270.0])
}

/// The Tiger Lily reconstruction, FEN groups = petals a..l, cells 1..6.
fn tiger_lily_grid() -> Grid {
    let text = std::fs::read_to_string(repo_file("tests/data/tiger-lily-board.json")).expect("board data");
    let doc: Value = serde_json::from_str(&text).expect("JSON");
    let cells: Vec<PolyCell> = doc["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .map(|c| PolyCell {
            label: c["label"].as_str().unwrap().to_string(),
            polygon: c["polygon"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p[0].as_f64().unwrap(), p[1].as_f64().unwrap()))
                .collect(),
        })
        .collect();
    let index = |l: &str| cells.iter().position(|c| c.label == l).unwrap_or_else(|| panic!("no cell {l}")) as Cell;
    let rows: Vec<Vec<Cell>> =
        "abcdefghijkl".chars().map(|p| (1..=6).map(|i| index(&format!("{p}{i}"))).collect()).collect();
    Grid::from_graph(GraphGeometry::from_polygons(cells).expect("Tiger Lily geometry"), &rows, [90.0, 270.0])
}

const GLINSKI_FEN: &str = "6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - - 0 1";
const TIGER_LILY_FEN: &str = "6/6/6/6/6/6/pppbbb/pppkrn/PPPNRK/PPPBBB/PPPQRN/pppnrq w - - 0 1";

#[test]
fn glinski_board() {
    let grid = glinski_grid();
    assert_eq!(grid.len(), 91);
    let pieces = fen_pieces(&grid, GLINSKI_FEN);
    assert_eq!(pieces.len(), 36);
    let opts = SvgOptions { title: Some("Glinski's Hexagonal Chess".into()), ..Default::default() };
    let svg = grid_svg(&grid, false, &pieces, &opts);
    check(&svg, 91, 36);
    assert_eq!(svg.matches("<polygon").count(), 91);
    // Three colours, 30 + 30 + 31 cells.
    let mut counts: Vec<usize> =
        ["#f0d9b5", "#c9a27a", "#8f6a4a"].iter().map(|c| svg.matches(&format!(r#"fill="{c}""#)).count()).collect();
    counts.sort();
    assert_eq!(counts, vec![30, 30, 31]);
    // Cell labels inside the cells.
    assert!(svg.contains(">f6</text>") && svg.contains(">l1</text>"));
    keep("glinski", &svg);
    insta::assert_snapshot!("grid-glinski", svg);
}

#[test]
fn glinski_knight_highlights() {
    let grid = glinski_grid();
    let from = grid.parse("f6").unwrap();
    // The knight's cells from the geometry (the same on an empty board
    // whatever the move compiler does with them).
    let knight = grid.graph().unwrap().geometry.knight(from);
    let marks: Vec<(Cell, Mark)> = knight.iter().map(|&c| (c, Mark::Both)).collect();
    assert_eq!(marks.len(), 12, "Glinski's knight has 12 leaps");
    let svg = grid_svg(
        &grid,
        false,
        &[(from, 'N', true)],
        &SvgOptions { highlight: marks, from: Some(from), ..Default::default() },
    );
    check(&svg, 91, 1);
    assert_eq!(count_marks(&svg, "both"), 12);
    keep("glinski-knight", &svg);
    insta::assert_snapshot!("grid-glinski-knight", svg);
}

#[test]
fn tiger_lily_board() {
    let grid = tiger_lily_grid();
    assert_eq!(grid.len(), 72);
    let pieces = fen_pieces(&grid, TIGER_LILY_FEN);
    assert_eq!(pieces.len(), 36);
    let opts = SvgOptions { title: Some("Tiger Lily Chess".into()), ..Default::default() };
    let svg = grid_svg(&grid, false, &pieces, &opts);
    check(&svg, 72, 36);
    let mut counts: Vec<usize> =
        ["#f0d9b5", "#c9a27a", "#8f6a4a"].iter().map(|c| svg.matches(&format!(r#"fill="{c}""#)).count()).collect();
    counts.sort();
    assert_eq!(counts, vec![24, 24, 24], "three colours of 24");
    keep("tiger-lily", &svg);
    insta::assert_snapshot!("grid-tiger-lily", svg);
}

/// The `<line …>` elements of a picture.
fn lines(svg: &str) -> Vec<&str> {
    svg.split('<').filter(|t| t.starts_with("line ")).collect()
}

#[test]
fn xiangqi_is_drawn_on_points_with_river_and_palace_diagonals() {
    let v = load("xiangqi");
    let svg = board_svg(&Position::start(&v), &SvgOptions::default());
    check(&svg, 90, 32);
    // 9 files x 10 ranks: 8 segments on each of 10 ranks, 9 on each of 9
    // files, less the 7 inner files cut by the river; 2 diagonals in each
    // palace.
    assert_eq!(lines(&svg).len(), 80 + 81 - 7 + 4);
    assert_eq!(svg.matches(r#"class="diagonal""#).count(), 4);
    assert_eq!(svg.matches(r#"class="river""#).count(), 1);
    // Pieces stand on the points: the general's disc is centred where the
    // e-file line meets the first rank line.
    let (x, y) = (24.0 + 4.5 * 40.0, 24.0 + 9.5 * 40.0);
    assert!(svg.contains(&format!(r#"<circle cx="{x:.2}" cy="{y:.2}""#)), "general on e1's point");
    // Palace diagonals run corner to corner: d1-f3 and d3-f1 on White's side.
    let diag = |a: (f64, f64), b: (f64, f64)| {
        format!(
            r#"x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}""#,
            24.0 + a.0 * 40.0,
            24.0 + a.1 * 40.0,
            24.0 + b.0 * 40.0,
            24.0 + b.1 * 40.0
        )
    };
    assert!(svg.contains(&diag((3.5, 9.5), (5.5, 7.5))), "d1-f3");
    assert!(svg.contains(&diag((3.5, 7.5), (5.5, 9.5))), "d3-f1");
    // No file line crosses the river on an inner file (e5-e6), the edge files do (a5-a6).
    let seg = |a: (f64, f64), b: (f64, f64)| diag(a, b);
    assert!(!svg.contains(&seg((4.5, 5.5), (4.5, 4.5))), "e5-e6 cut by the river");
    assert!(svg.contains(&seg((0.5, 5.5), (0.5, 4.5))), "a5-a6 drawn");
    // The cells stay clickable squares of one colour, without outlines.
    assert!(svg.contains(r#"<g class="board" stroke="none""#));
    assert_eq!(svg.matches(r##"class="cell" data-cell="##).count(), 90);
    let wood_cells =
        svg.split('<').filter(|t| t.starts_with(r#"rect class="cell""#) && t.contains(r##"fill="#efd29c""##));
    assert_eq!(wood_cells.count(), 90, "every cell the colour of the wood");
    assert_eq!(svg.matches(r#"class="wood""#).count(), 1, "one wood rectangle under the cells");
    assert!(svg.contains(r##"<g class="lines" stroke="#5c3b1e" stroke-linecap="square" pointer-events="none">"##));
    // The standalone HTML page draws the same picture.
    let page = rookery::studio::html::page(&v);
    assert_eq!(page.matches(r#"class="diagonal""#).count(), 4);
    assert!(page.contains(r#"class="river""#));
}

#[test]
fn minixiangqi_has_palaces_but_no_river_and_chess_has_no_lines() {
    let v = load("minixiangqi");
    let svg = board_svg(&Position::start(&v), &SvgOptions::default());
    assert_eq!(lines(&svg).len(), 6 * 7 + 7 * 6 + 4);
    assert!(!svg.contains("river"));
    let chess = load("chess");
    let svg = board_svg(&Position::start(&chess), &SvgOptions::default());
    assert!(lines(&svg).is_empty() && !svg.contains(r#"class="lines""#));
}

#[test]
fn points_pictures_follow_the_definition() {
    // Chess with a hole at d4, a river after rank 4 and a 2x2 "court" on
    // each side: the hole breaks lines, each court gets its X.
    let chess = include_str!("../definitions/chess.toml");
    // Without the documented facts (perft from FENs that have no hole).
    let text = chess[..chess.find("[[checks]]").unwrap_or(chess.len())]
        .replace("files = 8\nranks = 8\n", "files = 8\nranks = 8\nholes = [\"d4\"]\n")
        .replacen("[pieces.", "[board.picture]\nstyle = \"points\"\nriver = 4\ndiagonals = [\"court\"]\n\n[regions.court]\nfiles = [\"a\", \"b\"]\nranks = [1, 2]\n\n[pieces.", 1)
        .replace("pppppppp/8/8/8/8/PPPPPPPP", "pppppppp/8/8/3*4/8/PPPPPPPP");
    let (v, _) = load_str(&text).unwrap_or_else(|e| panic!("{:?}", e.diagnostics));
    assert!(v.picture.points);
    assert_eq!(v.picture.river, Some(3));
    assert_eq!(v.picture.diagonals.len(), 4, "White's court and Black's mirrored one");
    let svg = board_svg(&Position::start(&v), &SvgOptions::default());
    // 7x8 + 8x7 segments, less 4 around the hole d4, less 6 inner files at
    // the river (d4-d5 is both), plus the diagonals.
    assert_eq!(lines(&svg).len(), 56 + 56 - 4 - 6 + 1 + 4);
    assert!(!svg.contains(r#"data-cell="d4""#));
}
