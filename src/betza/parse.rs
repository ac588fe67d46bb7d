//! Betza text → typed AST. The pest pairs never leave this file.

use pest::Parser;
use pest_derive::Parser;

use super::ast::*;
use super::BetzaError;

#[derive(Parser)]
#[grammar = "../grammar/betza.pest"]
struct BetzaParser;

/// Parses an XBetza string into its syntax tree.
///
/// Errors carry the byte offset of the offending character and a message
/// that names what was expected in words ("an atom (W, F, N, …)").
pub fn parse(text: &str) -> Result<Piece, BetzaError> {
    if text.is_empty() {
        return Err(BetzaError::new(0, 0, "empty Betza string: expected at least one atom (W, F, N, …)"));
    }
    if let Some((at, c)) = text.char_indices().find(|(_, c)| !c.is_ascii_graphic()) {
        let what = if c == ' ' { "a space".to_string() } else { format!("the character {c:?}") };
        return Err(BetzaError::new(
            at,
            at + c.len_utf8(),
            format!("unexpected {what}: Betza strings are written without spaces"),
        ));
    }
    if let Some(at) = text.find('(').filter(|&i| text[i + 1..].starts_with(|c: char| c.is_ascii_lowercase())) {
        return Err(BetzaError::new(
            at,
            at + 1,
            "modifier groups in parentheses (repetition) are not supported; write the alternatives out",
        ));
    }
    let mut pairs = BetzaParser::parse(Rule::piece, text).map_err(|e| from_pest(text, e))?;
    let piece = pairs.next().expect("the piece rule always yields one pair");
    let span = span_of(&piece.as_span());
    let mut moves = Vec::new();
    for pair in piece.into_inner() {
        match pair.as_rule() {
            Rule::chain_move => moves.push(Move::Chain(chain(pair))),
            Rule::bracket_move => moves.push(Move::Bracket(bracket(pair)?)),
            Rule::EOI => {}
            r => unreachable!("unexpected rule {r:?} in piece"),
        }
    }
    merge_doubled(&mut moves);
    Ok(Piece { moves, span })
}

/// `NN` is written as two moves by the grammar; a bare atom right after a
/// move with the same letter and no range makes that move an unlimited rider.
/// K, Q, R and B are exempt (`RR` is two rooks), as in the Interactive Diagram.
fn merge_doubled(moves: &mut Vec<Move>) {
    let mut i = 1;
    while i < moves.len() {
        let doubled = match (&moves[i - 1], &moves[i]) {
            (Move::Chain(a), Move::Chain(b)) => {
                a.range.is_none()
                    && b.range.is_none()
                    && b.legs.len() == 1
                    && b.legs[0].letters.is_empty()
                    && a.atom.kind == b.atom.kind
                    && a.atom.span.end == b.atom.span.start
                    && matches!(&a.atom.kind, AtomKind::Letter { letter, extensions }
                        if extensions.is_empty() && !"KQRBO".contains(*letter))
            }
            _ => false,
        };
        if doubled {
            let Move::Chain(b) = moves.remove(i) else { unreachable!() };
            if let Move::Chain(a) = &mut moves[i - 1] {
                a.range = Some(Range::Doubled(b.atom.span));
                a.span.end = b.span.end;
            }
        } else {
            i += 1;
        }
    }
}

fn span_of(s: &pest::Span<'_>) -> Span {
    Span::new(s.start(), s.end())
}

fn chain(pair: pest::iterators::Pair<'_, Rule>) -> ChainMove {
    let span = span_of(&pair.as_span());
    let mut legs = Vec::new();
    let mut atom_ = None;
    let mut range_ = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::modifiers => legs.push(modifiers(p)),
            Rule::leg_separator => {}
            Rule::atom => atom_ = Some(atom(p)),
            Rule::range => range_ = Some(range(p)),
            r => unreachable!("unexpected rule {r:?} in chain move"),
        }
    }
    ChainMove { legs, atom: atom_.expect("grammar guarantees an atom"), range: range_, span }
}

fn bracket(pair: pest::iterators::Pair<'_, Rule>) -> Result<BracketMove, BetzaError> {
    let span = span_of(&pair.as_span());
    let mut inner = pair.into_inner();
    let prefix = modifiers(inner.next().expect("prefix modifiers"));
    let mut legs = Vec::new();
    let mut link = None;
    for p in inner {
        match p.as_rule() {
            Rule::link => {
                link = Some(if p.as_str() == "?" { Link::Optional } else { Link::Mandatory });
            }
            Rule::bracket_leg => {
                let lspan = span_of(&p.as_span());
                let mut it = p.into_inner();
                let mods = modifiers(it.next().expect("leg modifiers"));
                let a = atom(it.next().expect("leg atom"));
                let r = it.next().map(range);
                legs.push(BracketLeg { link: link.take(), modifiers: mods, atom: a, range: r, span: lspan });
            }
            r => unreachable!("unexpected rule {r:?} in bracket move"),
        }
    }
    Ok(BracketMove { prefix, legs, span })
}

fn modifiers(pair: pest::iterators::Pair<'_, Rule>) -> Modifiers {
    let span = span_of(&pair.as_span());
    let letters = pair
        .into_inner()
        .map(|m| Modifier { letter: m.as_str().chars().next().expect("one letter"), span: span_of(&m.as_span()) })
        .collect();
    Modifiers { letters, span }
}

fn atom(pair: pest::iterators::Pair<'_, Rule>) -> Atom {
    let span = span_of(&pair.as_span());
    let mut letter = ' ';
    let mut extensions = String::new();
    let mut nums = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::atom_letter => letter = p.as_str().chars().next().expect("letter"),
            Rule::extension => extensions.push_str(p.as_str()),
            Rule::explicit_leap => {
                for n in p.into_inner() {
                    nums.push(n.as_str().parse::<u8>().expect("grammar allows at most two digits"));
                }
            }
            r => unreachable!("unexpected rule {r:?} in atom"),
        }
    }
    let kind = if nums.len() == 2 { AtomKind::Leap(nums[0], nums[1]) } else { AtomKind::Letter { letter, extensions } };
    Atom { kind, span }
}

fn range(pair: pest::iterators::Pair<'_, Rule>) -> Range {
    let span = span_of(&pair.as_span());
    let inner = pair.into_inner().next().expect("range content");
    match inner.as_rule() {
        Rule::number => Range::Count(inner.as_str().parse().expect("two digits at most"), span),
        _ => Range::Star(span),
    }
}

/// Human names for grammar rules, used in "expected …" messages.
fn rule_name(rule: &Rule) -> &'static str {
    match rule {
        Rule::atom | Rule::atom_letter | Rule::chain_move | Rule::move_ => {
            "an atom (W, F, D, N, A, H, C, Z, G, K, R, B, Q, O, …)"
        }
        Rule::bracket_move => "'['",
        Rule::bracket_leg => "a bracket leg",
        Rule::link => "'?' or '-' between bracket legs",
        Rule::leg_separator => "'a' (leg separator)",
        Rule::modifiers | Rule::modifier => "a modifier (f b l r v s h m c d e p g y n j i o z q …)",
        Rule::extension => "an atom extension (X or Y)",
        Rule::explicit_leap => "an explicit leap like (4,1)",
        Rule::number => "a number",
        Rule::range => "a range (a number like 3 or 0)",
        Rule::star => "'*'",
        Rule::EOI => "the end of the string",
        Rule::piece => "a Betza string",
    }
}

fn from_pest(text: &str, e: pest::error::Error<Rule>) -> BetzaError {
    let at = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let found = text[at..].chars().next();
    let mut expected: Vec<&str> = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => positives.iter().map(rule_name).collect(),
        pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
    };
    expected.sort();
    expected.dedup();
    let found_text = match found {
        Some(c) => format!("unexpected '{c}'"),
        None => "unexpected end of string".to_string(),
    };
    let hint = match found {
        Some('(') => ": modifier groups in parentheses are not supported; write the alternatives out",
        Some(c) if c.is_ascii_lowercase() => {
            ": not a modifier letter (modifiers: f b l r v s h m c d e p g y n j i o z q)"
        }
        Some(c) if c.is_ascii_uppercase() => ": not an atom letter",
        _ => "",
    };
    let msg = if expected.is_empty() || found.is_some_and(|c| c.is_ascii_lowercase()) {
        format!("{found_text}{hint}")
    } else {
        format!("{found_text}{hint}; expected {}", join_or(&expected))
    };
    let end = at + found.map_or(0, |c| c.len_utf8());
    BetzaError::new(at, end, msg)
}

fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Piece {
        parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn simple_atoms_and_ranges() {
        let p = ok("WD7");
        assert_eq!(p.moves.len(), 2);
        let Move::Chain(d) = &p.moves[1] else { panic!() };
        assert!(matches!(d.range, Some(Range::Count(7, _))));
        let Move::Chain(r) = &ok("R10").moves[0] else { panic!() };
        assert!(matches!(r.range, Some(Range::Count(10, _))));
    }

    #[test]
    fn doubled_letters_are_riders_except_kqrb() {
        let p = ok("NN");
        assert_eq!(p.moves.len(), 1);
        let Move::Chain(n) = &p.moves[0] else { panic!() };
        assert!(matches!(n.range, Some(Range::Doubled(_))));
        assert_eq!(ok("RR").moves.len(), 2);
        assert_eq!(ok("NNN").moves.len(), 2, "NN then N");
        assert_eq!(ok("NfN").moves.len(), 2, "a modifier separates the letters");
    }

    #[test]
    fn multi_leg_chain_has_one_group_per_leg() {
        let p = ok("FyafsF");
        assert_eq!(p.moves.len(), 2);
        let Move::Chain(g) = &p.moves[1] else { panic!() };
        assert_eq!(g.legs.len(), 2);
        assert!(g.legs[0].has('y'));
        assert!(g.legs[1].has('f') && g.legs[1].has('s'));
    }

    #[test]
    fn bracket_legs_and_links() {
        let p = ok("v[W?fsB]");
        let Move::Bracket(b) = &p.moves[0] else { panic!() };
        assert!(b.prefix.has('v'));
        assert_eq!(b.legs.len(), 2);
        assert_eq!(b.legs[1].link, Some(Link::Optional));
        let Move::Bracket(b) = &ok("[D-fN?R]").moves[0] else { panic!() };
        assert_eq!(b.legs[1].link, Some(Link::Mandatory));
        assert_eq!(b.legs[2].link, Some(Link::Optional));
    }

    #[test]
    fn extensions_and_explicit_leaps() {
        let Move::Chain(c) = &ok("FX").moves[0] else { panic!() };
        assert_eq!(c.atom.kind, AtomKind::Letter { letter: 'F', extensions: "X".into() });
        let Move::Chain(c) = &ok("(4,1)").moves[0] else { panic!() };
        assert_eq!(c.atom.kind, AtomKind::Leap(4, 1));
    }

    #[test]
    fn errors_point_at_the_bad_character() {
        let e = parse("fWw").unwrap_err();
        assert_eq!(e.start, 2);
        assert!(e.message.contains("unexpected 'w'"), "{}", e.message);
        let e = parse("fm").unwrap_err();
        assert_eq!(e.start, 2);
        assert!(e.message.contains("end of string") && e.message.contains("an atom"), "{}", e.message);
        let e = parse("[F?R").unwrap_err();
        assert_eq!(e.start, 4);
        assert!(parse("").is_err());
        assert_eq!(parse("K Q").unwrap_err().start, 1);
        assert!(parse("x(y)zA").unwrap_err().message.contains("parentheses"));
    }
}
