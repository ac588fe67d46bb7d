//! Perft speed: `cargo bench --bench perft [-- NAME DEPTH]`.
//!
//! Prints nodes/s (bulk counting at the leaves) for chess, Capablanca, TCB,
//! the TCB variant with a WD rook, Wild Tamerlane and Tigrey from their
//! start positions, best of three runs. Timing is reported, never asserted.

use std::time::Instant;

use rookery::game::perft::perft;
use rookery::game::Position;
use rookery::variant::{builtin, load_str};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let tcb_wd = include_str!("../tests/data/tcb-wd.toml");
    let all: Vec<(&str, String, u32)> = vec![
        ("chess", builtin::text("chess").unwrap().into(), 5),
        ("capablanca", builtin::text("capablanca").unwrap().into(), 5),
        ("tcb", builtin::text("tcb").unwrap().into(), 4),
        ("tcb-wd", tcb_wd.into(), 4),
        ("wild-tamerlane", builtin::text("wild-tamerlane").unwrap().into(), 4),
        ("tigrey", builtin::text("tigrey").unwrap().into(), 4),
    ];
    let chosen: Vec<_> = match args.first() {
        Some(name) => {
            let depth = args.get(1).and_then(|d| d.parse().ok());
            all.into_iter().filter(|(n, _, _)| n == name).map(|(n, t, d)| (n, t, depth.unwrap_or(d))).collect()
        }
        None => all,
    };
    for (name, text, depth) in chosen {
        let v = load_str(&text).expect("definition loads").0;
        let mut best = f64::MAX;
        let mut nodes = 0;
        for _ in 0..3 {
            let mut pos = Position::start(&v);
            let t = Instant::now();
            nodes = perft(&mut pos, depth);
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!(
            "{name:<16} perft({depth}) = {nodes:>12}  {:>8.3} s  {:>6.2} M nodes/s",
            best,
            nodes as f64 / best / 1e6
        );
    }
}
