//! Text board diagrams for terminals and plain-text mail.

use dynamo_core::CastlingSide;
use dynamo_core::Color;
use dynamo_core::Position;
use dynamo_core::Square;

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
    board_from(pos, charset, Color::White)
}

/// The board with `side` at the bottom (Black's copy reads h to a, rank 1
/// at the top), files and ranks labelled.
pub fn board_from(pos: &Position, charset: Charset, side: Color) -> String {
    let (ranks, files): (Vec<i8>, Vec<i8>) = match side {
        Color::White => ((0..8).rev().collect(), (0..8).collect()),
        Color::Black => ((0..8).collect(), (0..8).rev().collect()),
    };
    let mut out = String::new();
    for &rank in &ranks {
        out.push_str(&format!("{} ", rank + 1));
        for &file in &files {
            let c = match (
                Square::new(file, rank).and_then(|sq| pos.board().piece_at(sq)),
                charset,
            ) {
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
    out.push_str("  ");
    for &file in &files {
        out.push(' ');
        out.push(char::from(b'a' + file as u8));
    }
    out.push('\n');
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

#[cfg(test)]
mod tests {
    use super::*;
    use dynamo_core::Rules;

    #[test]
    fn each_side_sees_its_own_pieces_at_the_bottom() {
        let pos = Position::startpos(Rules::NOST);
        let white = board_from(&pos, Charset::Ascii, Color::White);
        let black = board_from(&pos, Charset::Ascii, Color::Black);
        assert!(white.starts_with("8  r n b q k b n r\n"), "{white}");
        assert!(
            white.ends_with("1  R N B Q K B N R\n   a b c d e f g h\n"),
            "{white}"
        );
        assert!(black.starts_with("1  R N B K Q B N R\n"), "{black}");
        assert!(
            black.ends_with("8  r n b k q b n r\n   h g f e d c b a\n"),
            "{black}"
        );
    }
}
