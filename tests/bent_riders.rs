//! Bent riders on an empty 12×12 board: destination counts from the
//! hand-checked table in the Tigrey research (seed-variants.md §3), for both
//! the bracket forms and the equivalent a-chains.

use rookery::probe::{probe, Kind, Probe};

fn count(betza: &str, from: &str, enemies: &[&str]) -> usize {
    let p = Probe {
        betza: betza.into(),
        files: 12,
        ranks: 12,
        from: from.into(),
        black: false,
        friends: vec![],
        enemies: enemies.iter().map(|s| s.to_string()).collect(),
        holes: vec![],
        virgin: false,
        virgin_friends: vec![],
    };
    let moves = probe(&p).unwrap();
    assert!(moves.iter().all(|m| m.kind != Kind::Castle));
    moves.len()
}

#[test]
fn tigrey_piece_table() {
    // piece, Betza forms, counts from f6, d4, a1
    let table: &[(&str, &[&str], [usize; 3])] = &[
        ("King", &["K"], [8, 8, 3]),
        ("Queen", &["Q"], [43, 39, 33]),
        ("Rook", &["R"], [22, 22, 22]),
        ("Bishop", &["B"], [21, 17, 11]),
        ("Knight", &["N"], [8, 8, 2]),
        ("Gryphon", &["[F?fsR]", "[F?R]", "FyafsF"], [40, 40, 21]),
        ("Osprey", &["[D?fsB]", "[D?B]", "DmpafyafsW"], [32, 26, 20]),
        ("Ski-Rook", &["[D?fR]", "[D?R]", "DmpafyafW", "jR"], [18, 18, 20]),
        ("Ski-Bishop", &["[A?fB]", "[A?B]", "AmpafyafF", "jB"], [17, 13, 10]),
        ("Pegasus", &["[N?fR]", "[N?R]", "NmpafmpalyarWmpafmparyalW"], [36, 36, 20]),
        ("Astrologer", &["[C?fqB]", "[C?B]", "CmpalmparyafFmparmpalyafF"], [28, 22, 18]),
        ("Zebra", &["Z"], [8, 8, 2]),
        ("Tiger", &["[Z?fqB]", "[Z?B]", "ZfsbsmpafmpaflyafrKfsbsmpafmpafryaflK"], [28, 20, 18]),
    ];
    for (name, forms, want) in table {
        for form in *forms {
            let got = [count(form, "f6", &[]), count(form, "d4", &[]), count(form, "a1", &[])];
            assert_eq!(&got, want, "{name} written {form}");
        }
    }
}

#[test]
fn bent_rider_blocking() {
    assert_eq!(count("[F?fsR]", "f6", &["g7"]), 30, "Gryphon: g7 capturable, its two rays lost");
    assert_eq!(count("[D?fR]", "f6", &["f7"]), 18, "Ski-Rook leaps over f7");
    assert_eq!(count("[D?fR]", "f6", &["f8"]), 14, "Ski-Rook: f8 capturable, f9–f12 lost");
}
