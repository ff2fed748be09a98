//! The board's SVG as a list of parts in the order they are drawn, each
//! with its layer and the area it may paint, so that the picture can be
//! made without drawing again what every board shares (`raster.rs`): the
//! squares, frame and coordinates of one side (the base), the marks under
//! the pieces, each piece, and what is drawn over them. A part added to
//! the drawing says its layer and area; a part whose area is not known
//! (`None`) may paint anywhere and is drawn as such, which is always
//! right and only slower.

use std::fmt::Write;
use std::ops::Range;

/// Units of the drawing: the board is 8 × 90 units with a 30-unit frame
/// that carries the coordinates.
pub(super) const SQUARE: f32 = 90.0;
pub(super) const FRAME_WIDTH: f32 = 30.0;
pub(super) const TOTAL: f32 = 8.0 * SQUARE + 2.0 * FRAME_WIDTH;

/// Where a part belongs in the picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Layer {
    /// The frame's colour over the whole picture, first.
    Ground,
    /// The same on every board seen from one side: squares, border,
    /// coordinates.
    Base,
    /// Drawn before the pieces and not on every board: the last move's
    /// squares, a king in check.
    Under,
    /// One piece on the board, painting only inside its square.
    Piece,
    /// Drawn over the pieces: a piece that left the board, its arrow.
    Over,
}

/// A rectangle of the drawing, in its units (`TOTAL` a side).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Area {
    pub(super) x: f32,
    pub(super) y: f32,
    pub(super) w: f32,
    pub(super) h: f32,
}

impl Area {
    /// The pixels of a `size_px` picture this area may touch: its
    /// rectangle rounded out, with `margin` pixels around for the
    /// anti-aliasing of edges, within the picture. `(x0, y0, x1, y1)`,
    /// the ends excluded.
    pub(super) fn pixels(&self, size_px: u32, margin: u32) -> (u32, u32, u32, u32) {
        let scale = size_px as f32 / TOTAL;
        let low = |v: f32| ((v * scale).floor().max(0.0) as u32).saturating_sub(margin);
        let high = |v: f32| ((v * scale).ceil().max(0.0) as u32 + margin).min(size_px);
        (
            low(self.x),
            low(self.y),
            high(self.x + self.w),
            high(self.y + self.h),
        )
    }
}

/// One part: its text in the drawing, its layer and area.
#[derive(Debug, Clone)]
pub(super) struct Part {
    pub(super) text: Range<usize>,
    pub(super) layer: Layer,
    pub(super) area: Option<Area>,
}

/// The drawing: the SVG text and its parts.
#[derive(Debug, Clone)]
pub(super) struct Drawing {
    text: String,
    parts: Vec<Part>,
}

impl Drawing {
    /// An empty drawing of `TOTAL` units a side.
    pub(super) fn new() -> Drawing {
        Drawing {
            text: header(),
            parts: Vec::new(),
        }
    }

    /// Adds what `write` writes as one part; nothing when it writes
    /// nothing.
    pub(super) fn add(
        &mut self,
        layer: Layer,
        area: Option<Area>,
        write: impl FnOnce(&mut String),
    ) {
        let start = self.text.len();
        write(&mut self.text);
        if self.text.len() > start {
            self.parts.push(Part {
                text: start..self.text.len(),
                layer,
                area,
            });
        }
    }

    pub(super) fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// The text of one part.
    pub(super) fn text_of(&self, part: &Part) -> &str {
        &self.text[part.text.clone()]
    }

    /// The whole drawing as SVG text, without its closing tag.
    pub(super) fn open_text(&self) -> &str {
        &self.text
    }

    /// A drawing of the parts `keep` keeps, in their order, as SVG text.
    pub(super) fn svg_of(&self, keep: impl Fn(&Part) -> bool) -> String {
        let mut out = header();
        for part in self.parts.iter().filter(|p| keep(p)) {
            out.push_str(self.text_of(part));
        }
        out.push_str("</svg>");
        out
    }

    /// The whole drawing as SVG text.
    pub(super) fn into_svg(self) -> String {
        let mut text = self.text;
        text.push_str("</svg>");
        text
    }
}

/// The opening tag every drawing and every partial drawing shares, so
/// that each part lands on the same pixels in both.
pub(super) fn header() -> String {
    let mut out = String::new();
    // `write!` to a String cannot fail.
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{TOTAL}" height="{TOTAL}" viewBox="0 0 {TOTAL} {TOTAL}">"#
    );
    out
}
