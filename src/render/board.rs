//! The board drawn as SVG, and rasterised to PNG.

use std::fmt::Write;

use dynamo_core::Color;
use dynamo_core::Piece;
use dynamo_core::Position;
use dynamo_core::{Square, Step};

use super::drawing::{Area, Drawing, FRAME_WIDTH, Layer, SQUARE, TOTAL};
use super::shapes::{DIGITS, LETTERS, shape};

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

/// The position as SVG text (what [`png`](super::png) rasterises).
pub fn svg(pos: &Position) -> String {
    svg_view(pos, &View::default())
}

/// The position as SVG text, as `view` says (what
/// [`png_view`](super::png_view) rasterises).
pub fn svg_view(pos: &Position, view: &View) -> String {
    drawing(pos, view).into_svg()
}

/// The drawing of `svg_view`, part by part, each in its layer with the
/// area it paints (`drawing.rs`): a mark added here says whether it lies
/// under the pieces or over them, and where.
pub(super) fn drawing(pos: &Position, view: &View) -> Drawing {
    let flip = view.flipped;
    let mut out = Drawing::new();
    out.add(Layer::Ground, None, |out| {
        let _ = write!(
            out,
            r#"<rect width="{TOTAL}" height="{TOTAL}" fill="{FRAME}"/>"#
        );
    });
    let checked_king = pos.is_check().then(|| pos.king(pos.turn()));
    let on = |sq| {
        let (x, y) = corner(sq, flip);
        Some(Area {
            x,
            y,
            w: SQUARE,
            h: SQUARE,
        })
    };
    for sq in Square::all() {
        out.add(Layer::Base, on(sq), |out| square(out, sq, flip));
        let changed = match &view.marks {
            Some(marks) => marks.squares.contains(&sq),
            None => pos
                .previous()
                .is_some_and(|before| before.piece_at(sq) != pos.board().piece_at(sq)),
        };
        out.add(Layer::Under, on(sq), |out| {
            square_marks(out, sq, flip, changed, checked_king == Some(sq));
        });
    }
    let stroke = 2.0;
    let board = Area {
        x: FRAME_WIDTH - stroke,
        y: FRAME_WIDTH - stroke,
        w: 8.0 * SQUARE + 2.0 * stroke,
        h: 8.0 * SQUARE + 2.0 * stroke,
    };
    out.add(Layer::Base, Some(board), border);
    out.add(Layer::Base, None, |out| coordinates(out, flip));
    for sq in Square::all() {
        if let Some(piece) = pos.board().piece_at(sq) {
            let (x, y) = corner(sq, flip);
            out.add(Layer::Piece, on(sq), |out| {
                piece_shape(out, piece, x, y, 1.0)
            });
        }
    }
    for exit in view.marks.iter().flat_map(|m| &m.exits) {
        out.add(Layer::Over, None, |out| exit_mark(out, exit, flip));
    }
    // The pawn awaiting its owner's choice (docs/RULES.md §9.1): a ring.
    // Its stroke may reach past the square, so it gives no area.
    if let Some(sq) = pos.pending() {
        out.add(Layer::Over, None, |out| pending_ring(out, sq, flip));
    }
    out
}

/// The ring around the pawn awaiting its owner's choice, on `sq`.
pub(super) fn pending_ring(out: &mut String, sq: Square, flip: bool) {
    let (x, y) = corner(sq, flip);
    let _ = write!(
        out,
        r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{ARROW}" stroke-width="6"/>"#,
        x + SQUARE / 2.0,
        y + SQUARE / 2.0,
        SQUARE * 0.44
    );
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{png, png_view};
    use dynamo_core::Role;
    use dynamo_core::Rules;
    use resvg::tiny_skia;

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

    #[test]
    fn the_pawn_awaiting_its_owners_choice_is_ringed() {
        let rules: Rules = "nost,promotion=owner".parse().expect("rules");
        let pending =
            Position::from_fen("4P3/4r3/8/8/7k/8/8/K7 w - - 0 2", rules).expect("a position");
        let ring = r##"fill="none" stroke="#2e7d32" stroke-width="6""##;
        // e8 from White's side: the fifth column, the top row.
        let svg = svg(&pending);
        assert!(
            svg.contains(&format!(r#"<circle cx="435" cy="75" r="39.6" {ring}/>"#)),
            "{svg}"
        );
        let plain =
            Position::from_fen("4Q3/4r3/8/8/7k/8/8/K7 w - - 0 2", rules).expect("a position");
        assert!(!svg_view(&plain, &View::default()).contains(ring));
    }
}
