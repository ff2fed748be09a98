//! Text board diagrams for terminals and plain-text mail.

use dynamo_core::castling::CastlingSide;
use dynamo_core::color::Color;
use dynamo_core::position::Position;
use dynamo_core::square::Square;

/// How pieces are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    /// Chess symbols (♔ ♚ …) on `·` squares.
    Unicode,
    /// FEN letters on `.` squares: safe in any font and any mail client.
    Ascii,
}

/// The board from White's side, files and ranks labelled.
pub fn board(pos: &Position, charset: Charset) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            let sq = Square::new(file, rank).expect("on the board");
            let c = match (pos.board().piece_at(sq), charset) {
                (Some(p), Charset::Unicode) => p.symbol(),
                (Some(p), Charset::Ascii) => p.char(),
                (None, Charset::Unicode) => '·',
                (None, Charset::Ascii) => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out
}

/// Castling rights in words: `White: O-O, O-O-O (rook h1 now on h3)`.
pub fn castling_summary(pos: &Position) -> String {
    let castling = pos.castling();
    let mut parts = Vec::new();
    for color in Color::ALL {
        let mut sides = Vec::new();
        for side in CastlingSide::ALL {
            if !castling.has(color, side) {
                continue;
            }
            let mut text = side.notation().to_string();
            let mut away = Vec::new();
            if let Some(at) = castling
                .king(color)
                .filter(|&at| at != CastlingSide::king_home(color))
            {
                away.push(format!("king now on {at}"));
            }
            if let Some(at) = castling
                .rook(color, side)
                .filter(|&at| at != side.rook_home(color))
            {
                away.push(format!("rook {} now on {at}", side.rook_home(color)));
            }
            if !away.is_empty() {
                text.push_str(&format!(" ({})", away.join(", ")));
            }
            sides.push(text);
        }
        let rights = if sides.is_empty() {
            "none".to_string()
        } else {
            sides.join(", ")
        };
        parts.push(format!("{}: {}", color.title(), rights));
    }
    parts.join("; ")
}
