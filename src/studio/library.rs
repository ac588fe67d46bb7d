//! The studio's library: the built-in definitions and every `.toml` file
//! under the folders given to `rookery serve`, addressed by ids that can
//! never name a file outside those folders.
//!
//! Ids are `builtin:NAME` or `file:N/REL/PATH.toml`, where `N` is the index
//! of a served folder and the rest a relative path made only of plain
//! components (no `..`, no root, no symlink leaving the folder: the resolved
//! path must still lie inside the canonical folder).

use std::path::{Component, Path, PathBuf};

use crate::variant::builtin::BUILTIN;

/// Most files listed from all folders together (a guard against serving
/// a huge tree by mistake).
const MAX_FILES: usize = 500;
/// How deep the folder walk goes.
const MAX_DEPTH: usize = 6;
/// Largest definition file read or written (bytes).
pub const MAX_TOML: usize = 512 * 1024;

/// Why a library request failed; the message is shown to the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LibraryError {
    /// The id is not well formed or names no definition.
    NotFound(String),
    /// The id would reach outside the served folders or is read-only.
    Forbidden(String),
    /// Reading or writing failed.
    Io(String),
}

impl std::fmt::Display for LibraryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LibraryError::NotFound(m) | LibraryError::Forbidden(m) | LibraryError::Io(m) => f.write_str(m),
        }
    }
}

/// The served folders (canonical paths).
#[derive(Debug, Clone, Default)]
pub struct Library {
    roots: Vec<PathBuf>,
}

impl Library {
    /// A library over `folders`; each must be an existing directory.
    pub fn new(folders: &[PathBuf]) -> Result<Library, String> {
        let mut roots = Vec::new();
        for f in folders {
            let c = f.canonicalize().map_err(|e| format!("cannot serve {}: {e}", f.display()))?;
            if !c.is_dir() {
                return Err(format!("cannot serve {}: not a folder", f.display()));
            }
            roots.push(c);
        }
        Ok(Library { roots })
    }

    /// The served folders.
    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    /// Every definition id: the built-ins first, then the files of each
    /// folder in path order.
    pub fn ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = BUILTIN.iter().map(|(n, _)| format!("builtin:{n}")).collect();
        for (i, root) in self.roots.iter().enumerate() {
            let mut files = Vec::new();
            walk(root, 0, &mut files);
            files.sort();
            for f in files {
                if ids.len() >= BUILTIN.len() + MAX_FILES {
                    break;
                }
                if let Ok(rel) = f.strip_prefix(root) {
                    let rel: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into()).collect();
                    ids.push(format!("file:{i}/{}", rel.join("/")));
                }
            }
        }
        ids
    }

    /// The text of a definition.
    pub fn read(&self, id: &str) -> Result<String, LibraryError> {
        if let Some(name) = id.strip_prefix("builtin:") {
            return crate::variant::builtin::text(name)
                .map(str::to_string)
                .ok_or_else(|| LibraryError::NotFound(format!("no built-in definition {name:?}")));
        }
        let path = self.path(id)?;
        let meta = std::fs::metadata(&path).map_err(|_| LibraryError::NotFound(format!("no file for {id:?}")))?;
        if meta.len() as usize > MAX_TOML {
            return Err(LibraryError::Io(format!("{id} is larger than {MAX_TOML} bytes")));
        }
        std::fs::read_to_string(&path).map_err(|e| LibraryError::Io(format!("cannot read {id}: {e}")))
    }

    /// Writes a definition file back (or creates it); built-ins and paths
    /// outside the served folders are refused.
    pub fn save(&self, id: &str, text: &str) -> Result<(), LibraryError> {
        if text.len() > MAX_TOML {
            return Err(LibraryError::Io(format!("the definition is larger than {MAX_TOML} bytes")));
        }
        let path = self.path(id)?;
        std::fs::write(&path, text).map_err(|e| LibraryError::Io(format!("cannot write {id}: {e}")))
    }

    /// The modification time of a file definition in milliseconds (0 for
    /// built-ins), so the page can reload when the file changes on disk.
    pub fn stamp(&self, id: &str) -> Result<u64, LibraryError> {
        if id.starts_with("builtin:") {
            return self.read(id).map(|_| 0);
        }
        let path = self.path(id)?;
        let meta = std::fs::metadata(&path).map_err(|_| LibraryError::NotFound(format!("no file for {id:?}")))?;
        let t = meta.modified().map_err(|e| LibraryError::Io(e.to_string()))?;
        Ok(t.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64))
    }

    /// The path a `file:` id names, checked to lie inside its folder. The
    /// file itself need not exist (saving a new definition), its folder must.
    pub fn path(&self, id: &str) -> Result<PathBuf, LibraryError> {
        let forbidden = |why: &str| LibraryError::Forbidden(format!("refused {id:?}: {why}"));
        let Some(rest) = id.strip_prefix("file:") else {
            return Err(forbidden("only files in the served folders can be written"));
        };
        let (n, rel) = rest.split_once('/').ok_or_else(|| forbidden("expected file:N/PATH.toml"))?;
        let root =
            n.parse::<usize>().ok().and_then(|i| self.roots.get(i)).ok_or_else(|| forbidden("no such folder"))?;
        let rel = Path::new(rel);
        let plain = rel.components().all(|c| matches!(c, Component::Normal(_)));
        if !plain || rel.as_os_str().is_empty() || rel.extension().is_none_or(|e| e != "toml") {
            return Err(forbidden("a path inside the folder ending in .toml is required"));
        }
        let path = root.join(rel);
        let parent = path.parent().and_then(|p| p.canonicalize().ok()).ok_or_else(|| forbidden("no such folder"))?;
        if !parent.starts_with(root) {
            return Err(forbidden("outside the served folders"));
        }
        if let Ok(real) = path.canonicalize() {
            if !real.starts_with(root) {
                return Err(forbidden("outside the served folders"));
            }
        }
        Ok(path)
    }
}

/// Collects `.toml` files under `dir` (hidden entries skipped).
fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    if depth > MAX_DEPTH || out.len() >= MAX_FILES {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let hidden = p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        if p.is_dir() {
            walk(&p, depth + 1, out);
        } else if p.extension().is_some_and(|e| e == "toml") && out.len() < MAX_FILES {
            out.push(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lib() -> (Library, PathBuf) {
        let dir = std::env::temp_dir().join(format!("rookery-lib-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("sub/a.toml"), "x").unwrap();
        (Library::new(std::slice::from_ref(&dir)).unwrap(), dir)
    }

    #[test]
    fn ids_list_builtins_then_files() {
        let (l, _) = lib();
        let ids = l.ids();
        assert_eq!(ids[0], "builtin:chess");
        assert!(ids.contains(&"file:0/sub/a.toml".to_string()));
    }

    #[test]
    fn traversal_and_foreign_paths_are_refused() {
        let (l, _) = lib();
        for bad in [
            "file:0/../x.toml",
            "file:0//etc/passwd.toml",
            "file:1/a.toml",
            "file:0/sub/a.txt",
            "builtin:chess",
            "/etc/passwd",
        ] {
            assert!(matches!(l.path(bad), Err(LibraryError::Forbidden(_))), "{bad}");
        }
        assert!(l.path("file:0/sub/a.toml").is_ok());
        assert!(l.path("file:0/new.toml").is_ok());
        assert!(l.save("builtin:chess", "x").is_err());
    }
}
