//! Everything the move generator needs, compiled once per variant: move
//! programs per piece kind × side × cell, castling rules, attack tables and
//! promotion zones per cell.

use super::{PieceDef, Zone};
use crate::betza;
use crate::board::{Cell, Grid};
use crate::compile::{compile_castles, compile_paths, flag, CastleRule, Node, Program, TooLarge, MAX_PROGRAM_NODES};
use crate::game::rules::regions::Region;

/// Most nodes all move programs of a variant may have together (about
/// 64 MB of nodes, parents and attack entries). Far above any real game:
/// Tigrey, the largest built-in, needs a small fraction (docs/limits.md).
pub const MAX_TABLE_NODES: usize = 8_000_000;

/// A piece whose move programs would be too large.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLargeProgram {
    /// The piece kind.
    pub kind: usize,
    /// The start cell whose program exceeded [`MAX_PROGRAM_NODES`]; `None`
    /// when the tables as a whole exceeded [`MAX_TABLE_NODES`].
    pub cell: Option<Cell>,
    /// For Black.
    pub black: bool,
}

/// Why the move tables could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// A piece's programs would be too large.
    TooLarge(TooLargeProgram),
    /// A piece's Betza (or one of its special moves' Betza) does not
    /// compile: the loader checks every Betza first, so this is reached
    /// only by a `PieceDef` built some other way.
    Betza {
        /// The piece kind.
        kind: usize,
        /// For Black.
        black: bool,
        /// The compiler's message.
        message: String,
    },
}

impl From<TooLargeProgram> for TableError {
    fn from(e: TooLargeProgram) -> Self {
        TableError::TooLarge(e)
    }
}

/// Node flags that keep a program off the plain walk.
const PLAIN_EXCLUDES: u16 = flag::VICTIM | flag::EP | flag::VIRGIN | flag::UNCHECKED | flag::ATTACK_ONLY;

/// Where one program lives in [`MoveTables::nodes`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ProgRef {
    /// First node.
    pub start: u32,
    /// One past the last node.
    pub end: u32,
    /// The program can emit the same move twice.
    pub may_repeat: bool,
    /// The program passes over or returns to its start cell.
    pub visits_origin: bool,
    /// The program has nodes only legal when not in check.
    pub unchecked: bool,
    /// The piece may not hop over some kinds (`effects.no-hop-over`): each
    /// of its moves is checked.
    pub hop_ban: bool,
    /// Move generation may take `walk_plain` and push each destination as
    /// a plain move: no node needs more than the occupancy of its cell (no
    /// locust victims, en passant, initial-only, not-in-check or
    /// attack-only subtrees), the piece is no pawn, never repeats a move,
    /// never passes its origin, and no capture restriction, piece promotion
    /// or hop ban applies (the loader clears it for the last two).
    pub plain: bool,
    /// The piece has castling moves from this cell (set by the loader once
    /// castling partners are final).
    pub castles: bool,
}

/// One way a piece standing on `from` could capture on a target cell.
#[derive(Clone, Copy, Debug)]
pub struct AttackEntry {
    /// The attacker's cell.
    pub from: Cell,
    /// The attacker's piece code (see `game::piece_code`).
    pub code: u8,
    /// The capturing node, whose ancestors must all let the walk through.
    pub node: u32,
}

/// Most u64 words of a cell set for which [`MoveTables::check_paths`] is
/// kept (boards up to 1 024 cells; larger ones would need megabytes).
pub const CHECK_PATH_WORDS: usize = 16;

/// The attack entries of one attacker cell for one target: entries
/// `start..end` of [`MoveTables::attack_entries`], and the kinds among them.
#[derive(Clone, Copy, Debug)]
pub struct AttackGroup {
    /// The attacker's cell.
    pub from: Cell,
    /// Bit `kind` is set when some entry is for that kind.
    pub kinds: u64,
    /// First entry.
    pub start: u32,
    /// One past the last entry.
    pub end: u32,
}

/// Compiled tables of a variant.
#[derive(Clone, Debug)]
pub struct MoveTables {
    /// All nodes of all programs (each program's `skip` indices are
    /// relative to its own first node).
    pub nodes: Vec<Node>,
    /// Parent of each node (`u32::MAX` for roots).
    pub parents: Vec<u32>,
    /// Program per (kind, side, cell): index `(kind * 2 + side) * cells + cell`.
    pub progs: Vec<ProgRef>,
    /// Castling rules, same index as `progs`.
    pub castles: Vec<Vec<CastleRule>>,
    /// Attackers per (attacking side, target): index `side * cells + target`.
    pub attacks: Vec<Vec<AttackEntry>>,
    /// Attack entries grouped by attacker cell: groups per (side, target),
    /// `groups_start[i]..groups_start[i + 1]` into `attack_groups`.
    pub attack_groups: Vec<AttackGroup>,
    /// Start of each (side, target)'s groups; one extra entry at the end.
    pub groups_start: Vec<u32>,
    /// Per (side, target): the set of attacker cells, `words` u64 each (the
    /// groups are exactly these cells, in order).
    pub attacker_cells: Vec<u64>,
    /// Per (side, target, word): how many attacker cells the earlier words
    /// hold, so a cell's group is found with one popcount.
    pub attacker_rank: Vec<u32>,
    /// The entries the groups point into.
    pub attack_entries: Vec<AttackEntry>,
    /// Per (side, target): every cell a piece of the side could attack the
    /// target from, every cell on the way (screens included) and the target
    /// itself, `words` u64 each: a move touching none of them cannot start
    /// an attack on the target (see `Position::check_cells`). Empty on
    /// boards of over [`CHECK_PATH_WORDS`] words.
    pub check_paths: Vec<u64>,
    /// Per piece code: royal.
    pub code_royal: Vec<bool>,
    /// Per piece code: pawn (promotes, leaves e.p. squares).
    pub code_pawn: Vec<bool>,
    /// Per piece code: moves as Fairy-Stockfish's chess pawn, whose e.p.
    /// square FSF writes only when it can be taken (`rules::en_passant`).
    pub code_chess_pawn: Vec<bool>,
    /// Which moves reset the n-move counter (`rules::move_rule`).
    pub move_rule: crate::game::rules::move_rule::Resets,
    /// Per piece kind: bit set of the kinds that may capture it.
    pub capturers: Vec<u64>,
    /// Some piece may be captured only by some kinds.
    pub capture_rules: bool,
    /// u64 words per cell set.
    pub words: usize,
    /// Promotion zones containing a cell, per side: index `side * cells + cell`.
    pub zone_mask: Vec<u32>,
    /// Some move can capture en passant.
    pub has_ep: bool,
    /// Only FSF's chess pawns capture en passant, on a rectangular grid: a
    /// chess pawn's double step then leaves its square only where an enemy
    /// chess pawn stands beside the landing square, as FSF sets it, so that
    /// the hash (and repetition) is FSF's (`rules::en_passant`).
    pub ep_needs_taker: bool,
    /// A FEN's e.p. squares are kept as written, as FSF reads them in
    /// variants beyond its fast chess pieces (`rules::en_passant::fsf_reads_any_ep`).
    pub ep_read_any: bool,
    /// Number of cells.
    pub cells: usize,
    /// Hash keys.
    pub zobrist: crate::game::Zobrist,
    /// Per kind: whether being unmoved changes what the piece can do (it has
    /// `i` moves, castles, or is a castling partner). Only such pieces carry
    /// an unmoved flag, so that a knight returning home repeats the position.
    pub virgin_matters: Vec<bool>,
    /// Per kind: it has moves of its own that need it unmoved (`i` moves,
    /// not castling alone). Unless it is a pawn (which cannot return to its
    /// start), its unmoved state is written in the FEN's castling field.
    pub initial_moves: Vec<bool>,
}

impl MoveTables {
    /// Compiles every piece on every cell for both sides. Fails with the
    /// first piece whose program, or the tables as a whole, would be too
    /// large ([`MAX_PROGRAM_NODES`], [`MAX_TABLE_NODES`]), or whose Betza
    /// does not compile.
    pub fn build(
        grid: &Grid,
        pieces: &[PieceDef],
        zones: &[Zone],
        regions: &[Region],
        flying_general: &[betza::Path],
    ) -> Result<MoveTables, TableError> {
        let mut t = MoveTables::empty(grid.len(), pieces);
        for (kind, p) in pieces.iter().enumerate() {
            for side in 0..2usize {
                let piece = PieceMoves::new(p, kind, side, if p.royal { flying_general } else { &[] })?;
                for cell in 0..grid.len() as Cell {
                    let (prog, castles, unchecked) = piece.program(grid, regions, cell, t.nodes.len())?;
                    t.install(&piece, cell, prog, castles, unchecked);
                }
            }
        }
        t.has_ep = t.nodes.iter().any(|nd| nd.flags & flag::EP != 0);
        let by_others = t.ep_by_others();
        t.ep_needs_taker = grid.graph().is_none() && !by_others;
        t.ep_read_any = crate::game::rules::en_passant::fsf_reads_any_ep(pieces, t.has_ep, by_others);
        t.group_attacks();
        t.mark_check_paths();
        t.mark_zones(grid, zones);
        t.move_rule = crate::game::rules::move_rule::compile(pieces, &t);
        Ok(t)
    }

    /// Whether a piece other than FSF's chess pawn has an en-passant capture
    /// somewhere (then every double step leaves its squares, as in FSF).
    fn ep_by_others(&self) -> bool {
        self.progs.iter().enumerate().any(|(i, pr)| {
            let (kind, side) = (i / (2 * self.cells), i / self.cells % 2);
            !self.code_chess_pawn[crate::game::piece_code(kind as u8, side as u8) as usize]
                && self.nodes[pr.start as usize..pr.end as usize].iter().any(|nd| nd.flags & flag::EP != 0)
        })
    }

    /// Tables with no program yet, sized for `n` cells and `pieces`.
    fn empty(n: usize, pieces: &[PieceDef]) -> MoveTables {
        let words = n.div_ceil(64);
        let mut t = MoveTables {
            nodes: Vec::new(),
            parents: Vec::new(),
            progs: vec![ProgRef::default(); pieces.len() * 2 * n],
            castles: vec![Vec::new(); pieces.len() * 2 * n],
            attacks: vec![Vec::new(); 2 * n],
            words,
            zone_mask: vec![0; 2 * n],
            has_ep: false,
            ep_needs_taker: false,
            ep_read_any: false,
            cells: n,
            zobrist: crate::game::Zobrist::new(1 + pieces.len() * 2, n),
            virgin_matters: vec![false; pieces.len()],
            initial_moves: vec![false; pieces.len()],
            attack_groups: Vec::new(),
            groups_start: Vec::new(),
            attacker_cells: vec![0; 2 * n * words],
            attacker_rank: vec![0; 2 * n * words],
            attack_entries: Vec::new(),
            check_paths: Vec::new(),
            code_royal: vec![false; 1 + pieces.len() * 2],
            code_pawn: vec![false; 1 + pieces.len() * 2],
            code_chess_pawn: vec![false; 1 + pieces.len() * 2],
            move_rule: Default::default(),
            capturers: pieces
                .iter()
                .map(|p| p.capturable_by.as_ref().map_or(u64::MAX, |ks| ks.iter().fold(0, |m, &k| m | 1 << k)))
                .collect(),
            capture_rules: pieces.iter().any(|p| p.capturable_by.is_some()),
        };
        for (k, p) in pieces.iter().enumerate() {
            for side in 0..2 {
                let code = crate::game::piece_code(k as u8, side) as usize;
                t.code_royal[code] = p.royal;
                t.code_pawn[code] = p.pawn;
                t.code_chess_pawn[code] = crate::game::rules::en_passant::is_chess_pawn(p);
            }
        }
        t
    }

    /// Puts the program of `piece` on `cell` into the tables, with its
    /// castling rules, and indexes its attacks.
    fn install(&mut self, piece: &PieceMoves, cell: Cell, prog: Program, castles: Vec<CastleRule>, unchecked: bool) {
        let (kind, side, n) = (piece.kind, piece.side, self.cells);
        let idx = (kind * 2 + side) * n + cell as usize;
        let start = self.nodes.len() as u32;
        self.push_program(&prog);
        self.progs[idx] = ProgRef {
            start,
            end: self.nodes.len() as u32,
            may_repeat: prog.may_repeat,
            visits_origin: prog.visits_origin,
            unchecked,
            hop_ban: false,
            plain: !piece.def.pawn
                && !self.capture_rules
                && !prog.may_repeat
                && !prog.visits_origin
                && prog.nodes.iter().all(|nd| nd.flags & PLAIN_EXCLUDES == 0),
            castles: false,
        };
        let initial = prog.nodes.iter().any(|nd| nd.flags & flag::VIRGIN != 0);
        self.initial_moves[kind] |= initial;
        if !castles.is_empty() || initial {
            self.virgin_matters[kind] = true;
        }
        self.castles[idx] = castles;
        let code = crate::game::piece_code(kind as u8, side as u8);
        self.index_attacks(start, code, side, cell);
    }

    /// Sets each cell's bit of every promotion zone it lies in, per side.
    fn mark_zones(&mut self, grid: &Grid, zones: &[Zone]) {
        let n = self.cells;
        for (zi, z) in zones.iter().enumerate() {
            for side in 0..2 {
                for c in 0..n as Cell {
                    if z.cells[side].contains(&c) || grid.graph().is_none() && z.ranks[side].contains(&grid.coords(c).1)
                    {
                        self.zone_mask[side * n + c as usize] |= 1 << zi;
                    }
                }
            }
        }
    }

    /// Fills [`MoveTables::check_paths`] from the grouped attack entries:
    /// each entry's attacker cell and the cells of its capturing node's
    /// ancestors (the walk it takes to the target).
    fn mark_check_paths(&mut self) {
        let w = self.words;
        if w > CHECK_PATH_WORDS {
            return;
        }
        let targets = self.groups_start.len() - 1;
        let mut paths = vec![0u64; targets * w];
        for t in 0..targets {
            let set = &mut paths[t * w..(t + 1) * w];
            let mut mark = |c: Cell| set[c as usize / 64] |= 1 << (c % 64);
            mark((t % self.cells) as Cell);
            let groups = &self.attack_groups[self.groups_start[t] as usize..self.groups_start[t + 1] as usize];
            for e in groups.iter().flat_map(|g| &self.attack_entries[g.start as usize..g.end as usize]) {
                mark(e.from);
                let mut a = self.parents[e.node as usize];
                while a != u32::MAX {
                    mark(self.nodes[a as usize].cell);
                    a = self.parents[a as usize];
                }
            }
        }
        self.check_paths = paths;
    }

    /// Sorts each target's entries by attacker cell and groups them, so that
    /// an attack test looks at each possible attacker cell once.
    fn group_attacks(&mut self) {
        self.groups_start.push(0);
        for list in &mut self.attacks {
            list.sort_by_key(|e| (e.from, e.code, e.node));
            let mut i = 0;
            while i < list.len() {
                let from = list[i].from;
                let start = self.attack_entries.len() as u32;
                let mut kinds = 0u64;
                while i < list.len() && list[i].from == from {
                    kinds |= 1 << crate::game::code_kind(list[i].code);
                    self.attack_entries.push(list[i]);
                    i += 1;
                }
                self.attack_groups.push(AttackGroup { from, kinds, start, end: self.attack_entries.len() as u32 });
            }
            self.groups_start.push(self.attack_groups.len() as u32);
        }
        let w = self.words;
        for t in 0..self.attacks.len() {
            let groups = &self.attack_groups[self.groups_start[t] as usize..self.groups_start[t + 1] as usize];
            for g in groups {
                self.attacker_cells[t * w + g.from as usize / 64] |= 1 << (g.from % 64);
            }
            let mut rank = 0;
            for i in 0..w {
                self.attacker_rank[t * w + i] = rank;
                rank += self.attacker_cells[t * w + i].count_ones();
            }
        }
    }

    fn push_program(&mut self, prog: &Program) {
        let base = self.nodes.len() as u32;
        let mut stack: Vec<u32> = Vec::new();
        // `skip` stays relative to the program's first node: the walker runs
        // on the program's slice.
        for (i, nd) in prog.nodes.iter().enumerate() {
            let i = i as u32;
            while stack.last().is_some_and(|&top| prog.nodes[top as usize].skip <= i) {
                stack.pop();
            }
            self.parents.push(stack.last().map_or(u32::MAX, |&p| p + base));
            self.nodes.push(*nd);
            stack.push(i);
        }
    }

    fn index_attacks(&mut self, start: u32, code: u8, side: usize, from: Cell) {
        let n = self.cells;
        for i in start..self.nodes.len() as u32 {
            let nd = self.nodes[i as usize];
            if nd.flags & flag::ENEMY_EMIT == 0 {
                continue;
            }
            // Moves allowed only when not in check never give check.
            let mut a = self.parents[i as usize];
            let mut root = i;
            while a != u32::MAX {
                root = a;
                a = self.parents[a as usize];
            }
            if self.nodes[root as usize].flags & flag::UNCHECKED != 0 {
                continue;
            }
            if nd.cell == from {
                continue;
            }
            let t = side * n + nd.cell as usize;
            self.attacks[t].push(AttackEntry { from, code, node: i });
        }
    }

    /// Marks the kinds standing on castling-partner cells of the setup.
    pub fn mark_castling_partners(&mut self, setup: &[Option<(u8, u8)>]) {
        let n = self.cells;
        for (c, cell) in setup.iter().enumerate() {
            if let Some((kind, side)) = *cell {
                for r in &self.castles[(kind as usize * 2 + side as usize) * n + c] {
                    if let Some((pk, ps)) = setup[r.partner as usize] {
                        if ps == side {
                            self.virgin_matters[pk as usize] = true;
                        }
                    }
                }
            }
        }
    }
}

/// One piece kind for one side, its Betza compiled to paths once, ready to
/// be compiled on each cell.
struct PieceMoves<'p> {
    def: &'p PieceDef,
    kind: usize,
    side: usize,
    paths: Vec<betza::Path>,
    /// The paths of each special move, in the order of `def.special_regions`.
    special: Vec<Vec<betza::Path>>,
    /// The flying general's attack paths (a royal piece of a variant with
    /// that rule), else none.
    flying: &'p [betza::Path],
}

impl<'p> PieceMoves<'p> {
    /// Compiles the piece's Betza (Black's own where it has one) to paths.
    fn new(def: &'p PieceDef, kind: usize, side: usize, flying: &'p [betza::Path]) -> Result<Self, TableError> {
        let text = if side == 1 { def.betza_black.as_deref().unwrap_or(&def.betza) } else { &def.betza };
        let compile = |text: &str| {
            betza::compile_paths(text).map_err(|errs| TableError::Betza {
                kind,
                black: side == 1,
                message: errs.first().map_or_else(|| format!("{text:?} does not compile"), |e| e.message.clone()),
            })
        };
        let paths = if def.immobile { Vec::new() } else { compile(text)? };
        let special = def.specials.iter().map(|(_, b)| compile(b)).collect::<Result<_, _>>()?;
        Ok(PieceMoves { def, kind, side, paths, special, flying })
    }

    /// The program from `cell`, its castling rules, and whether it has
    /// moves allowed only when not in check. `used` nodes are in the
    /// tables already (their limit counts them).
    fn program(
        &self,
        grid: &Grid,
        regions: &[Region],
        cell: Cell,
        used: usize,
    ) -> Result<(Program, Vec<CastleRule>, bool), TooLargeProgram> {
        let (kind, black) = (self.kind, self.side == 1);
        let too_large_here = |_| TooLargeProgram { kind, cell: Some(cell), black };
        let mut prog: Program = compile_paths(grid, &self.paths, cell, black).map_err(too_large_here)?;
        let mut castles = compile_castles(grid, &self.paths, cell, black);
        let mut unchecked = false;
        for (sp, region) in self.special.iter().zip(&self.def.special_regions) {
            let mut extra = compile_paths(grid, sp, cell, black).map_err(too_large_here)?;
            match region {
                // A position-dependent move exists only on the region's cells.
                Some(r) if !regions[*r as usize].contains(self.side, cell) => continue,
                Some(_) => {}
                None => {
                    extra.mark_roots(flag::UNCHECKED);
                    unchecked |= !extra.nodes.is_empty();
                }
            }
            prog.append(&extra);
            castles.extend(compile_castles(grid, sp, cell, black));
        }
        if let Some(r) = self.def.confined_to {
            crate::game::rules::regions::confine(&mut prog, &mut castles, &regions[r as usize], self.side);
        }
        if prog.nodes.len() > MAX_PROGRAM_NODES {
            return Err(too_large_here(TooLarge));
        }
        if used + prog.nodes.len() > MAX_TABLE_NODES {
            return Err(TooLargeProgram { kind, cell: None, black });
        }
        prog.finish();
        if !self.flying.is_empty() {
            let mut f = compile_paths(grid, self.flying, cell, black).map_err(too_large_here)?;
            f.mark_roots(flag::ATTACK_ONLY);
            prog.append(&f);
        }
        Ok((prog, castles, unchecked))
    }
}
