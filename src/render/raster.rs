//! The drawing's pixels, without drawing again what was drawn before
//! (the defect "19 ms of CPU a board"). resvg paints the parts one after
//! the other, each over what is there; a pixel's colour depends only on
//! the parts that touch it, in their order. So:
//!
//! - the base (ground, squares, border, coordinates: the same on every
//!   board seen from one side) is painted once a size and side and
//!   copied;
//! - where a mark lies under the pieces, the base and the marks that
//!   touch it are painted again, in their order, on a spare picture, and
//!   that area is copied over;
//! - each piece is painted over what lies under it the first time, and
//!   the pixels it changed are kept with the pixels it found: the next
//!   time the same piece on the same square finds the same pixels, the
//!   kept result is copied instead (the sprites);
//! - what lies over the pieces is painted over the picture as it stands.
//!
//! The result is the same picture, pixel for pixel, as painting the whole
//! drawing (a test compares them); a part whose area is not known makes
//! the whole drawing painted at once.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use resvg::{tiny_skia, usvg};

use super::board::{FRAME, RenderError};
use super::drawing::{Drawing, Layer, Part, TOTAL, header};

/// Pixels kept for pieces at most, before and after, all sizes together:
/// every piece on every square at the mail's size is about 12 MB.
const SPRITE_BYTES: usize = 24 << 20;

/// The results kept for one piece on one square: what lay under it can
/// differ (a plain square, a marked one, a king in check).
const VARIANTS: usize = 4;

/// The whole drawing painted at once.
pub(super) fn full(svg: &str, size_px: u32) -> Result<tiny_skia::Pixmap, RenderError> {
    let mut pixmap = tiny_skia::Pixmap::new(size_px, size_px).ok_or(RenderError::Size(size_px))?;
    paint(svg, &mut pixmap)?;
    Ok(pixmap)
}

/// Paints `svg` (a drawing of `TOTAL` units a side) over `pixmap`.
fn paint(svg: &str, pixmap: &mut tiny_skia::Pixmap) -> Result<(), RenderError> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|e| RenderError::Svg(e.to_string()))?;
    let scale = pixmap.width() as f32 / TOTAL;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(())
}

/// The drawing's pixels, as painting it whole would make them.
pub(super) fn rasterise(drawing: &Drawing, size_px: u32) -> Result<tiny_skia::Pixmap, RenderError> {
    let parts = drawing.parts();
    let layered = parts.first().is_some_and(|p| p.layer == Layer::Ground)
        && parts.iter().all(|p| match p.layer {
            // The first part only; the base may be anywhere.
            Layer::Ground => std::ptr::eq(p, &parts[0]),
            Layer::Base | Layer::Over => true,
            Layer::Under | Layer::Piece => p.area.is_some(),
        })
        && ordered(parts);
    if !layered {
        let mut svg = drawing.open_text().to_string();
        svg.push_str("</svg>");
        return full(&svg, size_px);
    }
    let mut pixmap = base(drawing, size_px)?;
    under(drawing, &mut pixmap)?;
    for part in parts.iter().filter(|p| p.layer == Layer::Piece) {
        piece(drawing.text_of(part), &mut pixmap)?;
    }
    if parts.iter().any(|p| p.layer == Layer::Over) {
        paint(&drawing.svg_of(|p| p.layer == Layer::Over), &mut pixmap)?;
    }
    Ok(pixmap)
}

/// Whether the layers come in their order: ground, base and marks under
/// the pieces mixed, the pieces, then what goes over them.
fn ordered(parts: &[Part]) -> bool {
    let rank = |p: &Part| match p.layer {
        Layer::Ground | Layer::Base | Layer::Under => 0,
        Layer::Piece => 1,
        Layer::Over => 2,
    };
    parts.windows(2).all(|w| rank(&w[0]) <= rank(&w[1]))
}

/// A picture of the ground filled with the frame's colour.
fn ground(size_px: u32) -> Result<tiny_skia::Pixmap, RenderError> {
    let mut pixmap = tiny_skia::Pixmap::new(size_px, size_px).ok_or(RenderError::Size(size_px))?;
    let [r, g, b] = rgb(FRAME);
    pixmap.fill(tiny_skia::Color::from_rgba8(r, g, b, u8::MAX));
    Ok(pixmap)
}

/// `#rrggbb` as three bytes.
fn rgb(hex: &str) -> [u8; 3] {
    let byte = |i: usize| {
        hex.get(1 + 2 * i..3 + 2 * i)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .unwrap_or(0)
    };
    [byte(0), byte(1), byte(2)]
}

/// The bases painted so far: (size, the base's SVG text) and its pixels.
static BASES: Mutex<Vec<(u32, String, tiny_skia::Pixmap)>> = Mutex::new(Vec::new());

/// The ground and base of `drawing`, painted once a size and side.
fn base(drawing: &Drawing, size_px: u32) -> Result<tiny_skia::Pixmap, RenderError> {
    let svg = drawing.svg_of(|p| p.layer == Layer::Base);
    let mut bases = BASES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, _, pixmap)) = bases.iter().find(|(s, t, _)| *s == size_px && *t == svg) {
        return Ok(pixmap.clone());
    }
    let mut pixmap = ground(size_px)?;
    paint(&svg, &mut pixmap)?;
    // Two sides at a size or two.
    if bases.len() >= 4 {
        bases.remove(0);
    }
    bases.push((size_px, svg, pixmap.clone()));
    Ok(pixmap)
}

/// The marks under the pieces: the base and marks that touch their areas
/// painted again in their order on a spare picture, and those areas
/// copied over `pixmap`.
fn under(drawing: &Drawing, pixmap: &mut tiny_skia::Pixmap) -> Result<(), RenderError> {
    let size_px = pixmap.width();
    // Two pixels around an area take in its anti-aliased edge.
    let areas: Vec<(u32, u32, u32, u32)> = drawing
        .parts()
        .iter()
        .filter(|p| p.layer == Layer::Under)
        .filter_map(|p| p.area.map(|a| a.pixels(size_px, 2)))
        .collect();
    if areas.is_empty() {
        return Ok(());
    }
    let meets = |part: &Part| {
        part.area.is_none_or(|a| {
            let (x0, y0, x1, y1) = a.pixels(size_px, 2);
            areas
                .iter()
                .any(|&(u0, v0, u1, v1)| x0 < u1 && u0 < x1 && y0 < v1 && v0 < y1)
        })
    };
    let svg = drawing.svg_of(|p| matches!(p.layer, Layer::Base | Layer::Under) && meets(p));
    let mut spare = ground(size_px)?;
    paint(&svg, &mut spare)?;
    for &area in &areas {
        let pixels = read(&spare, area);
        write(pixmap, area, &pixels);
    }
    Ok(())
}

/// A piece's sprite: the pixels it may touch, and what it made of the
/// pixels it found there.
struct Sprite {
    area: Option<(u32, u32, u32, u32)>,
    variants: Vec<(Vec<u8>, Vec<u8>)>,
}

/// The sprites: (size, the piece's SVG text, which places it on its
/// square) to its results.
static SPRITES: Mutex<Option<HashMap<(u32, String), Sprite>>> = Mutex::new(None);

/// How many pieces on squares have their sprite (for the tests: the
/// pictures compared were made from sprites).
#[cfg(test)]
pub(super) fn sprites() -> usize {
    SPRITES
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .as_ref()
        .map_or(0, |s| s.values().filter(|s| !s.variants.is_empty()).count())
}

/// Paints one piece (`text`, a part of the drawing) over `pixmap`, from
/// its sprite when the pixels under it are ones it was painted over
/// before.
fn piece(text: &str, pixmap: &mut tiny_skia::Pixmap) -> Result<(), RenderError> {
    let size_px = pixmap.width();
    let mut sprites = SPRITES.lock().unwrap_or_else(PoisonError::into_inner);
    let sprites = sprites.get_or_insert_with(HashMap::new);
    let key = (size_px, text.to_string());
    if !sprites.contains_key(&key) {
        let area = ink(text, size_px)?;
        let kept: usize = sprites
            .values()
            .flat_map(|s| &s.variants)
            .map(|(a, b)| a.len() + b.len())
            .sum();
        if kept > SPRITE_BYTES {
            sprites.clear();
        }
        sprites.insert(
            key.clone(),
            Sprite {
                area,
                variants: Vec::new(),
            },
        );
    }
    let Some(sprite) = sprites.get_mut(&key) else {
        return Ok(());
    };
    let Some(area) = sprite.area else {
        // It paints nothing.
        return Ok(());
    };
    let found = read(pixmap, area);
    if let Some((_, made)) = sprite.variants.iter().find(|(under, _)| *under == found) {
        write(pixmap, area, made);
        return Ok(());
    }
    let mut svg = header();
    svg.push_str(text);
    svg.push_str("</svg>");
    paint(&svg, pixmap)?;
    if sprite.variants.len() < VARIANTS {
        sprite.variants.push((found, read(pixmap, area)));
    }
    Ok(())
}

/// The pixels a piece touches: those it paints on an empty picture, and
/// one around them for what it paints too faintly to show there.
fn ink(text: &str, size_px: u32) -> Result<Option<(u32, u32, u32, u32)>, RenderError> {
    let mut svg = header();
    svg.push_str(text);
    svg.push_str("</svg>");
    let alone = full(&svg, size_px)?;
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (i, p) in alone.pixels().iter().enumerate() {
        if p.alpha() > 0 {
            let (x, y) = (i as u32 % size_px, i as u32 / size_px);
            (x0, y0) = (x0.min(x), y0.min(y));
            (x1, y1) = (x1.max(x + 1), y1.max(y + 1));
        }
    }
    Ok((x0 < x1).then(|| {
        (
            x0.saturating_sub(1),
            y0.saturating_sub(1),
            (x1 + 1).min(size_px),
            (y1 + 1).min(size_px),
        )
    }))
}

/// The bytes of an area, row by row.
fn read(pixmap: &tiny_skia::Pixmap, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> Vec<u8> {
    let stride = pixmap.width() as usize * 4;
    let (from, to) = (x0 as usize * 4, x1 as usize * 4);
    let mut out = Vec::with_capacity((to - from) * (y1 - y0) as usize);
    for row in pixmap
        .data()
        .chunks_exact(stride)
        .take(y1 as usize)
        .skip(y0 as usize)
    {
        out.extend_from_slice(&row[from..to]);
    }
    out
}

/// Writes an area's bytes, as [`read`] took them.
fn write(pixmap: &mut tiny_skia::Pixmap, (x0, y0, x1, y1): (u32, u32, u32, u32), bytes: &[u8]) {
    let stride = pixmap.width() as usize * 4;
    let (from, to) = (x0 as usize * 4, x1 as usize * 4);
    let rows = pixmap
        .data_mut()
        .chunks_exact_mut(stride)
        .take(y1 as usize)
        .skip(y0 as usize);
    for (row, bytes) in rows.zip(bytes.chunks_exact(to - from)) {
        row[from..to].copy_from_slice(bytes);
    }
}
