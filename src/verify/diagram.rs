//! Move diagrams as facts: the text `rookery moves` prints, read back cell by
//! cell so that a check compares marks, not spacing.

use std::collections::BTreeMap;

/// The mark of every cell a diagram shows, by cell label. Grid diagrams have
/// rows `  9 | # . o … |` (files a, b, … from the left); polygon-board
/// diagrams have `label:mark` tokens. Lines of neither shape are ignored.
pub fn marks(text: &str) -> BTreeMap<String, char> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        if let Some((rank, row)) = grid_row(line) {
            for (x, token) in row.split_whitespace().enumerate() {
                let mut cs = token.chars();
                if let (Some(c), None) = (cs.next(), cs.next()) {
                    out.insert(format!("{}{rank}", crate::board::file_label(x as u32)), c);
                }
            }
            continue;
        }
        for token in line.split_whitespace() {
            if let Some((label, mark)) = token.rsplit_once(':') {
                let mut cs = mark.chars();
                if let (Some(c), None, false) = (cs.next(), cs.next(), label.is_empty()) {
                    out.insert(label.to_string(), c);
                }
            }
        }
    }
    out
}

/// `  9 | # . o |` → (9, " # . o ").
fn grid_row(line: &str) -> Option<(u32, &str)> {
    let (left, rest) = line.split_once('|')?;
    let rank: u32 = left.trim().parse().ok()?;
    let row = rest.trim_end().strip_suffix('|')?;
    Some((rank, row))
}

/// The cells whose marks differ, as `e3: expected o, got .` lines (a cell
/// missing from one side counts as a difference).
pub fn differences(expected: &str, got: &str) -> Vec<String> {
    let (want, have) = (marks(expected), marks(got));
    let mut cells: Vec<&String> = want.keys().chain(have.keys()).collect();
    cells.sort();
    cells.dedup();
    let show = |m: Option<&char>| m.map_or("nothing".to_string(), char::to_string);
    cells
        .into_iter()
        .filter(|c| want.get(*c) != have.get(*c))
        .map(|c| format!("{c}: expected {}, got {}", show(want.get(c)), show(have.get(c))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_and_polygon_rows() {
        let grid = "    +-------+\n  2 | . o # |\n  1 | @ x * |\n    +-------+\n      a b c\n";
        let m = marks(grid);
        assert_eq!(m.len(), 6);
        assert_eq!((m["a1"], m["b2"], m["c2"], m["c1"]), ('@', 'o', '#', '*'));
        let poly = marks("  a1:@ b1:o\n  c3:x");
        assert_eq!((poly["a1"], poly["b1"], poly["c3"]), ('@', 'o', 'x'));
    }

    #[test]
    fn differences_name_the_cells() {
        let a = "  1 | @ o . |";
        let b = "  1 | @ . o |";
        assert_eq!(differences(a, b), vec!["b1: expected o, got .", "c1: expected ., got o"]);
        assert!(differences(a, "1 |@ o .|").is_empty(), "spacing does not matter");
    }
}
