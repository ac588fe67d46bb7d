//! Spec → Variant: every check, every error with its location, then compile.

use std::ops::Range;

use super::diagnostics::Diagnostic;
use super::spec::{self, BetzaText, Spanned, VariantSpec};

use super::{Deployment, EndValue, PieceDef, Post, Rules, Variant, Zone};
use crate::betza;
use crate::board::{parse_square, Grid};

/// A definition that could not be loaded: all its problems.
#[derive(Debug)]
pub struct LoadError {
    /// Errors (and warnings) found, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Loads a definition from its TOML text. On success also returns the
/// warnings.
pub fn load_str(text: &str) -> Result<(Variant, Vec<Diagnostic>), LoadError> {
    let (spec, mut diags) = match spec::read(text) {
        Ok(x) => x,
        Err(d) => return Err(LoadError { diagnostics: vec![d] }),
    };
    let mut v = validate(&spec, &mut diags);
    // The setup must also make sense as a position of the finished variant
    // (castling rights with their partners, at most eight royals a side).
    if let Some(var) = &v {
        if let Err(e) = crate::game::Position::from_fen(var, &var.setup_fen) {
            let span = spec.fen.as_ref().map_or(spec.setup_span.clone(), |f| f.span.clone());
            for (_, msg) in e.0 {
                diags.push(Diagnostic::error(span.clone(), format!("setup: {msg}")));
            }
            v = None;
        }
    }
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    match v {
        Some(v) if diags.iter().all(|d| d.severity == super::Severity::Warning) => Ok((v, diags)),
        _ => Err(LoadError { diagnostics: diags }),
    }
}

fn betza_errors(b: &BetzaText, errs: Vec<betza::BetzaError>, out: &mut Vec<Diagnostic>, what: &str) {
    for e in errs {
        let span = match b.content_start {
            Some(s) => s + e.start..s + e.end.max(e.start + 1).min(b.text.len().max(e.start + 1)),
            None => b.span.clone(),
        };
        out.push(Diagnostic::error(span, format!("{what}: {}", e.message)));
    }
}

/// The condition of a special move: `None` for "not in check", else the
/// region it needs (`when = "in-region"` with `region`).
fn special_region(
    s: &spec::SpecialSpec,
    regions: &[crate::game::rules::regions::Region],
    d: &mut Vec<Diagnostic>,
) -> Option<u8> {
    let when = s.when.as_ref()?;
    match when.value.as_str() {
        "not-in-check" => {
            if let Some(r) = &s.region {
                d.push(Diagnostic::error(r.span.clone(), "`region` goes with `when = \"in-region\"`"));
            }
            None
        }
        "in-region" => match &s.region {
            Some(r) => crate::game::rules::regions::find(regions, r, d),
            None => {
                d.push(Diagnostic::error(when.span.clone(), "`when = \"in-region\"` needs `region = \"NAME\"`"));
                None
            }
        },
        other => {
            d.push(Diagnostic::error(
                when.span.clone(),
                format!("unknown condition {other:?}; use \"not-in-check\" or \"in-region\""),
            ));
            None
        }
    }
}

fn text_offset(s: &Spanned<String>, text_len: usize) -> Option<usize> {
    // Strings without escapes: the content starts right after the quote.
    let start = s.span.start + 1;
    (s.span.end >= start + text_len).then_some(start)
}

fn validate(spec: &VariantSpec, d: &mut Vec<Diagnostic>) -> Option<Variant> {
    let mut ok = true;
    if let Some(n) = &spec.name {
        if n.value.is_empty() || !n.value.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            d.push(Diagnostic::error(
                n.span.clone(),
                format!("`variant.name` {:?} must be lowercase letters, digits and hyphens", n.value),
            ));
        }
    }
    // Board.
    let size = |s: &Option<Spanned<i64>>, what: &str, d: &mut Vec<Diagnostic>| -> Option<u32> {
        let s = s.as_ref()?;
        if (1..=32).contains(&s.value) {
            Some(s.value as u32)
        } else {
            d.push(Diagnostic::error(
                s.span.clone(),
                format!("`board.{what}` is {}; it must be between 1 and 32", s.value),
            ));
            None
        }
    };
    let files = size(&spec.files, "files", d);
    let ranks = size(&spec.ranks, "ranks", d);
    let mut holes = Vec::new();
    if let (Some(f), Some(r)) = (files, ranks) {
        for h in &spec.holes {
            match parse_square(&h.value) {
                None => d.push(Diagnostic::error(
                    h.span.clone(),
                    format!("{:?} is not a square name (like e4 or a10)", h.value),
                )),
                Some((x, y)) if x >= f || y >= r => {
                    d.push(Diagnostic::error(h.span.clone(), format!("hole {} is off the {f}x{r} board", h.value)))
                }
                Some(sq) if holes.contains(&sq) => {
                    d.push(Diagnostic::error(h.span.clone(), format!("hole {} is listed twice", h.value)))
                }
                Some(sq) => holes.push(sq),
            }
        }
    }
    let polygons = match &spec.board_kind {
        None => false,
        Some(k) if k.value == "grid" => false,
        Some(k) if k.value == "polygons" => true,
        Some(k) => {
            d.push(Diagnostic::error(
                k.span.clone(),
                format!("`board.kind` is {:?}; use \"grid\" or \"polygons\"", k.value),
            ));
            false
        }
    };
    let grid = if polygons {
        polygon_grid(spec, d)
    } else {
        match (files, ranks) {
            (Some(f), Some(r)) => Some(Grid::new(f, r, &holes)),
            _ => None,
        }
    };
    let regions = match &grid {
        Some(g) => crate::game::rules::regions::compile(&spec.regions, g, d),
        None => Vec::new(),
    };

    // Pieces.
    let mut pieces = Vec::new();
    let mut letters: Vec<(char, Range<usize>)> = Vec::new();
    for p in &spec.pieces {
        if p.id.value.is_empty()
            || !p.id.value.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            d.push(Diagnostic::error(
                p.id.span.clone(),
                format!("piece id {:?} must be lowercase letters, digits and hyphens", p.id.value),
            ));
        }
        let mut letter = None;
        if let Some(l) = &p.letter {
            let mut cs = l.value.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => {
                    if let Some((_, first)) = letters.iter().find(|(x, _)| *x == c) {
                        let at = first.clone();
                        d.push(Diagnostic::error(
                            l.span.clone(),
                            format!("letter {c} is already used by another piece (at byte {})", at.start),
                        ));
                    } else {
                        letters.push((c, l.span.clone()));
                        letter = Some(c);
                    }
                }
                _ => d.push(Diagnostic::error(
                    l.span.clone(),
                    format!("`letter` must be one upper-case ASCII letter, not {:?}", l.value),
                )),
            }
        }
        let check_betza = |b: &Option<BetzaText>, what: &str, d: &mut Vec<Diagnostic>| -> bool {
            let Some(b) = b else { return false };
            match betza::compile_paths(&b.text) {
                Ok(paths) if polygons => {
                    let mut ok = true;
                    for path in &paths {
                        if let Err(msg) = crate::compile::graph::check_path(path) {
                            let span = match b.content_start {
                                Some(s0) => s0 + path.span.start..s0 + path.span.end,
                                None => b.span.clone(),
                            };
                            d.push(Diagnostic::error(span, format!("piece `{}`{what}: {msg}", p.id.value)));
                            ok = false;
                        }
                    }
                    ok
                }
                Ok(_) => true,
                Err(errs) => {
                    betza_errors(b, errs, d, &format!("in the Betza of `{}`{what}", p.id.value));
                    false
                }
            }
        };
        let good = if p.immobile {
            if let Some(b) = &p.betza {
                d.push(Diagnostic::error(b.span.clone(), format!("`{}` is immobile: give no `betza`", p.id.value)));
            }
            true
        } else {
            check_betza(&p.betza, "", d)
        };
        let good_black = p.betza_black.is_none() || check_betza(&p.betza_black, " (betza-black)", d);
        let mut specials = Vec::new();
        let mut special_regions = Vec::new();
        for s in &p.special {
            let region = special_region(s, &regions, d);
            if check_betza(&s.betza, " (special move)", d) {
                let name = s.name.as_ref().map_or_else(|| "special move".to_string(), |n| n.value.clone());
                specials.push((name, s.betza.as_ref().expect("checked").text.clone()));
                special_regions.push(region);
            }
        }
        let confined_to = p.confined_to.as_ref().and_then(|r| crate::game::rules::regions::find(&regions, r, d));
        if let (Some(letter), true, true) = (letter, good, good_black) {
            pieces.push(PieceDef {
                id: p.id.value.clone(),
                name: p.name.as_ref().map_or_else(|| p.id.value.clone(), |n| n.value.clone()),
                letter,
                betza: p.betza.as_ref().map_or_else(String::new, |b| b.text.clone()),
                betza_black: p.betza_black.as_ref().map(|b| b.text.clone()),
                royal: p.royal,
                pawn: p.pawn,
                image: p.image.as_ref().map(|i| i.value.clone()),
                specials,
                immobile: p.immobile,
                capturable_by: None,
                capture_wins: p.capture_wins.as_ref().map(|c| c.value.clone()),
                special_regions,
                confined_to,
            });
        } else {
            ok = false;
        }
    }
    if !spec.pieces.is_empty() && !spec.pieces.iter().any(|p| p.royal) {
        let at = if spec.pieces_span.is_empty() { spec.pieces[0].id.span.clone() } else { spec.pieces_span.clone() };
        d.push(Diagnostic::warning(
            at,
            "no piece is royal: there is no check, checkmate or stalemate; the game ends only by the draw rules or bare king",
        ));
    }
    let letter_known = |c: char| letters.iter().any(|(x, _)| *x == c.to_ascii_uppercase());
    let kind_of_letter = |s: &Spanned<String>, what: &str, d: &mut Vec<Diagnostic>| -> Option<u8> {
        let mut cs = s.value.chars();
        match (cs.next(), cs.next()) {
            (Some(ch), None) if ch.is_ascii_uppercase() && letter_known(ch) => {
                Some(letters.iter().position(|(x, _)| *x == ch).expect("known") as u8)
            }
            _ => {
                d.push(Diagnostic::error(
                    s.span.clone(),
                    format!("{what} {:?} is not the letter of a defined piece", s.value),
                ));
                None
            }
        }
    };
    for p in &spec.pieces {
        if let (Some(list), Some(def)) = (&p.capturable_by, pieces.iter_mut().find(|x| x.id == p.id.value)) {
            let mut kinds = Vec::new();
            for l in list {
                if let Some(k) = kind_of_letter(l, "capturable-by", d) {
                    kinds.push(k);
                }
            }
            def.capturable_by = Some(kinds);
        }
    }

    // Setup: a FEN, or square lists that become one.
    let listed_fen = match (&spec.fen, &grid) {
        (None, Some(g)) if !spec.setup_pieces.is_empty() => setup_from_lists(spec, g, &letter_known, d),
        (Some(f), _) if !spec.setup_pieces.is_empty() => {
            d.push(Diagnostic::error(f.span.clone(), "give the setup either as `fen` or as `pieces`, not both"));
            None
        }
        _ => None,
    };
    if let (Some(fen), Some(g)) = (&spec.fen, &grid) {
        let lookup = |c: char| if letter_known(c) { Some(0u8) } else { None };
        if let Err(errs) = crate::game::fen::parse_placement(g, &lookup, &fen.value) {
            let base = text_offset(fen, fen.value.len());
            for (r, msg) in errs {
                let span = base.map_or(fen.span.clone(), |b| b + r.start..b + r.end);
                d.push(Diagnostic::error(span, format!("setup FEN: {msg}")));
            }
        }
    }

    // Promotion.
    let mut zones = Vec::new();
    for z in &spec.zones {
        let mut zone = Zone {
            ranks: [Vec::new(), Vec::new()],
            cells: [Vec::new(), Vec::new()],
            choices: Vec::new(),
            mandatory: z.mandatory,
            once: Vec::new(),
        };
        for o in &z.once {
            if let Some(k) = kind_of_letter(o, "once-per-side choice", d) {
                zone.once.push(k);
            }
        }
        for (side, list) in [(0, &z.white), (1, &z.black)] {
            for r in list {
                match ranks {
                    Some(n) if r.value >= 1 && r.value <= n as i64 => zone.ranks[side].push(r.value as u32 - 1),
                    Some(n) => d.push(Diagnostic::error(
                        r.span.clone(),
                        format!("promotion rank {} is off the board (ranks 1..{n})", r.value),
                    )),
                    None => {}
                }
            }
        }
        for side in 0..2 {
            for c in &z.cells[side] {
                match grid.as_ref().and_then(|g| g.parse(&c.value)) {
                    Some(cell) => zone.cells[side].push(cell),
                    None if grid.is_some() => d.push(Diagnostic::error(
                        c.span.clone(),
                        format!("promotion cell {:?} is not a cell of the board", c.value),
                    )),
                    None => {}
                }
            }
        }
        if z.has_ranks && z.white.is_empty() && z.black.is_empty() && z.cells.iter().all(|c| c.is_empty()) {
            d.push(Diagnostic::error(z.span.clone(), "a promotion zone needs ranks for at least one side"));
        }
        for c in &z.choices {
            let mut cs = c.value.chars();
            match (cs.next(), cs.next()) {
                (Some(ch), None) if letter_known(ch) && ch.is_ascii_uppercase() => {
                    let kind = letters.iter().position(|(x, _)| *x == ch).expect("known") as u8;
                    if spec.pieces.get(kind as usize).is_some_and(|p| p.royal) {
                        d.push(Diagnostic::error(
                            c.span.clone(),
                            format!("promotion to the royal piece {ch} is not allowed"),
                        ));
                    }
                    zone.choices.push(kind);
                }
                _ => d.push(Diagnostic::error(
                    c.span.clone(),
                    format!("promotion choice {:?} is not the letter of a defined piece", c.value),
                )),
            }
        }
        if z.choices.is_empty() && z.has_choices {
            d.push(Diagnostic::error(z.span.clone(), "a promotion zone needs at least one choice"));
        }
        zones.push(zone);
    }

    // Deployment.
    let side_of = |s: &Option<Spanned<String>>, what: &str, d: &mut Vec<Diagnostic>| -> u8 {
        match s.as_ref().map(|x| x.value.as_str()) {
            None | Some("white") => 0,
            Some("black") => 1,
            Some(other) => {
                d.push(Diagnostic::error(
                    s.as_ref().expect("some").span.clone(),
                    format!("`deployment.{what}` is {other:?}; use \"white\" or \"black\""),
                ));
                0
            }
        }
    };
    let mut deployment = None;
    if let Some(ds) = &spec.deployment {
        let first = side_of(&ds.first, "first", d);
        let then = side_of(&ds.then, "then", d);
        let mut posts = Vec::new();
        for p in &ds.posts {
            let kind = p.piece.as_ref().and_then(|l| kind_of_letter(l, "posted piece", d));
            let count = match &p.count {
                Some(c) if (0..=64).contains(&c.value) => c.value as u8,
                Some(c) => {
                    d.push(Diagnostic::error(c.span.clone(), "`count` must be between 0 and 64"));
                    0
                }
                None => 0,
            };
            let mut cells = [Vec::new(), Vec::new()];
            if let Some(g) = &grid {
                for (side, side_cells) in cells.iter_mut().enumerate() {
                    for r in &p.ranks[side] {
                        if r.value < 1 || r.value > g.ranks() as i64 {
                            d.push(Diagnostic::error(r.span.clone(), format!("rank {} is off the board", r.value)));
                            continue;
                        }
                        for c in 0..g.len() as u16 {
                            if g.coords(c).1 as i64 == r.value - 1 {
                                side_cells.push(c);
                            }
                        }
                    }
                    for c in &p.cells[side] {
                        match g.parse(&c.value) {
                            Some(cell) => side_cells.push(cell),
                            None => d.push(Diagnostic::error(
                                c.span.clone(),
                                format!("{:?} is not a cell of the board", c.value),
                            )),
                        }
                    }
                }
            }
            if let Some(kind) = kind {
                posts.push(Post { kind, count, cells, before_others: p.before_others });
            }
        }
        deployment = Some(Deployment { first, then, posts });
    }
    if let Some(h) = &spec.hook {
        if h.value != "tigerchess" {
            d.push(Diagnostic::error(h.span.clone(), format!("unknown hook {:?}; known: \"tigerchess\"", h.value)));
        }
    }

    // Rules.
    let stalemate = match &spec.stalemate {
        None => EndValue::Draw,
        Some(s) => match s.value.as_str() {
            "draw" => EndValue::Draw,
            "loss" => EndValue::Loss,
            "win" => EndValue::Win,
            other => {
                d.push(Diagnostic::error(
                    s.span.clone(),
                    format!("`rules.stalemate` is {other:?}; use \"draw\", \"loss\" or \"win\""),
                ));
                EndValue::Draw
            }
        },
    };
    let bare_king = match &spec.bare_king {
        None => false,
        Some(s) => match s.value.as_str() {
            "none" => false,
            "loss" => true,
            other => {
                d.push(Diagnostic::error(
                    s.span.clone(),
                    format!("`rules.bare-king` is {other:?}; use \"none\" or \"loss\""),
                ));
                false
            }
        },
    };
    let count = |s: &Option<Spanned<i64>>, what: &str, default: u32, d: &mut Vec<Diagnostic>| -> u32 {
        match s {
            None => default,
            Some(s) if (0..=100_000).contains(&s.value) => s.value as u32,
            Some(s) => {
                d.push(Diagnostic::error(
                    s.span.clone(),
                    format!("`rules.{what}` is {}; it must be 0 or more", s.value),
                ));
                default
            }
        }
    };
    let move_rule = count(&spec.move_rule, "move-rule", 50, d);
    let repetition = count(&spec.repetition, "repetition", 3, d);
    if let Some(r) = &spec.repetition {
        if r.value == 1 {
            d.push(Diagnostic::error(
                r.span.clone(),
                "`rules.repetition` = 1 would end every game at once; use 0 for none",
            ));
        }
    }

    if !ok || d.iter().any(|x| x.severity == super::Severity::Error) {
        return None;
    }
    let grid = grid?;
    let mut tables = super::tables::MoveTables::build(&grid, &pieces, &zones, &regions, spec.flying_general);
    let kind_of = |c: char| pieces.iter().position(|p| p.letter == c.to_ascii_uppercase()).map(|k| k as u8);
    let setup_fen = match &spec.fen {
        Some(f) => f.value.clone(),
        None => listed_fen?,
    };
    let setup = crate::game::fen::parse_placement(&grid, &kind_of, &setup_fen).ok()?;
    tables.mark_castling_partners(&setup.cells);
    Some(Variant {
        name: spec.name.as_ref()?.value.clone(),
        title: spec.title.as_ref()?.value.clone(),
        author: spec.author.as_ref()?.value.clone(),
        year: spec.year.as_ref().map(|y| y.value),
        rules_url: spec.rules_url.as_ref()?.value.clone(),
        description: spec.description.as_ref().map(|s| s.value.clone()),
        reconstructed: spec.reconstructed.as_ref().map(|s| s.value.clone()),
        grid,
        a1_light: spec.a1_light,
        pieces,
        setup_fen,
        zones,
        rules: Rules {
            stalemate,
            bare_king,
            counter_baring: spec.counter_baring,
            move_rule,
            repetition,
            flying_general: spec.flying_general,
        },
        tables,
        hook: spec.hook.as_ref().map(|h| h.value.clone()),
        deployment,
        regions,
    })
}

/// Builds a polygon board from `board.cells`, `board.rows` and
/// `board.forward`, reporting every problem.
fn polygon_grid(spec: &VariantSpec, d: &mut Vec<Diagnostic>) -> Option<Grid> {
    use crate::board::graph::{GraphGeometry, PolyCell};
    if !spec.holes.is_empty() {
        d.push(Diagnostic::error(
            spec.holes[0].span.clone(),
            "a polygon board has no holes: leave the cell out instead",
        ));
    }
    if spec.cells.is_empty() {
        return None;
    }
    let cells: Vec<PolyCell> =
        spec.cells.iter().map(|(l, pts, _)| PolyCell { label: l.value.clone(), polygon: pts.clone() }).collect();
    let geometry = match GraphGeometry::from_polygons(cells) {
        Ok(g) => g,
        Err(e) => {
            d.push(Diagnostic::error(spec.cells_span.clone(), format!("board.cells: {e}")));
            return None;
        }
    };
    if geometry.len() > 1024 {
        d.push(Diagnostic::error(spec.cells_span.clone(), "a board may have at most 1024 cells"));
        return None;
    }
    let mut seen = vec![false; geometry.len()];
    let mut rows = Vec::new();
    let mut ok = true;
    for row in &spec.rows {
        let mut r = Vec::new();
        for l in row {
            match geometry.cell_index(&l.value) {
                Some(c) if seen[c as usize] => {
                    d.push(Diagnostic::error(
                        l.span.clone(),
                        format!("cell {} is listed twice in `board.rows`", l.value),
                    ));
                    ok = false;
                }
                Some(c) => {
                    seen[c as usize] = true;
                    r.push(c);
                }
                None => {
                    d.push(Diagnostic::error(l.span.clone(), format!("{:?} is not the label of a cell", l.value)));
                    ok = false;
                }
            }
        }
        rows.push(r);
    }
    let missing: Vec<&str> = (0..geometry.len()).filter(|&c| !seen[c]).map(|c| geometry.label(c as u16)).collect();
    if !missing.is_empty() && !spec.rows.is_empty() {
        d.push(Diagnostic::error(
            spec.board_span.clone(),
            format!("`board.rows` leaves out the cells {}", missing.join(", ")),
        ));
        ok = false;
    }
    if !ok || rows.is_empty() {
        return None;
    }
    let (w, b) = spec.forward.unwrap_or((90.0, 270.0));
    Some(Grid::from_graph(geometry, &rows, [w, b]))
}

/// Turns `setup.pieces` (+ symmetry, side, castling) into a FEN, reporting
/// bad letters and squares at their place in the file.
fn setup_from_lists(
    spec: &VariantSpec,
    g: &Grid,
    known: &dyn Fn(char) -> bool,
    d: &mut Vec<Diagnostic>,
) -> Option<String> {
    let n = g.len();
    let mut board: Vec<Option<char>> = vec![None; n];
    let mut ok = true;
    let symmetry = spec.symmetry.as_ref().map_or("mirror", |s| s.value.as_str());
    if !["mirror", "rotate", "none"].contains(&symmetry) {
        let s = spec.symmetry.as_ref().expect("given");
        d.push(Diagnostic::error(
            s.span.clone(),
            format!("`setup.symmetry` is {symmetry:?}; use \"mirror\", \"rotate\" or \"none\""),
        ));
        ok = false;
    }
    let has_black = spec.setup_pieces.iter().any(|(l, _)| l.value.chars().all(|c| c.is_ascii_lowercase()));
    let mut place = |c: u16, ch: char, span: &Range<usize>, d: &mut Vec<Diagnostic>| {
        if let Some(other) = board[c as usize] {
            d.push(Diagnostic::error(span.clone(), format!("{} is taken twice ({other} and {ch})", g.label(c))));
            return false;
        }
        board[c as usize] = Some(ch);
        true
    };
    for (letter, squares) in &spec.setup_pieces {
        let mut cs = letter.value.chars();
        let ch = match (cs.next(), cs.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() && known(c) => c,
            _ => {
                d.push(Diagnostic::error(
                    letter.span.clone(),
                    format!("{:?} is not the letter of a defined piece", letter.value),
                ));
                ok = false;
                continue;
            }
        };
        for sq in squares {
            let Some(c) = g.parse(&sq.value) else {
                d.push(Diagnostic::error(sq.span.clone(), format!("{:?} is not a cell of the board", sq.value)));
                ok = false;
                continue;
            };
            ok &= place(c, ch, &sq.span, d);
            if ch.is_ascii_uppercase() && !has_black && symmetry != "none" && g.graph().is_none() {
                let (x, y) = g.coords(c);
                let (bx, by) =
                    if symmetry == "rotate" { (g.files() - 1 - x, g.ranks() - 1 - y) } else { (x, g.ranks() - 1 - y) };
                match g.at(bx as i32, by as i32) {
                    Some(bc) => ok &= place(bc, ch.to_ascii_lowercase(), &sq.span, d),
                    None => {
                        d.push(Diagnostic::error(
                            sq.span.clone(),
                            format!("Black's counterpart of {} is a hole", sq.value),
                        ));
                        ok = false;
                    }
                }
            }
        }
    }
    if !ok {
        return None;
    }
    let mut placement = crate::game::fen::write_placement(g, &|c| board[c as usize]);
    // A deployment phase starts with the declared hands.
    if let Some(dep) = &spec.deployment {
        let mut hand = [String::new(), String::new()];
        for p in &dep.posts {
            if let (Some(l), Some(c)) = (&p.piece, &p.count) {
                for _ in 0..c.value.clamp(0, 64) {
                    hand[0].push_str(&l.value.to_ascii_uppercase());
                    hand[1].push_str(&l.value.to_ascii_lowercase());
                }
            }
        }
        placement = format!("{placement}[{}{}]", hand[0], hand[1]);
    }
    let side = match spec.setup_side.as_ref().map(|s| s.value.as_str()) {
        None | Some("white") => 'w',
        Some("black") => 'b',
        Some(other) => {
            d.push(Diagnostic::error(
                spec.setup_side.as_ref().expect("given").span.clone(),
                format!("`setup.side` is {other:?}"),
            ));
            return None;
        }
    };
    let castling = spec.setup_castling.as_ref().map_or("-".to_string(), |c| c.value.clone());
    Some(format!("{placement} {side} {castling} - 0 1"))
}
