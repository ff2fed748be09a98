//! The drawing made a PNG, cheaply (the defect "19 ms of CPU a board"):
//! painted without painting again what every board shares (`raster.rs`),
//! then encoded as opaque RGB with the
//! PNG encoder's fast compression and the Paeth filter, which on a board
//! takes about a tenth of the time of tiny-skia's RGBA encoding at the
//! default level for a file half again as large (about 37 kB at 480
//! px). An indexed palette would lose colours: the anti-aliased edges of
//! one board make 400 to 650 of them. The same drawing at the same size
//! is encoded once: the last few pictures are kept, keyed by the whole
//! SVG text, so that every mail of one position and side in a run (the
//! notice, the answer, the digest) draws it once.

use std::sync::{Mutex, PoisonError};

use resvg::tiny_skia;

use dynamo_core::Position;

use super::board::{MAX_SIZE, MIN_SIZE, RenderError, View, drawing};
use super::drawing::Drawing;
use super::raster;

/// Pictures kept: a run's notices of one move are a few pictures.
const KEPT: usize = 8;

/// The last pictures drawn, the newest last: (size, SVG text, PNG).
static RECENT: Mutex<Vec<(u32, String, Vec<u8>)>> = Mutex::new(Vec::new());

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
    png_of(&drawing(pos, view), size_px)
}

/// The drawing as a square PNG of `size_px` pixels a side.
fn png_of(drawing: &Drawing, size_px: u32) -> Result<Vec<u8>, RenderError> {
    let svg = drawing.open_text();
    {
        let mut recent = RECENT.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(i) = recent
            .iter()
            .position(|(size, text, _)| *size == size_px && text == svg)
        {
            let hit = recent.remove(i);
            let png = hit.2.clone();
            recent.push(hit);
            return Ok(png);
        }
    }
    let png = encode(&raster::rasterise(drawing, size_px)?)?;
    let mut recent = RECENT.lock().unwrap_or_else(PoisonError::into_inner);
    if recent.len() >= KEPT {
        recent.remove(0);
    }
    recent.push((size_px, svg.to_string(), png.clone()));
    Ok(png)
}

/// The pixels as PNG: RGB when every pixel is opaque (the frame covers
/// the whole picture), else RGBA, never a changed pixel.
pub(super) fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    let opaque = pixmap.pixels().iter().all(|p| p.alpha() == u8::MAX);
    let (color, data): (png::ColorType, Vec<u8>) = if opaque {
        // Premultiplied by an alpha of 255 is the colour itself.
        let rgb = pixmap
            .pixels()
            .iter()
            .flat_map(|p| [p.red(), p.green(), p.blue()])
            .collect();
        (png::ColorType::Rgb, rgb)
    } else {
        (png::ColorType::Rgba, pixmap.clone().take_demultiplied())
    };
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    // Paeth suits a board: most rows repeat the one above, and the
    // squares' edges predict well; 37 kB where no filter makes 690 kB.
    encoder.set_filter(png::Filter::Paeth);
    let encoded = encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(&data));
    encoded.map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::marks;
    use dynamo_core::{Position, Rules, parse_move};

    fn pixels(png: &[u8]) -> Vec<u8> {
        tiny_skia::Pixmap::decode_png(png)
            .expect("a PNG")
            .data()
            .to_vec()
    }

    /// The moves of the sample game (pushes and pulls, pieces off the
    /// board, a promotion, checks and the mate).
    fn sample_moves() -> Vec<String> {
        let text = include_str!("../../games/sample.pgn");
        let movetext = text.split("\n\n").nth(1).expect("the moves");
        let mut moves = Vec::new();
        let mut in_comment = false;
        for word in movetext.split_whitespace() {
            if in_comment || word.starts_with('{') {
                in_comment = !word.ends_with('}');
                continue;
            }
            if !word.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
                moves.push(word.to_string());
            }
        }
        moves
    }

    /// Every position of the sample game, from both sides, with the last
    /// move marked: the new PNG's pixels are the old encoder's (tiny-skia's
    /// RGBA PNG of the same drawing), byte for byte.
    #[test]
    fn the_pictures_are_the_old_encoders_pixel_for_pixel() {
        let mut pos = Position::startpos(Rules::NOST);
        let mut drawn = 0;
        for (ply, text) in sample_moves().iter().enumerate() {
            let mv = parse_move(&pos, text).expect("a legal move of the sample");
            let after = pos.play(&mv).expect("legal");
            let view = View {
                flipped: ply % 2 == 1,
                marks: Some(marks(&pos, &mv)),
            };
            let drawing = drawing(&after, &view);
            let size = if ply % 5 == 0 { 131 } else { 480 };
            let old = raster::full(&drawing.clone().into_svg(), size)
                .expect("drawn")
                .encode_png()
                .expect("encoded");
            let new = png_of(&drawing, size).expect("drawn");
            assert_eq!(pixels(&new), pixels(&old), "after {text}");
            drawn += 1;
            pos = after;
        }
        assert_eq!(drawn, 77);
        assert!(
            raster::sprites() > 32,
            "the pieces were painted from sprites"
        );
    }
}
