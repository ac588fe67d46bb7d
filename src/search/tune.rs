//! Texel's method for the evaluation's [`Weights`]: over positions labelled
//! with the result of the game they came from, minimize the mean squared
//! error between the label and `sigmoid(K · score)`, where `score` is the
//! static evaluation (White's view) and `K` is fitted first, with the
//! starting weights, and then held. Coordinate descent: each weight in turn
//! is moved by its step up or down while the error falls; when a whole pass
//! finds nothing, the steps are halved. The positions are quiet (see
//! `tools/fsf_selfplay.py`), so the static score is what the search would
//! settle on. `src/bin/tune.rs` is the command; `docs/tuning.md` the method
//! and its figures.

use crate::game::Position;
use crate::variant::{builtin, load_str, Variant};

use super::eval::Eval;
use super::weights::Weights;

/// One labelled position, as `tools/fsf_selfplay.py` writes it:
/// `variant;FEN;result;score`.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The built-in variant's name.
    pub variant: String,
    /// The position.
    pub fen: String,
    /// The game's result for White: 1, 0.5 or 0.
    pub result: f64,
    /// Fairy-Stockfish's score for White in centipawns, if given.
    pub score: Option<f64>,
}

/// Reads samples, one a line (blank lines and `#` comments skipped).
pub fn parse_samples(text: &str) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split(';').collect();
        if f.len() < 3 {
            return Err(format!("line {}: want variant;FEN;result[;score]", n + 1));
        }
        let result: f64 = f[2].parse().map_err(|e| format!("line {}: {e}", n + 1))?;
        let score = f.get(3).map(|x| x.parse::<f64>()).transpose().map_err(|e| format!("line {}: {e}", n + 1))?;
        out.push(Sample { variant: f[0].to_string(), fen: f[1].to_string(), result, score });
    }
    Ok(out)
}

/// The built-in variants the samples name, each loaded once.
pub fn load_variants(samples: &[Sample]) -> Result<Vec<(String, Variant)>, String> {
    let mut out: Vec<(String, Variant)> = Vec::new();
    for s in samples {
        if out.iter().all(|(n, _)| *n != s.variant) {
            let text = builtin::text(&s.variant).ok_or(format!("no built-in variant '{}'", s.variant))?;
            let (v, _) = load_str(text).map_err(|e| format!("{}: {e:?}", s.variant))?;
            out.push((s.variant.clone(), v));
        }
    }
    Ok(out)
}

/// The positions of one variant and their labels.
pub struct Set<'v> {
    /// The variant's name.
    pub name: String,
    variant: &'v Variant,
    positions: Vec<(Position<'v>, f64)>,
}

/// The scale that turns Fairy-Stockfish's scores of the samples into
/// expected results best (fitted on the samples that have a score).
pub fn fit_fsf_k(samples: &[Sample]) -> f64 {
    let scores: Vec<(f64, f64)> = samples.iter().filter_map(|s| s.score.map(|x| (x, s.result))).collect();
    golden(|k| squared(k, &scores))
}

/// Each sample's label: its result, or with `blend` > 0 that share of the
/// label taken from Fairy-Stockfish's score instead (as an expected result
/// at the scale `fsf_k`): one game's result is a noisy verdict on each of
/// its positions, a searched score a less noisy one.
pub fn label(s: &Sample, blend: f64, fsf_k: f64) -> f64 {
    match s.score {
        Some(x) if blend > 0.0 => (1.0 - blend) * s.result + blend * sigmoid(fsf_k, x),
        _ => s.result,
    }
}

/// Groups the samples by variant, parsing each FEN once and labelling each
/// by [`label`] (samples whose FEN does not parse are left out and counted
/// in the second value).
pub fn sets<'v>(
    variants: &'v [(String, Variant)],
    samples: &[Sample],
    blend: f64,
    fsf_k: f64,
) -> (Vec<Set<'v>>, usize) {
    let mut bad = 0;
    let sets = variants
        .iter()
        .map(|(name, v)| {
            let positions = samples
                .iter()
                .filter(|s| s.variant == *name)
                .filter_map(|s| match Position::from_fen(v, &s.fen) {
                    Ok(p) => Some((p, label(s, blend, fsf_k))),
                    Err(_) => {
                        bad += 1;
                        None
                    }
                })
                .collect();
            Set { name: name.clone(), variant: v, positions }
        })
        .collect();
    (sets, bad)
}

impl Set<'_> {
    /// The number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the set has no position.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The variant's pieces and their values with the weights `w` (royal
    /// pieces 0).
    pub fn values(&self, w: &Weights) -> Vec<(char, i32)> {
        let values = super::eval::piece_values_with(self.variant, w);
        self.variant.pieces.iter().zip(values).map(|(p, x)| (p.letter, x)).collect()
    }

    /// Each position's static score for White with the weights `w`, and
    /// its label.
    fn scores(&self, w: &Weights) -> Vec<(f64, f64)> {
        let eval = Eval::with_weights(self.variant, w);
        self.positions
            .iter()
            .map(|(p, label)| {
                let s = eval.compute(p) as f64;
                (if p.side() == 0 { s } else { -s }, *label)
            })
            .collect()
    }
}

/// The expected score of a position scored `score` centipawns, with the
/// scale `k` (per 400 centipawns, base 10, as Texel's method writes it).
fn sigmoid(k: f64, score: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

/// Sum of squared errors of `scores` (score, label) at scale `k`.
fn squared(k: f64, scores: &[(f64, f64)]) -> f64 {
    scores.iter().map(|&(s, label)| (label - sigmoid(k, s)).powi(2)).sum()
}

/// The mean squared error of the sets with the weights `w` at scale `k`.
pub fn error(sets: &[Set<'_>], w: &Weights, k: f64) -> f64 {
    let n: usize = sets.iter().map(Set::len).sum();
    let total: f64 = sets.iter().map(|s| squared(k, &s.scores(w))).sum();
    total / n.max(1) as f64
}

/// The scale `K` that fits the sets best with the weights `w` (golden-
/// section search on 0.05..4: the error is unimodal in `K`).
pub fn fit_k(sets: &[Set<'_>], w: &Weights) -> f64 {
    let scores: Vec<(f64, f64)> = sets.iter().flat_map(|s| s.scores(w)).collect();
    golden(|k| squared(k, &scores))
}

/// The minimum of `f` on 0.05..4 by golden-section search (`f` unimodal).
fn golden(f: impl Fn(f64) -> f64) -> f64 {
    let (mut a, mut b) = (0.05f64, 4.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    while b - a > 1e-4 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if f(c) < f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Coordinate descent from `start` at scale `k` over at most `passes`
/// passes, moving only the weights `tuned` says (by index into
/// [`Weights::NAMES`]); `report` hears of every accepted move (weight name,
/// new value, new error). Returns the tuned weights.
pub fn descend(
    sets: &[Set<'_>],
    start: &Weights,
    k: f64,
    passes: usize,
    tuned: &[bool],
    mut report: impl FnMut(&str, f64, f64),
) -> Weights {
    let mut best = start.clone();
    let mut best_err = error(sets, &best, k);
    let mut scale = 1.0;
    for _ in 0..passes {
        let mut moved = false;
        for (i, &step) in Weights::STEPS.iter().enumerate().filter(|(i, _)| tuned[*i]) {
            for dir in [1.0, -1.0] {
                // Keep going while it helps.
                loop {
                    let mut w = best.clone();
                    // (Rounded to 6 decimals: what the written constants keep.)
                    let x = *w.slots()[i] + dir * step * scale;
                    *w.slots()[i] = (x * 1e6).round() / 1e6;
                    let e = error(sets, &w, k);
                    if e >= best_err {
                        break;
                    }
                    (best, best_err, moved) = (w.clone(), e, true);
                    report(Weights::NAMES[i], *w.slots()[i], e);
                }
            }
        }
        if !moved {
            scale /= 2.0;
            if scale < 0.25 {
                break;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A frozen sample: 400 quiet chess positions of FSF's self-play games
    /// (tools/fsf_selfplay.py, seed 1), labelled with the game's result.
    const SAMPLE: &str = include_str!("../../tests/data/tune_sample.txt");

    #[test]
    fn the_tuner_lowers_the_error_on_the_frozen_sample() {
        let samples = parse_samples(SAMPLE).unwrap();
        let variants = load_variants(&samples).unwrap();
        let (sets, bad) = sets(&variants, &samples, 0.0, 1.0);
        assert_eq!(bad, 0, "every FEN of the sample parses");
        let start = Weights::DEFAULT;
        let k = fit_k(&sets, &start);
        assert!(k > 0.05 && k < 4.0, "{k}");
        // K is a minimum: a little either way fits worse.
        let e = error(&sets, &start, k);
        assert!(e < error(&sets, &start, k * 1.2) && e < error(&sets, &start, k / 1.2));
        // One pass over a few weights: the error falls, and every reported
        // step lowered it.
        let tuned: Vec<bool> =
            Weights::NAMES.iter().map(|n| ["cp_per_move", "tempo", "mobility_mg", "pair"].contains(n)).collect();
        let mut last = e;
        let after = descend(&sets, &start, k, 1, &tuned, |_, _, err| {
            assert!(err < last);
            last = err;
        });
        assert!(error(&sets, &after, k) < e, "{} !< {e}", error(&sets, &after, k));
        assert_ne!(after, start);
    }

    #[test]
    fn a_malformed_line_is_an_error_with_its_number() {
        assert!(parse_samples("chess;8/8/8/8/8/8/8/8 w - - 0 1\n").unwrap_err().starts_with("line 1"));
        let s = &parse_samples("# c\n\nchess;x;0.5;12\n").unwrap()[0];
        assert_eq!((s.result, s.score), (0.5, Some(12.0)));
    }

    #[test]
    fn a_blended_label_moves_toward_fsf_s_verdict() {
        let s = |result, score| Sample { variant: "chess".into(), fen: String::new(), result, score: Some(score) };
        assert_eq!(label(&s(1.0, -300.0), 0.0, 1.0), 1.0);
        let half = label(&s(1.0, -300.0), 0.5, 1.0);
        assert!(half > 0.5 && half < 1.0, "{half}");
        assert_eq!(label(&s(0.0, 0.0), 1.0, 1.0), 0.5);
        // FSF's scale fits its scores to the results: winning scores, wins.
        let samples: Vec<Sample> = (0..40).map(|i| s((i % 4 != 0) as u8 as f64, 150.0)).collect();
        let k = fit_fsf_k(&samples);
        assert!((sigmoid(k, 150.0) - 0.75).abs() < 0.01, "{k}");
    }
}
