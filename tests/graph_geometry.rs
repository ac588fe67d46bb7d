//! Polygon boards: the adjacency derived from geometry alone, checked
//!
//! * cell by cell against the Tiger Lily reconstruction
//!   (`tests/data/tiger-lily-board.json`, a copy of
//!   tests/data/tiger-lily-board.json, computed independently in
//!   exact arithmetic), including the facts stated on the rules page;
//! * on Glinski's hexagonal board against the hexagonal lattice (every step
//!   is a fixed distance between centres) and published counts;
//! * on the square grid, where the rules must reduce to orthodox chess;
//! * and the two definitions in `definitions/` against the same data.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;

use rookery::board::glinski::{glinski_cells, glinski_centre, glinski_file_len, GLINSKI_FILES};
use rookery::board::graph::{GraphGeometry, Link, PolyCell};
use serde_json::Value;

fn repo_file(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn reference() -> Value {
    let text = std::fs::read_to_string(repo_file("tests/data/tiger-lily-board.json")).expect("reference data");
    serde_json::from_str(&text).expect("valid JSON")
}

fn ref_cells(doc: &Value) -> &Vec<Value> {
    doc["cells"].as_array().expect("cells")
}

/// The reference cells as polygons, in the reference's order.
fn tiger_lily_polys(doc: &Value) -> Vec<PolyCell> {
    ref_cells(doc)
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
        .collect()
}

fn tiger_lily() -> (Value, GraphGeometry) {
    let doc = reference();
    let geo = GraphGeometry::from_polygons(tiger_lily_polys(&doc)).expect("Tiger Lily geometry");
    (doc, geo)
}

fn idx(geo: &GraphGeometry, label: &str) -> u16 {
    geo.cell_index(label).unwrap_or_else(|| panic!("no cell {label}"))
}

fn names(geo: &GraphGeometry, cells: &[u16]) -> Vec<String> {
    cells.iter().map(|&c| geo.label(c).to_string()).collect()
}

fn name_set(geo: &GraphGeometry, cells: &[u16]) -> BTreeSet<String> {
    names(geo, cells).into_iter().collect()
}

fn json_strs(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect()
}

fn json_set(v: &Value) -> BTreeSet<String> {
    json_strs(v).into_iter().collect()
}

/// The reference's (to, to_edge|to_corner) as our Link.
fn ref_link(geo: &GraphGeometry, v: &Value, entry_key: &str) -> Option<Link> {
    v["to"].as_str().map(|to| Link { cell: idx(geo, to), entry: v[entry_key].as_u64().unwrap() as u8 })
}

fn show(geo: &GraphGeometry, l: Option<Link>) -> String {
    match l {
        Some(l) => format!("{}#{}", geo.label(l.cell), l.entry),
        None => "-".into(),
    }
}

fn assert_no_mismatch(what: &str, bad: &[String]) {
    assert!(bad.is_empty(), "{} {what} mismatches:\n{}", bad.len(), bad.join("\n"));
}

fn ang_diff(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(360.0);
    d.min(360.0 - d)
}

// ---------------------------------------------------------------------------
// Tiger Lily against the reference data

#[test]
fn tiger_lily_cells_and_centroids() {
    let (doc, geo) = tiger_lily();
    assert_eq!(geo.len(), 72);
    for (i, c) in ref_cells(&doc).iter().enumerate() {
        assert_eq!(geo.label(i as u16), c["label"].as_str().unwrap());
        let (x, y) = geo.centroids[i];
        let (rx, ry) = (c["centroid"][0].as_f64().unwrap(), c["centroid"][1].as_f64().unwrap());
        assert!(
            (x - rx).abs() < 1e-5 && (y - ry).abs() < 1e-5,
            "{}: centroid {x},{y} vs {rx},{ry}",
            geo.label(i as u16)
        );
    }
}

#[test]
fn tiger_lily_orthogonal_neighbours() {
    let (doc, geo) = tiger_lily();
    let mut bad = Vec::new();
    let mut degrees = BTreeMap::new();
    for (i, c) in ref_cells(&doc).iter().enumerate() {
        for (j, e) in c["edges"].as_array().unwrap().iter().enumerate() {
            let want = ref_link(&geo, e, "to_edge");
            let got = geo.edges[i][j];
            if got != want {
                bad.push(format!(
                    "{} edge {j}: got {} want {}",
                    geo.label(i as u16),
                    show(&geo, got),
                    show(&geo, want)
                ));
            }
        }
        assert_eq!(
            geo.edges[i].iter().flatten().map(|l| geo.label(l.cell).to_string()).collect::<Vec<_>>(),
            json_strs(&c["orthogonal"]),
        );
        *degrees.entry(geo.edges[i].iter().flatten().count()).or_insert(0) += 1;
    }
    assert_no_mismatch("orthogonal", &bad);
    // The research's degree census: 12 cells with 3 neighbours, 24 with 4, 36 with 6.
    assert_eq!(degrees, BTreeMap::from([(3, 12), (4, 24), (6, 36)]));
}

#[test]
fn tiger_lily_diagonal_neighbours() {
    let (doc, geo) = tiger_lily();
    let mut bad = Vec::new();
    for (i, c) in ref_cells(&doc).iter().enumerate() {
        for (j, k) in c["corners"].as_array().unwrap().iter().enumerate() {
            let want = ref_link(&geo, k, "to_corner");
            let got = geo.corners[i][j];
            if got != want {
                bad.push(format!(
                    "{} corner {j} ({}): got {} want {}",
                    geo.label(i as u16),
                    k["via"].as_str().unwrap(),
                    show(&geo, got),
                    show(&geo, want)
                ));
            }
        }
        assert_eq!(
            geo.corners[i].iter().flatten().map(|l| geo.label(l.cell).to_string()).collect::<Vec<_>>(),
            json_strs(&c["diagonal"]),
        );
    }
    assert_no_mismatch("diagonal", &bad);
    // 264 corners lead along a connecting edge and 6 across the centre point.
    assert_eq!(geo.corners.iter().flatten().flatten().count(), 270);
}

#[test]
fn tiger_lily_steps_are_symmetric_and_colour_rules_hold() {
    let (_, geo) = tiger_lily();
    for c in 0..geo.len() {
        for (j, l) in geo.edges[c].iter().enumerate() {
            if let Some(l) = l {
                assert_eq!(geo.edges[l.cell as usize][l.entry as usize], Some(Link { cell: c as u16, entry: j as u8 }));
                assert_ne!(geo.colours[c], geo.colours[l.cell as usize], "orthogonal steps change colour");
            }
        }
        for (j, l) in geo.corners[c].iter().enumerate() {
            if let Some(l) = l {
                assert_eq!(
                    geo.corners[l.cell as usize][l.entry as usize],
                    Some(Link { cell: c as u16, entry: j as u8 })
                );
                assert_eq!(geo.colours[c], geo.colours[l.cell as usize], "diagonal steps keep colour");
            }
        }
    }
}

#[test]
fn tiger_lily_directions_and_exits() {
    let (doc, geo) = tiger_lily();
    for (i, c) in ref_cells(&doc).iter().enumerate() {
        let ci = i as u16;
        for (j, e) in c["edges"].as_array().unwrap().iter().enumerate() {
            let want = e["normal_deg"].as_f64().unwrap();
            assert!(ang_diff(geo.edge_dir(ci, j as u8), want) < 1e-3, "{} edge {j}", geo.label(ci));
            let exit = e["exit_edge_after_entering_here"].as_u64().unwrap() as u8;
            assert_eq!(geo.exit_index(ci, j as u8), Some(exit));
        }
        for (j, k) in c["corners"].as_array().unwrap().iter().enumerate() {
            let want = k["dir_deg"].as_f64().unwrap();
            assert!(ang_diff(geo.corner_dir(ci, j as u8), want) < 1e-3, "{} corner {j}", geo.label(ci));
            let exit = k["exit_corner_after_entering_here"].as_u64().unwrap() as u8;
            assert_eq!(geo.exit_index(ci, j as u8), Some(exit));
        }
    }
}

#[test]
fn tiger_lily_slide_rays() {
    let (doc, geo) = tiger_lily();
    let mut bad = Vec::new();
    for (i, c) in ref_cells(&doc).iter().enumerate() {
        let ci = i as u16;
        for (corner, table, key) in [(false, &geo.edges, "rook_rays"), (true, &geo.corners, "bishop_rays")] {
            // The reference lists a ray for every direction that has a first step, in index order.
            let got: Vec<Vec<String>> = (0..table[i].len())
                .filter(|&j| table[i][j].is_some())
                .map(|j| names(&geo, &geo.ray(ci, j as u8, corner)))
                .collect();
            let want: Vec<Vec<String>> = c[key].as_array().unwrap().iter().map(json_strs).collect();
            if got != want {
                bad.push(format!("{} {key}: got {got:?} want {want:?}", geo.label(ci)));
            }
        }
    }
    assert_no_mismatch("ray", &bad);
}

#[test]
fn tiger_lily_knight_and_king() {
    let (doc, geo) = tiger_lily();
    let mut bad = Vec::new();
    for (i, c) in ref_cells(&doc).iter().enumerate() {
        let ci = i as u16;
        let knight = name_set(&geo, &geo.knight(ci));
        if knight != json_set(&c["knight"]) {
            bad.push(format!("{} knight: got {knight:?} want {:?}", geo.label(ci), json_set(&c["knight"])));
        }
        let king = name_set(&geo, &geo.king(ci));
        let want: BTreeSet<String> = json_set(&c["orthogonal"]).union(&json_set(&c["diagonal"])).cloned().collect();
        if king != want {
            bad.push(format!("{} king: got {king:?} want {want:?}", geo.label(ci)));
        }
        // A knight never lands next to its start and always changes colour.
        for &d in &geo.knight(ci) {
            assert!(!geo.king(ci).contains(&d));
            assert_ne!(geo.colours[i], geo.colours[d as usize]);
        }
    }
    assert_no_mismatch("knight/king", &bad);
    let counts: Vec<usize> = (0..72).map(|c| geo.knight(c).len()).collect();
    assert_eq!((counts.iter().min(), counts.iter().max()), (Some(&4), Some(&10)));
}

/// Pawn steps of the default model for a side moving towards `fwd`.
fn pawn_steps(geo: &GraphGeometry, c: u16, fwd: f64) -> (BTreeSet<String>, BTreeSet<String>) {
    let pick = |corner: bool| {
        let table = if corner { &geo.corners } else { &geo.edges };
        let cells: Vec<u16> = (0..table[c as usize].len())
            .filter(|&j| geo.is_forward(c, j as u8, corner, fwd))
            .map(|j| table[c as usize][j].unwrap().cell)
            .collect();
        name_set(geo, &cells)
    };
    (pick(false), pick(true))
}

#[test]
fn tiger_lily_pawns_default_model() {
    let (doc, geo) = tiger_lily();
    assert_eq!(doc["pawn_models"]["default"], "geometric60_advancing");
    let mut bad = Vec::new();
    for (i, c) in ref_cells(&doc).iter().enumerate() {
        let ci = i as u16;
        for (key, fwd) in [("pawn_white", 90.0), ("pawn_black", 270.0)] {
            let (passive, capture) = pawn_steps(&geo, ci, fwd);
            let (wp, wc) = (json_set(&c[key]["passive"]), json_set(&c[key]["capture"]));
            if passive != wp || capture != wc {
                bad.push(format!("{} {key}: got {passive:?}/{capture:?} want {wp:?}/{wc:?}", geo.label(ci)));
            }
        }
    }
    assert_no_mismatch("pawn", &bad);
}

#[test]
fn tiger_lily_pawn_limits_of_the_rules_page() {
    // "For petals a,b,c,d,e,f,h,i,k,l there are at most 3 possible passive
    // moves [and] at most 2 possible capturing moves. For petals g and j there
    // are at most 2 [passive and] at most 3 [captures]." Both sides.
    let (_, geo) = tiger_lily();
    let mut max: BTreeMap<char, (usize, usize)> = BTreeMap::new();
    for c in 0..72u16 {
        for fwd in [90.0, 270.0] {
            let (p, q) = pawn_steps(&geo, c, fwd);
            let m = max.entry(geo.label(c).chars().next().unwrap()).or_default();
            *m = (m.0.max(p.len()), m.1.max(q.len()));
        }
    }
    for (petal, (p, q)) in max {
        if petal == 'g' || petal == 'j' {
            assert_eq!((p, q), (2, 3), "petal {petal}");
        } else {
            assert!(p <= 3 && q <= 2, "petal {petal}: {p} passive, {q} captures");
        }
    }
}

#[test]
fn tiger_lily_colouring_matches_reference_partition() {
    let (doc, geo) = tiger_lily();
    assert_eq!(geo.colours[0], 0);
    let mut map: HashMap<u8, u64> = HashMap::new();
    let mut sizes: BTreeMap<u8, usize> = BTreeMap::new();
    for (i, c) in ref_cells(&doc).iter().enumerate() {
        let want = c["colour"].as_u64().unwrap();
        let got = geo.colours[i];
        assert_eq!(*map.entry(got).or_insert(want), want, "{}: colour classes differ", geo.label(i as u16));
        *sizes.entry(got).or_default() += 1;
    }
    // A bijection between the three colours: 24 cells each.
    assert_eq!(map.values().collect::<BTreeSet<_>>().len(), 3);
    assert_eq!(sizes.values().copied().collect::<Vec<_>>(), vec![24, 24, 24]);
}

#[test]
fn tiger_lily_rules_page_connections() {
    let (_, geo) = tiger_lily();
    let bishop_reach = |c: u16| -> BTreeSet<u16> {
        (0..geo.corners[c as usize].len()).flat_map(|j| geo.ray(c, j as u8, true)).collect()
    };
    // "a1-d1, b1-e1, and c1-f1 are connected" (across the centre point).
    for (a, b) in [("a1", "d1"), ("b1", "e1"), ("c1", "f1")] {
        let (a, b) = (idx(&geo, a), idx(&geo, b));
        assert!(geo.corners[a as usize].iter().flatten().any(|l| l.cell == b));
        assert!(bishop_reach(a).contains(&b) && bishop_reach(b).contains(&a));
    }
    // "there is no connection from g1 to j1. Similarly h1-k1 and i1-l1".
    for (a, b) in [("g1", "j1"), ("h1", "k1"), ("i1", "l1")] {
        let (a, b) = (idx(&geo, a), idx(&geo, b));
        assert!(!geo.king(a).contains(&b));
        assert!(!bishop_reach(a).contains(&b) && !bishop_reach(b).contains(&a));
    }
}

// ---------------------------------------------------------------------------
// Glinski's hexagonal board

fn glinski() -> GraphGeometry {
    GraphGeometry::from_polygons(glinski_cells()).expect("Glinski geometry")
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// Cells whose centres lie at `d` from cell `c`'s (edge length 1).
fn at_distance(geo: &GraphGeometry, c: u16, d: f64) -> BTreeSet<String> {
    (0..geo.len() as u16)
        .filter(|&o| (dist(geo.centroids[c as usize], geo.centroids[o as usize]) - d).abs() < 1e-6)
        .map(|o| geo.label(o).to_string())
        .collect()
}

/// The cell whose centre is at `p`, if any.
fn cell_at(geo: &GraphGeometry, p: (f64, f64)) -> Option<u16> {
    (0..geo.len() as u16).find(|&o| dist(geo.centroids[o as usize], p) < 1e-6)
}

#[test]
fn glinski_layout() {
    let cells = glinski_cells();
    assert_eq!(cells.len(), 91);
    let per_file: Vec<usize> = (0..11).map(glinski_file_len).collect();
    assert_eq!(per_file, vec![6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]);
    let geo = glinski();
    assert!(dist(geo.centroids[idx(&geo, "f6") as usize], (0.0, 0.0)) < 1e-12);
    // f1 is the bottom corner, f11 the top one; a1/l1 and a6/l6 the side corners.
    let lowest = (0..91).min_by(|&a, &b| geo.centroids[a].1.total_cmp(&geo.centroids[b].1)).unwrap();
    let highest = (0..91).max_by(|&a, &b| geo.centroids[a].1.total_cmp(&geo.centroids[b].1)).unwrap();
    assert_eq!((geo.label(lowest as u16), geo.label(highest as u16)), ("f1", "f11"));
    // Mirror symmetry in the horizontal axis: rank r <-> rank n + 1 - r.
    for (f, letter) in GLINSKI_FILES.iter().enumerate() {
        let n = glinski_file_len(f);
        for r in 1..=n {
            let (x, y) = glinski_centre(f, r);
            let m = cell_at(&geo, (x, -y)).expect("mirror cell");
            assert_eq!(geo.label(m), format!("{letter}{}", n + 1 - r));
        }
    }
    // Cells of a file share their horizontal edges: edge 1 is the top one.
    assert_eq!(names(&geo, &[geo.edges[idx(&geo, "f5") as usize][1].unwrap().cell]), vec!["f6"]);
    assert!((geo.edge_dir(idx(&geo, "f5"), 1) - 90.0).abs() < 1e-9);
}

#[test]
fn glinski_steps_match_the_lattice() {
    let geo = glinski();
    let s3 = 3f64.sqrt();
    for c in 0..91u16 {
        let orth = name_set(&geo, &geo.edges[c as usize].iter().flatten().map(|l| l.cell).collect::<Vec<_>>());
        let diag = name_set(&geo, &geo.corners[c as usize].iter().flatten().map(|l| l.cell).collect::<Vec<_>>());
        assert_eq!(orth, at_distance(&geo, c, s3), "{} orthogonal", geo.label(c));
        assert_eq!(diag, at_distance(&geo, c, 3.0), "{} diagonal", geo.label(c));
        // Glinski's knight: the 12 cells at distance sqrt(21) (ring 3 off the lines).
        assert_eq!(name_set(&geo, &geo.knight(c)), at_distance(&geo, c, 21f64.sqrt()), "{} knight", geo.label(c));
        // Slides go straight: rook lines step sqrt(3) along an edge normal, bishop lines 3 towards a corner.
        for (corner, step, n) in [(false, s3, geo.edges[c as usize].len()), (true, 3.0, geo.corners[c as usize].len())]
        {
            for j in 0..n as u8 {
                let a = if corner { geo.corner_dir(c, j) } else { geo.edge_dir(c, j) }.to_radians();
                let o = geo.centroids[c as usize];
                let mut line = Vec::new();
                let mut k = 1.0;
                while let Some(d) = cell_at(&geo, (o.0 + k * step * a.cos(), o.1 + k * step * a.sin())) {
                    line.push(d);
                    k += 1.0;
                }
                assert_eq!(
                    names(&geo, &geo.ray(c, j, corner)),
                    names(&geo, &line),
                    "{} ray {j} {corner}",
                    geo.label(c)
                );
            }
        }
    }
}

#[test]
fn glinski_published_counts() {
    let geo = glinski();
    let reach = |c: &str, corner: bool| -> usize {
        let c = idx(&geo, c);
        (0..6u8).map(|j| geo.ray(c, j, corner).len()).sum()
    };
    // From the centre: king 12, knight 12, rook 6 x 5 = 30, bishop 6 x 2 = 12, queen 42.
    let f6 = idx(&geo, "f6");
    assert_eq!(geo.king(f6).len(), 12);
    assert_eq!(geo.knight(f6).len(), 12);
    assert_eq!(reach("f6", false), 30);
    assert_eq!(reach("f6", true), 12);
    assert_eq!(
        name_set(&geo, &geo.knight(f6)),
        ["c4", "c5", "d3", "d7", "e3", "e8", "g3", "g8", "h3", "h7", "i4", "i5"].map(String::from).into()
    );
    // Corner cases: the corner cell a1, the bottom cell f1 (rook 10 up + 5 + 5, bishop 5 + 5).
    assert_eq!(name_set(&geo, &geo.king(idx(&geo, "a1"))), ["a2", "b1", "b2", "b3", "c2"].map(String::from).into());
    assert_eq!(reach("f1", false), 20);
    assert_eq!(reach("f1", true), 10);
    let f1 = idx(&geo, "f1");
    let bishop_lines: BTreeSet<Vec<String>> =
        (0..6u8).map(|j| names(&geo, &geo.ray(f1, j, true))).filter(|l| !l.is_empty()).collect();
    assert_eq!(
        bishop_lines,
        [vec!["g2", "h3", "i4", "k5", "l6"], vec!["e2", "d3", "c4", "b5", "a6"]]
            .map(|l| l.into_iter().map(String::from).collect())
            .into()
    );
    assert_eq!(geo.king(idx(&geo, "f11")).len(), 5);
    assert_eq!(name_set(&geo, &geo.knight(idx(&geo, "a1"))), ["b4", "c4", "d2", "d3"].map(String::from).into());
}

#[test]
fn glinski_colours() {
    let geo = glinski();
    let mut sizes: BTreeMap<u8, usize> = BTreeMap::new();
    for &c in &geo.colours {
        *sizes.entry(c).or_default() += 1;
    }
    // 30 light, 30 dark, 31 of the middle colour, which the centre cell has.
    assert_eq!(sizes.len(), 3);
    assert_eq!(sizes[&geo.colours[idx(&geo, "f6") as usize]], 31);
    let mut counts: Vec<usize> = sizes.into_values().collect();
    counts.sort();
    assert_eq!(counts, vec![30, 30, 31]);
    // The three bishops of each side stand on the three colours.
    let bishops: BTreeSet<u8> = ["f1", "f2", "f3"].iter().map(|c| geo.colours[idx(&geo, c) as usize]).collect();
    assert_eq!(bishops.len(), 3);
}

#[test]
fn glinski_pawn_directions_under_the_sixty_degree_cone() {
    // Documents what `is_forward` means on this board. Glinski's pawn moves
    // straight on (e4-e5, across edge 1) and captures across the two
    // forward-side edges (e4xd4, e4xf5); the 60-degree cone counts all three
    // edges as forward, and its forward corners are the bishop steps e4-d5/f6,
    // which are not pawn captures in Glinski's game.
    let geo = glinski();
    let e4 = idx(&geo, "e4");
    let (passive, capture) = pawn_steps(&geo, e4, 90.0);
    assert_eq!(passive, ["d4", "e5", "f5"].map(String::from).into());
    assert_eq!(capture, ["d5", "f6"].map(String::from).into());
    let straight: Vec<u8> = (0..6).filter(|&j| ang_diff(geo.edge_dir(e4, j), 90.0) < 1e-9).collect();
    assert_eq!(straight, vec![1]);
    // Black mirrors it.
    let e7 = idx(&geo, "e7");
    let (passive, _) = pawn_steps(&geo, e7, 270.0);
    assert_eq!(passive, ["d6", "e6", "f7"].map(String::from).into());
}

// ---------------------------------------------------------------------------
// The square grid: the same rules must give orthodox chess, in either orientation.

fn square_board(clockwise: bool) -> GraphGeometry {
    let mut cells = Vec::new();
    for y in 0..8 {
        for x in 0..8 {
            let (x, y) = (x as f64, y as f64);
            let mut p = vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)];
            if clockwise {
                p.reverse();
            }
            cells.push(PolyCell { label: rookery::board::square_label(x as u32, y as u32), polygon: p });
        }
    }
    GraphGeometry::from_polygons(cells).unwrap()
}

#[test]
fn square_grid_is_orthodox_chess() {
    for clockwise in [false, true] {
        let geo = square_board(clockwise);
        let reach = |c: &str, corner: bool| -> usize {
            let c = idx(&geo, c);
            (0..4u8).map(|j| geo.ray(c, j, corner).len()).sum()
        };
        assert_eq!(geo.king(idx(&geo, "e4")).len(), 8);
        assert_eq!(geo.king(idx(&geo, "a1")).len(), 3);
        assert_eq!(
            name_set(&geo, &geo.knight(idx(&geo, "e4"))),
            ["c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"].map(String::from).into()
        );
        assert_eq!(name_set(&geo, &geo.knight(idx(&geo, "a1"))), ["b3", "c2"].map(String::from).into());
        assert_eq!(reach("a1", false), 14);
        assert_eq!(reach("d4", true), 13);
        assert_eq!(reach("a1", true), 7);
        // Two colours, a1 = 0, like a chessboard.
        assert_eq!(geo.colours.iter().copied().collect::<BTreeSet<_>>(), BTreeSet::from([0, 1]));
        assert_eq!(geo.colours[idx(&geo, "b2") as usize], 0);
        // White pawn on e2: one step forward, captures on d3 and f3.
        let (p, q) = pawn_steps(&geo, idx(&geo, "e2"), 90.0);
        assert_eq!((p, q), (["e3"].map(String::from).into(), ["d3", "f3"].map(String::from).into()));
        // Outward normals point away from the cell whichever way the polygon runs.
        let e4 = idx(&geo, "e4");
        for j in 0..4u8 {
            let l = geo.edges[e4 as usize][j as usize].unwrap();
            let (a, b) = (geo.centroids[e4 as usize], geo.centroids[l.cell as usize]);
            let dir = (b.1 - a.1).atan2(b.0 - a.0).to_degrees();
            assert!(ang_diff(dir, geo.edge_dir(e4, j)) < 1e-9);
        }
    }
}

#[test]
fn odd_cells_stop_slides() {
    // Two triangles making a square: no opposite side, so no continuation.
    let cells = vec![
        PolyCell { label: "t1".into(), polygon: vec![(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)] },
        PolyCell { label: "t2".into(), polygon: vec![(1.0, 0.0), (1.0, 1.0), (0.0, 1.0)] },
    ];
    let geo = GraphGeometry::from_polygons(cells).unwrap();
    assert_eq!(geo.exit_index(0, 1), None);
    assert_eq!(geo.edges[0][1], Some(Link { cell: 1, entry: 2 }));
    assert_eq!(geo.ray(0, 1, false), vec![1]);
    assert_eq!(geo.colours, vec![0, 1]);
}

#[test]
fn bad_polygons_are_rejected() {
    let sq = |label: &str, x: f64, y: f64| PolyCell {
        label: label.into(),
        polygon: vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)],
    };
    let err = |cells: Vec<PolyCell>| GraphGeometry::from_polygons(cells).unwrap_err();
    assert!(err(vec![]).contains("at least one"));
    assert!(err(vec![sq("a", 0.0, 0.0), sq("a", 1.0, 0.0)]).contains("duplicate label"));
    assert!(err(vec![PolyCell { label: "x".into(), polygon: vec![(0.0, 0.0), (1.0, 0.0)] }]).contains("at least 3"));
    assert!(err(vec![sq("a", 0.0, 0.0), sq("b", 0.5, 0.5)]).contains("overlap"));
    assert!(err(vec![sq("a", 0.0, 0.0), sq("b", 0.0, 0.0)]).contains("overlap"));
    assert!(err(vec![sq("a", 0.0, 0.0), sq("b", 0.25, 0.25)]).contains("overlap"));
    let bow = PolyCell { label: "bow".into(), polygon: vec![(0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 1.0)] };
    assert!(err(vec![bow]).contains("crosses itself"));
    let flat = PolyCell { label: "flat".into(), polygon: vec![(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)] };
    assert!(err(vec![flat]).contains("no area"));
    let nan = PolyCell { label: "nan".into(), polygon: vec![(0.0, 0.0), (1.0, f64::NAN), (2.0, 0.0)] };
    assert!(err(vec![nan]).contains("finite"));
    // Neighbours whose coordinates were rounded separately still meet.
    let a = PolyCell { label: "a".into(), polygon: vec![(0.0, 0.0), (1.0000004, 0.0), (1.0, 1.0), (0.0, 1.0)] };
    let b = PolyCell { label: "b".into(), polygon: vec![(0.9999996, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0000003, 1.0)] };
    let geo = GraphGeometry::from_polygons(vec![a, b]).unwrap();
    assert_eq!(geo.edges[0][1], Some(Link { cell: 1, entry: 3 }));
}

// ---------------------------------------------------------------------------
// The definitions

fn load_toml(rel: &str) -> toml::Table {
    std::fs::read_to_string(repo_file(rel)).unwrap().parse::<toml::Table>().unwrap()
}

fn toml_cells(def: &toml::Table) -> Vec<PolyCell> {
    def["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| PolyCell {
            label: c["label"].as_str().unwrap().to_string(),
            polygon: c["polygon"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p[0].as_float().unwrap(), p[1].as_float().unwrap()))
                .collect(),
        })
        .collect()
}

fn toml_rows(def: &toml::Table) -> Vec<Vec<String>> {
    def["board"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect())
        .collect()
}

/// Expands the placement field of a FEN whose groups follow `rows`: cell -> piece letter.
fn expand_fen(fen: &str, rows: &[Vec<String>]) -> BTreeMap<String, char> {
    let placement = fen.split_whitespace().next().unwrap();
    let groups: Vec<&str> = placement.split('/').collect();
    assert_eq!(groups.len(), rows.len(), "one FEN group per row");
    let mut out = BTreeMap::new();
    for (g, row) in groups.iter().zip(rows) {
        let mut k = 0;
        let mut num = 0;
        for ch in g.chars() {
            if let Some(d) = ch.to_digit(10) {
                num = num * 10 + d as usize;
                continue;
            }
            k += num;
            num = 0;
            out.insert(row[k].clone(), ch);
            k += 1;
        }
        k += num;
        assert_eq!(k, row.len(), "group {g:?} covers its row");
    }
    out
}

fn zone_cells(def: &toml::Table, side: &str) -> BTreeSet<String> {
    let zone = &def["promotion"]["zones"].as_array().unwrap()[0];
    zone["cells"][side].as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect()
}

fn assert_same_polygons(got: &[PolyCell], want: &[PolyCell]) {
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        assert_eq!(g.label, w.label);
        assert_eq!(g.polygon.len(), w.polygon.len(), "{}", g.label);
        for (p, q) in g.polygon.iter().zip(&w.polygon) {
            assert!(
                (p.0 - q.0).abs() <= 1.0000001e-6 && (p.1 - q.1).abs() <= 1.0000001e-6,
                "{}: {p:?} vs {q:?}",
                g.label
            );
        }
    }
}

#[test]
fn tiger_lily_definition_matches_the_reference() {
    let def = load_toml("definitions/tiger-lily.toml");
    let doc = reference();
    assert_eq!(def["variant"]["name"].as_str(), Some("tiger-lily"));
    assert_eq!(def["board"]["kind"].as_str(), Some("polygons"));
    assert_eq!(def["board"]["forward"]["white"].as_integer(), Some(90));
    assert_eq!(def["board"]["forward"]["black"].as_integer(), Some(270));
    let cells = toml_cells(&def);
    assert_same_polygons(&cells, &tiger_lily_polys(&doc));
    // Same graph from the rounded TOML coordinates as from the reference.
    let geo = GraphGeometry::from_polygons(cells).unwrap();
    let (_, ref_geo) = tiger_lily();
    assert_eq!(geo.edges, ref_geo.edges);
    assert_eq!(geo.corners, ref_geo.corners);
    // Rows: one per petal a..l, cells 1..6.
    let rows = toml_rows(&def);
    let want: Vec<Vec<String>> = "abcdefghijkl".chars().map(|p| (1..=6).map(|k| format!("{p}{k}")).collect()).collect();
    assert_eq!(rows, want);
    // The setup is the research's placeholder.
    let placed = expand_fen(def["setup"]["fen"].as_str().unwrap(), &rows);
    let mut expect = BTreeMap::new();
    for (side, upper) in [("white", true), ("black", false)] {
        let s = &doc["setup"][side];
        for (cell, piece) in s["pieces"].as_object().unwrap() {
            let ch = piece.as_str().unwrap().chars().next().unwrap();
            expect.insert(cell.clone(), if upper { ch } else { ch.to_ascii_lowercase() });
        }
        for cell in json_strs(&s["pawns"]) {
            expect.insert(cell, if upper { 'P' } else { 'p' });
        }
    }
    assert_eq!(placed, expect);
    assert_eq!(zone_cells(&def, "white"), json_set(&doc["promotion"]["white"]));
    assert_eq!(zone_cells(&def, "black"), json_set(&doc["promotion"]["black"]));
}

#[test]
fn glinski_definition_matches_the_board() {
    let def = load_toml("definitions/glinski.toml");
    assert_eq!(def["variant"]["name"].as_str(), Some("glinski"));
    assert_eq!(def["board"]["kind"].as_str(), Some("polygons"));
    assert_same_polygons(&toml_cells(&def), &glinski_cells());
    let rows = toml_rows(&def);
    let want: Vec<Vec<String>> = GLINSKI_FILES
        .iter()
        .enumerate()
        .map(|(f, l)| (1..=glinski_file_len(f)).map(|r| format!("{l}{r}")).collect())
        .collect();
    assert_eq!(rows, want);
    // The standard setup (ranks bend at file f: rank 7 is b7..k7).
    let placed = expand_fen(def["setup"]["fen"].as_str().unwrap(), &rows);
    let mut expect = BTreeMap::new();
    for (cell, p) in [
        ("g1", 'K'),
        ("e1", 'Q'),
        ("c1", 'R'),
        ("i1", 'R'),
        ("d1", 'N'),
        ("h1", 'N'),
        ("f1", 'B'),
        ("f2", 'B'),
        ("f3", 'B'),
        ("g10", 'k'),
        ("e10", 'q'),
        ("c8", 'r'),
        ("i8", 'r'),
        ("d9", 'n'),
        ("h9", 'n'),
        ("f9", 'b'),
        ("f10", 'b'),
        ("f11", 'b'),
    ] {
        expect.insert(cell.to_string(), p);
    }
    for cell in ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"] {
        expect.insert(cell.to_string(), 'P');
    }
    for l in ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k'] {
        expect.insert(format!("{l}7"), 'p');
    }
    assert_eq!(placed, expect);
    // Promotion on the last cell of each file.
    let top: BTreeSet<String> = rows.iter().map(|r| r.last().unwrap().clone()).collect();
    let bottom: BTreeSet<String> = rows.iter().map(|r| r[0].clone()).collect();
    assert_eq!(zone_cells(&def, "white"), top);
    assert_eq!(zone_cells(&def, "black"), bottom);
}
