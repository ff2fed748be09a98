//! How a player answers a notice: the move on the first line of the
//! reply, or one of a few fixed phrases. The phrases are defined here
//! only; the notices print them, and the reader of replies (the inbox)
//! must accept exactly these, alone on the first line, in any case.

use dynamo_core::{Color, Move, Position, notation};

use super::facts::Notice;

/// Resigns the game.
pub const RESIGN: &str = "resign";
/// Offers a draw; it stands until the opponent answers or moves.
pub const OFFER_DRAW: &str = "offer draw";
/// Accepts the opponent's standing draw offer: the game is drawn.
pub const ACCEPT_DRAW: &str = "accept draw";
/// Declines the opponent's standing draw offer.
pub const DECLINE_DRAW: &str = "decline draw";

/// Every phrase, for the reader of replies.
pub const PHRASES: [&str; 4] = [RESIGN, OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW];

/// The lines of a notice that say how to reply, for the player of
/// `side`; `None` once the game is over.
fn how_to_reply(
    position: &Position,
    side: Color,
    opponent: &str,
    draw_offer: Option<Color>,
    over: bool,
) -> Option<Vec<String>> {
    if over {
        return None;
    }
    let mut lines = Vec::new();
    if position.turn() == side {
        lines.push("Reply to this message with your move on the first line.".to_string());
        let examples = examples(position);
        if !examples.is_empty() {
            lines.push(format!(
                "Write it in NOST notation, for example: {}.",
                examples.join(", ")
            ));
        }
    } else {
        let examples = match side {
            Color::White => "e2e4, Ng1f3, Qd1d3/d2d6",
            Color::Black => "e7e5, Ng8f6, Qd8d6/d7d3",
        };
        lines.push(format!(
            "When {opponent} has moved, reply to that notice with your move on the first line \
             (NOST notation, e.g. {examples})."
        ));
    }
    lines.push("Or write one of these alone on the first line:".to_string());
    lines.push(format!("  {RESIGN:<13} to resign the game"));
    match draw_offer {
        Some(by) if by != side => {
            lines.push(format!(
                "  {ACCEPT_DRAW:<13} to accept {opponent}'s draw offer"
            ));
            lines.push(format!("  {DECLINE_DRAW:<13} to decline it"));
        }
        Some(_) => {}
        None => lines.push(format!("  {OFFER_DRAW:<13} to offer a draw")),
    }
    Some(lines)
}

impl Notice {
    /// How to reply, for the player of `side`, ending with where replies
    /// go (`reply_to`, in words).
    pub(crate) fn reply_lines(&self, side: Color, reply_to: &str) -> Vec<String> {
        let opponent = self.name(!side);
        match how_to_reply(
            &self.position,
            side,
            &opponent,
            self.draw_offer,
            self.ending.is_some(),
        ) {
            Some(mut lines) => {
                lines.push(format!("Replies go to {reply_to}."));
                lines
            }
            None => vec!["The game is over: no reply is needed.".to_string()],
        }
    }
}

/// Up to three of the player's legal moves, as notation shows them: a
/// plain move, a push and a pull that keep every piece on the board,
/// each the one that ends nearest the centre.
fn examples(position: &Position) -> Vec<String> {
    let moves = position.legal_moves();
    let kinds: [fn(&Move) -> bool; 3] = [
        |m| matches!(m, Move::Plain { to: Some(_), .. }),
        |m| matches!(m, Move::Push(s) if s.to.is_some() && s.target_to.is_some()),
        |m| matches!(m, Move::Pull(s) if s.to.is_some() && s.target_to.is_some()),
    ];
    // Twice the distance from the centre, in king steps.
    let off_centre = |m: &&Move| {
        let sq = m.shove().and_then(|s| s.target_to).or(m.to());
        sq.map_or(99, |sq| {
            let d = |x: u8| (2 * i16::from(x) - 7).abs();
            d(sq.file()).max(d(sq.rank()))
        })
    };
    kinds
        .iter()
        .filter_map(|kind| moves.iter().filter(|m| kind(m)).min_by_key(off_centre))
        .map(notation::format)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dynamo_core::Rules;

    #[test]
    fn the_player_to_move_is_told_to_move_with_examples() {
        let pos = Position::startpos(Rules::NOST);
        let lines = how_to_reply(&pos, Color::White, "Bob", None, false).expect("ongoing");
        assert_eq!(
            lines[0],
            "Reply to this message with your move on the first line."
        );
        assert!(
            lines[1].contains('/'),
            "a push among the examples: {}",
            lines[1]
        );
        assert!(lines.iter().any(|l| l.trim_start().starts_with("resign ")));
        assert!(
            lines
                .iter()
                .any(|l| l.trim_start().starts_with("offer draw "))
        );
        let bob =
            how_to_reply(&pos, Color::Black, "Alice", Some(Color::White), false).expect("ongoing");
        assert!(bob[0].starts_with("When Alice has moved"), "{}", bob[0]);
        assert!(bob.iter().any(|l| l.contains("accept draw")));
        assert!(!bob.iter().any(|l| l.contains("offer draw")));
        assert!(how_to_reply(&pos, Color::White, "Bob", None, true).is_none());
    }
}
