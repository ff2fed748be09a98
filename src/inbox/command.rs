//! The player's command, read from their own text: a move in any notation
//! `dynamo` reads, optionally numbered, or one of the reply phrases.
//!
//! The rule (README, "What a reply may say"):
//! - Only whole lines count. A line is a command when, with its blanks
//!   trimmed, it is one of the phrases of [`reply`] (any case, blanks
//!   between the words evened out, a trailing `.`, `!`, `,` or `;`
//!   allowed), or a move that [`Notation::read`] reads, perhaps with its
//!   move number before it (`23. Nf3`, `23... Nf3`, `23.Nf3`, `23…Nf3`)
//!   and a trailing `.`, `,` or `;`. A pair of `*`, `_`, or quotes
//!   around the line, as a mail program writes bold text, is taken off
//!   first, and dashes (`O–O`, `P—K4`) read as `-`.
//! - Every other line (a greeting, thanks, a name) is passed over, so a
//!   chatty reply still reads. To keep a name or a word from reading as a
//!   move, a move must name a square (have a digit in it) unless it is a
//!   castling: `Ben` or `Be` is not read as a bishop leaving the board;
//!   such a move is written with its square, `Bf1E`.
//! - The lines may hold one command, or a move and, on a later line,
//!   `offer draw`; the same command twice counts once. Anything more, two
//!   moves or two different commands, is [`CommandError::Unclear`], and
//!   nothing is done: a guess could play a move the player did not mean.

use dynamo_core::{Color, Notation};
use thiserror::Error;

use crate::mail::notice::reply;

/// What a player asks for in a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A move, as written (its number removed), and whether a draw is
    /// offered with it.
    Move {
        text: String,
        /// The move number written before it, and whether it was written
        /// as Black's (`23...`).
        number: Option<(u32, bool)>,
        offer_draw: bool,
    },
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum CommandError {
    #[error("no move or command was found in the mail")]
    Missing,
    /// Two different commands, or two moves.
    #[error("the mail is unclear: {0}")]
    Unclear(String),
}

/// Lines longer than this are never commands: the longest move text is
/// about twenty characters.
const MAX_COMMAND_LINE: usize = 64;

/// The most lines looked at.
const MAX_LINES: usize = 20_000;

/// One line that is a command, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Found {
    /// The line, trimmed, for an unclear mail's message.
    line: String,
    command: Command,
}

/// Reads the command from the player's own text (see the module's rule).
pub fn read_command(text: &str) -> Result<Command, CommandError> {
    let mut seen: Vec<Command> = Vec::new();
    let mut command: Option<Found> = None;
    for line in text.lines().take(MAX_LINES) {
        let Some(found) = command_line(line) else {
            continue;
        };
        if seen.contains(&found.command) {
            continue;
        }
        seen.push(found.command.clone());
        command = Some(match command {
            None => found,
            Some(first) => combine(first, found)?,
        });
    }
    command.map(|f| f.command).ok_or(CommandError::Missing)
}

/// A move and then `offer draw`; anything else is unclear.
fn combine(first: Found, then: Found) -> Result<Found, CommandError> {
    match (first.command, then.command) {
        (
            Command::Move {
                text,
                number,
                offer_draw: false,
            },
            Command::OfferDraw,
        ) => Ok(Found {
            line: first.line,
            command: Command::Move {
                text,
                number,
                offer_draw: true,
            },
        }),
        (Command::Move { .. }, Command::Move { .. }) => Err(CommandError::Unclear(format!(
            "two moves: {} and {}",
            first.line, then.line
        ))),
        (Command::OfferDraw, Command::Move { .. }) => Err(CommandError::Unclear(format!(
            "{} comes before the move {}: write the move first, and {} on a line after it",
            reply::OFFER_DRAW,
            then.line,
            reply::OFFER_DRAW
        ))),
        _ => Err(CommandError::Unclear(format!(
            "two commands: {} and {}",
            first.line, then.line
        ))),
    }
}

/// The command a whole line says, if it says one.
fn command_line(line: &str) -> Option<Found> {
    let line = unwrap_emphasis(line.trim());
    if line.is_empty() || line.len() > MAX_COMMAND_LINE {
        return None;
    }
    let command = phrase(line).or_else(|| written_move(line))?;
    Some(Found {
        line: line.to_string(),
        command,
    })
}

/// `*e4*`, `_e4_`, `"e4"`, `“e4”`, `'e4'`: the text inside.
fn unwrap_emphasis(line: &str) -> &str {
    const PAIRS: [(char, char); 6] = [
        ('*', '*'),
        ('_', '_'),
        ('"', '"'),
        ('\'', '\''),
        ('“', '”'),
        ('‘', '’'),
    ];
    PAIRS
        .iter()
        .find_map(|&(open, close)| {
            line.strip_prefix(open)
                .and_then(|l| l.strip_suffix(close))
                .map(str::trim)
        })
        .unwrap_or(line)
}

fn phrase(line: &str) -> Option<Command> {
    let words: Vec<&str> = line
        .trim_end_matches(['.', '!', ',', ';'])
        .split_whitespace()
        .collect();
    let said = words.join(" ").to_lowercase();
    match said.as_str() {
        reply::RESIGN => Some(Command::Resign),
        reply::OFFER_DRAW => Some(Command::OfferDraw),
        reply::ACCEPT_DRAW => Some(Command::AcceptDraw),
        reply::DECLINE_DRAW => Some(Command::DeclineDraw),
        _ => None,
    }
}

fn written_move(line: &str) -> Option<Command> {
    let line: String = line
        .trim_end_matches(['.', ',', ';'])
        .trim_end()
        .chars()
        .map(|c| match c {
            '‐' | '‑' | '‒' | '–' | '—' | '−' => '-',
            c => c,
        })
        .collect();
    let (number, notation) = Notation::read(&line).ok()?;
    let text = match number {
        Some(_) => without_number(&line),
        None => line.trim(),
    };
    let castle = matches!(notation, Notation::Castle(_));
    if !castle && !text.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(Command::Move {
        text: text.to_string(),
        number: number.map(|n| (n.number, n.side == Color::Black)),
        offer_draw: false,
    })
}

/// The move after its number, as `Notation::read` skips it: the digits,
/// then `...`, `…` or `.`, then blanks.
fn without_number(line: &str) -> &str {
    let rest = line
        .trim_start()
        .trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = rest
        .strip_prefix("...")
        .or_else(|| rest.strip_prefix('…'))
        .or_else(|| rest.strip_prefix('.'))
        .unwrap_or(rest);
    rest.trim()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn move_(text: &str, number: Option<(u32, bool)>, offer_draw: bool) -> Command {
        Command::Move {
            text: text.to_string(),
            number,
            offer_draw,
        }
    }

    #[test]
    fn a_move_in_every_notation_reads_as_written() {
        for text in [
            "e2e4",
            "Qd1d3/d2d6",
            "Bf1/g2E",
            "4143/4246",
            "P-K4",
            "Nf3",
            "O-O",
            "e8=Q+",
        ] {
            assert_eq!(read_command(text), Ok(move_(text, None, false)), "{text}");
        }
        assert_eq!(read_command("  O–O.  "), Ok(move_("O-O", None, false)));
        assert_eq!(read_command("*Nf3*"), Ok(move_("Nf3", None, false)));
    }

    #[test]
    fn a_move_number_is_read_apart_from_the_move() {
        for (text, number) in [
            ("23. Nf3", (23, false)),
            ("23.Nf3", (23, false)),
            ("23... Nf3", (23, true)),
            ("23...Nf3", (23, true)),
            ("23… Nf3", (23, true)),
        ] {
            assert_eq!(
                read_command(text),
                Ok(move_("Nf3", Some(number), false)),
                "{text}"
            );
        }
    }

    #[test]
    fn phrases_in_any_case_with_trailing_punctuation() {
        assert_eq!(read_command("Resign."), Ok(Command::Resign));
        assert_eq!(read_command("  OFFER   draw!"), Ok(Command::OfferDraw));
        assert_eq!(read_command("Accept draw"), Ok(Command::AcceptDraw));
        assert_eq!(read_command("decline draw,"), Ok(Command::DeclineDraw));
        assert_eq!(read_command("I resign"), Err(CommandError::Missing));
    }

    #[test]
    fn chatty_lines_are_passed_over() {
        let text = "Hi Bob,\n\nNice try. Here is mine:\n\n12... Qd8/d7d5\n\nThanks!\nBen\n";
        assert_eq!(
            read_command(text),
            Ok(move_("Qd8/d7d5", Some((12, true)), false))
        );
        assert_eq!(
            read_command("Hi Bob,\nThanks!\n"),
            Err(CommandError::Missing)
        );
        assert_eq!(read_command(""), Err(CommandError::Missing));
    }

    #[test]
    fn a_word_without_a_square_is_not_a_move() {
        for word in ["Be", "Ben", "KE", "Pen", "BE"] {
            assert_eq!(read_command(word), Err(CommandError::Missing), "{word}");
        }
    }

    #[test]
    fn a_move_then_offer_draw_offers_a_draw() {
        assert_eq!(read_command("e4\noffer draw"), Ok(move_("e4", None, true)));
        assert_eq!(
            read_command("e4\nI think it is level.\nOffer draw.\noffer draw"),
            Ok(move_("e4", None, true))
        );
    }

    #[test]
    fn two_moves_or_two_commands_are_unclear() {
        let unclear = |s: &str| Err(CommandError::Unclear(s.to_string()));
        assert_eq!(read_command("e4\nd4"), unclear("two moves: e4 and d4"));
        assert_eq!(
            read_command("resign\naccept draw"),
            unclear("two commands: resign and accept draw")
        );
        assert_eq!(
            read_command("e4\nresign"),
            unclear("two commands: e4 and resign")
        );
        assert_eq!(
            read_command("e4\noffer draw\nd4"),
            unclear("two moves: e4 and d4")
        );
        assert_eq!(
            read_command("offer draw\ne4"),
            unclear(
                "offer draw comes before the move e4: write the move first, and offer draw on a line after it"
            )
        );
    }

    #[test]
    fn the_same_command_twice_counts_once() {
        assert_eq!(read_command("Nf3\n\nNf3"), Ok(move_("Nf3", None, false)));
        assert_eq!(read_command("resign\nResign!"), Ok(Command::Resign));
        assert_eq!(
            read_command("e4\noffer draw\ne4\noffer draw"),
            Ok(move_("e4", None, true))
        );
    }
}
