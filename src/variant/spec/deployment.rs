//! The `[deployment]` table as written: pieces placed by the players
//! before play (who places first, then, and the posts each piece may take).

use std::ops::Range;

use toml_edit::Table;

use super::{Reader, Spanned};

/// `[deployment]`.
#[derive(Clone, Debug)]
pub struct DeploymentSpec {
    /// `first`.
    pub first: Option<Spanned<String>>,
    /// `then`.
    pub then: Option<Spanned<String>>,
    /// `posts`.
    pub posts: Vec<PostSpec>,
    /// The table.
    pub span: Range<usize>,
}

/// `deployment.posts[]`.
#[derive(Clone, Debug)]
pub struct PostSpec {
    /// `piece`.
    pub piece: Option<Spanned<String>>,
    /// `count`.
    pub count: Option<Spanned<i64>>,
    /// `ranks.white` / `ranks.black`.
    pub ranks: [Vec<Spanned<i64>>; 2],
    /// `cells.white` / `cells.black`.
    pub cells: [Vec<Spanned<String>>; 2],
    /// `before-others`.
    pub before_others: bool,
    /// The table.
    pub span: Range<usize>,
}

impl Reader<'_> {
    /// Reads `[deployment]`.
    pub(super) fn deployment(&mut self, d: &Table) -> DeploymentSpec {
        self.known_keys(d, "deployment");
        let span = super::reader::table_span(d);
        let first = self.string(d, "first", "deployment.first", false, &span);
        let then = self.string(d, "then", "deployment.then", false, &span);
        let mut posts = Vec::new();
        if d.get("posts").is_none() {
            self.err(span.clone(), "missing required key `deployment.posts`");
        }
        let tables = self.tables(d, "posts", "deployment.posts");
        for t in &tables {
            let post = self.deployment_post(t, &span);
            posts.push(post);
        }
        DeploymentSpec { first, then, posts, span }
    }

    /// One `deployment.posts` table (`span`: the deployment table's).
    fn deployment_post(&mut self, t: &Table, span: &Range<usize>) -> PostSpec {
        let ps = t.span().unwrap_or(span.clone());
        for (k, _) in t.iter() {
            if !["piece", "count", "ranks", "cells", "before-others"].contains(&k) {
                let ks = t.key(k).and_then(|k| k.span()).unwrap_or(ps.clone());
                self.err(ks, format!("unknown key `{k}` in `deployment.posts`; known keys: piece, count, ranks, cells, before-others"));
            }
        }
        let piece = self.string(t, "piece", "deployment.posts.piece", true, &ps);
        let count = self.int(t, "count", "deployment.posts.count", true, &ps);
        let mut ranks = [Vec::new(), Vec::new()];
        let mut cells = [Vec::new(), Vec::new()];
        if let Some(r) = self.inline_or_table(t, "ranks", "deployment.posts.ranks") {
            ranks[0] = self.array(&r, "white", "deployment.posts.ranks.white", |s, v| s.int_elem(v, "ranks.white"));
            ranks[1] = self.array(&r, "black", "deployment.posts.ranks.black", |s, v| s.int_elem(v, "ranks.black"));
        }
        if let Some(c) = self.inline_or_table(t, "cells", "deployment.posts.cells") {
            cells[0] = self.array(&c, "white", "deployment.posts.cells.white", |s, v| s.str_elem(v, "cells.white"));
            cells[1] = self.array(&c, "black", "deployment.posts.cells.black", |s, v| s.str_elem(v, "cells.black"));
        }
        if t.get("ranks").is_none() && t.get("cells").is_none() {
            self.err(ps.clone(), "`deployment.posts` needs `ranks` or `cells`");
        }
        let before_others = self.bool(t, "before-others", "deployment.posts.before-others", false);
        PostSpec { piece, count, ranks, cells, before_others, span: ps }
    }
}
