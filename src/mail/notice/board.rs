//! The board picture a player's mail carries: from their side, the last
//! move marked. Drawn here only, for the notice and the answer alike.

use dynamo_core::Color;

use super::facts::Notice;
use super::picture::marks;
use crate::render::{self, BOARD_PX, RenderError, View};

impl Notice {
    /// The board as the player of `side` sees it, as a PNG: from their
    /// side, the last move marked. The one drawing of the position that
    /// every mail to a player carries, notice and answer alike.
    pub fn picture(&self, side: Color) -> Result<Vec<u8>, RenderError> {
        let view = View {
            flipped: side == Color::Black,
            marks: self
                .replayed
                .last
                .as_ref()
                .map(|(before, mv)| marks(before, mv)),
        };
        render::png_view(&self.position, BOARD_PX, &view)
    }
}
