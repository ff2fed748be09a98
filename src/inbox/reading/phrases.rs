//! The reply phrases inside sentences: `I resign. Well played`, `I offer
//! a draw`, `Draw accepted`, `I accept your draw offer`, `no thanks, I
//! decline the draw`.
//!
//! The text is cut into sentences (at `.`, `!`, `?`, `;` and line ends)
//! and each sentence into lower-case words. A sentence says:
//! - [`Command::DeclineDraw`] with `decline`, `refuse` or `reject` and
//!   `draw`, or `draw declined` (also `I do not accept the draw`);
//! - [`Command::AcceptDraw`] with `accept` and `draw`, or `draw accepted`,
//!   `draw agreed`;
//! - [`Command::OfferDraw`] with the verb `offer` or `propose` and `draw`
//!   (not the noun: `your draw offer`, `the offer`), or `draw offered`;
//! - [`Command::Resign`] with `resign` or `resigns`;
//! - [`Command::Digest`] with `digest daily` or `digest off` (docs/players.md,
//!   "The daily digest"): how the player takes their mail;
//!
//! unless it is a question (`Will you resign?`), a condition or a guess
//! (`if`, `unless`, `whether`, `maybe`, `perhaps`, `might`), or the verb
//! is denied within the three words before it (`I will not resign`, `I
//! won't offer a draw`). The past (`resigned`, `offered`) tells of
//! something else (`my opponent resigned in the other game`) and never
//! counts, but for the two-word forms above.

use crate::inbox::command::Command;
use crate::mail::digest::Choice;

/// A phrase found, with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhraseWords {
    pub command: Command,
    /// The line of the reply's own words it starts on, from 0.
    pub line: usize,
}

/// The most sentences looked at, and the longest sentence: a phrase is
/// said in a few words.
const MAX_SENTENCES: usize = 2_000;
const MAX_SENTENCE_WORDS: usize = 60;

const DECLINE: [&str; 6] = [
    "decline", "declines", "refuse", "refuses", "reject", "rejects",
];
const ACCEPT: [&str; 2] = ["accept", "accepts"];
const OFFER: [&str; 4] = ["offer", "offers", "propose", "proposes"];
const RESIGN: [&str; 2] = ["resign", "resigns"];
const DENIALS: [&str; 8] = [
    "not", "never", "dont", "won't", "wont", "cannot", "cant", "shan't",
];
const HEDGES: [&str; 6] = ["if", "unless", "whether", "maybe", "perhaps", "might"];
/// Words that make `offer` a noun: `your offer`, `the draw offer`.
const DETERMINERS: [&str; 10] = [
    "draw", "your", "the", "a", "an", "his", "her", "their", "my", "this",
];

/// The phrases of `text`, in order.
pub fn phrase_words(text: &str) -> Vec<PhraseWords> {
    let mut found = Vec::new();
    for (sentence, line, question) in sentences(text).take(MAX_SENTENCES) {
        if question {
            continue;
        }
        let words: Vec<String> = sentence
            .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
            .filter(|w| !w.is_empty())
            .map(|w| w.to_lowercase().replace('’', "'"))
            .take(MAX_SENTENCE_WORDS + 1)
            .collect();
        if words.len() > MAX_SENTENCE_WORDS {
            continue;
        }
        for command in said(&words) {
            found.push(PhraseWords { command, line });
        }
    }
    found
}

/// The sentences of `text`: each with its line and whether it asks.
fn sentences(text: &str) -> impl Iterator<Item = (&str, usize, bool)> {
    let mut line = 0;
    let mut start = 0;
    let mut start_line = 0;
    let mut out = Vec::new();
    for (i, c) in text.char_indices() {
        if matches!(c, '.' | '!' | '?' | ';' | '\n') {
            out.push((&text[start..i], start_line, c == '?'));
            start = i + c.len_utf8();
            if c == '\n' {
                line += 1;
            }
            start_line = line;
            if out.len() > MAX_SENTENCES {
                break;
            }
        }
    }
    if out.len() <= MAX_SENTENCES {
        out.push((&text[start..], start_line, false));
    }
    out.into_iter().filter(|(s, _, _)| !s.trim().is_empty())
}

/// What one sentence's words say.
fn said(words: &[String]) -> Vec<Command> {
    if words.iter().any(|w| HEDGES.contains(&w.as_str())) {
        return Vec::new();
    }
    let has = |set: &[&str]| words.iter().position(|w| set.contains(&w.as_str()));
    let pair = |a: &str, b: &str| words.windows(2).any(|w| w[0] == a && w[1] == b);
    let denied = |at: usize| {
        words[at.saturating_sub(3)..at]
            .iter()
            .any(|w| DENIALS.contains(&w.as_str()) || w.ends_with("n't"))
    };
    let draw = words.iter().any(|w| w == "draw");
    let mut said = Vec::new();
    let decline = has(&DECLINE).filter(|&at| draw && !denied(at));
    let accept = has(&ACCEPT).filter(|_| draw);
    if decline.is_some()
        || pair("draw", "declined")
        || pair("draw", "refused")
        || accept.is_some_and(denied)
    {
        said.push(Command::DeclineDraw);
    } else if accept.is_some_and(|at| !denied(at))
        || pair("draw", "accepted")
        || pair("draw", "agreed")
    {
        said.push(Command::AcceptDraw);
    } else if draw
        && words.iter().enumerate().any(|(at, w)| {
            OFFER.contains(&w.as_str())
                && !denied(at)
                && !at
                    .checked_sub(1)
                    .is_some_and(|p| DETERMINERS.contains(&words[p].as_str()))
        })
        || pair("draw", "offered")
    {
        said.push(Command::OfferDraw);
    }
    if has(&RESIGN).is_some_and(|at| !denied(at)) {
        said.push(Command::Resign);
    }
    for choice in [Choice::Daily, Choice::Off] {
        if pair("digest", choice.word()) {
            said.push(Command::Digest(choice));
        }
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commands(text: &str) -> Vec<Command> {
        phrase_words(text).into_iter().map(|p| p.command).collect()
    }

    #[test]
    fn the_phrases_alone_and_inside_sentences() {
        for (text, command) in [
            ("resign", Command::Resign),
            ("Resign.", Command::Resign),
            ("I resign. Well played, Tomás!", Command::Resign),
            ("Black resigns", Command::Resign),
            ("offer draw", Command::OfferDraw),
            ("I offer a draw.", Command::OfferDraw),
            ("I'd like to offer you a draw", Command::OfferDraw),
            ("I propose a draw", Command::OfferDraw),
            ("Draw offered.", Command::OfferDraw),
            ("accept draw", Command::AcceptDraw),
            ("Draw accepted", Command::AcceptDraw),
            ("I accept your draw offer, thanks", Command::AcceptDraw),
            ("Draw agreed!", Command::AcceptDraw),
            ("decline draw", Command::DeclineDraw),
            ("no thanks, I decline the draw", Command::DeclineDraw),
            ("Draw declined.", Command::DeclineDraw),
            ("I refuse your offer of a draw", Command::DeclineDraw),
            ("I do not accept the draw", Command::DeclineDraw),
            ("I don’t accept your draw offer", Command::DeclineDraw),
            ("digest daily", Command::Digest(Choice::Daily)),
            ("Digest off, please.", Command::Digest(Choice::Off)),
        ] {
            assert_eq!(commands(text), [command], "{text}");
        }
    }

    #[test]
    fn questions_conditions_denials_and_the_past_are_not_phrases() {
        for text in [
            "Will you resign?",
            "Do you offer a draw?",
            "Should I accept the draw?",
            "I will not resign.",
            "I won't resign yet, this is getting interesting",
            "I'm not going to resign",
            "Never resign!",
            "If you offer a draw I will think about it",
            "Maybe I should resign",
            "Thanks for your draw offer",
            "Your offer of a draw is kind",
            "My opponent resigned in the other game.",
            "He offered a draw in round 3",
            "I am resigned to a long game",
            "Nice draw by Carlsen yesterday",
        ] {
            assert_eq!(commands(text), [], "{text}");
        }
    }

    #[test]
    fn each_sentence_says_its_own_phrase() {
        assert_eq!(
            commands("I resign.\nI offer a draw"),
            [Command::Resign, Command::OfferDraw]
        );
        let found = phrase_words("Hello\n\nI resign");
        assert_eq!(found[0].line, 2);
    }
}
