//! Capture side effects: explosions (atomic chess).
//!
//! `[effects]` with `explosion-radius = 1`: a capture explodes on the
//! destination cell. The capturing piece, the captured piece(s) and every
//! piece within the radius (Chebyshev distance on grids, king steps on
//! polygon boards) are removed, except the kinds listed in
//! `explosion-spares` (atomic's pawns), which survive a nearby explosion but
//! not one on their own cell.
//!
//! Royalty follows from the blast: a move that blows up one of the mover's
//! own royal pieces is illegal (so a king never captures), a move that blows
//! up an enemy royal is legal whatever else it leaves attacked, and a royal
//! piece within the blast radius of an enemy royal cannot be in check
//! (capturing it would blow up the capturer's own royal). A side whose last
//! royal piece has been blown up has lost, at once. Without royal kinds
//! (nocheckatomic, whose king may be left attacked and may capture) none of
//! this applies, and losing the king is `[extinction]`'s to judge.
//!
//! The whole rule is compiled into `Explosions` (a neighbourhood table and a
//! per-kind flag); variants without it pay one branch per capture in `make`
//! and one per `legal_moves` call.

use super::goals::KindOf;
use crate::board::{Cell, Grid};
use crate::game::{code_kind, code_side, Move, MoveKind, Position, Side};
use crate::variant::diagnostics::Diagnostic;
use crate::variant::spec::{Reader, Spanned};

/// The most cells one explosion may reach besides its centre.
pub const MAX_BLAST: usize = 24;

/// `[effects]` as written.
#[derive(Clone, Debug, Default)]
pub struct EffectsSpec {
    /// `explosion-radius`.
    pub explosion_radius: Option<Spanned<i64>>,
    /// `explosion-spares`: letters of the kinds a nearby explosion spares.
    pub explosion_spares: Vec<Spanned<String>>,
    /// `explosion-immune`: letters of the kinds no explosion removes.
    pub explosion_immune: Vec<Spanned<String>>,
    /// `no-hop-over`: per hopper letter, the letters it may not hop over.
    pub no_hop_over: Vec<(Spanned<String>, Vec<Spanned<String>>)>,
    /// `pass`.
    pub pass: Option<Spanned<bool>>,
    /// `bikjang`.
    pub bikjang: Option<Spanned<bool>>,
    /// `counting-points`: per letter, its points.
    pub counting_points: Vec<(Spanned<String>, Spanned<i64>)>,
    /// `counting-handicap`.
    pub counting_handicap: Option<Spanned<i64>>,
    /// `counting-decides`: further end rules whose draw the count decides.
    pub counting_decides: Vec<Spanned<String>>,
    /// The table.
    pub span: std::ops::Range<usize>,
}

/// Compiled explosions.
#[derive(Clone, Debug)]
pub struct Explosions {
    /// Per cell, the range of `cells` an explosion there reaches (the
    /// centre itself excluded).
    start: Vec<u32>,
    cells: Vec<Cell>,
    /// Per kind: survives an explosion on a neighbouring cell.
    pub spared: Vec<bool>,
    /// Per kind: survives every explosion, its own capture's included
    /// (`explosion-immune`, FSF's blastImmuneTypes).
    pub immune: Vec<bool>,
    /// "king exploded": the reason shown when a side's last royal piece
    /// is blown up (set by the loader, which knows the royal piece's name).
    pub royal_exploded: Option<std::sync::Arc<str>>,
}

impl Explosions {
    /// The cells an explosion on `c` reaches besides `c`.
    #[inline]
    pub fn around(&self, c: Cell) -> &[Cell] {
        &self.cells[self.start[c as usize] as usize..self.start[c as usize + 1] as usize]
    }
}

const KEYS: [&str; 9] = [
    "explosion-radius",
    "explosion-spares",
    "explosion-immune",
    "no-hop-over",
    "pass",
    "bikjang",
    "counting-points",
    "counting-handicap",
    "counting-decides",
];

impl Reader<'_> {
    /// Reads `[effects]`.
    pub(crate) fn effects(&mut self, root: &toml_edit::Table) -> Option<EffectsSpec> {
        let t = match root.get("effects")? {
            toml_edit::Item::Table(t) => t,
            other => {
                let span = other.as_value().and_then(|v| v.span()).unwrap_or(0..0);
                self.push_error(span, "`effects` must be a table ([effects])");
                return None;
            }
        };
        let span = t.span().unwrap_or(0..0);
        for (k, _) in t.iter() {
            if !KEYS.contains(&k) {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(span.clone());
                self.push_error(ks, format!("unknown key `{k}` in [effects]; known keys: {}", KEYS.join(", ")));
            }
        }
        let spares = self
            .array(t, "explosion-spares", "effects.explosion-spares", |r, v| r.str_elem(v, "effects.explosion-spares"));
        let immune = self
            .array(t, "explosion-immune", "effects.explosion-immune", |r, v| r.str_elem(v, "effects.explosion-immune"));
        let no_hop_over = self.letter_table(t, "no-hop-over", |r, v| {
            let list = v.as_array().map(|a| a.iter().filter_map(|x| r.str_elem(x, "effects.no-hop-over")).collect());
            if list.is_none() {
                r.push_error(v.span().unwrap_or(0..0), "`effects.no-hop-over` values must be arrays of piece letters");
            }
            list
        });
        let counting_points = self.letter_table(t, "counting-points", |r, v| {
            let n = r.int_elem(v, "effects.counting-points");
            n.filter(|n| (0..=1000).contains(&n.value)).or_else(|| {
                r.push_error(v.span().unwrap_or(0..0), "`effects.counting-points` values must be integers 0..=1000");
                None
            })
        });
        Some(EffectsSpec {
            explosion_radius: self.int(t, "explosion-radius", "effects.explosion-radius", false, &span),
            explosion_spares: spares,
            explosion_immune: immune,
            no_hop_over,
            pass: self.spanned_bool(t, "pass", "effects.pass"),
            bikjang: self.spanned_bool(t, "bikjang", "effects.bikjang"),
            counting_points,
            counting_handicap: self.int(t, "counting-handicap", "effects.counting-handicap", false, &span),
            counting_decides: self.array(t, "counting-decides", "effects.counting-decides", |r, v| {
                r.str_elem(v, "effects.counting-decides")
            }),
            span,
        })
    }

    /// A boolean with its span.
    pub(crate) fn spanned_bool(&mut self, t: &toml_edit::Table, key: &str, path: &str) -> Option<Spanned<bool>> {
        let item = t.get(key)?;
        match item.as_value() {
            Some(toml_edit::Value::Boolean(b)) => Some(Spanned { value: *b.value(), span: b.span().unwrap_or(0..0) }),
            other => {
                let span = other.and_then(|v| v.span()).unwrap_or(0..0);
                self.push_error(span, format!("`{path}` must be true or false"));
                None
            }
        }
    }

    /// An inline table `{ LETTER = value }`, each value read by `each`.
    fn letter_table<T>(
        &mut self,
        t: &toml_edit::Table,
        key: &str,
        mut each: impl FnMut(&mut Self, &toml_edit::Value) -> Option<T>,
    ) -> Vec<(Spanned<String>, T)> {
        let Some(tab) = self.inline_or_table(t, key, &format!("effects.{key}")) else { return Vec::new() };
        let mut out = Vec::new();
        for (k, item) in tab.iter() {
            let span = tab.key(k).and_then(|k| k.span()).unwrap_or(0..0);
            if let Some(v) = item.as_value().and_then(|v| each(self, v)) {
                out.push((Spanned { value: k.to_string(), span }, v));
            }
        }
        out
    }
}

/// Compiles `no-hop-over`: per kind, the set of kinds it may not hop over
/// (empty when no piece has such a rule).
pub fn compile_hop_bans(spec: &EffectsSpec, kinds: usize, kind_of: &KindOf<'_>, d: &mut Vec<Diagnostic>) -> Vec<u64> {
    if spec.no_hop_over.is_empty() {
        return Vec::new();
    }
    let mut bans = vec![0u64; kinds];
    for (hopper, list) in &spec.no_hop_over {
        let Some(h) = kind_of(hopper, d) else { continue };
        for l in list {
            if let (Some(k), Some(slot)) = (kind_of(l, d), bans.get_mut(h as usize)) {
                *slot |= 1 << k;
            }
        }
    }
    bans
}

/// Compiles `pass`, `bikjang` and the counting keys.
pub fn compile_passing(
    spec: &EffectsSpec,
    kinds: usize,
    kind_of: &KindOf<'_>,
    d: &mut Vec<Diagnostic>,
) -> Option<super::passing::Passing> {
    let pass = spec.pass.as_ref().is_some_and(|p| p.value);
    let bikjang = spec.bikjang.as_ref().is_some_and(|b| b.value);
    if !pass {
        let extra = spec.bikjang.as_ref().filter(|b| b.value).map(|b| b.span.clone());
        let extra = extra.or_else(|| spec.counting_points.first().map(|(l, _)| l.span.clone()));
        let extra = extra.or_else(|| spec.counting_decides.first().map(|r| r.span.clone()));
        if let Some(span) = extra {
            d.push(Diagnostic::error(span, "`bikjang` and the counting keys need `effects.pass = true`"));
        }
        return None;
    }
    let counting = (!spec.counting_points.is_empty()).then(|| {
        let mut points = vec![0; kinds];
        for (l, n) in &spec.counting_points {
            if let Some(p) = kind_of(l, d).and_then(|k| points.get_mut(k as usize)) {
                *p = n.value as i32;
            }
        }
        let handicap = spec.counting_handicap.as_ref().map_or(0, |h| h.value as i32);
        let (move_rule, repetition) = counting_decides(spec, d);
        super::passing::Counting { points, handicap, move_rule, repetition }
    });
    if counting.is_none() {
        if let Some(r) = spec.counting_decides.first() {
            d.push(Diagnostic::error(r.span.clone(), "`effects.counting-decides` needs `counting-points`"));
        }
    }
    Some(super::passing::Passing { bikjang, counting })
}

/// `counting-decides`: whether the count also decides the n-move rule and a
/// drawn repetition (Fairy-Stockfish's materialCounting does both).
fn counting_decides(spec: &EffectsSpec, d: &mut Vec<Diagnostic>) -> (bool, bool) {
    let (mut move_rule, mut repetition) = (false, false);
    for r in &spec.counting_decides {
        match r.value.as_str() {
            "move-rule" => move_rule = true,
            "repetition" => repetition = true,
            other => d.push(Diagnostic::error(
                r.span.clone(),
                format!("`effects.counting-decides` names {other:?}; use \"move-rule\" or \"repetition\""),
            )),
        }
    }
    (move_rule, repetition)
}

/// Compiles the explosions of `[effects]`, if the radius is given.
pub fn compile(
    spec: &EffectsSpec,
    grid: &Grid,
    kinds: usize,
    kind_of: &KindOf<'_>,
    d: &mut Vec<Diagnostic>,
) -> Option<Explosions> {
    let radius = spec.explosion_radius.as_ref();
    let Some(r) = radius else {
        if let Some(s) = spec.explosion_spares.first() {
            d.push(Diagnostic::error(s.span.clone(), "`effects.explosion-spares` needs `explosion-radius`"));
        }
        if let Some(s) = spec.explosion_immune.first() {
            d.push(Diagnostic::error(s.span.clone(), "`effects.explosion-immune` needs `explosion-radius`"));
        }
        return None;
    };
    if !(1..=2).contains(&r.value) {
        d.push(Diagnostic::error(r.span.clone(), format!("`effects.explosion-radius` is {}; use 1 or 2", r.value)));
        return None;
    }
    let mut spared = vec![false; kinds];
    let mut immune = vec![false; kinds];
    for (list, flags) in [(&spec.explosion_spares, &mut spared), (&spec.explosion_immune, &mut immune)] {
        for s in list {
            // (A piece that failed to load has a letter but no kind slot.)
            if let Some(slot) = kind_of(s, d).and_then(|k| flags.get_mut(k as usize)) {
                *slot = true;
            }
        }
    }
    let mut start = vec![0u32];
    let mut cells = Vec::new();
    for c in 0..grid.len() as Cell {
        let near = neighbourhood(grid, c, r.value as u32);
        if near.len() > MAX_BLAST {
            d.push(Diagnostic::error(
                r.span.clone(),
                format!("an explosion on {} would reach {} cells; at most {MAX_BLAST}", grid.label(c), near.len()),
            ));
            return None;
        }
        cells.extend(near);
        start.push(cells.len() as u32);
    }
    Some(Explosions { start, cells, spared, immune, royal_exploded: None })
}

/// The cells within `radius` of `c`, `c` excluded: Chebyshev distance on a
/// grid, king steps on a polygon board.
fn neighbourhood(grid: &Grid, c: Cell, radius: u32) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::new();
    if let Some(g) = grid.graph() {
        let mut ring = vec![c];
        for _ in 0..radius {
            let next: Vec<Cell> = ring.iter().flat_map(|&x| g.geometry.king(x)).collect();
            for n in next {
                if n != c && !out.contains(&n) {
                    out.push(n);
                    ring.push(n);
                }
            }
        }
        return out;
    }
    let (x, y) = grid.coords(c);
    let r = radius as i32;
    for dy in -r..=r {
        for dx in -r..=r {
            if (dx, dy) != (0, 0) {
                if let Some(n) = grid.at(x as i32 + dx, y as i32 + dy) {
                    out.push(n);
                }
            }
        }
    }
    out
}

impl Position<'_> {
    /// Explodes a capture on `at` (the capturer already stands there):
    /// removes it and every unspared piece around it, logging each for
    /// `unexplode`. Returns how many pieces were removed.
    pub(in crate::game) fn explode(&mut self, x: &Explosions, at: Cell) -> u8 {
        let mut n = 0;
        for (i, &c) in std::iter::once(&at).chain(x.around(at)).enumerate() {
            let code = self.board[c as usize];
            // (An empty cell has no kind: `code_kind(0)` underflows.)
            if code == 0 {
                continue;
            }
            let kind = code_kind(code) as usize;
            if (i > 0 && x.spared[kind]) || x.immune[kind] {
                continue;
            }
            self.blasts.push((c, code, self.virgin[c as usize]));
            self.take(c);
            self.set_virgin(c, false);
            n += 1;
        }
        n
    }

    /// Puts back the last `n` pieces `explode` removed (the hash key and
    /// the rest of the state are restored by `unmake`).
    pub(in crate::game) fn unexplode(&mut self, n: u8) {
        for _ in 0..n {
            if let Some((c, code, virgin)) = self.blasts.pop() {
                self.put(c, code);
                self.virgin[c as usize] = virgin;
            }
        }
    }

    /// Whether the royal piece of `side` on `r` stands within the blast
    /// radius of an enemy royal (so that it cannot be captured: the capture
    /// would blow up the capturer's own royal).
    pub(in crate::game) fn blast_immune(&self, r: Cell, side: Side) -> bool {
        let Some(x) = &self.v.explosions else { return false };
        let t = &self.v.tables;
        x.around(r).iter().any(|&c| {
            let code = self.board[c as usize];
            code != 0 && code_side(code) != side && t.code_royal[code as usize]
        })
    }

    /// Legal moves under explosions. As in `legal_moves`, only moves that
    /// touch a cell on some attack on one of the mover's royals (or move a
    /// royal, or happen in check) can be illegal; for a capture, every cell
    /// its explosion clears counts, and a blast reaching any royal is tried.
    /// Those moves are tried on the board bytes they change.
    pub(in crate::game) fn explosive_legal(&mut self, out: &mut Vec<Move>) {
        let Some(x) = &self.v.explosions else { return };
        let mut danger = [0u64; 16];
        let attacked = self.royal_danger(&mut danger);
        let in_check = attacked && self.in_check();
        self.pseudo_moves(out, in_check);
        let t = &self.v.tables;
        let touches = |c: Cell| danger[c as usize / 64] & (1 << (c % 64)) != 0;
        let mut i = 0;
        while i < out.len() {
            let m = out[i];
            let risky = attacked
                || !matches!(m.kind, MoveKind::Normal | MoveKind::EnPassant | MoveKind::Locust)
                || t.code_royal[self.board[m.from as usize] as usize]
                || touches(m.from)
                || touches(m.to)
                || (m.kind != MoveKind::Normal && touches(m.extra))
                || ((self.board[m.to as usize] != 0 || m.kind != MoveKind::Normal)
                    && x.around(m.to).iter().any(|&c| {
                        let code = self.board[c as usize];
                        code != 0 && (touches(c) || t.code_royal[code as usize])
                    }));
            if risky && self.explosion_exposes(m) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Whether `m` blows up one of the mover's royals, or leaves one
    /// attacked (and not immune) without blowing up an enemy royal.
    fn explosion_exposes(&mut self, m: Move) -> bool {
        if matches!(m.kind, MoveKind::Drop | MoveKind::Castle) {
            return self.exposes_royal(m);
        }
        let Some(x) = &self.v.explosions else { return false };
        let capture = self.board[m.to as usize] != 0 || m.kind != MoveKind::Normal;
        let mut saved = [(0 as Cell, 0u8); MAX_BLAST + 3];
        let mut n = 0;
        let mut clear = |p: &mut Self, c: Cell| {
            saved[n] = (c, p.board[c as usize]);
            p.board[c as usize] = 0;
            n += 1;
        };
        let mover = self.board[m.from as usize];
        clear(self, m.from);
        if capture {
            if m.kind != MoveKind::Normal {
                clear(self, m.extra);
            }
            clear(self, m.to);
            if x.immune[code_kind(mover) as usize] {
                // An immune capturer survives its own explosion.
                self.board[m.to as usize] = mover;
            }
            for &c in x.around(m.to) {
                let code = self.board[c as usize];
                if code != 0 && !x.spared[code_kind(code) as usize] && !x.immune[code_kind(code) as usize] {
                    clear(self, c);
                }
            }
        } else {
            saved[n] = (m.to, 0);
            n += 1;
            self.board[m.to as usize] = mover;
        }
        let bad = self.royal_lost_or_exposed(m);
        for &(c, code) in saved[..n].iter().rev() {
            self.board[c as usize] = code;
        }
        bad
    }

    /// On the trial board of `explosion_exposes`: the mover lost a royal,
    /// or (no enemy royal lost) one of its royals is attacked and not
    /// immune.
    fn royal_lost_or_exposed(&self, m: Move) -> bool {
        let s = self.side as usize;
        let moved = |r: Cell| if r == m.from { m.to } else { r };
        let t = &self.v.tables;
        let mine = &self.royals[s][..self.nroyal[s] as usize];
        if mine.iter().any(|&r| !t.code_royal[self.board[moved(r) as usize] as usize]) {
            return true;
        }
        let theirs = &self.royals[s ^ 1][..self.nroyal[s ^ 1] as usize];
        if theirs.iter().any(|&r| self.board[r as usize] == 0) {
            return false;
        }
        let side = self.side;
        mine.iter().any(|&r| {
            let r = moved(r);
            self.is_attacked(r, side ^ 1) && !self.blast_immune(r, side)
        })
    }

    /// A side whose last royal piece has been blown up has lost: the winner
    /// and the reason (`king exploded`). The side that moved is judged
    /// first, as in Fairy-Stockfish.
    pub fn explosion_end(&self) -> Option<(Side, std::sync::Arc<str>)> {
        let x = self.v.explosions.as_ref()?;
        let mover = self.side ^ 1;
        for loser in [mover, self.side] {
            if self.nroyal[loser as usize] == 0 {
                // Without royal kinds (nocheckatomic: a king that may be
                // captured) losing the king is `[extinction]`'s to judge.
                return Some((loser ^ 1, x.royal_exploded.clone()?));
            }
        }
        None
    }
}

/// The explosions in words, for the exporters (one line, or none).
pub fn export_problems(v: &crate::variant::Variant) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(x) = &v.explosions {
        let spared: Vec<&str> =
            v.pieces.iter().zip(&x.spared).filter(|(_, &s)| s).map(|(p, _)| p.name.as_str()).collect();
        let but = if spared.is_empty() { String::new() } else { format!(" but {}", spared.join(", ")) };
        out.push(format!("explosions (a capture removes the capturer and every piece around it{but})"));
    }
    out
}

/// The hop bans, passing and bikjang in words, for the exporters: kept apart
/// from the explosions because an exporter may write one and not the others.
pub fn move_rule_problems(v: &crate::variant::Variant) -> Vec<String> {
    let mut out = Vec::new();
    for (k, &ban) in v.hop_bans.iter().enumerate().filter(|(_, &b)| b != 0) {
        let names: Vec<&str> =
            v.pieces.iter().enumerate().filter(|(j, _)| ban & (1 << j) != 0).map(|(_, p)| p.name.as_str()).collect();
        out.push(format!("the {} may not hop over {}", v.pieces[k].name, names.join(", ")));
    }
    if let Some(p) = &v.passing {
        let end = if p.counting.is_some() { "decided by counting points" } else { "drawn" };
        out.push(format!("passing (two passes in a row end the game, {end})"));
        if p.bikjang {
            out.push(format!("bikjang (facing generals must be broken or passed; a pass ends the game, {end})"));
        }
    }
    out
}

/// Whether a straight move of a `kind` piece from `from` to `to` passes over
/// a piece of a kind it may not hop over: the hop restriction of
/// `effects.no-hop-over`, for hoppers along straight lines (the only way a
/// piece can pass over another is as a screen).
pub fn hops_banned(v: &crate::variant::Variant, board: &[u8], kind: usize, from: Cell, to: Cell) -> bool {
    let ban = v.hop_bans[kind];
    if ban == 0 {
        return false;
    }
    let g = &v.grid;
    let ((fx, fy), (tx, ty)) = (g.coords(from), g.coords(to));
    let (dx, dy) = (tx as i32 - fx as i32, ty as i32 - fy as i32);
    let len = dx.abs().max(dy.abs());
    if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return false;
    }
    (1..len).any(|i| {
        g.at(fx as i32 + dx.signum() * i, fy as i32 + dy.signum() * i).is_some_and(|c| {
            let code = board[c as usize];
            code != 0 && ban & (1 << code_kind(code)) != 0
        })
    })
}

impl Position<'_> {
    /// Whether the attack ending at `node`, by the piece on `from`, passes
    /// over a piece that piece may not hop over.
    pub(in crate::game) fn attack_hops_banned(&self, node: u32, from: Cell) -> bool {
        let code = self.board[from as usize];
        let ban = if code == 0 { 0 } else { self.v.hop_bans[code_kind(code) as usize] };
        if ban == 0 {
            return false;
        }
        let t = &self.v.tables;
        let mut a = t.parents[node as usize];
        while a != u32::MAX {
            let c = t.nodes[a as usize].cell;
            let here = self.board[c as usize];
            if c != from && here != 0 && ban & (1 << code_kind(here)) != 0 {
                return true;
            }
            a = t.parents[a as usize];
        }
        false
    }
}
