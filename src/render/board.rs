//! The board drawn as SVG, and rasterised to PNG.

use std::fmt::Write;

use resvg::{tiny_skia, usvg};

use dynamo_core::color::Color;
use dynamo_core::position::Position;
use dynamo_core::role::{Piece, Role};
use dynamo_core::square::{Square, Step};

/// The size of the board picture in mail and of `dynamo show --png`, in
/// pixels a side.
pub const BOARD_PX: u32 = 480;

/// The smallest and largest picture [`png`] draws, in pixels a side.
pub const MIN_SIZE: u32 = 64;
pub const MAX_SIZE: u32 = 4096;

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    #[error("picture size {0} px is out of range ({MIN_SIZE}..={MAX_SIZE})")]
    Size(u32),
    #[error("board drawing is not valid SVG: {0}")]
    Svg(String),
    #[error("could not encode PNG: {0}")]
    Encode(String),
}

pub(super) const LIGHT: &str = "#f0d9b5";
pub(super) const DARK: &str = "#b58863";
pub(super) const FRAME: &str = "#fbf8f2";
pub(super) const INK: &str = "#3b2f25";
pub(super) const CHANGED: &str = "#e8c53a";
pub(super) const CHECK: &str = "#e0493f";
const EXIT: &str = "#c0392b";
const ARROW: &str = "#2e7d32";

/// How to draw a position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct View {
    /// Black at the bottom (the black player's copy).
    pub flipped: bool,
    /// The last move's marks; `None` marks the squares whose piece differs
    /// from the board before the last move, when the position knows it.
    pub marks: Option<Marks>,
}

/// What the last move did, as the picture marks it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    /// The squares the move touched: left, landed on, or acted from.
    pub squares: Vec<Square>,
    /// The pieces that left the board.
    pub exits: Vec<Departure>,
    /// The paths the move's pieces took on the board, from and to: the
    /// mover's first, then the pushed or pulled piece's (or the rook's).
    pub paths: Vec<(Square, Square)>,
}

/// A piece that left the board: where it stood and which way it went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Departure {
    /// The piece.
    pub piece: Piece,
    /// The square it left from.
    pub from: Square,
    /// The way it went (a line step, or a knight's jump).
    pub toward: Step,
}

/// Units of the drawing: the board is 8 × 90 units with a 30-unit frame
/// that carries the coordinates.
pub(super) const SQUARE: f32 = 90.0;
pub(super) const FRAME_WIDTH: f32 = 30.0;
pub(super) const TOTAL: f32 = 8.0 * SQUARE + 2.0 * FRAME_WIDTH;

/// The position as a square PNG of `size_px` pixels a side, from White's
/// side.
pub fn png(pos: &Position, size_px: u32) -> Result<Vec<u8>, RenderError> {
    png_view(pos, size_px, &View::default())
}

/// The position as a square PNG of `size_px` pixels a side, as `view`
/// says.
pub fn png_view(pos: &Position, size_px: u32, view: &View) -> Result<Vec<u8>, RenderError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size_px) {
        return Err(RenderError::Size(size_px));
    }
    let tree = usvg::Tree::from_str(&svg_view(pos, view), &usvg::Options::default())
        .map_err(|e| RenderError::Svg(e.to_string()))?;
    let mut pixmap = tiny_skia::Pixmap::new(size_px, size_px).ok_or(RenderError::Size(size_px))?;
    let scale = size_px as f32 / TOTAL;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}

/// The position as SVG text (what [`png`] rasterises).
pub fn svg(pos: &Position) -> String {
    svg_view(pos, &View::default())
}

/// The position as SVG text, as `view` says (what [`png_view`]
/// rasterises).
pub fn svg_view(pos: &Position, view: &View) -> String {
    let flip = view.flipped;
    let mut out = String::new();
    // `write!` to a String cannot fail.
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{TOTAL}" height="{TOTAL}" viewBox="0 0 {TOTAL} {TOTAL}">"#
    );
    let _ = write!(
        out,
        r#"<rect width="{TOTAL}" height="{TOTAL}" fill="{FRAME}"/>"#
    );
    let checked_king = pos.is_check().then(|| pos.king(pos.turn()));
    for sq in Square::all() {
        square(&mut out, sq, flip);
        let changed = match &view.marks {
            Some(marks) => marks.squares.contains(&sq),
            None => pos
                .previous()
                .is_some_and(|before| before.piece_at(sq) != pos.board().piece_at(sq)),
        };
        square_marks(&mut out, sq, flip, changed, checked_king == Some(sq));
    }
    border(&mut out);
    coordinates(&mut out, flip);
    for sq in Square::all() {
        if let Some(piece) = pos.board().piece_at(sq) {
            let (x, y) = corner(sq, flip);
            piece_shape(&mut out, piece, x, y, 1.0);
        }
    }
    for exit in view.marks.iter().flat_map(|m| &m.exits) {
        exit_mark(&mut out, exit, flip);
    }
    out.push_str("</svg>");
    out
}

/// One square of the board, in its colour.
pub(super) fn square(out: &mut String, sq: Square, flip: bool) {
    let (x, y) = corner(sq, flip);
    let fill = if (sq.file() + sq.rank()).is_multiple_of(2) {
        DARK
    } else {
        LIGHT
    };
    let _ = write!(
        out,
        r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#
    );
}

/// A square's marks over its colour: touched by the last move, or its
/// king in check.
pub(super) fn square_marks(out: &mut String, sq: Square, flip: bool, changed: bool, check: bool) {
    let (x, y) = corner(sq, flip);
    if changed {
        let _ = write!(
            out,
            r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{CHANGED}" fill-opacity="0.45"/>"#
        );
    }
    if check {
        let (cx, cy) = (x + SQUARE / 2.0, y + SQUARE / 2.0);
        let _ = write!(
            out,
            r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="{CHECK}" fill-opacity="0.6"/>"#,
            SQUARE * 0.46
        );
    }
}

/// The line around the 64 squares.
pub(super) fn border(out: &mut String) {
    let _ = write!(
        out,
        r#"<rect x="{FRAME_WIDTH}" y="{FRAME_WIDTH}" width="{0}" height="{0}" fill="none" stroke="{INK}" stroke-width="1.5"/>"#,
        8.0 * SQUARE
    );
}

/// The top-left corner of a square in drawing units: White at the bottom,
/// or Black when `flip`.
pub(super) fn corner(sq: Square, flip: bool) -> (f32, f32) {
    let (col, row) = if flip {
        (7 - sq.file(), sq.rank())
    } else {
        (sq.file(), 7 - sq.rank())
    };
    let x = FRAME_WIDTH + f32::from(col) * SQUARE;
    let y = FRAME_WIDTH + f32::from(row) * SQUARE;
    (x, y)
}

/// A piece's path over the board: a line from the centre of `from` to an
/// arrowhead that ends inside `to`.
pub(super) fn path_arrow(out: &mut String, from: Square, to: Square, flip: bool) {
    let centre = |sq| {
        let (x, y) = corner(sq, flip);
        (x + SQUARE / 2.0, y + SQUARE / 2.0)
    };
    let ((fx, fy), (tx, ty)) = (centre(from), centre(to));
    let (dx, dy) = (tx - fx, ty - fy);
    let length = (dx * dx + dy * dy).sqrt();
    if length == 0.0 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let head = SQUARE * 0.38;
    // The tip stops short of the centre, the shaft short of the tip.
    let (px, py) = (tx - ux * SQUARE * 0.12, ty - uy * SQUARE * 0.12);
    let (bx, by) = (px - ux * head, py - uy * head);
    let half = SQUARE * 0.2;
    let (nx, ny) = (-uy * half, ux * half);
    let _ = write!(
        out,
        r#"<g class="arrow" opacity="0.8"><line x1="{fx}" y1="{fy}" x2="{bx}" y2="{by}" stroke="{ARROW}" stroke-width="13" stroke-linecap="round"/><path d="M{px} {py} L{} {} L{} {} Z" fill="{ARROW}"/></g>"#,
        bx + nx,
        by + ny,
        bx - nx,
        by - ny
    );
}

/// A piece that left the board: a faint copy where it stood, and an arrow
/// from there across the edge it left by, its head on the frame.
pub(super) fn exit_mark(out: &mut String, exit: &Departure, flip: bool) {
    let (x, y) = corner(exit.from, flip);
    piece_shape(out, exit.piece, x, y, 0.35);
    let sign = if flip { -1.0 } else { 1.0 };
    let (dx, dy) = (
        f32::from(exit.toward.file) * sign,
        -f32::from(exit.toward.rank) * sign,
    );
    let length = (dx * dx + dy * dy).sqrt();
    if length == 0.0 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let (cx, cy) = (x + SQUARE / 2.0, y + SQUARE / 2.0);
    // Where the line from the square's centre leaves the board.
    let (lo, hi) = (FRAME_WIDTH, FRAME_WIDTH + 8.0 * SQUARE);
    let reach = |c: f32, u: f32| {
        if u > 0.0 {
            (hi - c) / u
        } else if u < 0.0 {
            (lo - c) / u
        } else {
            f32::INFINITY
        }
    };
    let t = reach(cx, ux).min(reach(cy, uy));
    let (ex, ey) = (cx + ux * t, cy + uy * t);
    let tip = FRAME_WIDTH * 0.9;
    let (tx, ty) = (ex + ux * tip, ey + uy * tip);
    let (bx, by) = (ex + ux * tip * 0.1, ey + uy * tip * 0.1);
    let half = FRAME_WIDTH * 0.45;
    let (px, py) = (-uy * half, ux * half);
    let _ = write!(
        out,
        r#"<line x1="{cx}" y1="{cy}" x2="{bx}" y2="{by}" stroke="{EXIT}" stroke-width="5" stroke-linecap="round" stroke-opacity="0.85"/><path d="M{tx} {ty} L{} {} L{} {} Z" fill="{EXIT}"/>"#,
        bx + px,
        by + py,
        bx - px,
        by - py
    );
}

/// File letters under the board and rank digits left of it, as strokes,
/// in the order the board is drawn.
pub(super) fn coordinates(out: &mut String, flip: bool) {
    // Glyphs are drawn in a 4 × 6 box (y down); scale to 2.6 units each.
    let scale = 2.6;
    let (glyph_w, glyph_h) = (4.0 * scale, 6.0 * scale);
    for file in 0..8u8 {
        let col = if flip { 7 - file } else { file };
        let x = FRAME_WIDTH + (f32::from(col) + 0.5) * SQUARE - glyph_w / 2.0;
        let y = FRAME_WIDTH + 8.0 * SQUARE + (FRAME_WIDTH - glyph_h) / 2.0 - 1.5;
        glyph(out, LETTERS[usize::from(file)], x, y, scale);
    }
    for rank in 0..8u8 {
        let row = if flip { rank } else { 7 - rank };
        let x = (FRAME_WIDTH - glyph_w) / 2.0;
        let y = FRAME_WIDTH + (f32::from(row) + 0.5) * SQUARE - glyph_h / 2.0;
        glyph(out, DIGITS[usize::from(rank)], x, y, scale);
    }
}

fn glyph(out: &mut String, path: &str, x: f32, y: f32, scale: f32) {
    let _ = write!(
        out,
        r#"<path d="{path}" transform="translate({x} {y}) scale({scale})" fill="none" stroke="{INK}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
        0.75
    );
}

/// `a`–`h`, x-height from 2 to 6, ascenders from 0.
const LETTERS: [&str; 8] = [
    "M0.6 2.4 C1.5 1.6 4 1.6 4 3.5 L4 6 M4 4.2 C2 3.8 0 4 0 5 C0 6.4 3.4 6.3 4 5",
    "M0 0 L0 6 M0 4 C0 1.6 4 1.6 4 4 C4 6.4 0 6.4 0 4",
    "M4 2.7 C3 1.6 0 1.7 0 4 C0 6.3 3 6.4 4 5.3",
    "M4 0 L4 6 M4 4 C4 1.6 0 1.6 0 4 C0 6.4 4 6.4 4 4",
    "M0 4 L4 4 C4 1.6 0 1.6 0 4 C0 6.3 3 6.4 4 5.3",
    "M3.6 0.4 C2.2 -0.2 1.6 0.5 1.6 2 L1.6 6 M0.2 2.4 L3.2 2.4",
    "M4 2 L4 6.6 C4 8 1.2 8 0.4 7.1 M4 4 C4 1.6 0 1.6 0 4 C0 6.4 4 6.4 4 4",
    "M0 0 L0 6 M0 3.8 C0.4 1.6 4 1.6 4 3.8 L4 6",
];

/// `1`–`8`, full height 0 to 6.
const DIGITS: [&str; 8] = [
    "M0.9 1.2 L2.2 0 L2.2 6 M0.9 6 L3.5 6",
    "M0.2 1.4 C0.6 -0.4 4 -0.4 3.8 1.6 C3.6 3.2 0.2 4.4 0.1 6 L4 6",
    "M0.3 0 L3.8 0 L1.9 2.5 C4.6 2.4 4.6 6.1 2 6 C1.1 6 0.4 5.6 0.1 5",
    "M3 6 L3 0 L0 4.2 L4 4.2",
    "M3.8 0 L0.6 0 L0.3 2.8 C1.3 2.1 4 2.1 4 4.1 C4 6.5 0.8 6.4 0.1 5.2",
    "M3.4 0.3 C1.2 -0.3 0 1.8 0 4 C0 6.5 4 6.5 4 4.1 C4 2 0.6 2 0.1 3.8",
    "M0 0 L4 0 L1.4 6",
    "M2 3 C-0.4 3 -0.4 0 2 0 C4.4 0 4.4 3 2 3 C-0.7 3 -0.7 6 2 6 C4.7 6 4.7 3 2 3 Z",
];

/// One piece, designed in a 45 × 45 box and scaled to the square, at
/// `opacity` (1 for a piece on the board).
pub(super) fn piece_shape(out: &mut String, piece: Piece, x: f32, y: f32, opacity: f32) {
    let (fill, detail) = match piece.color {
        Color::White => ("#ffffff", "#000000"),
        Color::Black => ("#2b2b2b", "#f2f2f2"),
    };
    let scale = SQUARE / 45.0;
    let _ = write!(
        out,
        r##"<g transform="translate({x} {y}) scale({scale})" opacity="{opacity}" fill="{fill}" stroke="#000000" stroke-width="1.4" stroke-linejoin="round" stroke-linecap="round">"##
    );
    let (body, lines) = shape(piece.role);
    for d in body {
        let _ = write!(out, r#"<path d="{d}"/>"#);
    }
    for d in lines {
        let _ = write!(
            out,
            r#"<path d="{d}" fill="none" stroke="{detail}" stroke-width="1.2"/>"#
        );
    }
    out.push_str("</g>");
}

/// The filled outlines of a piece, then its detail lines.
fn shape(role: Role) -> (&'static [&'static str], &'static [&'static str]) {
    const BASE: &str = "M10 35.5 L35 35.5 L35 39.5 L10 39.5 Z";
    match role {
        Role::Pawn => (
            &[
                BASE,
                "M14.5 35.5 C14.5 28 18.5 25 20 21 L25 21 C26.5 25 30.5 28 30.5 35.5 Z",
                "M16.5 21.5 C16.5 19 28.5 19 28.5 21.5 C28.5 23 16.5 23 16.5 21.5 Z",
                "M22.5 7.5 A6 6 0 1 1 22.49 7.5 Z",
            ],
            &[],
        ),
        Role::Knight => (
            &[
                BASE,
                "M14 35.5 C14 28 18 25.5 20.5 20.5 C17.5 21.5 14.5 23.5 11.5 24.5 \
                 C9 25.5 7.5 22.5 9 20 C11 16.5 14 13.5 16 10.5 L16 6.5 L19 9.5 \
                 L21.5 6.5 L23 10.2 C31 11 36 18 34.5 35.5 Z",
            ],
            &[
                "M16.8 14.2 L18.6 14.2",
                "M25 13.5 C29.5 17 31.5 25 30.8 34",
                "M10.8 21.8 L11.8 21.3",
            ],
        ),
        Role::Bishop => (
            &[
                BASE,
                "M13.5 31.5 L31.5 31.5 L31.5 35.5 L13.5 35.5 Z",
                "M15.5 31.5 C12.5 25 16 18.5 22.5 11.5 C29 18.5 32.5 25 29.5 31.5 Z",
                "M22.5 6.5 A3 3 0 1 1 22.49 6.5 Z",
            ],
            &["M22.5 19.5 L22.5 27", "M18.8 23.2 L26.2 23.2"],
        ),
        Role::Rook => (
            &[
                BASE,
                "M12 31.5 L33 31.5 L33 35.5 L12 35.5 Z",
                "M14.5 31.5 L15.5 16.5 L29.5 16.5 L30.5 31.5 Z",
                "M11 9 L15.5 9 L15.5 12 L20 12 L20 9 L25 9 L25 12 L29.5 12 L29.5 9 \
                 L34 9 L34 16.5 L11 16.5 Z",
            ],
            &["M15.3 20 L29.7 20", "M15 28 L30 28"],
        ),
        Role::Queen => (
            &[
                BASE,
                "M11.5 35.5 L8.5 16 L15.5 27 L16.5 12.5 L20.8 26 L22.5 10.5 L24.2 26 \
                 L28.5 12.5 L29.5 27 L36.5 16 L33.5 35.5 Z",
                "M8.5 12 A2.3 2.3 0 1 1 8.49 12 Z",
                "M16.5 8.5 A2.3 2.3 0 1 1 16.49 8.5 Z",
                "M22.5 6.2 A2.3 2.3 0 1 1 22.49 6.2 Z",
                "M28.5 8.5 A2.3 2.3 0 1 1 28.49 8.5 Z",
                "M36.5 12 A2.3 2.3 0 1 1 36.49 12 Z",
            ],
            &["M12.5 31.5 C18 29.5 27 29.5 32.5 31.5"],
        ),
        Role::King => (
            &[
                BASE,
                "M11.5 35.5 C5 27 8.5 18 16 19 C19 19.5 21 22 22.5 25.5 \
                 C24 22 26 19.5 29 19 C36.5 18 40 27 33.5 35.5 Z",
                "M22.5 25.5 C19.5 21 19.5 17.5 22.5 15 C25.5 17.5 25.5 21 22.5 25.5 Z",
                "M21 5.5 L24 5.5 L24 8.5 L27 8.5 L27 11.5 L24 11.5 L24 15 L21 15 \
                 L21 11.5 L18 11.5 L18 8.5 L21 8.5 Z",
            ],
            &["M12.5 31.5 C18 29.5 27 29.5 32.5 31.5"],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dynamo_core::rules::Rules;

    fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
        let pixmap = tiny_skia::Pixmap::decode_png(png).expect("a PNG");
        (pixmap.width(), pixmap.height(), pixmap.data().to_vec())
    }

    #[test]
    fn startpos_png_has_the_asked_size() {
        let pos = Position::startpos(Rules::NOST);
        for size in [MIN_SIZE, 200, 480] {
            let bytes = png(&pos, size).expect("renders");
            let (w, h, _) = decode(&bytes);
            assert_eq!((w, h), (size, size));
        }
    }

    #[test]
    fn out_of_range_sizes_are_refused() {
        let pos = Position::startpos(Rules::NOST);
        assert!(matches!(png(&pos, 10), Err(RenderError::Size(10))));
        assert!(matches!(png(&pos, MAX_SIZE + 1), Err(RenderError::Size(_))));
    }

    #[test]
    fn pieces_show_on_their_squares() {
        // Sample the centre of e1 (white king) and e4 (empty, light square).
        let pos = Position::startpos(Rules::NOST);
        let size = 420u32;
        let (_, _, data) = decode(&png(&pos, size).expect("renders"));
        let px = |file: f32, rank: f32, dy: f32| {
            let unit = size as f32 / TOTAL;
            let x = ((FRAME_WIDTH + (file + 0.5) * SQUARE) * unit) as usize;
            let y = ((FRAME_WIDTH + (7.0 - rank + 0.5 + dy) * SQUARE) * unit) as usize;
            let i = (y * size as usize + x) * 4;
            [data[i], data[i + 1], data[i + 2]]
        };
        assert_eq!(
            px(4.0, 3.0, 0.0),
            [0xf0, 0xd9, 0xb5],
            "e4 is an empty light square"
        );
        assert_eq!(
            px(3.0, 3.0, 0.0),
            [0xb5, 0x88, 0x63],
            "d4 is an empty dark square"
        );
        // The lower body of a piece is its fill colour.
        assert_eq!(px(4.0, 1.0, 0.2), [0xff, 0xff, 0xff], "white pawn on e2");
        assert_eq!(px(4.0, 6.0, 0.2), [0x2b, 0x2b, 0x2b], "black pawn on e7");
    }

    #[test]
    fn the_flipped_board_has_black_at_the_bottom_and_marks_exits() {
        let pos = Position::startpos(Rules::NOST);
        let size = 420u32;
        let view = View {
            flipped: true,
            marks: Some(Marks {
                squares: vec![Square::F1],
                exits: vec![Departure {
                    piece: Piece {
                        color: Color::White,
                        role: Role::Pawn,
                    },
                    from: Square::new(6, 1).expect("g2"),
                    toward: Step::new(1, 1),
                }],
                paths: Vec::new(),
            }),
        };
        let (_, _, data) = decode(&png_view(&pos, size, &view).expect("renders"));
        let unit = size as f32 / TOTAL;
        let px = |col: f32, row: f32| {
            let x = ((FRAME_WIDTH + (col + 0.5) * SQUARE) * unit) as usize;
            let y = ((FRAME_WIDTH + (row + 0.7) * SQUARE) * unit) as usize;
            let i = (y * size as usize + x) * 4;
            [data[i], data[i + 1], data[i + 2]]
        };
        // Row 7 (the bottom) is rank 8: black pieces; row 0 is rank 1.
        assert_eq!(
            px(3.0, 7.0),
            [0x2b, 0x2b, 0x2b],
            "a black piece at the bottom"
        );
        assert_eq!(px(3.0, 0.0), [0xff, 0xff, 0xff], "a white piece at the top");
        let text = svg_view(&pos, &view);
        assert!(
            text.contains(r#"opacity="0.35""#),
            "the piece that left, faint"
        );
        assert!(text.contains(EXIT), "its arrow");
    }

    #[test]
    fn svg_draws_every_piece_and_no_text() {
        let pos = Position::startpos(Rules::NOST);
        let text = svg(&pos);
        assert_eq!(text.matches("<g ").count(), 32);
        assert!(!text.contains("<text"));
    }
}
