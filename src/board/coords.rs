//! Square names: files `a`…`z`, then `aa`, `ab`…; ranks from 1.

/// The label of file `x` (0-based): a…z, then aa, ab, ….
pub fn file_label(x: u32) -> String {
    if x < 26 {
        ((b'a' + x as u8) as char).to_string()
    } else {
        let hi = x / 26 - 1;
        let lo = x % 26;
        format!("{}{}", (b'a' + hi as u8) as char, (b'a' + lo as u8) as char)
    }
}

/// The name of the square at file `x`, rank `y` (both 0-based): `a1`, `l12`.
pub fn square_label(x: u32, y: u32) -> String {
    format!("{}{}", file_label(x), y + 1)
}

/// Parses `e4`, `a10`, `ab3` into 0-based (file, rank); `None` when the text
/// is not a square name (it does not check any board size).
pub fn parse_square(s: &str) -> Option<(u32, u32)> {
    let split = s.find(|c: char| !c.is_ascii_lowercase())?;
    let (f, r) = s.split_at(split);
    if f.is_empty()
        || f.len() > 2
        || r.is_empty()
        || !r.bytes().all(|b| b.is_ascii_digit())
        || r.starts_with('0')
        || r.len() > 3
    {
        return None;
    }
    let b = f.as_bytes();
    let x = if b.len() == 1 { (b[0] - b'a') as u32 } else { (b[0] - b'a' + 1) as u32 * 26 + (b[1] - b'a') as u32 };
    let y: u32 = r.parse().ok()?;
    Some((x, y - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_round_trip() {
        for x in 0..40 {
            for y in [0, 9, 11, 31] {
                assert_eq!(parse_square(&square_label(x, y)), Some((x, y)));
            }
        }
        assert_eq!(square_label(11, 11), "l12");
        assert_eq!(parse_square("a0"), None);
        assert_eq!(parse_square("A1"), None);
        assert_eq!(parse_square("a"), None);
        assert_eq!(parse_square("1a"), None);
    }
}
