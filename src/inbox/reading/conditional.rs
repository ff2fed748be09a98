//! Conditional lines in a reply (docs/players.md, "Conditional moves"): `if 12...
//! Nf6 then 13. e5`, anywhere in a line of the player's words, from `if`
//! on; or a line of the reply that holds nothing but numbered moves, at
//! least two, the first with its number (`12... Nf6 13. e5 Nd5 14. c4`);
//! and `cancel conditionals` (`cancel`, `conditional…` in one sentence).
//!
//! The words of a line are taken out of the reply before its moves are
//! looked for, so that a move and lines may be sent together (`13. Bc4,
//! and if 13... Nf6 then 14. e5`); the lines themselves are judged move
//! by move by the recorder, in the positions after each.

use dynamo_core::Notation;

use super::words::{MAX_WORDS, Word, is_move_number, words};
use crate::game::read_choice;

/// What the finder took out of a reply.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineWords {
    /// Each line's moves as written, a move number before a move kept
    /// with it (`12... Nf6`).
    pub lines: Vec<Vec<String>>,
    /// `cancel conditionals` was said.
    pub cancel: bool,
    /// The reply without the lines' words, for the other finders.
    pub rest: String,
}

/// Words that join a line's moves.
const JOINS: [&str; 3] = ["then", "and", "-"];

/// Finds the conditional lines of `text`; with `whole_lines` false (the
/// player is to move in the position they answer), only lines cued by
/// `if`: a bare line of moves then reads as the player's moves, and
/// more than one is unclear, as it always was.
pub fn line_words(text: &str, whole_lines: bool) -> LineWords {
    let mut found = LineWords::default();
    let mut budget = MAX_WORDS;
    for line in text.lines() {
        let all = words(line);
        budget = budget.saturating_sub(all.len());
        if budget == 0 {
            found.rest.push_str(line);
            found.rest.push('\n');
            continue;
        }
        let lower: Vec<String> = all.iter().map(|w| w.text.to_lowercase()).collect();
        if lower.iter().any(|w| w == "cancel") && lower.iter().any(|w| w.starts_with("conditional"))
        {
            found.cancel = true;
            found.rest.push('\n');
            continue;
        }
        if let Some(at) = lower.iter().position(|w| w == "if")
            && let Some(moves) = run(&all[at + 1..], false)
        {
            found.lines.push(moves);
            // What comes before `if` is the player's own (their move).
            let cut = if_at(line).unwrap_or(line.len());
            found.rest.push_str(&line[..cut]);
            found.rest.push('\n');
            continue;
        }
        if let Some(moves) = run(&all, true).filter(|_| whole_lines) {
            found.lines.push(moves);
            found.rest.push('\n');
            continue;
        }
        found.rest.push_str(line);
        found.rest.push('\n');
    }
    found
}

/// Where the word `if` starts in `line`.
fn if_at(line: &str) -> Option<usize> {
    line.char_indices().map(|(i, _)| i).find(|&i| {
        let word = line
            .get(i..i + 2)
            .is_some_and(|w| w.eq_ignore_ascii_case("if"));
        let before = line[..i]
            .chars()
            .next_back()
            .is_none_or(char::is_whitespace);
        let after = line[i..].chars().nth(2).is_none_or(char::is_whitespace);
        word && before && after
    })
}

/// The moves of a line starting at `words`: moves, their numbers and
/// joining words; with `whole`, nothing else on the line, at least two
/// moves, the first numbered.
fn run(words: &[Word], whole: bool) -> Option<Vec<String>> {
    let mut moves: Vec<String> = Vec::new();
    let mut number: Option<&str> = None;
    let mut choice: Option<&str> = None;
    let mut first_numbered = false;
    for word in words {
        let text = word.text.as_str();
        if is_move_number(text) {
            number = Some(text);
            continue;
        }
        // An owner's choice goes with the move after it, behind its
        // number (docs/RULES.md §9.1, §13.15): `=Q 31. e8e4`.
        if read_choice(text).is_some() {
            choice = Some(text);
            continue;
        }
        if JOINS.contains(&text.to_lowercase().as_str()) {
            continue;
        }
        let is_move = text.len() <= 32
            && text.is_ascii()
            && text
                .bytes()
                .any(|b| b.is_ascii_digit() || b == b'O' || b == b'o')
            && Notation::read(text).is_ok();
        if !is_move {
            if whole {
                return None;
            }
            break;
        }
        let glued = text.starts_with(|c: char| c.is_ascii_digit()) && text.contains('.');
        if moves.is_empty() {
            first_numbered = number.is_some() || glued;
        }
        let before: Vec<&str> = [number.take(), choice.take()]
            .into_iter()
            .flatten()
            .collect();
        moves.push(if before.is_empty() {
            text.to_string()
        } else {
            format!("{} {text}", before.join(" "))
        });
    }
    let enough = if whole {
        moves.len() >= 2 && first_numbered
    } else {
        !moves.is_empty()
    };
    enough.then_some(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_with_if_or_alone_on_their_line() {
        let found = line_words("13. Bc4, and if 13... Nf6 then 14. e5\nthanks", false);
        assert_eq!(found.lines, [["13... Nf6", "14. e5"]]);
        assert_eq!(found.rest, "13. Bc4, and \nthanks\n");
        let found = line_words("12... Nf6 13. e5 Nd5 14. c4", true);
        assert_eq!(found.lines, [["12... Nf6", "13. e5", "Nd5", "14. c4"]]);
        let found = line_words("If 12...Nf6, 13.e5", true);
        assert_eq!(found.lines, [["12...Nf6", "13.e5"]]);
        // The owner's choice with the move it comes before (§9.1).
        let found = line_words("if 30... Re6e7 then =Q 31. e8e4", false);
        assert_eq!(found.lines, [["30... Re6e7", "31. =Q e8e4"]]);
        let found = line_words("30... Re6e7 31. =Q e8e4", true);
        assert_eq!(found.lines, [["30... Re6e7", "31. =Q e8e4"]]);
    }

    #[test]
    fn a_move_alone_or_talk_about_moves_is_no_line() {
        for text in [
            "13. e5",
            "I play Nf3. Your Be7 idea failed",
            "e4 e5 is my favourite",
        ] {
            assert_eq!(
                line_words(text, true).lines,
                Vec::<Vec<String>>::new(),
                "{text}"
            );
        }
    }

    #[test]
    fn cancel_conditionals() {
        assert!(line_words("Please cancel my conditional moves.", true).cancel);
        assert!(!line_words("cancel", true).cancel);
        assert!(line_words("12... Nf6 13. e5", false).lines.is_empty());
    }
}
