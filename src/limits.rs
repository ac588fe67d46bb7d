//! Resource bounds, in one place (documented in docs/limits.md): inputs are
//! read with a size cap, depths are capped at the command line, move
//! programs are capped at compile time ([`MAX_PROGRAM_NODES`],
//! [`MAX_TABLE_NODES`]), boards have at most 32x32 squares or 1024 cells.

use std::io::Read;

pub use crate::compile::MAX_PROGRAM_NODES;
pub use crate::variant::MAX_TABLE_NODES;

/// Largest input file (definition, Interactive Diagram text): a real one
/// is a few kilobytes, so 8 MiB only stops runaway inputs (`/dev/zero`).
pub const MAX_INPUT_BYTES: u64 = 8 << 20;

/// Deepest `perft`: far beyond anything that finishes, yet a recursion the
/// stack bears easily.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Deepest engine search (`play --depth`).
pub const MAX_ENGINE_DEPTH: u32 = 32;

/// Reads a UTF-8 text from `r` (named `what` in errors), refusing more than
/// [`MAX_INPUT_BYTES`] without reading further.
pub fn read_text(r: impl Read, what: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    r.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read {what}: {e}"))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(format!(
            "{what} is larger than {} MiB; a definition or diagram is a few kilobytes",
            MAX_INPUT_BYTES >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        format!("{what} is not UTF-8 text (invalid byte at offset {at})")
    })
}

/// Reads the file at `path` with [`read_text`].
pub fn read_file(path: &str) -> Result<String, String> {
    let f = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    read_text(f, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_longer_than_the_cap_is_refused_after_reading_the_cap() {
        let e = read_text(std::io::repeat(b'a'), "the stream").unwrap_err();
        assert!(e.contains("larger than 8 MiB"), "{e}");
    }

    #[test]
    fn invalid_utf8_is_located() {
        let e = read_text(&b"ab\xffcd"[..], "f").unwrap_err();
        assert!(e.contains("offset 2"), "{e}");
        assert_eq!(read_text(&b"ok"[..], "f").unwrap(), "ok");
    }
}
