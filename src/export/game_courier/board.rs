//! The board side of a Game Courier preset: piece labels (a stock set or a
//! custom set) and the FEN Code.

use std::fmt::Write as _;

use crate::export::{alfaerie_image, setup_placement};
use crate::variant::Variant;

/// A stock piece set: GC set group, set name, image directory and its
/// label table (label → Alfaerie image basename). Only labels every
/// Alfaerie-based set is known to have are listed.
pub struct StockSet {
    /// The Set Group field.
    pub group: &'static str,
    /// The Set field.
    pub set: &'static str,
    /// Where the images are.
    pub dir: &'static str,
    /// White label → image basename (Black's label is the lower case).
    pub labels: &'static [(&'static str, &'static str)],
}

/// Stock sets we know labels for.
pub const STOCK_SETS: &[StockSet] = &[StockSet {
    group: "Alfaerie",
    set: "alfaerie",
    dir: "/graphics.dir/alfaerie/",
    labels: &[("K", "king"), ("Q", "queen"), ("R", "rook"), ("B", "bishop"), ("N", "knight"), ("P", "pawn")],
}];

/// Images of the custom set (Alfaerie PNGs, `w`/`b` prefixes).
pub const CUSTOM_DIR: &str = "/graphics.dir/alfaeriePNG/";

/// The labels of a preset.
#[derive(Clone, Debug)]
pub struct Labels {
    /// (White label, Black label) per piece kind.
    pub kinds: Vec<(String, String)>,
    /// Set Group and Set fields.
    pub group: String,
    /// The Set field.
    pub set: String,
    /// The custom set (JSON), when the stock set lacks a piece.
    pub custom: Option<String>,
    /// Remarks about images (unknown or unverified names).
    pub remarks: Vec<String>,
}

/// Chooses labels: the stock set when it has every piece (by image), else a
/// custom set with our FEN letters.
pub fn labels(v: &Variant) -> Labels {
    let images: Vec<Option<(String, bool)>> = (0..v.pieces.len()).map(|k| alfaerie_image(v, k)).collect();
    for s in STOCK_SETS {
        let mut kinds = Vec::new();
        for img in &images {
            let Some((img, _)) = img else { break };
            let Some((label, _)) = s.labels.iter().find(|(_, i)| i == img) else { break };
            if kinds.iter().any(|(w, _): &(String, String)| w == label) {
                break;
            }
            kinds.push((label.to_string(), label.to_ascii_lowercase()));
        }
        if kinds.len() == v.pieces.len() {
            return Labels { kinds, group: s.group.into(), set: s.set.into(), custom: None, remarks: Vec::new() };
        }
    }
    let mut kinds = Vec::new();
    let mut remarks = Vec::new();
    let mut json = String::from("{\"dir\": \"");
    json.push_str(CUSTOM_DIR);
    json.push_str("\", \"pieces\": {");
    for (k, p) in v.pieces.iter().enumerate() {
        let (w, b) = (p.letter.to_string(), p.letter.to_ascii_lowercase().to_string());
        let img = match &images[k] {
            Some((i, ok)) => {
                if !ok {
                    remarks.push(format!(
                        "{}: the image name \"{i}\" follows Alfaerie's naming but is unverified",
                        p.name
                    ));
                }
                i.clone()
            }
            None => {
                remarks.push(format!("{}: no Alfaerie image is known; \"{}\" is a placeholder", p.name, p.id));
                p.id.clone()
            }
        };
        if k > 0 {
            json.push_str(", ");
        }
        let _ = write!(json, "\"{w}\": \"w{img}.png\", \"{b}\": \"b{img}.png\"");
        kinds.push((w, b));
    }
    json.push_str("}}");
    Labels { kinds, group: "Custom".into(), set: "custom".into(), custom: Some(json), remarks }
}

/// A label as it appears in the FEN Code (braced when longer than one character).
fn fen_label(l: &str) -> String {
    if l.chars().count() == 1 {
        l.to_string()
    } else {
        format!("{{{l}}}")
    }
}

/// The FEN Code of the setup with these labels.
pub fn fen_code(v: &Variant, labels: &[(String, String)]) -> String {
    let g = &v.grid;
    let pl = setup_placement(v);
    let mut ranks = Vec::new();
    for y in (0..g.ranks()).rev() {
        let mut s = String::new();
        let mut run = 0;
        for x in 0..g.files() {
            let cell = g.at(x as i32, y as i32);
            let item = match cell {
                None => Some("-".to_string()),
                Some(c) => pl.cells[c as usize]
                    .map(|(k, side)| fen_label(if side == 0 { &labels[k as usize].0 } else { &labels[k as usize].1 })),
            };
            match item {
                None => run += 1,
                Some(t) => {
                    if run > 0 {
                        let _ = write!(s, "{run}");
                        run = 0;
                    }
                    s.push_str(&t);
                }
            }
        }
        if run > 0 {
            let _ = write!(s, "{run}");
        }
        ranks.push(s);
    }
    ranks.join("/")
}
