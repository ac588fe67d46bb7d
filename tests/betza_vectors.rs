//! Every Betza vector in `tests/data/betza-vectors.json` through the same
//! code path as `rookery betza --json`.

use rookery::probe::{probe, Probe};
use serde_json::Value;

fn strings(v: &Value, key: &str) -> Vec<String> {
    v.get(key)
        .and_then(Value::as_array)
        .map_or_else(Vec::new, |a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
}

fn canonical(moves: &Value) -> Vec<String> {
    let mut out: Vec<String> = moves
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let mut locust = strings(m, "locust");
            locust.sort();
            format!(
                "{} {} {:?} {} {}",
                m["to"].as_str().unwrap(),
                m["kind"].as_str().unwrap(),
                locust,
                m.get("rook_from").and_then(Value::as_str).unwrap_or("-"),
                m.get("rook_to").and_then(Value::as_str).unwrap_or("-")
            )
        })
        .collect();
    out.sort();
    out
}

/// Runs every vector of a file; returns the failures.
pub fn run_file(path: &str) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    let vectors: Vec<Value> = serde_json::from_str(&text).unwrap();
    let mut failures = Vec::new();
    for v in &vectors {
        let p = Probe {
            betza: v["betza"].as_str().unwrap().to_string(),
            files: v["board"]["files"].as_u64().unwrap() as u32,
            ranks: v["board"]["ranks"].as_u64().unwrap() as u32,
            from: v["from"].as_str().unwrap().to_string(),
            black: v["side"].as_str() == Some("black"),
            friends: strings(v, "friends"),
            enemies: strings(v, "enemies"),
            holes: strings(v, "holes"),
            virgin: v.get("virgin").and_then(Value::as_bool).unwrap_or(false),
            virgin_friends: strings(v, "virgin_friends"),
        };
        let got = match probe(&p) {
            Ok(m) => serde_json::to_value(&m).unwrap(),
            Err(e) => {
                failures.push(format!("{}: {e:?}", v["id"]));
                continue;
            }
        };
        let (want, got) = (canonical(&v["moves"]), canonical(&got));
        if want != got {
            let missing: Vec<_> = want.iter().filter(|m| !got.contains(m)).collect();
            let extra: Vec<_> = got.iter().filter(|m| !want.contains(m)).collect();
            failures.push(format!("{} {}: missing {missing:?} extra {extra:?}", v["id"], v["betza"]));
        }
    }
    (vectors.len(), failures)
}

#[test]
fn public_betza_vectors() {
    let (n, failures) = run_file(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/betza-vectors.json"));
    assert!(n >= 92);
    assert!(failures.is_empty(), "{} of {n} vectors fail:\n{}", failures.len(), failures.join("\n"));
}

/// The larger vector set kept outside the repository, when present
/// (`ROOKERY_EXTRA_VECTORS=/path/to/vectors.json`).
#[test]
fn extra_betza_vectors() {
    let Ok(path) = std::env::var("ROOKERY_EXTRA_VECTORS") else { return };
    let (n, failures) = run_file(&path);
    assert!(failures.is_empty(), "{} of {n} vectors fail:\n{}", failures.len(), failures.join("\n"));
}
