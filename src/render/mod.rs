//! The board as a picture: an SVG drawn here, from either side, with
//! pieces and coordinates made of vector shapes (no fonts, no image
//! files), rasterised to PNG with resvg. A [`View`] says whose side is at
//! the bottom and how the last move is marked: the squares it touched
//! (a mover that stayed where it was included) and, for each piece that
//! left the board, a faint copy of it where it stood and an arrow to the
//! edge it left by.
//!
//! ```
//! use dynamo::render;
//! use dynamo_core::{Position, Rules};
//!
//! let png = render::png(&Position::startpos(Rules::NOST), 240).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod board;
pub mod diagram;
mod drawing;
mod last_move;
mod picture;
mod raster;
mod shapes;
mod web;

pub use board::{BOARD_PX, Departure, MAX_SIZE, MIN_SIZE, Marks, RenderError, View, svg, svg_view};
pub use last_move::{exits, marks};
pub use picture::{png, png_view};
pub use web::{web_board, web_defs};
