//! Royalty rules beyond "a royal piece must not be left attacked".
//!
//! The flying-general rule (`rules.flying-general`) is compiled into the
//! attack tables: every royal piece gets an *attack-only* capturing slide
//! along its file (`cvR`; with `"lines"`, along its rank too: `cR`, as
//! Fairy-Stockfish's flyingGeneral, which matters where the kings leave
//! their palaces: empire, synochess) that move generation never walks but
//! the attack test sees. A move that leaves two royals facing on an open
//! line therefore leaves the mover's royal "attacked" and is rejected by the
//! ordinary legality test, with the cells between them among the danger
//! cells, at no cost to variants without the rule.

use crate::betza::{self, Path};
use crate::variant::spec::Reader;

/// The attack-only paths a royal piece gets under the flying-general rule
/// (none without it).
pub fn flying_general_paths(rules: &crate::variant::Rules) -> Vec<Path> {
    match (rules.flying_general, rules.flying_general_ranks) {
        (false, _) => Vec::new(),
        (true, false) => betza::compile_paths("cvR").expect("a valid Betza string"),
        (true, true) => betza::compile_paths("cR").expect("a valid Betza string"),
    }
}

impl Reader<'_> {
    /// `rules.flying-general`: `true` (or `"files"`) watches files,
    /// `"lines"` files and ranks; `false` (the default) neither. Returns
    /// (the rule, ranks too).
    pub(crate) fn flying_general(&mut self, r: &toml_edit::Table) -> (bool, bool) {
        let Some(toml_edit::Value::String(s)) = r.get("flying-general").and_then(|i| i.as_value()) else {
            return (self.bool(r, "flying-general", "rules.flying-general", false), false);
        };
        match s.value().as_str() {
            "files" => (true, false),
            "lines" => (true, true),
            other => {
                let msg = format!("`rules.flying-general` is {other:?}; use true, false, \"files\" or \"lines\"");
                self.push_error(s.span().unwrap_or(0..0), msg);
                (false, false)
            }
        }
    }
}

impl crate::game::Position<'_> {
    /// `rules.no-checks` (racing kings): removes the moves that would give
    /// check. Each move is tried with make/unmake; only variants with the
    /// rule pay for it.
    pub(crate) fn drop_checking_moves(&mut self, out: &mut Vec<crate::game::Move>) {
        out.retain(|&m| {
            let u = self.make(m);
            let check = self.in_check();
            self.unmake(m, u);
            !check
        });
    }

    /// `rules.royal-evasion = "capture-only"` (Makpong): in check, a royal
    /// piece may move only to capture the one piece that gives check, as
    /// Fairy-Stockfish's `makpongRule`; under a double check it may not
    /// move at all. Other pieces' evasions are untouched.
    pub(crate) fn capture_only_evasions(&mut self, out: &mut Vec<crate::game::Move>) {
        let royals: Vec<crate::board::Cell> = self.royal_cells().to_vec();
        let by = self.side() ^ 1;
        let mut checkers = Vec::new();
        for &r in &royals {
            for c in self.attackers_of(r, by) {
                if !checkers.contains(&c) {
                    checkers.push(c);
                }
            }
        }
        if checkers.is_empty() {
            return;
        }
        let t = &self.variant().tables;
        out.retain(|m| {
            let royal = m.kind != crate::game::MoveKind::Drop && t.code_royal[self.at(m.from) as usize];
            !royal || (checkers.len() == 1 && m.to == checkers[0])
        });
    }
}

/// The royalty rules the exporters cannot express, one line each: several
/// royal kinds or duple check, checks forbidden, Makpong's evasion rule, a
/// non-royal castler, Black's equalizing move.
pub fn export_problems(v: &crate::variant::Variant) -> Vec<String> {
    let mut out = Vec::new();
    let royals: Vec<&str> = v.pieces.iter().filter(|p| p.royal).map(|p| p.name.as_str()).collect();
    if royals.len() > 1 {
        out.push(format!("several royal kinds ({})", royals.join(", ")));
    }
    if v.rules.royal_check_all {
        out.push("duple check (in check only when all royal pieces are attacked)".into());
    }
    if v.rules.royal_check_last {
        out.push("royal pieces that are royal only while one is left (`royal-check = \"last\"`)".into());
    }
    if v.rules.no_checks {
        out.push("no checks (a move that gives check is illegal)".into());
    }
    if v.rules.evasion_capture_only {
        out.push("a royal piece in check may only capture the checker (Makpong)".into());
    }
    let n = v.grid.len();
    let castler = v
        .pieces
        .iter()
        .enumerate()
        .any(|(k, p)| !p.royal && (0..2 * n).any(|i| !v.tables.castles[k * 2 * n + i].is_empty()));
    if castler {
        out.push("castling by a piece that is not royal".into());
    }
    if v.goals.iter().any(|g| g.equalize) {
        out.push("Black's equalizing move after White reaches the goal".into());
    }
    out
}
