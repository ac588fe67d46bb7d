//! Every command of `rookery --help` has its section in docs/commands.md
//! (written by tools/commands_doc.py), naming every flag its `--help`
//! lists, and a row in the README's command table: a command or flag
//! added without its documentation fails here.

use std::process::Command;

fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_rookery")).args(args).arg("--help").output().expect("run rookery");
    assert!(out.status.success(), "rookery {args:?} --help failed");
    String::from_utf8(out.stdout).expect("UTF-8 help")
}

/// The subcommands `rookery --help` lists (without `help`).
fn commands() -> Vec<String> {
    let h = help(&[]);
    let block = h.split("Commands:\n").nth(1).expect("a Commands: list").split("\n\n").next().unwrap_or("");
    block.lines().filter_map(|l| l.split_whitespace().next()).filter(|c| *c != "help").map(String::from).collect()
}

/// The `--flags` a help text lists.
fn flags(help: &str) -> Vec<String> {
    let mut out: Vec<String> = help
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| w.starts_with("--") && w.len() > 2 && w[2..].chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .map(String::from)
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn every_command_and_flag_is_documented() {
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(format!("{root}/docs/commands.md")).expect("docs/commands.md");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).expect("README.md");
    let cmds = commands();
    assert!(cmds.len() >= 15, "only {cmds:?}");
    let mut missing = Vec::new();
    for c in &cmds {
        let head = format!("## `rookery {c}`");
        let Some(at) = doc.find(&head) else {
            missing.push(format!("{c}: no section `{head}` in docs/commands.md"));
            continue;
        };
        let section = &doc[at + head.len()..];
        let section = &section[..section.find("\n## ").unwrap_or(section.len())];
        for f in flags(&help(&[c])).iter().filter(|f| *f != "--help") {
            if !section.contains(f.as_str()) {
                missing.push(format!("{c}: flag {f} not in its section of docs/commands.md"));
            }
        }
        if !readme.contains(&format!("| `rookery {c}")) {
            missing.push(format!("{c}: no row in the README's command table"));
        }
    }
    assert!(
        missing.is_empty(),
        "undocumented (regenerate with `python3 tools/commands_doc.py` after `cargo build --release`, \
         and add a README row):\n{}",
        missing.join("\n")
    );
}
