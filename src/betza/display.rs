//! Canonical printing of a Betza AST. `parse(&piece.to_string())` gives back
//! an equal tree (spans aside), which the round-trip tests check.

use std::fmt;

use super::ast::*;

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for m in &self.moves {
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Chain(c) => {
                for (i, leg) in c.legs.iter().enumerate() {
                    if i > 0 {
                        f.write_str("a")?;
                    }
                    write!(f, "{leg}")?;
                }
                write_atom_range(f, &c.atom, c.range.as_ref())
            }
            Move::Bracket(b) => {
                write!(f, "{}[", b.prefix)?;
                for leg in &b.legs {
                    match leg.link {
                        Some(Link::Optional) => f.write_str("?")?,
                        Some(Link::Mandatory) => f.write_str("-")?,
                        None => {}
                    }
                    write!(f, "{}", leg.modifiers)?;
                    write_atom_range(f, &leg.atom, leg.range.as_ref())?;
                }
                f.write_str("]")
            }
        }
    }
}

fn write_atom_range(f: &mut fmt::Formatter<'_>, atom: &Atom, range: Option<&Range>) -> fmt::Result {
    write!(f, "{atom}")?;
    match range {
        None => Ok(()),
        Some(Range::Count(n, _)) => write!(f, "{n}"),
        Some(Range::Doubled(_)) => write!(f, "{atom}"),
        Some(Range::Star(_)) => f.write_str("*"),
    }
}

impl fmt::Display for Modifiers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for m in &self.letters {
            write!(f, "{}", m.letter)?;
        }
        Ok(())
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            AtomKind::Letter { letter, extensions } => write!(f, "{letter}{extensions}"),
            AtomKind::Leap(a, b) => write!(f, "({a},{b})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::betza::parse;

    #[test]
    fn canonical_strings_print_back_unchanged() {
        for s in [
            "WD7", "NN", "fWfnDfmF", "FyafsF", "[F?fsR]", "v[W?B]", "KisO3", "(4,1)", "FX", "R10", "mRcpR", "W*",
            "[D-fN?R]",
        ] {
            let p = parse(s).unwrap();
            assert_eq!(p.to_string(), s);
            assert_eq!(parse(&p.to_string()).unwrap(), p);
        }
    }
}
