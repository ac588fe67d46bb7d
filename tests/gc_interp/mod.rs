//! A small interpreter for the subset of GAME Code that Rookery's Game
//! Courier export writes, so the tests run the exported text itself (not
//! only a Rust copy of its algorithm). It follows what the sources in
//! docs/game-courier.md say: statements end in `;` or `:`, expressions are
//! Polish (prefix) notation evaluated only by `set`, `if`, `do while` and
//! `return`, `and`/`or` chain their clauses strictly left to right with no
//! precedence, subroutines take named parameters and `my` variables are
//! local to the call, `rank`/`file` are 0-based, `@` is an empty cell. What
//! no source fixes (e.g. `where` off the board) is an error here, so the
//! exported code must not depend on it.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::rc::Rc;

/// A GAME Code value.
#[derive(Clone, Debug)]
pub enum V {
    /// A number.
    N(i64),
    /// A word: a label, a coordinate, `@`, a message.
    S(Rc<str>),
    /// What a missing value or a `return;` gives.
    Null,
}

impl V {
    fn num(&self) -> i64 {
        match self {
            V::N(n) => *n,
            V::S(s) => s.parse().unwrap_or(0),
            _ => 0,
        }
    }
    pub fn truthy(&self) -> bool {
        match self {
            V::N(n) => *n != 0,
            V::S(s) => !s.is_empty() && &**s != "0",
            V::Null => false,
        }
    }
    fn key(&self) -> std::borrow::Cow<'_, str> {
        match self {
            V::S(s) => std::borrow::Cow::Borrowed(s),
            other => std::borrow::Cow::Owned(other.text()),
        }
    }
    fn text(&self) -> String {
        match self {
            V::N(n) => n.to_string(),
            V::S(s) => s.to_string(),
            other => panic!("not a word: {other:?}"),
        }
    }
    fn int(&self) -> Option<i64> {
        match self {
            V::N(n) => Some(*n),
            V::S(s) => s.parse().ok(),
            _ => None,
        }
    }
    /// `==`: numbers by value, words by text.
    fn same(&self, o: &V) -> bool {
        match (self, o) {
            (V::Null, V::Null) => true,
            (V::Null, _) | (_, V::Null) => false,
            _ => match (self.int(), o.int()) {
                (Some(a), Some(b)) => a == b,
                _ => self.key() == o.key(),
            },
        }
    }
}

/// A parsed expression.
#[derive(Debug)]
enum E {
    Lit(V),
    Var(usize),
    /// `origin`, `dest`, `moved`, `old`: replaced by the move's values.
    Pre(String),
    Op(Op, Vec<E>),
    Call(String, Vec<E>),
    /// Clauses joined by `and` (true) / `or` (false), left to right.
    Chain(Box<E>, Vec<(bool, E)>),
}

/// An operator or built-in function of an expression.
#[derive(Clone, Copy, Debug)]
enum Op {
    Add,
    Sub,
    Mul,
    Eq,
    Ne,
    Le,
    Not,
    File,
    Rank,
    Space,
    Flag,
    Where,
}

/// Operators by name, with their number of operands.
const OPS: [(&str, Op, usize); 12] = [
    ("+", Op::Add, 2),
    ("-", Op::Sub, 2),
    ("*", Op::Mul, 2),
    ("==", Op::Eq, 2),
    ("!=", Op::Ne, 2),
    ("<=", Op::Le, 2),
    ("not", Op::Not, 1),
    ("file", Op::File, 1),
    ("rank", Op::Rank, 1),
    ("space", Op::Space, 1),
    ("flag", Op::Flag, 1),
    ("where", Op::Where, 3),
];

/// One statement.
#[derive(Debug)]
enum St {
    Set(usize, E),
    My(Vec<usize>),
    If(E),
    Else,
    EndIf,
    DoWhile(E),
    Loop,
    Return(Option<E>),
    Gosub(String, Vec<E>),
    Cmd(String, Vec<E>),
    Sub,
    EndSub,
}

/// Why a run stopped early.
#[derive(Debug, PartialEq)]
pub enum Stop {
    /// `die "…"`.
    Die(String),
}

/// The interpreter: the program, the board, flags and variables.
#[derive(Clone)]
pub struct Game {
    code: Rc<Vec<St>>,
    /// Matching `else`/`endif`/`loop`/`do` of each block statement.
    jump: Vec<usize>,
    /// For an `if` with an `else`: the `else`.
    else_of: Vec<Option<usize>>,
    subs: HashMap<String, (usize, Vec<usize>)>,
    /// Variable names, interned: a variable is its index here.
    names: Rc<std::cell::RefCell<Vec<String>>>,
    globals: Vec<Option<V>>,
    /// Per call: its parameters and `my` variables.
    frames: Vec<Vec<(usize, V)>>,
    /// Coordinate -> label of the occupied cells.
    pub board: BTreeMap<String, String>,
    pub flags: BTreeSet<String>,
    /// What `setlegal` received.
    pub legal: BTreeSet<(String, String)>,
    /// What `say` received (the code announces the end of the game with a
    /// `say "Game over: …"`).
    pub said: Vec<String>,
    /// The deepest nesting of subroutine calls so far.
    pub depth: usize,
    /// The board's cells, when the test gives them: `where` must then land
    /// on one of them (what GC's `where` gives for a hole or off the board
    /// no source says, so the code must never ask).
    pub cells: Option<BTreeSet<String>>,
    pre: HashMap<&'static str, String>,
}

fn tokens(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        if let Some(q) = rest.strip_prefix('"') {
            let end = q.find('"').expect("closing quote");
            out.push(format!("\"{}\"", &q[..end]));
            rest = q[end + 1..].trim_start();
        } else if rest.starts_with(['(', ')']) {
            out.push(rest[..1].to_string());
            rest = rest[1..].trim_start();
        } else {
            let end = rest.find([' ', '(', ')']).unwrap_or(rest.len());
            out.push(rest[..end].to_string());
            rest = rest[end..].trim_start();
        }
    }
    out
}

impl Game {
    /// The end of the game the code announced, if any: the last message it
    /// gave `say` that starts with "Game over:".
    pub fn result(&self) -> Option<&str> {
        self.said.iter().rev().find(|s| s.starts_with("Game over:")).map(String::as_str)
    }

    /// Parses the code (Pre-Game) and runs its top-level statements.
    pub fn new(code: &str, board: BTreeMap<String, String>) -> Game {
        let lines: Vec<String> = code.lines().map(|l| l.trim().to_string()).filter(|l| !l.is_empty()).collect();
        let names = Rc::new(std::cell::RefCell::new(Vec::new()));
        let mut subs = HashMap::new();
        for (i, l) in lines.iter().enumerate() {
            if let Some(h) = l.strip_prefix("sub ") {
                let t = tokens(h.trim_end_matches(':'));
                subs.insert(t[0].clone(), (i, t[1..].iter().map(|n| intern(&names, n)).collect()));
            }
        }
        let mut g = Game {
            code: Rc::new(Vec::new()),
            jump: vec![0; lines.len()],
            else_of: vec![None; lines.len()],
            subs,
            names,
            globals: Vec::new(),
            frames: Vec::new(),
            board,
            flags: BTreeSet::new(),
            legal: BTreeSet::new(),
            said: Vec::new(),
            depth: 0,
            cells: None,
            pre: HashMap::new(),
        };
        g.code = Rc::new(lines.iter().map(|l| g.statement(l)).collect());
        g.link();
        g.run(0, usize::MAX, true).expect("Pre-Game runs");
        g
    }

    fn statement(&self, line: &str) -> St {
        let body = line.strip_suffix(';').or_else(|| line.strip_suffix(':')).unwrap_or_else(|| panic!("{line}"));
        let t = tokens(body);
        let rest = |n: usize| self.expr(&t[n..]);
        match t[0].as_str() {
            "set" => St::Set(intern(&self.names, &t[1]), rest(2)),
            "my" => St::My(t[1..].iter().map(|n| intern(&self.names, n)).collect()),
            "if" => St::If(rest(1)),
            "else" => St::Else,
            "endif" => St::EndIf,
            "do" if t.get(1).map(String::as_str) == Some("while") => St::DoWhile(rest(2)),
            "loop" => St::Loop,
            "return" => St::Return((t.len() > 1).then(|| rest(1))),
            "gosub" => St::Gosub(t[1].clone(), t[2..].iter().map(|a| self.atom(a)).collect()),
            "sub" => St::Sub,
            "endsub" => St::EndSub,
            "empty" | "add" | "setflag" | "unsetflag" | "setlegal" | "die" | "say" => {
                St::Cmd(t[0].clone(), t[1..].iter().map(|a| self.atom(a)).collect())
            }
            other => panic!("unknown command {other:?} in `{line}`"),
        }
    }

    /// A command argument: a value, never an expression.
    fn atom(&self, a: &str) -> E {
        let plain = !a.starts_with(['#', '"']) && !["origin", "dest", "moved", "old"].contains(&a);
        if plain && a.chars().all(|c| c.is_ascii_alphanumeric() || c == '@' || c == '-') {
            return E::Lit(word(a)); // a coordinate, a label, a number or `rules`
        }
        let mut i = 0;
        let e = self.prefix(&[a.to_string()], &mut i);
        assert!(matches!(e, E::Lit(_) | E::Var(_) | E::Pre(_)), "argument {a:?} is an expression");
        e
    }

    fn expr(&self, t: &[String]) -> E {
        // Split at `and`/`or`: clauses evaluated left to right.
        let mut parts: Vec<(bool, &[String])> = Vec::new();
        let mut start = 0;
        let mut conj = true;
        for (i, w) in t.iter().enumerate() {
            if w == "and" || w == "or" {
                parts.push((conj, &t[start..i]));
                conj = w == "and";
                start = i + 1;
            }
        }
        parts.push((conj, &t[start..]));
        let clause = |ts: &[String]| {
            let mut i = 0;
            let e = self.prefix(ts, &mut i);
            assert_eq!(i, ts.len(), "values left over in {t:?}");
            e
        };
        let first = clause(parts[0].1);
        if parts.len() == 1 {
            return first;
        }
        E::Chain(Box::new(first), parts[1..].iter().map(|(c, ts)| (*c, clause(ts))).collect())
    }

    fn prefix(&self, t: &[String], i: &mut usize) -> E {
        let w = t.get(*i).unwrap_or_else(|| panic!("missing operand in {t:?}")).clone();
        *i += 1;
        let args = |n: usize, i: &mut usize| (0..n).map(|_| self.prefix(t, i)).collect::<Vec<_>>();
        if let Some((_, op, n)) = OPS.iter().find(|o| o.0 == w) {
            return E::Op(*op, args(*n, i));
        }
        match w.as_str() {
            "sub" => {
                let name = t[*i].clone();
                *i += 1;
                let n = self.subs.get(&name).unwrap_or_else(|| panic!("no sub {name}")).1.len();
                E::Call(name, args(n, i))
            }
            "origin" | "dest" | "moved" | "old" => E::Pre(w),
            _ if w.starts_with('#') => E::Var(intern(&self.names, &w[1..])),
            _ if w.starts_with('"') => E::Lit(V::S(w.trim_matches('"').into())),
            _ if w == "@" || w.parse::<i64>().is_ok() => E::Lit(word(&w)),
            _ => panic!("unknown operator {w:?} in {t:?}"),
        }
    }

    /// Matches `if`/`else`/`endif` and `do while`/`loop`.
    fn link(&mut self) {
        let mut stack: Vec<usize> = Vec::new();
        let code = Rc::clone(&self.code);
        for i in 0..code.len() {
            match code[i] {
                St::If(_) | St::DoWhile(_) => stack.push(i),
                St::Else => self.else_of[*stack.last().unwrap()] = Some(i),
                St::EndIf => {
                    let o = stack.pop().unwrap();
                    assert!(matches!(code[o], St::If(_)), "endif without if at {i}");
                    self.jump[o] = i;
                    if let Some(e) = self.else_of[o] {
                        self.jump[e] = i;
                    }
                }
                St::Loop => {
                    let o = stack.pop().unwrap();
                    assert!(matches!(code[o], St::DoWhile(_)), "loop without do at {i}");
                    self.jump[o] = i;
                    self.jump[i] = o;
                }
                _ => {}
            }
        }
        assert!(stack.is_empty(), "unclosed block");
    }

    fn get(&self, id: usize) -> V {
        if let Some((_, v)) = self.frames.last().and_then(|f| f.iter().find(|(n, _)| *n == id)) {
            return v.clone();
        }
        match self.globals.get(id) {
            Some(Some(v)) => v.clone(),
            _ => panic!("#{} read before it was set", self.names.borrow()[id]),
        }
    }

    fn put(&mut self, id: usize, v: V) {
        if let Some(slot) = self.frames.last_mut().and_then(|f| f.iter_mut().find(|(n, _)| *n == id)) {
            slot.1 = v;
            return;
        }
        if self.globals.len() <= id {
            self.globals.resize(id + 1, None);
        }
        self.globals[id] = Some(v);
    }

    fn eval(&mut self, e: &E) -> Result<V, Stop> {
        Ok(match e {
            E::Lit(v) => v.clone(),
            E::Var(n) => self.get(*n),
            E::Pre(p) => word(self.pre.get(p.as_str()).unwrap_or_else(|| panic!("{p} outside a move"))),
            E::Chain(first, rest) => {
                let mut acc = self.eval(first)?.truthy();
                for (and, x) in rest {
                    let v = self.eval(x)?.truthy();
                    acc = if *and { acc && v } else { acc || v };
                }
                V::N(acc as i64)
            }
            E::Call(name, args) => {
                let vals = args.iter().map(|x| self.eval(x)).collect::<Result<Vec<_>, _>>()?;
                self.call(name, vals)?
            }
            E::Op(op, args) => {
                let mut vals = [V::Null, V::Null, V::Null];
                for (slot, x) in vals.iter_mut().zip(args) {
                    *slot = self.eval(x)?;
                }
                self.op(*op, &vals)
            }
        })
    }

    fn op(&self, op: Op, a: &[V]) -> V {
        let b = |x: bool| V::N(x as i64);
        match op {
            Op::Add => V::N(a[0].num() + a[1].num()),
            Op::Sub => V::N(a[0].num() - a[1].num()),
            Op::Mul => V::N(a[0].num() * a[1].num()),
            Op::Eq => b(a[0].same(&a[1])),
            Op::Ne => b(!a[0].same(&a[1])),
            Op::Le => b(a[0].num() <= a[1].num()),
            Op::Not => b(!a[0].truthy()),
            Op::File => V::N(square(&a[0].key()).0),
            Op::Rank => V::N(square(&a[0].key()).1),
            Op::Space => V::S(self.board.get(&*a[0].key()).map_or("@", String::as_str).into()),
            Op::Flag => b(self.flags.contains(&*a[0].key())),
            Op::Where => {
                let (f, r) = square(&a[0].key());
                let (f, r) = (f + a[1].num(), r + a[2].num());
                assert!(f >= 0 && r >= 0, "`where` off the board (no source says what it gives)");
                let c = rookery::board::square_label(f as u32, r as u32);
                if let Some(cells) = &self.cells {
                    assert!(
                        cells.contains(&c),
                        "`where` to {c}, not a cell of the board (no source says what it gives)"
                    );
                }
                V::S(c.into())
            }
        }
    }

    /// Calls a subroutine with its arguments; its `return` value.
    pub fn call(&mut self, name: &str, args: Vec<V>) -> Result<V, Stop> {
        let (at, params) = self.subs.get(name).unwrap_or_else(|| panic!("no sub {name}")).clone();
        assert_eq!(args.len(), params.len(), "{name}: arguments");
        assert!(self.frames.len() < 400, "recursion too deep in {name}");
        self.frames.push(params.into_iter().zip(args).collect());
        self.depth = self.depth.max(self.frames.len());
        let r = self.run(at + 1, usize::MAX, false);
        self.frames.pop();
        r
    }

    /// Runs a Post-Move or Post-Game line (`gosub NAME ARGS`) for a move.
    pub fn post(&mut self, line: &str, mv: Option<[&str; 4]>) -> Result<(), Stop> {
        self.pre.clear();
        if let Some([o, d, m, x]) = mv {
            for (k, v) in [("origin", o), ("dest", d), ("moved", m), ("old", x)] {
                self.pre.insert(k, v.to_string());
            }
        }
        let St::Gosub(name, args) = self.statement(line) else { panic!("{line}") };
        let vals = args.iter().map(|x| self.eval(x)).collect::<Result<Vec<_>, _>>()?;
        self.call(&name, vals).map(|_| ())
    }

    /// Runs statements from `pc` until `endsub`/`return` (or the end).
    fn run(&mut self, mut pc: usize, end: usize, top: bool) -> Result<V, Stop> {
        let code = Rc::clone(&self.code);
        while pc < code.len().min(end) {
            let st = &code[pc];
            pc += 1;
            match st {
                St::Sub if top => {
                    while !matches!(code[pc], St::EndSub) {
                        pc += 1;
                    }
                    pc += 1;
                }
                St::Sub => panic!("nested sub"),
                St::EndSub => return Ok(V::Null),
                St::Set(n, e) => {
                    let v = self.eval(e)?;
                    self.put(*n, v);
                }
                St::My(names) => {
                    let f = self.frames.last_mut().expect("my outside a sub");
                    f.extend(names.iter().map(|n| (*n, V::Null)));
                }
                St::If(e) => {
                    if !self.eval(e)?.truthy() {
                        pc = self.else_of[pc - 1].unwrap_or(self.jump[pc - 1]) + 1;
                    }
                }
                St::Else => pc = self.jump[pc - 1] + 1,
                St::EndIf => {}
                St::DoWhile(e) => {
                    if !self.eval(e)?.truthy() {
                        pc = self.jump[pc - 1] + 1;
                    }
                }
                St::Loop => pc = self.jump[pc - 1],
                St::Return(e) => return e.as_ref().map_or(Ok(V::Null), |e| self.eval(e)),
                St::Gosub(name, args) => {
                    let vals = args.iter().map(|x| self.eval(x)).collect::<Result<Vec<_>, _>>()?;
                    self.call(name, vals)?;
                }
                St::Cmd(c, args) => {
                    let vals = args.iter().map(|x| self.eval(x)).collect::<Result<Vec<_>, _>>()?;
                    self.command(c, &vals)?;
                }
            }
        }
        Ok(V::Null)
    }

    fn command(&mut self, c: &str, a: &[V]) -> Result<(), Stop> {
        match c {
            "empty" => {
                self.board.remove(&a[0].text());
            }
            "add" => {
                let (label, cell) = (a[0].text(), a[1].text());
                assert_ne!(label, "@", "add of an empty label");
                self.board.insert(cell, label);
            }
            "setflag" => self.flags.extend(a.iter().map(V::text)),
            "unsetflag" => a.iter().for_each(|x| {
                self.flags.remove(&x.text());
            }),
            "setlegal" => {
                self.legal.insert((a[0].text(), a[1].text()));
            }
            "die" => return Err(Stop::Die(a.iter().map(V::text).collect::<Vec<_>>().join(" "))),
            "say" => self.said.push(a.iter().map(V::text).collect::<Vec<_>>().join(" ")),
            _ => unreachable!("{c}"),
        }
        Ok(())
    }
}

/// The index of a variable name.
fn intern(names: &std::cell::RefCell<Vec<String>>, n: &str) -> usize {
    let mut v = names.borrow_mut();
    v.iter().position(|x| x == n).unwrap_or_else(|| {
        v.push(n.to_string());
        v.len() - 1
    })
}

/// A literal word: a number or text.
fn word(w: &str) -> V {
    w.parse().map_or_else(|_| V::S(w.into()), V::N)
}

/// 0-based (file, rank) of a coordinate.
fn square(c: &str) -> (i64, i64) {
    let (f, r) = rookery::board::parse_square(c).unwrap_or_else(|| panic!("not a coordinate: {c:?}"));
    (f as i64, r as i64)
}
