//! Front ends know no game: the CLI, the protocols and the studio reach
//! game-specific code only through the `hooks::RuleModule` trait object the
//! loader picks, never by naming a rule module (its Rust path, its
//! `variant.hook` string or its types).

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()) {
        if e.is_dir() {
            rust_files(&e, out);
        } else if e.extension().is_some_and(|x| x == "rs") {
            out.push(e);
        }
    }
}

/// The names by which code could reach a rule module directly: each module
/// file's stem as a path (`tigerchess::`, through which any of its items
/// would be imported) or as a hook string, and its module type
/// (`TigerChess`: a type named like its file).
fn module_names(root: &Path) -> Vec<String> {
    let mut names = Vec::new();
    for f in fs::read_dir(root.join("src/hooks")).unwrap().map(|e| e.unwrap().path()) {
        let stem = f.file_stem().unwrap().to_string_lossy().to_string();
        if stem == "mod" || stem == "rng" {
            continue;
        }
        names.push(format!("{stem}::"));
        names.push(format!("\"{stem}\""));
        let text = fs::read_to_string(&f).unwrap();
        for line in text.lines() {
            for kw in ["pub struct ", "pub enum "] {
                if let Some(rest) = line.trim_start().strip_prefix(kw) {
                    let ty: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    if ty.to_lowercase() == stem {
                        names.push(ty);
                    }
                }
            }
        }
    }
    names
}

#[test]
fn front_ends_never_name_a_rule_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let names = module_names(root);
    assert!(names.iter().any(|n| n == "tigerchess::"), "the scan must see the TigerChess module: {names:?}");
    assert!(names.iter().any(|n| n == "TigerClocks"), "the scan must see the module types: {names:?}");
    let mut files = Vec::new();
    for dir in ["src/cli", "src/protocol", "src/studio", "src/search"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 10, "front-end sources not found: {files:?}");
    let mut found = Vec::new();
    for f in &files {
        for (i, line) in fs::read_to_string(f).unwrap().lines().enumerate() {
            // Doc comments may explain a game; code may not name its module.
            if line.trim_start().starts_with("//") {
                continue;
            }
            for n in names.iter().filter(|n| line.contains(n.as_str())) {
                found.push(format!("{}:{}: names {n}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "front ends must use hooks::RuleModule, not a module:\n{}", found.join("\n"));
}
