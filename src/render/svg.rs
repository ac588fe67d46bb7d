//! SVG pictures of boards: cells in their colours, holes hatched, thin
//! outlines, coordinates, piece glyphs (a disc with the piece letter) and
//! move highlights.
//!
//! Layout. A rectangular grid is drawn with squares of [`SQUARE`] pixels,
//! rank 1 at the bottom, file letters below and rank numbers to the left. A
//! polygon board is drawn from its cell polygons (`+y` up, so flipped for
//! the screen), scaled so that its narrowest cell has the inscribed circle of
//! a grid square: pieces are the same size on every board. Every number is
//! written with two decimals and nothing depends on the clock or on hash
//! order, so the same input always gives the same bytes.

use std::fmt::Write as _;

use crate::board::{file_label, Cell, Grid};
use crate::game::{code_kind, code_side, Position, WHITE};
use crate::probe::{Kind, ProbeMove};

use super::picture::{self, BoardPicture};

/// Options for a picture.
#[derive(Clone, Debug, PartialEq)]
pub struct SvgOptions {
    /// Destination cells to mark, and how.
    pub highlight: Vec<(Cell, Mark)>,
    /// The cell a highlighted move starts from (shaded).
    pub from: Option<Cell>,
    /// Draw coordinates: file letters and rank numbers around a grid, each
    /// cell's label inside it on a polygon board.
    pub coordinates: bool,
    /// A caption above the board.
    pub title: Option<String>,
    /// Pieces in hand drawn beside the board, (letter, count) for White
    /// then Black; `None` draws no hand column (variants without hands).
    pub hands: Option<[Vec<(char, u8)>; 2]>,
    /// Squares or points and lines (`[board.picture]`); [`board_svg`]
    /// takes it from the variant.
    pub picture: BoardPicture,
}

impl Default for SvgOptions {
    /// No highlights, coordinates on, no title.
    fn default() -> SvgOptions {
        SvgOptions {
            highlight: Vec::new(),
            from: None,
            coordinates: true,
            title: None,
            hands: None,
            picture: BoardPicture::default(),
        }
    }
}

/// How a highlighted destination is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The piece may move there (a dot).
    Move,
    /// The piece may capture there (a ring).
    Capture,
    /// The piece may move or capture there (a dot in a ring).
    Both,
    /// A castling destination (a square marker).
    Castle,
}

impl From<Kind> for Mark {
    /// Probe kinds as marks; destroying a friend is shown as a capture.
    fn from(k: Kind) -> Mark {
        match k {
            Kind::Move => Mark::Move,
            Kind::Capture | Kind::Destroy => Mark::Capture,
            Kind::Both => Mark::Both,
            Kind::Castle => Mark::Castle,
        }
    }
}

/// One mark per destination cell of probe results (see
/// [`crate::probe::destinations`]), in cell order. A cell reached in several
/// ways gets one mark: a move and a capture make [`Mark::Both`], and a
/// castling destination stays [`Mark::Castle`]. Labels that are not cells of
/// `grid` are skipped.
pub fn marks_from_probe(grid: &Grid, moves: &[ProbeMove]) -> Vec<(Cell, Mark)> {
    let mut out: Vec<(Cell, Mark)> = Vec::new();
    for m in moves {
        let Some(c) = grid.parse(&m.to) else { continue };
        let mark = Mark::from(m.kind);
        match out.iter_mut().find(|(d, _)| *d == c) {
            None => out.push((c, mark)),
            Some((_, old)) => {
                *old = match (*old, mark) {
                    (Mark::Castle, _) | (_, Mark::Castle) => Mark::Castle,
                    (a, b) if a == b => a,
                    _ => Mark::Both,
                }
            }
        }
    }
    out.sort_by_key(|&(c, _)| c);
    out
}

/// Side of a grid square, in pixels.
pub(super) const SQUARE: f64 = 40.0;
/// Radius of a piece disc.
const PIECE_R: f64 = 0.4 * SQUARE;
/// Room for the coordinates around a grid.
const COORD_MARGIN: f64 = 24.0;
/// Padding around the board when no coordinates are drawn around it.
const PAD: f64 = 8.0;
/// Height of the caption band.
const TITLE_H: f64 = 34.0;

/// Light and dark squares of a grid.
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
/// The three colours of a polygon board, by colour class.
const POLY_COLOURS: [&str; 3] = ["#f0d9b5", "#c9a27a", "#8f6a4a"];
/// Cell outlines.
const OUTLINE: &str = "#5c4631";
/// Text around and on the board.
const INK: &str = "#3b2e22";
/// Text on the darkest polygon colour.
const PALE_INK: &str = "#f6ecdc";
/// Size of the cell labels on polygon boards.
const POLY_LABEL_SIZE: f64 = 10.0;
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// The position's board and pieces as an SVG document, pictured as the
/// variant's `[board.picture]` asks.
pub fn board_svg(pos: &Position<'_>, opts: &SvgOptions) -> String {
    let v = pos.variant();
    let opts = &SvgOptions { picture: v.picture.clone(), ..opts.clone() };
    let pieces: Vec<(Cell, char, bool)> = (0..v.grid.len())
        .filter_map(|c| {
            let c = c as Cell;
            let code = pos.at(c);
            (code != 0).then(|| (c, v.pieces[code_kind(code) as usize].letter, code_side(code) == WHITE))
        })
        .collect();
    if opts.hands.is_none() && (v.drops.is_some() || v.gating.is_some()) {
        let hand = |side| {
            (0..v.pieces.len() as u8)
                .filter(|&k| pos.in_hand(side, k) > 0)
                .map(|k| (v.pieces[k as usize].letter, pos.in_hand(side, k)))
                .collect()
        };
        let opts = SvgOptions { hands: Some([hand(0), hand(1)]), ..opts.clone() };
        return grid_svg(&v.grid, v.a1_light, &pieces, &opts);
    }
    grid_svg(&v.grid, v.a1_light, &pieces, opts)
}

/// Width of the hand column beside the board.
const HAND_W: f64 = 2.0 * SQUARE;

/// The hands beside the board: Black's from the top, White's from the
/// bottom, each piece a disc with its count.
fn write_hands(s: &mut String, hands: &[Vec<(char, u8)>; 2], x0: f64, top: f64, bottom: f64) {
    let r = PIECE_R * 0.8;
    let _ = writeln!(s, r#"<g class="hands" font-size="{}" font-weight="bold">"#, num(r * 1.05));
    for (side, list) in hands.iter().enumerate() {
        let step = ((bottom - top) / 2.0 / list.len().max(1) as f64).min(SQUARE * 0.9);
        for (i, &(letter, count)) in list.iter().enumerate() {
            let y = if side == 0 { bottom - r - i as f64 * step } else { top + r + i as f64 * step };
            let (fill, ink) = if side == 0 { ("#ffffff", "#000000") } else { ("#1a1a1a", "#ffffff") };
            let l = if side == 0 { letter } else { letter.to_ascii_lowercase() };
            let _ = writeln!(
                s,
                r##"<g class="in-hand"><circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="#000000" stroke-width="1.50"/><text x="{}" y="{}" text-anchor="middle" fill="{ink}">{}</text><text x="{}" y="{}" fill="{INK}">×{count}</text></g>"##,
                num(x0 + r),
                num(y),
                num(r),
                num(x0 + r),
                num(y + r * 0.38),
                esc(&l.to_string()),
                num(x0 + 2.0 * r + 4.0),
                num(y + r * 0.38),
            );
        }
    }
    s.push_str("</g>\n");
}

/// A board with `pieces` (cell, letter, whether White's) on it as an SVG
/// document. `a1_light` says which squares of a rectangular grid are light;
/// polygon boards use their three-colouring instead.
pub fn grid_svg(grid: &Grid, a1_light: bool, pieces: &[(Cell, char, bool)], opts: &SvgOptions) -> String {
    let top = if opts.title.is_some() { TITLE_H } else { 0.0 };
    let lay = match grid.graph() {
        None => rect_layout(grid, a1_light, opts.picture.points, opts.coordinates, top),
        Some(_) => poly_layout(grid, opts.coordinates, top),
    };
    let mut s = String::new();
    let hand_w = if opts.hands.is_some() { HAND_W } else { 0.0 };
    let (w, h) = (lay.width + hand_w, lay.height);
    write_head(&mut s, opts, &lay, w, h);
    write_board(&mut s, grid, &lay, opts);
    write_coordinates(&mut s, &lay, pieces, opts);
    write_pieces(&mut s, &lay, pieces);
    if let Some(hands) = &opts.hands {
        write_hands(&mut s, hands, lay.width, top + PAD, h - PAD);
    }
    write_marks(&mut s, &lay, &opts.highlight);
    s.push_str("</svg>\n");
    s
}

/// The `<svg>` element, the title, the white background and the hatch
/// pattern holes are drawn with.
fn write_head(s: &mut String, opts: &SvgOptions, lay: &Layout, w: f64, h: f64) {
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" font-family="{FONT}">"#,
        num(w),
        num(h),
        num(w),
        num(h)
    );
    if let Some(t) = &opts.title {
        let _ = writeln!(s, "<title>{}</title>", esc(t));
    }
    let _ = writeln!(
        s,
        r##"<rect class="background" x="0" y="0" width="{}" height="{}" fill="#ffffff"/>"##,
        num(w),
        num(h)
    );
    if !lay.holes.is_empty() {
        let _ = writeln!(
            s,
            r##"<defs><pattern id="hole-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#ffffff"/><rect width="2" height="6" fill="#d9d9d9"/></pattern></defs>"##
        );
    }
    if let Some(t) = &opts.title {
        let _ = writeln!(
            s,
            r#"<text class="title" x="{}" y="{}" text-anchor="middle" font-size="18.00" font-weight="bold" fill="{INK}">{}</text>"#,
            num(w / 2.0),
            num(TITLE_H * 0.68),
            esc(t)
        );
    }
}

/// Cells and holes, the moving piece's cell, and a points picture's lines.
/// On a points picture the cells are the clickable squares around the
/// points, without outlines, under the lines.
fn write_board(s: &mut String, grid: &Grid, lay: &Layout, opts: &SvgOptions) {
    let points = opts.picture.points && grid.graph().is_none();
    let outline = if points { "none" } else { OUTLINE };
    if points {
        // One wood rectangle under the cells, so no seam between two
        // unoutlined cells shows the white page when the picture is scaled.
        picture::write_wood(s, &lay.centres, SQUARE);
    }
    let _ = writeln!(s, r#"<g class="board" stroke="{outline}" stroke-width="0.75" stroke-linejoin="round">"#);
    for (c, shape) in lay.cells.iter().enumerate() {
        let label = esc(grid.label(c as Cell));
        shape.write(s, &format!(r#"class="cell" data-cell="{label}" fill="{}""#, lay.fills[c]));
    }
    for hole in &lay.holes {
        hole.write(s, r##"class="hole" fill="url(#hole-hatch)" stroke="#c4c4c4""##);
    }
    s.push_str("</g>\n");
    if let Some(shape) = opts.from.and_then(|c| lay.cells.get(c as usize)) {
        shape.write(s, r##"class="from" fill="#f5e642" fill-opacity="0.55" stroke="none""##);
    }
    if points {
        picture::write_lines(s, grid, &opts.picture, &lay.centres);
    }
}

/// Coordinates. A polygon cell's label sits beside its piece where the
/// cell has room, else in the middle, left out under a piece or a mark.
fn write_coordinates(s: &mut String, lay: &Layout, pieces: &[(Cell, char, bool)], opts: &SvgOptions) {
    let covered = |c: Cell| pieces.iter().any(|p| p.0 == c) || opts.highlight.iter().any(|h| h.0 == c);
    let labels: Vec<&Label> = lay.labels.iter().filter(|l| l.beside || l.cell.is_none_or(|c| !covered(c))).collect();
    if labels.is_empty() {
        return;
    }
    let _ =
        writeln!(s, r#"<g class="coordinates" text-anchor="middle" font-size="{}" fill="{INK}">"#, num(lay.label_size));
    for l in labels {
        let fill = if l.ink == INK { String::new() } else { format!(r#" fill="{}""#, l.ink) };
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}"{fill}>{}</text>"#,
            num(l.x),
            num(l.y + lay.label_size * 0.35),
            esc(&l.text)
        );
    }
    s.push_str("</g>\n");
}

/// The pieces: discs with their letters, White's white.
fn write_pieces(s: &mut String, lay: &Layout, pieces: &[(Cell, char, bool)]) {
    let fs = PIECE_R * 1.05;
    let _ = writeln!(s, r#"<g class="pieces" text-anchor="middle" font-size="{}" font-weight="bold">"#, num(fs));
    for &(c, letter, white) in pieces {
        let Some(&(x, y)) = lay.centres.get(c as usize) else { continue };
        let (fill, stroke, ink) =
            if white { ("#ffffff", "#000000", "#000000") } else { ("#1a1a1a", "#000000", "#ffffff") };
        let _ = writeln!(
            s,
            r#"<g class="piece"><circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="1.50"/><text x="{}" y="{}" fill="{ink}">{}</text></g>"#,
            num(x),
            num(y),
            num(PIECE_R),
            num(x),
            num(y + fs * 0.36),
            esc(&letter.to_string())
        );
    }
    s.push_str("</g>\n");
}

/// Destination marks: a dot for a move, a ring for a capture, both, or a
/// square for castling.
fn write_marks(s: &mut String, lay: &Layout, highlight: &[(Cell, Mark)]) {
    if highlight.is_empty() {
        return;
    }
    s.push_str("<g class=\"marks\">\n");
    for &(c, mark) in highlight {
        let Some(&(x, y)) = lay.centres.get(c as usize) else { continue };
        let name = match mark {
            Mark::Move => "move",
            Mark::Capture => "capture",
            Mark::Both => "both",
            Mark::Castle => "castle",
        };
        let _ = writeln!(s, r#"<g class="mark {name}">{}</g>"#, mark_body(mark, x, y));
    }
    s.push_str("</g>\n");
}

/// The drawing of one destination mark centred at (x, y).
fn mark_body(mark: Mark, x: f64, y: f64) -> String {
    let dot = format!(
        r##"<circle cx="{}" cy="{}" r="{}" fill="#1b7a3a" fill-opacity="0.85"/>"##,
        num(x),
        num(y),
        num(PIECE_R * 0.4)
    );
    let ring = format!(
        r##"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="#d32f2f" stroke-width="3.50" stroke-opacity="0.9"/>"##,
        num(x),
        num(y),
        num(PIECE_R + 2.0)
    );
    match mark {
        Mark::Move => dot,
        Mark::Capture => ring,
        Mark::Both => format!("{ring}{dot}"),
        Mark::Castle => {
            let a = PIECE_R * 0.55;
            format!(
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#1565c0" fill-opacity="0.85" stroke="#ffffff" stroke-width="1.50"/>"##,
                num(x - a),
                num(y - a),
                num(2.0 * a),
                num(2.0 * a)
            )
        }
    }
}

/// A cell's outline on the screen.
enum Shape {
    /// Top-left corner and side of a square.
    Square(f64, f64, f64),
    /// Corners in screen coordinates.
    Polygon(Vec<(f64, f64)>),
}

impl Shape {
    /// Writes the shape as an element with the given attributes.
    fn write(&self, s: &mut String, attrs: &str) {
        match self {
            Shape::Square(x, y, a) => {
                let _ = writeln!(
                    s,
                    r#"<rect {attrs} x="{}" y="{}" width="{}" height="{}"/>"#,
                    num(*x),
                    num(*y),
                    num(*a),
                    num(*a)
                );
            }
            Shape::Polygon(p) => {
                let points: Vec<String> = p.iter().map(|&(x, y)| format!("{},{}", num(x), num(y))).collect();
                let _ = writeln!(s, r#"<polygon {attrs} points="{}"/>"#, points.join(" "));
            }
        }
    }
}

/// Where everything goes, in screen pixels.
struct Layout {
    width: f64,
    height: f64,
    /// Outline of every cell, by cell number.
    cells: Vec<Shape>,
    /// Where a cell's piece and marks go.
    centres: Vec<(f64, f64)>,
    /// Fill colour of every cell.
    fills: Vec<&'static str>,
    /// Squares of the grid that are not cells.
    holes: Vec<Shape>,
    /// Coordinate texts.
    labels: Vec<Label>,
    label_size: f64,
}

/// A coordinate text.
struct Label {
    /// Centre of the text.
    x: f64,
    y: f64,
    text: String,
    /// Text colour.
    ink: &'static str,
    /// The cell it names, for labels inside cells.
    cell: Option<Cell>,
    /// It sits beside the cell's piece, not under it.
    beside: bool,
}

/// A files × ranks grid: rank 1 at the bottom, coordinates left and below.
/// A points picture colours every cell alike (the lines mark the points).
fn rect_layout(grid: &Grid, a1_light: bool, points: bool, coordinates: bool, top: f64) -> Layout {
    let f = RectFrame { m: if coordinates { COORD_MARGIN } else { PAD }, top, ranks: grid.ranks() };
    let (cells, centres, fills) = f.squares(grid, a1_light, points);
    Layout {
        width: grid.files() as f64 * SQUARE + 2.0 * f.m,
        height: top + f.ranks as f64 * SQUARE + 2.0 * f.m,
        cells,
        centres,
        fills,
        holes: f.holes(grid),
        labels: if coordinates { f.coordinates(grid.files()) } else { Vec::new() },
        label_size: 13.0,
    }
}

/// Where a files × ranks grid's squares sit: the margin around the board
/// and the height above it, shared by the squares, holes and coordinates.
struct RectFrame {
    /// Margin on every side (room for coordinates, or padding).
    m: f64,
    /// Height taken above the board (a title).
    top: f64,
    /// Number of ranks (rank 1 is drawn at the bottom).
    ranks: u32,
}

impl RectFrame {
    /// The left edge of file `x`.
    fn px(&self, x: u32) -> f64 {
        self.m + x as f64 * SQUARE
    }

    /// The top edge of rank `y` (counted from the bottom).
    fn py(&self, y: u32) -> f64 {
        self.top + self.m + (self.ranks - 1 - y) as f64 * SQUARE
    }

    /// Every cell's square, centre and colour, in cell order.
    fn squares(&self, grid: &Grid, a1_light: bool, points: bool) -> (Vec<Shape>, Vec<(f64, f64)>, Vec<&'static str>) {
        let mut cells = Vec::with_capacity(grid.len());
        let mut centres = Vec::with_capacity(grid.len());
        let mut fills = Vec::with_capacity(grid.len());
        for c in 0..grid.len() {
            let c = c as Cell;
            let (x, y) = grid.coords(c);
            cells.push(Shape::Square(self.px(x), self.py(y), SQUARE));
            centres.push((self.px(x) + SQUARE / 2.0, self.py(y) + SQUARE / 2.0));
            let light = (grid.colour(c) == 0) == a1_light;
            fills.push(if points {
                picture::WOOD
            } else if light {
                LIGHT
            } else {
                DARK
            });
        }
        (cells, centres, fills)
    }

    /// The squares of the grid that are no cells (holes), row by row.
    fn holes(&self, grid: &Grid) -> Vec<Shape> {
        let mut holes = Vec::new();
        for y in 0..grid.ranks() {
            for x in 0..grid.files() {
                if grid.is_hole(x, y) {
                    holes.push(Shape::Square(self.px(x), self.py(y), SQUARE));
                }
            }
        }
        holes
    }

    /// File letters below the board, then rank numbers on its left.
    fn coordinates(&self, files: u32) -> Vec<Label> {
        let below = self.top + self.m + self.ranks as f64 * SQUARE + self.m / 2.0;
        let file_labels = (0..files).map(|x| (self.px(x) + SQUARE / 2.0, below, file_label(x)));
        let rank_labels = (0..self.ranks).map(|y| (self.m / 2.0, self.py(y) + SQUARE / 2.0, (y + 1).to_string()));
        file_labels
            .chain(rank_labels)
            .map(|(x, y, text)| Label { x, y, text, ink: INK, cell: None, beside: false })
            .collect()
    }
}

/// A polygon board: `+y` up in the geometry, down on the screen.
fn poly_layout(grid: &Grid, coordinates: bool, top: f64) -> Layout {
    let g = grid.graph().expect("a polygon board");
    let geo = &g.geometry;
    let (mut minx, mut maxx, mut miny, mut maxy) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    let mut r_in = f64::MAX;
    for (cell, &ctr) in geo.cells.iter().zip(&geo.centroids) {
        let p = &cell.polygon;
        for (j, &(x, y)) in p.iter().enumerate() {
            minx = minx.min(x);
            maxx = maxx.max(x);
            miny = miny.min(y);
            maxy = maxy.max(y);
            r_in = r_in.min(seg_dist(ctr, (x, y), p[(j + 1) % p.len()]));
        }
    }
    // The narrowest cell gets the inscribed circle of a grid square.
    let scale = if r_in > 0.0 && r_in.is_finite() { SQUARE / 2.0 / r_in } else { SQUARE };
    let at = |(x, y): (f64, f64)| (PAD + (x - minx) * scale, top + PAD + (maxy - y) * scale);
    let cells: Vec<Shape> =
        geo.cells.iter().map(|c| Shape::Polygon(c.polygon.iter().map(|&q| at(q)).collect())).collect();
    let centres: Vec<(f64, f64)> = geo.centroids.iter().map(|&q| at(q)).collect();
    let fills = (0..grid.len()).map(|c| POLY_COLOURS[grid.colour(c as Cell) as usize % 3]).collect();
    let mut labels = Vec::new();
    if coordinates {
        let mid = at(((minx + maxx) / 2.0, (miny + maxy) / 2.0));
        for (c, shape) in cells.iter().enumerate() {
            let Shape::Polygon(poly) = shape else { continue };
            let text = grid.label(c as Cell).to_string();
            let spot = label_spot(poly, centres[c], POLY_LABEL_SIZE, text.chars().count(), mid);
            let (x, y) = spot.unwrap_or(centres[c]);
            let ink = if POLY_COLOURS[grid.colour(c as Cell) as usize % 3] == POLY_COLOURS[2] { PALE_INK } else { INK };
            labels.push(Label { x, y, text, ink, cell: Some(c as Cell), beside: spot.is_some() });
        }
    }
    Layout {
        width: (maxx - minx) * scale + 2.0 * PAD,
        height: top + (maxy - miny) * scale + 2.0 * PAD,
        cells,
        centres,
        fills,
        holes: Vec::new(),
        labels,
        label_size: POLY_LABEL_SIZE,
    }
}

/// Where a cell's label can stand beside a piece disc in the middle of the
/// cell (screen coordinates): on a line from the centre towards a corner,
/// clear of the disc and of the outline. The roomiest place wins; among
/// equally roomy ones the one furthest from the board's middle `mid`. `None`
/// when the cell has no such room (squares, hexagons).
fn label_spot(poly: &[(f64, f64)], centre: (f64, f64), size: f64, chars: usize, mid: (f64, f64)) -> Option<(f64, f64)> {
    // Room the text needs around its centre: half its width (about 0.6 em a
    // character), at least half its height.
    let need = (0.3 * size * chars as f64).max(0.5 * size);
    let clearance = |p: (f64, f64)| {
        (0..poly.len()).map(|j| seg_dist(p, poly[j], poly[(j + 1) % poly.len()])).fold(f64::MAX, f64::min)
    };
    let mut best: Option<((f64, f64), f64, f64)> = None; // (point, clearance, distance from mid)
    for &v in poly {
        let (dx, dy) = (v.0 - centre.0, v.1 - centre.1);
        let len = dx.hypot(dy);
        // Just outside the disc.
        let d = PIECE_R + need + 3.0;
        if len <= d {
            continue;
        }
        let p = (centre.0 + dx * d / len, centre.1 + dy * d / len);
        let room = clearance(p);
        if room < need || !inside(poly, p) {
            continue;
        }
        let far = (p.0 - mid.0).hypot(p.1 - mid.1);
        let better = match best {
            None => true,
            Some((_, r, f)) => room > r + 0.5 || (room > r - 0.5 && far > f),
        };
        if better {
            best = Some((p, room, far));
        }
    }
    best.map(|(p, _, _)| p)
}

/// Whether `p` is inside the polygon (even-odd rule).
fn inside(poly: &[(f64, f64)], p: (f64, f64)) -> bool {
    let mut inside = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < a.0 + (p.1 - a.1) * (b.0 - a.0) / (b.1 - a.1) {
            inside = !inside;
        }
    }
    inside
}

/// Distance from `p` to the segment `ab`.
fn seg_dist(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    (p.0 - a.0 - t * dx).hypot(p.1 - a.1 - t * dy)
}

/// A number with two decimals (never `-0.00`).
pub(super) fn num(v: f64) -> String {
    let s = format!("{v:.2}");
    if s == "-0.00" {
        "0.00".to_string()
    } else {
        s
    }
}

/// Text escaped for XML content and attribute values.
fn esc(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for ch in t.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(ch),
        }
    }
    out
}
