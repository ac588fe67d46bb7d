//! Bent riders on an empty 12×12 board: destination counts from the
//! hand-checked table in the Tigrey research (seed-variants.md §3, kept as
//! checks in definitions/tigrey.toml), for both the bracket forms and the
//! equivalent a-chains.

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

/// Tigrey's piece table (its `counts` checks in definitions/tigrey.toml,
/// where `rookery verify` runs them on the definition's own Betza): every
/// other spelling of each piece must give the same counts.
#[test]
fn tigrey_piece_table_in_every_spelling() {
    use rookery::verify::{Fact, MovesFact};
    let forms: &[(char, &[&str])] = &[
        ('K', &["K"]),
        ('G', &["[F?fsR]", "[F?R]", "FyafsF"]),
        ('O', &["[D?fsB]", "[D?B]", "DmpafyafsW"]),
        ('S', &["[D?fR]", "[D?R]", "DmpafyafW", "jR"]),
        ('X', &["[A?fB]", "[A?B]", "AmpafyafF", "jB"]),
        ('E', &["[N?fR]", "[N?R]", "NmpafmpalyarWmpafmparyalW"]),
        ('A', &["[C?fqB]", "[C?B]", "CmpalmparyafFmparmpalyafF"]),
        ('T', &["[Z?fqB]", "[Z?B]", "ZfsbsmpafmpaflyafrKfsbsmpafmpafryaflK"]),
    ];
    let v = rookery::variant::load_str(rookery::variant::builtin::text("tigrey").unwrap()).unwrap().0;
    let mut checked = 0;
    for c in &v.checks {
        let Fact::Moves(MovesFact { letter, counts, .. }) = &c.fact else { continue };
        let Some((_, spellings)) = forms.iter().find(|(l, _)| l == letter) else { continue };
        for form in *spellings {
            for (at, want) in counts {
                assert_eq!(count(form, at, &[]), *want, "{letter} written {form} from {at}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 60, "only {checked} counts: the table is missing from tigrey.toml");
}
