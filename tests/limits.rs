//! The resource caps of docs/limits.md leave room to spare for every real
//! piece: the built-in definitions, the test definitions and every Betza
//! vector (also stretched onto the largest board, 32x32).

use rookery::compile::MAX_PROGRAM_NODES;
use rookery::probe::{prepare, Probe};
use rookery::variant::{builtin, load_str, MAX_TABLE_NODES};
use serde_json::Value;

/// The largest single program and the total node count of a definition.
fn sizes(text: &str) -> (usize, usize) {
    let (v, _) = load_str(text).expect("loads");
    let largest = v.tables.progs.iter().map(|p| (p.end - p.start) as usize).max().unwrap_or(0);
    (largest, v.tables.nodes.len())
}

#[test]
fn every_definition_is_far_below_the_caps() {
    let mut texts: Vec<(String, String)> =
        builtin::BUILTIN.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
    texts.push(("tcb-wd".into(), std::fs::read_to_string("tests/data/tcb-wd.toml").unwrap()));
    for (name, text) in &texts {
        let (largest, total) = sizes(text);
        eprintln!("{name}: largest program {largest} nodes, all programs {total} nodes");
        assert!(largest * 20 <= MAX_PROGRAM_NODES, "{name}: {largest} nodes in one program");
        assert!(total * 10 <= MAX_TABLE_NODES, "{name}: {total} nodes in all");
    }
}

#[test]
fn every_betza_vector_is_far_below_the_cap_even_on_32x32() {
    let text = std::fs::read_to_string("tests/data/betza-vectors.json").unwrap();
    let vectors: Vec<Value> = serde_json::from_str(&text).unwrap();
    let mut largest = (0, String::new());
    for v in &vectors {
        let betza = v["betza"].as_str().unwrap();
        for from in ["p16", "a1", "af32"] {
            let p = Probe {
                betza: betza.to_string(),
                files: 32,
                ranks: 32,
                from: from.to_string(),
                black: false,
                friends: Vec::new(),
                enemies: Vec::new(),
                holes: Vec::new(),
                virgin: true,
                virgin_friends: Vec::new(),
            };
            let n = prepare(&p).unwrap_or_else(|e| panic!("{betza}: {e}")).program.nodes.len();
            if n > largest.0 {
                largest = (n, format!("{betza} from {from}"));
            }
        }
    }
    eprintln!("largest Betza-vector program on 32x32: {} nodes ({})", largest.0, largest.1);
    assert!(largest.0 * 10 <= MAX_PROGRAM_NODES, "{largest:?}");
}
