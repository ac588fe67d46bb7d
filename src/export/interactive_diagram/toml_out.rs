//! The TOML definition an imported description becomes, one table at a
//! time.

use std::fmt::Write as _;

use super::import::{Description, ZoneRow};
use super::IMMOBILE_BETZA;
use crate::board::square_label;

/// What the import decided, ready to be written.
pub(super) struct Imported<'a> {
    pub d: &'a Description,
    pub name: String,
    pub files: u32,
    pub ranks: u32,
    pub royal: Vec<char>,
    pub pawns: Vec<char>,
    pub zones: Vec<ZoneRow>,
    pub stalemate: &'static str,
    pub bare: bool,
    pub counter: bool,
    /// The name of Shatranj's bare-king rule when `baring=0` stands for it.
    pub extinction: Option<String>,
    pub fen: String,
}

/// The whole definition.
pub(super) fn write(im: &Imported) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "# Imported from an Interactive Diagram description by `rookery import --from interactive-diagram`."
    );
    write_variant(im, &mut t);
    write_board(im, &mut t);
    write_pieces(im, &mut t);
    write_setup(im, &mut t);
    write_zones(&im.zones, &mut t);
    write_rules(im, &mut t);
    if let Some(name) = &im.extinction {
        write_extinction(name, &mut t);
    }
    t
}

/// A TOML basic string.
fn q(s: &str) -> String {
    serde_json::to_string(s).expect("strings serialize")
}

/// A TOML table key / piece id from a name: lowercase, hyphens.
pub(super) fn id_of(name: &str) -> String {
    let mut id = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
        } else if !id.ends_with('-') && !id.is_empty() {
            id.push('-');
        }
    }
    while id.ends_with('-') {
        id.pop();
    }
    if id.is_empty() {
        "piece".into()
    } else {
        id
    }
}

/// `[variant]`: name, title, author, year, rules URL, description.
fn write_variant(im: &Imported, t: &mut String) {
    let key = |k: &str| im.d.key(k);
    let name = &im.name;
    let _ = writeln!(t, "\n[variant]");
    let _ = writeln!(t, "name = {}", q(name));
    let _ = writeln!(t, "title = {}", q(&key("rookeryTitle").unwrap_or_else(|| name.clone())));
    let _ = writeln!(t, "author = {}", q(&key("rookeryAuthor").unwrap_or_else(|| "unknown".into())));
    if let Some(y) = key("rookeryYear").and_then(|y| y.parse::<i64>().ok()) {
        let _ = writeln!(t, "year = {y}");
    }
    let _ = writeln!(t, "rules-url = {}", q(&key("rookeryRulesUrl").unwrap_or_default()));
    if let Some(d) = key("rookeryDescription") {
        let _ = writeln!(t, "description = {}", q(&d));
    }
}

/// `[board]`: size, holes, colouring.
fn write_board(im: &Imported, t: &mut String) {
    let _ = writeln!(t, "\n[board]");
    let _ = writeln!(t, "files = {}", im.files);
    let _ = writeln!(t, "ranks = {}", im.ranks);
    if !im.d.holes.is_empty() {
        let hs: Vec<String> = im.d.holes.iter().map(|&(x, y)| q(&square_label(x, y))).collect();
        let _ = writeln!(t, "holes = [{}]", hs.join(", "));
    }
    let _ = writeln!(t, "a1-light = {}", im.d.key("rookeryA1Light").as_deref() == Some("true"));
}

/// The `rookerySpecial=letter:when:betza:name` lines.
fn specials(d: &Description) -> Vec<(char, String, String)> {
    d.keys
        .iter()
        .filter(|(k, _)| k == "rookerySpecial")
        .filter_map(|(_, v)| {
            let mut it = v.splitn(4, ':');
            let l = it.next()?.chars().next()?;
            let _when = it.next()?;
            let b = it.next()?.to_string();
            let n = it.next().unwrap_or("special move").to_string();
            Some((l, b, n))
        })
        .collect()
}

/// One `[pieces.id]` table per piece, with its special moves.
fn write_pieces(im: &Imported, t: &mut String) {
    let specials = specials(im.d);
    let mut ids: Vec<String> = Vec::new();
    for p in &im.d.pieces {
        let mut id = id_of(&p.name);
        while ids.contains(&id) {
            id.push('x');
        }
        ids.push(id.clone());
        let _ = writeln!(t, "\n[pieces.{id}]");
        let _ = writeln!(t, "name = {}", q(&p.name));
        let _ = writeln!(t, "letter = {}", q(&p.letter.to_string()));
        if p.betza == IMMOBILE_BETZA {
            let _ = writeln!(t, "immobile = true");
        } else {
            let _ = writeln!(t, "betza = {}", q(&p.betza));
        }
        if im.royal.contains(&p.letter) {
            let _ = writeln!(t, "royal = true");
        }
        if im.pawns.contains(&p.letter) {
            let _ = writeln!(t, "pawn = true");
        }
        if !p.image.is_empty() {
            let _ = writeln!(t, "image = {}", q(&p.image));
        }
        for (l, b, n) in &specials {
            if *l == p.letter {
                let _ = writeln!(t, "\n[[pieces.{id}.special]]");
                let _ = writeln!(t, "name = {}", q(n));
                let _ = writeln!(t, "betza = {}", q(b));
                let _ = writeln!(t, "when = \"not-in-check\"");
            }
        }
    }
}

/// `[setup]`: the FEN and the reconstruction note.
fn write_setup(im: &Imported, t: &mut String) {
    let _ = writeln!(t, "\n[setup]");
    let _ = writeln!(t, "fen = {}", q(&im.fen));
    if let Some(r) = im.d.key("rookeryReconstructed") {
        let _ = writeln!(t, "reconstructed = {}", q(&r));
    }
}

/// One `[[promotion.zones]]` table per zone.
fn write_zones(zones: &[ZoneRow], t: &mut String) {
    for (w, b, c, mand) in zones {
        let list = |v: &Vec<u32>| v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        let cs: Vec<String> = c.iter().map(|c| q(&c.to_string())).collect();
        let _ = writeln!(t, "\n[[promotion.zones]]");
        let _ = writeln!(t, "ranks = {{ white = [{}], black = [{}] }}", list(w), list(b));
        let _ = writeln!(t, "choices = [{}]", cs.join(", "));
        let _ = writeln!(t, "mandatory = {mand}");
    }
}

/// `[rules]`: stalemate, baring, draw rules.
fn write_rules(im: &Imported, t: &mut String) {
    let key = |k: &str| im.d.key(k);
    let _ = writeln!(t, "\n[rules]");
    let _ = writeln!(t, "stalemate = {}", q(im.stalemate));
    let _ = writeln!(t, "bare-king = {}", q(if im.bare { "loss" } else { "none" }));
    if im.bare {
        let _ = writeln!(t, "counter-baring = {}", im.counter);
        // Our reading of the ID's `baring=`: the bared side's one reply
        // comes first, then the bare king has lost (TCB's rules page).
        let first = key("rookeryBareKingFirst").is_none_or(|s| s == "true");
        let _ = writeln!(t, "bare-king-first = {first}");
    }
    let _ = writeln!(t, "move-rule = {}", key("rookeryMoveRule").and_then(|s| s.parse::<u32>().ok()).unwrap_or(50));
    let _ = writeln!(t, "repetition = {}", key("rookeryRepetition").and_then(|s| s.parse::<u32>().ok()).unwrap_or(3));
}

/// `[extinction]`: Shatranj's bare-king rule, the only form the export
/// writes as `baring=0` besides `bare-king`.
fn write_extinction(name: &str, t: &mut String) {
    let _ = writeln!(t, "\n[extinction]");
    let _ = writeln!(t, "pieces = \"all\"");
    let _ = writeln!(t, "count = 1");
    let _ = writeln!(t, "opponent-count = 2");
    let _ = writeln!(t, "claim = true");
    let _ = writeln!(t, "name = {}", q(name));
}
