//! How a player answers a notice, as the notice says it: one move,
//! anywhere in their own words (the same move twice counts once), or one
//! of a few phrases, which may stand in a sentence too (`I resign`); a
//! move with `offer draw` offers a draw with it. The phrases are defined
//! here only; the notices print them, and the reader of replies (the
//! inbox) resolves what it finds against the game's legal moves. The
//! examples a notice gives are legal in the position it shows.

use dynamo_core::{Color, Move, Position, notation};

use super::facts::Notice;
use crate::game::Language;
use crate::mail::messages::{self, Args};

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
/// `side`, in `language`: two short lines, with examples legal in
/// `position`; `None` once the game is over. The phrases stay as this
/// module defines them, which the reader of replies reads in every
/// language.
fn how_to_reply(
    language: Language,
    position: &Position,
    side: Color,
    opponent: &str,
    draw_offer: Option<Color>,
    over: bool,
) -> Option<Vec<String>> {
    if over {
        return None;
    }
    let say = |id: &str, args: Args| messages::say(language, id, &args);
    let phrases = |id: &str| {
        say(
            id,
            Args::new()
                .text("accept", ACCEPT_DRAW)
                .text("decline", DECLINE_DRAW)
                .text("offer", OFFER_DRAW)
                .text("resign", RESIGN)
                .text("opponent", opponent),
        )
    };
    let phrases = match draw_offer {
        Some(by) if by != side => phrases("phrases-answer-offer"),
        Some(_) => phrases("phrases-resign"),
        None => phrases("phrases-offer"),
    };
    Some(if position.turn() == side {
        let first = match examples(position).as_slice() {
            [] => say("reply-move", Args::new()),
            [one] => say("reply-move-example", Args::new().text("move", one.as_str())),
            [plain, shove, ..] => say(
                "reply-move-examples",
                Args::new()
                    .text("move", plain.as_str())
                    .text("shove", shove.as_str()),
            ),
        };
        vec![first, say("reply-or", Args::new().text("phrases", phrases))]
    } else {
        vec![
            say("reply-later", Args::new().text("opponent", opponent)),
            say("reply-meanwhile", Args::new().text("phrases", phrases)),
        ]
    })
}

impl Notice {
    /// How to reply, for the player of `side`, ending with where replies
    /// go (`reply_to`, in words).
    pub(crate) fn reply_lines(&self, side: Color, reply_to: &str) -> Vec<String> {
        let opponent = self.name(!side);
        match how_to_reply(
            self.language,
            &self.position,
            side,
            &opponent,
            self.draw_offer,
            self.ending.is_some(),
        ) {
            Some(mut lines) => {
                lines.push(self.say("replies-go", &Args::new().text("to", reply_to)));
                lines
            }
            None => vec![self.say("reply-none", &Args::new())],
        }
    }
}

/// Two of the player's legal moves, as notation shows them: a plain move
/// and a push or pull (the first that exists of a push and a pull) whose
/// mover moves, each keeping every piece on the board and ending nearest
/// the centre; fewer
/// when the position has none of a kind.
pub(crate) fn examples(position: &Position) -> Vec<String> {
    let moves = position.legal_moves();
    let kinds: [fn(&Move) -> bool; 3] = [
        |m| matches!(m, Move::Plain { to: Some(_), .. }),
        |m| matches!(m, Move::Push(s) if s.to.is_some_and(|to| to != s.from) && s.target_to.is_some()),
        |m| matches!(m, Move::Pull(s) if s.to.is_some_and(|to| to != s.from) && s.target_to.is_some()),
    ];
    // Twice the distance from the centre, in king steps.
    let off_centre = |m: &&Move| {
        let sq = m.shove().and_then(|s| s.target_to).or(m.to());
        sq.map_or(99, |sq| {
            let d = |x: u8| (2 * i16::from(x) - 7).abs();
            d(sq.file()).max(d(sq.rank()))
        })
    };
    let mut found = kinds
        .iter()
        .map(|kind| moves.iter().filter(|m| kind(m)).min_by_key(off_centre));
    let plain = found.next().flatten();
    let shove = found.flatten().next();
    plain
        .into_iter()
        .chain(shove)
        .map(notation::format)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dynamo_core::{Rules, parse_move};

    #[test]
    fn the_player_to_move_is_told_what_a_reply_may_say_with_legal_examples() {
        let pos = Position::startpos(Rules::NOST);
        assert_eq!(
            how_to_reply(Language::English, &pos, Color::White, "Bob", None, false)
                .expect("ongoing"),
            [
                "Reply with one move, alone or in a sentence, for example \"d2d4\" or \
                 \"I play Qd1d2/d2d4\".",
                "Or write \"offer draw\" (alone or with your move), or \"resign\".",
            ]
        );
        assert_eq!(
            how_to_reply(
                Language::English,
                &pos,
                Color::Black,
                "Alice",
                Some(Color::White),
                false
            )
            .expect("ongoing"),
            [
                "When Alice has moved, reply to that notice with one move, alone or in a \
                 sentence.",
                "Meanwhile you may write \"accept draw\" or \"decline draw\" (Alice offers a \
                 draw), or \"resign\".",
            ]
        );
        let own_offer = how_to_reply(
            Language::English,
            &pos,
            Color::White,
            "Bob",
            Some(Color::White),
            false,
        )
        .expect("ongoing");
        assert_eq!(own_offer[1], "Or write \"resign\".");
        assert!(how_to_reply(Language::English, &pos, Color::White, "Bob", None, true).is_none());
    }

    /// Over random games, every example a notice gives is a legal move in
    /// the position it shows, written as the notice writes it, and a plain
    /// move and a push or pull are both shown whenever the position has
    /// them.
    #[test]
    fn every_example_is_legal_in_the_position_shown() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut checked = 0;
        for _game in 0..40 {
            let mut pos = Position::startpos(Rules::NOST);
            for _ply in 0..60 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let shown = examples(&pos);
                let lines = how_to_reply(Language::English, &pos, pos.turn(), "Them", None, false)
                    .expect("ongoing");
                for text in &shown {
                    let m = parse_move(&pos, text)
                        .unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.to_fen()));
                    assert_eq!(&notation::format(&m), text);
                    let quoted = [format!("\"{text}\""), format!("\"I play {text}\"")];
                    assert!(quoted.iter().any(|q| lines[0].contains(q)), "{}", lines[0]);
                    checked += 1;
                }
                let has_plain = legal
                    .iter()
                    .any(|m| matches!(m, Move::Plain { to: Some(_), .. }));
                let has_shove = legal.iter().any(|m| {
                    m.shove().is_some_and(|s| {
                        s.to.is_some_and(|to| to != s.from) && s.target_to.is_some()
                    })
                });
                let plain_shown = shown.iter().filter(|t| !t.contains('/')).count();
                assert_eq!(plain_shown, usize::from(has_plain), "{shown:?}");
                assert_eq!(
                    shown.len() - plain_shown,
                    usize::from(has_shove),
                    "{shown:?}"
                );
                pos = pos.play(&legal[next(legal.len())]).expect("a legal move");
            }
        }
        assert!(checked > 2000, "only {checked} examples checked");
    }
}
