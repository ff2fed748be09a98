//! Labelled lines, the words of a reply to a digest (docs/players.md, "The daily
//! digest"): each line that starts with one of the digest's game labels
//! (in any case, after any spaces) and then a colon, a dash (`-`, `–`,
//! `—`) or a blank (`r03-b01: Nf3`, `r05-b02 - c2c4`, `r03-b01 Nf3`)
//! gives the rest of that line to that game. A label written on two
//! lines gives that game both, which the reader then judges together
//! (two different moves are unclear, as in any reply). Lines without a
//! label (a greeting, a signature) belong to no game. Each part is read
//! by [`super::verdict::read_reply`] against its own game, as a reply in
//! that game's own thread would be.
//!
//! A line that asks something (a move, a phrase) but gives no game of the
//! digest its words is a [`Stray`], said back in the answer, so that the
//! answer accounts for every line the player wrote for a game: a label
//! that is none of the digest's games (`r09-b01: Qd1d3`, another
//! player's game), or no label at all (`Nf3` alone). A greeting or a
//! signature asks nothing.

use dynamo_core::Notation;

use super::moves::{Sureness, move_words};
use super::phrases::phrase_words;
use crate::mail::digest::label::label_shaped;

/// The words a reply gives one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelledPart {
    /// The label, as the digest wrote it.
    pub label: String,
    /// The rest of each of its lines, one a line.
    pub text: String,
    /// The line of the reply's own words it first starts on, from 0.
    pub line: usize,
}

/// The most lines looked at: a digest's reply is a few lines a game.
const MAX_LINES: usize = 2_000;

/// The labelled parts of `text` for the labels `labels`, in the order
/// they first appear.
pub fn labelled_parts(text: &str, labels: &[&str]) -> Vec<LabelledPart> {
    let mut parts: Vec<LabelledPart> = Vec::new();
    for (line, written) in text.lines().enumerate().take(MAX_LINES) {
        let Some((label, rest)) = split_label(written, labels) else {
            continue;
        };
        match parts.iter_mut().find(|p| p.label == label) {
            Some(part) => {
                part.text.push('\n');
                part.text.push_str(rest);
            }
            None => parts.push(LabelledPart {
                label: label.to_string(),
                text: rest.to_string(),
                line,
            }),
        }
    }
    parts
}

/// What may stand between a label and its game's words.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ':' | '-' | '–' | '—')
}

/// The label of `labels` that `line` starts with, as the digest wrote
/// it, and the rest of the line after the separator.
fn split_label<'t, 'l>(line: &'t str, labels: &[&'l str]) -> Option<(&'l str, &'t str)> {
    let line = line.trim_start();
    labels.iter().find_map(|label| {
        let head = line.get(..label.len())?;
        let rest = &line[label.len()..];
        (head.eq_ignore_ascii_case(label) && (rest.is_empty() || rest.starts_with(is_separator)))
            .then(|| (*label, rest.trim_start_matches(is_separator).trim_end()))
    })
}

/// A line that asks something of a game but gives no game of the
/// digest its words (see [`super::labelled`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stray {
    /// `r09-b01: Qd1d3`: the label, as written, of no game of this
    /// digest: not one of the player's games.
    NotYours { label: String },
    /// `Nf3` with no label before it.
    Unlabelled { text: String },
}

/// The lines of `text` that ask something of a game but give none of
/// `labels` their words, in order.
pub fn stray_lines(text: &str, labels: &[&str]) -> Vec<Stray> {
    let mut strays = Vec::new();
    for written in text.lines().take(MAX_LINES) {
        let written = written.trim();
        if split_label(written, labels).is_some() {
            continue;
        }
        let stray = match other_label(written) {
            Some(label) => Stray::NotYours {
                label: label.to_string(),
            },
            None if asks(written) => Stray::Unlabelled {
                text: written.to_string(),
            },
            None => continue,
        };
        strays.push(stray);
    }
    strays
}

/// The label a line gives words to, when it is none of the digest's:
/// a word shaped as a label before a colon, or before a dash standing
/// alone (`r09-b01 - Qd1d3`), that is not itself a move (`P-K4 - …`).
fn other_label(line: &str) -> Option<&str> {
    let (head, rest) = match line.split_once(':') {
        Some((head, rest)) => (head.trim(), rest),
        None => {
            let (head, rest) = line.split_once(char::is_whitespace)?;
            let rest = rest.trim_start();
            let rest = rest.strip_prefix(['-', '–', '—']).unwrap_or(rest);
            // A label has a dash and a digit (`r08-b01`); a move is no label.
            if !head.contains('-')
                || !head.bytes().any(|b| b.is_ascii_digit())
                || Notation::read(head).is_ok()
            {
                return None;
            }
            (head, rest)
        }
    };
    (label_shaped(head) && asks(rest)).then_some(head)
}

/// Whether `text` holds what the reader would act on: a move, or a
/// phrase.
fn asks(text: &str) -> bool {
    move_words(text)
        .iter()
        .any(|w| w.sureness != Sureness::Mistyped)
        || !phrase_words(text).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_labelled_line_goes_to_its_game_and_the_rest_to_none() {
        let text = "Hello,\n\n  R01-B01: Nf3\nr02-b01 : 12... e5 and I offer a draw\n\
                    r09-b01: Qd1d3\nr01-b01: I mean it\nr03-b01 Nf3\nBest, Bob";
        let parts = labelled_parts(text, &["r01-b01", "r02-b01", "r03-b01"]);
        assert_eq!(
            parts,
            [
                LabelledPart {
                    label: "r01-b01".to_string(),
                    text: "Nf3\nI mean it".to_string(),
                    line: 2
                },
                LabelledPart {
                    label: "r02-b01".to_string(),
                    text: "12... e5 and I offer a draw".to_string(),
                    line: 3
                },
                LabelledPart {
                    label: "r03-b01".to_string(),
                    text: "Nf3".to_string(),
                    line: 6
                },
            ]
        );
    }

    /// The defect this guards: `r05-b02 - c2c4` was dropped without a
    /// word, as only a colon was read after a label.
    #[test]
    fn a_colon_a_dash_or_a_blank_after_the_label() {
        let labels = ["r05-b02", "r05-b03", "r06-b01", "r06-b02", "r07-b01"];
        let text = "r05-b02 - c2c4\nr05-b03 – Nf3\nr06-b01 — d4\nr06-b02 e4\nR07-B01:e5\n\
                    r05-b021 d4";
        let parts: Vec<(String, String)> = labelled_parts(text, &labels)
            .into_iter()
            .map(|p| (p.label, p.text))
            .collect();
        let expected = [
            ("r05-b02", "c2c4"),
            ("r05-b03", "Nf3"),
            ("r06-b01", "d4"),
            ("r06-b02", "e4"),
            ("r07-b01", "e5"),
        ]
        .map(|(l, t)| (l.to_string(), t.to_string()));
        assert_eq!(parts, expected);
        assert_eq!(
            stray_lines(text, &labels),
            [Stray::NotYours {
                label: "r05-b021".to_string()
            }]
        );
    }

    #[test]
    fn a_line_for_no_game_of_the_digest_is_a_stray_and_talk_is_not() {
        let text = "Hello,\nr01-b01: Nf3\nr09-b01: Qd1d3\nr08-b01 - e4\nr03-b01 Nf3\n\
                    Note: away till Monday\nNf3\nP-K4 - my move\nBest, Bob";
        assert_eq!(
            stray_lines(text, &["r01-b01", "r03-b01"]),
            [
                Stray::NotYours {
                    label: "r09-b01".to_string()
                },
                Stray::NotYours {
                    label: "r08-b01".to_string()
                },
                Stray::Unlabelled {
                    text: "Nf3".to_string()
                },
                Stray::Unlabelled {
                    text: "P-K4 - my move".to_string()
                },
            ]
        );
    }
}
