//! Extinction goals (`[extinction]`): a side that has no more than `count`
//! pieces of a listed kind (or of all its pieces together) has gone extinct,
//! and the game ends at once with `value` for that side — a loss in
//! extinction chess, kinglet, three kings and horde, a win in antichess and
//! losers. Fairy-Stockfish's `extinctionValue`, `extinctionPieceTypes` and
//! `extinctionPieceCount`; pieces in hand count as the side's own.
//!
//! Judged with the other goals after every move (both sides, the side that
//! has just moved first, as Fairy-Stockfish does), so an extinct position
//! has no moves. Variants without the table pay nothing: `Variant::extinction`
//! is `None` and the goal test is behind `immediate_end`.

use crate::game::{code_kind, Side};
use crate::variant::diagnostics::Diagnostic;
use crate::variant::spec::{Reader, Spanned};
use crate::variant::EndValue;

/// `[extinction]` as written.
#[derive(Clone, Debug, Default)]
pub struct ExtinctionSpec {
    /// `pieces`: piece letters, or `None` for "all" (every piece together).
    pub pieces: Option<Vec<Spanned<String>>>,
    /// `count`.
    pub count: Option<Spanned<i64>>,
    /// `value`.
    pub value: Option<Spanned<String>>,
    /// `name`.
    pub name: Option<Spanned<String>>,
    /// `opponent-count`.
    pub opponent_count: Option<Spanned<i64>>,
    /// `claim`.
    pub claim: bool,
    /// The table.
    pub span: std::ops::Range<usize>,
}

/// A compiled extinction goal.
#[derive(Clone, Debug)]
pub struct Extinction {
    /// Kinds counted one by one (empty with `all`).
    pub kinds: Vec<u8>,
    /// Count all the side's pieces together instead.
    pub all: bool,
    /// A side with this many or fewer is extinct.
    pub count: u32,
    /// The result for the extinct side (a loss, a draw or a win).
    pub value: EndValue,
    /// The opponent must have at least this many (FSF's
    /// `extinctionOpponentPieceCount`): a bare king is bared only while
    /// the other side has more than its king.
    pub opponent_count: u32,
    /// The side to move, if extinct, may still answer (FSF's
    /// `extinctionClaim`): it loses at once only when the opponent has one
    /// more than `opponent_count`, so a bared king may bare back.
    pub claim: bool,
    /// The reason shown (`1-0 (extinction)`).
    pub name: std::sync::Arc<str>,
}

impl Reader<'_> {
    /// Reads `[extinction]`.
    pub(crate) fn extinction(&mut self, root: &toml_edit::Table) -> Option<ExtinctionSpec> {
        let t = self.inline_or_table(root, "extinction", "extinction")?;
        let span = t.span().unwrap_or(0..0);
        for (k, _) in t.iter() {
            if !["pieces", "count", "value", "name", "opponent-count", "claim"].contains(&k) {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                self.push_error(
                    ks,
                    format!("unknown key `{k}` in [extinction]; known keys: claim, count, name, opponent-count, pieces, value"),
                );
            }
        }
        let pieces = match t.get("pieces") {
            Some(toml_edit::Item::Value(toml_edit::Value::String(s))) if s.value() == "all" => None,
            Some(_) => Some(self.array(&t, "pieces", "extinction.pieces", |r, v| r.str_elem(v, "extinction.pieces"))),
            None => {
                self.push_error(span.clone(), "missing required key `extinction.pieces`");
                None
            }
        };
        Some(ExtinctionSpec {
            pieces,
            count: self.int(&t, "count", "extinction.count", false, &span),
            value: self.string(&t, "value", "extinction.value", false, &span),
            name: self.string(&t, "name", "extinction.name", false, &span),
            opponent_count: self.int(&t, "opponent-count", "extinction.opponent-count", false, &span),
            claim: self.bool(&t, "claim", "extinction.claim", false),
            span,
        })
    }
}

/// Compiles `[extinction]`: letters resolved, count and value checked.
pub fn compile(
    spec: &ExtinctionSpec,
    kind_of: &super::goals::KindOf<'_>,
    d: &mut Vec<Diagnostic>,
) -> Option<Extinction> {
    let kinds: Vec<u8> = spec.pieces.iter().flatten().filter_map(|p| kind_of(p, d)).collect();
    if spec.pieces.as_ref().is_some_and(|p| p.is_empty()) {
        d.push(Diagnostic::error(spec.span.clone(), "`extinction.pieces` lists no piece; use \"all\" or letters"));
    }
    let count = match &spec.count {
        None => 0,
        Some(c) if (0..=1000).contains(&c.value) => c.value as u32,
        Some(c) => {
            d.push(Diagnostic::error(c.span.clone(), format!("`extinction.count` is {}; use 0 to 1000", c.value)));
            0
        }
    };
    let value = match spec.value.as_ref().map(|v| (v, v.value.as_str())) {
        None | Some((_, "loss")) => EndValue::Loss,
        Some((_, "win")) => EndValue::Win,
        Some((_, "draw")) => EndValue::Draw,
        Some((v, other)) => {
            d.push(Diagnostic::error(
                v.span.clone(),
                format!("`extinction.value` is {other:?}; use \"loss\", \"draw\" or \"win\" (for the extinct side)"),
            ));
            EndValue::Loss
        }
    };
    let name = spec.name.as_ref().map_or_else(|| "extinction".into(), |n| n.value.as_str().into());
    let opponent_count = match &spec.opponent_count {
        None => 0,
        Some(c) if (0..=1000).contains(&c.value) => c.value as u32,
        Some(c) => {
            d.push(Diagnostic::error(
                c.span.clone(),
                format!("`extinction.opponent-count` is {}; use 0 to 1000", c.value),
            ));
            0
        }
    };
    Some(Extinction { kinds, all: spec.pieces.is_none(), count, value, name, opponent_count, claim: spec.claim })
}

impl crate::game::Position<'_> {
    /// How many pieces of `kind` `side` has, on the board and in hand.
    pub fn count_of(&self, side: Side, kind: u8) -> u32 {
        let mut n = self.in_hand(side, kind) as u32;
        for (w, &bits) in self.side_cells(side).iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                let c = w * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                n += (code_kind(self.at(c as crate::board::Cell)) == kind) as u32;
            }
        }
        n
    }

    /// How many pieces `side` has on the board and in hand.
    fn all_pieces(&self, side: Side) -> u32 {
        let kinds = self.variant().pieces.len() as u8;
        let hand: u32 = (0..kinds).map(|k| self.in_hand(side, k) as u32).sum();
        self.royal_count(side) + self.non_royal_count(side) + hand
    }

    /// Whether `side` has gone extinct under `e`: down to `count` while the
    /// opponent has at least `need` (FSF's test, kind by kind).
    pub fn extinct(&self, e: &Extinction, side: Side, need: u32) -> bool {
        if e.all {
            return self.all_pieces(side) <= e.count && self.all_pieces(side ^ 1) >= need;
        }
        e.kinds.iter().any(|&k| self.count_of(side, k) <= e.count && self.count_of(side ^ 1, k) >= need)
    }

    /// The extinction result, if a side has gone extinct: the winner
    /// (`None`: drawn) and the reason. The side that has just moved is
    /// judged first; with `claim` the side to move needs an opponent one
    /// piece stronger (it may still bare back).
    pub fn extinction_reached(&self) -> Option<(Option<Side>, std::sync::Arc<str>)> {
        let e = self.variant().extinction.as_ref()?;
        let mover = self.side() ^ 1;
        for s in [mover, mover ^ 1] {
            let need = e.opponent_count + (e.claim && s != mover) as u32;
            if self.extinct(e, s, need) {
                let winner = match e.value {
                    EndValue::Win => Some(s),
                    EndValue::Loss => Some(s ^ 1),
                    EndValue::Draw => None,
                };
                return Some((winner, e.name.clone()));
            }
        }
        None
    }
}

/// The extinction rule in words ("a side left with no King loses"), when
/// the variant has one.
pub fn describe(v: &crate::variant::Variant) -> Option<String> {
    let e = v.extinction.as_ref()?;
    let names: Vec<&str> = e.kinds.iter().map(|&k| v.pieces[k as usize].name.as_str()).collect();
    // "at most 0 of its King" reads as nonsense: none left is "no King".
    let what = match (e.all, e.count) {
        (true, 0) => "no pieces".to_string(),
        (true, n) => format!("at most {n} of all its pieces"),
        (false, 0) => format!("no {}", names.join(" or ")),
        (false, n) => format!("at most {n} of its {}", names.join(" or ")),
    };
    let value = match e.value {
        EndValue::Win => "wins",
        EndValue::Loss => "loses",
        EndValue::Draw => "draws",
    };
    let against = if e.opponent_count > 0 {
        let claim = if e.claim { ", one more to end it on its own move" } else { "" };
        format!(" against at least {}{claim}", e.opponent_count)
    } else {
        String::new()
    };
    Some(format!("a side left with {what}{against} {value}"))
}

/// The end rules of this family that the exporters cannot express, one
/// line each: extinction, compulsory capture, and checkmate or stalemate
/// values other than chess's.
pub fn export_problems(v: &crate::variant::Variant) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(text) = describe(v) {
        out.push(format!("extinction ({text})"));
    }
    if v.rules.must_capture {
        out.push("compulsory capture".into());
    }

    if v.rules.checkmate != EndValue::Loss {
        out.push("checkmate that does not lose for the mated side".into());
    }
    if v.rules.stalemate_by_count {
        out.push("stalemate decided by piece count".into());
    }
    if let Some(s) = v.rules.draw_odds {
        out.push(format!("draw odds for {}", if s == 0 { "White" } else { "Black" }));
    }
    if v.rules.ep_region.is_some() {
        out.push("en passant only in a region".into());
    }
    out
}
