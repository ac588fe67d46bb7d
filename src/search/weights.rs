//! Every tunable weight of the evaluation in one place, with the defaults
//! compiled in. The evaluation's tables (`eval.rs`, `activity.rs`,
//! `structure.rs`, `threats.rs`, `goals.rs`) are built from a [`Weights`]
//! once per variant, so the hot path reads plain integers from its tables
//! as before; nothing is read at run time in normal play. The defaults are
//! the set `rookery-tune` (`src/bin/tune.rs`, method and figures in
//! `docs/tuning.md`) fitted on Fairy-Stockfish's self-play games
//! (`docs/tuned-weights.txt`); the hand-set ones they replaced are in
//! `docs/hand-set-weights.txt`, for `ROOKERY_WEIGHTS`. Every weight is global, none names a variant.

/// Declares [`Weights`], its compiled-in defaults, the names and the
/// coordinate-descent steps of its fields (the tuner's handles).
macro_rules! weights {
    ($($(#[doc = $doc:expr])* $name:ident = $value:expr, step $step:expr;)*) => {
        /// The evaluation's global weights (centipawns unless said).
        #[derive(Clone, Debug, PartialEq)]
        pub struct Weights {
            $($(#[doc = $doc])* pub $name: f64,)*
        }

        impl Weights {
            /// The compiled-in weights.
            pub const DEFAULT: Weights = Weights { $($name: $value,)* };
            /// Every weight's name, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name),)*];
            /// Every weight's tuning step, in declaration order (integer
            /// weights step by at least 1).
            pub const STEPS: &'static [f64] = &[$($step,)*];

            /// Every weight, in declaration order (for the tuner).
            pub fn slots(&mut self) -> Vec<&mut f64> {
                vec![$(&mut self.$name,)*]
            }
        }
    };
}

weights! {
    // Piece values (`eval::piece_values`), from each piece's moves on the
    // empty board; see docs/tuning.md for the model.
    /// How much a destination reached over `k` intermediate cells counts
    /// (`reach_decay^k`): a slider's far cells are often blocked in a real
    /// game (the Interactive Diagram's AI discounts them too).
    reach_decay = 0.77, step 0.02;
    /// Centipawns per unit of weighted mobility.
    cp_per_move = 61.0, step 2.0;
    /// Centipawns per unit of weighted mobility squared: a piece with many
    /// moves (a compound) is worth more than the sum of its parts, as
    /// H. G. Muller measured (it can fork and mate alone).
    cp_per_move_sq = 0.3, step 0.1;
    /// A destination ahead (toward the enemy) counts `1 + forward_share`,
    /// one behind `1 - forward_share`: moving forward attacks, moving back
    /// only retreats.
    forward_share = 0.15, step 0.05;
    /// A destination reached by a leap or a single step (no slide) counts
    /// `1 + leap_share`: it cannot be blocked.
    leap_share = 0.05, step 0.05;
    /// Share of its value a colour-bound piece loses: it reaches half the
    /// board.
    bound_share = 0.06, step 0.02;
    // Placement (`eval.rs`).
    /// Centipawns per unit of mobility above the piece's board average on a
    /// cell (centralization).
    central_weight = 7.0, step 1.0;
    /// Share of the centralization a pawn gets.
    pawn_central = 0.4, step 0.1;
    /// Share of what promoting gains that a pawn just before the zone gets
    /// for its advance (growing with the fourth power of ranks covered).
    advance_share = 0.123333, step 0.03;
    /// Share of a piece's value it counts while in hand.
    hand_share = 0.75, step 0.03;
    /// Bonus of the side to move.
    tempo = 26.0, step 2.0;
    /// Share of its value a pawn counts with every piece on the board (the
    /// middlegame, tapered by the material left): while pieces abound, a
    /// pawn is worth less beside them than in the endgame, where it may
    /// promote (Fairy-Stockfish's classical values say the same).
    pawn_mg = 0.8125, step 0.05;
    /// The same with the board bare (the share moves linearly with all
    /// the material left, pawns and hands included).
    pawn_eg = 0.95, step 0.05;
    // Activity (`activity.rs`).
    /// Centipawns per move of mobility above the typical count, for a piece
    /// averaging one move on the empty board, in the middlegame; a piece
    /// with `m` average moves gets this over `sqrt(m)`.
    mobility_mg = 20.0, step 1.0;
    /// The same in the endgame.
    mobility_eg = 14.0, step 1.0;
    /// The typical count, as a share of the empty-board average.
    typical_share = 0.85, step 0.05;
    /// Danger units per cell next to an enemy royal that an attacker hits.
    unit_per_cell = 4.0, step 1.0;
    /// Danger units per attacker that hits any.
    unit_per_attacker = 2.0, step 1.0;
    /// The royal safety penalty is `units² / danger_div` (integer).
    danger_div = 4.0, step 1.0;
    /// The most the royal safety penalty is.
    danger_max = 390.0, step 30.0;
    /// Danger units per pawn in hand.
    unit_per_hand_pawn = 16.0, step 1.0;
    /// Danger units per other piece in hand.
    unit_per_hand_piece = 1.0, step 1.0;
    /// The most danger units pieces in hand add.
    hand_units_max = 34.0, step 1.0;
    /// Bonus for having pieces of a colour-bound kind on both colours.
    pair = 24.0, step 4.0;
    // Threats (`threats.rs`).
    /// Bonus for a piece attacked by a lower-valued one: this base ...
    lower_base = 8.0, step 2.0;
    /// ... plus this share of the victim's value ...
    lower_share = 0.145, step 0.01;
    /// ... at most this.
    lower_max = 110.0, step 10.0;
    /// Bonus for an attacked piece nothing guards: this base ...
    hanging_base = 20.0, step 2.0;
    /// ... plus this share of its value.
    hanging_share = 0.0325, step 0.01;
    // Pawn structure and royal shelter (`structure.rs`).
    /// Bonus for a passed pawn that has just started.
    passed_min = 1.0, step 2.0;
    /// Bonus for a passed pawn at the promotion rank.
    passed_max = 98.0, step 8.0;
    /// Penalty per pawn on a file holding several.
    doubled = 6.0, step 2.0;
    /// Penalty for a pawn with no own pawn on a neighbouring file.
    isolated = 4.0, step 2.0;
    /// Bonus for a connected pawn (an own pawn beside it or diagonally
    /// behind it, defending it) that has just started ...
    connected_min = 6.0, step 2.0;
    /// ... and at the promotion rank (growing with the square of the
    /// ranks travelled, as the passed bonus).
    connected_max = 56.0, step 4.0;
    /// Middlegame bonus per own piece next to a royal piece (three count).
    shelter = 15.0, step 2.0;
    /// Middlegame bonus per own pawn in front of a royal piece (half for the
    /// row beyond).
    shield = 5.0, step 2.0;
    /// Endgame weight per step between the enemy royal and a passed pawn's
    /// next cell.
    escort_enemy = 51.0, step 3.0;
    /// The same for its own royal (a penalty: far is worse).
    escort_own = 18.0, step 2.0;
    /// Bonus for a passed pawn at the promotion rank whose path there is
    /// empty (half when only its next cell is), growing with the square
    /// of the ranks travelled and counting in the endgame: nothing stands
    /// in its way but what can still reach the path.
    free_path = 60.0, step 8.0;
    // Goals (`goals.rs`): no tuning data plays such variants yet.
    /// What standing next to a goal region is worth.
    goal_near = 300.0, step 20.0;
    /// What the last check but one is worth under n-check.
    check_near = 500.0, step 20.0;
}

impl Weights {
    /// Reads `name = value` lines (as [`Weights::to_text`] writes them;
    /// `#` starts a comment) over the defaults.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let mut w = Weights::DEFAULT;
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (name, value) = line.split_once('=').ok_or(format!("line {}: no '='", n + 1))?;
            let i = Weights::NAMES.iter().position(|&x| x == name.trim()).ok_or(format!(
                "line {}: no weight '{}'",
                n + 1,
                name.trim()
            ))?;
            let value: f64 = value.trim().parse().map_err(|e| format!("line {}: {e}", n + 1))?;
            *w.slots()[i] = value;
        }
        Ok(w)
    }

    /// Every weight as a `name = value` line.
    pub fn to_text(&self) -> String {
        let mut w = self.clone();
        Weights::NAMES.iter().zip(w.slots()).map(|(n, v)| format!("{n} = {v}\n")).collect()
    }

    /// The weights of the file `ROOKERY_WEIGHTS` names, else the defaults
    /// (see [`super::Eval::new`]).
    pub fn from_env() -> Weights {
        let Some(path) = std::env::var_os("ROOKERY_WEIGHTS") else { return Weights::DEFAULT };
        match std::fs::read_to_string(&path).map_err(|e| e.to_string()).and_then(|t| Weights::parse(&t)) {
            Ok(w) => w,
            Err(e) => {
                eprintln!("ROOKERY_WEIGHTS {}: {e}; using the compiled-in weights", path.to_string_lossy());
                Weights::DEFAULT
            }
        }
    }

    /// A weight rounded to an integer (for tables of integers).
    pub fn int(x: f64) -> i32 {
        x.round() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_form_reads_back_the_same_weights() {
        let mut w = Weights::DEFAULT;
        w.pair = 33.5;
        w.reach_decay = 0.7;
        assert_eq!(Weights::parse(&w.to_text()).unwrap(), w);
        assert_eq!(Weights::parse("# nothing\n").unwrap(), Weights::DEFAULT);
        assert!(Weights::parse("no_such = 1").unwrap_err().contains("no_such"));
        assert_eq!(Weights::NAMES.len(), Weights::STEPS.len());
    }

    #[test]
    fn the_documented_tuned_set_is_the_compiled_in_one() {
        let doc = Weights::parse(include_str!("../../docs/tuned-weights.txt")).unwrap();
        assert_eq!(doc.to_text(), Weights::DEFAULT.to_text());
    }
}
