//! A move's label: `12.` for White's move, `12...` for Black's, the one
//! way a move is numbered wherever it is shown (the record, a notice, a
//! verdict, the overview, a reply).

use dynamo_core::Color;

/// `12.` for White's move `number`, `12...` for Black's.
pub fn move_label(number: u32, mover: Color) -> String {
    match mover {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}..."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_takes_one_dot_and_black_three() {
        assert_eq!(move_label(12, Color::White), "12.");
        assert_eq!(move_label(12, Color::Black), "12...");
    }
}
