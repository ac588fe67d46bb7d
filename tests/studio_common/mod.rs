//! Shared by the studio tests: a real `rookery serve` on loopback over a
//! fresh folder of definitions, stopped when dropped.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

/// A running server.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
    /// The served folder (a copy of TCB as `mytcb.toml` and `sub/chess.toml`).
    pub dir: PathBuf,
}

impl Server {
    /// Starts `rookery serve DIR --port 0` and reads the URL it prints.
    pub fn start(tag: &str) -> Server {
        let dir = std::env::temp_dir().join(format!("rookery-studio-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        let root = env!("CARGO_MANIFEST_DIR");
        std::fs::copy(format!("{root}/definitions/tcb.toml"), dir.join("mytcb.toml")).unwrap();
        std::fs::copy(format!("{root}/definitions/chess.toml"), dir.join("sub/chess.toml")).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_rookery"))
            .args(["serve", "--port", "0"])
            .arg(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start rookery serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let url = line.trim().strip_prefix("listening on ").expect("the server prints its URL").to_string();
        Server { child, url, dir }
    }

    /// Full URL of a path (`api/library`).
    pub fn at(&self, path: &str) -> String {
        format!("{}{path}", self.url)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The text of a built-in definition file.
pub fn definition(name: &str) -> String {
    std::fs::read_to_string(format!("{}/definitions/{name}.toml", env!("CARGO_MANIFEST_DIR"))).unwrap()
}
